/* fsb-stats.h: statistics of a task's samples */
#pragma once

#include <glib.h>

#include "fsb-result.h"

G_BEGIN_DECLS

/* A result whose relative spread ((max - min) / median) exceeds this is
 * flagged as unsteady in the output. */
#define FSB_SPREAD_LARGE 0.25

typedef struct {
  guint  n;
  double min;
  double median;
  double mean;
  double max;
  double stdev;
  double p99;
  gboolean spread_large;
} FsbStats;

/* Statistics of one metric over a task's samples; FALSE when no sample has it. */
gboolean       fsb_task_result_stats    (const FsbTaskResult *task, const char *metric, FsbStats *stats);
void           fsb_stats_compute        (const double *values, guint n, FsbStats *stats);
/* A distribution-free interval for the median of n values: the order
 * statistics x(k) and x(n+1-k), with the largest k whose coverage
 * 1 - 2 P(Binomial(n, 1/2) < k) is at least level. Returns the coverage
 * the interval has: with too few values for level (fewer than 6 for 95 %),
 * the interval is the whole range and its coverage is lower (75 % for 3). */
double         fsb_stats_median_interval (const double *values, guint n, double level,
                                          double *low, double *high);
/* TRUE when the min–max ranges of a and b overlap: a tie. */
gboolean       fsb_stats_overlap        (const FsbStats *a, const FsbStats *b);

G_END_DECLS
