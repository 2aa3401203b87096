/* fsb-chart-aging.c: charts of aging: one filesystem's tasks fresh and
 * aged, and the aged section with each task's fresh run beside it */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-age.h"
#include "fsb-chart-private.h"
#include "fsb-format.h"
#include "fsb-recommend.h"
#include "fsb-stats.h"

void
fsb_chart_model_build_aging (Model *m, FsbResult *result, const FsbChartOptions *options)
{
  FsbFsResult *fs = NULL;
  g_autoptr(GPtrArray) aged = NULL;

  m->series[0] = C_("chart", "Fresh");
  m->series[1] = C_("chart", "Aged");
  for (guint f = 0; f < result->filesystems->len && fs == NULL; f++)
    if (g_strcmp0 (((FsbFsResult *) result->filesystems->pdata[f])->name, options->filesystem) == 0)
      {
        fs = result->filesystems->pdata[f];
        m->series_fs = f;
      }
  m->n_fs = 2;
  if (fs == NULL)
    {
      m->metric = "wall_s";
      return;
    }

  aged = fsb_result_section_tasks (result, FSB_AGED_CRITERION);
  for (guint t = 0; t < aged->len; t++)
    {
      const char *base = fsb_task_base_id (aged->pdata[t]);
      FsbTaskResult *fresh_task = fsb_fs_result_get_task (fs, base, FALSE);
      FsbTaskResult *aged_task = fsb_fs_result_get_task (fs, aged->pdata[t], FALSE);
      gboolean higher = FALSE;
      const char *metric = fsb_task_metric (base, &higher);
      Row *row;

      if (fresh_task == NULL || aged_task == NULL)
        continue;
      row = g_new0 (Row, 1);
      row->label = g_strdup (fsb_task_display_name (base));
      row->metric = metric;
      row->cells = g_new0 (Cell, 2);
      fsb_chart_set_cell (m, &row->cells[0], fresh_task, metric);
      fsb_chart_set_cell (m, &row->cells[1], aged_task, metric);
      /* both runs of a task share the unit of the larger */
      for (guint k = 0; k < 2; k++)
        if (row->cells[k].have)
          row->reference = MAX (row->reference, row->cells[k].median);
      if (m->metric == NULL)
        {
          m->metric = metric;
          m->higher_is_better = higher;
        }
      else if (g_strcmp0 (fsb_metric_unit (m->metric), fsb_metric_unit (metric)) != 0)
        m->shared_axis = FALSE;
      g_ptr_array_add (m->rows, row);
    }
  if (m->metric == NULL)
    m->metric = "wall_s";
}

void
fsb_chart_interleave_fresh (GPtrArray *ids)
{
  for (guint i = 0; i < ids->len; i++)
    if (fsb_task_is_aged (ids->pdata[i]))
      {
        const char *base = fsb_task_base_id (ids->pdata[i]);

        if (!g_ptr_array_find_with_equal_func (ids, base, g_str_equal, NULL))
          g_ptr_array_insert (ids, (gint) i++, g_strdup (base));
      }
}

const char *
fsb_chart_series_name (const Model *m, guint f)
{
  if (m->series[0] != NULL)
    return m->series[MIN (f, 1)];
  return fsb_format_fs_name (((FsbFsResult *) g_ptr_array_index (m->result->filesystems, f))->name);
}

void
fsb_chart_series_color (const Model *m, guint f, double *red, double *green, double *blue)
{
  if (m->series[0] == NULL)
    {
      fsb_chart_fs_color (f, red, green, blue);
      return;
    }
  /* the filesystem's own colour fresh, a darker shade of it aged (a
   * lighter one for black) */
  fsb_chart_fs_color (m->series_fs, red, green, blue);
  if (f == 1 && 0.3 * *red + 0.59 * *green + 0.11 * *blue < 0.25)
    {
      *red += (1 - *red) * 0.5;
      *green += (1 - *green) * 0.5;
      *blue += (1 - *blue) * 0.5;
    }
  else if (f == 1)
    {
      *red *= 0.55;
      *green *= 0.55;
      *blue *= 0.55;
    }
}
