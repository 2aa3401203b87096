/* fsb-chart-model.c: what a chart shows: rows of tasks, a cell per filesystem */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-age.h"
#include "fsb-chart-private.h"
#include "fsb-format.h"
#include "fsb-recommend.h"
#include "fsb-stats.h"

/* The model: rows of cells, one cell per filesystem ---------------------- */

static void
row_free (Row *row)
{
  g_free (row->label);
  g_free (row->cells);
  g_free (row);
}

const char *
fsb_chart_kind_metric (FsbChartKind kind)
{
  switch (kind)
    {
    case FSB_CHART_CPU:      return "cpu_percent";
    case FSB_CHART_FAULTS:   return "minor_faults";
    case FSB_CHART_CAPACITY: return "percent";
    case FSB_CHART_TRANSFER: return "mb_per_s";
    case FSB_CHART_SECTION:
    default:                 return NULL;
    }
}

static gboolean
task_in_chart (const char *id, const char *section)
{
  return section == NULL || g_strcmp0 (fsb_task_criterion (id), section) == 0;
}

static GPtrArray *
chart_task_ids (FsbResult *result, const FsbChartOptions *options)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      const char *criterion = fsb_catalog_nth_criterion (c)->id;
      g_autoptr(GPtrArray) part = NULL;

      if (options->section != NULL && g_strcmp0 (options->section, criterion) != 0)
        continue;
      part = fsb_result_section_tasks (result, criterion);
      for (guint i = 0; i < part->len; i++)
        g_ptr_array_add (ids, g_strdup (part->pdata[i]));
    }

  /* Live: the tasks of the planned groups that have not run yet. */
  if (options->live && result->workloads != NULL)
    {
      guint n;
      const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);
      g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_free);

      for (guint g = 0; g < n; g++)
        for (guint i = 0; i < groups[g]->n_tasks; i++)
          {
            const char *id = groups[g]->tasks[i].id;
            gboolean planned = groups[g]->always ||
                               g_strv_contains ((const char * const *) result->workloads, groups[g]->id);
            gboolean present = g_ptr_array_find_with_equal_func (ids, id, g_str_equal, NULL);

            if ((planned && task_in_chart (id, options->section)) || present)
              g_ptr_array_add (all, g_strdup (id));
          }
      for (guint i = 0; i < ids->len; i++)  /* custom commands */
        if (!g_ptr_array_find_with_equal_func (all, ids->pdata[i], g_str_equal, NULL))
          g_ptr_array_add (all, g_strdup (ids->pdata[i]));
      g_ptr_array_unref (ids);
      ids = g_steal_pointer (&all);
    }
  /* after aging: each task fresh, then aged */
  if (g_strcmp0 (options->section, FSB_AGED_CRITERION) == 0)
    fsb_chart_interleave_fresh (ids);
  return ids;
}

void
fsb_chart_model_build (Model *m, FsbResult *result, const FsbChartOptions *options)
{
  const char *forced = fsb_chart_kind_metric (options->kind);

  memset (m, 0, sizeof *m);
  m->result = result;
  m->options = options;
  m->n_fs = result->filesystems->len;
  m->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  m->shared_axis = TRUE;

  if (options->kind == FSB_CHART_CAPACITY)
    {
      const char *labels[] = { N_("After mkfs"), N_("After deleting everything") };

      m->metric = "percent";
      m->higher_is_better = TRUE;
      for (guint r = 0; r < 2; r++)
        {
          Row *row = g_new0 (Row, 1);

          row->label = g_strdup (_(labels[r]));
          row->metric = "percent";
          row->cells = g_new0 (Cell, MAX (m->n_fs, 1));
          for (guint f = 0; f < m->n_fs; f++)
            {
              FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
              const FsbCapacity *c = r == 0 ? &fs->capacity_initial : &fs->capacity_residual;

              if (c->percent > 0)
                {
                  row->cells[f].have = TRUE;
                  row->cells[f].median = row->cells[f].min = row->cells[f].max = c->percent;
                }
            }
          g_ptr_array_add (m->rows, row);
        }
      m->max_value = 100;
      return;
    }
  if (options->kind == FSB_CHART_AGING)
    {
      fsb_chart_model_build_aging (m, result, options);
      return;
    }
  if (options->kind == FSB_CHART_TRANSFER)
    {
      m->metric = "mb_per_s";
      for (guint i = 0; i < result->transfers->len; i++)
        m->max_value = MAX (m->max_value, ((FsbTransfer *) result->transfers->pdata[i])->mb_per_s);
      return;
    }

  {
    g_autoptr(GPtrArray) ids = chart_task_ids (result, options);

    for (guint t = 0; t < ids->len; t++)
      {
        const char *id = ids->pdata[t];
        gboolean higher = FALSE;
        const char *metric = forced != NULL ? forced : fsb_task_metric (id, &higher);
        Row *row = g_new0 (Row, 1);
        gboolean any = FALSE;

        row->label = g_strdup (fsb_task_display_name (id));
        row->metric = metric;
        row->cells = g_new0 (Cell, MAX (m->n_fs, 1));
        for (guint f = 0; f < m->n_fs; f++)
          {
            FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
            FsbTaskResult *task = fsb_fs_result_get_task (fs, id, FALSE);
            FsbStats s;

            if (task == NULL)
              continue;
            if (fsb_task_result_stats (task, metric, &s))
              {
                row->cells[f].have = any = TRUE;
                row->cells[f].median = s.median;
                /* whiskers: the median's 95 % interval (none from one sample),
                 * drawn up to twice the largest sample: the tables give it whole */
                row->cells[f].min = isfinite (s.ci95_low) ? MAX (s.ci95_low, 0) : s.median;
                row->cells[f].max = isfinite (s.ci95_high) ? MIN (s.ci95_high, 2 * MAX (s.max, s.median)) : s.median;
                if (isfinite (row->cells[f].max))
                  m->max_value = MAX (m->max_value, row->cells[f].max);
              }
            else if (task->samples->len > 0)
              row->cells[f].failed = TRUE;
          }
        row->pending = !any;
        if (!any && !options->live)
          {
            /* a task measured without this metric (faults of a custom command) */
            gboolean failed = FALSE;
            for (guint f = 0; f < m->n_fs; f++)
              failed |= row->cells[f].failed;
            if (!failed || forced != NULL)
              {
                row_free (row);
                continue;
              }
          }
        if (m->metric == NULL)
          {
            m->metric = metric;
            m->higher_is_better = forced == NULL && higher;
          }
        else if (g_strcmp0 (fsb_metric_unit (m->metric), fsb_metric_unit (metric)) != 0)
          m->shared_axis = FALSE;
        g_ptr_array_add (m->rows, row);
      }
  }
  if (m->metric == NULL)
    m->metric = forced != NULL ? forced : "wall_s";
}

void
fsb_chart_model_clear (Model *m)
{
  g_clear_pointer (&m->rows, g_ptr_array_unref);
}

gboolean
fsb_chart_has_data (FsbResult *result, const FsbChartOptions *options)
{
  Model m;
  gboolean any = FALSE;

  g_return_val_if_fail (result != NULL && options != NULL, FALSE);
  fsb_chart_model_build (&m, result, options);
  if (options->kind == FSB_CHART_TRANSFER)
    any = result->transfers->len > 0;
  else
    for (guint r = 0; r < m.rows->len && !any; r++)
      for (guint f = 0; f < m.n_fs && !any; f++)
        any = ((Row *) m.rows->pdata[r])->cells[f].have;
  fsb_chart_model_clear (&m);
  return any;
}

double
fsb_chart_get_max (FsbResult *result, const FsbChartOptions *options)
{
  Model m;
  double max;

  g_return_val_if_fail (result != NULL && options != NULL, 0);
  fsb_chart_model_build (&m, result, options);
  max = m.max_value;
  fsb_chart_model_clear (&m);
  return max;
}
