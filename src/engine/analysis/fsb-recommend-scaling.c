/* fsb-recommend-scaling.c: among the reasons, how each filesystem scales
 * over the series it ran (issue 28): what a job keeps of its speed alone
 * when several run at once, and what a deep queue gains over one request
 * at a time */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "fsb-format.h"
#include "fsb-job.h"
#include "fsb-recommend-private.h"
#include "fsb-scaling.h"

typedef struct {
  const char *fs;
  double      figure;   /* the geometric mean over the series' tasks */
} Scaled;

static gint
by_figure (gconstpointer a, gconstpointer b)
{
  double x = ((const Scaled *) a)->figure, y = ((const Scaled *) b)->figure;

  return x > y ? -1 : x < y;
}

/* fs's figure at count top over the series' tasks: the efficiency (jobs)
 * or the gain (depth) against count 1; FALSE where a task lacks either. */
static gboolean
figure_at (FsbResult *result, FsbFsResult *fs, GPtrArray *tasks, const char *condition, guint top,
           double *figure)
{
  double logs = 0;

  for (guint i = 0; i < tasks->len; i++)
    {
      g_autoptr(GArray) points = fsb_scaling_points (result, fs, tasks->pdata[i], condition);
      double one = 0, at_top = 0, f;

      for (guint k = 0; k < points->len; k++)
        {
          const FsbScalingPoint *p = &g_array_index (points, FsbScalingPoint, k);

          if (p->count == 1)
            one = p->stats.median;
          if (p->count == top)
            at_top = p->stats.median;
        }
      f = g_strcmp0 (condition, FSB_CONDITION_JOBS) == 0 ? fsb_scaling_efficiency (at_top, top, one)
                                                         : (one > 0 ? at_top / one : 0);
      if (!(f > 0))
        return FALSE;
      logs += log (f);
    }
  *figure = exp (logs / tasks->len);
  return tasks->len > 0;
}

/* The largest count of the series in fs's results. */
static guint
top_count (FsbResult *result, FsbFsResult *fs, GPtrArray *tasks, const char *condition)
{
  guint top = 0;

  for (guint i = 0; i < tasks->len; i++)
    {
      g_autoptr(GArray) points = fsb_scaling_points (result, fs, tasks->pdata[i], condition);

      if (points->len > 0)
        top = MAX (top, g_array_index (points, FsbScalingPoint, points->len - 1).count);
    }
  return top;
}

static char *
figure_text (const char *condition, double figure)
{
  if (g_strcmp0 (condition, FSB_CONDITION_JOBS) == 0)
    return fsb_format_percent (floor (figure * 100 + 0.5), 0);
  return fsb_format_ratio (figure);
}

static void
series_reason (FsbRecommendation *self, FsbResult *result, const char *condition)
{
  g_autoptr(GPtrArray) tasks = fsb_scaling_tasks (result, condition);
  g_autoptr(GArray) scaled = g_array_new (FALSE, FALSE, sizeof (Scaled));
  g_autoptr(GString) others = g_string_new (NULL);
  g_autofree char *first = NULL;
  guint top = 0;

  for (guint f = 0; f < result->filesystems->len && tasks->len > 0; f++)
    {
      FsbFsResult *fs = result->filesystems->pdata[f];
      guint t = fs->error == NULL ? top_count (result, fs, tasks, condition) : 0;
      Scaled s = { fs->name, 0 };

      /* every filesystem at the same top count, or no sentence */
      if (t < 2 || (top != 0 && t != top))
        return;
      top = t;
      if (!figure_at (result, fs, tasks, condition, top, &s.figure))
        return;
      g_array_append_val (scaled, s);
    }
  if (scaled->len < 2)
    return;
  g_array_sort (scaled, by_figure);
  for (guint i = 1; i < scaled->len; i++)
    {
      const Scaled *s = &g_array_index (scaled, Scaled, i);
      g_autofree char *figure = figure_text (condition, s->figure);

      if (others->len > 0)
        /* Translators: the separator between the items of a list such as “ext4 68 %, Btrfs 55 %” */
        g_string_append (others, C_("list separator", ", "));
      /* Translators: a filesystem, then its figure, in a list: “ext4 68 %” or “ext4 11.0×” */
      g_string_append_printf (others, C_("scaling", "%s %s"), fsb_format_fs_name (s->fs), figure);
    }
  first = figure_text (condition, g_array_index (scaled, Scaled, 0).figure);
  if (g_strcmp0 (condition, FSB_CONDITION_JOBS) == 0)
    g_ptr_array_add (self->reasons,
                     /* Translators: a count of jobs, the filesystem that scales best, its share, then the
                      * others with theirs: “With 4 jobs at once, each job on XFS keeps 90 % of the speed of
                      * one job alone; ext4 68 %, Btrfs 55 %.” */
                     g_strdup_printf (ngettext ("With %u job at once, each job on %s keeps %s of the speed of one "
                                                "job alone; %s.",
                                                "With %u jobs at once, each job on %s keeps %s of the speed of one "
                                                "job alone; %s.", top),
                                      top, fsb_format_fs_name (g_array_index (scaled, Scaled, 0).fs), first,
                                      others->str));
  else
    g_ptr_array_add (self->reasons,
                     /* Translators: a queue depth, the filesystem that gains most, its gain, then the others
                      * with theirs: “At a queue depth of 32, XFS does 12.7× as many random operations per second
                      * as with one request at a time; ext4 11.0×.” */
                     g_strdup_printf (_("At a queue depth of %u, %s does %s as many random operations per second "
                                        "as with one request at a time; %s."),
                                      top, fsb_format_fs_name (g_array_index (scaled, Scaled, 0).fs), first,
                                      others->str));
}

void
fsb_recommend_scaling_reasons (FsbRecommendation *self, FsbResult *result)
{
  series_reason (self, result, FSB_CONDITION_JOBS);
  series_reason (self, result, FSB_CONDITION_IODEPTH);
}
