/* test-failures.c: every way a run or a target can fail leaves no loop
 * device, mount (udisks' temp-mount-XXXXXX included), image or state file,
 * even with its image renamed or replaced under it */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <linux/loop.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fsb-engine.h"
#include "fsb-mountinfo.h"
#include "fsb-runner.h"
#include "fsb-target.h"
#include "fsb-target-private.h"
#include "fsb-test-assert.h"
#include "fsb-test-util.h"
#include "fsb-udisks.h"

static char *tmp_dir;
static char *image_dir;

static void
assert_nothing_left (const char *device)
{
  g_autofree char *state_dir = fsb_target_state_dir ();

  fsb_test_assert_no_leftovers (tmp_dir, image_dir, device);
  g_assert_cmpuint (fsb_test_count_files (state_dir), ==, 0);
  if (device != NULL)
    {
      g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
      g_autoptr(GPtrArray) points = fsb_mountinfo_points_of (mounts, fsb_device_number (device));
      g_autofree char *backing = fsb_loop_backing_file (device);

      g_assert_cmpuint (points->len, ==, 0);
      g_assert_true (backing == NULL || !g_str_has_prefix (backing, tmp_dir));
    }
}

static char *
run_command (const char *format, ...) G_GNUC_PRINTF (1, 2);

static char *
run_command (const char *format, ...)
{
  g_autofree char *cmd = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;
  va_list args;

  va_start (args, format);
  cmd = g_strdup_vprintf (format, args);
  va_end (args);
  fsb_assert_ok (g_spawn_command_line_sync (cmd, &out, NULL, &status, &error), error);
  g_assert_cmpint (status, ==, 0);
  return g_strstrip (out);
}

/* LoopSetup can attach the image and still fail ("Timed out waiting for
 * object" when udevd is late): the target never learns the device, yet
 * releasing it detaches it. Made here with losetup, as udisksd would. */
static void
test_orphan_loop (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *spec = g_strdup_printf ("image@%s", image_dir);
  g_autoptr(FsbTarget) target = fsb_target_new_from_spec (spec, FALSE, &error);
  g_autofree char *path = g_build_filename (image_dir, "fsbench-XXXXXX.img", NULL);
  g_autofree char *loop = NULL;
  int fd;

  if (!fsb_test_have_udisks ())
    return;
  g_assert_no_error (error);
  fd = g_mkstemp_full (path, O_RDWR | O_CLOEXEC, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 64 << 20), ==, 0);
  close (fd);
  target->image_path = g_strdup (path);
  fsb_target_record_state (target);
  loop = run_command ("losetup -f --show %s", path);

  fsb_assert_ok (fsb_target_release (target, &error), error);
  assert_nothing_left (loop);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

/* A formatted image target, its device also mounted behind its back at
 * tmp_dir/temp-mount-XXXXXX (as udisks' take-ownership mount is), whose
 * path goes to *mount_point. */
static FsbTarget *
target_with_temp_mount (char **mount_point)
{
  FsbTarget *target = fsb_test_image_target (image_dir, "600M", "ext4", FALSE);
  g_autofree char *cmd = NULL;

  *mount_point = g_build_filename (tmp_dir, "temp-mount-XXXXXX", NULL);
  g_assert_nonnull (g_mkdtemp (*mount_point));
  cmd = g_strdup_printf ("mount %s %s", fsb_target_get_device (target), *mount_point);
  g_assert_cmpint (system (cmd), ==, 0);
  g_assert_true (fsb_mountinfo_is_mount_point (*mount_point));
  return target;
}

/* A Format that fails after its take-ownership mount leaves udisks'
 * temp-mount-XXXXXX: releasing unmounts every mount of our device. */
static void
test_temp_mount (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autofree char *device = NULL;
  g_autofree char *mount_point = NULL;

  if (!fsb_test_have_udisks ())
    return;
  target = target_with_temp_mount (&mount_point);
  device = g_strdup (fsb_target_get_device (target));

  fsb_assert_ok (fsb_target_release (target, &error), error);
  g_assert_false (fsb_mountinfo_is_mount_point (mount_point));
  assert_nothing_left (device);
  g_rmdir (mount_point);
}

/* udisks only warns when its take-ownership unmount fails, so a Format can
 * succeed with its temp-mount-XXXXXX still there; the next Mount takes it
 * away instead of failing with "already mounted". */
static void
test_stray_mount (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autofree char *device = NULL;
  g_autofree char *mount_point = NULL;

  if (!fsb_test_have_udisks ())
    return;
  target = target_with_temp_mount (&mount_point);
  device = g_strdup (fsb_target_get_device (target));

  fsb_assert_ok (fsb_target_mount (target, NULL, NULL, &error), error);
  g_assert_false (fsb_mountinfo_is_mount_point (mount_point));
  g_assert_true (fsb_mountinfo_is_mount_point (fsb_target_get_mount_point (target)));

  fsb_assert_ok (fsb_target_release (target, &error), error);
  assert_nothing_left (device);
  g_rmdir (mount_point);
}

/* udisksd calls the device mounted at a folder the kernel has no mount
 * at (staged with gdb by stage-stale-view.sh, as a take-ownership
 * temp-mount left it in CI runs): the mount rescans the device and goes
 * on, where waiting alone failed after a minute. */
static void
test_stale_view (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autoptr(GVariant) points = NULL;
  g_autofree char *device = NULL;
  g_autofree char *path = NULL;
  g_autofree char *script = g_test_build_filename (G_TEST_DIST, "stage-stale-view.sh", NULL);
  g_autofree char *cmd = NULL;
  int status;

  if (!fsb_test_have_udisks ())
    return;
  target = fsb_test_image_target (image_dir, "400M", "xfs", FALSE);
  device = g_strdup (fsb_target_get_device (target));
  path = fsb_udisks_object_path_for_device (device);
  g_assert_nonnull (path);

  cmd = g_strdup_printf ("sh %s %s %s", script, device, tmp_dir);
  status = system (cmd);
  if (WIFEXITED (status) && WEXITSTATUS (status) == 77)
    {
      g_test_skip ("no gdb to stage it with");
      fsb_assert_ok (fsb_target_release (target, &error), error);
      return;
    }
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  /* staged: udisksd says mounted, the kernel says not */
  points = fsb_udisks_get_property (path, FSB_UDISKS_IFACE_FS, "MountPoints", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_variant_n_children (points), ==, 1);
  {
    g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
    g_autoptr(GPtrArray) of_device = fsb_mountinfo_points_of (mounts, fsb_device_number (device));

    g_assert_cmpuint (of_device->len, ==, 0);
  }

  fsb_assert_ok (fsb_target_mount (target, NULL, NULL, &error), error);
  g_assert_true (fsb_mountinfo_is_mount_point (fsb_target_get_mount_point (target)));
  fsb_assert_ok (fsb_target_release (target, &error), error);
  assert_nothing_left (device);
}

/* mkfs.xfs refuses a 64 MiB device: the format fails, release cleans. */
static void
test_mkfs_fails (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autofree char *device = NULL;

  if (!fsb_test_have_udisks ())
    return;
  target = fsb_test_image_target (image_dir, "64M", NULL, FALSE);
  device = g_strdup (fsb_target_get_device (target));
  g_assert_false (fsb_target_format (target, "xfs", NULL, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  fsb_assert_ok (fsb_target_release (target, &error), error);
  assert_nothing_left (device);
}

typedef struct {
  GMainLoop *loop;
  FsbResult *result;
  GError    *error;
  char      *device;
  gboolean   removed;
} Run;

static void
task_finished_cb (FsbRunner *runner, const char *fs, const char *task_id, FsbSample *sample, Run *run)
{
  /* Once the first filesystem is mounted: the image folder goes. */
  if (!run->removed && strcmp (task_id, "mount") == 0)
    {
      g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", image_dir);
      g_autoptr(FsbResult) partial = fsb_runner_get_result (runner);

      g_assert_cmpint (system (cmd), ==, 0);
      run->removed = TRUE;
      g_free (run->device);
      run->device = g_strdup (partial->target.device);
    }
}

static void
run_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  Run *run = user_data;

  run->result = fsb_runner_run_finish (FSB_RUNNER (source), res, &run->error);
  g_main_loop_quit (run->loop);
}

/* A run whose image folder vanishes mid-run, and whose second filesystem
 * cannot be made: it ends, says why, and leaves nothing. */
static void
test_run_fails (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(FsbRunner) runner = NULL;
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Run run = { loop, NULL, NULL, NULL, FALSE };
  FsbFsResult *xfs;

  if (!fsb_test_have_udisks ())
    return;
  plan = fsb_test_image_plan (image_dir, "ext4,xfs", "", 1);
  fsb_plan_add_custom (plan, "noop", "true");
  plan->custom_confirmed = TRUE;
  /* mkfs.xfs has no such option (and udisks before 2.10 takes none) */
  g_hash_table_insert (plan->mkfs_options, g_strdup ("xfs"), g_strdup ("--no-such-option"));
  fsb_test_tiny_sizes (plan);

  runner = fsb_runner_new (plan);
  g_signal_connect (runner, "task-finished", G_CALLBACK (task_finished_cb), &run);
  fsb_runner_run_async (runner, NULL, run_done_cb, &run);
  g_main_loop_run (loop);

  g_assert_no_error (run.error);
  g_assert_true (run.removed);
  xfs = fsb_result_find_filesystem (run.result, "xfs");
  g_assert_nonnull (xfs->error);
  g_test_message ("xfs: %s", xfs->error);
  g_assert_null (fsb_result_find_filesystem (run.result, "ext4")->error);
  g_assert_cmpint (g_mkdir (image_dir, 0700), ==, 0);
  assert_nothing_left (run.device);
  fsb_result_unref (run.result);
  g_free (run.device);
}

/* Three filesystems take turns, each on an image of its own: when one
 * image of the size asked for fits on the host but not three, the run
 * says so before it makes any, and leaves nothing. */
static void
test_no_room_for_all (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(FsbRunner) runner = NULL;
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Run run = { loop, NULL, NULL, NULL, FALSE };
  struct statvfs vfs;

  if (!fsb_test_have_udisks ())
    return;
  g_assert_cmpint (statvfs (image_dir, &vfs), ==, 0);
  plan = fsb_test_image_plan (image_dir, "ext4,xfs,btrfs", NULL, 1);
  fsb_test_tiny_sizes (plan);
  g_free (plan->target_spec);
  plan->target_spec = g_strdup_printf ("image:%" G_GUINT64_FORMAT "M@%s",
                                       (guint64) vfs.f_bavail * vfs.f_frsize / 3 / (1 << 20) + 256, image_dir);
  runner = fsb_runner_new (plan);
  fsb_runner_run_async (runner, NULL, run_done_cb, &run);
  g_main_loop_run (loop);

  g_assert_error (run.error, FSB_ERROR, FSB_ERROR_NO_SPACE);
  g_test_message ("%s", run.error->message);
  g_assert_nonnull (strstr (run.error->message, "3 disk images"));
  g_assert_null (run.result);
  assert_nothing_left (NULL);
  g_clear_error (&run.error);
}

/* The file the kernel backs a loop device with, by LOOP_GET_STATUS64. */
static void
assert_backed_by (const char *loop, const char *path)
{
  struct loop_info64 info = { 0 };
  struct stat st;
  int fd = open (loop, O_RDONLY | O_CLOEXEC);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ioctl (fd, LOOP_GET_STATUS64, &info), ==, 0);
  close (fd);
  g_assert_cmpint (stat (path, &st), ==, 0);
  g_assert_cmpuint (info.lo_inode, ==, st.st_ino);
  g_assert_cmpuint (info.lo_device, ==, st.st_dev);
}

/* The loop device is not bound any more (release waits until it is). */
static void
assert_detached (const char *loop, const char *path)
{
  g_autofree char *backing = fsb_loop_backing_file (loop);

  if (backing != NULL && g_strcmp0 (backing, path) == 0)
    g_error ("%s is still attached to %s", loop, backing);
}

/* The image renamed during a run (its loop device's backing file then
 * says the new name): release still knows its loop device by the file it
 * is backed by, unmounts and detaches it. */
static void
test_image_renamed (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autofree char *device = NULL, *moved = NULL;

  if (!fsb_test_have_udisks ())
    return;
  target = fsb_test_image_target (image_dir, "600M", "ext4", TRUE);
  device = g_strdup (fsb_target_get_device (target));
  moved = g_build_filename (tmp_dir, "renamed.img", NULL);
  g_assert_cmpint (g_rename (fsb_target_get_image_path (target), moved), ==, 0);
  assert_backed_by (device, moved);

  fsb_assert_ok (fsb_target_release (target, &error), error);
  assert_detached (device, moved);
  /* the file that was the image is no longer at the image's name: left */
  g_assert_cmpint (g_unlink (moved), ==, 0);
  assert_nothing_left (device);
}

/* Between making the image and opening it again for O_DIRECT, another
 * file takes its name: the loop device is still backed by our image, and
 * the other file is neither attached nor deleted. */
static void
swap_image_cb (const char *path, gpointer user_data)
{
  g_autofree char *ours = g_strconcat (path, ".ours", NULL);
  g_autofree char *decoy = NULL;

  g_assert_cmpint (g_rename (path, ours), ==, 0);
  decoy = fsb_test_make_file (image_dir, "decoy", 600 << 20);
  g_assert_cmpint (g_rename (decoy, path), ==, 0);
  *(char **) user_data = g_steal_pointer (&ours);
}

static void
test_image_swapped (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autofree char *ours = NULL, *path = NULL, *device = NULL;
  struct stat decoy;

  if (!fsb_test_have_udisks ())
    return;
  fsb_target_set_image_made_hook_for_testing (swap_image_cb, &ours);
  target = fsb_test_image_target (image_dir, "600M", NULL, FALSE);
  fsb_target_set_image_made_hook_for_testing (NULL, NULL);
  g_assert_nonnull (ours);
  path = g_strdup (fsb_target_get_image_path (target));
  device = g_strdup (fsb_target_get_device (target));
  g_assert_cmpint (stat (path, &decoy), ==, 0);
  assert_backed_by (device, ours);

  fsb_assert_ok (fsb_target_release (target, &error), error);
  assert_detached (device, ours);
  /* what is at the image's name is not ours: never deleted */
  {
    struct stat st;
    g_assert_cmpint (stat (path, &st), ==, 0);
    g_assert_cmpuint (st.st_ino, ==, decoy.st_ino);
  }
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_unlink (ours), ==, 0);
  assert_nothing_left (device);
}

int
main (int argc, char **argv)
{
  int status;

  tmp_dir = fsb_test_make_tmp_dir ("failures", &image_dir);
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/failure/orphan-loop", test_orphan_loop);
  g_test_add_func ("/failure/temp-mount", test_temp_mount);
  g_test_add_func ("/failure/stray-mount", test_stray_mount);
  g_test_add_func ("/failure/stale-view", test_stale_view);
  g_test_add_func ("/failure/mkfs-fails", test_mkfs_fails);
  g_test_add_func ("/failure/run-fails", test_run_fails);
  g_test_add_func ("/failure/image-renamed", test_image_renamed);
  g_test_add_func ("/failure/image-swapped", test_image_swapped);
  g_test_add_func ("/failure/no-room-for-all", test_no_room_for_all);

  status = g_test_run ();
  fsb_test_remove_dir (tmp_dir);
  g_free (image_dir);
  g_free (tmp_dir);
  return status;
}
