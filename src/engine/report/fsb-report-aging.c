/* fsb-report-aging.c: the report's section "After aging": how each
 * filesystem was aged, its tasks fresh and aged, the speed they lost with
 * its interval, the fragmentation, and the small files that fit */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "fsb-age.h"
#include "fsb-aging-loss.h"
#include "fsb-format.h"
#include "fsb-fragmentation.h"
#include "fsb-report-private.h"
#include "fsb-stats.h"

static gboolean
has_aging (FsbResult *r)
{
  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      if (fs->aging != NULL || fs->fit.limit != NULL)
        return TRUE;
    }
  return FALSE;
}

gboolean
fsb_doc_aging_has_data (FsbResult *r)
{
  g_autoptr(GPtrArray) aged = fsb_result_section_tasks (r, FSB_AGED_CRITERION);

  return aged->len > 0 || has_aging (r);
}

/* "12 %", "−7.9 %": a true minus sign, as the report's other changes have. */
static char *
percent (double value)
{
  int decimals = fabs (value) >= 10 ? 0 : 1;
  g_autofree char *number = fsb_format_percent (fabs (value), decimals);

  /* no sign on what rounds to zero */
  if (value < 0 && round (fabs (value) * pow (10, decimals)) > 0)
    return g_strconcat ("\u2212", number, NULL);
  return g_steal_pointer (&number);
}

static void
add_method (FsbDocument *doc, FsbResult *r)
{
  const FsbAgeSpec *spec = fsb_age_spec (r->age);
  FsbAging *aging = NULL;
  double limit = r->sizes != NULL && fsb_sizes_has (r->sizes, "fit-time-limit") ? fsb_sizes_get (r->sizes, "fit-time-limit") : 0;

  for (guint f = 0; f < r->filesystems->len && aging == NULL; f++)
    aging = ((FsbFsResult *) r->filesystems->pdata[f])->aging;
  if (aging != NULL)
    {
      g_autofree char *fill = fsb_format_percent (aging->fill_percent_target, 0);
      g_autofree char *churn = fsb_format_percent ((spec != NULL ? spec->churn : 0.25) * 100, 0);
      guint rounds = spec != NULL ? spec->rounds : 0;

      fsb_doc_add_take (doc, FSB_BLOCK_PARAGRAPH, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
        /* Translators: how full, the share of files deleted in each round, the number of rounds */
        "In each repetition, after its fresh tasks, the filesystem was aged: filled to %s of its usable space "
        "with files whose sizes follow those of real desktops (a lognormal body with a Pareto tail, as in "
        "Impressions, FAST 2009), in folders grown as in that study; then %s of those files, chosen at random, "
        "were deleted and new ones written until it was as full again, for %u round, so that its free space "
        "fragmented (after Geriatrix, ATC 2018). The same tasks then ran again on the aged filesystem. Every "
        "filesystem was given the same files, from the same seed, and room for the tasks was left free.",
        "In each repetition, after its fresh tasks, the filesystem was aged: filled to %s of its usable space "
        "with files whose sizes follow those of real desktops (a lognormal body with a Pareto tail, as in "
        "Impressions, FAST 2009), in folders grown as in that study; then %s of those files, chosen at random, "
        "were deleted and new ones written until it was as full again, for %u rounds, so that its free space "
        "fragmented (after Geriatrix, ATC 2018). The same tasks then ran again on the aged filesystem. Every "
        "filesystem was given the same files, from the same seed, and room for the tasks was left free.",
        rounds), fill, churn, rounds));
    }
  for (guint f = 0; f < r->filesystems->len; f++)
    if (((FsbFsResult *) r->filesystems->pdata[f])->fit.limit != NULL)
      {
        g_autofree char *bound = fsb_format_duration (limit > 0 ? limit : 30);

        fsb_doc_add_take (doc, FSB_BLOCK_PARAGRAPH, g_strdup_printf (
          /* Translators: %s is a time, "30 s" */
          _("The small files that fit were counted once per filesystem, after its repetitions, on a filesystem "
            "created anew on the same target: 4 KiB files were written until its space or its inodes ran out, "
            "for %s at most. A filesystem that reached that bound holds at least as many."), bound));
        break;
      }
}

static void
add_charts (FsbDocument *doc, FsbResult *r)
{
  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      FsbChartOptions o = { .kind = FSB_CHART_AGING, .filesystem = fs->name };
      g_autofree char *title = NULL, *id = NULL;
      FsbBlock *block;

      if (!fsb_chart_has_data (r, &o))
        continue;
      /* Translators: a chart's title; %s is a filesystem */
      title = g_strdup_printf (_("%s, fresh and aged"), fsb_format_fs_name (fs->name));
      id = g_strdup_printf ("aged-%u", f);
      fsb_doc_add_chart (doc, r, FSB_CHART_AGING, NULL, id, title, TRUE);
      block = doc->blocks->pdata[doc->blocks->len - 1];
      block->chart.filesystem = fs->name;
    }
}

static void
add_loss_table (FsbDocument *doc, FsbResult *r)
{
  FsbBlock *table = fsb_doc_add_table (doc, 0x3c, _("Task"), _("Filesystem"), _("Fresh"), _("Aged"),
                                       _("Speed lost"), _("Interval"), NULL);

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      g_autoptr(GArray) losses = fsb_aging_losses (fs);

      for (guint i = 0; i < losses->len; i++)
        {
          const FsbAgingLoss *l = &g_array_index (losses, FsbAgingLoss, i);
          GPtrArray *row = fsb_doc_table_row (table);
          g_autofree char *lo = percent ((1 - l->kept_high) * 100);
          g_autofree char *hi = percent ((1 - l->kept_low) * 100);
          g_autofree char *cover = fsb_format_percent (l->coverage * 100, 0);

          g_ptr_array_add (row, g_strdup (fsb_task_display_name (l->task)));
          g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
          g_ptr_array_add (row, fsb_format_value_unit (l->fresh, l->metric));
          g_ptr_array_add (row, fsb_format_value_unit (l->aged, l->metric));
          g_ptr_array_add (row, percent ((1 - l->kept) * 100));
          /* a single repetition has no interval */
          g_ptr_array_add (row, l->coverage <= 0 ? g_strdup ("—") : g_strdup_printf (
            /* Translators: an interval of the speed lost and its confidence: "4 % to 18 % (75 %)" */
            _("%s to %s (%s)"), lo, hi, cover));
        }
    }
  fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH,
               _("The speed lost is how much slower each task ran aged than fresh (a negative figure: faster). "
                 "Its interval comes from those of the two medians, with the confidence given in brackets; "
                 "with three repetitions it is below 95 %, so an interval that includes 0 means no clear loss."));
}

static void
add_state_table (FsbDocument *doc, FsbResult *r)
{
  FsbBlock *table = fsb_doc_add_table (doc, 0x7e, _("Filesystem"), _("Filled to"), _("Rounds"),
                                       _("Files written"), _("Files deleted"), _("Data written"), _("Time"), NULL);

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      GPtrArray *row;

      for (guint i = 0; fs->aging != NULL && i < fs->aging->runs->len; i++)
        {
          const FsbAgingRun *run = &g_array_index (fs->aging->runs, FsbAgingRun, i);

          row = fsb_doc_table_row (table);
          g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
          g_ptr_array_add (row, fsb_format_percent (run->fill_percent_reached, 1));
          g_ptr_array_add (row, fsb_format_number (run->rounds, 0));
          g_ptr_array_add (row, fsb_format_number ((double) run->files_written, 0));
          g_ptr_array_add (row, fsb_format_number ((double) run->files_deleted, 0));
          g_ptr_array_add (row, fsb_format_size (run->bytes_written));
          g_ptr_array_add (row, fsb_format_duration (run->seconds));
        }
    }
}

static char *
median_figure (FsbFsResult *fs, gboolean aged, int which)
{
  g_autoptr(GArray) v = g_array_new (FALSE, FALSE, sizeof (double));
  FsbStats s;

  for (guint i = 0; i < fs->aging->runs->len; i++)
    {
      const FsbAgingRun *run = &g_array_index (fs->aging->runs, FsbAgingRun, i);
      const FsbFreeSpace *free = aged ? &run->free_aged : &run->free_fresh;
      double x = -1;

      if (which == 0)
        x = (double) (aged ? run->big_file_extents_aged : run->big_file_extents_fresh);
      else if (free->free_extents >= 0)
        x = which == 1 ? (double) free->free_extents : which == 2 ? free->mean_extent_bytes : free->large_percent;
      if (x >= 0)
        g_array_append_val (v, x);
    }
  if (v->len == 0)
    return g_strdup ("—");
  fsb_stats_compute ((double *) v->data, v->len, &s);
  if (which == 2)
    return fsb_format_size ((guint64) s.median);
  if (which == 3)
    return fsb_format_percent (s.median, 0);
  return fsb_format_number (s.median, 0);
}

static void
add_fragmentation_table (FsbDocument *doc, FsbResult *r)
{
  const char *figures[] = {
    N_("Pieces of the big file copied in"),
    N_("Free-space extents"),
    N_("Mean free extent"),
    N_("Free space in extents of 1 MiB or more"),
  };
  FsbBlock *table = fsb_doc_add_table (doc, 0xc, _("Figure"), _("Filesystem"), _("Fresh"), _("Aged"), NULL);

  for (guint w = 0; w < G_N_ELEMENTS (figures); w++)
    for (guint f = 0; f < r->filesystems->len; f++)
      {
        FsbFsResult *fs = r->filesystems->pdata[f];
        GPtrArray *row;

        if (fs->aging == NULL || fs->aging->runs->len == 0)
          continue;
        row = fsb_doc_table_row (table);
        g_ptr_array_add (row, g_strdup (_(figures[w])));
        g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
        g_ptr_array_add (row, median_figure (fs, FALSE, w));
        g_ptr_array_add (row, median_figure (fs, TRUE, w));
      }
  fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH,
               _("The big file’s pieces are its extents as FIEMAP reports them, counted as filefrag counts them. "
                 "The free space is read on the unmounted filesystem by its own tool (e2freefrag, or xfs_db’s "
                 "freesp), right after mkfs and again after aging. Each figure is the median of the repetitions."));
  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      const char *tool = fsb_free_space_tool (fsb_fs_result_type (fs));

      if (fs->aging == NULL || fs->aging->free_space_tool != NULL)
        continue;
      if (tool == NULL)
        fsb_doc_add_take (doc, FSB_BLOCK_NOTE, g_strdup_printf (
          /* Translators: %s is a filesystem */
          _("%s has no tool that reports how fragmented its free space is, so those figures are missing."),
          fsb_format_fs_name (fs->name)));
      else
        fsb_doc_add_take (doc, FSB_BLOCK_NOTE, g_strdup_printf (
          /* Translators: a filesystem, then a program */
          _("The free-space figures of %s are missing: %s could not read them."), fsb_format_fs_name (fs->name), tool));
    }
}

static void
add_fit_table (FsbDocument *doc, FsbResult *r)
{
  FsbBlock *table = fsb_doc_add_table (doc, 0xa, _("Filesystem"), _("Small files that fit"),
                                       _("What ran out"), _("Time"), NULL);

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      g_autofree char *count = NULL;
      GPtrArray *row;
      const char *limit;

      if (fs->fit.limit == NULL)
        continue;
      count = fsb_format_number ((double) fs->fit.files, 0);
      if (g_str_equal (fs->fit.limit, "inodes"))
        limit = C_("ran out", "Inodes");
      else if (g_str_equal (fs->fit.limit, "space"))
        limit = C_("ran out", "Space");
      else
        limit = C_("ran out", "Nothing: the time bound came first");
      row = fsb_doc_table_row (table);
      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
      /* Translators: a count that is a lower bound: "at least 120 000" */
      g_ptr_array_add (row, g_str_equal (fs->fit.limit, "time") ? g_strdup_printf (_("at least %s"), count)
                                                                 : g_steal_pointer (&count));
      g_ptr_array_add (row, g_strdup (limit));
      g_ptr_array_add (row, fsb_format_duration (fs->fit.seconds));
    }
}

static void
add_notes (FsbDocument *doc, FsbResult *r)
{
  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];

      for (guint i = 0; fs->aging != NULL && i < fs->aging->runs->len; i++)
        {
          const FsbAgingRun *run = &g_array_index (fs->aging->runs, FsbAgingRun, i);

          if (run->fill_percent_reached < fs->aging->fill_percent_target - 2)
            {
              g_autofree char *reached = fsb_format_percent (run->fill_percent_reached, 0);

              fsb_doc_add_take (doc, FSB_BLOCK_NOTE, g_strdup_printf (
                /* Translators: a filesystem and how full it was made */
                _("%s was filled to %s only, so that the aged tasks had the room they need."),
                fsb_format_fs_name (fs->name), reached));
              break;
            }
        }
    }
}

void
fsb_document_add_aging (FsbDocument *doc, FsbResult *r, const FsbRecommendation *rec)
{
  gboolean any_fit = FALSE;

  add_method (doc, r);
  add_charts (doc, r);
  add_loss_table (doc, r);
  if (has_aging (r))
    {
      gboolean any_runs = FALSE;

      for (guint f = 0; f < r->filesystems->len; f++)
        {
          FsbFsResult *fs = r->filesystems->pdata[f];
          any_runs |= fs->aging != NULL && fs->aging->runs->len > 0;
          any_fit |= fs->fit.limit != NULL;
        }
      if (any_runs)
        {
          fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, _("How the filesystems were aged"));
          add_state_table (doc, r);
          add_notes (doc, r);
          fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, _("Fragmentation"));
          add_fragmentation_table (doc, r);
        }
      if (any_fit)
        {
          fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, _("Small files that fit"));
          add_fit_table (doc, r);
        }
    }
}
