/* fsb-chart-scaling.c: a task's scaling chart (issue 28): its headline
 * figure at each count of jobs or depth of queue, a bar per filesystem
 * with its interval, on one axis, so each filesystem's bars read as its
 * curve from the top row down */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-chart-private.h"
#include "fsb-job.h"

/* "4 jobs", "depth 32": a row's label. */
static char *
count_label (const FsbConditions *c)
{
  if (c->jobs > 0)
    /* Translators: a row of a scaling chart: how many jobs ran at once */
    return g_strdup_printf (ngettext ("%u job", "%u jobs", c->jobs), c->jobs);
  /* Translators: a row of a scaling chart: how many requests were in flight at once */
  return g_strdup_printf (_("depth %u"), c->iodepth);
}

static gint
by_order (gconstpointer a, gconstpointer b)
{
  guint x = fsb_task_order (*(const char *const *) a), y = fsb_task_order (*(const char *const *) b);

  return x < y ? -1 : x > y;
}

void
fsb_chart_model_build_scaling (Model *m, FsbResult *result, const FsbChartOptions *options)
{
  g_autoptr(GPtrArray) keys = fsb_result_task_ids (result);
  g_autoptr(GPtrArray) series = g_ptr_array_new ();
  gboolean higher = FALSE;

  m->metric = fsb_task_metric (options->task, &higher);
  m->higher_is_better = higher;
  for (guint i = 0; i < keys->len; i++)
    {
      FsbConditions c;

      if (g_strcmp0 (fsb_job_key_parse (keys->pdata[i], &c), options->task) == 0 && !c.aged &&
          (c.jobs > 0 || c.iodepth > 0))
        g_ptr_array_add (series, keys->pdata[i]);
    }
  g_ptr_array_sort (series, by_order);
  for (guint i = 0; i < series->len; i++)
    {
      Row *row = g_new0 (Row, 1);
      FsbConditions c;

      fsb_job_key_parse (series->pdata[i], &c);
      row->label = count_label (&c);
      row->metric = m->metric;
      row->cells = g_new0 (Cell, MAX (m->n_fs, 1));
      for (guint f = 0; f < m->n_fs; f++)
        {
          FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);

          fsb_chart_set_cell (m, &row->cells[f], fsb_fs_result_get_task (fs, series->pdata[i], FALSE), m->metric);
          if (row->cells[f].have)
            row->reference = MAX (row->reference, row->cells[f].median);
        }
      g_ptr_array_add (m->rows, row);
    }
}
