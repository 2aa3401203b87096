/* test-stats-pooled.c: one task's estimates on several filesystems, the
 * noise pooled (fsb_stats_pool) or the rounds paired
 * (fsb_stats_pool_rounds), against known distributions */
#include "config.h"

#include <math.h>

#include "fsb-engine.h"
#include "fsb-stats.h"
#include "fsb-test-random.h"

/* Trials per coverage check: a true 95 % shows as 95 ± 0.7 % (2 σ). */
#define TRIALS 4000

/* Pooled estimates (fsb_stats_pool) -------------------------------------------- */

typedef enum { NOISE_NORMAL, NOISE_HEAVY, NOISE_OUTLIER } Noise;

/* k filesystems of n samples (σ 0.2 on logs), the first ratio times
 * slower; with NOISE_OUTLIER one sample of the first is 4–10× slower. */
static void
pooled_sample (GRand *rand, Noise noise, guint k, guint n, double ratio, double values[][16])
{
  for (guint f = 0; f < k; f++)
    for (guint i = 0; i < n; i++)
      {
        double e = noise == NOISE_HEAVY ? fsb_test_heavy (rand) : fsb_test_normal (rand);
        values[f][i] = (f == 0 ? ratio : 1.0) * exp (0.2 * e);
      }
  if (noise == NOISE_OUTLIER)
    values[0][g_rand_int_range (rand, 0, (gint32) n)] *= g_rand_double_range (rand, 4, 10);
}

/* How often the interval of the ratio of the first filesystem over the
 * second holds the true ratio; its mean width (high / low) in *width. */
static double
pooled_coverage (Noise noise, guint k, guint n, double *width, double *alone_width, double *flag_rate)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (31 * n + k + 7 * noise);
  double values[3][16], wsum = 0, asum = 0;
  guint hits = 0, flagged = 0;

  for (guint t = 0; t < TRIALS; t++)
    {
      const double *v[3] = { values[0], values[1], values[2] };
      const guint ns[3] = { n, n, n };
      FsbLogEstimate e[3], diff;
      double lo, hi;

      pooled_sample (rand, noise, k, n, 1.5, values);
      flagged += fsb_stats_pool (v, ns, k, e, NULL);
      fsb_log_estimate_diff (&e[0], &e[1], &diff);
      fsb_log_estimate_interval (&diff, &lo, &hi);
      hits += lo <= 1.5 && 1.5 <= hi;
      wsum += log (hi / lo);
      {
        FsbStats a, b;

        fsb_stats_compute (values[0], n, &a);
        fsb_stats_compute (values[1], n, &b);
        fsb_log_estimate_diff (&a.estimate, &b.estimate, &diff);
        fsb_log_estimate_interval (&diff, &lo, &hi);
        asum += log (hi / lo);
      }
    }
  /* geometric means: one useless interval would swamp an arithmetic one */
  *width = exp (wsum / TRIALS);
  *alone_width = exp (asum / TRIALS);
  *flag_rate = (double) flagged / (TRIALS * k * n);
  return (double) hits / TRIALS;
}

/* Coverage of the pooled ratio on known distributions: normal logs keep
 * 95 %; heavy tails and an outlier in 3, 5 and 10 samples stay near it,
 * and the outlier no longer makes the interval useless. */
static void
test_pooled_coverage (void)
{
  const guint sizes[] = { 3, 5, 10 };
  const char *names[] = { "normal", "heavy tails", "one outlier" };

  for (guint noise = NOISE_NORMAL; noise <= NOISE_OUTLIER; noise++)
    for (guint k = 2; k <= 3; k++)
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          double width, alone, flag_rate;
          double coverage = pooled_coverage (noise, k, sizes[i], &width, &alone, &flag_rate);

          g_test_message ("%s, %u filesystems of %u: %.1f %% hold the ratio, width ×%.2f (each alone ×%.2f), "
                          "%.2f %% flagged", names[noise], k, sizes[i], coverage * 100, width, alone, flag_rate * 100);
          g_assert_cmpfloat (coverage, >=, noise == NOISE_NORMAL ? 0.94 : 0.92);
          if (noise == NOISE_NORMAL)
            g_assert_cmpfloat (flag_rate, <, 0.01);
          /* an outlier of 4–10× in 3 samples: a ratio still told within ×2 */
          /* narrower than each filesystem alone; with an outlier, much narrower */
          g_assert_cmpfloat (width, <=, alone);
          if (noise == NOISE_OUTLIER && sizes[i] <= 5)
            g_assert_cmpfloat (log (width), <, 0.75 * log (alone));
        }
}

/* Rounds in which the filesystems took turns (fsb_stats_pool_rounds): a
 * slow moment of the machine (σ 0.5 on logs, shared by every filesystem's
 * sample of the round) on top of each sample's own noise (σ 0.05, normal,
 * heavy-tailed, or one outlier of 4–10× in the first filesystem). The
 * ratio's interval still holds the true ratio, and it is several times
 * narrower than the pool's, which counts the rounds' moments as noise.
 * (Three rounds are not paired: test_rounds_limits.) */
static double
rounds_coverage (Noise noise, guint k, guint n, double *width, double *pooled_width)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (97 * n + k + 13 * noise);
  double values[3][16], wsum = 0, psum = 0;
  guint hits = 0;

  for (guint t = 0; t < TRIALS; t++)
    {
      const double *v[3] = { values[0], values[1], values[2] };
      const guint ns[3] = { n, n, n };
      FsbLogEstimate e[3], diff;
      double lo, hi;

      for (guint j = 0; j < n; j++)
        {
          double slow = exp (0.5 * fabs (fsb_test_normal (rand)));

          for (guint f = 0; f < k; f++)
            values[f][j] = (f == 0 ? 1.5 : 1.0) * slow
                           * exp (0.05 * (noise == NOISE_HEAVY ? fsb_test_heavy (rand) : fsb_test_normal (rand)));
        }
      if (noise == NOISE_OUTLIER)
        values[0][g_rand_int_range (rand, 0, (gint32) n)] *= g_rand_double_range (rand, 4, 10);
      fsb_stats_pool_rounds (v, ns, k, e, NULL);
      fsb_log_estimate_diff (&e[0], &e[1], &diff);
      fsb_log_estimate_interval (&diff, &lo, &hi);
      hits += lo <= 1.5 && 1.5 <= hi;
      wsum += log (hi / lo);
      fsb_stats_pool (v, ns, k, e, NULL);
      fsb_log_estimate_diff (&e[0], &e[1], &diff);
      fsb_log_estimate_interval (&diff, &lo, &hi);
      psum += log (hi / lo);
    }
  *width = exp (wsum / TRIALS);
  *pooled_width = exp (psum / TRIALS);
  return (double) hits / TRIALS;
}

static void
test_rounds_coverage (void)
{
  const guint sizes[] = { 4, 5, 10 };
  const char *names[] = { "normal", "heavy tails", "one outlier" };

  for (guint noise = NOISE_NORMAL; noise <= NOISE_OUTLIER; noise++)
    for (guint k = 2; k <= 3; k++)
      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          double width, pooled;
          double coverage = rounds_coverage (noise, k, sizes[i], &width, &pooled);

          g_test_message ("rounds, %s, %u filesystems of %u: %.1f %% hold the ratio, width ×%.3f "
                          "(pooled without the rounds ×%.3f)", names[noise], k, sizes[i], coverage * 100, width,
                          pooled);
          g_assert_cmpfloat (coverage, >=, noise == NOISE_NORMAL ? 0.94 : 0.92);
          if (noise != NOISE_OUTLIER)
            g_assert_cmpfloat (log (width), <, 0.5 * log (pooled));
        }
}

/* Rounds not every filesystem ran (fsb_stats_pool_blocks): three
 * filesystems take turns for 3 rounds, then focused rounds leave the
 * third out (settled) and run the first two only. The same slow moments
 * (σ 0.5 on logs) and noise as above; true ratios 1.5 (first to second
 * and to third). Both intervals hold their ratio; the first two's is
 * several times narrower than the pool's. */
static double
blocks_coverage (Noise noise, guint extra, double *coverage_third, double *width, double *pooled_width)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (31 * extra + 7 * noise);
  double values[3][16], wsum = 0, psum = 0;
  guint rounds[3][16], hits = 0, hits_third = 0, m = 3 + extra;

  for (guint t = 0; t < TRIALS; t++)
    {
      const double *v[3] = { values[0], values[1], values[2] };
      const guint *b[3] = { rounds[0], rounds[1], rounds[2] };
      const guint ns[3] = { m, m, 3 };
      FsbLogEstimate e[3], diff;
      double lo, hi;

      for (guint j = 0; j < m; j++)
        {
          double slow = exp (0.5 * fabs (fsb_test_normal (rand)));

          for (guint f = 0; f < 3; f++)
            {
              values[f][j] = (f == 0 ? 1.5 : 1.0) * slow
                             * exp (0.05 * (noise == NOISE_HEAVY ? fsb_test_heavy (rand) : fsb_test_normal (rand)));
              rounds[f][j] = j;
            }
        }
      if (noise == NOISE_OUTLIER)
        values[0][g_rand_int_range (rand, 0, (gint32) m)] *= g_rand_double_range (rand, 4, 10);
      fsb_stats_pool_blocks (v, ns, 3, b, e, NULL);
      fsb_log_estimate_diff (&e[0], &e[1], &diff);
      fsb_log_estimate_interval (&diff, &lo, &hi);
      hits += lo <= 1.5 && 1.5 <= hi;
      wsum += log (hi / lo);
      fsb_log_estimate_diff (&e[0], &e[2], &diff);
      fsb_log_estimate_interval (&diff, &lo, &hi);
      hits_third += lo <= 1.5 && 1.5 <= hi;
      fsb_stats_pool (v, ns, 3, e, NULL);
      fsb_log_estimate_diff (&e[0], &e[1], &diff);
      fsb_log_estimate_interval (&diff, &lo, &hi);
      psum += log (hi / lo);
    }
  *width = exp (wsum / TRIALS);
  *pooled_width = exp (psum / TRIALS);
  *coverage_third = (double) hits_third / TRIALS;
  return (double) hits / TRIALS;
}

static void
test_blocks_coverage (void)
{
  const guint extras[] = { 1, 3, 7 };
  const char *names[] = { "normal", "heavy tails", "one outlier" };

  for (guint noise = NOISE_NORMAL; noise <= NOISE_OUTLIER; noise++)
    for (guint i = 0; i < G_N_ELEMENTS (extras); i++)
      {
        double width, pooled, third;
        double coverage = blocks_coverage (noise, extras[i], &third, &width, &pooled);

        g_test_message ("3 rounds of 3 filesystems and %u of 2, %s: %.1f %% hold the ratio of the two "
                        "(width ×%.3f, pooled ×%.3f), %.1f %% that to the third", extras[i], names[noise],
                        coverage * 100, width, pooled, third * 100);
        g_assert_cmpfloat (coverage, >=, noise == NOISE_NORMAL ? 0.94 : 0.92);
        g_assert_cmpfloat (third, >=, noise == NOISE_NORMAL ? 0.94 : 0.92);
        if (noise != NOISE_OUTLIER)
          g_assert_cmpfloat (log (width), <, 0.5 * log (pooled));
      }
}

/* Blocks that cannot be paired are pooled as they are: fewer than
 * FSB_ROUNDS_TO_PAIR rounds shared, a group in no shared round, or a
 * group twice in one round; balanced rounds pair as
 * fsb_stats_pool_rounds does. */
static void
test_blocks_limits (void)
{
  const double a[] = { 2.0, 6.0, 2.2, 4.0, 3.0 }, b[] = { 1.0, 3.1, 1.1, 2.0, 1.4 }, c[] = { 9.0, 5.0 };
  const guint r5[] = { 0, 1, 2, 3, 4 }, r_twice[] = { 0, 1, 2, 3, 3 }, r_lone[] = { 7, 8 };
  const double *v[3] = { a, b, c };
  const guint n[3] = { 5, 5, 2 }, n4[2] = { 4, 4 };
  const guint *blocks[3] = { r5, r5, r_lone }, *twice[2] = { r5, r_twice }, *four[2] = { r5, r5 };
  FsbLogEstimate e[3], p[3];

  /* balanced: the same as pool_rounds */
  fsb_stats_pool_blocks (v, n4, 2, four, e, NULL);
  fsb_stats_pool_rounds (v, n4, 2, p, NULL);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpfloat_with_epsilon (e[i].log, p[i].log, 1e-12);
      g_assert_cmpfloat_with_epsilon (e[i].var, p[i].var, 1e-12);
    }
  /* the third only in rounds of its own: no level to compare, pooled */
  fsb_stats_pool_blocks (v, n, 3, blocks, e, NULL);
  fsb_stats_pool (v, n, 3, p, NULL);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpfloat_with_epsilon (e[i].var, p[i].var, 1e-12);
  /* twice in one round */
  fsb_stats_pool_blocks (v, n, 2, twice, e, NULL);
  fsb_stats_pool (v, n, 2, p, NULL);
  g_assert_cmpfloat_with_epsilon (e[0].var, p[0].var, 1e-12);
}

/* Rounds that need pairing and rounds that cannot be paired: unequal
 * lengths or a value ≤ 0 are pooled as they are. A slow round shared by
 * both is not an outlier of either, and the ratio is the pairs' median. */
static void
test_rounds_limits (void)
{
  const double a[] = { 2.0, 6.0, 2.2, 4.0 }, b[] = { 1.0, 3.1, 1.1, 2.0 }, c[] = { 1.0, 3.1 };
  const double *v[2] = { a, b };
  const guint n[2] = { 4, 4 }, n_unequal[2] = { 4, 2 }, n_three[2] = { 3, 3 };
  const double *v_unequal[2] = { a, c };
  gboolean fa[4], fb[4];
  gboolean *flags[2] = { fa, fb };
  FsbLogEstimate e[2], p[2], diff;
  double lo, hi;

  g_assert_cmpuint (fsb_stats_pool_rounds (v, n, 2, e, flags), ==, 0);
  g_assert_false (fa[0] || fa[1] || fa[2] || fa[3] || fb[0] || fb[1] || fb[2] || fb[3]);
  fsb_log_estimate_diff (&e[0], &e[1], &diff);
  /* the pairs' ratios: 2.0, 1.935…, 2.0, 2.0; their median */
  g_assert_cmpfloat_with_epsilon (exp (diff.log), 2.0, 1e-9);
  fsb_log_estimate_interval (&diff, &lo, &hi);
  g_test_message ("paired 2.0: %.3f–%.3f", lo, hi);
  g_assert_cmpfloat (lo, >, 1.9);
  g_assert_cmpfloat (hi, <, 2.1);
  g_assert_cmpfloat_with_epsilon (diff.df, 3, 1e-9);
  /* unpaired, the slow round spreads both: the ratio is unsettled */
  fsb_stats_pool (v, n, 2, p, NULL);
  fsb_log_estimate_diff (&p[0], &p[1], &diff);
  fsb_log_estimate_interval (&diff, &lo, &hi);
  g_test_message ("pooled: %.3f–%.3f", lo, hi);
  g_assert_cmpfloat (hi / lo, >, 3);

  /* unequal lengths, or three rounds: the plain pool */
  fsb_stats_pool_rounds (v_unequal, n_unequal, 2, e, NULL);
  fsb_stats_pool (v_unequal, n_unequal, 2, p, NULL);
  g_assert_cmpfloat (e[0].log, ==, p[0].log);
  g_assert_cmpfloat (e[0].var, ==, p[0].var);
  fsb_stats_pool_rounds (v, n_three, 2, e, NULL);
  fsb_stats_pool (v, n_three, 2, p, NULL);
  g_assert_cmpfloat (e[0].log, ==, p[0].log);
  g_assert_cmpfloat (e[0].var, ==, p[0].var);
}

/* The case: one of three samples 10× slower. The per-filesystem
 * interval goes from 0.02–61.7 to a usable one; the sample is flagged,
 * not dropped (the estimate is still the median of all three). */
static void
test_pooled_outlier (void)
{
  const double a[] = { 1.00, 10.0, 1.02 }, b[] = { 1.01, 0.99, 1.03 };
  const double *v[2] = { a, b };
  const guint n[2] = { 3, 3 };
  gboolean fa[3], fb[3];
  gboolean *flags[2] = { fa, fb };
  FsbLogEstimate e[2], diff;
  FsbStats alone_a, alone_b;
  double lo, hi, alone_lo, alone_hi;

  g_assert_cmpuint (fsb_stats_pool (v, n, 2, e, flags), ==, 1);
  g_assert_false (fa[0]);
  g_assert_true (fa[1]);
  g_assert_false (fa[2] || fb[0] || fb[1] || fb[2]);
  g_assert_cmpfloat_with_epsilon (e[0].log, log (1.02), 1e-12);
  fsb_log_estimate_diff (&e[0], &e[1], &diff);
  fsb_log_estimate_interval (&diff, &lo, &hi);

  fsb_stats_compute (a, 3, &alone_a);
  fsb_stats_compute (b, 3, &alone_b);
  fsb_log_estimate_diff (&alone_a.estimate, &alone_b.estimate, &diff);
  fsb_log_estimate_interval (&diff, &alone_lo, &alone_hi);
  g_test_message ("alone %.3f–%.3f, pooled %.3f–%.3f", alone_lo, alone_hi, lo, hi);
  g_assert_cmpfloat (alone_hi / alone_lo, >, 50);
  g_assert_cmpfloat (hi / lo, <, 1.2);
  g_assert_cmpfloat (lo, <=, 1.0);
  g_assert_cmpfloat (hi, >=, 1.0);
}

/* Never more than (n − 1) / 2 of a series flagged, never one of two; a
 * value ≤ 0 falls back to each filesystem alone, nothing flagged; one
 * sample borrows the others' variance. */
static void
test_pooled_limits (void)
{
  const double wild[] = { 1, 50, 1.01, 70, 0.99 }, two[] = { 1, 40 }, one[] = { 2.0 };
  const double steady[] = { 1.0, 1.02, 0.98, 1.01 }, zero[] = { 0, 1, 2 };
  FsbLogEstimate e[2];
  gboolean flags[5];
  gboolean *fp[2] = { flags, NULL };

  {
    const double *v[2] = { wild, steady };
    const guint n[2] = { 5, 4 };
    g_assert_cmpuint (fsb_stats_pool (v, n, 2, e, fp), ==, 2);
    g_assert_true (flags[1] && flags[3]);
  }
  {
    const double *v[2] = { two, steady };
    const guint n[2] = { 2, 4 };
    g_assert_cmpuint (fsb_stats_pool (v, n, 2, e, NULL), ==, 0);
  }
  {
    const double *v[2] = { one, steady };
    const guint n[2] = { 1, 4 };
    g_assert_cmpuint (fsb_stats_pool (v, n, 2, e, NULL), ==, 0);
    g_assert_true (isfinite (e[0].var));
    g_assert_cmpfloat (e[0].var, >, e[1].var);
    g_assert_cmpfloat (e[0].df, ==, 1.5);
  }
  {
    const double *v[2] = { zero, steady };
    const guint n[2] = { 3, 4 };
    g_assert_cmpuint (fsb_stats_pool (v, n, 2, e, NULL), ==, 0);
    g_assert_cmpfloat (e[0].log, ==, 1.0);   /* linear: the median itself */
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stats-pooled/pooled-coverage", test_pooled_coverage);
  g_test_add_func ("/stats-pooled/pooled-outlier", test_pooled_outlier);
  g_test_add_func ("/stats-pooled/pooled-limits", test_pooled_limits);
  g_test_add_func ("/stats-pooled/rounds-coverage", test_rounds_coverage);
  g_test_add_func ("/stats-pooled/rounds-limits", test_rounds_limits);
  g_test_add_func ("/stats-pooled/blocks-coverage", test_blocks_coverage);
  g_test_add_func ("/stats-pooled/blocks-limits", test_blocks_limits);
  return g_test_run ();
}
