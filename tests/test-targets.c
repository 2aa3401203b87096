/* test-targets.c: disk images, refusals and cleanup against the real udisksd */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gunixinputstream.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fsb-device.h"
#include "fsb-engine.h"
#include "fsb-test-assert.h"
#include "fsb-test-util.h"
#include "fsb-mountinfo.h"
#include "fsb-target.h"
#include "fsb-target-state.h"
#include "fsb-udisks.h"

static char *tmp_dir;      /* our own folder: images, state, cache */
static char *image_dir;

typedef struct {
  const char *fs;
  gboolean    done;
} Lifecycle;

/* The image holds its whole size on the host: allocated when it was made.
 * The test hosts (ext4, xfs, btrfs, tmpfs) all have fallocate. */
static void
assert_image_allocated (FsbTarget *target)
{
  struct stat st;

  g_assert_cmpint (g_stat (fsb_target_get_image_path (target), &st), ==, 0);
  g_test_message ("%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " bytes allocated",
                  (guint64) st.st_blocks * 512, (guint64) st.st_size);
  g_assert_cmpuint ((guint64) st.st_blocks * 512, >=, (guint64) st.st_size);
}

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

  { gboolean ok_ = fsb_target_prepare (target, 100 * 1024 * 1024, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  device = g_strdup (fsb_target_get_device (target));
  g_assert_true (g_str_has_prefix (device, "/dev/loop"));
  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 1);
  g_assert_cmpuint (fsb_test_count_files (state_dir), >=, 1);
  g_assert_true (fsb_target_get_preallocated (target));
  assert_image_allocated (target);

  { gboolean ok_ = fsb_target_format (target, fs, NULL, &mkfs_s, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_cmpfloat (mkfs_s, >, 0);

  { gboolean ok_ = fsb_target_mount (target, &mount_s, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_cmpfloat (mount_s, >, 0);
  mount_point = g_strdup (fsb_target_get_mount_point (target));
  g_assert_nonnull (mount_point);
  g_assert_true (fsb_mountinfo_is_mount_point (mount_point));
  g_assert_nonnull (fsb_target_get_mount_options (target));
  g_assert_nonnull (strstr (fsb_target_get_mount_options (target), "nodev"));

  /* Capacity is what statvfs says, as a percent of available blocks. */
  { gboolean ok_ = fsb_target_get_capacity (target, &capacity, &error); g_assert_no_error (error); g_assert_true (ok_); }
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
  fsb_assert_ok (g_file_set_contents (file, "still here", -1, &error), error);

  fsb_target_describe (target, &info);
  g_assert_cmpstr (info.kind, ==, "image");
  g_assert_cmpstr (info.device, ==, device);
  g_assert_cmpuint (info.size_bytes, ==, 600 * 1024 * 1024);
  g_assert_nonnull (info.host.filesystem);
  g_assert_nonnull (info.host.mount_point);
  /* Root or not, the image's O_DIRECT descriptor gives the loop device
   * direct I/O on a host that has it. */
  g_assert_cmpstr (info.cache_policy, ==, info.direct_io ? FSB_CACHE_POLICY_DIRECT_IO : FSB_CACHE_POLICY_FADVISE);
  g_assert_cmpstr (info.flush_reaches, ==, info.direct_io ? FSB_FLUSH_REACHES_DEVICE : FSB_FLUSH_REACHES_HOST_FILE);
  g_assert_true (info.preallocated);
  g_assert_true (info.mkfs_discard);

  { gboolean ok_ = fsb_target_remount_cold (target, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_nonnull (fsb_target_get_mount_point (target));
  {
    g_autofree char *file2 = g_build_filename (fsb_target_get_mount_point (target), "kept", NULL);
    g_autofree char *contents = NULL;
    g_assert_true (g_file_get_contents (file2, &contents, NULL, &error));
    g_assert_cmpstr (contents, ==, "still here");
  }

  { gboolean ok_ = fsb_target_unmount (target, &umount_s, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_cmpfloat (umount_s, >, 0);
  g_assert_null (fsb_target_get_mount_point (target));
  g_assert_false (fsb_mountinfo_is_mount_point (mount_point));
  g_assert_false (fsb_target_get_capacity (target, &capacity, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);

  { gboolean ok_ = fsb_target_release (target, &error); g_assert_no_error (error); g_assert_true (ok_); }
  { gboolean ok_ = fsb_target_release (target, &error); g_assert_no_error (error); g_assert_true (ok_); }

  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 0);
  {
    g_autofree char *backing = fsb_loop_backing_file (device);
    g_assert_false (backing != NULL && g_str_has_prefix (backing, image_dir));
  }
  g_assert_cmpuint (fsb_test_count_files (state_dir), ==, 0);

  fsb_target_info_clear (&info);
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

  if (!fsb_test_have_udisks ())
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

  if (!fsb_test_have_udisks ())
    return;
  thread = g_thread_new ("lifecycle", lifecycle_thread, &l);
  while (!l.done)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  g_thread_join (thread);
}

/* The runner formats one image with each filesystem in turn, mounted or not. */
static void
test_reformat (void)
{
  const char *order[] = { "ext4", "xfs", "btrfs", "ext4" };
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;

  if (!fsb_test_have_udisks ())
    return;
  target = fsb_test_image_target (image_dir, "600M", NULL, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      g_autoptr(GPtrArray) mounts = NULL;
      FsbMount *m;
      FsbCapacity capacity;
      double seconds = -1;

      /* Format while still mounted: the target unmounts first. */
      { gboolean ok_ = fsb_target_format (target, order[i], NULL, &seconds, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
      g_assert_cmpfloat (seconds, >, 0);
      g_assert_null (fsb_target_get_mount_point (target));
      { gboolean ok_ = fsb_target_mount (target, NULL, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
      mounts = fsb_mountinfo_read ();
      m = fsb_mountinfo_find_path (mounts, fsb_target_get_mount_point (target));
      g_test_message ("%s at %s", order[i], fsb_target_get_mount_point (target));
      g_assert_nonnull (m);
      g_assert_cmpstr (m->fstype, ==, order[i]);
      g_assert_true (fsb_target_get_capacity (target, &capacity, &error));
      g_assert_cmpfloat (capacity.percent, >, 50);
    }
  { gboolean ok_ = fsb_target_release (target, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 0);
}

/* A mounted device is refused before anything is touched; once free, the
 * same loop device works as a partition target. */
static void
test_refuse_mounted (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) image = NULL;
  g_autoptr(FsbTarget) part = NULL;
  g_autoptr(FsbDevice) device = NULL;
  g_autofree char *file = NULL;
  g_autofree char *contents = NULL;
  FsbCapacity capacity;
  const char *loop;

  if (!fsb_test_have_udisks ())
    return;
  image = fsb_test_image_target (image_dir, "600M", "ext4", TRUE);
  loop = fsb_target_get_device (image);
  file = g_build_filename (fsb_target_get_mount_point (image), "precious", NULL);
  g_assert_true (g_file_set_contents (file, "keep me", -1, &error));
  fsb_test_flush_main_context ();

  /* No confirmation: refused at once. */
  part = fsb_target_new_from_spec (loop, FALSE, &error);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
  g_assert_null (part);
  g_clear_error (&error);

  device = fsb_device_lookup (loop, 0, &error);
  g_assert_no_error (error);
  g_assert_false (device->usable);
  g_assert_nonnull (strstr (device->reason, fsb_target_get_mount_point (image)));
  g_assert_cmpstr (device->mount_points[0], ==, fsb_target_get_mount_point (image));
  g_assert_cmpstr (device->filesystem, ==, "ext4");
  g_clear_pointer (&device, fsb_device_free);

  part = fsb_target_new_from_spec (loop, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (fsb_target_get_kind (part), ==, FSB_TARGET_PARTITION);
  g_assert_false (fsb_target_prepare (part, 0, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
  g_test_message ("refused: %s", error->message);
  g_clear_error (&error);
  g_assert_false (fsb_target_format (part, "xfs", NULL, NULL, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (file, &contents, NULL, &error));
  g_assert_cmpstr (contents, ==, "keep me");

  /* Unmounted, the loop device is a usable target, but not for a plan
   * bigger than it. */
  { gboolean ok_ = fsb_target_unmount (image, NULL, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  fsb_test_flush_main_context ();
  g_assert_false (fsb_target_prepare (part, (guint64) 1 << 40, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
  g_clear_error (&error);
  { gboolean ok_ = fsb_target_prepare (part, 100 * 1024 * 1024, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_cmpstr (fsb_target_get_device (part), ==, loop);
  { gboolean ok_ = fsb_target_format (part, "xfs", NULL, NULL, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  { gboolean ok_ = fsb_target_mount (part, NULL, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_true (fsb_target_get_capacity (part, &capacity, &error));
  g_assert_cmpfloat (capacity.percent, >, 50);
  { gboolean ok_ = fsb_target_release (part, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_null (fsb_target_get_mount_point (part));
  /* Releasing a partition leaves the device itself alone. */
  {
    g_autofree char *backing = fsb_loop_backing_file (loop);
    g_assert_nonnull (backing);
  }
  { gboolean ok_ = fsb_target_release (image, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 0);
}

/* The device holding / is listed, unusable, with a reason. */
static void
test_refuse_root (void)
{
  g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
  g_autoptr(GPtrArray) devices = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  FsbDevice *root = NULL;
  dev_t root_dev = 0;

  if (!fsb_test_have_udisks ())
    return;
  for (guint i = 0; i < mounts->len; i++)
    {
      FsbMount *m = g_ptr_array_index (mounts, i);

      if (strcmp (m->mount_point, "/") == 0)
        root_dev = fsb_device_number (m->source);
    }
  if (root_dev == 0)
    {
      g_test_skip ("/ is not on a block device here");
      return;
    }

  devices = fsb_device_list (0);
  for (guint i = 0; i < devices->len; i++)
    {
      FsbDevice *d = g_ptr_array_index (devices, i);
      g_autoptr(JsonNode) node = fsb_device_to_json (d);
      JsonObject *obj = json_node_get_object (node);

      g_assert_true (json_object_has_member (obj, "device"));
      g_assert_true (json_object_has_member (obj, "size"));
      g_assert_true (json_object_has_member (obj, "model"));
      g_assert_true (json_object_has_member (obj, "filesystem"));
      g_assert_true (json_object_has_member (obj, "mount_points"));
      g_assert_true (json_object_get_boolean_member (obj, "usable") == d->usable);
      g_assert_true ((d->reason == NULL) == d->usable);
      if (fsb_device_number (d->device) == root_dev)
        root = d;
    }
  g_assert_nonnull (root);
  g_test_message ("%s: %s", root->device, root->reason);
  g_assert_false (root->usable);
  g_assert_true (root->is_system);
  g_assert_nonnull (strstr (root->reason, "/"));

  /* Refused before anything is touched, even when confirmed. */
  target = fsb_target_new_from_spec (root->device, TRUE, &error);
  g_assert_no_error (error);
  g_assert_false (fsb_target_prepare (target, 0, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
  g_assert_null (fsb_target_get_device (target));
}

static void
test_refuse_small (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autofree char *spec = g_strdup_printf ("image:64M@%s", image_dir);
  g_autofree char *huge = g_strdup_printf ("image:1000T@%s", image_dir);
  g_autofree char *state_dir = fsb_target_state_dir ();

  if (!fsb_test_have_udisks ())
    return;
  /* Smaller than the plan. */
  target = fsb_target_new_from_spec (spec, FALSE, &error);
  g_assert_no_error (error);
  g_assert_false (fsb_target_prepare (target, (guint64) 1 << 30, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_NO_SPACE);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  g_assert_null (fsb_target_get_device (target));
  g_clear_object (&target);

  /* Bigger than the free space of the host filesystem. */
  target = fsb_target_new_from_spec (huge, FALSE, &error);
  g_assert_no_error (error);
  g_assert_false (fsb_target_prepare (target, 0, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_NO_SPACE);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 0);
  g_assert_cmpuint (fsb_test_count_files (state_dir), ==, 0);
}

static void
test_unsupported (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autofree char *version = NULL;

  if (!fsb_test_have_udisks ())
    return;
  target = fsb_test_image_target (image_dir, "600M", NULL, FALSE);
  g_assert_false (fsb_target_format (target, "jfs", NULL, NULL, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "JFS"));
  g_clear_error (&error);
  g_assert_false (fsb_target_format (target, "zfs", NULL, NULL, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED);
  g_clear_error (&error);

  /* mkfs options need udisks 2.10; an older daemon would drop them. */
  version = fsb_udisks_get_daemon_version ();
  g_assert_nonnull (version);
  if (!fsb_udisks_version_at_least (version, 2, 10))
    {
      g_assert_false (fsb_target_format (target, "ext4", "-b 1024", NULL, NULL, &error));
      g_assert_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, "2.10"));
      g_clear_error (&error);
    }
  else
    {
      { gboolean ok_ = fsb_target_format (target, "ext4", "-b 1024", NULL, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
    }
  { gboolean ok_ = fsb_target_release (target, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 0);
}

static void
test_bad_specs (void)
{
  const char *bad[] = { "img", "image:", "image:abc", "image:4Q", "image@", "image:4G@/no/such/dir", "image4G", NULL };
  const char *good[] = { "image", "image:4G", "image:512M", "image:1.5GiB", "image@/tmp", "image:4GB@/tmp", NULL };

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FsbTarget) target = fsb_target_new_from_spec (bad[i], FALSE, &error);

      g_assert_null (target);
      g_assert_nonnull (error);
      g_assert_true (error->domain == FSB_ERROR);
    }
  for (guint i = 0; good[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FsbTarget) target = fsb_target_new_from_spec (good[i], FALSE, &error);

      g_assert_no_error (error);
      g_assert_cmpint (fsb_target_get_kind (target), ==, FSB_TARGET_IMAGE);
    }
  {
    g_autoptr(FsbTarget) t = fsb_target_new_from_spec ("image:4G", FALSE, NULL);
    g_autoptr(FsbTarget) t2 = fsb_target_new_from_spec ("image:4GB", FALSE, NULL);
    g_assert_cmpuint (fsb_target_get_size (t), ==, (guint64) 4 << 30);
    g_assert_cmpuint (fsb_target_get_size (t2), ==, 4000000000);
  }
}

static char *
make_file (const char *name, const char *command, const char *redirect)
{
  g_autofree char *path = fsb_test_make_file (tmp_dir, name, 400 * 1024 * 1024);
  g_autofree char *cmd = NULL;

  if (command != NULL)
    {
      cmd = g_strconcat (command, " ", path, " ", redirect, NULL);
      g_assert_cmpint (system (cmd), ==, 0);
    }
  return g_steal_pointer (&path);
}

static FsbDevice *
lookup_loop_of (const char *object_path)
{
  g_autoptr(GVariant) value = NULL;
  g_autoptr(GError) error = NULL;
  FsbDevice *device;

  value = fsb_udisks_get_property (object_path, FSB_UDISKS_IFACE_BLOCK, "Device", &error);
  g_assert_no_error (error);
  fsb_test_flush_main_context ();
  device = fsb_device_lookup (g_variant_get_bytestring (value), 0, &error);
  g_assert_no_error (error);
  g_test_message ("%s: %s", device->device, device->reason ? device->reason : "usable");
  return device;
}

static void
detach (char *object_path, char *file)
{
  g_autoptr(GError) error = NULL;

  fsb_assert_ok (fsb_udisks_loop_delete (object_path, &error), error);
  g_unlink (file);
  g_free (object_path);
  g_free (file);
}

/* Whole disks holding partitions, read-only devices and swap are refused;
 * a partition of such a disk is fine. */
static void
test_refuse_kinds (void)
{
  g_autoptr(FsbDevice) whole = NULL;
  g_autoptr(FsbDevice) ro = NULL;
  g_autoptr(FsbDevice) swap = NULL;
  g_autoptr(FsbDevice) part = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *part_name = NULL;
  char *file, *object;

  if (!fsb_test_have_udisks ())
    return;
  if (!g_file_test ("/usr/sbin/sfdisk", G_FILE_TEST_EXISTS) || !g_file_test ("/usr/sbin/mkswap", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("needs sfdisk and mkswap");
      return;
    }

  file = make_file ("partitioned.img", "echo 'start=2048, size=300000' | /usr/sbin/sfdisk -q", ">/dev/null");
  object = fsb_test_attach_file (file, FALSE);
  part_name = g_strdup_printf ("/dev/%sp1", strrchr (object, '/') + 1);
  for (int i = 0; i < 50 && fsb_device_number (part_name) == 0; i++)
    g_usleep (20000);
  for (int i = 0; i < 100; i++)
    {
      g_clear_pointer (&whole, fsb_device_free);
      whole = lookup_loop_of (object);
      if (!whole->usable)   /* udev probes the table a moment later */
        break;
      g_usleep (20000);
    }
  g_assert_false (whole->usable);
  g_assert_true (whole->is_whole_disk);
  g_assert_nonnull (strstr (whole->reason, "partitions"));
  /* This kernel may lack MBR support; then there is no partition device. */
  if (fsb_device_number (part_name) != 0)
    {
      fsb_test_flush_main_context ();
      part = fsb_device_lookup (part_name, 0, &error);
      g_assert_no_error (error);
      g_assert_true (part->is_partition);
      g_assert_true (part->usable);
      g_assert_cmpuint (part->size, ==, 300000 * 512);
    }
  else
    g_test_message ("no %s: the kernel does not read MBR partition tables", part_name);
  detach (object, file);

  file = make_file ("read-only.img", NULL, NULL);
  object = fsb_test_attach_file (file, TRUE);
  ro = lookup_loop_of (object);
  g_assert_true (ro->read_only);
  g_assert_false (ro->usable);
  g_assert_nonnull (strstr (ro->reason, "read-only"));
  detach (object, file);

  file = make_file ("swap.img", "/usr/sbin/mkswap -q", ">/dev/null");
  object = fsb_test_attach_file (file, FALSE);
  for (int i = 0; i < 100; i++)
    {
      g_clear_pointer (&swap, fsb_device_free);
      swap = lookup_loop_of (object);
      if (swap->filesystem != NULL)   /* udev probes it a moment later */
        break;
      g_usleep (20000);
    }
  g_assert_cmpstr (swap->filesystem, ==, "swap");
  g_assert_false (swap->usable);
  g_assert_nonnull (strstr (swap->reason, "swap"));
  detach (object, file);
}

/* The entry for device, or NULL */
static FsbDevice *
list_find (GPtrArray *devices, const char *device)
{
  for (guint i = 0; i < devices->len; i++)
    if (g_strcmp0 (((FsbDevice *) g_ptr_array_index (devices, i))->device, device) == 0)
      return g_ptr_array_index (devices, i);
  return NULL;
}

static void
monitor_changed_cb (FsbDeviceMonitor *monitor, guint *count)
{
  (*count)++;
}

/* Wait (at most 10 s) for the monitor to see device come (usable) or go. */
static gboolean
wait_for_device (FsbDeviceMonitor *monitor, const char *device, gboolean present)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      g_autoptr(GPtrArray) devices = fsb_device_monitor_list (monitor);
      FsbDevice *d = list_find (devices, device);

      if (present ? (d != NULL && d->usable) : d == NULL)
        return TRUE;
      if (d != NULL && d->reason != NULL)
        g_test_message ("%s: %s", d->device, d->reason);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (10000);
    }
  return FALSE;
}

/* Hotplug: a new loop device shows up in the monitor's list, with a
 * "changed" signal, and goes when detached. */
static void
test_device_monitor (void)
{
  g_autoptr(FsbDeviceMonitor) monitor = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *device = NULL;
  guint changes = 0, before;

  if (!fsb_test_have_udisks ())
    return;
  fsb_test_flush_main_context ();
  monitor = fsb_device_monitor_new (fsb_udisks_get_client (NULL));
  g_signal_connect (monitor, "changed", G_CALLBACK (monitor_changed_cb), &changes);

  target = fsb_test_image_target (image_dir, "600M", "ext4", FALSE);
  device = g_strdup (fsb_target_get_device (target));
  g_assert_true (wait_for_device (monitor, device, TRUE));
  g_assert_cmpuint (changes, >, 0);
  {
    g_autoptr(GPtrArray) devices = fsb_device_monitor_list (monitor);
    FsbDevice *d = list_find (devices, device);

    g_assert_nonnull (d);
    g_assert_cmpstr (d->connection, ==, "loop");
    g_assert_cmpuint (d->size, ==, 600 * 1024 * 1024);
    g_assert_null (d->reason);
  }

  before = changes;
  { gboolean ok_ = fsb_target_release (target, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_true (wait_for_device (monitor, device, FALSE));
  g_assert_cmpuint (changes, >, before);
}

/* A file still open on the target: release detaches the mount lazily
 * and the loop device goes once the file is closed. */
static void
test_release_busy (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autofree char *file = NULL;
  g_autofree char *mount_point = NULL;
  g_autofree char *device = NULL;
  int fd;

  if (!fsb_test_have_udisks ())
    return;
  target = fsb_test_image_target (image_dir, "600M", "ext4", TRUE);
  device = g_strdup (fsb_target_get_device (target));
  mount_point = g_strdup (fsb_target_get_mount_point (target));
  file = g_build_filename (mount_point, "open", NULL);
  fd = open (file, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  g_assert_cmpint (fd, >=, 0);

  { gboolean ok_ = fsb_target_release (target, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_false (fsb_mountinfo_is_mount_point (mount_point));
  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 0);
  close (fd);

  for (int i = 0; i < 200; i++)
    {
      g_autofree char *backing = fsb_loop_backing_file (device);

      if (backing == NULL || !g_str_has_prefix (backing, image_dir))
        return;
      g_usleep (25000);
    }
  g_assert_not_reached ();
}

/* A run killed while mounted leaves a mount, a loop device and an image;
 * the next start finds and cleans them, and leaves live runs alone. */
static void
test_leftovers (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cli = g_build_filename (g_getenv ("FSBENCH_BUILDDIR"), "src", "cli", "fsbench-cli", NULL);
  g_autofree char *spec = g_strdup_printf ("image@%s", image_dir);
  const char *argv[] = { cli, "check", "--target", spec, "--fs", "ext4", "--hold", "60", NULL };
  g_autoptr(FsbTarget) alive = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GInputStream) pipe = NULL;
  g_autofree char *line = NULL;
  g_autofree char *mount_point = NULL;
  g_autofree char *state_dir = fsb_target_state_dir ();
  GPid pid;
  int out_fd, wstatus;
  guint cleaned;

  if (!fsb_test_have_udisks ())
    return;

  /* Ours, still running: must survive the cleaning. */
  alive = fsb_test_image_target (image_dir, "600M", NULL, FALSE);

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out_fd, NULL, &error));
  g_assert_no_error (error);
  pipe = g_unix_input_stream_new (out_fd, TRUE);
  out = g_data_input_stream_new (pipe);
  /* what the preflight cleaned first, if anything, then where it mounted */
  for (int n = 0; n < 8 && (line == NULL || !g_str_has_prefix (line, "Mounted at ")); n++)
    {
      g_free (line);
      line = g_data_input_stream_read_line (out, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (line);
    }
  g_assert_true (g_str_has_prefix (line, "Mounted at ") && strchr (line, '/') != NULL);
  mount_point = g_strndup (strchr (line, '/'), strcspn (strchr (line, '/'), ";"));
  g_assert_true (fsb_mountinfo_is_mount_point (mount_point));

  kill (pid, SIGKILL);
  g_assert_cmpint (waitpid (pid, &wstatus, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_assert_true (fsb_mountinfo_is_mount_point (mount_point));
  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 2);

  cleaned = fsb_target_clean_leftovers (NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cleaned, ==, 3);   /* the mount, the loop device, the image */
  g_assert_false (fsb_mountinfo_is_mount_point (mount_point));
  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 1);
  g_assert_cmpuint (fsb_test_count_files (state_dir), ==, 1);
  g_assert_nonnull (fsb_target_get_device (alive));
  {
    g_autofree char *backing = fsb_loop_backing_file (fsb_target_get_device (alive));
    g_assert_nonnull (backing);
  }

  /* Nothing more to do the second time. */
  g_assert_cmpuint (fsb_target_clean_leftovers (NULL, &error), ==, 0);
  g_assert_no_error (error);

  { gboolean ok_ = fsb_target_release (alive, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 0);
  g_assert_cmpuint (fsb_test_count_files (state_dir), ==, 0);
}

int
main (int argc, char **argv)
{
  int status;


  /* Before GLib caches them: our own state and cache folders. */
  tmp_dir = fsb_test_make_tmp_dir ("targets", &image_dir);
  {
    g_autofree char *scratch = g_build_filename (tmp_dir, "scratch", NULL);
    /* fsbench-cli's preflight reclaims killed runs' scratch folders: ours only */
    g_setenv ("FSBENCH_SCRATCH_DIR", scratch, TRUE);
  }

  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/targets/image/ext4", "ext4", test_image_lifecycle);
  g_test_add_data_func ("/targets/image/xfs", "xfs", test_image_lifecycle);
  g_test_add_data_func ("/targets/image/btrfs", "btrfs", test_image_lifecycle);
  g_test_add_func ("/targets/image/main-loop", test_image_lifecycle_main_loop);
  g_test_add_func ("/targets/image/reformat", test_reformat);
  g_test_add_func ("/targets/spec", test_bad_specs);
  g_test_add_func ("/targets/refuse/mounted", test_refuse_mounted);
  g_test_add_func ("/targets/refuse/root-device", test_refuse_root);
  g_test_add_func ("/targets/refuse/too-small", test_refuse_small);
  g_test_add_func ("/targets/refuse/unsupported", test_unsupported);
  g_test_add_func ("/targets/refuse/kinds", test_refuse_kinds);
  g_test_add_func ("/targets/device-monitor", test_device_monitor);
  g_test_add_func ("/targets/leftovers", test_leftovers);
  g_test_add_func ("/targets/release-busy", test_release_busy);

  status = g_test_run ();

  fsb_test_remove_dir (tmp_dir);
  g_free (image_dir);
  g_free (tmp_dir);
  return status;
}
