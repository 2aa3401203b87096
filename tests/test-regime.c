/* test-regime.c: how figures are measured, recorded in the result: direct
 * I/O, the timed flush, No_COW on a Btrfs host, proof of cold caches
 * (real udisksd, real images) */
#define _GNU_SOURCE
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <linux/fs.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-dataset.h"
#include "fsb-engine.h"
#include "fsb-residency.h"
#include "fsb-runner.h"
#include "fsb-target.h"
#include "fsb-target-info.h"
#include "fsb-test-assert.h"
#include "fsb-test-util.h"

static char *tmp_dir;
static char *image_dir;

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

/* The core tasks of the quick profile, once, on ext4, with the image in dir. */
static FsbResult *
run_core (const char *dir)
{
  g_autoptr(FsbPlan) plan = fsb_test_image_plan (dir, "ext4", NULL, 1);
  g_autoptr(FsbRunner) runner = fsb_runner_new (plan);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  RunData d = { .loop = loop };

  fsb_runner_run_async (runner, NULL, done_cb, &d);
  g_main_loop_run (loop);
  g_assert_no_error (d.error);
  g_assert_nonnull (d.result);
  g_assert_true (d.result->complete);
  return d.result;
}

/* The result as saved and loaded again: the regime must survive. */
static FsbResult *
round_trip (FsbResult *r)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = fsb_result_to_data (r, NULL);
  FsbResult *back = fsb_result_load_from_data (data, -1, &error);

  g_assert_no_error (error);
  return back;
}

static double
metric (FsbSample *s, const char *name)
{
  double v = -1;

  g_assert_true (fsb_sample_get (s, name, &v));
  return v;
}

/* Every timed data task carries the residency probe. */
static void
assert_residency_everywhere (FsbResult *r)
{
  FsbFsResult *fs = r->filesystems->pdata[0];
  guint probed = 0;

  for (guint t = 0; t < fs->tasks->len; t++)
    {
      FsbTaskResult *task = fs->tasks->pdata[t];

      if (g_strv_contains ((const char *const[]) { "mkfs", "mount", "umount", NULL }, task->id))
        continue;
      for (guint i = 0; i < task->samples->len; i++)
        {
          FsbSample *s = task->samples->pdata[i];

          g_assert_cmpfloat (metric (s, "resident_bytes_before"), >=, 0);
          g_assert_cmpfloat (metric (s, "resident_files_checked"), >, 0);
          g_assert_cmpfloat (metric (s, "cache_warm"), >=, 0);
          probed++;
        }
    }
  g_assert_cmpuint (probed, >=, 8);
  g_assert_cmpuint (r->target.residency_max_files, >, 0);
}

static void
test_btrfs_host (void)
{
  g_autoptr(FsbTarget) host = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autoptr(FsbResult) r = NULL;
  g_autoptr(FsbResult) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autofree char *spec = NULL;
  FsbTargetInfo info = { 0 };
  const char *dir;
  int fd, flags = 0;

  if (!fsb_test_have_udisks ())
    return;

  /* A Btrfs host folder: an image of our own, formatted and mounted. */
  host = fsb_test_image_target (image_dir, "3G", "btrfs", TRUE);
  dir = fsb_target_get_mount_point (host);

  /* The image made in it has No_COW, and the description says so. */
  spec = g_strdup_printf ("image@%s", dir);
  target = fsb_target_new_from_spec (spec, FALSE, &error);
  g_assert_no_error (error);
  fsb_assert_ok (fsb_target_prepare (target, 0, NULL, &error), error);
  fd = open (fsb_target_get_image_path (target), O_RDONLY | O_CLOEXEC);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ioctl (fd, FS_IOC_GETFLAGS, &flags), ==, 0);
  close (fd);
  g_assert_true (flags & FS_NOCOW_FL);
  fsb_target_describe (target, &info);
  g_assert_cmpstr (info.host.filesystem, ==, "btrfs");
  g_assert_cmpstr (info.host.mount_point, ==, dir);
  g_assert_nonnull (info.host.mount_options);
  g_assert_true (info.host.nocow);
  g_assert_false (info.host.compressed);
  /* No_COW set: nothing to warn about. */
  warnings = fsb_target_info_warnings (&info);
  g_assert_cmpuint (warnings->len, ==, 0);
  fsb_target_info_clear (&info);
  fsb_assert_ok (fsb_target_release (target, &error), error);

  /* A whole run on an image there records it. */
  r = run_core (dir);
  back = round_trip (r);
  g_assert_cmpstr (back->target.host.filesystem, ==, "btrfs");
  g_assert_true (back->target.host.nocow);
  g_assert_false (back->target.host.compressed);
  assert_residency_everywhere (back);
  g_assert_cmpuint (fsb_test_count_files (dir), ==, 0);

  fsb_assert_ok (fsb_target_release (host, &error), error);
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
}

static void
test_no_direct_io (void)
{
  g_autoptr(FsbResult) r = NULL;
  g_autoptr(FsbResult) back = NULL;
  FsbFsResult *fs;
  guint flushed = 0, evicted = 0;

  if (!fsb_test_have_udisks ())
    return;

  /* What a user gets on a host without O_DIRECT. */
  fsb_target_refuse_direct_io_for_testing (TRUE);
  r = run_core (image_dir);
  fsb_target_refuse_direct_io_for_testing (FALSE);

  back = round_trip (r);
  g_assert_false (back->target.direct_io);
  g_assert_cmpstr (back->target.flush_reaches, ==, FSB_FLUSH_REACHES_HOST_FILE);
  g_assert_cmpstr (back->target.cache_policy, ==, FSB_CACHE_POLICY_FADVISE);
  assert_residency_everywhere (back);

  /* Each timed task ended with the image file's flush, and the probe
   * found what the copies before had read, and evicted it. */
  fs = back->filesystems->pdata[0];
  for (guint t = 0; t < fs->tasks->len; t++)
    {
      FsbTaskResult *task = fs->tasks->pdata[t];

      for (guint i = 0; i < task->samples->len; i++)
        {
          FsbSample *s = task->samples->pdata[i];
          double v;

          if (fsb_sample_get (s, "host_flush_s", &v))
            {
              g_assert_cmpfloat (v, >=, 0);
              flushed++;
            }
          if (fsb_sample_get (s, "evicted_again", &v) && v > 0)
            {
              g_assert_cmpfloat (metric (s, "resident_bytes_found"), >, FSB_RESIDENCY_NEAR_ZERO);
              g_assert_cmpfloat (metric (s, "cache_warm"), ==, 0);
              evicted++;
            }
        }
    }
  g_assert_cmpuint (flushed, >=, 8);
  g_assert_cmpuint (evicted, >=, 1);
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
}

/* The child: maps the file, locks it in memory, and waits for its stdin
 * to close, as another program holding the data would. */
static int
hold_resident (const char *path)
{
  struct stat st;
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  char c;
  void *map;
  unsigned sum = 0;

  if (fd < 0 || fstat (fd, &st) < 0)
    return 1;
  map = mmap (NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
  if (map == MAP_FAILED || mlock (map, st.st_size) < 0)
    return 2;
  /* Touch every page as well: AddressSanitizer makes mlock a no-op, and
   * pages mapped in a process are not dropped by POSIX_FADV_DONTNEED. */
  for (off_t i = 0; i < st.st_size; i += 4096)
    sum += ((const volatile char *) map)[i];
  g_print ("held %u\n", sum & 1);
  fflush (stdout);
  while (read (0, &c, 1) > 0)
    ;
  return 0;
}

static void
test_held_resident (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(FsbResult) r = NULL;
  g_autofree char *dataset = NULL;
  g_autofree char *big = NULL;
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  const char *argv[] = { self, "--hold-resident", NULL, NULL };
  GPid pid;
  int in_fd, out_fd;
  char ready[8] = { 0 };
  FsbTaskResult *task;
  FsbDatasetSpec spec;
  struct stat st;

  if (!fsb_test_have_udisks ())
    return;

  /* The dataset the run will use, then another process holding its big file. */
  fsb_dataset_spec_init (&spec, plan->sizes);
  dataset = fsb_dataset_cache_dir (&spec);
  fsb_assert_ok (fsb_dataset_ensure (&spec, dataset, TRUE, NULL, NULL, NULL, NULL, &error), error);
  big = g_build_filename (dataset, "big.img", NULL);
  g_assert_cmpint (stat (big, &st), ==, 0);
  argv[2] = big;
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                           &pid, &in_fd, &out_fd, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (read (out_fd, ready, sizeof ready - 1), >, 0);
  g_assert_true (g_str_has_prefix (ready, "held"));

  r = run_core (image_dir);
  close (in_fd);
  close (out_fd);
  g_spawn_close_pid (pid);

  /* The probe saw the big file in memory, tried to evict it, could not,
   * and flagged the sample; the report says so. */
  task = fsb_fs_result_get_task (r->filesystems->pdata[0], "big-copy-in", FALSE);
  g_assert_nonnull (task);
  for (guint i = 0; i < task->samples->len; i++)
    {
      FsbSample *s = task->samples->pdata[i];

      g_assert_cmpfloat (metric (s, "resident_source_bytes_before"), >=, 0.99 * st.st_size);
      g_assert_cmpfloat (metric (s, "evicted_again"), ==, 1);
      g_assert_cmpfloat (metric (s, "cache_warm"), ==, 1);
    }
  warnings = fsb_result_regime_warnings (r);
  g_assert_cmpuint (warnings->len, >=, 1);
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
}

int
main (int argc, char **argv)
{
  int status;

  if (argc == 3 && strcmp (argv[1], "--hold-resident") == 0)
    return hold_resident (argv[2]);

  tmp_dir = fsb_test_make_tmp_dir ("regime", &image_dir);
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/regime/btrfs-host/nocow", test_btrfs_host);
  g_test_add_func ("/regime/no-direct-io/flush-host-file", test_no_direct_io);
  g_test_add_func ("/regime/held-resident/flagged", test_held_resident);

  status = g_test_run ();
  fsb_test_remove_dir (tmp_dir);
  g_free (tmp_dir);
  g_free (image_dir);
  return status;
}
