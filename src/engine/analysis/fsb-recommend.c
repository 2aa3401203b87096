/* fsb-recommend.c: which filesystem suits the user's use case, and how
 * sure the measurements are of it: the criteria the use case needs,
 * weighed into one comparison with its interval (fsb-recommend.h) */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-recommend-private.h"

/* The familywise error of "a is dominated", before the looks of the
 * automatic repetitions (dominated_by ()). */

/* From this much more usable space on, a tie's headline says so. */
#define SPACE_REMARK_FROM 1.01

void
fsb_recommendation_free (FsbRecommendation *self)
{
  if (self == NULL)
    return;
  g_free (self->best);
  g_free (self->leader);
  g_strfreev (self->tied);
  g_strfreev (self->missing_groups);
  g_strfreev (self->unsettled);
  g_strfreev (self->refinable);
  g_strfreev (self->dominated);
  g_free (self->settle_note);
  g_free (self->headline);
  g_ptr_array_unref (self->reasons);
  g_ptr_array_unref (self->notes);
  g_ptr_array_unref (self->verdicts);
  g_ptr_array_unref (self->overall);
  g_free (self);
}

const FsbVerdict *
fsb_recommendation_get_verdict (const FsbRecommendation *self, const char *criterion)
{
  for (guint i = 0; i < self->verdicts->len; i++)
    {
      const FsbVerdict *v = self->verdicts->pdata[i];
      if (g_strcmp0 (v->criterion->id, criterion) == 0)
        return v;
    }
  return NULL;
}

const FsbScore *
fsb_recommend_find_score (const FsbVerdict *v, const char *fs)
{
  for (guint i = 0; i < v->ranking->len; i++)
    if (g_strcmp0 (((FsbScore *) v->ranking->pdata[i])->fs, fs) == 0)
      return v->ranking->pdata[i];
  return NULL;
}

/* Scores, verdicts and reasons name filesystems by their name, so two
 * with the same name (a comparison that merged "ntfs" and "ntfs3" into
 * "NTFS · run A" twice) would be one: its reasons compared it with itself
 * ("as fast as  with file trees"). Such names get a number on a copy. */
static FsbResult *
with_unique_names (FsbResult *result)
{
  FsbResult *copy;
  gboolean unique = TRUE;

  for (guint i = 0; i < result->filesystems->len && unique; i++)
    for (guint j = i + 1; j < result->filesystems->len && unique; j++)
      if (g_strcmp0 (((FsbFsResult *) result->filesystems->pdata[i])->name,
                     ((FsbFsResult *) result->filesystems->pdata[j])->name) == 0)
        unique = FALSE;
  if (unique)
    return fsb_result_ref (result);

  copy = fsb_result_copy (result);
  for (guint i = 0; i < copy->filesystems->len; i++)
    {
      FsbFsResult *fs = copy->filesystems->pdata[i];
      guint n = 1;

      for (guint j = 0; j < i; j++)
        if (g_strcmp0 (((FsbFsResult *) result->filesystems->pdata[j])->name,
                       ((FsbFsResult *) result->filesystems->pdata[i])->name) == 0)
          n++;
      if (n > 1)
        {
          /* Translators: a filesystem's name, then which of that name it is: "NTFS (2)" */
          char *name = g_strdup_printf (_("%s (%u)"), fs->name, n);
          g_free (fs->name);
          fs->name = name;
        }
    }
  return copy;
}

/* The groups the use case needs whose criteria have no data. Criteria of
 * the groups that always run (capacity) and of none (your own commands)
 * count when present and are never missing. */
static char **
missing_groups (FsbRecommendation *self)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();

  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      const FsbCriterionSpec *criterion = fsb_catalog_nth_criterion (c);
      const FsbWorkloadGroup *g = fsb_criterion_group (criterion->id);

      if (g == NULL || g->always || !fsb_criterion_needed (criterion, fsb_use_case_id (self->use_case)) ||
          fsb_recommendation_get_verdict (self, criterion->id) != NULL || g_ptr_array_find (seen, g, NULL))
        continue;
      g_ptr_array_add (seen, (gpointer) g);
      g_strv_builder_add (b, g->id);
    }
  return g_strv_builder_end (b);
}

/* The overall comparison ------------------------------------------------------ */

gboolean
fsb_recommend_counts (const FsbVerdict *v)
{
  return v->weight > 0 && v->ranking->len > 1;
}

/* Complete in every criterion the use case counts. */
gboolean
fsb_recommend_complete_everywhere (FsbRecommendation *self, const char *fs)
{
  for (guint i = 0; i < self->verdicts->len; i++)
    {
      const FsbVerdict *v = self->verdicts->pdata[i];
      const FsbScore *s = fsb_recommend_counts (v) ? fsb_recommend_find_score (v, fs) : NULL;

      if (fsb_recommend_counts (v) && (s == NULL || !s->complete))
        return FALSE;
    }
  return TRUE;
}

/* It fails a counted criterion (lost a file acknowledged as durable). */
static gboolean
fails (FsbRecommendation *self, const char *fs)
{
  for (guint i = 0; i < self->verdicts->len; i++)
    {
      const FsbVerdict *v = self->verdicts->pdata[i];
      const FsbScore *s = fsb_recommend_counts (v) ? fsb_recommend_find_score (v, fs) : NULL;

      if (s != NULL && s->fails)
        return TRUE;
    }
  return FALSE;
}

/* What the noise fs's cycles share adds to the weighted mean of its
 * criteria between criteria (within one, its estimate has it already):
 * the covariances of every two tasks of different criteria. */
static double
cycle_covariance_across (FsbRecommendation *self, FsbResult *result, const char *fs, double total_weight)
{
  g_autoptr(GPtrArray) tasks = g_ptr_array_new ();
  g_autoptr(GArray) coef = g_array_new (FALSE, FALSE, sizeof (double));
  FsbFsResult *f = fsb_result_find_filesystem (result, fs);
  double within = 0, all;

  for (guint i = 0; f != NULL && i < self->verdicts->len; i++)
    {
      const FsbVerdict *v = self->verdicts->pdata[i];
      const FsbScore *s = fsb_recommend_counts (v) ? fsb_recommend_find_score (v, fs) : NULL;
      double w = total_weight > 0 ? v->weight / total_weight : 0;

      if (s == NULL)
        continue;
      for (guint t = 0; t < s->n_parts; t++)
        {
          double c = w * s->coef[t];

          g_ptr_array_add (tasks, s->tasks[t]);
          g_array_append_val (coef, c);
        }
      within += w * w * s->cycle_var;
    }
  if (f == NULL)
    return 0;
  all = fsb_cycle_covariance (result, f, (const char *const *) tasks->pdata, (double *) coef->data, tasks->len,
                              &self->cycle_noise);
  return MAX (all - within, 0);
}

/* The weighted mean over the counted criteria of a's log ratio over b:
 * each criterion's as independent of the others, then what the cycles
 * of each filesystem shared between its criteria (fsb-stats-cycles.c). */
static void
overall_diff (FsbRecommendation *self, FsbResult *result, const char *a, const char *b, FsbLogEstimate *out)
{
  g_autoptr(GArray) parts = g_array_new (FALSE, FALSE, sizeof (FsbLogEstimate));
  g_autoptr(GArray) weights = g_array_new (FALSE, FALSE, sizeof (double));
  double total = 0;

  for (guint i = 0; i < self->verdicts->len; i++)
    {
      const FsbVerdict *v = self->verdicts->pdata[i];
      FsbLogEstimate diff;

      if (!fsb_recommend_counts (v))
        continue;
      fsb_log_estimate_diff (&fsb_recommend_find_score (v, a)->estimate, &fsb_recommend_find_score (v, b)->estimate, &diff);
      g_array_append_val (parts, diff);
      g_array_append_val (weights, v->weight);
      total += v->weight;
    }
  fsb_log_estimate_mean ((FsbLogEstimate *) parts->data, (double *) weights->data, parts->len, out);
  fsb_log_estimate_add (out,
                        cycle_covariance_across (self, result, a, total) +
                        cycle_covariance_across (self, result, b, total),
                        self->cycle_noise.df);
}

static double
overall_log (FsbRecommendation *self, const char *fs)
{
  double sum = 0;

  for (guint i = 0; i < self->verdicts->len; i++)
    {
      const FsbVerdict *v = self->verdicts->pdata[i];
      if (fsb_recommend_counts (v))
        sum += v->weight * fsb_recommend_find_score (v, fs)->estimate.log;
    }
  return sum;
}

/* The overall comparison's order: the leader, then the others by their
 * ratio. One behind by dominance (or a failure) may have a better
 * weighted total than the leader, a ratio under 1: it still comes after
 * it, the leader's row first in every table. */
static int
compare_overall (gconstpointer a, gconstpointer b, gpointer leader)
{
  const FsbScore *x = *(FsbScore * const *) a, *y = *(FsbScore * const *) b;
  gboolean x_lead = g_strcmp0 (x->fs, leader) == 0, y_lead = g_strcmp0 (y->fs, leader) == 0;

  if (x_lead != y_lead)
    return x_lead ? -1 : 1;
  if (x->complete != y->complete)
    return x->complete ? -1 : 1;
  if (x->ratio != y->ratio)
    return x->ratio < y->ratio ? -1 : 1;
  return g_strcmp0 (x->fs, y->fs);
}

/* The others leader is clearly ahead of on some counted criterion. The
 * overall mean treats the criteria as independent, but six criteria that
 * each lean a few percent the same way, none clearly, can add up to an
 * overall interval past the margin by chance (twins were named a winner
 * so, 14 % [6 %, 24 %], tied on every criterion): a winner must win
 * something against each. "Something" is a choice among the criteria, for
 * each of the others: the claims "leader clearly ahead of b on c" (the
 * interval of c wholly above 1) are one family, judged by Holm's procedure (fsb_holm (), fsb-stats.c) at
 * WIN_ALPHA, one-sided as the 95 % intervals are, so that the chance of
 * any false one stays there however many criteria and filesystems. */
#define WIN_ALPHA 0.025

static GHashTable *
clear_leads (FsbRecommendation *self, FsbResult *result, const char *leader)
{
  GHashTable *ahead = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) p = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) against = g_ptr_array_new ();
  g_autofree gboolean *rejected = NULL;

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      const char *b = ((FsbFsResult *) result->filesystems->pdata[f])->name;

      if (g_strcmp0 (b, leader) == 0 || !fsb_recommend_complete_everywhere (self, b))
        continue;
      for (guint i = 0; i < self->verdicts->len; i++)
        {
          const FsbVerdict *v = self->verdicts->pdata[i];
          FsbLogEstimate diff;
          double pv;

          if (!fsb_recommend_counts (v))
            continue;
          fsb_log_estimate_diff (&fsb_recommend_find_score (v, leader)->estimate, &fsb_recommend_find_score (v, b)->estimate, &diff);
          pv = fsb_log_estimate_p_better (&diff, 0);
          g_array_append_val (p, pv);
          g_ptr_array_add (against, (gpointer) b);
        }
    }
  rejected = g_new0 (gboolean, MAX (p->len, 1));
  fsb_holm ((double *) p->data, p->len, WIN_ALPHA, rejected);
  for (guint i = 0; i < p->len; i++)
    if (rejected[i])
      g_hash_table_add (ahead, against->pdata[i]);
  return ahead;
}

/* "Btrfs is behind every filesystem that passed “Power cuts”, whatever its
 * other results." */
static void
write_failures (FsbRecommendation *self)
{
  for (guint i = 0; i < self->verdicts->len; i++)
    {
      const FsbVerdict *v = self->verdicts->pdata[i];
      gboolean passed = FALSE;

      for (guint f = 0; fsb_recommend_counts (v) && f < v->ranking->len; f++)
        passed |= !((const FsbScore *) v->ranking->pdata[f])->fails;
      for (guint f = 0; passed && f < v->ranking->len; f++)
        {
          const FsbScore *s = v->ranking->pdata[f];

          if (s->fails)
            g_ptr_array_add (self->reasons,
                             /* Translators: a filesystem, then a criterion's title: "Btrfs is behind every filesystem
                              * that passed “Power cuts”, whatever its other results." */
                             g_strdup_printf (_("%s is behind every filesystem that passed “%s”, whatever its other "
                                                "results."), fsb_format_fs_name (s->fs),
                                              fsb_criterion_title (v->criterion->id)));
        }
    }
}

/* The leader, and every other against it; FALSE when no filesystem has
 * every counted criterion. */
static gboolean
compare_overall_scores (FsbRecommendation *self, FsbResult *result)
{
  const char *leader = NULL;
  double best = -INFINITY;
  g_autoptr(GStrvBuilder) tied = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) unsettled = g_strv_builder_new ();
  gboolean clear = TRUE, any_unsettled = FALSE, passed = FALSE;
  g_autoptr(GHashTable) dominated = fsb_recommend_find_dominated (self, result);
  g_autoptr(GHashTable) leads = NULL;

  /* in a cycle of dominance (possible in principle, by chance) it decides nothing */
  if (g_hash_table_size (dominated) > 0 && g_hash_table_size (dominated) == result->filesystems->len)
    g_hash_table_remove_all (dominated);
  /* those that failed a criterion are behind the others (unless all did) */
  for (guint f = 0; f < result->filesystems->len; f++)
    passed |= !fails (self, ((FsbFsResult *) result->filesystems->pdata[f])->name);
  for (guint f = 0; f < result->filesystems->len; f++)
    {
      const char *name = ((FsbFsResult *) result->filesystems->pdata[f])->name;
      double l;

      if (!fsb_recommend_complete_everywhere (self, name) || g_hash_table_contains (dominated, name) || (passed && fails (self, name)))
        continue;
      l = overall_log (self, name);
      if (leader == NULL || l > best)
        {
          leader = name;
          best = l;
        }
    }
  if (leader == NULL)
    return FALSE;
  self->leader = g_strdup (leader);
  leads = clear_leads (self, result, leader);
  for (guint f = 0; f < result->filesystems->len; f++)
    {
      const char *name = ((FsbFsResult *) result->filesystems->pdata[f])->name;
      FsbScore *s = g_new0 (FsbScore, 1);

      s->fs = g_strdup (name);
      s->metric = "percent";
      s->complete = fsb_recommend_complete_everywhere (self, name);
      s->ratio = s->ratio_low = s->ratio_high = INFINITY;
      s->behind = FSB_COMPARE_BETTER;
      if (g_strcmp0 (name, leader) == 0)
        {
          s->ratio = s->ratio_low = s->ratio_high = 1;
          s->behind = FSB_COMPARE_EQUIVALENT;
        }
      else if (s->complete)
        {
          overall_diff (self, result, leader, name, &s->estimate);
          s->ratio = exp (s->estimate.log);
          fsb_log_estimate_interval (&s->estimate, &s->ratio_low, &s->ratio_high);
          s->behind = fsb_log_estimate_compare (&s->estimate, FSB_EQUIVALENCE_MARGIN);
          /* a lead, at FSB_LEAD_LEVEL (the 95 % interval stays the one shown and a tie's) */
          if (s->behind == FSB_COMPARE_BETTER &&
              fsb_log_estimate_compare_at (&s->estimate, FSB_EQUIVALENCE_MARGIN, FSB_LEAD_LEVEL) != FSB_COMPARE_BETTER)
            s->behind = FSB_COMPARE_UNSETTLED;
          /* a lead made only of leans, none of them clear, is not one */
          if (s->behind == FSB_COMPARE_BETTER && !g_hash_table_contains (leads, name))
            s->behind = FSB_COMPARE_UNSETTLED;
          /* a lead that is real but smaller than the margin: the margin
           * says what counts as a difference, and this one does not */
          if (s->behind == FSB_COMPARE_BETTER && s->ratio < 1 + FSB_EQUIVALENCE_MARGIN)
            {
              s->behind = FSB_COMPARE_EQUIVALENT;
              s->small_lead = TRUE;
            }
          if (g_hash_table_contains (dominated, name) && s->behind != FSB_COMPARE_BETTER)
            {
              self->by_dominance = TRUE;
              s->dominated = TRUE;
              s->small_lead = FALSE;
              s->behind = FSB_COMPARE_BETTER;
            }
          if (passed && fails (self, name) && s->behind != FSB_COMPARE_BETTER)
            {
              self->by_failure = TRUE;
              s->small_lead = FALSE;
              s->behind = FSB_COMPARE_BETTER;
            }
          self->small_lead |= s->small_lead;
        }
      s->score = isfinite (s->ratio) ? 1 / s->ratio : 0;
      s->value = s->score * 100;
      g_ptr_array_add (self->overall, s);
      /* those tied, in the result's order: a list, not a ranking */
      if (s->behind != FSB_COMPARE_BETTER)
        g_strv_builder_add (tied, name);
      if (g_strcmp0 (name, leader) == 0)
        continue;
      clear &= s->behind == FSB_COMPARE_BETTER;
      if (s->behind == FSB_COMPARE_UNSETTLED)
        {
          any_unsettled = TRUE;
          g_strv_builder_add (unsettled, name);
        }
    }
  g_ptr_array_sort_with_data (self->overall, compare_overall, (gpointer) leader);
  fsb_recommend_note_dominated (self, dominated, result);

  self->settled = !any_unsettled;
  self->verdict = clear ? FSB_VERDICT_WINNER : FSB_VERDICT_TIE;
  if (clear)
    self->best = g_strdup (leader);
  else
    self->tied = g_strv_builder_end (tied);
  if (any_unsettled)
    {
      /* the leader too: its own figures decide every comparison */
      g_auto(GStrv) others = g_strv_builder_end (unsettled);
      g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

      g_strv_builder_add (b, leader);
      g_strv_builder_addv (b, (const char **) others);
      self->unsettled = g_strv_builder_end (b);
    }
  if (self->overall->len > 1)
    {
      FsbScore *second = self->overall->pdata[1];

      self->ratio = second->ratio;
      self->ratio_low = second->ratio_low;
      self->ratio_high = second->ratio_high;
    }
  return TRUE;
}

static FsbConfidence
confidence_of (FsbRecommendation *self)
{
  if (!self->settled)
    return FSB_CONFIDENCE_LOW;
  for (guint i = 0; i < self->verdicts->len; i++)
    {
      const FsbVerdict *v = self->verdicts->pdata[i];
      if (fsb_recommend_counts (v) && !v->settled)
        return FSB_CONFIDENCE_MEDIUM;
    }
  return FSB_CONFIDENCE_HIGH;
}

/* Words ------------------------------------------------------------------------ */

/* "XFS has 2 % more usable space.": what a tie still tells apart. */
static char *
space_remark (FsbRecommendation *self)
{
  const FsbVerdict *v = fsb_recommendation_get_verdict (self, "capacity");
  const FsbScore *most = NULL, *least = NULL;
  g_autofree char *amount = NULL;
  double ratio;

  if (v == NULL || self->tied == NULL)
    return NULL;
  for (guint i = 0; self->tied[i] != NULL; i++)
    {
      const FsbScore *s = fsb_recommend_find_score (v, self->tied[i]);
      if (s == NULL)
        return NULL;
      if (most == NULL || s->value > most->value)
        most = s;
      if (least == NULL || s->value < least->value)
        least = s;
    }
  ratio = most->value / least->value;
  if (ratio < SPACE_REMARK_FROM)
    return NULL;
  amount = fsb_format_percent (floor ((ratio - 1) * 100 + 0.5), 0);
  /* Translators: a filesystem, a percentage, then another filesystem: "XFS has 2 % more usable space than ext4." */
  return g_strdup_printf (_("%s has %s more usable space than %s."), fsb_format_fs_name (most->fs), amount,
                          fsb_format_fs_name (least->fs));
}

static void
write_headline (FsbRecommendation *self)
{
  g_autofree char *names = NULL;
  g_autofree char *remark = NULL;

  names = self->verdict == FSB_VERDICT_WINNER ? g_strdup (fsb_format_fs_name (self->best))
                                              : fsb_words_names (self->tied);
  self->headline = fsb_use_case_headline (self->use_case, self->verdict, self->confidence, names);
  /* what a tie still tells apart, first among the notes (after the confidence) */
  if (self->verdict == FSB_VERDICT_TIE && (remark = space_remark (self)) != NULL)
    g_ptr_array_insert (self->notes, 0, g_steal_pointer (&remark));
}

static int
compare_by_weight (gconstpointer a, gconstpointer b)
{
  const FsbVerdict *x = *(FsbVerdict * const *) a, *y = *(FsbVerdict * const *) b;

  if (x->weight != y->weight)
    return x->weight < y->weight ? 1 : -1;
  return (x->order > y->order) - (x->order < y->order);
}

/* The counted criteria's conclusions by weight, then the differences
 * within them that their totals hide; for a winner, first how many it
 * leads. */
static void
write_reasons (FsbRecommendation *self)
{
  g_autoptr(GPtrArray) by_weight = g_ptr_array_new ();
  guint wins = 0;

  for (guint i = 0; i < self->verdicts->len; i++)
    {
      FsbVerdict *v = self->verdicts->pdata[i];

      if (!fsb_recommend_counts (v))
        continue;
      g_ptr_array_add (by_weight, v);
      if (self->best != NULL && (g_strcmp0 (v->winner, self->best) == 0 ||
                                 (v->tied != NULL && g_strv_contains ((const char * const *) v->tied, self->best))))
        wins++;
    }
  if (self->best != NULL && by_weight->len > 1)
    g_ptr_array_add (self->reasons,
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   /* Translators: first %u is how many criteria it leads or shares the
                                                    * lead in, second the total (two or more); the form follows the first:
                                                    * fr « en tête ou ex æquo dans 5 critères sur 6 » */
                                                   "first or tied for first in %u of %u criteria",
                                                   "first or tied for first in %u of %u criteria", wins),
                                      wins, by_weight->len));
  g_ptr_array_sort (by_weight, compare_by_weight);
  for (guint i = 0; i < by_weight->len; i++)
    g_ptr_array_add (self->reasons, g_strdup (((FsbVerdict *) by_weight->pdata[i])->conclusion));
  for (guint i = 0; i < by_weight->len; i++)
    {
      FsbVerdict *v = by_weight->pdata[i];
      for (guint j = 0; j < v->differences->len; j++)
        g_ptr_array_add (self->reasons, g_strdup (((FsbTaskDifference *) v->differences->pdata[j])->sentence));
    }
}

/* "2 samples lay far from the others of their task …": flagged, not
 * dropped, and said so (each verdict lists the tasks: flagged_tasks). */
static void
note_flagged (FsbRecommendation *self)
{
  guint n = 0;

  for (guint i = 0; i < self->verdicts->len; i++)
    if (fsb_recommend_counts (self->verdicts->pdata[i]))
      n += ((const FsbVerdict *) self->verdicts->pdata[i])->n_flagged;
  if (n == 0)
    return;
  g_ptr_array_add (self->notes,
                   g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 /* Translators: a count of samples (repetitions of a task) */
                                                 "%u sample lay far from the others of its task: the verdict leaves "
                                                 "it out of the measurements' noise, and the figures keep it.",
                                                 "%u samples lay far from the others of their task: the verdict "
                                                 "leaves them out of the measurements' noise, and the figures keep "
                                                 "them.", n), n));
}

static void
note_missing (FsbRecommendation *self)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *list = NULL;

  for (guint i = 0; self->missing_groups[i] != NULL; i++)
    g_ptr_array_add (names, (gpointer) fsb_group_title (self->missing_groups[i]));
  list = fsb_format_join_names ((const char * const *) names->pdata, names->len, FALSE);
  /* Translators: %s is a list of workload groups, "Random I/O and Durable writes" */
  g_ptr_array_add (self->notes, g_strdup_printf (_("Not measured: %s. Run these groups to get a verdict."), list));
}

/* The recommendation ------------------------------------------------------------ */

FsbRecommendation *
fsb_recommend (FsbResult *original, FsbUseCase use_case)
{
  g_autoptr(FsbResult) result = NULL;
  FsbRecommendation *self;
  gboolean any_counted = FALSE;

  g_return_val_if_fail (original != NULL, NULL);
  g_return_val_if_fail (use_case < FSB_N_USE_CASES, NULL);

  result = with_unique_names (original);
  self = g_new0 (FsbRecommendation, 1);
  self->use_case = use_case;
  self->verdict = FSB_VERDICT_NOT_MEASURED;
  self->ratio = self->ratio_low = self->ratio_high = NAN;
  self->reasons = g_ptr_array_new_with_free_func (g_free);
  self->notes = g_ptr_array_new_with_free_func (g_free);
  self->verdicts = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_verdict_free);
  self->overall = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_score_free);
  self->n_filesystems = result->filesystems->len;

  fsb_cycle_noise_estimate (result, &self->cycle_noise);
  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      FsbVerdict *v = fsb_verdict_new (result, fsb_catalog_nth_criterion (c), fsb_use_case_id (use_case),
                                       &self->cycle_noise);
      if (v != NULL)
        {
          v->order = c;
          g_ptr_array_add (self->verdicts, v);
          any_counted |= fsb_recommend_counts (v);
        }
    }
  self->missing_groups = missing_groups (self);

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      if (fs->error != NULL)
        /* Translators: %s is a filesystem; the reason follows in the report */
        g_ptr_array_add (self->notes, g_strdup_printf (_("%s could not finish the run; the tasks it missed count against it."),
                                                       fsb_format_fs_name (fs->name)));
    }

  if (self->verdicts->len == 0)
    {
      self->headline = g_strdup (_("Nothing was measured, so there is nothing to recommend"));
      return self;
    }
  if (self->n_filesystems == 1)
    {
      /* Translators: %s is the only filesystem in the result */
      self->headline = g_strdup_printf (_("Only %s was measured, so there is nothing to compare it with"),
                                        fsb_format_fs_name (((FsbFsResult *) result->filesystems->pdata[0])->name));
      g_ptr_array_add (self->notes, g_strdup (_("Run the comparison with two or more filesystems to get a recommendation.")));
      return self;
    }
  if (self->missing_groups[0] != NULL || !any_counted || !compare_overall_scores (self, result))
    {
      /* A verdict never rests on what was not measured; what was is still said. */
      self->headline = fsb_use_case_headline (use_case, FSB_VERDICT_NOT_MEASURED, FSB_CONFIDENCE_NONE, NULL);
      if (self->missing_groups[0] != NULL)
        note_missing (self);
      write_reasons (self);
      fsb_recommend_scaling_reasons (self, result);
      return self;
    }

  self->confidence = confidence_of (self);
  note_flagged (self);
  write_headline (self);
  write_reasons (self);
  fsb_recommend_contender_reasons (self, result);
  fsb_recommend_scaling_reasons (self, result);
  fsb_recommend_write_dominance (self, result);
  write_failures (self);
  g_ptr_array_insert (self->notes, 0, fsb_recommend_confidence_sentence (self));
  fsb_recommend_settle_hint (self, result);
  fsb_recommend_note_refinable (self);
  return self;
}
