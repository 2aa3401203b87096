/* test-series.c: jobs and queue depth as series (issue 28): the plan's
 * series and their keys, the groups they bring, the use cases that weigh
 * them only when measured, the scaling figures, the verdict's sentence and
 * the scaling chart */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "fsb-chart-private.h"
#include "fsb-engine.h"
#include "fsb-job.h"
#include "fsb-plan-private.h"
#include "fsb-recommend.h"
#include "fsb-scaling.h"
#include "fsb-test-assert.h"
#include "report-common.h"

static gboolean
has_key (GPtrArray *tasks, const char *key)
{
  return g_ptr_array_find_with_equal_func (tasks, key, g_str_equal, NULL);
}

static void
test_parse (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;
  const guint *v;
  guint n;

  /* sorted, each once */
  fsb_assert_ok (fsb_plan_set_series (plan, FSB_CONDITION_JOBS, "4, 1,2,4", &error), error);
  v = fsb_plan_series (plan, FSB_CONDITION_JOBS, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (v[0], ==, 1);
  g_assert_cmpuint (v[1], ==, 2);
  g_assert_cmpuint (v[2], ==, 4);

  /* refused, and the series in force stays */
  const char *bad[] = { "0", "x", "1,,2", "65", "", "1,2,3,4,5,6,7,8,9" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_clear_error (&error);
      g_assert_false (fsb_plan_set_series (plan, FSB_CONDITION_JOBS, bad[i], &error));
      g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
      fsb_plan_series (plan, FSB_CONDITION_JOBS, &n);
      g_assert_cmpuint (n, ==, 3);
    }
  g_clear_error (&error);
  g_assert_true (fsb_plan_set_series (plan, FSB_CONDITION_IODEPTH, "256,1", &error));
  g_clear_error (&error);
  g_assert_false (fsb_plan_set_series (plan, FSB_CONDITION_IODEPTH, "257", &error));
}

static void
test_defaults (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  const guint *v;
  guint n;

  v = fsb_plan_series (plan, FSB_CONDITION_JOBS, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (v[1], ==, 4);
  g_assert_true (fsb_plan_set_profile (plan, "standard", NULL));
  v = fsb_plan_series (plan, FSB_CONDITION_JOBS, &n);
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (v[3], ==, 8);
  v = fsb_plan_series (plan, FSB_CONDITION_IODEPTH, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (v[2], ==, 32);
}

/* Server weighs concurrency, but only when it was measured: its default
 * run stays without it, and a verdict without it is complete. */
static void
test_when_measured (void)
{
  g_auto(GStrv) server = fsb_use_case_groups ("server");
  const FsbCriterionSpec *c = fsb_catalog_criterion ("concurrency");

  g_assert_nonnull (c);
  g_assert_false (g_strv_contains ((const char *const *) server, "concurrency"));
  g_assert_false (g_strv_contains ((const char *const *) server, "queue-depth"));
  g_assert_cmpfloat (fsb_criterion_weight (c, "server"), >, 0);
  g_assert_false (fsb_criterion_needed (c, "server"));
  /* a needed one stays needed */
  g_assert_true (fsb_criterion_needed (fsb_catalog_criterion ("sync-write"), "database"));
}

/* --jobs brings the group, and the cycle runs each task at every count. */
static void
test_plan_keys (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  FsbPlanEstimate est;

  g_assert_false (fsb_plan_has_series (plan, FSB_CONDITION_JOBS));
  g_assert_true (fsb_plan_set_series (plan, FSB_CONDITION_JOBS, "1,2,4", NULL));
  /* values alone bring no group (the window's check boxes choose them) */
  g_assert_false (g_strv_contains ((const char *const *) plan->workloads, "concurrency"));
  fsb_plan_add_series_groups (plan, FSB_CONDITION_JOBS);
  g_assert_true (g_strv_contains ((const char *const *) plan->workloads, "concurrency"));
  g_assert_true (fsb_plan_has_series (plan, FSB_CONDITION_JOBS));
  /* the use case's groups stay */
  g_assert_true (g_strv_contains ((const char *const *) plan->workloads, "core"));
  fsb_plan_estimate (plan, NULL, &est);
  g_assert_true (has_key (est.tasks, "conc-write@jobs=1"));
  g_assert_true (has_key (est.tasks, "conc-write@jobs=2"));
  g_assert_true (has_key (est.tasks, "conc-commit@jobs=4"));
  g_assert_false (has_key (est.tasks, "conc-write"));
  g_assert_false (has_key (est.tasks, "conc-write@jobs=8"));
  fsb_plan_estimate_clear (&est);
}

static void
test_keys (void)
{
  const FsbWorkloadGroup *g = NULL;
  FsbConditions c;

  g_assert_nonnull (fsb_catalog_task ("conc-write@jobs=4", &g));
  g_assert_cmpstr (g->id, ==, "concurrency");
  g_assert_cmpstr (fsb_task_criterion ("qd-read@iodepth=32"), ==, "queue-depth");
  g_assert_cmpstr (fsb_task_display_name ("conc-write@jobs=4"), ==, "Write streams at once (4 jobs)");
  g_assert_cmpstr (fsb_task_display_name ("conc-write@jobs=1"), ==, "Write streams at once (1 job)");
  g_assert_cmpstr (fsb_task_display_name ("qd-read@iodepth=32"), ==, "Random reads, queued (depth 32)");
  /* a series in the order of its counts, after the tasks before it */
  g_assert_cmpuint (fsb_task_order ("conc-write@jobs=2"), <, fsb_task_order ("conc-write@jobs=16"));
  g_assert_cmpuint (fsb_task_order ("conc-write@jobs=16"), <, fsb_task_order ("conc-read@jobs=1"));
  g_assert_cmpuint (fsb_task_order ("qd-read@iodepth=8"), <, fsb_task_order ("qd-read@iodepth=32"));
  g_assert_cmpstr (fsb_plan_series_key ("qd-read", FSB_CONDITION_IODEPTH, 8), ==, "qd-read@iodepth=8");
  g_assert_cmpstr (fsb_job_key_parse ("conc-write@jobs=4", &c), ==, "conc-write");
  g_assert_cmpuint (c.jobs, ==, 4);
}

static void
test_efficiency (void)
{
  g_assert_cmpfloat_with_epsilon (fsb_scaling_efficiency (400, 4, 100), 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (fsb_scaling_efficiency (100, 4, 100), 0.25, 1e-12);
  g_assert_cmpfloat (fsb_scaling_efficiency (100, 4, 0), ==, 0);
}

#define ADD(fs, id, ...) G_STMT_START { \
  const double v_[] = { __VA_ARGS__ }; \
  add_task (fs, id, v_, G_N_ELEMENTS (v_), 10); \
} G_STMT_END

/* Two filesystems over 1 and 4 jobs: a keeps 90 % of its speed alone per
 * job (360 against 100), b 50 % (200 against 100). */
static FsbResult *
scaling_result (gboolean b_alone)
{
  FsbResult *r = fsb_result_new ();
  FsbFsResult *a = fsb_result_add_filesystem (r, "xfs");
  FsbFsResult *b = fsb_result_add_filesystem (r, "ext4");

  r->repetitions = 3;
  r->complete = TRUE;
  for (guint i = 0; i < 3; i++)
    {
      const char *groups[] = { "core", "small-files", "random-io" };

      add_group (a, groups[i], 1.0, 0.01);
      add_group (b, groups[i], 1.0, 0.01);
    }
  ADD (a, "conc-write@jobs=1", 100, 101, 99);
  ADD (a, "conc-write@jobs=4", 360, 361, 359);
  if (b_alone)
    ADD (b, "conc-write@jobs=1", 100, 101, 99);
  ADD (b, "conc-write@jobs=4", 200, 201, 199);
  return r;
}

static gboolean
any_reason (const FsbRecommendation *rec, const char *needle)
{
  for (guint i = 0; i < rec->reasons->len; i++)
    if (strstr (rec->reasons->pdata[i], needle) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_reason (void)
{
  g_autoptr(FsbResult) r = scaling_result (TRUE);
  g_autoptr(FsbRecommendation) rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  g_autofree char *text = fsb_recommendation_to_text (rec);

  g_test_message ("%s", text);
  g_assert_true (any_reason (rec, "With 4 jobs at once, each job on XFS keeps 90"));
  g_assert_true (any_reason (rec, "; ext4 50"));
}

/* Without ext4's single job there is nothing to scale against: no
 * sentence, rather than one against a figure not measured. */
static void
test_reason_needs_one (void)
{
  g_autoptr(FsbResult) r = scaling_result (FALSE);
  g_autoptr(FsbRecommendation) rec = fsb_recommend (r, FSB_USE_CASE_SERVER);

  g_assert_false (any_reason (rec, "jobs at once, each job"));
}

static void
test_chart (void)
{
  g_autoptr(FsbResult) r = scaling_result (TRUE);
  FsbChartOptions o = { .kind = FSB_CHART_SCALING, .task = "conc-write" };
  Model m;

  g_assert_true (fsb_chart_has_data (r, &o));
  fsb_chart_model_build (&m, r, &o);
  g_assert_cmpuint (m.rows->len, ==, 2);
  g_assert_cmpstr (((Row *) m.rows->pdata[0])->label, ==, "1 job");
  g_assert_cmpstr (((Row *) m.rows->pdata[1])->label, ==, "4 jobs");
  g_assert_cmpfloat_with_epsilon (((Row *) m.rows->pdata[1])->cells[0].median, 360, 1e-9);
  g_assert_cmpfloat_with_epsilon (((Row *) m.rows->pdata[1])->cells[1].median, 200, 1e-9);
  g_assert_cmpstr (m.metric, ==, "mb_per_s");
  /* every bar has its 95 % interval: the legend says so, and the tables'
   * column is named alike */
  g_assert_true (m.intervals);
  g_assert_true (fsb_chart_uses_intervals (r, &o));
  fsb_chart_model_clear (&m);
}

/* A step of three scattered samples: its interval is drawn up to twice the
 * fastest (a rate), as the sections' charts draw theirs, not out to the
 * interval's end, which would flatten every other bar. */
static void
test_chart_wide (void)
{
  g_autoptr(FsbResult) r = scaling_result (TRUE);
  FsbChartOptions o = { .kind = FSB_CHART_SCALING, .task = "conc-read" };
  FsbStats s;
  Model m;

  ADD (g_ptr_array_index (r->filesystems, 0), "conc-read@jobs=1", 100, 20, 400);
  ADD (g_ptr_array_index (r->filesystems, 0), "conc-read@jobs=4", 300, 310, 290);
  g_assert_true (fsb_task_result_stats (r, fsb_fs_result_get_task (g_ptr_array_index (r->filesystems, 0),
                                                                   "conc-read@jobs=1", FALSE), "mb_per_s", &s));
  g_assert_cmpfloat (s.ci95_high, >, 800);
  fsb_chart_model_build (&m, r, &o);
  g_assert_cmpuint (m.rows->len, ==, 2);
  g_assert_true (m.intervals);
  g_assert_cmpfloat_with_epsilon (((Row *) m.rows->pdata[0])->cells[0].high, 800, 1e-9);
  g_assert_cmpfloat (m.max_value, <=, 800);
  fsb_chart_model_clear (&m);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  fsb_engine_init ();
  g_test_add_func ("/series/parse", test_parse);
  g_test_add_func ("/series/defaults", test_defaults);
  g_test_add_func ("/series/when-measured", test_when_measured);
  g_test_add_func ("/series/plan-keys", test_plan_keys);
  g_test_add_func ("/series/keys", test_keys);
  g_test_add_func ("/series/efficiency", test_efficiency);
  g_test_add_func ("/series/reason", test_reason);
  g_test_add_func ("/series/reason-needs-one", test_reason_needs_one);
  g_test_add_func ("/series/chart", test_chart);
  g_test_add_func ("/series/chart-wide", test_chart_wide);
  return g_test_run ();
}
