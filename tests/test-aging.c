/* test-aging.c: the aging's file sizes and folders against their targets,
 * its determinism, the plan's aging, the @aged task ids, the intervals of
 * the speed kept, the free-space reports and the aging block in JSON */
#include "config.h"

#include <glib-object.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "fsb-age.h"
#include "fsb-aging.h"
#include "fsb-aging-loss.h"
#include "fsb-catalog.h"
#include "fsb-chart.h"
#include "fsb-engine.h"
#include "fsb-fragmentation.h"
#include "fsb-plan.h"
#include "fsb-recommend.h"
#include "fsb-report.h"
#include "fsb-result.h"
#include "fsb-stats.h"
#include "fsb-test-assert.h"

#define MAX_FILE (14.0 * 1024 * 1024)   /* a quick image's cap: a 32nd of its fill */
#define N_SAMPLES 20000

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Kolmogorov–Smirnov: the largest gap between the sample's CDF and cdf. */
static double
ks_statistic (double *sorted, guint n, double (*cdf) (double, double), double max)
{
  double d = 0;

  for (guint i = 0; i < n; i++)
    {
      /* sizes are whole bytes: the target's CDF at the same integer */
      double f = cdf (sorted[i] + 1, max);
      d = MAX (d, MAX (f - (double) i / n, (double) (i + 1) / n - f));
    }
  return d;
}

/* The same lognormal with another deviation: a target the sample must miss. */
static double
wrong_cdf (double bytes, double max)
{
  double z = (log (bytes) - FSB_AGING_MU) / 2.0;
  double top = 0.5 * erfc (-((log (max) - FSB_AGING_MU) / 2.0) / G_SQRT2);

  return bytes >= max ? 1 : 0.5 * erfc (-z / G_SQRT2) / top;
}

static double
quantile (double p, double max)
{
  double lo = 1, hi = max;

  for (int i = 0; i < 200; i++)
    {
      double mid = sqrt (lo * hi);
      if (fsb_aging_size_cdf (mid, max) < p)
        lo = mid;
      else
        hi = mid;
    }
  return hi;
}

static void
test_size_distribution (void)
{
  g_autofree double *sizes = g_new (double, N_SAMPLES);
  const double probs[] = { 0.1, 0.25, 0.5, 0.75, 0.9 };
  double critical = 1.36 / sqrt (N_SAMPLES);   /* α = 0.05 */
  FsbRng rng;

  fsb_rng_init (&rng, 42);
  for (guint i = 0; i < N_SAMPLES; i++)
    {
      sizes[i] = (double) fsb_aging_size_sample (&rng, MAX_FILE);
      g_assert_cmpfloat (sizes[i], <=, MAX_FILE);
    }
  qsort (sizes, N_SAMPLES, sizeof (double), compare_doubles);

  /* the sample follows Impressions' sizes, truncated at the cap ... */
  g_assert_cmpfloat (ks_statistic (sizes, N_SAMPLES, fsb_aging_size_cdf, MAX_FILE), <, critical);
  /* ... and a test that can fail: not a lognormal of another spread */
  g_assert_cmpfloat (ks_statistic (sizes, N_SAMPLES, wrong_cdf, MAX_FILE), >, 5 * critical);

  /* quantiles within 5 % of the target's; the median near e^9.48 ≈ 13 kB */
  for (guint i = 0; i < G_N_ELEMENTS (probs); i++)
    {
      double want = quantile (probs[i], MAX_FILE);
      double got = sizes[(guint) (probs[i] * N_SAMPLES)];

      g_assert_cmpfloat (fabs (got / want - 1), <, 0.05);
    }
  g_assert_cmpfloat (fabs (quantile (0.5, MAX_FILE) / exp (FSB_AGING_MU) - 1), <, 0.01);
  /* the CDF itself: 0 below a byte, 1 at the cap, rising */
  g_assert_cmpfloat (fsb_aging_size_cdf (0, MAX_FILE), ==, 0);
  g_assert_cmpfloat (fsb_aging_size_cdf (MAX_FILE, MAX_FILE), ==, 1);
  g_assert_cmpfloat (fsb_aging_size_cdf (1e4, MAX_FILE), <, fsb_aging_size_cdf (1e5, MAX_FILE));
  /* above 512 MB the Pareto tail is what is left: a thousandth or less */
  g_assert_cmpfloat (1 - fsb_aging_size_cdf (600e6, 1e12), <, 1e-3);
}

typedef struct {
  GPtrArray *paths;
  GArray    *sizes;
  GPtrArray *dirs;
  GArray    *depths;
} Files;

static void
files_clear (Files *f)
{
  g_ptr_array_unref (f->paths);
  g_array_unref (f->sizes);
  g_ptr_array_unref (f->dirs);
  g_array_unref (f->depths);
}

static void
generate (guint64 seed, guint n, Files *out)
{
  g_autoptr(FsbAgingLayout) layout = fsb_aging_layout_new (seed, (guint64) MAX_FILE);

  out->paths = g_ptr_array_new_with_free_func (g_free);
  out->sizes = g_array_new (FALSE, FALSE, sizeof (guint64));
  out->dirs = g_ptr_array_new_with_free_func (g_free);
  out->depths = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < n; i++)
    {
      guint64 size;
      guint depth;
      char *path = fsb_aging_layout_next (layout, &size, out->dirs);

      depth = fsb_aging_layout_last_depth (layout);
      g_ptr_array_add (out->paths, path);
      g_array_append_val (out->sizes, size);
      g_array_append_val (out->depths, depth);
    }
  g_assert_cmpuint (fsb_aging_layout_n_dirs (layout), ==, out->dirs->len + 1);
}

static void
test_deterministic (void)
{
  Files a, b, c;
  guint same = 0;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  double depth_sum = 0;

  generate (FSB_AGING_SEED, 5000, &a);
  generate (FSB_AGING_SEED, 5000, &b);
  generate (FSB_AGING_SEED + 1, 5000, &c);

  /* the same seed: the same files, folders and sizes */
  g_assert_cmpuint (a.dirs->len, ==, b.dirs->len);
  for (guint i = 0; i < a.dirs->len; i++)
    g_assert_cmpstr (a.dirs->pdata[i], ==, b.dirs->pdata[i]);
  for (guint i = 0; i < 5000; i++)
    {
      g_assert_cmpstr (a.paths->pdata[i], ==, b.paths->pdata[i]);
      g_assert_cmpuint (g_array_index (a.sizes, guint64, i), ==, g_array_index (b.sizes, guint64, i));
      same += g_array_index (a.sizes, guint64, i) == g_array_index (c.sizes, guint64, i);
    }
  /* another seed: other files */
  g_assert_cmpuint (same, <, 50);

  /* folders come parents first, and each file's folder exists */
  g_hash_table_add (seen, (gpointer) "");
  for (guint i = 0; i < a.dirs->len; i++)
    {
      g_autofree char *parent = g_path_get_dirname (a.dirs->pdata[i]);

      g_assert_true (g_hash_table_contains (seen, g_str_equal (parent, ".") ? "" : parent));
      g_hash_table_add (seen, a.dirs->pdata[i]);
    }
  for (guint i = 0; i < 5000; i++)
    {
      g_autofree char *dir = g_path_get_dirname (a.paths->pdata[i]);

      g_assert_true (g_hash_table_contains (seen, g_str_equal (dir, ".") ? "" : dir));
      depth_sum += g_array_index (a.depths, guint, i);
    }
  /* about a folder for every ten files; files deep in the tree, as in
   * Impressions, yet no deeper than the tree is */
  g_assert_cmpfloat (fabs ((double) a.dirs->len / 500 - 1), <, 0.2);
  g_assert_cmpfloat (depth_sum / 5000, >, 2);
  g_assert_cmpfloat (depth_sum / 5000, <, FSB_AGING_DEPTH_MEAN + 1);
  files_clear (&a);
  files_clear (&b);
  files_clear (&c);
}

static void
test_levels_and_plan (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;
  FsbPlanEstimate fresh, aged;
  FsbPlanAging aging;
  guint64 none_bytes, light_bytes, heavy_bytes;
  g_autofree char *title = fsb_age_title ("light");

  g_assert_cmpstr (plan->age, ==, FSB_DEFAULT_AGE);
  g_assert_cmpstr (FSB_DEFAULT_AGE, ==, "none");
  g_assert_null (fsb_age_spec ("none"));
  g_assert_cmpfloat (fsb_age_spec ("light")->fill, ==, 0.60);
  g_assert_cmpfloat (fsb_age_spec ("heavy")->fill, ==, 0.85);
  g_assert_nonnull (strstr (title, "60"));
  g_assert_false (fsb_plan_set_age (plan, "ancient", &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpstr (plan->age, ==, "none");
  g_assert_false (fsb_plan_aging_estimate (plan, NULL, &aging));

  g_assert_true (fsb_plan_set_filesystems (plan, (const char *const[]) { "ext4", "xfs", NULL }, &error));
  none_bytes = fsb_plan_needed_bytes (plan, NULL);
  fsb_plan_estimate (plan, NULL, &fresh);
  g_assert_true (fsb_plan_set_age (plan, "light", &error));
  g_assert_true (fsb_plan_validate (plan, &error));
  light_bytes = fsb_plan_needed_bytes (plan, NULL);
  fsb_plan_estimate (plan, NULL, &aged);
  g_assert_true (fsb_plan_aging_estimate (plan, NULL, &aging));

  /* each cycle: the fresh tasks, the aging, the same tasks aged, umount;
   * once per filesystem: the small files that fit */
  g_assert_cmpuint (aged.tasks->len, ==, fresh.tasks->len + 1 + (fresh.tasks->len - 3));
  g_assert_cmpstr (aged.tasks->pdata[fresh.tasks->len - 1], ==, FSB_AGE_STEP);
  g_assert_cmpstr (aged.tasks->pdata[fresh.tasks->len], ==, "big-copy-in@aged");
  g_assert_cmpstr (aged.tasks->pdata[aged.tasks->len - 1], ==, "umount");
  g_assert_cmpuint (aged.n_steps, ==, aged.tasks->len * 2 * 3 + 2);
  g_assert_cmpfloat (aged.estimated_seconds, >, fresh.estimated_seconds + 6 * aging.age_seconds);
  /* the fill leaves the tasks' peak free */
  g_assert_cmpuint (light_bytes, >=, none_bytes);
  g_assert_cmpfloat ((1 - 0.60) * 0.85 * light_bytes, >=, aging.reserve_bytes);
  g_assert_cmpuint (aging.reserve_bytes, >, fsb_sizes_get_u64 (plan->sizes, "tree-size") * 2);
  g_assert_cmpfloat (aging.fit_time_limit, ==, 30);   /* quick */
  g_assert_cmpuint (aging.written_bytes, >, aging.fill_bytes);
  g_assert_true (fsb_plan_set_age (plan, "heavy", &error));
  heavy_bytes = fsb_plan_needed_bytes (plan, NULL);
  g_assert_cmpuint (heavy_bytes, >, light_bytes);
  g_assert_true (fsb_plan_set_profile (plan, "standard", &error));
  g_assert_true (fsb_plan_aging_estimate (plan, NULL, &aging));
  g_assert_cmpfloat (aging.fit_time_limit, ==, 120);
  fsb_plan_estimate_clear (&fresh);
  fsb_plan_estimate_clear (&aged);
}

static void
test_aged_ids (void)
{
  const FsbWorkloadGroup *group = NULL;
  guint last_fresh = 0;
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);

  g_assert_true (fsb_task_is_aged ("big-copy-in@aged"));
  g_assert_false (fsb_task_is_aged ("big-copy-in"));
  g_assert_false (fsb_task_is_aged ("@aged"));
  g_assert_cmpstr (fsb_task_base_id ("tree-list@aged"), ==, "tree-list");
  g_assert_true (fsb_task_aged_id ("tree-list") == g_intern_string ("tree-list@aged"));
  g_assert_true (fsb_catalog_task ("big-copy-in@aged", &group) == fsb_catalog_task ("big-copy-in", NULL));
  g_assert_cmpstr (group->id, ==, "core");
  g_assert_cmpstr (fsb_task_criterion ("big-copy-in@aged"), ==, FSB_AGED_CRITERION);
  g_assert_cmpstr (fsb_task_criterion ("big-copy-in"), ==, "big-files");
  g_assert_cmpstr (fsb_task_metric ("small-create-seq@aged", NULL), ==, "files_per_s");
  g_assert_cmpstr (fsb_task_display_name ("big-copy-in@aged"), ==, "Copy a big file in (aged)");
  g_assert_nonnull (fsb_catalog_criterion (FSB_AGED_CRITERION));
  g_assert_cmpint (fsb_catalog_criterion (FSB_AGED_CRITERION)->score, ==, FSB_SCORE_AGED);
  /* no use case but desktop and server weighs staying fast when full */
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion (FSB_AGED_CRITERION), "server"), >, 0);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion (FSB_AGED_CRITERION), "desktop"), >, 0);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion (FSB_AGED_CRITERION), "media"), ==, 0);
  /* aged tasks after every fresh one, in the same order; custom last */
  for (guint g = 0; g < n; g++)
    for (guint i = 0; i < groups[g]->n_tasks; i++)
      last_fresh = MAX (last_fresh, fsb_task_order (groups[g]->tasks[i].id));
  g_assert_cmpuint (fsb_task_order ("mkfs@aged"), >, last_fresh);
  g_assert_cmpuint (fsb_task_order ("big-copy-in@aged"), <, fsb_task_order ("big-recopy@aged"));
  g_assert_cmpuint (fsb_task_order ("custom:x@aged"), ==, G_MAXUINT);
}

static void
test_median_interval (void)
{
  const double three[] = { 3, 1, 2 };
  double ten[10], twenty[20], lo, hi, c;

  for (guint i = 0; i < 10; i++)
    ten[i] = 10 - i;
  for (guint i = 0; i < 20; i++)
    twenty[i] = i + 1;
  /* three values: the range, with 1 - 2/8 = 75 % */
  c = fsb_stats_median_interval (three, 3, 0.95, &lo, &hi);
  g_assert_cmpfloat (c, ==, 0.75);
  g_assert_cmpfloat (lo, ==, 1);
  g_assert_cmpfloat (hi, ==, 3);
  /* ten: x(2) to x(9), 1 - 2 · 11/1024 */
  c = fsb_stats_median_interval (ten, 10, 0.95, &lo, &hi);
  g_assert_cmpfloat (fabs (c - (1 - 22.0 / 1024)), <, 1e-12);
  g_assert_cmpfloat (lo, ==, 2);
  g_assert_cmpfloat (hi, ==, 9);
  /* twenty: x(6) to x(15), 1 - 2 P(B(20, ½) ≤ 5) = 95.86 % */
  c = fsb_stats_median_interval (twenty, 20, 0.95, &lo, &hi);
  g_assert_cmpfloat (fabs (c - 0.958610535), <, 1e-6);
  g_assert_cmpfloat (lo, ==, 6);
  g_assert_cmpfloat (hi, ==, 15);
  /* one value: no interval to speak of */
  g_assert_cmpfloat (fsb_stats_median_interval (three, 1, 0.95, &lo, &hi), ==, 0);
  g_assert_cmpfloat (lo, ==, 3);
}

static void
add_samples (FsbFsResult *fs, const char *task, const char *metric, const double *v, guint n)
{
  FsbTaskResult *t = fsb_fs_result_get_task (fs, task, TRUE);

  for (guint i = 0; i < n; i++)
    {
      FsbSample *s = fsb_sample_new ();
      fsb_sample_set (s, metric, v[i]);
      g_ptr_array_add (t->samples, s);
    }
}

/* ext4 runs at half its speed aged, XFS at its own; rates and times alike. */
static FsbResult *
aged_result (void)
{
  FsbResult *r = fsb_result_new ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  const double fresh[] = { 1.0, 1.1, 0.9 }, slow[] = { 2.0, 2.1, 1.9 };
  const double rate[] = { 1000, 1100, 900 }, half_rate[] = { 500, 550, 450 };
  FsbAgingRun run;
  FsbAging *aging;

  add_samples (ext4, "big-copy-in", "wall_s", fresh, 3);
  add_samples (ext4, "big-copy-in@aged", "wall_s", slow, 3);
  add_samples (ext4, "small-create-seq", "files_per_s", rate, 3);
  add_samples (ext4, "small-create-seq@aged", "files_per_s", half_rate, 3);
  add_samples (xfs, "big-copy-in", "wall_s", fresh, 3);
  add_samples (xfs, "big-copy-in@aged", "wall_s", fresh, 3);
  add_samples (xfs, "small-create-seq", "files_per_s", rate, 3);
  add_samples (xfs, "small-create-seq@aged", "files_per_s", rate, 3);

  r->age = g_strdup ("light");
  aging = fsb_fs_result_get_aging (ext4, "light", 60);
  aging->free_space_tool = g_strdup ("e2freefrag");
  for (guint i = 0; i < 3; i++)
    {
      fsb_aging_run_init (&run);
      run.fill_percent_reached = 60 + i;
      run.rounds = 4;
      run.files_written = 5000 + i;
      run.bytes_written = 900000000;
      run.big_file_extents_fresh = 2;
      run.big_file_extents_aged = 3 + i;
      run.free_fresh.free_extents = 5;
      run.free_fresh.free_bytes = 800000000;
      run.free_aged.free_extents = 1000 + i;
      run.free_aged.large_percent = 75;
      g_array_append_val (aging->runs, run);
    }
  ext4->fit.files = 53246;
  ext4->fit.limit = g_strdup ("inodes");
  ext4->fit.seconds = 7;
  return r;
}

static void
test_losses_and_ranking (void)
{
  g_autoptr(FsbResult) r = aged_result ();
  g_autoptr(GArray) losses = fsb_aging_losses (r->filesystems->pdata[0]);
  g_autoptr(GPtrArray) ranking = fsb_aging_ranking (r);
  g_autoptr(FsbRecommendation) rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  const FsbAgingLoss *l;
  const FsbVerdict *v;
  double kept, lo, hi;

  g_assert_cmpuint (losses->len, ==, 2);
  l = &g_array_index (losses, FsbAgingLoss, 0);
  g_assert_cmpstr (l->task, ==, "big-copy-in");
  g_assert_cmpfloat (fabs (l->kept - 0.5), <, 1e-9);
  /* the ends of the two ranges: 0.9/2.1 and 1.1/1.9, at 75 % each */
  g_assert_cmpfloat (fabs (l->kept_low - 0.9 / 2.1), <, 1e-9);
  g_assert_cmpfloat (fabs (l->kept_high - 1.1 / 1.9), <, 1e-9);
  g_assert_cmpfloat (fabs (l->coverage - 0.75 * 0.75), <, 1e-9);
  l = &g_array_index (losses, FsbAgingLoss, 1);
  g_assert_true (l->higher_is_better);
  g_assert_cmpfloat (fabs (l->kept - 0.5), <, 1e-9);

  g_assert_true (fsb_aging_kept (r->filesystems->pdata[1], &kept, &lo, &hi));
  g_assert_cmpfloat (fabs (kept - 1), <, 1e-9);
  g_assert_cmpfloat (lo, <, 1);
  g_assert_cmpfloat (hi, >, 1);
  g_assert_cmpuint (ranking->len, ==, 2);

  /* the criterion: XFS keeps its speed, ext4 half of it, and the ranges
   * (0.43–0.58 against 0.82–1.22) do not meet */
  v = fsb_recommendation_get_verdict (rec, FSB_AGED_CRITERION);
  g_assert_nonnull (v);
  g_assert_cmpstr (v->winner, ==, "xfs");
  g_assert_null (v->tied);
  g_assert_cmpfloat (v->weight, >, 0);
  g_assert_nonnull (strstr (v->conclusion, "XFS"));
}

static void
test_not_without_aged_runs (void)
{
  g_autoptr(FsbResult) r = fsb_result_new ();
  FsbFsResult *a = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *b = fsb_result_add_filesystem (r, "xfs");
  const double t[] = { 1, 1.1, 0.9 };
  g_autoptr(FsbRecommendation) rec = NULL;

  add_samples (a, "big-copy-in", "wall_s", t, 3);
  add_samples (b, "big-copy-in", "wall_s", t, 3);
  rec = fsb_recommend (r, FSB_USE_CASE_DESKTOP);
  /* no aged claim without an aged run */
  g_assert_null (fsb_recommendation_get_verdict (rec, FSB_AGED_CRITERION));
}

static const char e2freefrag_output[] =
  "Device: /dev/loop3\n"
  "Blocksize: 4096 bytes\n"
  "Total blocks: 212992\n"
  "Free blocks: 90101 (42.3%)\n"
  "\n"
  "Min. free extent: 4 KB \n"
  "Max. free extent: 30720 KB\n"
  "Avg. free extent: 332 KB\n"
  "Num. free extent: 1085\n"
  "\n"
  "HISTOGRAM OF FREE EXTENT SIZES:\n"
  "Extent Size Range :  Free extents   Free Blocks  Percent\n"
  "    4K...    8K-  :           400           400    0.44%\n"
  "   64K...  128K-  :           600         21200   23.53%\n"
  "    1M...    2M-  :            80         28501   31.63%\n"
  "   16M...   32M-  :             5         40000   44.39%\n";

static const char xfs_db_output[] =
  "blocksize = 4096\n"
  "   from      to extents  blocks    pct\n"
  "      1       1      16      16   0.03\n"
  "      4       7       1       6   0.01\n"
  "    256     511       2     600   0.99\n"
  "  16384   19200       3   57556  98.97\n"
  "total free extents 22\n"
  "total free blocks 58178\n"
  "average free extent size 2644.45\n";

static void
test_free_space_reports (void)
{
  FsbFreeSpace f;

  g_assert_true (fsb_free_space_parse_e2freefrag (e2freefrag_output, &f));
  g_assert_cmpint (f.free_extents, ==, 1085);
  g_assert_cmpuint (f.free_bytes, ==, 90101ull * 4096);
  g_assert_cmpfloat (fabs (f.large_percent - (28501.0 + 40000) / 90101 * 100), <, 1e-9);
  g_assert_cmpfloat (fabs (f.mean_extent_bytes - 90101.0 * 4096 / 1085), <, 1e-6);

  /* xfs_db counts in blocks: 256 blocks of 4 KiB are 1 MiB */
  g_assert_true (fsb_free_space_parse_xfs_db (xfs_db_output, &f));
  g_assert_cmpint (f.free_extents, ==, 22);
  g_assert_cmpuint (f.free_bytes, ==, 58178ull * 4096);
  g_assert_cmpfloat (fabs (f.large_percent - (600.0 + 57556) / 58178 * 100), <, 1e-9);

  /* what is not a report is not read */
  g_assert_false (fsb_free_space_parse_e2freefrag ("e2freefrag: Bad magic number in super-block\n", &f));
  g_assert_cmpint (f.free_extents, ==, -1);
  g_assert_false (fsb_free_space_parse_xfs_db (NULL, &f));
  g_assert_cmpstr (fsb_free_space_tool ("ext4"), ==, "e2freefrag");
  g_assert_cmpstr (fsb_free_space_tool ("xfs"), ==, "xfs_db");
  g_assert_null (fsb_free_space_tool ("btrfs"));
}

static void
test_json (void)
{
  g_autoptr(FsbResult) r = aged_result ();
  g_autoptr(JsonNode) node = fsb_result_to_json (r);
  g_autoptr(FsbResult) back = NULL;
  g_autoptr(GError) error = NULL;
  JsonObject *fs0 = json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (node), "filesystems"), 0);
  JsonObject *aging = json_object_get_object_member (fs0, "aging");
  JsonObject *frag = json_object_get_object_member (aging, "fragmentation");
  JsonObject *cap = json_object_get_object_member (fs0, "capacity");
  FsbFsResult *ext4;
  g_autofree char *summary_only = NULL;

  /* the block the issue names: each repetition as measured, nothing derived */
  g_assert_cmpstr (json_object_get_string_member (aging, "level"), ==, "light");
  g_assert_cmpfloat (json_object_get_double_member (aging, "fill_percent_target"), ==, 60);
  g_assert_true (json_object_has_member (frag, "free_space_tool"));
  g_assert_false (json_object_has_member (aging, "fill_percent_reached"));
  g_assert_false (json_object_has_member (aging, "loss"));
  g_assert_false (json_object_has_member (frag, "big_file_extents_aged"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (aging, "repetitions")), ==, 3);
  {
    JsonObject *rep = json_array_get_object_element (json_object_get_array_member (aging, "repetitions"), 1);
    JsonObject *rep_frag = json_object_get_object_member (rep, "fragmentation");

    g_assert_cmpfloat (json_object_get_double_member (rep, "fill_percent_reached"), ==, 61);
    g_assert_cmpint (json_object_get_int_member (rep, "rounds"), ==, 4);
    g_assert_cmpint (json_object_get_int_member (rep, "files_written"), ==, 5001);
    g_assert_true (json_object_has_member (rep, "files_deleted"));
    g_assert_true (json_object_has_member (rep, "bytes_written"));
    g_assert_true (json_object_has_member (rep, "seconds"));
    g_assert_cmpint (json_object_get_int_member (rep_frag, "big_file_extents_fresh"), ==, 2);
    g_assert_cmpint (json_object_get_int_member (rep_frag, "big_file_extents_aged"), ==, 4);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (rep_frag, "free_space_aged"),
                                                 "free_extents"), ==, 1001);
  }
  g_assert_cmpint (json_object_get_int_member (cap, "files_that_fit"), ==, 53246);
  g_assert_cmpstr (json_object_get_string_member (cap, "files_that_fit_limit"), ==, "inodes");
  g_assert_false (json_object_get_boolean_member (cap, "files_that_fit_lower_bound"));
  /* XFS was not aged in this result: no block */
  g_assert_false (json_object_has_member (json_array_get_object_element (
    json_object_get_array_member (json_node_get_object (node), "filesystems"), 1), "aging"));

  back = fsb_result_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->age, ==, "light");
  ext4 = back->filesystems->pdata[0];
  g_assert_nonnull (ext4->aging);
  g_assert_cmpuint (ext4->aging->runs->len, ==, 3);
  g_assert_cmpint (g_array_index (ext4->aging->runs, FsbAgingRun, 2).big_file_extents_aged, ==, 5);
  g_assert_cmpstr (ext4->aging->free_space_tool, ==, "e2freefrag");
  g_assert_cmpuint (ext4->fit.files, ==, 53246);
  g_assert_cmpstr (ext4->fit.limit, ==, "inodes");
  g_assert_null (((FsbFsResult *) back->filesystems->pdata[1])->aging);

  /* tolerant: a block with only its summary, wrong types, an unknown limit */
  summary_only = g_strdup ("{\"schema\": \"fsbench-result/1\", \"filesystems\": [{\"name\": \"ext4\", \"tasks\": [],"
                           " \"capacity\": {\"files_that_fit\": \"many\", \"files_that_fit_limit\": \"moon\"},"
                           " \"aging\": {\"level\": \"heavy\", \"fill_percent_reached\": 84.5, \"rounds\": -3,"
                           " \"fragmentation\": {\"big_file_extents_aged\": \"x\", \"free_space_fresh\": 7}}},"
                           " {\"name\": \"xfs\", \"tasks\": [], \"aging\": [1, 2]}]}");
  g_clear_pointer (&back, fsb_result_unref);
  back = fsb_result_load_from_data (summary_only, -1, &error);
  g_assert_no_error (error);
  ext4 = back->filesystems->pdata[0];
  g_assert_cmpuint (ext4->aging->runs->len, ==, 1);
  g_assert_cmpfloat (g_array_index (ext4->aging->runs, FsbAgingRun, 0).fill_percent_reached, ==, 84.5);
  g_assert_cmpuint (g_array_index (ext4->aging->runs, FsbAgingRun, 0).rounds, ==, 0);
  g_assert_cmpint (g_array_index (ext4->aging->runs, FsbAgingRun, 0).big_file_extents_aged, ==, -1);
  g_assert_cmpint (g_array_index (ext4->aging->runs, FsbAgingRun, 0).free_fresh.free_extents, ==, -1);
  g_assert_null (ext4->fit.limit);
  g_assert_null (((FsbFsResult *) back->filesystems->pdata[1])->aging);
}

/* The report's section "After aging": its charts, tables and conclusion;
 * none of it without aged runs. */
static void
test_report (void)
{
  g_autoptr(FsbResult) r = aged_result ();
  g_autoptr(FsbResult) fresh = fsb_result_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *md = NULL, *html = NULL, *plain = NULL, *pdf = NULL;
  g_autofree char *dir = g_dir_make_tmp ("fsbench-test-aging-XXXXXX", &error);
  FsbChartOptions ext4 = { .kind = FSB_CHART_AGING, .filesystem = "ext4" };
  FsbChartOptions nobody = { .kind = FSB_CHART_AGING, .filesystem = "jfs" };
  FsbChartOptions section = { .kind = FSB_CHART_SECTION, .section = FSB_AGED_CRITERION };
  const double t[] = { 1, 1.1, 0.9 };

  g_assert_no_error (error);
  md = fsb_report_to_string (&r, NULL, 1, FSB_REPORT_MARKDOWN, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (md, "### After aging"));
  g_assert_nonnull (strstr (md, "Speed lost"));
  g_assert_nonnull (strstr (md, "| Copy a big file in | ext4 |"));
  g_assert_nonnull (strstr (md, "Pieces of the big file copied in"));
  g_assert_nonnull (strstr (md, "| Free-space extents | ext4 | 5 | 1,001 |"));
  g_assert_nonnull (strstr (md, "Small files that fit"));
  g_assert_nonnull (strstr (md, "| Inodes |"));
  g_assert_nonnull (strstr (md, "XFS keeps the most of its speed after aging: "));
  /* the method says how it was aged */
  g_assert_nonnull (strstr (md, "Impressions"));
  g_assert_nonnull (strstr (md, "Geriatrix"));
  /* HTML draws the fresh and aged charts */
  html = fsb_report_to_string (&r, NULL, 1, FSB_REPORT_HTML, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (html, "After aging"));
  g_assert_nonnull (strstr (html, "ext4, fresh and aged"));
  g_assert_nonnull (strstr (html, "<svg"));
  pdf = g_build_filename (dir, "aged.pdf", NULL);
  fsb_assert_ok (fsb_report_write (&r, NULL, 1, FSB_REPORT_PDF, NULL, pdf, &error), error);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  g_unlink (pdf);
  g_rmdir (dir);

  /* the charts: two bars per task for a filesystem; each task fresh then aged in the section */
  g_assert_true (fsb_chart_has_data (r, &ext4));
  g_assert_false (fsb_chart_has_data (r, &nobody));
  {
    /* the fresh rate's whisker, highest of all: the top of its median's 95 % interval */
    const double fresh_rate[] = { 1000, 1100, 900 };
    FsbStats s;
    fsb_stats_compute (fresh_rate, 3, &s);
    g_assert_cmpfloat (s.ci95_high, >, 1100);
    g_assert_cmpfloat_with_epsilon (fsb_chart_get_max (r, &ext4), s.ci95_high, 1e-9);
  }
  g_assert_true (fsb_chart_has_data (r, &section));
  g_assert_cmpfloat (fsb_chart_get_height (r, &ext4, 600), >, 0);

  /* fresh runs only: no section */
  add_samples (fsb_result_add_filesystem (fresh, "ext4"), "big-copy-in", "wall_s", t, 3);
  add_samples (fsb_result_add_filesystem (fresh, "xfs"), "big-copy-in", "wall_s", t, 3);
  plain = fsb_report_to_string (&fresh, NULL, 1, FSB_REPORT_MARKDOWN, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (plain, "After aging"));
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aging/size-distribution", test_size_distribution);
  g_test_add_func ("/aging/deterministic", test_deterministic);
  g_test_add_func ("/aging/plan", test_levels_and_plan);
  g_test_add_func ("/aging/aged-ids", test_aged_ids);
  g_test_add_func ("/aging/median-interval", test_median_interval);
  g_test_add_func ("/aging/losses", test_losses_and_ranking);
  g_test_add_func ("/aging/no-aged-claim", test_not_without_aged_runs);
  g_test_add_func ("/aging/free-space-reports", test_free_space_reports);
  g_test_add_func ("/aging/json", test_json);
  g_test_add_func ("/aging/report", test_report);
  return g_test_run ();
}
