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

gboolean
fsb_chart_interval (const FsbStats *stats, double *low, double *high)
{
  if (stats->n > 1 && isfinite (stats->ci95_low) && isfinite (stats->ci95_high) &&
      stats->ci95_high >= stats->ci95_low && (stats->ci95_low != 0 || stats->ci95_high != 0))
    {
      *low = stats->ci95_low;
      *high = stats->ci95_high;
      return TRUE;
    }
  *low = stats->min;
  *high = stats->max;
  return FALSE;
}

void
fsb_chart_set_cell (Model *m, Cell *c, FsbTaskResult *task, const char *metric)
{
  FsbStats s;

  if (task == NULL)
    return;
  /* a figure past what a double holds draws nothing (hostile files) */
  if (fsb_task_result_stats (m->result, task, metric, &s) && isfinite (s.median) && isfinite (s.max) && isfinite (s.min))
    {
      c->have = TRUE;
      c->median = s.median;
      if (fsb_chart_interval (&s, &c->low, &c->high))
        {
          m->n_intervals++;
          /* a wide interval from few scattered samples is drawn up to
           * twice the slowest of them, so it cannot flatten every other
           * bar; the tables give it whole */
          c->high = MIN (c->high, 2 * MAX (s.max, s.median));
        }
      else if (s.n > 1)
        m->n_ranges++;
      m->max_value = MAX (m->max_value, MAX (c->high, c->median));
    }
  else if (task->samples->len > 0)
    c->failed = TRUE;
}

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

static double
row_max (const Row *row, guint n_fs)
{
  double max = 0;

  for (guint f = 0; f < n_fs; f++)
    if (row->cells[f].have)
      max = MAX (max, MAX (row->cells[f].high, row->cells[f].median));
  return max;
}

static int
compare_desc (gconstpointer a, gconstpointer b, gpointer user_data)
{
  const double *max = user_data;
  double x = max[*(const guint *) a], y = max[*(const guint *) b];

  return (x < y) - (x > y);
}

/* Groups the rows by scale: each band holds the rows within
 * FSB_CHART_BAND_RATIO of its largest one. Bands keep the order of their
 * first task, and tasks their order within a band; rows without figures
 * stay with the first band. */
static void
make_bands (Model *m)
{
  guint n = m->rows->len;
  g_autofree double *max = g_new0 (double, MAX (n, 1));
  g_autofree guint *order = g_new0 (guint, MAX (n, 1));
  g_autofree int *band_of = g_new0 (int, MAX (n, 1));
  g_autoptr(GPtrArray) sorted = NULL;
  int n_bands = 0;
  gboolean split = m->shared_axis && m->options->kind == FSB_CHART_SECTION;

  for (guint r = 0; r < n; r++)
    {
      max[r] = row_max (m->rows->pdata[r], m->n_fs);
      order[r] = r;
      band_of[r] = -1;
    }
  if (split)
    {
      g_qsort_with_data (order, n, sizeof (guint), compare_desc, max);
      for (guint i = 0; i < n; i++)
        {
          guint top = order[i];

          if (band_of[top] >= 0 || max[top] <= 0)
            continue;
          for (guint j = i; j < n; j++)
            if (band_of[order[j]] < 0 && max[order[j]] > 0 && max[order[j]] * FSB_CHART_BAND_RATIO >= max[top])
              band_of[order[j]] = n_bands;
          n_bands++;
        }
    }
  if (n_bands <= 1)
    {
      Band band = { 0, n, m->max_value };
      g_array_append_val (m->bands, band);
      return;
    }
  /* rows without figures go with the band of the first row that has some */
  for (guint r = 0; r < n; r++)
    if (band_of[r] < 0)
      {
        for (guint k = 0; k < n && band_of[r] < 0; k++)
          if (max[k] > 0)
            band_of[r] = band_of[k];
      }

  /* Bands in the order of their first row; rows in their own order. */
  sorted = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  {
    g_autofree gboolean *done = g_new0 (gboolean, n_bands);
    for (guint r = 0; r < n; r++)
      {
        int b = band_of[r];
        Band band = { sorted->len, 0, 0 };

        if (done[b])
          continue;
        done[b] = TRUE;
        for (guint k = r; k < n; k++)
          if (band_of[k] == b)
            {
              g_ptr_array_add (sorted, m->rows->pdata[k]);
              m->rows->pdata[k] = NULL;
              band.n_rows++;
              band.max_value = MAX (band.max_value, max[k]);
            }
        g_array_append_val (m->bands, band);
      }
  }
  g_ptr_array_set_free_func (m->rows, NULL);
  g_ptr_array_unref (m->rows);
  m->rows = g_steal_pointer (&sorted);
}

static void
cap_rows (Model *m)
{
  guint keep = MAX (1, FSB_CHART_MAX_BARS / MAX (m->n_fs, 1));

  if (m->rows->len <= keep)
    return;
  m->hidden_rows = m->rows->len - keep;
  g_ptr_array_set_size (m->rows, keep);
  m->max_value = 0;
  for (guint r = 0; r < m->rows->len; r++)
    for (guint f = 0; f < m->n_fs; f++)
      {
        const Cell *c = &((Row *) m->rows->pdata[r])->cells[f];
        if (c->have)
          m->max_value = MAX (m->max_value, MAX (c->high, c->median));
      }
}

/* options->first_row and n_rows: only those rows, each band cut to them and
 * keeping its scale, so the parts of a chart read as one. */
static void
keep_part (Model *m)
{
  guint first = m->options->first_row, last;
  g_autoptr(GArray) bands = NULL;
  GPtrArray *rows;

  if (m->options->n_rows == 0 || m->options->kind == FSB_CHART_TRANSFER)
    return;
  first = MIN (first, m->rows->len);
  last = MIN (m->rows->len, first + m->options->n_rows);
  rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  bands = g_array_new (FALSE, FALSE, sizeof (Band));
  for (guint b = 0; b < m->bands->len; b++)
    {
      Band band = g_array_index (m->bands, Band, b);
      guint from = MAX (band.first, first), to = MIN (band.first + band.n_rows, last);

      if (from >= to)
        continue;
      band.first = rows->len;
      band.n_rows = to - from;
      for (guint r = from; r < to; r++)
        {
          g_ptr_array_add (rows, m->rows->pdata[r]);
          m->rows->pdata[r] = NULL;
        }
      g_array_append_val (bands, band);
    }
  /* the note of rows left out belongs under the last part */
  if (last < m->rows->len)
    m->hidden_rows = 0;
  /* the others, not drawn, are measured: every part is laid out alike */
  m->other_rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  for (guint r = 0; r < m->rows->len; r++)
    if (m->rows->pdata[r] != NULL)
      g_ptr_array_add (m->other_rows, m->rows->pdata[r]);
  g_ptr_array_set_free_func (m->rows, NULL);
  g_ptr_array_unref (m->rows);
  m->rows = rows;
  g_array_unref (m->bands);
  m->bands = g_steal_pointer (&bands);
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
  m->bands = g_array_new (FALSE, FALSE, sizeof (Band));
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

              if (c->percent > 0 && isfinite (c->percent))
                {
                  row->cells[f].have = TRUE;
                  row->cells[f].median = row->cells[f].low = row->cells[f].high = c->percent;
                }
            }
          g_ptr_array_add (m->rows, row);
        }
      m->max_value = 100;
      make_bands (m);
      return;
    }
  if (options->kind == FSB_CHART_SCALING || options->kind == FSB_CHART_AGING)
    {
      if (options->kind == FSB_CHART_SCALING)
        fsb_chart_model_build_scaling (m, result, options);
      else
        fsb_chart_model_build_aging (m, result, options);
      /* the legend names the whiskers these charts draw too */
      m->intervals = m->n_intervals > 0 && m->n_ranges == 0;
      make_bands (m);
      return;
    }
  if (options->kind == FSB_CHART_TRANSFER)
    {
      m->metric = "mb_per_s";
      for (guint i = 0; i < result->transfers->len; i++)
        {
          FsbStats s;
          double low, high;

          if (!fsb_transfer_stats (result, result->transfers->pdata[i], &s))
            continue;
          if (isfinite (s.median))
            m->max_value = MAX (m->max_value, s.median);
          if (fsb_chart_interval (&s, &low, &high))
            m->n_intervals++;
          else if (s.n > 1)
            m->n_ranges++;
        }
      /* as the sections': a single copy has neither */
      m->intervals = m->n_intervals > 0 && m->n_ranges == 0;
      make_bands (m);
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
            Cell *cell = &row->cells[f];

            fsb_chart_set_cell (m, cell, fsb_fs_result_get_task (fs, id, FALSE), metric);
            if (cell->have)
              {
                any = TRUE;
                row->reference = MAX (row->reference, cell->median);
              }
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
    m->intervals = m->n_intervals > 0 && m->n_ranges == 0;
  }
  if (m->metric == NULL)
    m->metric = forced != NULL ? forced : "wall_s";
  cap_rows (m);
  make_bands (m);
  keep_part (m);
}

void
fsb_chart_model_clear (Model *m)
{
  g_clear_pointer (&m->rows, g_ptr_array_unref);
  g_clear_pointer (&m->other_rows, g_ptr_array_unref);
  g_clear_pointer (&m->bands, g_array_unref);
}

gboolean
fsb_chart_uses_intervals (FsbResult *result, const FsbChartOptions *options)
{
  Model m;
  gboolean intervals;

  g_return_val_if_fail (result != NULL && options != NULL, FALSE);
  fsb_chart_model_build (&m, result, options);
  intervals = m.intervals;
  fsb_chart_model_clear (&m);
  return intervals;
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
