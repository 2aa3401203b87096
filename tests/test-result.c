/* test-result.c: statistics and the JSON round trip of a result */
#include "config.h"

#include <errno.h>

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "fsb-engine.h"
#include "fsb-host-state.h"
#include "fsb-job.h"
#include "fsb-stats.h"
#include "fsb-test-assert.h"
#include "fsb-text.h"

static void
test_stats_basic (void)
{
  const double v[] = { 3.0, 1.0, 2.0, 10.0, 4.0 };
  FsbStats s;

  fsb_stats_compute (v, G_N_ELEMENTS (v), &s);
  g_assert_cmpuint (s.n, ==, 5);
  g_assert_cmpfloat (s.min, ==, 1.0);
  g_assert_cmpfloat (s.max, ==, 10.0);
  g_assert_cmpfloat (s.median, ==, 3.0);
  g_assert_cmpfloat_with_epsilon (s.mean, 4.0, 1e-9);
  /* sample stdev of 1,2,3,4,10: sqrt(50/4) */
  g_assert_cmpfloat_with_epsilon (s.stdev, sqrt (12.5), 1e-9);
  g_assert_cmpfloat_with_epsilon (s.p99, 4.0 + 6.0 * 0.96, 1e-9);
  g_assert_true (s.spread_large);
}

static void
test_stats_even_and_steady (void)
{
  const double v[] = { 1.00, 1.02, 1.01, 0.99 };
  const double one[] = { 5.0 };
  FsbStats s;

  fsb_stats_compute (v, G_N_ELEMENTS (v), &s);
  g_assert_cmpfloat_with_epsilon (s.median, 1.005, 1e-9);
  g_assert_false (s.spread_large);

  fsb_stats_compute (one, 1, &s);
  g_assert_cmpfloat (s.median, ==, 5.0);
  g_assert_cmpfloat (s.stdev, ==, 0.0);
  g_assert_false (s.spread_large);

  fsb_stats_compute (NULL, 0, &s);
  g_assert_cmpuint (s.n, ==, 0);
}

static FsbResult *
make_result (void)
{
  FsbResult *r = fsb_result_new ();
  FsbFsResult *fs;
  FsbTaskResult *task;

  r->machine.cpu_model = g_strdup ("Intel Celeron 533");
  r->machine.cores = 1;
  r->machine.ram_bytes = G_GUINT64_CONSTANT (512) << 20;
  r->machine.kernel = g_strdup ("2.6.15");
  r->target.kind = g_strdup ("image");
  r->target.size_bytes = G_GUINT64_CONSTANT (4) << 30;
  r->target.host.filesystem = g_strdup ("ext4");
  r->profile = g_strdup ("quick");
  r->repetitions = 3;
  r->workloads = g_strsplit ("core,random-io", ",", -1);
  r->repetition_policy.mode = g_strdup ("auto");
  r->repetition_policy.min = 3;
  r->repetition_policy.max = 10;
  r->repetition_policy.stopped = g_strdup ("settled");
  r->repetition_policy.order = g_strdup ("turns");
  r->complete = TRUE;

  fs = fsb_result_add_filesystem (r, "xfs");
  fs->mkfs_version = g_strdup ("mkfs.xfs version 6.1.0");
  fs->capacity_initial.percent = 99.95;
  fs->capacity_initial.total_bytes = 4000000000u;
  fs->capacity_residual.percent = 99.93;
  task = fsb_fs_result_get_task (fs, "big-copy-in", TRUE);
  for (int i = 0; i < 3; i++)
    {
      FsbSample *s = fsb_sample_new ();
      fsb_sample_set (s, "wall_s", 34.8 + i * 0.1);
      fsb_sample_set (s, "cpu_percent", 46.0);
      fsb_sample_set (s, "minor_faults", 600 + i);
      g_ptr_array_add (task->samples, s);
    }
  task = fsb_fs_result_get_task (fs, "custom:build", TRUE);
  task->command = g_strdup ("make -j2 <all>");
  {
    FsbSample *s = fsb_sample_new ();
    s->error = g_strdup ("make: *** No targets.  Stop.");
    fsb_sample_set (s, "wall_s", 0.01);
    g_ptr_array_add (task->samples, s);
  }
  {
    FsbTransfer *t = fsb_result_get_transfer (r, "xfs", "ext4", "transfer");
    const double rates[] = { 6.21, 5.9, 6.4 };

    for (guint i = 0; i < G_N_ELEMENTS (rates); i++)
      {
        FsbSample *s = fsb_sample_new ();
        fsb_sample_set (s, "bytes", 35e6);
        fsb_sample_set (s, "wall_s", 35 / rates[i]);
        fsb_sample_set (s, "mb_per_s", rates[i]);
        g_ptr_array_add (t->task->samples, s);
      }
  }
  return r;
}

/* A copy (what the window gets while a run goes on) writes the same file
 * as the original, every block included: aging, files that fit, policy. */
static void
test_copy (void)
{
  g_autoptr(FsbResult) r = make_result ();
  g_autoptr(FsbResult) copy = NULL;
  g_autoptr(JsonNode) a = NULL, b = NULL;
  g_autofree char *ja = NULL, *jb = NULL;
  FsbFsResult *fs = r->filesystems->pdata[0];
  FsbAging *aging;
  FsbAgingRun run;

  r->age = g_strdup ("light");
  r->use_case = g_strdup ("database");
  r->label = g_strdup ("web-1");
  aging = fsb_fs_result_get_aging (fs, "light", 60);
  aging->free_space_tool = g_strdup ("xfs_db");
  fsb_aging_run_init (&run);
  run.fill_percent_reached = 61.5;
  run.rounds = 4;
  run.files_written = 12000;
  run.big_file_extents_fresh = 1;
  run.big_file_extents_aged = 14;
  run.free_aged.free_extents = 1088;
  g_array_append_val (aging->runs, run);
  fs->fit.files = 164523;
  fs->fit.limit = g_strdup ("space");
  fs->fit.seconds = 12.5;

  copy = fsb_result_copy (r);
  a = fsb_result_to_json (r);
  b = fsb_result_to_json (copy);
  ja = json_to_string (a, TRUE);
  jb = json_to_string (b, TRUE);
  g_assert_nonnull (strstr (ja, "\"fill_percent_reached\""));
  g_assert_nonnull (strstr (ja, "\"repetition_policy\""));
  g_assert_nonnull (strstr (ja, "\"label\" : \"web-1\""));
  g_assert_cmpstr (jb, ==, ja);
}

static void
test_json_round_trip (void)
{
  g_autoptr(FsbResult) r = make_result ();
  g_autoptr(FsbResult) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL, *again = NULL;
  FsbFsResult *fs;
  FsbTaskResult *task;
  FsbStats s;

  data = fsb_result_to_data (r, NULL);
  g_assert_nonnull (strstr (data, "\"schema\" : \"fsbench-result/2\""));
  /* what was measured only: the statistics are derived where they are shown */
  g_assert_null (strstr (data, "\"stats\""));
  g_assert_null (strstr (data, "\"ci95_low\""));
  back = fsb_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);

  g_assert_cmpstr (back->machine.cpu_model, ==, "Intel Celeron 533");
  g_assert_cmpuint (back->machine.ram_bytes, ==, G_GUINT64_CONSTANT (512) << 20);
  g_assert_cmpstr (back->target.kind, ==, "image");
  g_assert_cmpstr (back->workloads[1], ==, "random-io");
  g_assert_cmpstr (back->repetition_policy.mode, ==, "auto");
  g_assert_cmpuint (back->repetition_policy.min, ==, 3);
  g_assert_cmpuint (back->repetition_policy.max, ==, 10);
  g_assert_cmpstr (back->repetition_policy.stopped, ==, "settled");
  g_assert_cmpstr (back->repetition_policy.order, ==, "turns");
  g_assert_true (back->complete);
  fs = fsb_result_find_filesystem (back, "xfs");
  g_assert_nonnull (fs);
  g_assert_cmpfloat (fs->capacity_initial.percent, ==, 99.95);
  g_assert_cmpuint (fs->capacity_initial.total_bytes, ==, 4000000000u);
  task = fsb_fs_result_get_task (fs, "big-copy-in", FALSE);
  g_assert_nonnull (task);
  g_assert_cmpuint (task->samples->len, ==, 3);
  g_assert_true (fsb_task_result_stats (NULL, task, "wall_s", &s));
  g_assert_cmpfloat_with_epsilon (s.median, 34.9, 1e-9);
  task = fsb_fs_result_get_task (fs, "custom:build", FALSE);
  g_assert_cmpstr (task->command, ==, "make -j2 <all>");
  g_assert_cmpstr (((FsbSample *) task->samples->pdata[0])->error, ==, "make: *** No targets.  Stop.");
  /* A failed sample does not count in the statistics. */
  g_assert_false (fsb_task_result_stats (NULL, task, "wall_s", &s));
  g_assert_cmpuint (back->transfers->len, ==, 1);
  {
    /* every copy is kept, and the figure is their median */
    FsbTransfer *t = back->transfers->pdata[0];
    double v;

    g_assert_cmpstr (t->from, ==, "xfs");
    g_assert_cmpstr (t->to, ==, "ext4");
    g_assert_cmpstr (t->task->id, ==, "transfer");
    g_assert_cmpuint (t->task->samples->len, ==, 3);
    g_assert_true (fsb_sample_get (t->task->samples->pdata[1], "wall_s", &v));
    g_assert_cmpfloat_with_epsilon (v, 35 / 5.9, 1e-9);
    g_assert_true (fsb_sample_get (t->task->samples->pdata[2], "bytes", &v));
    g_assert_cmpfloat (v, ==, 35e6);
    g_assert_true (fsb_transfer_stats (back, t, &s));
    g_assert_cmpuint (s.n, ==, 3);
    g_assert_cmpfloat (s.median, ==, 6.21);
    g_assert_true (isfinite (s.ci95_low) && s.ci95_low < 6.21 && s.ci95_high > 6.21);
  }

  /* Lossless: writing the loaded result gives the same document. */
  again = fsb_result_to_data (back, NULL);
  g_assert_cmpstr (data, ==, again);
}

static void
test_save_and_load_file (void)
{
  g_autoptr(FsbResult) r = make_result ();
  g_autoptr(FsbResult) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("fsbench-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "result.json", NULL);

  fsb_assert_ok (fsb_result_save (r, path, &error), error);
  back = fsb_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->filesystems->len, ==, 1);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_load_bad_input (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = NULL;

  fsb_assert_load_fails ("", FSB_ERROR_INVALID, NULL);
  fsb_assert_load_fails ("{\"schema\": \"fsbench-result/1\", \"filesys", FSB_ERROR_INVALID, "JSON");
  fsb_assert_load_fails ("[1, 2]", FSB_ERROR_INVALID, NULL);
  fsb_assert_load_fails ("{\"filesystems\": []}", FSB_ERROR_INVALID, "schema");
  fsb_assert_load_fails ("{\"schema\": \"fsbench-result/9\", \"filesystems\": []}", FSB_ERROR_INVALID,
                     "fsbench-result/9");
  fsb_assert_load_fails ("{\"schema\": \"fsbench-result/1\", \"filesystems\": {}}", FSB_ERROR_INVALID, NULL);
  fsb_assert_load_fails ("{\"schema\": \"fsbench-result/1\", \"filesystems\": [{\"name\": 3, \"tasks\": []}]}",
                     FSB_ERROR_INVALID, NULL);
  fsb_assert_load_fails ("{\"schema\": \"fsbench-result/1\", \"filesystems\": [{\"name\": \"xfs\", \"tasks\": [{\"id\": \"mkfs\", \"samples\": [7]}]}]}",
                     FSB_ERROR_INVALID, NULL);

  /* Wrong types inside a sample are skipped, not fatal. */
  r = fsb_result_load_from_data ("{\"schema\": \"fsbench-result/1\", \"filesystems\": [{\"name\": \"xfs\", "
                                 "\"tasks\": [{\"id\": \"mkfs\", \"samples\": [{\"wall_s\": \"x\", \"cpu_s\": 1}]}]}]}",
                                 -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);

  g_clear_pointer (&r, fsb_result_unref);
  r = fsb_result_load ("/nonexistent/fsbench/result.json", &error);
  g_assert_null (r);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "/nonexistent/fsbench/result.json"));
}

/* A time, a count or a rate is never negative, not even negative zero:
 * "-0.0" and what rounds to it (-1e-400) are refused naming the field,
 * "-0" (an integer to json-glib, 0 once read) before json-glib reads it,
 * naming its place. */
static void
test_load_negative_zero (void)
{
  const char *zeros[] = { "-0", "-0.0", "-0e3", "-0.000", "-1e-400" };
  /* a sample's time, its CPU share and a count, each before and after */
  const char *fields[][2] = { { "\"wall_s\": ", "" }, { "\"cpu_percent\": ", ", \"wall_s\": 1" },
                              { "\"wall_s\": 1, \"bytes\": ", "" } };

  for (guint z = 0; z < G_N_ELEMENTS (zeros); z++)
    for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
      {
        g_autofree char *sample = g_strconcat (fields[f][0], zeros[z], fields[f][1], NULL);
        g_autofree char *json = g_strdup_printf ("{\"schema\": \"fsbench-result/1\", \"filesystems\": [{\"name\": \"xfs\", "
                                                 "\"tasks\": [{\"id\": \"mkfs\", \"samples\": [{%s}]}]}]}", sample);

        g_test_message ("%s", sample);
        fsb_assert_load_fails (json, FSB_ERROR_INVALID, z == 0 ? "the number -0 (at byte" : "filesystems[0].tasks[0].samples[0].");
      }
  /* in a text, "-0" is only text; a zero is a zero */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(FsbResult) r = fsb_result_load_from_data ("{\"schema\": \"fsbench-result/1\", \"app_version\": \"-0\", "
                                                        "\"filesystems\": [{\"name\": \"xfs\", \"tasks\": [{\"id\": \"mkfs\", "
                                                        "\"samples\": [{\"wall_s\": 0, \"cpu_percent\": 0.0}]}]}]}", -1, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (r->app_version, ==, "-0");
  }
}

/* Half a character ("\\ud800" alone, or followed by what is not its
 * second half) is refused, naming its place, before json-glib reads it
 * (json-glib 1.6 leaks what it was reading there); a whole pair, and any
 * other escape, is a character like any other. */
static void
test_load_broken_surrogate (void)
{
  const char *broken[] = { "\\ud800\\u0041", "\\ud800x", "\\udbff", "\\udc00", "\\uDFFF\\uDFFF", "\\ud83d\\ud83d" };
  const char *whole[][2] = { { "\\ud83d\\ude00", "\xf0\x9f\x98\x80" }, { "\\u00e9\\ue000", "\xc3\xa9\xee\x80\x80" },
                             { "\\\\ud800", "\\ud800" }, { "\\uD83D\\uDE00\\u0041", "\xf0\x9f\x98\x80" "A" } };

  for (guint b = 0; b < G_N_ELEMENTS (broken); b++)
    {
      g_autofree char *json = g_strdup_printf ("{\"schema\": \"fsbench-result/1\", \"app_version\": \"%s\", "
                                               "\"filesystems\": []}", broken[b]);

      g_test_message ("%s", broken[b]);
      fsb_assert_load_fails (json, FSB_ERROR_INVALID, "written as a \\u escape (at byte 47)");
    }
  for (guint w = 0; w < G_N_ELEMENTS (whole); w++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *json = g_strdup_printf ("{\"schema\": \"fsbench-result/1\", \"app_version\": \"%s\", "
                                               "\"filesystems\": []}", whole[w][0]);
      g_autoptr(FsbResult) r = fsb_result_load_from_data (json, -1, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (r->app_version, ==, whole[w][1]);
    }
}

/* The kernel's command line keeps only what explains a measurement
 * (mitigations, the I/O scheduler, huge pages, tickless and isolated
 * CPUs, preemption…), nothing that names the machine, its disks or its
 * network: on load too, for results written before. */
static void
test_kernel_cmdline (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = NULL;
  g_autofree char *json = NULL;

  r = fsb_result_load_from_data ("{\"schema\": \"fsbench-result/1\", \"filesystems\": [], \"machine\": {\"kernel_cmdline\": "
                                 "\"BOOT_IMAGE=/boot/vmlinuz-6.1.0-27-amd64 root=UUID=0a1b2c3d-4e5f ro quiet mitigations=off "
                                 "ip=10.0.0.5::10.0.0.1:255.255.255.0:bench-host:eth0:off hostname=bench-host elevator=none "
                                 "transparent_hugepage=never nohz_full=1-3 isolcpus=2,3 preempt=full "
                                 "cryptdevice=UUID=77aa:root resume=/dev/sda2 console=ttyS0,115200 nfsroot=10.0.0.1:/srv/x "
                                 "rd.luks.uuid=9f8e nvme_core.default_ps_max_latency_us=0 intel_idle.max_cstate=1 "
                                 "spectre_v2=off -- single mitigations=auto\"}}", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (r->machine.kernel_cmdline, ==,
                   "mitigations=off elevator=none transparent_hugepage=never nohz_full=1-3 isolcpus=2,3 preempt=full "
                   "nvme_core.default_ps_max_latency_us=0 intel_idle.max_cstate=1 spectre_v2=off");
  json = fsb_result_to_data (r, NULL);
  g_assert_null (strstr (json, "UUID"));
  g_assert_null (strstr (json, "bench-host"));
  g_assert_null (strstr (json, "vmlinuz"));

  /* nothing that explains a figure: no command line at all */
  g_clear_pointer (&r, fsb_result_unref);
  r = fsb_result_load_from_data ("{\"schema\": \"fsbench-result/1\", \"filesystems\": [], \"machine\": {\"kernel_cmdline\": "
                                 "\"BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet\"}}", -1, &error);
  g_assert_no_error (error);
  g_assert_null (r->machine.kernel_cmdline);
}

/* Each task id once, in the order of the first filesystem that has it. */
static void
test_task_ids (void)
{
  g_autoptr(FsbResult) result = fsb_result_new ();
  FsbFsResult *a = fsb_result_add_filesystem (result, "ext4");
  FsbFsResult *b = fsb_result_add_filesystem (result, "xfs");
  g_autoptr(GPtrArray) ids = NULL;

  fsb_fs_result_get_task (a, "mkfs", TRUE);
  fsb_fs_result_get_task (a, "big-copy-in", TRUE);
  fsb_fs_result_get_task (b, "mkfs", TRUE);
  fsb_fs_result_get_task (b, "tree-list", TRUE);
  fsb_fs_result_get_task (b, "big-copy-in", TRUE);
  ids = fsb_result_task_ids (result);
  g_assert_cmpuint (ids->len, ==, 3);
  g_assert_cmpstr (ids->pdata[0], ==, "mkfs");
  g_assert_cmpstr (ids->pdata[1], ==, "big-copy-in");
  g_assert_cmpstr (ids->pdata[2], ==, "tree-list");
}

static void
test_catalog (void)
{
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);
  const char *study[] = { "mkfs", "mount", "big-copy-in", "big-recopy", "big-delete", "tree-copy-in",
                          "tree-recopy", "tree-list", "tree-find", "tree-delete", "umount" };
  guint n_study = 0;

  g_assert_cmpstr (groups[0]->id, ==, "cycle");
  g_assert_true (groups[0]->always);
  for (guint g = 0; g < n; g++)
    for (guint i = 0; i < groups[g]->n_tasks; i++)
      {
        const FsbTaskSpec *task = &groups[g]->tasks[i];
        const FsbWorkloadGroup *owner = NULL;

        /* every task counts in a criterion of the catalog, and finds its group */
        g_assert_nonnull (fsb_catalog_criterion (task->criterion));
        g_assert_true (fsb_catalog_task (task->id, &owner) == task);
        g_assert_true (owner == groups[g]);
        if (g_str_equal (groups[g]->id, "core") || g_str_equal (groups[g]->id, "cycle"))
          n_study++;
      }
  /* seed 000's eleven tasks */
  g_assert_cmpuint (n_study, ==, G_N_ELEMENTS (study));
  for (guint i = 0; i < G_N_ELEMENTS (study); i++)
    g_assert_nonnull (fsb_catalog_task (study[i], NULL));
  g_assert_null (fsb_catalog_task ("no-such-task", NULL));
  /* criteria in the study's order, custom and cpu last */
  g_assert_cmpstr (fsb_catalog_nth_criterion (0)->id, ==, "capacity");
  g_assert_cmpstr (fsb_catalog_nth_criterion (1)->id, ==, "mkfs-mount");
  g_assert_cmpstr (fsb_catalog_nth_criterion (2)->id, ==, "big-files");
  g_assert_cmpstr (fsb_catalog_nth_criterion (fsb_catalog_n_criteria () - 1)->id, ==, "cpu");
  g_assert_cmpstr (fsb_catalog_nth_criterion (fsb_catalog_n_criteria () - 2)->id, ==, "custom");
  g_assert_cmpstr (fsb_task_criterion ("custom:build"), ==, "custom");
  g_assert_cmpstr (fsb_task_criterion ("transfer"), ==, "transfer");
  g_assert_cmpstr (fsb_task_display_name ("custom:build"), ==, "build");
  g_assert_cmpstr (fsb_metric_unit ("mb_per_s"), ==, "MB/s");
  g_assert_cmpstr (fsb_metric_unit ("files_per_s"), ==, "files/s");   /* a group's own metric */
  g_assert_true (fsb_task_order ("mkfs") < fsb_task_order ("big-copy-in"));
  g_assert_cmpuint (fsb_task_order ("custom:x"), ==, G_MAXUINT);
}

/* The groups a run lacked, run later on the same filesystems: merged. */
static void
test_merge (void)
{
  g_autoptr(FsbResult) base = make_result ();
  g_autoptr(FsbResult) more = fsb_result_new ();
  g_autoptr(FsbResult) merged = NULL;
  FsbFsResult *xfs = fsb_result_add_filesystem (more, "xfs");
  FsbFsResult *other = fsb_result_add_filesystem (more, "btrfs");
  FsbFsResult *fs;

  more->workloads = g_strsplit ("sync-write", ",", -1);
  more->complete = TRUE;
  g_ptr_array_add (fsb_fs_result_get_task (xfs, "sync-write", TRUE)->samples, fsb_sample_new ());
  g_ptr_array_add (fsb_fs_result_get_task (xfs, "big-copy-in", TRUE)->samples, fsb_sample_new ());
  g_ptr_array_add (fsb_fs_result_get_task (other, "sync-write", TRUE)->samples, fsb_sample_new ());
  merged = fsb_result_merge (base, more);
  g_assert_nonnull (merged);
  g_assert_cmpuint (merged->filesystems->len, ==, 1);   /* only the base's filesystems */
  fs = fsb_result_find_filesystem (merged, "xfs");
  g_assert_nonnull (fsb_fs_result_get_task (fs, "sync-write", FALSE));
  /* what the base had stays its own */
  g_assert_cmpuint (fsb_fs_result_get_task (fs, "big-copy-in", FALSE)->samples->len, ==, 3);
  g_assert_cmpuint (g_strv_length (merged->workloads), ==, 3);
  g_assert_cmpstr (merged->workloads[2], ==, "sync-write");
  g_assert_true (merged->complete);
  /* the inputs are not changed */
  g_assert_null (fsb_fs_result_get_task (fsb_result_find_filesystem (base, "xfs"), "sync-write", FALSE));
  /* the base's transfers, every sample of them, apart from the base's */
  g_assert_cmpuint (merged->transfers->len, ==, 1);
  g_assert_cmpuint (((FsbTransfer *) merged->transfers->pdata[0])->task->samples->len, ==, 3);
  g_assert_true (((FsbTransfer *) merged->transfers->pdata[0])->task != ((FsbTransfer *) base->transfers->pdata[0])->task);
}

/* A result from before the samples were kept holds each transfer's
 * median alone: it loads as one sample, and gives the same figure. */
static void
test_transfer_median_only (void)
{
  static const char *old = "{\"schema\": \"fsbench-result/1\", \"filesystems\": [], \"transfers\": ["
                           "{\"from\": \"ext4\", \"to\": \"xfs\", \"mb_per_s\": 376.02127781942295}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = fsb_result_load_from_data (old, -1, &error);
  g_autoptr(FsbResult) again = NULL;
  g_autofree char *saved = NULL;
  FsbTransfer *t;
  FsbStats s;

  g_assert_no_error (error);
  g_assert_cmpuint (r->transfers->len, ==, 1);
  t = r->transfers->pdata[0];
  /* the group across contenders there was then */
  g_assert_cmpstr (t->task->id, ==, "transfer");
  g_assert_cmpuint (t->task->samples->len, ==, 1);
  g_assert_true (fsb_transfer_stats (r, t, &s));
  g_assert_cmpfloat (s.median, ==, 376.02127781942295);
  g_assert_true (isnan (s.ci95_low));

  /* saved again, it keeps that sample, and the figure */
  saved = fsb_result_to_data (r, NULL);
  g_assert_nonnull (strstr (saved, "\"samples\""));
  again = fsb_result_load_from_data (saved, -1, &error);
  g_assert_no_error (error);
  g_assert_true (fsb_transfer_stats (again, again->transfers->pdata[0], &s));
  g_assert_cmpfloat (s.median, ==, 376.02127781942295);
}

/* Conditions are data: a key names them, the file holds them apart from
 * the id, and a schema 1 file's "TASK@aged" ids read as the same key. */
static void
test_conditions (void)
{
  FsbConditions c = { 0 }, back;
  const char *aged_key, *deep_key;
  g_autoptr(FsbResult) r = fsb_result_new ();
  g_autoptr(FsbResult) again = NULL;
  g_autoptr(FsbResult) old = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  FsbFsResult *fs;
  FsbSample *s;

  g_assert_true (fsb_job_key ("tree-list", &c) == g_intern_string ("tree-list"));
  c.aged = TRUE;
  aged_key = fsb_job_key ("tree-list", &c);
  g_assert_true (aged_key == fsb_task_aged_id ("tree-list"));
  g_assert_true (fsb_job_key_parse (aged_key, &back) == g_intern_string ("tree-list"));
  g_assert_true (back.aged && back.jobs == 0 && back.iodepth == 0);
  c.jobs = 4;
  c.iodepth = 32;
  deep_key = fsb_job_key ("rand-write", &c);
  g_assert_true (fsb_job_key_parse (deep_key, &back) == g_intern_string ("rand-write"));
  g_assert_true (back.aged && back.jobs == 4 && back.iodepth == 32);
  g_assert_null (fsb_job_key_parse ("rand-write@fast", NULL));
  g_assert_null (fsb_job_key_parse ("rand-write@jobs=0", NULL));
  g_assert_false (fsb_text_is_task_id ("rand-write@fast"));

  fs = fsb_result_add_filesystem (r, "ext4");
  s = fsb_sample_new ();
  fsb_sample_set (s, "wall_s", 1.0);
  g_ptr_array_add (fsb_fs_result_get_task (fs, "tree-list", TRUE)->samples, s);
  s = fsb_sample_new ();
  fsb_sample_set (s, "wall_s", 2.0);
  g_ptr_array_add (fsb_fs_result_get_task (fs, aged_key, TRUE)->samples, s);
  data = fsb_result_to_data (r, NULL);
  g_assert_null (strstr (data, aged_key));
  g_assert_nonnull (strstr (data, "\"conditions\" : {\n"));
  again = fsb_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  fs = fsb_result_find_filesystem (again, "ext4");
  g_assert_cmpuint (fs->tasks->len, ==, 2);
  g_assert_cmpuint (fsb_fs_result_get_task (fs, aged_key, FALSE)->samples->len, ==, 1);
  g_assert_cmpuint (fsb_fs_result_get_task (fs, "tree-list", FALSE)->samples->len, ==, 1);

  /* Schema 1 wrote the condition into the id: the same task, the same key. */
  old = fsb_result_load_from_data ("{\"schema\": \"fsbench-result/1\", \"filesystems\": [{\"name\": \"ext4\", "
                                   "\"tasks\": [{\"id\": \"tree-list@aged\", \"samples\": [{\"wall_s\": 2}]}]}]}",
                                   -1, &error);
  g_assert_no_error (error);
  fs = fsb_result_find_filesystem (old, "ext4");
  g_assert_nonnull (fsb_fs_result_get_task (fs, aged_key, FALSE));
  /* A condition this version does not know is refused, not dropped. */
  g_assert_null (fsb_result_load_from_data ("{\"schema\": \"fsbench-result/2\", \"filesystems\": [{\"name\": \"ext4\", "
                                            "\"tasks\": [{\"id\": \"tree-list\", \"conditions\": {\"crashed\": true}, "
                                            "\"samples\": [{\"wall_s\": 2}]}]}]}", -1, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
}

/* A group whose program is missing is left out of the result's workloads
 * with its reason as data, which saves, loads and copies; with the program
 * found it is among the workloads (so the test fails if it stops telling). */
static void
test_left_out (void)
{
  g_autofree char *path = g_strdup (g_getenv ("PATH"));
  g_autofree char *empty = g_dir_make_tmp ("fsbench-test-left-out-XXXXXX", NULL);
  g_autoptr(FsbResult) r = fsb_result_new ();
  g_autoptr(FsbResult) loaded = NULL, copy = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *git = g_find_program_in_path ("git");
  const FsbLeftOut *left;

  g_assert_nonnull (empty);
  g_setenv ("PATH", empty, TRUE);
  fsb_result_set_workloads (r, (const char *const []) { "core", "git", "build", NULL });
  g_setenv ("PATH", path, TRUE);
  g_assert_cmpstrv (r->workloads, ((const char *const []) { "core", "build", NULL }));
  g_assert_cmpuint (r->left_out->len, ==, 1);
  node = fsb_result_to_json (r);
  text = json_to_string (node, FALSE);
  g_assert_nonnull (strstr (text, "\"left_out\":[{\"group\":\"git\",\"missing_program\":\"git\",\"package\":\"git\"}]"));
  loaded = fsb_result_load_from_data (text, -1, &error);
  g_assert_no_error (error);
  copy = fsb_result_copy (loaded);
  g_assert_cmpstrv (copy->workloads, ((const char *const []) { "core", "build", NULL }));
  g_assert_cmpuint (copy->left_out->len, ==, 1);
  left = copy->left_out->pdata[0];
  g_assert_cmpstr (left->group, ==, "git");
  g_assert_cmpstr (left->program, ==, "git");
  g_assert_cmpstr (left->package, ==, "git");
  g_rmdir (empty);

  /* a kernel facility refused: its name and errno as data, the reason in words */
  {
    g_autoptr(FsbResult) refused = fsb_result_load_from_data (
      "{\"schema\":\"fsbench-result/2\",\"workloads\":[\"random-io\"],\"filesystems\":[],"
      "\"left_out\":[{\"group\":\"queue-depth\",\"refused_feature\":\"io_uring\",\"errno\":1},"
      "{\"group\":\"queue-depth\",\"refused_feature\":\"io_uring\",\"errno\":\"x\"},"
      "{\"group\":\"queue-depth\"}]}", -1, &error);
    g_autoptr(JsonNode) again = NULL;
    g_autofree char *saved = NULL, *why = NULL;

    g_assert_no_error (error);
    /* the one without a reason is not ours to show; a bad errno says nothing */
    g_assert_cmpuint (refused->left_out->len, ==, 2);
    left = refused->left_out->pdata[0];
    g_assert_null (left->program);
    g_assert_cmpstr (left->feature, ==, "io_uring");
    g_assert_cmpint (left->error_code, ==, EPERM);
    why = fsb_left_out_reason (left);
    g_assert_cmpstr (why, ==, "This system does not allow io_uring: Operation not permitted.");
    g_assert_cmpint (((const FsbLeftOut *) refused->left_out->pdata[1])->error_code, ==, 0);
    again = fsb_result_to_json (refused);
    saved = json_to_string (again, FALSE);
    g_assert_nonnull (strstr (saved, "{\"group\":\"queue-depth\",\"refused_feature\":\"io_uring\",\"errno\":1}"));
  }

  if (git != NULL)
    {
      g_autoptr(FsbResult) with = fsb_result_new ();

      fsb_result_set_workloads (with, (const char *const []) { "core", "git", NULL });
      g_assert_cmpstrv (with->workloads, ((const char *const []) { "core", "git", NULL }));
      g_assert_cmpuint (with->left_out->len, ==, 0);
    }
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stats/basic", test_stats_basic);
  g_test_add_func ("/stats/even-and-steady", test_stats_even_and_steady);
  g_test_add_func ("/result/json-round-trip", test_json_round_trip);
  g_test_add_func ("/result/copy", test_copy);
  g_test_add_func ("/result/left-out", test_left_out);
  g_test_add_func ("/result/merge", test_merge);
  g_test_add_func ("/result/transfer-median-only", test_transfer_median_only);
  g_test_add_func ("/result/save-and-load-file", test_save_and_load_file);
  g_test_add_func ("/result/task-ids", test_task_ids);
  g_test_add_func ("/result/conditions", test_conditions);
  g_test_add_func ("/result/load-bad-input", test_load_bad_input);
  g_test_add_func ("/result/load-negative-zero", test_load_negative_zero);
  g_test_add_func ("/result/load-broken-surrogate", test_load_broken_surrogate);
  g_test_add_func ("/result/kernel-cmdline", test_kernel_cmdline);
  g_test_add_func ("/tasks/catalog", test_catalog);
  return g_test_run ();
}
