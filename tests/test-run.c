/* test-run.c: the quick profile through the runner on real images (udisksd) */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "fsb-engine.h"
#include "fsb-test-assert.h"
#include "fsb-test-util.h"
#include "fsb-runner.h"
#include "fsb-target.h"

static char *tmp_dir;
static char *image_dir;

/* No image file, no loop device on one of our images, no mount of ours. */
static void
assert_no_leftovers (const char *device)
{
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, device);
}

typedef struct {
  GMainLoop *loop;
  FsbResult *result;
  GError    *error;
  guint      progress;
  guint      finished;
  double     last_fraction;
  gboolean   eta_known;
  GCancellable *cancel_at_task;   /* cancelled when tree-copy-in starts */
  GPtrArray *mkfs_order;          /* of filesystem names, as their cycles began, or NULL */
  GPtrArray *task_order;          /* with mkfs_order: "filesystem task" of the data tasks, as they ended */
} RunData;

static void
progress_cb (FsbRunner *runner, const FsbProgress *p, RunData *d)
{
  d->progress++;
  g_assert_cmpfloat (p->fraction, >=, 0);
  g_assert_cmpfloat (p->fraction, <=, 1);
  d->eta_known |= p->eta_seconds >= 0;
  if (d->cancel_at_task != NULL && g_strcmp0 (p->task_id, "tree-copy-in") == 0)
    g_cancellable_cancel (d->cancel_at_task);
}

static void
finished_cb (FsbRunner *runner, const char *fs, const char *task_id, FsbSample *sample, RunData *d)
{
  double wall;

  d->finished++;
  if (d->mkfs_order != NULL && g_strcmp0 (task_id, "mkfs") == 0)
    g_ptr_array_add (d->mkfs_order, g_strdup (fs));
  else if (d->task_order != NULL && !fsb_task_is_cycle_step (task_id))
    g_ptr_array_add (d->task_order, g_strdup_printf ("%s %s", fs, task_id));
  g_assert_true (fsb_sample_get (sample, "wall_s", &wall));
  g_assert_cmpfloat (wall, >, 0);
}

static void
done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  RunData *d = user_data;

  d->result = fsb_runner_run_finish (FSB_RUNNER (source), res, &d->error);
  g_main_loop_quit (d->loop);
}

static FsbPlan *
quick_plan (const char *filesystems)
{
  FsbPlan *plan = fsb_test_image_plan (image_dir, filesystems, NULL, 1);

  plan->partial_path = g_build_filename (tmp_dir, "partial.json", NULL);
  return plan;
}

/* statvfs of a fresh filesystem of the same kind on an image of the same size. */
static void
fresh_capacity (const char *fstype, guint64 size, struct statvfs *out)
{
  g_autofree char *bytes = g_strdup_printf ("%" G_GUINT64_FORMAT, size);
  g_autoptr(FsbTarget) target = fsb_test_image_target (image_dir, bytes, fstype, TRUE);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (statvfs (fsb_target_get_mount_point (target), out), ==, 0);
  fsb_assert_ok (fsb_target_release (target, &error), error);
}

static void
test_quick_three (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(FsbRunner) runner = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autoptr(FsbResult) partial = NULL;
  g_autoptr(GError) error = NULL;
  RunData d = { 0 };
  const char *const study[] = { "mkfs", "mount", "big-copy-in", "big-recopy", "big-delete", "tree-copy-in",
                                "tree-recopy", "tree-list", "tree-find", "tree-delete", "umount" };
  const char *const names[] = { "ext4", "xfs", "btrfs" };

  if (!fsb_test_have_udisks ())
    return;

  plan = quick_plan ("ext4,xfs,btrfs");
  runner = fsb_runner_new (plan);
  loop = g_main_loop_new (NULL, FALSE);
  d.loop = loop;
  g_signal_connect (runner, "progress", G_CALLBACK (progress_cb), &d);
  g_signal_connect (runner, "task-finished", G_CALLBACK (finished_cb), &d);
  fsb_runner_run_async (runner, NULL, done_cb, &d);
  g_main_loop_run (loop);

  g_assert_no_error (d.error);
  g_assert_nonnull (d.result);
  g_assert_true (d.result->complete);
  g_assert_cmpuint (d.progress, >, 30);
  g_assert_true (d.eta_known);
  g_assert_cmpuint (d.finished, ==, 3 * 11);
  g_assert_cmpstr (d.result->profile, ==, "quick");
  g_assert_nonnull (d.result->machine.kernel);
  g_assert_cmpuint (d.result->machine.cores, >, 0);
  g_assert_cmpstr (d.result->target.kind, ==, "image");
  g_assert_nonnull (d.result->target.cache_policy);
  g_assert_nonnull (d.result->dataset);
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (d.result->dataset), "tree_files"), ==, 375);

  g_assert_cmpuint (d.result->filesystems->len, ==, 3);
  for (guint f = 0; f < 3; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (d.result->filesystems, f);
      struct statvfs vfs;

      g_assert_cmpstr (fs->name, ==, names[f]);
      g_assert_cmpstr (fs->error, ==, NULL);
      g_assert_nonnull (fs->mkfs_version);
      g_assert_nonnull (fs->mount_options);
      /* Every core task, one sample each, all with time. */
      for (guint i = 0; i < G_N_ELEMENTS (study); i++)
        {
          FsbTaskResult *task;
          const FsbTaskSpec *spec;
          double wall;
          guint batch;

          task = fsb_fs_result_get_task (fs, study[i], FALSE);
          g_assert_nonnull (task);
          g_assert_cmpuint (task->samples->len, ==, 1);
          g_assert_true (fsb_sample_get (task->samples->pdata[0], "wall_s", &wall));
          g_assert_cmpfloat (wall, >, 0);
          /* a task too short to time alone is a batch: its wall_s is per
           * operation; the others are one operation each */
          spec = fsb_catalog_task (study[i], NULL);
          batch = ((FsbSample *) task->samples->pdata[0])->batch;
          g_assert_cmpuint (batch, <=, spec->batch ? FSB_BATCH_MOST : 1);
          /* a task that can be batched and was not lasted long enough
           * alone (the quick tree's search lasts a few milliseconds on a
           * quiet machine, so there it is a batch) */
          if (spec->batch && batch <= 1)
            g_assert_cmpfloat (wall, >=, FSB_BATCH_LEAST_S);
          /* the first task after the mount found it untouched and needed
           * no remount; every later one had its own */
          if (g_strcmp0 (study[i], "mount") != 0 && g_strcmp0 (study[i], "mkfs") != 0
              && g_strcmp0 (study[i], "umount") != 0)
            g_assert_cmpint (fsb_sample_get (task->samples->pdata[0], "just_mounted", &wall),
                             ==, g_strcmp0 (study[i], "big-copy-in") == 0);
        }
      /* a cold walk of the tree reads the disk: its requests and their
       * time in the device beside the bytes */
      {
        FsbSample *walk = fsb_fs_result_get_task (fs, "tree-find", FALSE)->samples->pdata[0];
        double reads = 0, read_s = -1, read_bytes = 0;

        g_assert_true (fsb_sample_get (walk, "device_read_bytes", &read_bytes));
        g_assert_true (fsb_sample_get (walk, "device_reads", &reads));
        g_assert_true (fsb_sample_get (walk, "device_read_s", &read_s));
        g_assert_cmpfloat (reads, >, 0);
        g_assert_cmpfloat (read_bytes, >=, reads * 512);
        g_assert_cmpfloat (read_s, >=, 0);
      }
      /* the disk probe read the image around every sample of a task once
       * it knew its usual (five probes): from big-delete on, whatever the
       * order of the filesystems' turns, every task's first sample had
       * four before it */
      for (guint i = 4; i + 1 < G_N_ELEMENTS (study); i++)
        {
          FsbTaskResult *task = fsb_fs_result_get_task (fs, study[i], FALSE);
          double probe = 0;

          g_assert_true (fsb_sample_get (task->samples->pdata[0], "disk_slowdown", &probe));
          g_assert_cmpfloat (probe, >, 0);
        }
      {
        double bytes, files;
        FsbTaskResult *copy = fsb_fs_result_get_task (fs, "tree-copy-in", FALSE);
        g_assert_true (fsb_sample_get (copy->samples->pdata[0], "bytes", &bytes));
        g_assert_true (fsb_sample_get (copy->samples->pdata[0], "files", &files));
        g_assert_cmpfloat (bytes, ==, 95e6);
        g_assert_cmpfloat (files, ==, 375);
      }

      /* Capacity: statvfs's own figures on the same filesystem. */
      g_assert_cmpfloat (fs->capacity_initial.percent, >, 50);
      g_assert_cmpfloat (fs->capacity_initial.percent, <=, 100);
      g_assert_cmpfloat_with_epsilon (fs->capacity_initial.percent,
                                      100.0 * fs->capacity_initial.avail_bytes / fs->capacity_initial.total_bytes, 1e-6);
      fresh_capacity (fs->name, d.result->target.size_bytes, &vfs);
      g_assert_cmpuint (fs->capacity_initial.total_bytes, ==, (guint64) vfs.f_blocks * vfs.f_frsize);
      g_assert_cmpuint (fs->capacity_initial.avail_bytes, ==, (guint64) vfs.f_bavail * vfs.f_frsize);
      g_assert_cmpuint (fs->capacity_initial.total_inodes, ==, vfs.f_files);
      g_assert_cmpfloat (fs->capacity_residual.percent, >, 0);
    }

  /* The partial file is the final result. */
  partial = fsb_result_load (plan->partial_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (partial->filesystems->len, ==, 3);

  assert_no_leftovers (d.result->target.device);
  fsb_result_unref (d.result);
}

static void
test_cancel (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(FsbRunner) runner = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(FsbResult) partial = NULL;
  RunData d = { 0 };

  if (!fsb_test_have_udisks ())
    return;

  plan = quick_plan ("ext4");
  runner = fsb_runner_new (plan);
  loop = g_main_loop_new (NULL, FALSE);
  d.loop = loop;
  d.cancel_at_task = cancellable;
  g_signal_connect (runner, "progress", G_CALLBACK (progress_cb), &d);
  fsb_runner_run_async (runner, cancellable, done_cb, &d);
  g_main_loop_run (loop);

  g_assert_null (d.result);
  g_assert_error (d.error, FSB_ERROR, FSB_ERROR_CANCELLED);
  g_clear_error (&d.error);

  /* What finished before the cancel is kept, marked incomplete. */
  partial = fsb_runner_get_result (runner);
  g_assert_nonnull (partial);
  g_assert_false (partial->complete);
  g_assert_nonnull (fsb_fs_result_get_task (g_ptr_array_index (partial->filesystems, 0), "big-copy-in", FALSE));
  assert_no_leftovers (partial->target.device);
}

static void
test_bad_filesystem_goes_on (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(FsbRunner) runner = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  RunData d = { 0 };
  FsbFsResult *bad, *good;

  if (!fsb_test_have_udisks ())
    return;

  /* A filesystem nobody can make: recorded as failed, the next one runs. */
  plan = quick_plan ("nosuchfs,ext4");
  runner = fsb_runner_new (plan);
  loop = g_main_loop_new (NULL, FALSE);
  d.loop = loop;
  fsb_runner_run_async (runner, NULL, done_cb, &d);
  g_main_loop_run (loop);

  g_assert_no_error (d.error);
  bad = g_ptr_array_index (d.result->filesystems, 0);
  good = g_ptr_array_index (d.result->filesystems, 1);
  g_assert_nonnull (bad->error);
  g_assert_cmpstr (good->error, ==, NULL);
  g_assert_nonnull (fsb_fs_result_get_task (good, "tree-delete", FALSE));
  assert_no_leftovers (d.result->target.device);
  fsb_result_unref (d.result);
}

/* Automatic repetitions on a database's groups (small sizes): each on
 * its own image, the filesystems take turns task by task, in an order
 * that alternates from round to round (A B, B A, A B …), at least 3
 * rounds; past them, focused rounds take no task past 4 cycles, and the
 * result says how they stopped. */
static void
test_interleaved_auto (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(FsbRunner) runner = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autoptr(GPtrArray) order = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) tasks = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  const char *const sizes[] = { "randio-files=4", "randio-file-size=256K", "randio-requests=200",
                                "sync-files=2", "sync-file-size=256K", "sync-commits=50" };
  RunData d = { 0 };

  if (!fsb_test_have_udisks ())
    return;
  plan = fsb_test_image_plan (image_dir, "ext4,xfs", NULL, 3);
  g_assert_true (fsb_plan_set_use_case (plan, "database", &error));
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    g_assert_true (fsb_plan_set_size_text (plan, NULL, sizes[i], &error));
  g_assert_true (fsb_plan_set_repeat (plan, "auto", &error));
  plan->repeat_max = 4;
  runner = fsb_runner_new (plan);
  loop = g_main_loop_new (NULL, FALSE);
  d.loop = loop;
  d.mkfs_order = order;
  d.task_order = tasks;
  g_signal_connect (runner, "progress", G_CALLBACK (progress_cb), &d);
  g_signal_connect (runner, "task-finished", G_CALLBACK (finished_cb), &d);
  fsb_runner_run_async (runner, NULL, done_cb, &d);
  g_main_loop_run (loop);

  g_assert_no_error (d.error);
  g_assert_cmpuint (order->len, >=, 6);
  for (guint i = 0; i < order->len; i++)
    g_assert_cmpstr (order->pdata[i], ==, (i / 2) % 2 == (i % 2) ? "ext4" : "xfs");
  /* task by task: each task on both before the next one begins, the
   * order of the pair alternating by round as mkfs's did */
  for (guint i = 0; i < tasks->len; i++)
    g_test_message ("%s", (char *) tasks->pdata[i]);
  g_assert_cmpuint (tasks->len % 2, ==, 0);
  for (guint i = 0; i + 1 < tasks->len; i += 2)
    {
      const char *a = strchr (tasks->pdata[i], ' '), *b = strchr (tasks->pdata[i + 1], ' ');

      g_assert_cmpstr (a, ==, b);
      g_assert_cmpstr (tasks->pdata[i], !=, tasks->pdata[i + 1]);
    }
  g_assert_cmpstr (d.result->repetition_policy.mode, ==, "auto");
  g_assert_cmpuint (d.result->repetition_policy.min, ==, 3);
  g_assert_cmpuint (d.result->repetition_policy.max, ==, 4);
  g_assert_nonnull (d.result->repetition_policy.stopped);
  g_assert_true (g_strv_contains ((const char *const []) { "settled", "max", "budget", NULL },
                                  d.result->repetition_policy.stopped));
  /* the database's tasks stand alone (each has its setup): none had more than the most */
  g_assert_cmpuint (d.result->repetitions, ==, 3);
  g_assert_cmpuint (3 + d.result->repetition_policy.focused->len, ==, order->len / 2);
  for (guint f = 0; f < 2; f++)
    {
      FsbFsResult *fs = d.result->filesystems->pdata[f];
      FsbTaskResult *mkfs = fsb_fs_result_get_task (fs, "mkfs", FALSE);

      g_assert_cmpuint (mkfs->samples->len, >=, 3);
      for (guint t = 0; t < fs->tasks->len; t++)
        if (!fsb_task_is_cycle_step (((FsbTaskResult *) fs->tasks->pdata[t])->id))
          g_assert_cmpuint (((FsbTaskResult *) fs->tasks->pdata[t])->samples->len, <=, 4);
      g_assert_nonnull (fsb_fs_result_get_task (fs, "sync-write", FALSE));
      g_assert_nonnull (fsb_fs_result_get_task (fs, "rand-read", FALSE));
    }
  g_test_message ("rounds %u, stopped: %s", d.result->repetitions, d.result->repetition_policy.stopped);
  fsb_result_unref (d.result);
  assert_no_leftovers (NULL);
}

int
main (int argc, char **argv)
{
  int status;

  tmp_dir = fsb_test_make_tmp_dir ("run", &image_dir);

  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/run/quick/ext4-xfs-btrfs", test_quick_three);
  g_test_add_func ("/run/cancel", test_cancel);
  g_test_add_func ("/run/interleaved-auto", test_interleaved_auto);
  g_test_add_func ("/run/bad-filesystem", test_bad_filesystem_goes_on);
  status = g_test_run ();

  fsb_test_remove_dir (tmp_dir);
  g_free (image_dir);
  g_free (tmp_dir);
  return status;
}
