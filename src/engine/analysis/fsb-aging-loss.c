/* fsb-aging-loss.c: the speed each task kept on the aged filesystem */
#include "config.h"

#include <math.h>

#include "fsb-aging-loss.h"
#include "fsb-catalog.h"
#include "fsb-recommend.h"
#include "fsb-stats.h"

static GArray *
task_values (const FsbTaskResult *task, const char *metric)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; task != NULL && i < task->samples->len; i++)
    {
      const FsbSample *sample = g_ptr_array_index (task->samples, i);
      double v;

      if (sample->error == NULL && fsb_sample_get (sample, metric, &v) && isfinite (v))
        g_array_append_val (values, v);
    }
  return values;
}

static gboolean
task_loss (const FsbFsResult *fs, const FsbTaskResult *aged, FsbAgingLoss *loss)
{
  const char *base = fsb_task_base_id (aged->id);
  FsbTaskResult *fresh = fsb_fs_result_get_task ((FsbFsResult *) fs, base, FALSE);
  gboolean higher = FALSE;
  const char *metric = fsb_task_metric (base, &higher);
  g_autoptr(GArray) f = task_values (fresh, metric);
  g_autoptr(GArray) a = task_values (aged, metric);
  double level = sqrt (FSB_AGING_LEVEL), f_lo, f_hi, a_lo, a_hi, cf, ca;
  FsbStats fs_stats, a_stats;

  if (f->len == 0 || a->len == 0)
    return FALSE;
  fsb_stats_compute ((double *) f->data, f->len, &fs_stats);
  fsb_stats_compute ((double *) a->data, a->len, &a_stats);
  if (fs_stats.median <= 0 || a_stats.median <= 0)
    return FALSE;
  cf = fsb_stats_median_interval ((double *) f->data, f->len, level, &f_lo, &f_hi);
  ca = fsb_stats_median_interval ((double *) a->data, a->len, level, &a_lo, &a_hi);

  loss->task = base;
  loss->metric = metric;
  loss->higher_is_better = higher;
  loss->fresh = fs_stats.median;
  loss->aged = a_stats.median;
  loss->n_fresh = f->len;
  loss->n_aged = a->len;
  loss->coverage = cf * ca;
  /* speed: a rate as it is, a time as its inverse */
  if (higher)
    {
      loss->kept = loss->aged / loss->fresh;
      loss->kept_low = f_hi > 0 ? a_lo / f_hi : 0;
      loss->kept_high = f_lo > 0 ? a_hi / f_lo : INFINITY;
    }
  else
    {
      loss->kept = loss->fresh / loss->aged;
      loss->kept_low = a_hi > 0 ? f_lo / a_hi : 0;
      loss->kept_high = a_lo > 0 ? f_hi / a_lo : INFINITY;
    }
  return TRUE;
}

static int
compare_losses (gconstpointer a, gconstpointer b)
{
  guint x = fsb_task_order (((const FsbAgingLoss *) a)->task);
  guint y = fsb_task_order (((const FsbAgingLoss *) b)->task);

  return (x > y) - (x < y);
}

GArray *
fsb_aging_losses (const FsbFsResult *fs)
{
  GArray *losses = g_array_new (FALSE, TRUE, sizeof (FsbAgingLoss));

  for (guint t = 0; t < fs->tasks->len; t++)
    {
      const FsbTaskResult *task = g_ptr_array_index (fs->tasks, t);
      FsbAgingLoss loss = { 0 };

      if (fsb_task_is_aged (task->id) && task_loss (fs, task, &loss))
        g_array_append_val (losses, loss);
    }
  g_array_sort (losses, compare_losses);
  return losses;
}

gboolean
fsb_aging_kept (const FsbFsResult *fs, double *kept, double *low, double *high)
{
  g_autoptr(GArray) losses = fsb_aging_losses (fs);
  double k = 0, lo = 0, hi = 0;

  if (losses->len == 0)
    return FALSE;
  for (guint i = 0; i < losses->len; i++)
    {
      const FsbAgingLoss *l = &g_array_index (losses, FsbAgingLoss, i);

      k += log (l->kept);
      lo += log (MAX (l->kept_low, 1e-9));
      hi += log (MIN (l->kept_high, 1e9));
    }
  *kept = exp (k / losses->len);
  *low = exp (lo / losses->len);
  *high = exp (hi / losses->len);
  return TRUE;
}

static void
score_free (FsbScore *s)
{
  g_free (s->fs);
  g_free (s);
}

/* The log of the speed fs kept, with its variance (fsb-stats.h): the mean
 * over its aged tasks of log (aged speed) − log (fresh speed). */
static gboolean
kept_estimate (const FsbFsResult *fs, FsbLogEstimate *out, guint *n_tasks)
{
  g_autoptr(GArray) parts = g_array_new (FALSE, FALSE, sizeof (FsbLogEstimate));

  for (guint t = 0; t < fs->tasks->len; t++)
    {
      const FsbTaskResult *aged = g_ptr_array_index (fs->tasks, t);
      const FsbTaskResult *fresh;
      gboolean higher = FALSE;
      const char *metric;
      FsbStats a, f;
      FsbLogEstimate diff;

      if (!fsb_task_is_aged (aged->id))
        continue;
      fresh = fsb_fs_result_get_task ((FsbFsResult *) fs, fsb_task_base_id (aged->id), FALSE);
      metric = fsb_task_metric (fsb_task_base_id (aged->id), &higher);
      if (fresh == NULL || !fsb_task_result_stats (NULL, aged, metric, &a) || !fsb_task_result_stats (NULL, fresh, metric, &f) ||
          !a.positive || !f.positive)
        continue;
      /* speed: a rate as it is, a time as its inverse */
      fsb_log_estimate_diff (higher ? &a.estimate : &f.estimate, higher ? &f.estimate : &a.estimate, &diff);
      g_array_append_val (parts, diff);
    }
  *n_tasks = parts->len;
  if (parts->len == 0)
    return FALSE;
  fsb_log_estimate_mean ((FsbLogEstimate *) parts->data, NULL, parts->len, out);
  return TRUE;
}

GPtrArray *
fsb_aging_ranking (FsbResult *result)
{
  GPtrArray *ranking = g_ptr_array_new_with_free_func ((GDestroyNotify) score_free);
  guint most = 0;

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      const FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      FsbScore *score;
      FsbLogEstimate e;
      guint n = 0;

      if (!kept_estimate (fs, &e, &n))
        continue;
      score = g_new0 (FsbScore, 1);
      score->fs = g_strdup (fs->name);
      score->estimate = e;
      score->value = exp (e.log) * 100;
      score->metric = "kept_percent";
      score->complete = n;   /* counted here, compared below */
      score->ratio = score->ratio_low = score->ratio_high = INFINITY;
      score->behind = FSB_COMPARE_BETTER;
      most = MAX (most, n);
      g_ptr_array_add (ranking, score);
    }
  /* complete: aged in as many tasks as any other */
  for (guint i = 0; i < ranking->len; i++)
    {
      FsbScore *s = ranking->pdata[i];
      s->complete = (guint) s->complete == most;
    }
  return ranking;
}
