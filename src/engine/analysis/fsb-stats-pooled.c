/* fsb-stats-pooled.c: one task's estimates on every filesystem that ran
 * it, with the noise pooled across them and outliers flagged
 *
 * fsb_stats_compute () judges each filesystem's samples on their own: the
 * interval of a median of 3 has t(0.975, 2) = 4.3, and one slow sample of
 * three (a first round still warming up, a busy moment of the host) makes
 * the standard deviation of the logs, and the interval with it, several
 * times wider: a 3× lead in random I/O ends up "cannot be told apart".
 * Two facts about a benchmark's noise make that needlessly weak:
 *
 *  - The noise is mostly the machine's, not the filesystem's: on the log
 *    scale the spread of one task is about the same on every filesystem
 *    (the measured runs: 0.02–0.2 for the same task on ext4, XFS and
 *    Btrfs, with no filesystem always the noisier). So the variance of
 *    the logs is pooled over every filesystem and round that ran the
 *    task: with three filesystems of 3 samples, 6 degrees of freedom
 *    instead of 2, and a filesystem with one sample borrows the rest's.
 *
 *  - A disturbed sample is an outlier, not noise: it is flagged when its
 *    log lies more than OUTLIER_SCALES robust scales (1.4826 × the median
 *    absolute deviation from each filesystem's median, pooled) and more
 *    than OUTLIER_FLOOR away from its filesystem's median. A flagged
 *    sample stays in the median (which it cannot move far) and in the
 *    result; only the variance leaves it out, and the caller can show it.
 *    At most (n − 1) / 2 samples of a series are flagged, the farthest:
 *    more than that are not outliers but the series' real spread.
 *
 * The pool assumes the filesystems are about equally noisy; one whose
 * kept samples vary more than NOISIER times the others' keeps its own
 * variance and degrees of freedom.
 *
 * Each filesystem's estimate is the log of its median, with variance
 * (π/2)·s²/n from the pooled s², as fsb_stats_compute's. Two estimates
 * that share one s² are not independent, so Welch–Satterthwaite, which
 * fsb_log_estimate_diff applies, would count its degrees of freedom d
 * twice; each estimate therefore carries d/2, which makes the difference
 * of two series of equal length come out at exactly d (and unequal ones
 * at less: on the cautious side). tests/test-stats.c checks the coverage
 * of the ratio with heavy tails and an outlier in 3, 5 and 10 samples,
 * and bench/verdict-sim the error rates of the verdict built on it. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fsb-stats.h"
#include "fsb-stats-private.h"

/* 1 / Φ⁻¹(3/4): the median absolute deviation of a normal is 0.6745 σ. */
#define MAD_SCALE 1.482602218505602
#define OUTLIER_SCALES 4.0
/* log (1.25): a sample within 25 % of its median is never an outlier,
 * however quiet the task (a scale of almost 0 would flag every sample). */
#define OUTLIER_FLOOR 0.22314355131420976
/* A filesystem whose own variance (kept samples) is more than this many
 * times the others' pooled is judged on its own variance and degrees of
 * freedom:
 * a busy moment that hit one filesystem's rounds more than the others'
 * must not borrow their quiet (twins were named a winner that way: ext4
 * 0.27–0.44 s copying a tree, its twin 0.26–0.33 s, the pool narrower
 * than ext4's own spread, 0.23 against 0.10 on logs). At equal noise
 * F(2, 2) exceeds 4 in 20 % of series of 3, F(4, 4) in 10 % of series of
 * 5: those lose the pool's degrees of freedom, on the cautious side. */
#define NOISIER 4.0

static double
median_of (double *v, guint n)
{
  fsb_stats_sort (v, n);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The log of each group's median, as fsb_stats_compute has it. */
static double
log_median (const double *values, guint n)
{
  g_autofree double *copy = g_memdup2 (values, sizeof (double) * n);

  return log (median_of (copy, n));
}

/* 1.4826 × the median of the absolute deviations from each group's
 * median, over every group of 3 or more (a group's own median, a zero
 * deviation by construction, left out); 0 when none has 3. */
static double
robust_scale (const double *const *values, const guint *n, guint k, const double *centre)
{
  g_autoptr(GArray) dev = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < k; i++)
    {
      gboolean skipped = n[i] % 2 == 0;

      if (n[i] < 3)
        continue;
      for (guint j = 0; j < n[i]; j++)
        {
          double d = fabs (log (values[i][j]) - centre[i]);

          if (!skipped && d == 0)
            {
              skipped = TRUE;
              continue;
            }
          g_array_append_val (dev, d);
        }
    }
  if (dev->len == 0)
    return 0;
  return MAD_SCALE * median_of ((double *) dev->data, dev->len);
}

typedef struct {
  guint  index;
  double dev;
} Deviation;

static int
compare_deviations (gconstpointer a, gconstpointer b)
{
  const Deviation *x = a, *y = b;

  return (x->dev < y->dev) - (x->dev > y->dev);
}

/* Flags group i's farthest samples past the limit, at most (n − 1) / 2. */
static guint
flag_group (const double *values, guint n, double centre, double limit, gboolean *flags)
{
  g_autofree Deviation *d = g_new (Deviation, MAX (n, 1));
  guint flagged = 0;

  for (guint j = 0; j < n; j++)
    {
      d[j].index = j;
      d[j].dev = fabs (log (values[j]) - centre);
      flags[j] = FALSE;
    }
  qsort (d, n, sizeof *d, compare_deviations);
  for (guint j = 0; n >= 3 && j < (n - 1) / 2 && d[j].dev > limit; j++)
    {
      flags[d[j].index] = TRUE;
      flagged++;
    }
  return flagged;
}

/* df_share: the share of each group's degrees of freedom left to its own
 * noise (1; (k − 1)/k once the rounds' effects were taken out). */
static guint
pool (const double *const *values, const guint *n, guint k, FsbLogEstimate *estimates,
      gboolean *const *flags, double df_share)
{
  g_autofree double *centre = g_new0 (double, MAX (k, 1));
  g_autofree gboolean **own = g_new0 (gboolean *, MAX (k, 1));
  g_autofree double *own_var = g_new0 (double, MAX (k, 1));
  g_autofree double *own_df = g_new0 (double, MAX (k, 1));
  double scale, ss = 0, d = 0;
  guint flagged = 0, present = 0;

  for (guint i = 0; i < k; i++)
    for (guint j = 0; j < n[i]; j++)
      if (!(values[i][j] > 0) || !isfinite (values[i][j]))
        {
          /* a value ≤ 0 has no log: each group on its own, linear */
          for (guint g = 0; g < k; g++)
            {
              FsbStats stats;

              fsb_stats_compute (values[g], n[g], &stats);
              estimates[g] = stats.estimate;
              for (guint s = 0; flags != NULL && flags[g] != NULL && s < n[g]; s++)
                flags[g][s] = FALSE;
            }
          return 0;
        }

  for (guint i = 0; i < k; i++)
    {
      present += n[i] > 0;
      centre[i] = n[i] > 0 ? log_median (values[i], n[i]) : NAN;
      own[i] = flags != NULL && flags[i] != NULL ? flags[i] : g_new0 (gboolean, MAX (n[i], 1));
    }
  scale = robust_scale (values, n, k, centre);
  for (guint i = 0; i < k; i++)
    flagged += flag_group (values[i], n[i], centre[i], MAX (OUTLIER_SCALES * scale, OUTLIER_FLOOR), own[i]);

  /* the variance of the logs about each group's mean, kept samples only */
  for (guint i = 0; i < k; i++)
    {
      double sum = 0, mean, own_ss = 0;
      guint kept = 0;

      for (guint j = 0; j < n[i]; j++)
        if (!own[i][j])
          {
            sum += log (values[i][j]);
            kept++;
          }
      if (kept < 2)
        continue;
      mean = sum / kept;
      for (guint j = 0; j < n[i]; j++)
        if (!own[i][j])
          own_ss += (log (values[i][j]) - mean) * (log (values[i][j]) - mean);
      ss += own_ss;
      d += (kept - 1) * df_share;
      own_var[i] = own_ss / ((kept - 1) * df_share);
      own_df[i] = (kept - 1) * df_share;
    }

  for (guint i = 0; i < k; i++)
    {
      estimates[i].log = centre[i];
      if (n[i] == 0 || d == 0)
        {
          estimates[i].var = INFINITY;
          estimates[i].df = 0;
        }
      else
        {
          /* a filesystem much noisier than the others keeps its own noise */
          double others_df = d - own_df[i];
          double others_var = others_df > 0 ? (ss - own_var[i] * own_df[i]) / others_df : INFINITY;
          gboolean alone = own_df[i] > 0 && own_var[i] > NOISIER * others_var;

          estimates[i].var = FSB_MEDIAN_SE_FACTOR * FSB_MEDIAN_SE_FACTOR * (alone ? own_var[i] : ss / d) / n[i];
          estimates[i].df = alone ? own_df[i] : present > 1 ? d / 2 : d;
        }
      if (flags == NULL || flags[i] == NULL)
        g_free (own[i]);
    }
  return flagged;
}

guint
fsb_stats_pool (const double *const *values, const guint *n, guint k, FsbLogEstimate *estimates,
                gboolean *const *flags)
{
  return pool (values, n, k, estimates, flags, 1.0);
}

/* The largest round number fsb_stats_pool_blocks () takes. */
#define MOST_BLOCKS 100000

/* Each block's effect on the logs, fitted with each group's level
 * (log v_ij = level_i + effect_b + noise) by alternating means, which
 * converge for a connected design and take one pass when it is balanced;
 * the effects' mean over the samples is 0. */
static void
fit_blocks (const double *const *values, const guint *n, guint k, const guint *const *blocks,
            gboolean *const *out, guint n_blocks, double *effect)
{
  g_autofree double *level = g_new0 (double, k);
  g_autofree double *sum = g_new0 (double, n_blocks);
  g_autofree guint *count = g_new0 (guint, n_blocks);
  guint total = 0;

  for (guint i = 0; i < k; i++)
    for (guint j = 0; j < n[i]; j++)
      if (!out[i][j])
        {
          count[blocks[i][j]]++;
          total++;
        }
  memset (effect, 0, n_blocks * sizeof *effect);
  for (guint pass = 0; pass < 1000 && total > 0; pass++)
    {
      double change = 0, mean = 0;

      for (guint i = 0; i < k; i++)
        {
          guint kept = 0;

          level[i] = 0;
          for (guint j = 0; j < n[i]; j++)
            if (!out[i][j])
              {
                level[i] += log (values[i][j]) - effect[blocks[i][j]];
                kept++;
              }
          level[i] /= MAX (kept, 1);
        }
      memset (sum, 0, n_blocks * sizeof *sum);
      for (guint i = 0; i < k; i++)
        for (guint j = 0; j < n[i]; j++)
          if (!out[i][j])
            sum[blocks[i][j]] += log (values[i][j]) - level[i];
      for (guint b = 0; b < n_blocks; b++)
        mean += sum[b] / total;
      for (guint b = 0; b < n_blocks; b++)
        {
          double e = count[b] > 0 ? sum[b] / count[b] - mean : 0;

          change = MAX (change, fabs (e - effect[b]));
          effect[b] = e;
        }
      if (change < 1e-12)
        break;
    }
}

/* The values less their rounds' effects, fitted without the samples out. */
static guint
pool_adjusted (const double *const *values, const guint *n, guint k, const guint *const *blocks,
               guint n_blocks, gboolean *const *out, double df_share, FsbLogEstimate *estimates,
               gboolean *const *flags)
{
  g_autofree double *effect = g_new0 (double, n_blocks);
  g_autofree double **adjusted = g_new0 (double *, k);
  guint flagged;

  fit_blocks (values, n, k, blocks, out, n_blocks, effect);
  for (guint i = 0; i < k; i++)
    {
      adjusted[i] = g_new (double, MAX (n[i], 1));
      for (guint j = 0; j < n[i]; j++)
        adjusted[i][j] = exp (log (values[i][j]) - effect[blocks[i][j]]);
    }
  flagged = pool ((const double *const *) adjusted, n, k, estimates, flags, df_share);
  for (guint i = 0; i < k; i++)
    g_free (adjusted[i]);
  return flagged;
}

guint
fsb_stats_pool_blocks (const double *const *values, const guint *n, guint k, const guint *const *blocks,
                       FsbLogEstimate *estimates, gboolean *const *flags)
{
  guint n_blocks = 0, total = 0, used = 0, shared = 0, flagged;
  g_autofree guint *count = NULL;
  g_autofree gboolean **out = NULL, **first = NULL;
  double df_share;

  for (guint i = 0; i < k; i++)
    for (guint j = 0; j < n[i]; j++)
      {
        if (!(values[i][j] > 0) || !isfinite (values[i][j]) || blocks[i][j] >= MOST_BLOCKS)
          return fsb_stats_pool (values, n, k, estimates, flags);
        n_blocks = MAX (n_blocks, blocks[i][j] + 1);
        total++;
      }
  if (k < 2)
    return fsb_stats_pool (values, n, k, estimates, flags);
  count = g_new0 (guint, MAX (n_blocks, 1));
  for (guint i = 0; i < k; i++)
    {
      g_autofree gboolean *seen = g_new0 (gboolean, MAX (n_blocks, 1));

      for (guint j = 0; j < n[i]; j++)
        {
          if (seen[blocks[i][j]])
            return fsb_stats_pool (values, n, k, estimates, flags);   /* twice in one round */
          seen[blocks[i][j]] = TRUE;
          count[blocks[i][j]]++;
        }
    }
  for (guint b = 0; b < n_blocks; b++)
    {
      used += count[b] > 0;
      shared += count[b] >= 2;
    }
  /* every group needs rounds it shares, or its level is its own alone */
  for (guint i = 0; i < k; i++)
    {
      guint in_shared = 0;

      for (guint j = 0; j < n[i]; j++)
        in_shared += count[blocks[i][j]] >= 2;
      if (n[i] > 0 && in_shared < 2)
        return fsb_stats_pool (values, n, k, estimates, flags);
    }
  /* Three rounds are too few to pair: a sample flagged takes its round
   * out of every group, and two pairs leave 1 degree of freedom (one
   * outlier of 4–10× in 3 made the interval ×990 wide, the pool's ×27:
   * tests/test-stats.c). */
  df_share = total > k ? (double) (total - k - (used - 1)) / (total - k) : 0;
  if (shared < FSB_ROUNDS_TO_PAIR || !(df_share > 0))
    return fsb_stats_pool (values, n, k, estimates, flags);

  /* The rounds' effects were estimated from the same logs: used − 1 of
   * the total − k degrees of freedom ((k − 1)/k of them when balanced).
   * A fit of means follows an outlier: a sample 5× slower lifts its
   * round's effect and its group's level, and through them every other
   * group's adjusted samples. So the samples the first pool flags are
   * left out of a second fit (their rounds' effects then come from the
   * others), and the second pool, which flags afresh, is the answer. */
  out = g_new0 (gboolean *, k);
  first = g_new0 (gboolean *, k);
  for (guint i = 0; i < k; i++)
    {
      out[i] = flags != NULL && flags[i] != NULL ? flags[i] : g_new0 (gboolean, MAX (n[i], 1));
      first[i] = g_new0 (gboolean, MAX (n[i], 1));
    }
  flagged = pool_adjusted (values, n, k, blocks, n_blocks, first, df_share, estimates, out);
  if (flagged > 0)
    {
      for (guint i = 0; i < k; i++)
        memcpy (first[i], out[i], MAX (n[i], 1) * sizeof (gboolean));
      flagged = pool_adjusted (values, n, k, blocks, n_blocks, first, df_share, estimates, out);
    }
  for (guint i = 0; i < k; i++)
    {
      if (flags == NULL || flags[i] == NULL)
        g_free (out[i]);
      g_free (first[i]);
    }
  return flagged;
}

guint
fsb_stats_pool_rounds (const double *const *values, const guint *n, guint k, FsbLogEstimate *estimates,
                       gboolean *const *flags)
{
  guint m = k > 0 ? n[0] : 0;
  g_autofree guint *rounds = g_new (guint, MAX (m, 1));
  g_autofree const guint **blocks = g_new0 (const guint *, MAX (k, 1));

  for (guint i = 0; i < k; i++)
    if (n[i] != m)
      return fsb_stats_pool (values, n, k, estimates, flags);
  for (guint j = 0; j < m; j++)
    rounds[j] = j;
  for (guint i = 0; i < k; i++)
    blocks[i] = rounds;
  return fsb_stats_pool_blocks (values, n, k, blocks, estimates, flags);
}
