/* fsb-stats.c: statistics of a task's samples, and intervals that carry
 * their uncertainty from a median to a ratio between filesystems
 *
 * The interval of a median. Times and rates are positive and skewed, and
 * their noise is multiplicative (a busy moment makes everything 20 %
 * slower), so they are modelled on the log scale: log x ~ N(μ, σ²), whose
 * median is exp (μ). The interval is centred on the sample median:
 *
 *   exp (log median ± t(0.975, n−1) · √(π/2) · s / √n)
 *
 * where s is the standard deviation of the logs and √(π/2) the standard
 * error of a median relative to that of a mean (normal data, the large-n
 * limit; at small n the median varies less, so the interval errs wide).
 *
 * Why not an order-statistics interval or a bootstrap: with the 3 to 10
 * repetitions a run affords, no distribution-free 95 % interval of the
 * median exists below 6 samples (min–max covers 75 % at n = 3, 94 % at
 * n = 5), and a percentile bootstrap of 3 samples collapses to that same
 * min–max range. The t interval on logs keeps 95 % at every n ≥ 2 and is
 * honestly wide when n is small (t = 4.3 at n = 3). It is not robust to
 * an outlier: one slow repetition widens the interval, the verdict stays
 * unsettled and, with automatic repetitions, more are run. That errs
 * towards "tie", never towards a false winner.
 *
 * The same model gives the ratio between two filesystems (a difference of
 * logs, with Welch–Satterthwaite degrees of freedom), a section total (a
 * sum of medians, by the delta method) and a weighted geometric mean over
 * criteria. tests/test-stats.c checks the coverage on known distributions. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fsb-host-state.h"
#include "fsb-stats.h"
#include "fsb-stats-private.h"

int
fsb_stats_compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* A task's samples are a few dozen: sorted in place by insertion, without
 * qsort's call per comparison; both keep equal values in their order. */
#define INSERTION_SORT_MAX 64

void
fsb_stats_sort (double *values, guint n)
{
  if (n > INSERTION_SORT_MAX)
    {
      qsort (values, n, sizeof (double), fsb_stats_compare_doubles);
      return;
    }
  for (guint i = 1; i < n; i++)
    {
      double x = values[i];
      guint j = i;

      for (; j > 0 && values[j - 1] > x; j--)
        values[j] = values[j - 1];
      values[j] = x;
    }
}

/* Linear interpolation between closest ranks, as numpy's default. */
static double
percentile (const double *sorted, guint n, double p)
{
  double rank = p * (n - 1);
  guint lo = (guint) floor (rank);
  guint hi = lo + 1 < n ? lo + 1 : lo;

  double frac = rank - lo;

  /* weighted, not as a difference: that would overflow near DBL_MAX */
  return frac > 0 ? sorted[lo] * (1 - frac) + sorted[hi] * frac : sorted[lo];
}

/* Student's t ---------------------------------------------------------------- */

/* The continued fraction of the regularized incomplete beta function
 * (modified Lentz), as in Numerical Recipes' betacf. */
static double
beta_cf (double a, double b, double x)
{
  const double tiny = 1e-300;
  double qab = a + b, qap = a + 1, qam = a - 1;
  double c = 1, d = 1 - qab * x / qap, h;

  if (fabs (d) < tiny)
    d = tiny;
  d = 1 / d;
  h = d;
  for (int m = 1; m <= 300; m++)
    {
      int m2 = 2 * m;
      double aa = m * (b - m) * x / ((qam + m2) * (a + m2)), del;

      d = 1 + aa * d;
      d = fabs (d) < tiny ? 1 / tiny : 1 / d;
      c = 1 + aa / c;
      if (fabs (c) < tiny)
        c = tiny;
      h *= d * c;
      aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
      d = 1 + aa * d;
      d = fabs (d) < tiny ? 1 / tiny : 1 / d;
      c = 1 + aa / c;
      if (fabs (c) < tiny)
        c = tiny;
      del = d * c;
      h *= del;
      if (fabs (del - 1) < 1e-14)
        break;
    }
  return h;
}

static double
beta_inc (double a, double b, double x)
{
  double front;

  if (x <= 0)
    return 0;
  if (x >= 1)
    return 1;
  front = exp (lgamma (a + b) - lgamma (a) - lgamma (b) + a * log (x) + b * log1p (-x));
  if (x < (a + 1) / (a + b + 2))
    return front * beta_cf (a, b, x) / a;
  return 1 - front * beta_cf (b, a, 1 - x) / b;
}

/* P(T ≤ t) for t ≥ 0. */
static double
t_cdf (double t, double df)
{
  if (!isfinite (df))
    return 0.5 * erfc (-t / G_SQRT2);
  return 1 - 0.5 * beta_inc (df / 2, 0.5, df / (df + t * t));
}

static double t_quantile (double p, double df);

/* Every median's interval asks for t(0.975, n − 1): a table of them,
 * made once, keeps a result of many tasks and metrics quick to write. */
#define T_TABLE 1024

static const double *
t975_table (void)
{
  static gsize table;

  if (g_once_init_enter (&table))
    {
      double *t = g_new (double, T_TABLE);

      for (guint i = 1; i < T_TABLE; i++)
        t[i] = t_quantile (0.975, i);
      t[0] = INFINITY;
      g_once_init_leave (&table, (gsize) t);
    }
  return (const double *) table;
}

double
fsb_t_quantile (double p, double df)
{
  if (p == 0.975 && df >= 1 && df < T_TABLE && df == floor (df))
    return t975_table ()[(guint) df];
  return t_quantile (p, df);
}

static double
t_quantile (double p, double df)
{
  double lo = 0, hi = 1;

  g_return_val_if_fail (p > 0 && p < 1, NAN);
  if (isnan (df) || df <= 0)
    return p > 0.5 ? INFINITY : -INFINITY;
  if (p < 0.5)
    return -t_quantile (1 - p, df);
  if (p == 0.5)
    return 0;
  while (t_cdf (hi, df) < p && hi < 1e12)
    hi *= 2;
  /* Newton's steps on the bracket [lo, hi], halving it where a step would
   * leave it: some six evaluations where halving alone takes forty. */
  {
    double x = (lo + hi) / 2;
    double norm = isfinite (df) ? exp (lgamma ((df + 1) / 2) - lgamma (df / 2)) / sqrt (df * G_PI) : 1 / sqrt (2 * G_PI);

    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++)
      {
        double f = t_cdf (x, df) - p;
        double pdf = isfinite (df) ? norm * pow (1 + x * x / df, -(df + 1) / 2) : norm * exp (-x * x / 2);
        double next;

        if (f == 0)
          return x;
        if (f < 0)
          lo = x;
        else
          hi = x;
        next = pdf > 0 ? x - f / pdf : NAN;
        if (!(next > lo && next < hi))
          next = (lo + hi) / 2;
        if (fabs (next - x) <= 1e-13 * x)
          return next;
        x = next;
      }
    return x;
  }
}

/* Samples -------------------------------------------------------------------- */

void
fsb_stats_compute (const double *values, guint n, FsbStats *stats)
{
  g_autofree double *sorted = NULL;
  double sum = 0, sq = 0, t, se;

  memset (stats, 0, sizeof *stats);
  stats->n = n;
  stats->ci95_low = stats->ci95_high = NAN;
  stats->estimate.var = INFINITY;
  if (n == 0)
    {
      stats->estimate.log = NAN;
      return;
    }

  sorted = g_memdup2 (values, sizeof (double) * n);
  fsb_stats_sort (sorted, n);

  for (guint i = 0; i < n; i++)
    sum += sorted[i];
  stats->mean = sum / n;
  for (guint i = 0; i < n; i++)
    sq += (sorted[i] - stats->mean) * (sorted[i] - stats->mean);
  /* Sample standard deviation: repetitions are a sample of the runs. */
  stats->stdev = n > 1 ? sqrt (sq / (n - 1)) : 0.0;
  stats->min = sorted[0];
  stats->max = sorted[n - 1];
  stats->median = percentile (sorted, n, 0.5);
  stats->p99 = percentile (sorted, n, 0.99);
  stats->spread_large = n > 1 && stats->median > 0 &&
                        (stats->max - stats->min) / stats->median > FSB_SPREAD_LARGE;

  /* The interval's model: on logs when every value is positive. */
  stats->positive = sorted[0] > 0;
  if (stats->positive)
    {
      double lsum = 0, lsq = 0, lmean;

      for (guint i = 0; i < n; i++)
        lsum += log (sorted[i]);
      lmean = lsum / n;
      for (guint i = 0; i < n; i++)
        lsq += (log (sorted[i]) - lmean) * (log (sorted[i]) - lmean);
      stats->estimate.log = log (stats->median);
      se = n > 1 ? FSB_MEDIAN_SE_FACTOR * sqrt (lsq / (n - 1)) / sqrt (n) : INFINITY;
    }
  else
    {
      stats->estimate.log = stats->median;
      se = n > 1 ? FSB_MEDIAN_SE_FACTOR * stats->stdev / sqrt (n) : INFINITY;
    }
  stats->estimate.var = se * se;
  stats->estimate.df = n > 1 ? n - 1 : 0;
  if (n < 2)
    return;

  t = fsb_t_quantile (0.975, stats->estimate.df);
  if (stats->positive)
    {
      stats->ci95_low = exp (stats->estimate.log - t * se);
      stats->ci95_high = exp (stats->estimate.log + t * se);
    }
  else
    {
      stats->ci95_low = stats->median - t * se;
      stats->ci95_high = stats->median + t * se;
    }
}

void
fsb_stats_clamp (FsbStats *stats, double min, double max)
{
  /* NaN (no interval) stays NaN: CLAMP would make it a bound */
  if (!isnan (stats->ci95_low))
    stats->ci95_low = CLAMP (stats->ci95_low, min, max);
  if (!isnan (stats->ci95_high))
    stats->ci95_high = CLAMP (stats->ci95_high, min, max);
}

gboolean
fsb_task_result_stats (const FsbResult *result, const FsbTaskResult *task, const char *metric, FsbStats *stats)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean drop = fsb_task_result_drops_disturbed (task);
  double min, max;

  /* samples taken during a disturbance are shown, not estimated from,
   * while the task has quiet ones enough (fsb-host-state.c) */
  for (guint i = 0; i < task->samples->len; i++)
    {
      const FsbSample *sample = g_ptr_array_index (task->samples, i);
      double v;

      if (fsb_sample_counts (sample, drop) && fsb_sample_get (sample, metric, &v) && isfinite (v))
        g_array_append_val (values, v);
    }
  fsb_stats_compute ((const double *) values->data, values->len, stats);
  /* a CPU interval of 800 % on two cores, a time below 0: the model's
   * tails, not what the metric can be */
  fsb_metric_range (metric, result != NULL ? result->machine.cores : 0, &min, &max);
  /* a median past the range (cores recorded wrong) keeps its interval around it */
  if (values->len > 0)
    fsb_stats_clamp (stats, MIN (min, stats->median), MAX (max, stats->median));
  return values->len > 0;
}

gboolean
fsb_transfer_stats (const FsbResult *result, const FsbTransfer *transfer, FsbStats *stats)
{
  g_return_val_if_fail (transfer != NULL && stats != NULL, FALSE);

  return fsb_task_result_stats (result, transfer->task, "mb_per_s", stats);
}

/* Combining estimates ---------------------------------------------------------- */

/* Welch–Satterthwaite: the degrees of freedom of a sum of variances
 * parts[i] (already weighted), each with its own. */
static double
satterthwaite (const double *vars, const double *dfs, guint n)
{
  double num = 0, den = 0;

  for (guint i = 0; i < n; i++)
    {
      if (!isfinite (vars[i]))
        return 0;
      num += vars[i];
      if (vars[i] > 0 && isfinite (dfs[i]))
        den += vars[i] * vars[i] / MAX (dfs[i], 1e-9);
    }
  if (den <= 0)
    return INFINITY;
  return num * num / den;
}

static void
combine (const FsbLogEstimate *parts, const double *coef, guint n, double log, FsbLogEstimate *out)
{
  g_autofree double *vars = g_new (double, MAX (n, 1));
  g_autofree double *dfs = g_new (double, MAX (n, 1));
  double var = 0;

  for (guint i = 0; i < n; i++)
    {
      vars[i] = isfinite (parts[i].var) ? coef[i] * coef[i] * parts[i].var : INFINITY;
      /* a part that weighs nothing adds nothing, known or not */
      if (coef[i] == 0)
        vars[i] = 0;
      dfs[i] = parts[i].df;
      var += vars[i];
    }
  out->log = log;
  out->var = var;
  out->df = isfinite (var) ? satterthwaite (vars, dfs, n) : 0;
}

void
fsb_log_estimate_total (const FsbLogEstimate *parts, guint n, FsbLogEstimate *out)
{
  g_autofree double *coef = g_new (double, MAX (n, 1));
  double total = 0;

  for (guint i = 0; i < n; i++)
    total += exp (parts[i].log);
  /* d log T / d log m_i = m_i / T */
  for (guint i = 0; i < n; i++)
    coef[i] = total > 0 ? exp (parts[i].log) / total : 0;
  combine (parts, coef, n, total > 0 ? log (total) : -INFINITY, out);
}

void
fsb_log_estimate_mean (const FsbLogEstimate *parts, const double *weights, guint n, FsbLogEstimate *out)
{
  g_autofree double *coef = g_new (double, MAX (n, 1));
  double w = 0, sum = 0;

  for (guint i = 0; i < n; i++)
    w += weights != NULL ? weights[i] : 1;
  for (guint i = 0; i < n; i++)
    {
      coef[i] = w > 0 ? (weights != NULL ? weights[i] : 1) / w : 0;
      if (coef[i] != 0)
        sum += coef[i] * parts[i].log;
    }
  combine (parts, coef, n, sum, out);
}

void
fsb_log_estimate_diff (const FsbLogEstimate *a, const FsbLogEstimate *b, FsbLogEstimate *out)
{
  const FsbLogEstimate parts[2] = { *a, *b };
  const double coef[2] = { 1, -1 };

  combine (parts, coef, 2, a->log - b->log, out);
}

/* exp (log ± t(1 − (1 − level) / 2, df)·√var) */
static void
interval_at (const FsbLogEstimate *e, double level, double *low, double *high)
{
  double half;

  if (!isfinite (e->var) || e->df <= 0)
    {
      *low = 0;
      *high = INFINITY;
      return;
    }
  /* 0.975 as written: the table of fsb_t_quantile answers that one */
  half = fsb_t_quantile (level == 0.95 ? 0.975 : 1 - (1 - level) / 2, e->df) * sqrt (e->var);
  *low = exp (e->log - half);
  *high = exp (e->log + half);
}

void
fsb_log_estimate_interval (const FsbLogEstimate *e, double *low, double *high)
{
  interval_at (e, 0.95, low, high);
}

/* Two tests on one interval. Equivalence first: the whole interval within
 * the margin, a settled tie whatever side it leans to. Else superiority:
 * the whole interval above 1 (or below), ahead however little, with the
 * interval to say by how much. A lead had to lie wholly past the margin
 * once; then a ratio near the margin could never be settled: on a second
 * VM XFS led ext4 overall by 4.8 % [0.3 %, 9.4 %] and five default runs
 * of five ended "cannot be told apart yet", a lead shown that the rule
 * would not name, and no number of rounds would have settled it. Now
 * every interval narrow enough settles: one that lies in neither region
 * spans 1 and reaches past the margin. bench/verdict-sim counts the
 * winners twins get from it (in the rule's gates: a winner must also
 * lead clearly in some criterion, fsb-recommend.c). */
FsbCompare
fsb_log_estimate_compare_at (const FsbLogEstimate *diff, double margin, double level)
{
  double low, high, edge = 1 + margin;

  interval_at (diff, level, &low, &high);
  if (low >= 1 / edge && high <= edge)
    return FSB_COMPARE_EQUIVALENT;
  if (low > 1)
    return FSB_COMPARE_BETTER;
  if (high < 1)
    return FSB_COMPARE_WORSE;
  return FSB_COMPARE_UNSETTLED;
}

FsbCompare
fsb_log_estimate_compare (const FsbLogEstimate *diff, double margin)
{
  return fsb_log_estimate_compare_at (diff, margin, 0.95);
}

double
fsb_stats_median_interval (const double *values, guint n, double level, double *low, double *high)
{
  g_autofree double *sorted = NULL;
  double tail = 0, p = 1, coverage;
  guint k = 1;

  *low = *high = NAN;
  if (n == 0)
    return 0;
  sorted = g_memdup2 (values, sizeof (double) * n);
  fsb_stats_sort (sorted, n);

  /* tail: P(B < k), grown term by term while the interval keeps its level */
  for (guint i = 0; i < n; i++)
    p /= 2;                                /* P(B = 0) */
  tail = p;                                /* P(B < 1) */
  coverage = 1 - 2 * tail;
  for (guint j = 1; 2 * (j + 1) <= n + 1; j++)
    {
      double next_p = p * (n - j + 1) / j;   /* P(B = j) */
      double next_coverage = 1 - 2 * (tail + next_p);

      if (next_coverage < level)
        break;
      p = next_p;
      tail += next_p;
      coverage = next_coverage;
      k = j + 1;
    }
  *low = sorted[k - 1];
  *high = sorted[n - k];
  return MAX (coverage, 0);
}

/* Many claims at once ----------------------------------------------------------
 *
 * A winner is named when it is ahead overall of every other filesystem
 * and clearly ahead of each on some criterion the use case weighs. The
 * first part needs no correction: it claims every comparison at once (an
 * intersection), and it is wrong only if one of its comparisons is. The
 * second is a choice among m criteria for each of k − 1 others: with 6
 * criteria and 2 others, 12 chances of a "clearly ahead" by luck, each at
 * 2.5 %, which at equal speed names a winner's lead far more often than
 * 2.5 %. Holm's step-down procedure keeps the familywise error — the
 * chance that any of those claims is false — at α whatever the number of
 * claims and however they depend on each other: sort the n p-values,
 * reject the i-th smallest (from 1) while p ≤ α / (n − i + 1), stop at the
 * first that is not. It rejects all that Bonferroni (each at α / n) does,
 * and more when several are clear. tests/test-stats.c checks the
 * familywise error on known distributions. */

double
fsb_log_estimate_p_better (const FsbLogEstimate *diff, double margin)
{
  double t;

  if (!isfinite (diff->var) || diff->df <= 0 || isnan (diff->log))
    return 1;
  if (diff->var <= 0)
    return diff->log > log1p (margin) ? 0 : 1;
  t = (diff->log - log1p (margin)) / sqrt (diff->var);
  return t >= 0 ? 1 - t_cdf (t, diff->df) : t_cdf (-t, diff->df);
}

guint
fsb_holm (const double *p, guint n, double alpha, gboolean *rejected)
{
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  guint count = 0;

  for (guint i = 0; i < n; i++)
    {
      guint j = i;

      /* insertion by p, ties in their order */
      for (; j > 0 && p[order[j - 1]] > p[i]; j--)
        order[j] = order[j - 1];
      order[j] = i;
      rejected[i] = FALSE;
    }
  for (guint i = 0; i < n && p[order[i]] <= alpha / (n - i); i++)
    {
      rejected[order[i]] = TRUE;
      count++;
    }
  return count;
}
