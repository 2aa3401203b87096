/* fsb-stats-cycles.c: the noise a cycle shares among its tasks
 *
 * A filesystem's tasks of one round run one after another within a few
 * seconds (its cycle: mkfs, mount, each task after a cold remount). A slow
 * moment of the machine (another program's burst, the host's writeback)
 * slows all the tasks of that cycle together, and none of the other
 * filesystem's. The estimates of fsb-stats.c treat every task's median as
 * independent of the others', so a criterion's total, and the weighted
 * mean over criteria, understate their variance: six criteria that each
 * lean a few percent the same way, because one cycle of one filesystem was
 * slow, add up to an overall lead "past the margin". Measured on twins
 * (`fsbench-cli run --fs ext4,ext4 --profile quick`, a busy 2-core VM,
 * load 6–16): the logs of two tasks of one cycle correlate at 0.47 on
 * average, and the variance of a cycle's mean over its 16 tasks was 7.7
 * times what independence predicts. Twins were named a winner in 2 of 20
 * such runs.
 *
 * The model, on the log scale of each task's headline figure (oriented so
 * that higher is better, as the verdicts have it): a sample of task t in
 * cycle r of a filesystem is μ_t + u_r + e_tr, with u_r the cycle's shared
 * slowness, of variance τ², and e_tr each task's own noise. Then two
 * tasks' medians over n_t and n_s cycles, sharing k of them, covary by
 * about (π/2)·τ²·k/(n_t·n_s) (the median's factor of fsb-stats.c, on the
 * cautious side), and a weighted sum Σ c_t·log m_t gains
 *
 *   (π/2)·τ²·Σ_{t≠s} c_t·c_s·k_ts/(n_t·n_s)
 *
 * over its independent variance. τ² is estimated from the first W whole
 * cycles of the k filesystems (tasks measured once per cycle, and on
 * all), as the mean covariance of two tasks' residuals e_ftr: each task's
 * logs less their mean on that filesystem, then less the mean over the
 * filesystems of that round. The filesystems take turns within a round,
 * so a slow moment as long as a round slows them all and cancels in their
 * ratios (the warm-up of every first round, too): only what one
 * filesystem's cycle shared is left.
 *
 *   τ̂² = Σ_f Σ_r Σ_{t≠s} e_ftr·e_fsr / ((k − 1)·(W − 1)·T·(T − 1))
 *
 * unbiased, with (k − 1)(W − 1) degrees of freedom, and never below 0 (no
 * shared noise measured: none is added). Different filesystems run in
 * different cycles, so the term is each filesystem's own, and a ratio of
 * two adds both.
 * tests/test-stats.c checks the estimate and the coverage it restores;
 * bench/verdict-sim (its noise has slow cycles) the error rates. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fsb-catalog.h"
#include "fsb-host-state.h"
#include "fsb-stats.h"
#include "fsb-stats-private.h"

/* The score-oriented logs of task's first w samples of its headline
 * figure; FALSE when the task is not one sample per cycle, or a value
 * has no log. */
static gboolean
cycle_logs (FsbResult *result, FsbFsResult *fs, FsbTaskResult *task, guint w, double *logs)
{
  gboolean higher = FALSE;
  const char *metric;

  if (fsb_task_is_cycle_step (task->id) || fsb_task_criterion (task->id) == NULL ||
      task->samples->len < w || task->samples->len != fsb_result_task_cycles (result, fs, task->id))
    return FALSE;
  metric = fsb_task_metric (task->id, &higher);
  for (guint r = 0; r < w; r++)
    {
      const FsbSample *sample = task->samples->pdata[r];
      double v;

      if (!fsb_sample_counts (sample, fsb_task_result_drops_disturbed (task)) ||
          !fsb_sample_get (sample, metric, &v) || !(v > 0) || !isfinite (v))
        return FALSE;
      logs[r] = higher ? log (v) : -log (v);
    }
  return TRUE;
}

/* The residuals e[f][t][r] of the tasks every filesystem measured in
 * each of its first w whole cycles (each task's logs less their mean on
 * that filesystem); the number of tasks. */
static guint
residuals (FsbResult *result, GPtrArray *fss, guint w, double *e)
{
  FsbFsResult *first = fss->pdata[0];
  g_autofree double *logs = g_new (double, w);
  guint k = fss->len, used = 0;

  for (guint t = 0; t < first->tasks->len; t++)
    {
      const char *id = ((FsbTaskResult *) first->tasks->pdata[t])->id;
      gboolean all = TRUE;

      for (guint f = 0; f < k && all; f++)
        {
          FsbTaskResult *task = fsb_fs_result_get_task (fss->pdata[f], id, FALSE);
          double mean = 0;

          all = task != NULL && cycle_logs (result, fss->pdata[f], task, w, logs);
          for (guint r = 0; all && r < w; r++)
            mean += logs[r] / w;
          for (guint r = 0; all && r < w; r++)
            e[(f * first->tasks->len + used) * w + r] = logs[r] - mean;
        }
      used += all;
    }
  return used;
}

void
fsb_cycle_noise_estimate (FsbResult *result, FsbCycleNoise *out)
{
  g_autoptr(GPtrArray) fss = g_ptr_array_new ();
  g_autofree double *e = NULL;
  guint w = G_MAXUINT, k, n_tasks, stride;
  double q = 0;

  out->var = 0;
  out->df = 0;
  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = result->filesystems->pdata[f];
      guint cycles = fsb_result_whole_cycles (result, fs);

      if (fs->error == NULL && cycles >= 2)
        {
          g_ptr_array_add (fss, fs);
          w = MIN (w, cycles);
        }
    }
  k = fss->len;
  if (k == 0)
    return;
  stride = ((FsbFsResult *) fss->pdata[0])->tasks->len;
  e = g_new0 (double, (gsize) k * MAX (stride, 1) * w);
  n_tasks = residuals (result, fss, w, e);
  if (n_tasks < 2)
    return;
  /* Rounds: the filesystems took turns, so what slowed a whole round
   * slowed them all, and cancels in their ratios; only what a filesystem's
   * own cycle shared counts. Each residual less the mean of the round's
   * over the filesystems (with one filesystem, nothing to take away). */
  for (guint t = 0; k > 1 && t < n_tasks; t++)
    for (guint r = 0; r < w; r++)
      {
        double mean = 0;

        for (guint f = 0; f < k; f++)
          mean += e[(f * stride + t) * w + r] / k;
        for (guint f = 0; f < k; f++)
          e[(f * stride + t) * w + r] -= mean;
      }
  for (guint f = 0; f < k; f++)
    for (guint r = 0; r < w; r++)
      {
        double sum = 0, sq = 0;

        for (guint t = 0; t < n_tasks; t++)
          {
            double x = e[(f * stride + t) * w + r];

            sum += x;
            sq += x * x;
          }
        q += sum * sum - sq;
      }
  /* the residuals of a filesystem, a round and a task, centred both
   * ways, have (k − 1)(w − 1) degrees of freedom per task */
  out->df = (double) (k > 1 ? k - 1 : 1) * (w - 1);
  out->var = MAX (q / (out->df * n_tasks * (n_tasks - 1)), 0);
}

/* Focused rounds of fs that ran task. */
static gboolean
round_ran (const FsbFocusedRound *round, const char *fs, const char *task)
{
  return g_strv_contains ((const char *const *) round->filesystems, fs) &&
         (fsb_task_is_cycle_step (task) || g_strv_contains ((const char *const *) round->tasks, task));
}

double
fsb_cycle_covariance (FsbResult *result, FsbFsResult *fs, const char *const *tasks, const double *coef, guint n,
                      const FsbCycleNoise *noise)
{
  GPtrArray *focused = result->repetition_policy.focused;
  g_autofree guint *cycles = NULL;
  double whole, sum = 0;

  if (noise == NULL || !(noise->var > 0) || n < 2)
    return 0;
  whole = fsb_result_whole_cycles (result, fs);
  cycles = g_new0 (guint, n);
  for (guint t = 0; t < n; t++)
    cycles[t] = fsb_result_task_cycles (result, fs, tasks[t]);
  for (guint t = 0; t < n; t++)
    for (guint s = t + 1; s < n; s++)
      {
        double shared = whole;

        if (cycles[t] == 0 || cycles[s] == 0 || coef[t] == 0 || coef[s] == 0)
          continue;
        for (guint i = 0; i < focused->len; i++)
          shared += round_ran (focused->pdata[i], fs->name, tasks[t]) && round_ran (focused->pdata[i], fs->name, tasks[s]);
        sum += 2 * coef[t] * coef[s] * shared / ((double) cycles[t] * cycles[s]);
      }
  return FSB_MEDIAN_SE_FACTOR * FSB_MEDIAN_SE_FACTOR * noise->var * MAX (sum, 0);
}

void
fsb_log_estimate_add (FsbLogEstimate *e, double var, double df)
{
  double total;

  if (!(var > 0) || !isfinite (e->var))
    return;
  total = e->var + var;
  /* Welch–Satterthwaite of the two parts */
  if (df <= 0)
    e->df = 0;
  else if (e->df > 0)
    e->df = total * total / (e->var * e->var / e->df + var * var / df);
  e->var = total;
}
