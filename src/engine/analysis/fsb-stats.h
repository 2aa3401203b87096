/* fsb-stats.h: statistics of a task's samples, and intervals that carry
 * their uncertainty from a median to a ratio between filesystems */
#pragma once

#include <glib.h>

#include "fsb-result.h"

G_BEGIN_DECLS

/* A result whose relative spread ((max - min) / median) exceeds this is
 * flagged as unsteady in the output. */
#define FSB_SPREAD_LARGE 0.25

/* The practical-equivalence margin: filesystems within 5 % of each other
 * are not told apart, however tight the interval. */
#define FSB_EQUIVALENCE_MARGIN 0.05

/* An estimate on the log scale: the log of a median (or of a total, a
 * mean of logs, a ratio), the variance of that log and its degrees of
 * freedom. var = INFINITY: nothing is known (a single sample); df =
 * INFINITY: the variance is exact (capacity, var 0). */
typedef struct {
  double log;
  double var;
  double df;
} FsbLogEstimate;

typedef struct {
  guint  n;
  double min;
  double median;
  double mean;
  double max;
  double stdev;
  double p99;
  /* The 95 % interval of the median (NaN when n < 2): see fsb-stats.c. */
  double ci95_low;
  double ci95_high;
  gboolean spread_large;
  /* The model behind the interval, for ratios between filesystems; with a
   * value ≤ 0 among the samples it is linear (estimate.log holds the
   * median itself) and positive is FALSE. */
  gboolean       positive;
  FsbLogEstimate estimate;
} FsbStats;

/* Statistics of one metric over a task's samples of result (NULL: a
 * machine not known); FALSE when no sample has it. The interval is kept to
 * what the metric allows (fsb_metric_range () with the result's cores), or
 * to the median where the median lies past that: every report, chart and
 * table reads it from here. */
gboolean       fsb_task_result_stats    (const FsbResult *result, const FsbTaskResult *task, const char *metric,
                                         FsbStats *stats);
/* The same of a transfer's rate ("mb_per_s") over its samples. */
gboolean       fsb_transfer_stats       (const FsbResult *result, const FsbTransfer *transfer, FsbStats *stats);
void           fsb_stats_compute        (const double *values, guint n, FsbStats *stats);
/* Keeps the interval's ends within [min, max]; the model behind it stays. */
void           fsb_stats_clamp          (FsbStats *stats, double min, double max);

/* The p-quantile of Student's t with df degrees of freedom (df may be
 * fractional, as Welch's; INFINITY gives the normal). */
double         fsb_t_quantile           (double p, double df);

/* One task on k filesystems (values[i]: the n[i] samples of the i-th):
 * each filesystem's estimate (the log of its median) with the variance of
 * the logs pooled over all of them, outliers left out of it
 * (fsb-stats-pooled.c). flags (NULL, or NULL entries): n[i] booleans each,
 * TRUE for a flagged sample. Returns how many were flagged. With a value
 * ≤ 0 anywhere, each filesystem is estimated on its own, as
 * fsb_stats_compute does, and nothing is flagged. */
guint          fsb_stats_pool           (const double *const *values, const guint *n, guint k,
                                         FsbLogEstimate *estimates, gboolean *const *flags);

/* The fewest rounds fsb_stats_pool_rounds () pairs. */
#define FSB_ROUNDS_TO_PAIR 4

/* The same for groups that took turns in rounds: values[i][j] of every
 * group was taken in round j, the groups back to back (the runner's
 * "turns"), so a slow moment of the machine moved them together. Each
 * round's effect (the mean of its logs over the groups) is taken out
 * before the estimates and the pooled noise: the ratio of two groups
 * becomes the median of their paired ratios, and its variance that of the
 * pairs, with (k − 1)(m − 1) degrees of freedom for m rounds. Groups of
 * unequal lengths, fewer than 2 groups or FSB_ROUNDS_TO_PAIR rounds, or a
 * value ≤ 0, are
 * pooled as fsb_stats_pool () does. The estimates are for ratios between
 * the groups only: their levels are each group's own less the rounds'. */
guint          fsb_stats_pool_rounds    (const double *const *values, const guint *n, guint k,
                                         FsbLogEstimate *estimates, gboolean *const *flags);
/* The same where not every group took part in every round (a focused
 * round leaves out the contenders already settled): blocks[i][j] is the
 * round values[i][j] was taken in (at most once per group). Each round's
 * effect is fitted with the groups' levels (an additive model of the
 * logs, fitted by alternating means) and taken out; rounds that only one
 * group ran tell nothing of the others, and cost what they carry. Paired
 * where at least FSB_ROUNDS_TO_PAIR rounds have 2 groups or more and each
 * group has 2 samples in such rounds; pooled as fsb_stats_pool () does
 * otherwise. Balanced rounds give what fsb_stats_pool_rounds () gives. */
guint          fsb_stats_pool_blocks    (const double *const *values, const guint *n, guint k,
                                         const guint *const *blocks, FsbLogEstimate *estimates,
                                         gboolean *const *flags);

/* Combining estimates (each FALSE-free: infinite variances propagate). */
/* log (Σ exp (parts[i].log)): a total of medians, by the delta method. */
void           fsb_log_estimate_total   (const FsbLogEstimate *parts, guint n, FsbLogEstimate *out);
/* Σ w_i·parts[i].log / Σ w_i (weights NULL: all 1): a weighted geometric mean. */
void           fsb_log_estimate_mean    (const FsbLogEstimate *parts, const double *weights, guint n,
                                         FsbLogEstimate *out);
/* a − b: the log of a ratio, Welch–Satterthwaite degrees of freedom. */
void           fsb_log_estimate_diff    (const FsbLogEstimate *a, const FsbLogEstimate *b, FsbLogEstimate *out);
/* exp (log ± t·√var): the ratio's 95 % interval (0 and INFINITY when unknown). */
void           fsb_log_estimate_interval (const FsbLogEstimate *e, double *low, double *high);

/* The noise a cycle of a filesystem shares among its tasks (a slow moment
 * of the machine slows them all): the variance τ² it adds to the log of
 * every task's sample, and the degrees of freedom of that estimate
 * (fsb-stats-cycles.c). */
typedef struct {
  double var;
  double df;
} FsbCycleNoise;

/* τ² from the whole cycles of every filesystem of result (0, df 0, when
 * fewer than 2 cycles of 2 tasks were measured anywhere). */
void           fsb_cycle_noise_estimate (FsbResult *result, FsbCycleNoise *out);
/* What the shared noise adds to the variance of Σ coef[i]·log median of
 * tasks[i] on fs: the covariances of the tasks' medians through the cycles
 * they shared. 0 with noise NULL or var 0. */
double         fsb_cycle_covariance     (FsbResult *result, FsbFsResult *fs, const char *const *tasks,
                                         const double *coef, guint n, const FsbCycleNoise *noise);
/* Adds an independent part of variance var with df degrees of freedom to
 * e (Welch–Satterthwaite). */
void           fsb_log_estimate_add     (FsbLogEstimate *e, double var, double df);

typedef enum {
  FSB_COMPARE_UNSETTLED,    /* the interval spans 1 and reaches past the margin */
  FSB_COMPARE_BETTER,       /* the whole interval lies above 1, not all of it within the margin */
  FSB_COMPARE_WORSE,        /* the whole interval lies below 1, not all of it within the margin */
  FSB_COMPARE_EQUIVALENT,   /* the whole interval lies within the margin (first: a settled tie) */
} FsbCompare;

/* What the log of a ratio says, against the equivalence margin. */
FsbCompare  fsb_log_estimate_compare (const FsbLogEstimate *diff, double margin);
/* The same at another two-sided level than 95 % (0.95 / m for one of m
 * comparisons, Bonferroni's or Holm's first step). */
FsbCompare  fsb_log_estimate_compare_at (const FsbLogEstimate *diff, double margin, double level);
/* The one-sided p-value of "the ratio is above 1 + margin" (1 when
 * nothing is known): below 0.025 exactly when the 95 % interval lies
 * above 1 + margin (margin 0: above 1, a lead however small). */
double         fsb_log_estimate_p_better (const FsbLogEstimate *diff, double margin);
/* Holm's step-down procedure on n p-values at familywise error alpha:
 * rejected[i] TRUE for each hypothesis it rejects; returns their count. */
guint          fsb_holm                 (const double *p, guint n, double alpha, gboolean *rejected);

/* A distribution-free interval for the median of n values: the order
 * statistics x(k) and x(n+1-k), with the largest k whose coverage
 * 1 - 2 P(Binomial(n, 1/2) < k) is at least level. Returns the coverage
 * the interval has: with too few values for level (fewer than 6 for 95 %),
 * the interval is the whole range and its coverage is lower (75 % for 3). */
double         fsb_stats_median_interval (const double *values, guint n, double level,
                                          double *low, double *high);

G_END_DECLS
