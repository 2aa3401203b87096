/* test-targets.c: disk images, refusals and cleanup against the real udisksd */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fsb-device.h"
#include "fsb-engine.h"
#include "fsb-mountinfo.h"
#include "fsb-target.h"
#include "fsb-target-state.h"
#include "fsb-udisks.h"

static char *tmp_dir;      /* our own folder: images, state, cache */
static char *image_dir;

static gboolean
have_udisks (void)
{
  g_autoptr(GError) error = NULL;

  if (fsb_udisks_get_client (&error) == NULL)
    {
      g_test_skip (error->message);
      return FALSE;
    }
  if (geteuid () != 0)
    {
      g_test_skip ("needs root, or a polkit rule for udisks");
      return FALSE;
    }
  return TRUE;
}

static guint
count_files (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static gboolean
is_mounted_at (const char *mount_point)
{
  g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();

  for (guint i = 0; i < mounts->len; i++)
    if (g_strcmp0 (((FsbMount *) g_ptr_array_index (mounts, i))->mount_point, mount_point) == 0)
      return TRUE;
  return FALSE;
}

typedef struct {
  const char *fs;
  gboolean    done;
} Lifecycle;

static void
run_lifecycle (const char *fs)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *spec = g_strdup_printf ("image:600M@%s", image_dir);
  g_autoptr(FsbTarget) target = fsb_target_new_from_spec (spec, FALSE, &error);
  g_autofree char *device = NULL;
  g_autofree char *mount_point = NULL;
  g_autofree char *file = NULL;
  g_autofree char *state_dir = fsb_target_state_dir ();
  FsbTargetInfo info = { 0 };
  FsbCapacity capacity = { 0 };
  struct statvfs vfs;
  double mkfs_s = -1, mount_s = -1, umount_s = -1;

  g_assert_no_error (error);
  g_assert_cmpint (fsb_target_get_kind (target), ==, FSB_TARGET_IMAGE);
  g_assert_cmpuint (fsb_target_get_size (target), ==, 600 * 1024 * 1024);
  g_assert_null (fsb_target_get_device (target));

  g_assert_true (fsb_target_prepare (target, 100 * 1024 * 1024, NULL, &error));
  g_assert_no_error (error);
  device = g_strdup (fsb_target_get_device (target));
  g_assert_true (g_str_has_prefix (device, "/dev/loop"));
  g_assert_cmpuint (count_files (image_dir), ==, 1);
  g_assert_cmpuint (count_files (state_dir), >=, 1);

  g_assert_true (fsb_target_format (target, fs, NULL, &mkfs_s, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (mkfs_s, >, 0);

  g_assert_true (fsb_target_mount (target, &mount_s, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (mount_s, >, 0);
  mount_point = g_strdup (fsb_target_get_mount_point (target));
  g_assert_nonnull (mount_point);
  g_assert_true (is_mounted_at (mount_point));
  g_assert_nonnull (fsb_target_get_mount_options (target));
  g_assert_nonnull (strstr (fsb_target_get_mount_options (target), "nodev"));

  /* Capacity is what statvfs says, as a percent of available blocks. */
  g_assert_true (fsb_target_get_capacity (target, &capacity, &error));
  g_assert_no_error (error);
  g_assert_cmpint (statvfs (mount_point, &vfs), ==, 0);
  g_assert_cmpuint (capacity.total_bytes, ==, (guint64) vfs.f_blocks * vfs.f_frsize);
  g_assert_cmpuint (capacity.avail_bytes, ==, (guint64) vfs.f_bavail * vfs.f_frsize);
  g_assert_cmpuint (capacity.total_inodes, ==, vfs.f_files);
  g_assert_cmpfloat_with_epsilon (capacity.percent, 100.0 * vfs.f_bavail / vfs.f_blocks, 1e-9);
  g_assert_cmpfloat (capacity.percent, >, 50);
  g_assert_cmpfloat (capacity.percent, <, 100);
  g_assert_cmpuint (capacity.total_bytes, <=, 600 * 1024 * 1024);

  /* take-ownership: the root of the new filesystem is ours. */
  file = g_build_filename (mount_point, "kept", NULL);
  g_assert_true (g_file_set_contents (file, "still here", -1, &error));
  g_assert_no_error (error);

  fsb_target_describe (target, &info);
  g_assert_cmpstr (info.kind, ==, "image");
  g_assert_cmpstr (info.device, ==, device);
  g_assert_cmpuint (info.size_bytes, ==, 600 * 1024 * 1024);
  g_assert_nonnull (info.host_filesystem);
  g_assert_nonnull (info.cache_policy);
  g_assert_nonnull (strstr (info.cache_policy, "image"));

  g_assert_true (fsb_target_remount_cold (target, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (fsb_target_get_mount_point (target));
  {
    g_autofree char *file2 = g_build_filename (fsb_target_get_mount_point (target), "kept", NULL);
    g_autofree char *contents = NULL;
    g_assert_true (g_file_get_contents (file2, &contents, NULL, &error));
    g_assert_cmpstr (contents, ==, "still here");
  }

  g_assert_true (fsb_target_unmount (target, &umount_s, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (umount_s, >, 0);
  g_assert_null (fsb_target_get_mount_point (target));
  g_assert_false (is_mounted_at (mount_point));
  g_assert_false (fsb_target_get_capacity (target, &capacity, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (fsb_target_release (target, &error));
  g_assert_no_error (error);
  g_assert_true (fsb_target_release (target, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (count_files (image_dir), ==, 0);
  {
    g_autofree char *backing = fsb_loop_backing_file (device);
    g_assert_false (backing != NULL && g_str_has_prefix (backing, image_dir));
  }
  g_assert_cmpuint (count_files (state_dir), ==, 0);

  g_free (info.kind);
  g_free (info.device);
  g_free (info.device_model);
  g_free (info.host_filesystem);
  g_free (info.cache_policy);
}

static gpointer
lifecycle_thread (gpointer data)
{
  Lifecycle *l = data;

  run_lifecycle (l->fs);
  l->done = TRUE;
  return NULL;
}

/* The runner calls the target from a worker thread while the main loop
 * may or may not run: here it does not. */
static void
test_image_lifecycle (gconstpointer data)
{
  Lifecycle l = { data, FALSE };
  GThread *thread;

  if (!have_udisks ())
    return;
  thread = g_thread_new ("lifecycle", lifecycle_thread, &l);
  g_thread_join (thread);
  g_assert_true (l.done);
}

/* The same, called from the main thread with a main loop running. */
static void
test_image_lifecycle_main_loop (void)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Lifecycle l = { "ext4", FALSE };
  GThread *thread;

  if (!have_udisks ())
    return;
  thread = g_thread_new ("lifecycle", lifecycle_thread, &l);
  while (!l.done)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  g_thread_join (thread);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  /* Before GLib caches them: our own state and cache folders. */
  tmp_dir = g_dir_make_tmp ("fsbench-test-targets-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_STATE_HOME", tmp_dir, TRUE);
  g_setenv ("XDG_CACHE_HOME", tmp_dir, TRUE);
  image_dir = g_build_filename (tmp_dir, "images", NULL);
  g_mkdir (image_dir, 0700);

  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/targets/image/ext4", "ext4", test_image_lifecycle);
  g_test_add_data_func ("/targets/image/xfs", "xfs", test_image_lifecycle);
  g_test_add_data_func ("/targets/image/btrfs", "btrfs", test_image_lifecycle);
  g_test_add_func ("/targets/image/main-loop", test_image_lifecycle_main_loop);

  status = g_test_run ();

  {
    g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp_dir);
    if (system (cmd) != 0)
      g_printerr ("could not remove %s\n", tmp_dir);
  }
  g_free (image_dir);
  g_free (tmp_dir);
  return status;
}
