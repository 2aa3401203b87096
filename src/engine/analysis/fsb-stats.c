/* fsb-stats.c: statistics of a task's samples */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fsb-stats.h"

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Linear interpolation between closest ranks, as numpy's default. */
static double
percentile (const double *sorted, guint n, double p)
{
  double rank = p * (n - 1);
  guint lo = (guint) floor (rank);
  guint hi = lo + 1 < n ? lo + 1 : lo;

  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

void
fsb_stats_compute (const double *values, guint n, FsbStats *stats)
{
  g_autofree double *sorted = NULL;
  double sum = 0, sq = 0;

  memset (stats, 0, sizeof *stats);
  stats->n = n;
  if (n == 0)
    return;

  sorted = g_memdup2 (values, sizeof (double) * n);
  qsort (sorted, n, sizeof (double), compare_doubles);

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
}

gboolean
fsb_task_result_stats (const FsbTaskResult *task, const char *metric, FsbStats *stats)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < task->samples->len; i++)
    {
      const FsbSample *sample = g_ptr_array_index (task->samples, i);
      double v;

      if (sample->error == NULL && fsb_sample_get (sample, metric, &v))
        g_array_append_val (values, v);
    }
  fsb_stats_compute ((const double *) values->data, values->len, stats);
  return values->len > 0;
}

gboolean
fsb_stats_overlap (const FsbStats *a, const FsbStats *b)
{
  return a->min <= b->max && b->min <= a->max;
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
  qsort (sorted, n, sizeof (double), compare_doubles);

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
