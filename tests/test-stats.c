/* test-stats.c: the intervals of fsb-stats.c against known distributions */
#include "config.h"

#include <math.h>

#include "fsb-engine.h"
#include "fsb-stats.h"
#include "fsb-test-random.h"

/* Trials per coverage check: a true 95 % shows as 95 ± 0.7 % (2 σ). */
#define TRIALS 4000

static void
lognormal_sample (GRand *rand, double median, double sigma, double *out, guint n)
{
  for (guint i = 0; i < n; i++)
    out[i] = median * exp (sigma * fsb_test_normal (rand));
}

static void
test_t_quantiles (void)
{
  /* Tables of Student's t, two-sided 95 %. */
  g_assert_cmpfloat_with_epsilon (fsb_t_quantile (0.975, 1), 12.7062, 1e-3);
  g_assert_cmpfloat_with_epsilon (fsb_t_quantile (0.975, 2), 4.3027, 1e-3);
  g_assert_cmpfloat_with_epsilon (fsb_t_quantile (0.975, 5), 2.5706, 1e-3);
  g_assert_cmpfloat_with_epsilon (fsb_t_quantile (0.975, 9), 2.2622, 1e-3);
  g_assert_cmpfloat_with_epsilon (fsb_t_quantile (0.975, 30), 2.0423, 1e-3);
  g_assert_cmpfloat_with_epsilon (fsb_t_quantile (0.975, INFINITY), 1.95996, 1e-4);
  g_assert_cmpfloat_with_epsilon (fsb_t_quantile (0.025, 5), -2.5706, 1e-3);
  g_assert_cmpfloat_with_epsilon (fsb_t_quantile (0.5, 3), 0, 1e-12);
  /* Welch's fractional degrees of freedom fall between the integers. */
  g_assert_cmpfloat (fsb_t_quantile (0.975, 4.5), <, fsb_t_quantile (0.975, 4));
  g_assert_cmpfloat (fsb_t_quantile (0.975, 4.5), >, fsb_t_quantile (0.975, 5));
  g_assert_true (isinf (fsb_t_quantile (0.975, 0)));
}

/* The median's interval holds the true median of a log-normal in at
 * least 95 % of samples of 3, 5 and 10, and is not uselessly wide. */
static void
check_median_coverage (double sigma, guint n, double *coverage)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242 + n);
  double values[16];
  guint hits = 0;

  for (guint t = 0; t < TRIALS; t++)
    {
      FsbStats s;

      lognormal_sample (rand, 2.0, sigma, values, n);
      fsb_stats_compute (values, n, &s);
      g_assert_true (s.positive);
      g_assert_cmpfloat (s.ci95_low, <=, s.median);
      g_assert_cmpfloat (s.ci95_high, >=, s.median);
      hits += s.ci95_low <= 2.0 && 2.0 <= s.ci95_high;
    }
  *coverage = (double) hits / TRIALS;
}

static void
test_median_interval (void)
{
  const guint sizes[] = { 3, 5, 10 };
  const double sigmas[] = { 0.05, 0.4 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint j = 0; j < G_N_ELEMENTS (sigmas); j++)
      {
        double coverage;

        check_median_coverage (sigmas[j], sizes[i], &coverage);
        g_test_message ("n = %u, σ = %.2f: %.1f %% of the intervals hold the median",
                        sizes[i], sigmas[j], coverage * 100);
        g_assert_cmpfloat (coverage, >=, 0.94);
        g_assert_cmpfloat (coverage, <=, 0.995);
      }
}

/* Normal data with a small coefficient of variation, as steady timings
 * are: the log model holds it too. */
static void
test_median_interval_normal (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  guint hits = 0;

  for (guint t = 0; t < TRIALS; t++)
    {
      double values[5];
      FsbStats s;

      for (guint i = 0; i < 5; i++)
        values[i] = 10 + 0.5 * fsb_test_normal (rand);
      fsb_stats_compute (values, 5, &s);
      hits += s.ci95_low <= 10 && 10 <= s.ci95_high;
    }
  g_test_message ("normal, n = 5: %.1f %%", 100.0 * hits / TRIALS);
  g_assert_cmpfloat ((double) hits / TRIALS, >=, 0.94);
}

/* Single samples have no interval; non-positive values a linear one. */
static void
test_degenerate (void)
{
  const double one[] = { 3.0 };
  const double same[] = { 2.0, 2.0, 2.0 };
  const double zeros[] = { 0.0, 1.0, 2.0 };
  FsbStats s;

  fsb_stats_compute (one, 1, &s);
  g_assert_true (isnan (s.ci95_low) && isnan (s.ci95_high));
  g_assert_true (isinf (s.estimate.var));
  g_assert_cmpint (fsb_log_estimate_compare (&s.estimate, FSB_EQUIVALENCE_MARGIN), ==, FSB_COMPARE_UNSETTLED);

  fsb_stats_compute (same, 3, &s);
  g_assert_cmpfloat (s.ci95_low, ==, 2.0);
  g_assert_cmpfloat (s.ci95_high, ==, 2.0);

  fsb_stats_compute (zeros, 3, &s);
  g_assert_false (s.positive);
  g_assert_cmpfloat (s.ci95_low, <, 1.0);
  g_assert_cmpfloat (s.ci95_high, >, 1.0);
}

/* The ratio of two filesystems' medians: its interval holds the true
 * ratio (1.3) in at least 95 % of pairs of samples. */
static void
test_ratio_interval (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  const guint sizes[] = { 3, 6 };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k], hits = 0;

      for (guint t = 0; t < TRIALS; t++)
        {
          double a[8], b[8], lo, hi;
          FsbStats sa, sb;
          FsbLogEstimate diff;

          lognormal_sample (rand, 1.3, 0.1, a, n);
          lognormal_sample (rand, 1.0, 0.3, b, n);
          fsb_stats_compute (a, n, &sa);
          fsb_stats_compute (b, n, &sb);
          fsb_log_estimate_diff (&sa.estimate, &sb.estimate, &diff);
          fsb_log_estimate_interval (&diff, &lo, &hi);
          hits += lo <= 1.3 && 1.3 <= hi;
        }
      g_test_message ("ratio, n = %u each: %.1f %%", n, 100.0 * hits / TRIALS);
      g_assert_cmpfloat ((double) hits / TRIALS, >=, 0.94);
    }
}

/* A section total (a long task and a short one): the delta method's
 * interval holds the total of the true medians. */
static void
test_total_interval (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  guint hits = 0;

  for (guint t = 0; t < TRIALS; t++)
    {
      double a[4], b[4], lo, hi;
      FsbStats sa, sb;
      FsbLogEstimate parts[2], total;

      lognormal_sample (rand, 10.0, 0.15, a, 4);
      lognormal_sample (rand, 1.0, 0.5, b, 4);
      fsb_stats_compute (a, 4, &sa);
      fsb_stats_compute (b, 4, &sb);
      parts[0] = sa.estimate;
      parts[1] = sb.estimate;
      fsb_log_estimate_total (parts, 2, &total);
      g_assert_cmpfloat_with_epsilon (exp (total.log), sa.median + sb.median, 1e-9);
      fsb_log_estimate_interval (&total, &lo, &hi);
      hits += lo <= 11.0 && 11.0 <= hi;
    }
  g_test_message ("total of two medians, n = 4: %.1f %%", 100.0 * hits / TRIALS);
  g_assert_cmpfloat ((double) hits / TRIALS, >=, 0.93);
}

/* Winner, equivalent, unsettled: the interval decides, not the point. */
static void
test_compare (void)
{
  FsbLogEstimate clear = { log (1.5), 0.01 * 0.01, 4 };
  FsbLogEstimate close = { log (1.02), 0.005 * 0.005, 10 };
  FsbLogEstimate vague = { log (1.04), 0.05 * 0.05, 4 };
  FsbLogEstimate behind = { log (0.5), 0.01 * 0.01, 4 };
  FsbLogEstimate exact = { log (1.03), 0, INFINITY };
  /* 4.8 % [0.3 %, 9.4 %]: ahead, though maybe by less than the margin */
  FsbLogEstimate near = { log (1.048), 0.02 * 0.02, 10 };
  /* and behind by as much, the other way round */
  FsbLogEstimate near_behind = { -log (1.048), 0.02 * 0.02, 10 };
  /* 3 % [0.5 %, 5.6 %]: ahead of 1 and reaching past the margin */
  FsbLogEstimate lean = { log (1.03), 0.012 * 0.012, 10 };
  /* 2 % [1 %, 3 %]: ahead of 1 too, but all of it within the margin */
  FsbLogEstimate small = { log (1.02), 0.0045 * 0.0045, 10 };
  double low, high;
  FsbLogEstimate parts[2] = { clear, exact }, mean;
  const double weights[2] = { 3, 1 };

  g_assert_cmpint (fsb_log_estimate_compare (&clear, 0.05), ==, FSB_COMPARE_BETTER);
  g_assert_cmpint (fsb_log_estimate_compare (&close, 0.05), ==, FSB_COMPARE_EQUIVALENT);
  g_assert_cmpint (fsb_log_estimate_compare (&vague, 0.05), ==, FSB_COMPARE_UNSETTLED);
  g_assert_cmpint (fsb_log_estimate_compare (&behind, 0.05), ==, FSB_COMPARE_WORSE);
  /* an exact 3 % is within the margin: equivalent, however exact */
  g_assert_cmpint (fsb_log_estimate_compare (&exact, 0.05), ==, FSB_COMPARE_EQUIVALENT);
  /* ahead wholly above 1, reaching past the margin: a lead, as the
   * interval says; never open for good at a ratio near the margin */
  fsb_log_estimate_interval (&near, &low, &high);
  g_assert_cmpfloat (low, >, 1);
  g_assert_cmpfloat (low, <, 1.05);
  g_assert_cmpint (fsb_log_estimate_compare (&near, 0.05), ==, FSB_COMPARE_BETTER);
  g_assert_cmpint (fsb_log_estimate_compare (&near_behind, 0.05), ==, FSB_COMPARE_WORSE);
  g_assert_cmpint (fsb_log_estimate_compare (&lean, 0.05), ==, FSB_COMPARE_BETTER);
  /* equivalence comes first: a lead all within the margin is a tie */
  fsb_log_estimate_interval (&small, &low, &high);
  g_assert_cmpfloat (low, >, 1);
  g_assert_cmpint (fsb_log_estimate_compare (&small, 0.05), ==, FSB_COMPARE_EQUIVALENT);
  /* at a lower level (a wider interval) the same lean spans 1 */
  g_assert_cmpint (fsb_log_estimate_compare_at (&lean, 0.05, 0.99), ==, FSB_COMPARE_UNSETTLED);

  /* a weighted geometric mean: weights 3 and 1 */
  fsb_log_estimate_mean (parts, weights, 2, &mean);
  g_assert_cmpfloat_with_epsilon (mean.log, (3 * log (1.5) + log (1.03)) / 4, 1e-12);
  g_assert_cmpfloat_with_epsilon (mean.var, 9.0 / 16 * 0.0001, 1e-15);
  g_assert_cmpfloat_with_epsilon (mean.df, 4, 1e-9);
}

/* The interval is kept to what the metric can be: a time never below 0
 * (a 0 among the samples makes the model linear), a task's CPU never past
 * 100 % per core of the machine the result says it ran on. */
static void
add_samples (FsbTaskResult *task, const char *metric, const double *values, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      FsbSample *sample = fsb_sample_new ();

      fsb_sample_set (sample, metric, values[i]);
      g_ptr_array_add (task->samples, sample);
    }
}

static void
test_clamped_interval (void)
{
  g_autoptr(FsbResult) r = fsb_result_new ();
  FsbFsResult *fs = fsb_result_add_filesystem (r, "ext4");
  FsbTaskResult *mount = fsb_fs_result_get_task (fs, "mount", TRUE);
  FsbTaskResult *copy = fsb_fs_result_get_task (fs, "big-copy-in", TRUE);
  const double times[] = { 0, 0.05 }, cpu[] = { 20, 190 };
  double min, max;
  FsbStats s;

  add_samples (mount, "wall_s", times, G_N_ELEMENTS (times));
  add_samples (copy, "cpu_percent", cpu, G_N_ELEMENTS (cpu));
  r->machine.cores = 2;

  /* the model alone reaches below 0 and past 200 % */
  fsb_stats_compute (times, G_N_ELEMENTS (times), &s);
  g_assert_cmpfloat (s.ci95_low, <, 0);
  fsb_stats_compute (cpu, G_N_ELEMENTS (cpu), &s);
  g_assert_cmpfloat (s.ci95_high, >, 200);

  g_assert_true (fsb_task_result_stats (r, mount, "wall_s", &s));
  g_assert_cmpfloat (s.ci95_low, ==, 0);
  g_assert_cmpfloat (s.ci95_high, >, s.median);
  g_assert_cmpfloat (s.median, ==, 0.025);
  g_assert_true (fsb_task_result_stats (r, copy, "cpu_percent", &s));
  g_assert_cmpfloat (s.ci95_high, ==, 200);
  g_assert_cmpfloat (s.ci95_low, >=, 0);
  g_assert_cmpfloat (s.median, ==, 105);
  /* cores not known: as many as a result may have, 1,024 */
  g_assert_true (fsb_task_result_stats (NULL, copy, "cpu_percent", &s));
  g_assert_cmpfloat (s.ci95_high, >, 200);
  g_assert_cmpfloat (s.ci95_high, <=, 102400);

  /* a median of 105 % on what the result calls one core: the interval
   * stops at the median, not below it */
  r->machine.cores = 1;
  g_assert_true (fsb_task_result_stats (r, copy, "cpu_percent", &s));
  g_assert_cmpfloat (s.ci95_high, ==, 105);
  g_assert_cmpfloat (s.ci95_low, <=, 105);

  fsb_metric_range ("system_cpu_percent", 2, &min, &max);
  g_assert_cmpfloat (min, ==, 0);
  g_assert_cmpfloat (max, ==, 100);
  fsb_metric_range ("mb_per_s", 2, &min, &max);
  g_assert_cmpfloat (min, ==, 0);
  fsb_metric_range ("minor_faults", 0, &min, &max);
  g_assert_cmpfloat (min, ==, 0);
}

/* Twins whose cycles are slow together: a result of 2 filesystems, w whole
 * cycles of the big-file and tree tasks (times, as the core group has
 * them), each sample exp (σ·e + u_r) with u_r ~ N(0, τ²) shared by the
 * tasks of the filesystem's cycle r. */
static const char *cycle_tasks[] = { "big-copy-in", "big-recopy", "big-delete", "tree-copy-in", "tree-recopy",
                                     "tree-list", "tree-find", "tree-delete" };
#define N_CYCLE_TASKS G_N_ELEMENTS (cycle_tasks)

static FsbResult *
cycles_result (GRand *rand, guint w, double sigma, double tau, double round_tau)
{
  FsbResult *r = fsb_result_new ();
  double round[16];

  r->repetitions = w;
  /* a slow moment as long as a round: both filesystems' cycles of it */
  for (guint c = 0; c < w; c++)
    round[c] = round_tau * fsb_test_normal (rand);
  for (guint f = 0; f < 2; f++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (r, f == 0 ? "ext4 (1)" : "ext4 (2)");
      FsbTaskResult *mkfs = fsb_fs_result_get_task (fs, "mkfs", TRUE);
      double u[16];

      for (guint c = 0; c < w; c++)
        {
          FsbSample *s = fsb_sample_new ();

          fsb_sample_set (s, "wall_s", 0.2);
          g_ptr_array_add (mkfs->samples, s);
          u[c] = tau * fsb_test_normal (rand) + round[c];
        }
      for (guint t = 0; t < N_CYCLE_TASKS; t++)
        {
          FsbTaskResult *task = fsb_fs_result_get_task (fs, cycle_tasks[t], TRUE);

          for (guint c = 0; c < w; c++)
            {
              FsbSample *s = fsb_sample_new ();

              fsb_sample_set (s, "wall_s", (1 + t) * exp (sigma * fsb_test_normal (rand) + u[c]));
              g_ptr_array_add (task->samples, s);
            }
        }
    }
  return r;
}

/* The ratio of the twins' geometric means over the tasks, as a verdict
 * weighs its criteria (each task's noise pooled over both), with or
 * without what their cycles share; whether its interval holds 1. */
static gboolean
cycles_interval_holds (FsbResult *r, gboolean shared, double *width)
{
  FsbLogEstimate parts[2][N_CYCLE_TASKS], mean[2], diff;
  FsbCycleNoise noise;
  double coef[N_CYCLE_TASKS], lo, hi;

  for (guint t = 0; t < N_CYCLE_TASKS; t++)
    {
      double *values[2] = { NULL, NULL };   /* both freed below: g_autofree on an array frees only its first */
      const double *v[2];
      guint n[2];
      FsbLogEstimate e[2];

      for (guint f = 0; f < 2; f++)
        {
          FsbTaskResult *task = fsb_fs_result_get_task (r->filesystems->pdata[f], cycle_tasks[t], FALSE);

          n[f] = task->samples->len;
          values[f] = g_new (double, n[f]);
          for (guint i = 0; i < n[f]; i++)
            fsb_sample_get (task->samples->pdata[i], "wall_s", &values[f][i]);
          v[f] = values[f];
        }
      fsb_stats_pool (v, n, 2, e, NULL);
      g_free (values[0]);
      g_free (values[1]);
      parts[0][t] = e[0];
      parts[1][t] = e[1];
      coef[t] = 1.0 / N_CYCLE_TASKS;
    }
  fsb_cycle_noise_estimate (r, &noise);
  for (guint f = 0; f < 2; f++)
    {
      fsb_log_estimate_mean (parts[f], NULL, N_CYCLE_TASKS, &mean[f]);
      if (shared)
        fsb_log_estimate_add (&mean[f], fsb_cycle_covariance (r, r->filesystems->pdata[f], cycle_tasks, coef,
                                                              N_CYCLE_TASKS, &noise), noise.df);
    }
  fsb_log_estimate_diff (&mean[0], &mean[1], &diff);
  fsb_log_estimate_interval (&diff, &lo, &hi);
  *width += log (hi / lo);
  return lo <= 1 && 1 <= hi;
}

/* τ² is estimated without bias, about 0 when only whole rounds are slow
 * (both filesystems alike: their ratio does not see it), and the
 * interval of a mean over tasks holds the truth again: without the
 * shared part it misses far more often than 5 % (the twins' false
 * winners), with it about 95 %. */
static void
test_cycle_noise (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2025);
  const guint trials = 1500;
  double sum = 0, quiet = 0;
  guint held = 0, held_alone = 0;
  double width = 0, width_alone = 0;

  for (guint i = 0; i < trials; i++)
    {
      g_autoptr(FsbResult) r = cycles_result (rand, 5, 0.1, 0.2, 0);
      /* nothing a filesystem's cycle shares alone, a lot a round shares */
      g_autoptr(FsbResult) q = cycles_result (rand, 5, 0.1, 0, 0.3);
      FsbCycleNoise noise;

      fsb_cycle_noise_estimate (r, &noise);
      sum += noise.var;
      g_assert_cmpfloat (noise.df, ==, 4);
      fsb_cycle_noise_estimate (q, &noise);
      quiet += noise.var;
      held += cycles_interval_holds (r, TRUE, &width);
      held_alone += cycles_interval_holds (r, FALSE, &width_alone);
    }
  g_test_message ("τ² 0.04 estimated %.4f (0, with slow rounds: %.4f); the interval holds 1 in %.1f %% (width ×%.2f), "
                  "as independent tasks in %.1f %% (×%.2f)", sum / trials, quiet / trials, 100.0 * held / trials,
                  exp (width / trials), 100.0 * held_alone / trials, exp (width_alone / trials));
  g_assert_cmpfloat (fabs (sum / trials - 0.04), <, 0.004);
  /* clamped at 0: a small positive bias when nothing is shared */
  g_assert_cmpfloat (quiet / trials, <, 0.002);
  g_assert_cmpfloat ((double) held / trials, >=, 0.93);
  g_assert_cmpfloat ((double) held_alone / trials, <, 0.85);

  /* a focused round shares its cycle with the tasks it ran only */
  {
    g_autoptr(FsbResult) r = cycles_result (rand, 3, 0.1, 0.2, 0);
    FsbCycleNoise noise = { 0.04, 4 };
    const char *two[] = { "big-copy-in", "tree-list" };
    const double coef[] = { 0.5, 0.5 };
    FsbFsResult *fs = r->filesystems->pdata[0];
    double before = fsb_cycle_covariance (r, fs, two, coef, 2, &noise);
    FsbSample *s;

    /* (π/2)·τ²·2·c·c·k/(n·n): 3 cycles shared of 3 each */
    g_assert_cmpfloat_with_epsilon (before, G_PI / 2 * 0.04 * 2 * 0.25 * 3 / 9, 1e-12);
    fsb_result_add_focused_round (r, (const char *const []) { "ext4 (1)", NULL },
                                  (const char *const []) { "big-copy-in", NULL });
    s = fsb_sample_new ();
    fsb_sample_set (s, "wall_s", 0.2);
    g_ptr_array_add (fsb_fs_result_get_task (fs, "mkfs", FALSE)->samples, s);
    /* 3 shared, of 4 and 3 */
    g_assert_cmpfloat_with_epsilon (fsb_cycle_covariance (r, fs, two, coef, 2, &noise),
                                    G_PI / 2 * 0.04 * 2 * 0.25 * 3 / 12, 1e-12);
    g_assert_cmpfloat (fsb_cycle_covariance (r, fs, two, coef, 2, NULL), ==, 0);
  }
}

/* Holm's procedure: the familywise error on known distributions. Twelve
 * true null hypotheses (2 others × 6 criteria at equal speed) with
 * independent and with strongly dependent p-values: any rejection at most
 * α (each at α alone: 26 %); and where some are false, it rejects what
 * Bonferroni does and more. */
static void
test_holm (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (12);
  const double alpha = 0.025;
  guint any = 0, any_dep = 0, any_alone = 0;

  for (guint t = 0; t < TRIALS; t++)
    {
      double p[12], dep[12];
      gboolean rejected[12];
      double shared = fsb_test_normal (rand);
      gboolean alone = FALSE;

      for (guint i = 0; i < 12; i++)
        {
          /* p-values of one-sided z tests: uniform under the null */
          double z = fsb_test_normal (rand);

          p[i] = 0.5 * erfc (z / G_SQRT2);
          dep[i] = 0.5 * erfc ((0.8 * shared + 0.6 * z) / G_SQRT2);
          alone |= p[i] <= alpha;
        }
      any += fsb_holm (p, 12, alpha, rejected) > 0;
      any_dep += fsb_holm (dep, 12, alpha, rejected) > 0;
      any_alone += alone;
    }
  g_test_message ("12 true nulls: Holm rejects any in %.2f %% (dependent: %.2f %%), each alone in %.1f %%",
                  100.0 * any / TRIALS, 100.0 * any_dep / TRIALS, 100.0 * any_alone / TRIALS);
  g_assert_cmpfloat ((double) any / TRIALS, <=, alpha + 0.006);
  g_assert_cmpfloat ((double) any_dep / TRIALS, <=, alpha + 0.006);
  g_assert_cmpfloat ((double) any_alone / TRIALS, >, 0.2);

  {
    /* thresholds α/4, α/3, α/2, α at α 0.05: 0.0125, 0.0167, 0.025, 0.05 */
    const double p[] = { 0.02, 0.001, 0.5, 0.01 };
    gboolean rejected[4];

    g_assert_cmpuint (fsb_holm (p, 4, 0.05, rejected), ==, 3);
    g_assert_true (rejected[0] && rejected[1] && !rejected[2] && rejected[3]);
    /* Bonferroni (each at 0.0125) would reject two; the first p past its
     * threshold stops the steps */
    g_assert_cmpuint (fsb_holm ((const double []) { 0.001, 0.04, 0.03 }, 3, 0.05, rejected), ==, 1);
    g_assert_cmpuint (fsb_holm (p, 0, 0.05, rejected), ==, 0);
  }
  /* the p-value agrees with the interval: below 0.025 exactly when the
   * 95 % interval lies above 1 + margin; with margin 0 (a clear lead, as
   * the verdict asks of a winner's criteria) exactly when the comparison
   * is a lead or a tie above 1 */
  for (guint t = 0; t < 2000; t++)
    {
      FsbLogEstimate e = { g_rand_double_range (rand, -0.3, 0.5), pow (g_rand_double_range (rand, 0.01, 0.3), 2),
                           g_rand_double_range (rand, 1, 30) };
      double p = fsb_log_estimate_p_better (&e, FSB_EQUIVALENCE_MARGIN);
      double p0 = fsb_log_estimate_p_better (&e, 0), low, high;
      FsbCompare c = fsb_log_estimate_compare (&e, FSB_EQUIVALENCE_MARGIN);

      fsb_log_estimate_interval (&e, &low, &high);
      if (fabs (p - 0.025) > 1e-9)
        g_assert_cmpint (p < 0.025, ==, low > 1 + FSB_EQUIVALENCE_MARGIN);
      if (fabs (p0 - 0.025) > 1e-9)
        g_assert_cmpint (p0 < 0.025, ==, c == FSB_COMPARE_BETTER || (c == FSB_COMPARE_EQUIVALENT && low > 1));
    }
  g_assert_cmpfloat (fsb_log_estimate_p_better (&(FsbLogEstimate) { 1, INFINITY, 0 }, 0.05), ==, 1);
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stats/t-quantiles", test_t_quantiles);
  g_test_add_func ("/stats/median-interval", test_median_interval);
  g_test_add_func ("/stats/median-interval-normal", test_median_interval_normal);
  g_test_add_func ("/stats/degenerate", test_degenerate);
  g_test_add_func ("/stats/ratio-interval", test_ratio_interval);
  g_test_add_func ("/stats/total-interval", test_total_interval);
  g_test_add_func ("/stats/compare", test_compare);
  g_test_add_func ("/stats/clamped-interval", test_clamped_interval);
  g_test_add_func ("/stats/cycle-noise", test_cycle_noise);
  g_test_add_func ("/stats/holm", test_holm);
  return g_test_run ();
}
