/* test-devices.c: which devices may be erased, and a confirmed partition
 * that changes (a loop device given another image, resized) is never
 * formatted */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-device.h"
#include "fsb-engine.h"
#include "fsb-mountinfo.h"
#include "fsb-runner.h"
#include "fsb-target.h"
#include "fsb-test-assert.h"
#include "fsb-test-util.h"
#include "fsb-udisks.h"

static char *tmp_dir;
static char *image_dir;

/* The verdict --------------------------------------------------------------- */

static void
assert_verdict (const FsbDeviceFacts *f, const char *needle)
{
  g_autofree char *reason = NULL;
  gboolean usable = fsb_device_judge (f, NULL, &reason);

  if (needle == NULL)
    {
      if (!usable)
        g_error ("refused: %s", reason);
      g_assert_null (reason);
      return;
    }
  g_assert_false (usable);
  if (strstr (reason, needle) == NULL)
    g_error ("“%s” does not say “%s”", reason, needle);
}

static void
test_judge (void)
{
  const FsbDeviceFacts free_partition = { .size = 1 << 30 };
  FsbDeviceFacts f;
  gboolean is_system = FALSE;

  assert_verdict (&free_partition, NULL);

  /* loop devices are judged like any device (udisks marks them all system) */
  f = (FsbDeviceFacts) { .is_loop = TRUE, .hint_system = TRUE, .size = 1 << 30 };
  assert_verdict (&f, NULL);
  g_assert_true (fsb_device_judge (&f, &is_system, NULL));
  g_assert_false (is_system);
  f.critical = "/";
  assert_verdict (&f, "/");
  g_assert_false (fsb_device_judge (&f, &is_system, NULL));
  g_assert_true (is_system);
  f = (FsbDeviceFacts) { .is_loop = TRUE, .mount_point = "/srv/data", .size = 1 << 30 };
  assert_verdict (&f, "/srv/data");
  f = (FsbDeviceFacts) { .is_loop = TRUE, .loop_other_user = TRUE, .size = 1 << 30 };
  assert_verdict (&f, "Another user");
  f = (FsbDeviceFacts) { .is_loop = TRUE, .holder = "dm-3", .size = 1 << 30 };
  assert_verdict (&f, "dm-3");

  /* members of pools and multi-device filesystems are in use, mounted or not */
  f = (FsbDeviceFacts) { .id_type = "zfs_member", .size = 1 << 30 };
  assert_verdict (&f, "ZFS");
  f = (FsbDeviceFacts) { .id_type = "btrfs", .same_uuid = 2, .size = 1 << 30 };
  assert_verdict (&f, "one of 2 devices of a Btrfs");
  f = (FsbDeviceFacts) { .id_type = "btrfs", .same_uuid = 1, .size = 1 << 30 };
  assert_verdict (&f, NULL);
  f = (FsbDeviceFacts) { .id_type = "LVM2_member", .size = 1 << 30 };
  assert_verdict (&f, "LVM");
  f = (FsbDeviceFacts) { .raid_member = TRUE, .size = 1 << 30 };
  assert_verdict (&f, "RAID");
  f = (FsbDeviceFacts) { .critical = "swap" };
  assert_verdict (&f, "swap");
  f = (FsbDeviceFacts) { .hint_system = TRUE, .size = 1 << 30 };
  assert_verdict (&f, "system device");
  f = (FsbDeviceFacts) { .whole_disk_with_partitions = TRUE, .size = 1 << 30 };
  assert_verdict (&f, "partitions");
  f = (FsbDeviceFacts) { .read_only = TRUE, .size = 1 << 30 };
  assert_verdict (&f, "read-only");
  f = (FsbDeviceFacts) { .size = 1 << 20, .needed_bytes = 1 << 30 };
  assert_verdict (&f, "the plan needs");
  /* the most important reason first: / before mounted before in use */
  f = (FsbDeviceFacts) { .critical = "/home", .mount_point = "/home", .id_type = "zfs_member" };
  assert_verdict (&f, "/home, which the running system needs");
}

/* Two loop images made one Btrfs filesystem: neither may be erased. */
static void
test_btrfs_members (void)
{
  g_autofree char *a = NULL, *b = NULL, *cmd = NULL;
  g_autofree char *object_a = NULL, *object_b = NULL, *dev_a = NULL, *dev_b = NULL;
  g_autoptr(FsbDevice) da = NULL, db = NULL;
  g_autoptr(GError) error = NULL;

  if (!fsb_test_have_udisks ())
    return;
  if (!g_file_test ("/usr/sbin/mkfs.btrfs", G_FILE_TEST_IS_EXECUTABLE) &&
      !g_file_test ("/sbin/mkfs.btrfs", G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("needs mkfs.btrfs");
      return;
    }
  a = fsb_test_make_file (tmp_dir, "btrfs-a.img", 300 << 20);
  b = fsb_test_make_file (tmp_dir, "btrfs-b.img", 300 << 20);
  object_a = fsb_test_attach_file (a, FALSE);
  object_b = fsb_test_attach_file (b, FALSE);
  dev_a = fsb_test_device_of (object_a);
  dev_b = fsb_test_device_of (object_b);
  cmd = g_strdup_printf ("mkfs.btrfs -q -f -d single -m single %s %s >/dev/null", dev_a, dev_b);
  g_assert_cmpint (system (cmd), ==, 0);

  /* udev probes both, then udisksd tells the client: a bounded wait */
  for (int i = 0; i < 40; i++)
    {
      fsb_test_flush_main_context ();
      g_clear_pointer (&da, fsb_device_free);
      g_clear_pointer (&db, fsb_device_free);
      da = fsb_device_lookup (dev_a, 0, &error);
      g_assert_no_error (error);
      db = fsb_device_lookup (dev_b, 0, &error);
      g_assert_no_error (error);
      if (g_strcmp0 (da->filesystem, "btrfs") == 0 && g_strcmp0 (db->filesystem, "btrfs") == 0)
        break;
    }
  g_assert_cmpstr (da->filesystem, ==, "btrfs");
  g_assert_cmpstr (db->filesystem, ==, "btrfs");
  g_test_message ("%s: %s; %s: %s", dev_a, da->reason, dev_b, db->reason);
  g_assert_false (da->usable);
  g_assert_false (db->usable);
  g_assert_nonnull (strstr (da->reason, "Btrfs"));
  g_assert_nonnull (strstr (db->reason, "Btrfs"));
  /* and a target on one is refused before anything is done to it */
  {
    g_autoptr(FsbTarget) target = fsb_target_new_from_spec (dev_b, TRUE, &error);

    g_assert_no_error (error);
    g_assert_false (fsb_target_prepare (target, 0, NULL, &error));
    g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
    g_clear_error (&error);
  }

  fsb_assert_ok (fsb_udisks_loop_delete (object_a, &error), error);
  fsb_assert_ok (fsb_udisks_loop_delete (object_b, &error), error);
  g_unlink (a);
  g_unlink (b);
}

/* The confirmed device changes ------------------------------------------ */

typedef struct {
  char *image_a, *image_b;
  char *object;         /* A's loop object */
  char *device;         /* /dev/loopN, which holds B after the swap */
  char *sum_b;          /* B's bytes, which must not change */
} Swap;

static char *
file_sum (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, len);
}

static void
swap_setup (Swap *s)
{
  g_autofree char *random = g_strdup_printf ("head -c 1048576 /dev/urandom > %s/b-data", tmp_dir);
  g_autofree char *fill = NULL;

  s->image_a = fsb_test_make_file (tmp_dir, "a.img", 300 << 20);
  s->image_b = fsb_test_make_file (tmp_dir, "b.img", 300 << 20);
  /* B holds data of its own that no format may touch */
  g_assert_cmpint (system (random), ==, 0);
  fill = g_strdup_printf ("dd if=%s/b-data of=%s conv=notrunc status=none", tmp_dir, s->image_b);
  g_assert_cmpint (system (fill), ==, 0);
  s->sum_b = file_sum (s->image_b);
  s->object = fsb_test_attach_file (s->image_a, FALSE);
  s->device = fsb_test_device_of (s->object);
  fsb_test_flush_main_context ();
}

/* The same /dev/loopN now holds B: detached through udisks, re-attached at
 * that very number with losetup. */
static gboolean
swap_now (Swap *s)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cmd = g_strdup_printf ("losetup %s %s", s->device, s->image_b);

  fsb_assert_ok (fsb_udisks_loop_delete (s->object, &error), error);
  for (int i = 0; i < 20 && fsb_loop_backing_file (s->device) != NULL; i++)
    g_usleep (50000);
  if (system (cmd) != 0)
    {
      /* another test took the number in between: nothing to swap */
      g_test_skip ("the loop device was taken by someone else");
      return FALSE;
    }
  return TRUE;
}

static void
swap_teardown (Swap *s)
{
  g_autofree char *backing = fsb_loop_backing_file (s->device);
  g_autofree char *b = g_strconcat (s->image_b, NULL);

  /* only ours: B on our number */
  if (backing != NULL && strcmp (backing, s->image_b) == 0)
    {
      g_autofree char *cmd = g_strdup_printf ("losetup -d %s", s->device);
      g_assert_cmpint (system (cmd), ==, 0);
    }
  {
    g_autofree char *now = file_sum (s->image_b);
    g_assert_cmpstr (now, ==, s->sum_b);   /* B was never formatted */
  }
  g_unlink (s->image_a);
  g_unlink (s->image_b);
  g_free (s->image_a);
  g_free (s->image_b);
  g_free (s->object);
  g_free (s->device);
  g_free (s->sum_b);
}

/* Formatted once as confirmed; between two formats the name gets another
 * image: the second format is refused. */
static void
test_swap_between_formats (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autoptr(FsbDeviceIdentity) confirmed = NULL;
  Swap s = { 0 };

  if (!fsb_test_have_udisks ())
    return;
  swap_setup (&s);
  confirmed = fsb_target_identify_device (s.device, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (confirmed->loop_backing, ==, s.image_a);
  g_assert_cmpuint (confirmed->size, ==, 300 << 20);

  target = fsb_target_new_from_spec (s.device, TRUE, &error);
  g_assert_no_error (error);
  fsb_target_set_confirmed_device (target, confirmed);
  fsb_target_prepare (target, 0, NULL, &error);
  g_assert_no_error (error);
  fsb_assert_ok (fsb_target_format (target, "ext4", NULL, NULL, NULL, &error), error);

  if (swap_now (&s))
    {
      g_assert_false (fsb_target_format (target, "ext4", NULL, NULL, NULL, &error));
      g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, s.device));
      g_assert_nonnull (strstr (error->message, "Another file"));
      g_clear_error (&error);
    }
  fsb_assert_ok (fsb_target_release (target, &error), error);
  swap_teardown (&s);
}

/* Confirmed, then the name gets another image before the run: the run
 * refuses, formats nothing and leaves nothing behind. */
static void
test_swap_before_run (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(FsbResult) result = NULL;
  Swap s = { 0 };

  if (!fsb_test_have_udisks ())
    return;
  swap_setup (&s);
  /* what the window's dialog and --yes-destroy-data record */
  g_free (plan->target_spec);
  plan->target_spec = g_strdup (s.device);
  plan->destroy_confirmed = TRUE;
  plan->confirmed_device = fsb_target_identify_device (s.device, &error);
  g_assert_no_error (error);
  g_strfreev (plan->filesystems);
  plan->filesystems = g_strsplit ("ext4", ",", -1);
  g_strfreev (plan->workloads);
  plan->workloads = g_new0 (char *, 1);
  fsb_plan_add_custom (plan, "noop", "true");
  plan->custom_confirmed = TRUE;
  plan->repeat_auto = FALSE;
  plan->repetitions = 1;
  fsb_test_tiny_sizes (plan);

  if (swap_now (&s))
    {
      result = fsb_test_run_plan (plan, &error);
      g_assert_null (result);
      g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "Another file"));
      g_clear_error (&error);
      /* the loop device holds B by the test's doing: only nothing mounted on it */
      fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
      {
        g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
        g_autoptr(GPtrArray) points = fsb_mountinfo_points_of (mounts, fsb_device_number (s.device));
        g_assert_cmpuint (points->len, ==, 0);
      }
    }
  swap_teardown (&s);
}

/* The same image, grown under the same name: another size, refused. */
static void
test_resized (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) target = NULL;
  g_autofree char *cmd = NULL;
  Swap s = { 0 };

  if (!fsb_test_have_udisks ())
    return;
  swap_setup (&s);
  target = fsb_target_new_from_spec (s.device, TRUE, &error);
  g_assert_no_error (error);
  g_assert_true (fsb_target_prepare (target, 0, NULL, &error));   /* records it as it is */
  g_assert_no_error (error);
  g_assert_cmpint (truncate (s.image_a, 400 << 20), ==, 0);
  cmd = g_strdup_printf ("losetup -c %s", s.device);
  g_assert_cmpint (system (cmd), ==, 0);
  g_assert_false (fsb_target_format (target, "ext4", NULL, NULL, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "size"));
  g_clear_error (&error);
  fsb_assert_ok (fsb_target_release (target, &error), error);
  fsb_assert_ok (fsb_udisks_loop_delete (s.object, &error), error);
  swap_teardown (&s);
}

int
main (int argc, char **argv)
{
  int status;

  tmp_dir = fsb_test_make_tmp_dir ("devices", &image_dir);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/devices/judge", test_judge);
  g_test_add_func ("/devices/btrfs-members", test_btrfs_members);
  g_test_add_func ("/identity/swap-between-formats", test_swap_between_formats);
  g_test_add_func ("/identity/swap-before-run", test_swap_before_run);
  g_test_add_func ("/identity/resized", test_resized);

  status = g_test_run ();
  fsb_test_remove_dir (tmp_dir);
  g_free (image_dir);
  g_free (tmp_dir);
  return status;
}
