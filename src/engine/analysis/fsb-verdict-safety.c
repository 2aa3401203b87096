/* fsb-verdict-safety.c: the criteria that counts decide, not times: did a
 * filesystem lose a file acknowledged by fsync in a power-cut state
 * (FSB_SCORE_DURABILITY), did it report damaged files by a read error or
 * return their wrong bytes silently (FSB_SCORE_DETECTION). The counts are
 * exact: a score without variance, as capacity's. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-recommend-private.h"

typedef struct {
  double lost, garbage, states, runs, clean;   /* power cuts */
  double detected, silent, damaged;            /* bits gone bad */
  gboolean any;
} Counts;

static double
sum_metric (FsbTaskResult *task, const char *metric, gboolean *any)
{
  double sum = 0, v;

  for (guint i = 0; task != NULL && i < task->samples->len; i++)
    {
      const FsbSample *sample = g_ptr_array_index (task->samples, i);

      if (sample->error == NULL && fsb_sample_get (sample, metric, &v) && isfinite (v))
        {
          sum += v;
          *any = TRUE;
        }
    }
  return sum;
}

/* The criterion's tasks on fs, every sample's counts added up. */
static void
counts_of (FsbFsResult *fs, GPtrArray *ids, FsbScoreKind kind, Counts *c)
{
  *c = (Counts) { 0 };
  for (guint t = 0; t < ids->len; t++)
    {
      FsbTaskResult *task = fsb_fs_result_get_task (fs, ids->pdata[t], FALSE);
      gboolean unused = FALSE;

      if (kind == FSB_SCORE_DURABILITY)
        {
          c->states += sum_metric (task, "power_cut_states", &c->any);
          c->lost += sum_metric (task, "acked_lost", &unused);
          c->garbage += sum_metric (task, "unacked_garbage", &unused);
          c->runs += sum_metric (task, "checker_runs", &unused);
          c->clean += sum_metric (task, "checker_clean", &unused);
        }
      else
        {
          c->damaged += sum_metric (task, "corrupt_files", &c->any);
          c->detected += sum_metric (task, "corrupt_detected", &unused);
          c->silent += sum_metric (task, "corrupt_silent", &unused);
        }
    }
}

/* Durability: 1 / (1 + the files lost or returned wrong), so that one such
 * file is twice as bad as none, and fails. Detection: 1 + the share of the
 * damaged files reported, from 1 (none) to 2 (all): a filesystem without
 * data checksums is half as good at it, not infinitely worse, so that a use
 * case that weighs it a little is moved a little. */
GPtrArray *
fsb_verdict_score_counts (FsbResult *result, const FsbCriterionSpec *criterion)
{
  GPtrArray *ranking = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_score_free);
  g_autoptr(GPtrArray) ids = fsb_result_section_tasks (result, criterion->id);

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      FsbScore *s;
      Counts c;
      double bad, seen;

      counts_of (fs, ids, criterion->score, &c);
      if (!c.any)
        continue;
      s = g_new0 (FsbScore, 1);
      s->fs = g_strdup (fs->name);
      s->complete = TRUE;
      s->ratio = s->ratio_low = s->ratio_high = INFINITY;
      s->behind = FSB_COMPARE_BETTER;
      s->estimate.var = 0;
      s->estimate.df = INFINITY;
      if (criterion->score == FSB_SCORE_DURABILITY)
        {
          bad = c.lost + c.garbage;
          s->metric = "acked_lost";
          s->value = c.lost;
          s->estimate.log = -log1p (bad);
          s->fails = bad > 0;
        }
      else
        {
          seen = c.detected + c.silent;
          s->metric = "corrupt_silent";
          s->value = c.silent;
          s->estimate.log = log1p (seen > 0 ? c.detected / seen : 1);
        }
      g_ptr_array_add (ranking, s);
    }
  return ranking;
}

/* The sentences --------------------------------------------------------------- */

typedef struct {
  GPtrArray *names;   /* of char*, in the result's order */
  double     a, b;    /* the counts they share */
} Group;

static void
group_free (Group *g)
{
  g_ptr_array_unref (g->names);
  g_free (g);
}

/* The filesystems with the same counts (a, b), in the result's order. */
static void
group_add (GPtrArray *groups, const char *name, double a, double b)
{
  Group *g = NULL;

  for (guint i = 0; i < groups->len && g == NULL; i++)
    if (((Group *) groups->pdata[i])->a == a && ((Group *) groups->pdata[i])->b == b)
      g = groups->pdata[i];
  if (g == NULL)
    {
      g = g_new0 (Group, 1);
      g->names = g_ptr_array_new ();
      g->a = a;
      g->b = b;
      g_ptr_array_add (groups, g);
    }
  g_ptr_array_add (g->names, (gpointer) name);
}

static char *
names_of (Group *g)
{
  g_autofree char **names = g_new0 (char *, g->names->len + 1);

  memcpy (names, g->names->pdata, g->names->len * sizeof (char *));
  return fsb_words_names (names);
}

/* A sentence more, after a space. */
static void G_GNUC_PRINTF (2, 3)
say (GString *out, const char *format, ...)
{
  va_list args;

  if (out->len > 0)
    g_string_append_c (out, ' ');
  va_start (args, format);
  g_string_append_vprintf (out, format, args);
  va_end (args);
}

static void
durability_words (GString *out, GPtrArray *kept, GPtrArray *lost, GPtrArray *garbage, GPtrArray *unclean,
                  guint n_fs)
{
  for (guint i = 0; i < lost->len; i++)
    {
      Group *g = lost->pdata[i];
      g_autofree char *names = names_of (g);
      guint n = (guint) g->a, states = (guint) g->b;

      say (out, g_dngettext (GETTEXT_PACKAGE,
                                                /* Translators: filesystems, “ext4” or “ext4 and XFS”, then a count of
                                                 * files (each), then of power-cut states: “ext4 lost 1 file
                                                 * acknowledged by fsync in 20 power-cut states.” */
                                                "%s lost %u file acknowledged by fsync in %u power-cut states.",
                                                "%s lost %u files acknowledged by fsync in %u power-cut states.", n),
                              names, n, states);
    }
  for (guint i = 0; i < kept->len; i++)
    {
      Group *g = kept->pdata[i];
      g_autofree char *names = names_of (g);
      guint states = (guint) g->b;

      if (lost->len == 0 && kept->len == 1 && n_fs > 1)
        say (out, g_dngettext (GETTEXT_PACKAGE,
                                                  /* Translators: a count of power-cut states, each a copy of the disk
                                                   * checked after a power cut */
                                                  "No filesystem lost a file acknowledged by fsync in %u power-cut state.",
                                                  "No filesystem lost a file acknowledged by fsync in %u power-cut states.",
                                                  states), states);
      else
        say (out, g_dngettext (GETTEXT_PACKAGE,
                                                  /* Translators: filesystems, “XFS and Btrfs”, then a count of
                                                   * power-cut states */
                                                  "%s lost no file acknowledged by fsync in %u power-cut state.",
                                                  "%s lost no file acknowledged by fsync in %u power-cut states.", states),
                                names, states);
    }
  for (guint i = 0; i < garbage->len; i++)
    {
      Group *g = garbage->pdata[i];
      g_autofree char *names = names_of (g);
      guint n = (guint) g->a;

      say (out, g_dngettext (GETTEXT_PACKAGE,
                                                /* Translators: filesystems, then a count of files (each) */
                                                "%s returned wrong data for %u file not yet made durable.",
                                                "%s returned wrong data for %u files not yet made durable.", n),
                              names, n);
    }
  for (guint i = 0; i < unclean->len; i++)
    {
      Group *g = unclean->pdata[i];
      g_autofree char *names = names_of (g);
      guint n = (guint) g->a, runs = (guint) g->b;

      say (out, g_dngettext (GETTEXT_PACKAGE,
                                                /* Translators: filesystems, then how many of their power-cut states
                                                 * their own checker (e2fsck, xfs_repair) found damage in, of how
                                                 * many it checked */
                                                "The checker of %s found damage in %u of %u power-cut state.",
                                                "The checker of %s found damage in %u of %u power-cut states.", runs),
                              names, n, runs);
    }
}

static void
detection_words (GString *out, GPtrArray *all, GPtrArray *silent)
{
  g_autofree char *all_names = all->len > 0 ? names_of (all->pdata[0]) : NULL;

  if (all->len > 0 && silent->len == 1)
    {
      Group *g = silent->pdata[0];
      g_autofree char *names = names_of (g);
      guint n = (guint) g->a, of = (guint) g->b;

      say (out, g_dngettext (GETTEXT_PACKAGE,
                                                /* Translators: the filesystems that reported every file damaged on
                                                 * purpose by a read error, “Btrfs”; then those that returned wrong
                                                 * bytes without an error, “ext4 and XFS”, for how many files of how
                                                 * many damaged (each): “Btrfs detected every damaged file; ext4 and
                                                 * XFS returned wrong data for 12 of 12 without an error.” */
                                                "%s detected every damaged file; %s returned wrong data for %u of %u "
                                                "without an error.",
                                                "%s detected every damaged file; %s returned wrong data for %u of %u "
                                                "without an error.", of),
                              all_names, names, n, of);
      return;
    }
  if (all->len > 0)
    /* Translators: filesystems, “ext4, XFS and Btrfs”, that reported every file damaged on purpose by a read error */
    say (out, _("%s detected every damaged file."), all_names);
  for (guint i = 0; i < silent->len; i++)
    {
      Group *g = silent->pdata[i];
      g_autofree char *names = names_of (g);
      guint n = (guint) g->a, of = (guint) g->b;
      say (out, g_dngettext (GETTEXT_PACKAGE,
                                                /* Translators: filesystems, then how many files damaged on purpose
                                                 * they returned wrong bytes for without an error, of how many
                                                 * (each): “ext4 and XFS returned wrong data for 12 of 12 damaged
                                                 * files without an error.” */
                                                "%s returned wrong data for %u of %u damaged file without an error.",
                                                "%s returned wrong data for %u of %u damaged files without an error.",
                                                of),
                              names, n, of);
    }
}

char *
fsb_verdict_counts_words (FsbResult *result, const FsbVerdict *v)
{
  g_autoptr(GPtrArray) ids = fsb_result_section_tasks (result, v->criterion->id);
  g_autoptr(GPtrArray) good = g_ptr_array_new_with_free_func ((GDestroyNotify) group_free);
  g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func ((GDestroyNotify) group_free);
  g_autoptr(GPtrArray) garbage = g_ptr_array_new_with_free_func ((GDestroyNotify) group_free);
  g_autoptr(GPtrArray) unclean = g_ptr_array_new_with_free_func ((GDestroyNotify) group_free);
  GString *out = g_string_new (NULL);
  gboolean durability = v->criterion->score == FSB_SCORE_DURABILITY;

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      Counts c;

      counts_of (fs, ids, v->criterion->score, &c);
      if (!c.any)
        continue;
      if (durability)
        {
          if (c.lost > 0)
            group_add (bad, fs->name, c.lost, c.states);
          else
            group_add (good, fs->name, 0, c.states);
          if (c.garbage > 0)
            group_add (garbage, fs->name, c.garbage, 0);
          if (c.clean < c.runs)
            group_add (unclean, fs->name, c.runs - c.clean, c.runs);
        }
      else if (c.silent > 0)
        group_add (bad, fs->name, c.silent, c.damaged);
      else
        group_add (good, fs->name, 0, 0);
    }
  if (durability)
    durability_words (out, good, bad, garbage, unclean, v->ranking->len);
  else
    detection_words (out, good, bad);
  return g_string_free (out, FALSE);
}

/* The checker on a full filesystem ------------------------------------------------ */

static double
count_metric (FsbTaskResult *task, const char *metric)
{
  double n = 0;

  for (guint i = 0; task != NULL && i < task->samples->len; i++)
    if (((FsbSample *) task->samples->pdata[i])->error == NULL
        && fsb_sample_get (task->samples->pdata[i], metric, NULL))
      n++;
  return n;
}

void
fsb_verdict_checker_words (FsbResult *result, FsbVerdict *v)
{
  g_autoptr(GPtrArray) ids = fsb_result_section_tasks (result, v->criterion->id);
  g_autoptr(GPtrArray) unclean = g_ptr_array_new_with_free_func ((GDestroyNotify) group_free);
  GString *out;

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      gboolean any = FALSE;
      double clean = 0, runs = 0;

      for (guint t = 0; t < ids->len; t++)
        {
          FsbTaskResult *task = fsb_fs_result_get_task (fs, ids->pdata[t], FALSE);

          clean += sum_metric (task, "fsck_clean", &any);
          runs += count_metric (task, "fsck_clean");
        }
      if (any && clean < runs)
        group_add (unclean, fs->name, runs - clean, runs);
    }
  if (unclean->len == 0)
    return;
  out = g_string_new (v->conclusion);
  for (guint i = 0; i < unclean->len; i++)
    {
      Group *g = unclean->pdata[i];
      g_autofree char *names = names_of (g);
      guint n = (guint) g->a, runs = (guint) g->b;

      say (out, g_dngettext (GETTEXT_PACKAGE,
                             /* Translators: filesystems, then in how many of how many checks of the full
                              * filesystem their own checker (e2fsck, xfs_repair) found damage, although
                              * nothing had been damaged on purpose */
                             "The checker of %s found damage on the full filesystem in %u of %u check, "
                             "although nothing was damaged.",
                             "The checker of %s found damage on the full filesystem in %u of %u checks, "
                             "although nothing was damaged.", runs),
           names, n, runs);
    }
  g_free (v->conclusion);
  v->conclusion = g_string_free (out, FALSE);
}
