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
 * over its independent variance. τ² is estimated from the whole cycles of
 * every filesystem (tasks measured once per cycle), as the mean covariance
 * of two tasks' residuals (each task's logs less their mean):
 *
 *   τ̂² = Σ_f Σ_r Σ_{t≠s} e_tr·e_sr / Σ_f (W_f − 1)·T_f·(T_f − 1)
 *
 * unbiased, with Σ_f (W_f − 1) degrees of freedom, and never below 0 (no
 * shared noise measured: none is added). Different filesystems run in
 * different cycles, so the term is each filesystem's own, and a ratio of
 * two adds both. A slow moment shared by the filesystems of a round would
 * make their difference vary less, not more: left out, on the safe side.
 * tests/test-stats.c checks the estimate and the coverage it restores;
 * bench/verdict-sim (its noise has slow cycles) the error rates. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fsb-catalog.h"
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

      if (sample->error != NULL || !fsb_sample_get (sample, metric, &v) || !(v > 0) || !isfinite (v))
        return FALSE;
      logs[r] = higher ? log (v) : -log (v);
    }
  return TRUE;
}

void
fsb_cycle_noise_estimate (FsbResult *result, FsbCycleNoise *out)
{
  double q = 0, d = 0;

  out->var = 0;
  out->df = 0;
  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = result->filesystems->pdata[f];
      guint w = fsb_result_whole_cycles (result, fs), t_used = 0;
      g_autofree double *sum = NULL, *sq = NULL, *logs = NULL;

      if (w < 2)
        continue;
      sum = g_new0 (double, w);     /* Σ_t e_tr per cycle */
      sq = g_new0 (double, w);      /* Σ_t e_tr² per cycle */
      logs = g_new (double, w);
      for (guint t = 0; t < fs->tasks->len; t++)
        {
          double mean = 0;

          if (!cycle_logs (result, fs, fs->tasks->pdata[t], w, logs))
            continue;
          for (guint r = 0; r < w; r++)
            mean += logs[r] / w;
          for (guint r = 0; r < w; r++)
            {
              sum[r] += logs[r] - mean;
              sq[r] += (logs[r] - mean) * (logs[r] - mean);
            }
          t_used++;
        }
      if (t_used < 2)
        continue;
      for (guint r = 0; r < w; r++)
        q += sum[r] * sum[r] - sq[r];
      d += (double) (w - 1) * t_used * (t_used - 1);
      out->df += w - 1;
    }
  if (d > 0)
    out->var = MAX (q / d, 0);
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
