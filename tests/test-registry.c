/* test-registry.c: a workload group added through the registry alone is
 * planned, run (real udisksd, loop images), reported and recommended */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-engine.h"
#include "fsb-recommend.h"
#include "fsb-report.h"
#include "fsb-runner.h"
#include "fsb-test-assert.h"
#include "fsb-test-util.h"
#include "fsb-workload.h"

/* The dummy group: one task writing dummy-size bytes, flushed. -------------- */

#define DUMMY_SIZE "dummy-size"

static gboolean
dummy_write (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *path = g_build_filename (ctx->mount_point, "dummy.dat", NULL);
  guint64 bytes = fsb_sizes_get_u64 (ctx->sizes, DUMMY_SIZE);
  g_autofree char *buf = g_malloc0 (65536);
  guint64 done = 0;
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

  if (fd < 0)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED, "%s: %s", path, g_strerror (errno));
      return FALSE;
    }
  while (done < bytes)
    {
      ssize_t n = write (fd, buf, MIN (bytes - done, 65536));
      if (n <= 0)
        break;
      done += (guint64) n;
    }
  fsync (fd);
  close (fd);
  unlink (path);
  fsb_sample_set (sample, "bytes", (double) done);
  fsb_sample_set (sample, "files", 1);
  fsb_sample_set (sample, "dummy_per_s", done / 1e6);
  return done == bytes;
}

static double
dummy_estimate (const FsbSizes *s)
{
  return 0.25;
}

static guint64
dummy_space (const FsbSizes *s)
{
  return fsb_sizes_get_u64 (s, DUMMY_SIZE);
}

static const FsbTaskSpec dummy_tasks[] = {
  { "dummy-write", "Write the dummy file", "Writes one file and flushes it.",
    "dummy", "wall_s", FALSE, dummy_write, NULL, NULL, dummy_estimate },
};
static const FsbCriterionSpec dummy_criteria[] = {
  { "dummy", "Dummy writes", FSB_SCORE_TASKS,
    { "%s is the fastest dummy writer: %s.", "%s are tied on dummy writes (%s).", "%s needed %s for dummy writes." },
    { { "server", 3 } } },
};
static const FsbParamSpec dummy_params[] = {
  { DUMMY_SIZE, "Size of the dummy file", FSB_PARAM_BYTES, { 2e6, 4e6, 8e6 }, 1, 1e9 },
};
static const FsbMetricSpec dummy_metrics[] = {
  { "dummy_per_s", "Dummy rate", "MB/s" },
};

static const FsbWorkloadGroup dummy_group = {
  .id = "dummy",
  .name = "Dummy group",
  .description = "A group the test adds through the registry alone.",
  .tasks = dummy_tasks, .n_tasks = G_N_ELEMENTS (dummy_tasks),
  .criteria = dummy_criteria, .n_criteria = G_N_ELEMENTS (dummy_criteria),
  .params = dummy_params, .n_params = G_N_ELEMENTS (dummy_params),
  .metrics = dummy_metrics, .n_metrics = G_N_ELEMENTS (dummy_metrics),
  .space_needed = dummy_space,
};

/* ------------------------------------------------------------------------ */

static char *tmp_dir;
static char *image_dir;

static void
test_registered (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbSizes) quick = NULL;
  FsbPlanEstimate est;

  /* Known everywhere at once; an id taken twice is refused. */
  g_assert_nonnull (fsb_catalog_group ("dummy"));
  g_assert_false (fsb_catalog_register_group (&dummy_group));
  g_assert_nonnull (fsb_catalog_task ("dummy-write", NULL));
  g_assert_cmpstr (fsb_task_criterion ("dummy-write"), ==, "dummy");
  g_assert_cmpstr (fsb_metric_unit ("dummy_per_s"), ==, "MB/s");
  g_assert_cmpstr (fsb_catalog_nth_criterion (fsb_catalog_n_criteria () - 1)->id, ==, "cpu");
  /* The use case it weighs for runs it by default. */
  {
    g_auto(GStrv) server = fsb_use_case_groups ("server");
    g_auto(GStrv) media = fsb_use_case_groups ("media");

    g_assert_true (g_strv_contains ((const char *const *) server, "dummy"));
    g_assert_false (g_strv_contains ((const char *const *) media, "dummy"));
  }
  quick = fsb_profile_sizes ("quick");
  g_assert_cmpfloat (fsb_sizes_get (quick, DUMMY_SIZE), ==, 2e6);

  /* Planned: its size, its task, its space, its time. */
  fsb_assert_ok (fsb_plan_set_workloads (plan, (const char *const []) { "dummy", NULL }, &error), error);
  g_assert_true (fsb_plan_set_size_text (plan, NULL, "dummy-size=3M", &error));
  g_assert_cmpfloat (fsb_sizes_get (plan->sizes, DUMMY_SIZE), ==, 3 << 20);
  fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", NULL }, NULL);
  g_assert_true (fsb_plan_validate (plan, &error));
  fsb_plan_estimate (plan, NULL, &est);
  g_assert_cmpuint (est.tasks->len, ==, 4);
  g_assert_cmpstr (est.tasks->pdata[2], ==, "dummy-write");
  g_assert_cmpuint (est.space_needed_bytes, >=, 3 << 20);
  fsb_plan_estimate_clear (&est);
  /* and the full profile takes it in */
  g_assert_true (fsb_plan_set_profile (plan, "full", &error));
  g_assert_true (fsb_plan_has_group (plan, "dummy"));
}

typedef struct {
  GMainLoop *loop;
  FsbResult *result;
  GError    *error;
} RunData;

static void
done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  RunData *d = user_data;

  d->result = fsb_runner_run_finish (FSB_RUNNER (source), res, &d->error);
  g_main_loop_quit (d->loop);
}

static gboolean
run_timeout_cb (gpointer user_data)
{
  g_error ("the dummy run did not finish within 240 s");
  return G_SOURCE_REMOVE;
}

static void
test_run_report_recommend (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(FsbRunner) runner = NULL;
  g_autoptr(FsbRecommendation) rec = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *html = NULL, *csv = NULL;
  FsbReportOptions options;
  RunData d = { 0 };
  const FsbVerdict *v;
  guint timeout;

  if (!fsb_test_have_udisks ())
    return;
  plan = fsb_test_image_plan (image_dir, "ext4,xfs", "dummy", 2);
  d.loop = g_main_loop_new (NULL, FALSE);
  runner = fsb_runner_new (plan);
  fsb_runner_run_async (runner, NULL, done_cb, &d);
  timeout = g_timeout_add_seconds (240, run_timeout_cb, NULL);
  g_main_loop_run (d.loop);
  g_source_remove (timeout);
  g_main_loop_unref (d.loop);
  g_assert_no_error (d.error);
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);

  /* Run: its samples, beside the cycle's own steps. */
  for (guint f = 0; f < d.result->filesystems->len; f++)
    {
      FsbFsResult *fs = d.result->filesystems->pdata[f];
      FsbTaskResult *task = fsb_fs_result_get_task (fs, "dummy-write", FALSE);
      double bytes = 0;

      g_assert_cmpstr (fs->error, ==, NULL);
      g_assert_nonnull (task);
      g_assert_cmpuint (task->samples->len, ==, 2);
      g_assert_true (fsb_sample_get (task->samples->pdata[0], "bytes", &bytes));
      g_assert_cmpfloat (bytes, ==, 2e6);
      g_assert_nonnull (fsb_fs_result_get_task (fs, "mkfs", FALSE));
      g_assert_null (fsb_fs_result_get_task (fs, "big-copy-in", FALSE));
    }
  g_assert_cmpfloat (fsb_sizes_get (d.result->sizes, DUMMY_SIZE), ==, 2e6);

  /* Recommended: its criterion counts for the use case it weighs. */
  rec = fsb_recommend (d.result, FSB_USE_CASE_SERVER);
  v = fsb_recommendation_get_verdict (rec, "dummy");
  g_assert_nonnull (v);
  g_assert_cmpfloat (v->weight, ==, 3);
  g_assert_cmpuint (v->ranking->len, ==, 2);
  g_assert_nonnull (v->conclusion);

  /* Reported: its section, its task, its figures. */
  fsb_report_options_init (&options);
  html = fsb_report_to_string (&d.result, NULL, 1, FSB_REPORT_HTML, &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (html, "id=\"dummy\""));
  g_assert_nonnull (strstr (html, "Dummy writes"));
  g_assert_nonnull (strstr (html, "Write the dummy file"));
  g_assert_nonnull (strstr (html, "Dummy group"));
  csv = fsb_report_to_string (&d.result, NULL, 1, FSB_REPORT_CSV, &options, &error);
  g_assert_nonnull (strstr (csv, ",dummy,dummy-write,wall_s,median,"));
  fsb_result_unref (d.result);
}

int
main (int argc, char **argv)
{
  int status;

  tmp_dir = fsb_test_make_tmp_dir ("registry", &image_dir);
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  /* The one line a new group needs, here at run time. */
  g_assert_true (fsb_catalog_register_group (&dummy_group));
  g_test_add_func ("/registry/planned", test_registered);
  g_test_add_func ("/registry/run-report-recommend", test_run_report_recommend);
  status = g_test_run ();
  fsb_test_remove_dir (tmp_dir);
  return status;
}
