/* test-run-extra.c: every group of seeds 001 to 004, transfers and custom
 * commands at quick scale on ext4 and xfs images, through the real udisksd */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-target-info.h"
#include "fsb-data-space.h"
#include "fsb-engine.h"
#include "fsb-stats.h"
#include "fsb-test-assert.h"
#include "fsb-test-util.h"
#include "fsb-runner.h"
#include "fsb-target.h"

static char *tmp_dir;
static char *image_dir;

typedef struct {
  GMainLoop *loop;
  FsbResult *result;
  GError    *error;
  GPtrArray *logs;
} RunData;

static void
log_cb (FsbRunner *runner, const char *line, RunData *d)
{
  g_ptr_array_add (d->logs, g_strdup (line));
}

static void
done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  RunData *d = user_data;

  d->result = fsb_runner_run_finish (FSB_RUNNER (source), res, &d->error);
  g_main_loop_quit (d->loop);
}

/* Runs plan to its end: d->result or d->error, and the log lines. */
static void
run_plan (FsbPlan *plan, RunData *d)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(FsbRunner) runner = fsb_runner_new (plan);

  d->loop = loop;
  d->logs = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (runner, "log", G_CALLBACK (log_cb), d);
  fsb_runner_run_async (runner, NULL, done_cb, d);
  g_main_loop_run (loop);
  d->loop = NULL;
}

static void
run_data_clear (RunData *d)
{
  g_clear_pointer (&d->result, fsb_result_unref);
  g_clear_error (&d->error);
  g_clear_pointer (&d->logs, g_ptr_array_unref);
}

static double
metric (FsbTaskResult *task, guint i, const char *name)
{
  double v = -1;

  if (!fsb_sample_get (g_ptr_array_index (task->samples, i), name, &v))
    g_error ("%s: metric %s missing", task->id, name);
  return v;
}

static FsbTaskResult *
task (FsbFsResult *fs, const char *id)
{
  FsbTaskResult *t = fsb_fs_result_get_task (fs, id, FALSE);

  if (t == NULL || t->samples->len == 0)
    g_error ("%s: no task %s", fs->name, id);
  return t;
}

static void
check_filesystem (FsbFsResult *fs, const FsbSizes *p)
{
  const char *kernel[] = { "kernel-copy-in", "kernel-copy-out", "kernel-recopy" };
  const char *small[] = { "small-create-seq", "small-stat-seq", "small-delete-seq",
                          "small-create-rand", "small-stat-rand", "small-delete-rand" };
  const char *randio[] = { "rand-read", "rand-write" };
  const char *deletes[] = { "delete-return", "delete-sys" };
  FsbTaskResult *t;
  FsbStats st;

  g_assert_cmpstr (fs->error, ==, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (kernel); i++)
    {
      t = task (fs, kernel[i]);
      g_assert_cmpfloat (metric (t, 0, "files"), ==, fsb_sizes_get (p, "kernel-files"));
      g_assert_cmpfloat (metric (t, 0, "bytes"), ==, fsb_sizes_get (p, "kernel-size"));
      g_assert_cmpfloat (metric (t, 0, "wall_s"), >, 0);
    }
  t = task (fs, "kernel-delete");
  g_assert_cmpfloat (metric (t, 0, "files"), ==, 2.0 * fsb_sizes_get (p, "kernel-files"));

  for (guint i = 0; i < G_N_ELEMENTS (small); i++)
    {
      t = task (fs, small[i]);
      g_assert_cmpfloat (metric (t, 0, "files"), ==, fsb_sizes_get (p, "small-files"));
      g_assert_cmpfloat (metric (t, 0, "files_per_s"), >, 0);
    }

  /* One sample per deletion, nothing else mixed in. */
  for (guint i = 0; i < G_N_ELEMENTS (deletes); i++)
    {
      t = task (fs, deletes[i]);
      g_assert_cmpuint (t->samples->len, ==, MAX (fsb_sizes_get_uint (p, "delete-count"), 5));
      for (guint k = 0; k < t->samples->len; k++)
        {
          g_assert_cmpfloat (metric (t, k, "bytes"), ==, fsb_sizes_get (p, "delete-file-size"));
          g_assert_cmpfloat (metric (t, k, "wall_s"), >, 0);
          g_assert_cmpfloat (metric (t, k, "wall_s"), <, 30);
          g_assert_cmpfloat (metric (t, k, "sys_s"), >=, 0);
        }
      g_assert_true (fsb_task_result_stats (NULL, t, i == 0 ? "wall_s" : "sys_s", &st));
      g_assert_cmpuint (st.n, ==, t->samples->len);
      g_assert_cmpfloat (st.min, <=, st.median);
      g_assert_cmpfloat (st.median, <=, st.p99);
      g_assert_cmpfloat (st.p99, <=, st.max);
    }
  /* Two readings of the same deletions, as in seed 002: one set of files
   * deleted, its samples filed under both tasks. */
  {
    FsbTaskResult *ret = task (fs, "delete-return"), *sys = task (fs, "delete-sys");

    for (guint k = 0; k < ret->samples->len; k++)
      {
        g_assert_cmpfloat (metric (sys, k, "wall_s"), ==, metric (ret, k, "wall_s"));
        g_assert_cmpfloat (metric (sys, k, "sys_s"), ==, metric (ret, k, "sys_s"));
      }
  }

  for (guint i = 0; i < G_N_ELEMENTS (randio); i++)
    {
      t = task (fs, randio[i]);
      g_assert_cmpfloat (metric (t, 0, "direct_io"), ==, 0);
      g_assert_cmpfloat (metric (t, 0, "requests"), >, 0);
      g_assert_cmpfloat (metric (t, 0, "mb_per_s"), >, 0);
      g_assert_cmpfloat (metric (t, 0, "iops"), >, 0);
      g_assert_cmpfloat (metric (t, 0, "latency_p50_ms"), <=, metric (t, 0, "latency_p95_ms"));
      g_assert_cmpfloat (metric (t, 0, "latency_p95_ms"), <=, metric (t, 0, "latency_p99_ms"));
      g_assert_cmpfloat (metric (t, 0, "latency_p99_ms"), <=, metric (t, 0, "latency_max_ms"));
      /* The files were written by the setup, before the cold remount. */
      g_assert_false (fsb_sample_get (t->samples->pdata[0], "prepared_in_task", NULL));
    }

  t = task (fs, "custom:list");
  g_assert_cmpstr (t->command, ==, "ls -la > /dev/null");
  g_assert_null (((FsbSample *) t->samples->pdata[0])->error);
  g_assert_cmpfloat (metric (t, 0, "exit_status"), ==, 0);
  g_assert_cmpfloat (metric (t, 0, "wall_s"), >, 0);
  t = task (fs, "custom:broken");
  g_assert_cmpstr (((FsbSample *) t->samples->pdata[0])->error, ==, "no such thing\n");
  g_assert_cmpfloat (metric (t, 0, "exit_status"), ==, 7);
}

/* This process's scratch folders in /dev/shm, where the runner prefers
 * them (other processes' runs may have theirs there too). */
/* A transfer keeps every copy: its size, its time and its rate, of the
 * group's task. */
static void
check_transfer (FsbTransfer *t, guint copies, guint64 bytes)
{
  FsbStats stats;

  g_assert_cmpstr (t->task->id, ==, "transfer");
  g_assert_cmpuint (t->task->samples->len, ==, copies);
  for (guint i = 0; i < copies; i++)
    {
      FsbSample *s = t->task->samples->pdata[i];
      double v, wall, rate;

      g_assert_true (fsb_sample_get (s, "bytes", &v));
      g_assert_cmpfloat (v, ==, (double) bytes);
      g_assert_true (fsb_sample_get (s, "wall_s", &wall));
      g_assert_true (fsb_sample_get (s, "mb_per_s", &rate));
      g_assert_cmpfloat (wall, >, 0);
      g_assert_cmpfloat_with_epsilon (rate, bytes / 1e6 / wall, rate * 1e-9);
    }
  g_assert_true (fsb_transfer_stats (NULL, t, &stats));
  g_assert_cmpfloat (stats.median, >, 0);
  g_assert_cmpuint (stats.n, ==, copies);
}

static guint
own_scratch_folders (void)
{
  g_autofree char *prefix = g_strdup_printf ("fsbench-scratch-%d-", (int) getpid ());
  g_autoptr(GDir) dir = g_dir_open ("/dev/shm", 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    n += g_str_has_prefix (name, prefix);
  return n;
}

static void
test_every_group (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  const char *pairs[][2] = { { "ext4", "ext4" }, { "ext4", "xfs" }, { "xfs", "ext4" }, { "xfs", "xfs" } };
  RunData d = { 0 };

  if (!fsb_test_have_udisks ())
    return;

  plan = fsb_test_image_plan (image_dir, "ext4,xfs",
                              "kernel-tree,small-files,delete-latency,random-io,transfer", 1);
  fsb_plan_add_custom (plan, "list", "ls -la > /dev/null");
  fsb_plan_add_custom (plan, "broken", "echo 'no such thing' >&2; exit 7");
  plan->custom_confirmed = TRUE;
  run_plan (plan, &d);

  g_assert_no_error (d.error);
  g_assert_true (d.result->complete);
  g_assert_cmpuint (d.result->filesystems->len, ==, 2);
  for (guint f = 0; f < 2; f++)
    check_filesystem (g_ptr_array_index (d.result->filesystems, f), plan->sizes);

  /* The kernel tree's manifest is part of the dataset. */
  g_assert_true (json_object_has_member (json_node_get_object (d.result->dataset), "kernel"));

  /* Every ordered pair, A→A included. */
  g_assert_cmpuint (d.result->transfers->len, ==, G_N_ELEMENTS (pairs));
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      FsbTransfer *t = g_ptr_array_index (d.result->transfers, i);
      g_assert_cmpstr (t->from, ==, pairs[i][0]);
      g_assert_cmpstr (t->to, ==, pairs[i][1]);
      check_transfer (t, 1, fsb_sizes_get_u64 (plan->sizes, "transfer-size"));
    }

  /* The JSON keeps all of it: per-deletion samples, the matrix, commands. */
  {
    g_autofree char *data = fsb_result_to_data (d.result, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(FsbResult) back = fsb_result_load_from_data (data, -1, &error);
    FsbFsResult *fs;

    g_assert_no_error (error);
    g_assert_cmpuint (back->transfers->len, ==, G_N_ELEMENTS (pairs));
    fs = fsb_result_find_filesystem (back, "xfs");
    g_assert_cmpuint (task (fs, "delete-return")->samples->len, ==, MAX (fsb_sizes_get_uint (plan->sizes, "delete-count"), 5));
    g_assert_cmpstr (task (fs, "custom:broken")->command, ==, "echo 'no such thing' >&2; exit 7");
    g_assert_cmpstr (((FsbSample *) task (fs, "custom:broken")->samples->pdata[0])->error, ==, "no such thing\n");
    g_assert_cmpfloat (metric (task (fs, "rand-write"), 0, "latency_p99_ms"), >, 0);
  }

  /* No images, no mounts of ours, no scratch folder left. */
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
  g_assert_cmpuint (own_scratch_folders (), ==, 0);

  run_data_clear (&d);
}

/* A plan whose custom commands nobody confirmed runs nothing of them. */
static void
test_unconfirmed_custom (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autofree char *marker = g_build_filename (tmp_dir, "custom-ran", NULL);
  g_autofree char *command = g_strdup_printf ("touch '%s'", marker);
  RunData d = { 0 };
  FsbTaskResult *t;

  if (!fsb_test_have_udisks ())
    return;
  plan = fsb_test_image_plan (image_dir, "ext4", "", 1);
  fsb_plan_add_custom (plan, "touch", command);
  run_plan (plan, &d);

  g_assert_no_error (d.error);
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  t = fsb_fs_result_get_task (g_ptr_array_index (d.result->filesystems, 0), "custom:touch", FALSE);
  g_assert_nonnull (t);
  g_assert_nonnull (((FsbSample *) t->samples->pdata[0])->error);
  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 0);
  run_data_clear (&d);
}

/* Transfers alone: no mkfs, mount or umount cycle per filesystem and
 * repetition, only the transfer step's own images. */
static void
test_transfer_only (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  RunData d = { 0 };

  if (!fsb_test_have_udisks ())
    return;
  plan = fsb_test_image_plan (image_dir, "ext4,xfs", "transfer", 2);
  run_plan (plan, &d);

  g_assert_no_error (d.error);
  g_assert_true (d.result->complete);
  g_assert_cmpuint (d.result->filesystems->len, ==, 2);
  for (guint f = 0; f < 2; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (d.result->filesystems, f);

      g_assert_cmpstr (fs->error, ==, NULL);
      g_assert_null (fsb_fs_result_get_task (fs, "mkfs", FALSE));
      g_assert_null (fsb_fs_result_get_task (fs, "mount", FALSE));
      g_assert_null (fsb_fs_result_get_task (fs, "umount", FALSE));
      g_assert_cmpuint (fs->tasks->len, ==, 0);
    }
  for (guint i = 0; i < d.logs->len; i++)
    g_assert_null (strstr (d.logs->pdata[i], "repetition"));
  /* A failed transfer step only logs: show why, on stderr, which a
   * failed test's report keeps. */
  if (d.result->transfers->len != 4)
    for (guint i = 0; i < d.logs->len; i++)
      g_printerr ("log: %s\n", (const char *) d.logs->pdata[i]);
  g_assert_cmpuint (d.result->transfers->len, ==, 4);
  for (guint i = 0; i < d.result->transfers->len; i++)
    check_transfer (g_ptr_array_index (d.result->transfers, i), 2, fsb_sizes_get_u64 (plan->sizes, "transfer-size"));
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
  run_data_clear (&d);
}

/* Contenders: a filesystem against itself (a twin) and against a variant
 * of it with a mount option, each mounted with what it asked for, as
 * /proc/self/mountinfo shows; an option udisks refuses stops the run
 * before anything is made. */
static void
test_contenders (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  RunData d = { 0 };
  const char *labels[] = { "ext4 (1)", "noatime", "ext4 (2)" };

  if (!fsb_test_have_udisks ())
    return;
  plan = fsb_test_image_plan (image_dir, "ext4", "small-files", 1);
  g_assert_true (fsb_plan_add_variant (plan, "noatime=ext4;mount=noatime,lazytime", &error));
  fsb_assert_ok (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", "noatime", "ext4", NULL }, &error), error);
  run_plan (plan, &d);

  g_assert_no_error (d.error);
  g_assert_true (d.result->complete);
  g_assert_cmpuint (d.result->filesystems->len, ==, 3);
  for (guint f = 0; f < 3; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (d.result->filesystems, f);
      g_auto(GStrv) applied = g_strsplit (fs->mount_options, ",", -1);

      g_assert_cmpstr (fs->name, ==, labels[f]);
      g_assert_cmpstr (fsb_fs_result_type (fs), ==, "ext4");
      g_assert_cmpstr (fs->error, ==, NULL);
      g_assert_nonnull (fsb_fs_result_get_task (fs, "small-create-seq", FALSE));
      /* asked for, and applied: noatime replaces relatime */
      g_assert_true (g_strv_contains ((const char *const *) applied, f == 1 ? "noatime" : "relatime"));
      g_assert_true (g_strv_contains ((const char *const *) applied, "lazytime") == (f == 1));
    }
  g_assert_cmpstr (((FsbFsResult *) d.result->filesystems->pdata[1])->mount_requested, ==, "noatime,lazytime");
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
  run_data_clear (&d);

  /* udisks allows ext4 no data=writeback, even for root */
  g_clear_pointer (&plan, fsb_plan_unref);
  plan = fsb_test_image_plan (image_dir, "ext4", "small-files", 1);
  g_assert_true (fsb_plan_add_variant (plan, "wb=ext4;mount=data=writeback", &error));
  g_assert_true (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", "wb", NULL }, &error));
  run_plan (plan, &d);
  g_assert_error (d.error, FSB_ERROR, FSB_ERROR_REFUSED);
  g_assert_nonnull (strstr (d.error->message, "data=writeback"));
  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 0);
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
  run_data_clear (&d);
}

/* Text data on Btrfs with and without compress=zstd:1: the copy-ins
 * measure the space the data took, and compression shows its worth. */
static void
test_compressible_data (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  RunData d = { 0 };
  guint64 written[2] = { 0 }, on_disk[2] = { 0 };
  FsbDataKind kind;

  if (!fsb_test_have_udisks ())
    return;
  plan = fsb_test_image_plan (image_dir, "btrfs", "core", 1);
  g_assert_true (fsb_plan_add_variant (plan, "zstd=btrfs;mount=compress=zstd:1", &error));
  g_assert_true (fsb_plan_set_filesystems (plan, (const char *const []) { "btrfs", "zstd", NULL }, &error));
  g_assert_true (fsb_plan_set_data (plan, "text", &error));
  g_assert_true (fsb_plan_set_size (plan, "big-file", 8e6, &error));
  g_assert_true (fsb_plan_set_size (plan, "tree-size", 16e6, &error));
  fsb_assert_ok (fsb_plan_set_size (plan, "tree-files", 200, &error), error);
  run_plan (plan, &d);

  g_assert_no_error (d.error);
  g_assert_true (d.result->complete);
  g_assert_true (fsb_result_data_kind (d.result, &kind));
  g_assert_cmpint (kind, ==, FSB_DATA_TEXT);
  for (guint f = 0; f < 2; f++)
    {
      g_assert_true (fsb_data_space (d.result, d.result->filesystems->pdata[f], &written[f], &on_disk[f]));
      g_test_message ("%s: %" G_GUINT64_FORMAT " bytes written, %" G_GUINT64_FORMAT " on disk",
                      ((FsbFsResult *) d.result->filesystems->pdata[f])->name, written[f], on_disk[f]);
      g_assert_cmpuint (written[f], ==, 24000000);
    }
  /* plain Btrfs keeps it all; zstd at least 40 % less */
  g_assert_cmpuint (on_disk[0], >=, written[0] * 9 / 10);
  g_assert_cmpuint (on_disk[1], <, on_disk[0] * 6 / 10);
  /* and the disk itself received less: each task's device bytes, and the
   * write amplification of the copies */
  for (guint f = 0; f < 2; f++)
    {
      FsbTaskResult *copy = fsb_fs_result_get_task (d.result->filesystems->pdata[f], "big-copy-in", FALSE);
      FsbTaskResult *find = fsb_fs_result_get_task (d.result->filesystems->pdata[f], "tree-find", FALSE);
      double wa = 0, device = -1;

      g_assert_true (fsb_sample_get (copy->samples->pdata[0], "write_amplification", &wa));
      g_assert_true (fsb_sample_get (find->samples->pdata[0], "device_write_bytes", &device));
      g_assert_false (fsb_sample_get (find->samples->pdata[0], "write_amplification", NULL));
      g_test_message ("%s: big-copy-in write amplification %.2f, tree-find wrote %.0f bytes",
                      ((FsbFsResult *) d.result->filesystems->pdata[f])->name, wa, device);
      if (f == 0)
        g_assert_cmpfloat (wa, >=, 0.95);
      else
        g_assert_cmpfloat (wa, <, 0.6);
      g_assert_cmpfloat (device, >=, 0);
    }
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
  run_data_clear (&d);
}

/* A variant's mkfs options where udisks cannot pass them (udisks 2.9):
 * mkfs runs on the image file for every contender, the result says so,
 * and the options took: ext4 without a journal has more room. */
static void
test_mkfs_variant (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  RunData d = { 0 };
  FsbFsResult *plain, *nj;

  if (!fsb_test_have_udisks ())
    return;
  plan = fsb_test_image_plan (image_dir, "ext4", "small-files", 1);
  g_assert_true (fsb_plan_add_variant (plan, "nj=ext4;mkfs=-O ^has_journal", &error));
  g_assert_true (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", "nj", NULL }, &error));
  fsb_assert_ok (fsb_plan_set_size (plan, "small-files", 500, &error), error);
  run_plan (plan, &d);

  g_assert_no_error (d.error);
  g_assert_true (d.result->complete);
  plain = d.result->filesystems->pdata[0];
  nj = d.result->filesystems->pdata[1];
  g_assert_cmpstr (plain->error, ==, NULL);
  g_assert_cmpstr (nj->error, ==, NULL);
  if (fsb_target_mkfs_on_file (plan->target_spec))
    {
      g_autofree char *text = fsb_target_info_mkfs_text (&d.result->target);

      g_assert_cmpstr (d.result->target.mkfs_by, ==, FSB_MKFS_BY_FILE);
      g_assert_false (d.result->target.mkfs_discard);
      g_assert_nonnull (strstr (text, "mkfs ran on the image file itself"));
    }
  else
    g_assert_cmpstr (d.result->target.mkfs_by, ==, FSB_MKFS_BY_UDISKS);
  g_test_message ("usable after mkfs: ext4 %" G_GUINT64_FORMAT ", without a journal %" G_GUINT64_FORMAT,
                  plain->capacity_initial.avail_bytes, nj->capacity_initial.avail_bytes);
  g_assert_cmpuint (nj->capacity_initial.avail_bytes, >, plain->capacity_initial.avail_bytes + (4 << 20));
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
  run_data_clear (&d);
}

int
main (int argc, char **argv)
{
  int status;

  tmp_dir = fsb_test_make_tmp_dir ("run-extra", &image_dir);

  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/run-extra/every-group/ext4-xfs", test_every_group);
  g_test_add_func ("/run-extra/custom-unconfirmed", test_unconfirmed_custom);
  g_test_add_func ("/run-extra/transfer-only", test_transfer_only);
  g_test_add_func ("/run-extra/contenders", test_contenders);
  g_test_add_func ("/run-extra/compressible-data", test_compressible_data);
  g_test_add_func ("/run-extra/mkfs-variant", test_mkfs_variant);
  status = g_test_run ();

  fsb_test_remove_dir (tmp_dir);
  g_free (image_dir);
  g_free (tmp_dir);
  return status;
}
