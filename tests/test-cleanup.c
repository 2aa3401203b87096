/* test-cleanup.c: cleaning what crashed runs left trusts no state file:
 * a user's file survives whatever an entry names; another machine's or
 * boot's entries, and live runs, are left alone; a real leftover goes */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fsb-engine.h"
#include "fsb-error.h"
#include "fsb-mountinfo.h"
#include "fsb-preflight.h"
#include "fsb-scratch.h"
#include "fsb-target.h"
#include "fsb-target-state.h"
#include "fsb-test-assert.h"
#include "fsb-test-util.h"
#include "fsb-udisks.h"

static char *tmp_dir;
static char *image_dir;

/* A pid that no longer runs: a child that has exited and been reaped. */
static int
dead_pid (void)
{
  const char *argv[] = { "/bin/true", NULL };
  GPid pid;
  int status;

  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, NULL));
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  return pid;
}

/* A state file as a crashed run (or someone else) would have left it. */
static char *
write_entry (const char *host, const char *boot_id, const char *image, guint64 dev, guint64 ino,
             const char *extra)
{
  g_autofree char *dir = fsb_target_state_dir ();
  static guint n;
  g_autofree char *name = g_strdup_printf ("%d-12345-%u.json", dead_pid (), n++);
  char *path = g_build_filename (dir, name, NULL);
  g_autofree char *json = g_strdup_printf ("{\"host\": \"%s\", \"boot_id\": \"%s\", \"image\": \"%s\", "
                                           "\"image_dev\": %" G_GUINT64_FORMAT ", \"image_ino\": %" G_GUINT64_FORMAT "%s}",
                                           host, boot_id, image, dev, ino, extra != NULL ? extra : "");

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, json, -1, NULL));
  return path;
}

static void
file_stat (const char *path, guint64 *dev, guint64 *ino)
{
  struct stat st;

  g_assert_cmpint (lstat (path, &st), ==, 0);
  *dev = st.st_dev;
  *ino = st.st_ino;
}

static void
test_rules (void)
{
  const char *h = "here", *b = "boot-1";

  g_assert_cmpint (fsb_target_state_judge (h, b, h, b, FALSE), ==, FSB_STATE_CLEAN);
  g_assert_cmpint (fsb_target_state_judge (h, b, h, b, TRUE), ==, FSB_STATE_ALIVE);
  g_assert_cmpint (fsb_target_state_judge ("elsewhere", b, h, b, FALSE), ==, FSB_STATE_OTHER_MACHINE);
  g_assert_cmpint (fsb_target_state_judge (h, "boot-0", h, b, FALSE), ==, FSB_STATE_OTHER_BOOT);
  g_assert_cmpint (fsb_target_state_judge (NULL, b, h, b, FALSE), ==, FSB_STATE_UNKNOWN);
  g_assert_cmpint (fsb_target_state_judge (h, "", h, b, FALSE), ==, FSB_STATE_UNKNOWN);

  g_assert_true (fsb_target_state_is_image_name ("fsbench-a1B2c3.img"));
  g_assert_false (fsb_target_state_is_image_name ("thesis.odt"));
  g_assert_false (fsb_target_state_is_image_name ("fsbench-a1B2c.img"));
  g_assert_false (fsb_target_state_is_image_name ("fsbench-a1B2c3.img.odt"));
  g_assert_false (fsb_target_state_is_image_name ("fsbench-../../.img"));
  g_assert_false (fsb_target_state_is_image_name ("xfsbench-a1B2c3.img"));
  g_assert_cmpstr (fsb_target_state_boot_id (), !=, "");

  {
    int pid = 0;

    g_assert_true (fsb_scratch_parse_name ("fsbench-scratch-4242-aB3dE9", &pid));
    g_assert_cmpint (pid, ==, 4242);
    g_assert_false (fsb_scratch_parse_name ("fsbench-scratch-4242-aB3dE", NULL));
    g_assert_false (fsb_scratch_parse_name ("fsbench-scratch-4242-aB3dE9x", NULL));
    g_assert_false (fsb_scratch_parse_name ("fsbench-scratch-04242-aB3dE9", NULL));
    g_assert_false (fsb_scratch_parse_name ("fsbench-scratch--aB3dE9", NULL));
    g_assert_false (fsb_scratch_parse_name ("fsbench-scratch-99999999999-aB3dE9", NULL));
    g_assert_false (fsb_scratch_parse_name ("fsbench-scratch-42-../../", NULL));
    g_assert_false (fsb_scratch_parse_name ("xfsbench-scratch-4242-aB3dE9", NULL));
  }
}

/* The attack: {"image": "/home/u/thesis.odt"} made `clean` delete
 * it. No entry may delete a user's file, however it names it. */
static void
test_user_files_survive (void)
{
  g_autofree char *home = g_build_filename (tmp_dir, "home", NULL);
  g_autofree char *thesis = g_build_filename (home, "thesis.odt", NULL);
  g_autofree char *lookalike = g_build_filename (home, "fsbench-abc123.img", NULL);
  g_autofree char *symlinked = g_build_filename (image_dir, "fsbench-lnk123.img", NULL);
  g_autofree char *hard = g_build_filename (image_dir, "fsbench-hrd123.img", NULL);
  g_autofree char *dotted = g_strdup_printf ("%s/./fsbench-abc123.img", home);
  const char *host = g_get_host_name (), *boot = fsb_target_state_boot_id ();
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  guint64 dev, ino, ldev, lino;

  g_assert_cmpint (g_mkdir (home, 0700), ==, 0);
  g_assert_true (g_file_set_contents (thesis, "my thesis", -1, NULL));
  g_assert_true (g_file_set_contents (lookalike, "named like an image", -1, NULL));
  g_assert_cmpint (symlink (thesis, symlinked), ==, 0);
  g_assert_cmpint (link (thesis, hard), ==, 0);
  file_stat (thesis, &dev, &ino);
  file_stat (lookalike, &ldev, &lino);

  /* by name, with its real device and inode: not an image's name */
  g_ptr_array_add (entries, write_entry (host, boot, thesis, dev, ino, NULL));
  /* named like an image, but not the file FS Bench made */
  g_ptr_array_add (entries, write_entry (host, boot, lookalike, 0, 0, NULL));
  g_ptr_array_add (entries, write_entry (host, boot, lookalike, ldev, lino + 1, NULL));
  /* a path with "." in it */
  g_ptr_array_add (entries, write_entry (host, boot, dotted, ldev, lino, NULL));
  /* a link named like an image, to the thesis; a second name of it */
  g_ptr_array_add (entries, write_entry (host, boot, symlinked, dev, ino, NULL));
  g_ptr_array_add (entries, write_entry (host, boot, hard, dev, ino, NULL));
  /* a partition entry naming a mount that is not udisks' */
  g_ptr_array_add (entries, write_entry (host, boot, "/nonexistent/fsbench-zzz123.img", 1, 1,
                                         ", \"device\": \"/dev/root\", \"mount_point\": \"/\""));

  /* no udisks needed: nothing here is a device */
  g_assert_cmpuint (fsb_target_state_clean (NULL, &error), ==, 0);
  g_assert_no_error (error);
  {
    g_autofree char *text = NULL;
    g_assert_true (g_file_get_contents (thesis, &text, NULL, NULL));
    g_assert_cmpstr (text, ==, "my thesis");
  }
  g_assert_true (g_file_test (lookalike, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (symlinked, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (hard, G_FILE_TEST_IS_REGULAR));
  g_assert_true (fsb_mountinfo_is_mount_point ("/"));
  /* the entries themselves are spent */
  for (guint i = 0; i < entries->len; i++)
    g_assert_false (g_file_test (entries->pdata[i], G_FILE_TEST_EXISTS));
  g_unlink (symlinked);
  g_unlink (hard);
}

/* A loop device on a user's file, set up outside FS Bench: an entry that
 * names the file must not detach it. */
static void
test_foreign_loop (void)
{
  g_autofree char *data = g_build_filename (tmp_dir, "data.bin", NULL);
  g_autofree char *quoted = g_shell_quote (data);
  g_autofree char *cmd = g_strdup_printf ("losetup -f --show %s", quoted);
  g_autofree char *out = NULL;
  g_autofree char *backing = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *entry = NULL;
  int status;
  guint64 dev, ino;

  if (!fsb_test_have_udisks ())
    return;
  {
    g_autofree char *zeros = g_malloc0 (4 << 20);
    g_assert_true (g_file_set_contents (data, zeros, 4 << 20, NULL));
  }
  g_assert_true (g_spawn_command_line_sync (cmd, &out, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);
  g_strstrip (out);
  file_stat (data, &dev, &ino);
  entry = write_entry (g_get_host_name (), fsb_target_state_boot_id (), data, dev, ino, NULL);

  fsb_target_clean_leftovers (NULL, &error);
  g_assert_no_error (error);
  backing = fsb_loop_backing_file (out);
  g_assert_cmpstr (backing, ==, data);
  g_assert_true (g_file_test (data, G_FILE_TEST_IS_REGULAR));

  g_free (cmd);
  cmd = g_strdup_printf ("losetup -d %s", out);
  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);
}

/* A copy of a live target's entry, as if its run had crashed: on another
 * machine or in an earlier boot it is left alone; here it is cleaned. */
static void
test_machine_and_boot (void)
{
  g_autoptr(FsbTarget) target = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *state_dir = fsb_target_state_dir ();
  g_autofree char *image = NULL, *device = NULL;
  g_autofree char *other_host = NULL, *other_boot = NULL, *ours = NULL;
  FsbLeftovers cleaned;
  const char *name;
  guint64 dev, ino;

  if (!fsb_test_have_udisks ())
    return;
  target = fsb_test_image_target (image_dir, "600M", "ext4", TRUE);
  device = g_strdup (fsb_target_get_device (target));
  {
    g_autoptr(GDir) dir = g_dir_open (image_dir, 0, NULL);
    while ((name = g_dir_read_name (dir)) != NULL)
      if (fsb_target_state_is_image_name (name))
        image = g_build_filename (image_dir, name, NULL);
  }
  g_assert_nonnull (image);
  file_stat (image, &dev, &ino);
  {
    g_autofree char *loop = g_strdup_printf (", \"loop_device\": \"%s\"", device);

    other_host = write_entry ("another-machine", fsb_target_state_boot_id (), image, dev, ino, loop);
    other_boot = write_entry (g_get_host_name (), "00000000-0000-0000-0000-000000000000", image, dev, ino, loop);
    g_assert_cmpuint (fsb_target_clean_leftovers (NULL, &error), ==, 0);
    g_assert_no_error (error);
    g_assert_true (g_file_test (image, G_FILE_TEST_IS_REGULAR));
    g_assert_true (g_file_test (other_host, G_FILE_TEST_EXISTS));
    g_assert_true (g_file_test (other_boot, G_FILE_TEST_EXISTS));
    g_assert_nonnull (fsb_target_get_mount_point (target));
    g_assert_true (fsb_mountinfo_is_mount_point (fsb_target_get_mount_point (target)));
    /* the live run's own entry too */
    g_assert_cmpuint (fsb_test_count_files (state_dir), ==, 3);
    g_unlink (other_host);
    g_unlink (other_boot);

    /* This machine, this boot, a process gone: mount, loop device, image. */
    ours = write_entry (g_get_host_name (), fsb_target_state_boot_id (), image, dev, ino, loop);
    g_assert_cmpuint (fsb_target_clean_leftovers (&cleaned, &error), ==, 3);
    g_assert_no_error (error);
    g_assert_cmpuint (cleaned.mounts, ==, 1);
    g_assert_cmpuint (cleaned.loop_devices, ==, 1);
    g_assert_cmpuint (cleaned.images, ==, 1);
    g_assert_false (g_file_test (image, G_FILE_TEST_EXISTS));
    g_assert_false (g_file_test (ours, G_FILE_TEST_EXISTS));
    {
      g_autofree char *backing = fsb_loop_backing_file (device);
      g_assert_true (backing == NULL || strcmp (backing, image) != 0);
    }
  }
  /* the target lets go of what is already gone */
  fsb_target_release (target, &error);
  g_assert_no_error (error);
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, device);
}

/* A crashed run's image renamed by the user during the run: its loop
 * device, now backed by the new name, is still the run's (by the inode
 * recorded) and is unmounted and detached; the renamed file is the
 * user's now and stays. An entry that does not name that loop device
 * leaves a loop device on the inode under another name alone. */
static void
test_image_renamed (void)
{
  g_autoptr(FsbTarget) target = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *image = NULL, *device = NULL, *moved = NULL, *unnamed = NULL, *ours = NULL;
  g_autofree char *loop = NULL;
  FsbLeftovers cleaned;
  const char *name;
  guint64 dev, ino;

  if (!fsb_test_have_udisks ())
    return;
  target = fsb_test_image_target (image_dir, "600M", "ext4", TRUE);
  device = g_strdup (fsb_target_get_device (target));
  {
    g_autoptr(GDir) dir = g_dir_open (image_dir, 0, NULL);
    while ((name = g_dir_read_name (dir)) != NULL)
      if (fsb_target_state_is_image_name (name))
        image = g_build_filename (image_dir, name, NULL);
  }
  g_assert_nonnull (image);
  file_stat (image, &dev, &ino);
  moved = g_build_filename (image_dir, "my-renamed-disk.img", NULL);
  g_assert_cmpint (g_rename (image, moved), ==, 0);
  {
    g_autofree char *backing = fsb_loop_backing_file (device);
    g_assert_cmpstr (backing, ==, moved);
  }

  unnamed = write_entry (g_get_host_name (), fsb_target_state_boot_id (), image, dev, ino, NULL);
  g_assert_cmpuint (fsb_target_clean_leftovers (&cleaned, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_false (g_file_test (unnamed, G_FILE_TEST_EXISTS));
  {
    g_autofree char *backing = fsb_loop_backing_file (device);
    g_assert_cmpstr (backing, ==, moved);
  }

  /* udisksd may have unmounted it already: its own check of the devices it
   * mounted takes a loop device whose backing file changed name for
   * another one, at the next event of any device */
  loop = g_strdup_printf (", \"loop_device\": \"%s\"", device);
  ours = write_entry (g_get_host_name (), fsb_target_state_boot_id (), image, dev, ino, loop);
  g_assert_cmpuint (fsb_target_clean_leftovers (&cleaned, &error), >=, 1);
  g_assert_no_error (error);
  g_assert_cmpuint (cleaned.mounts, <=, 1);
  g_assert_cmpuint (cleaned.loop_devices, ==, 1);
  g_assert_cmpuint (cleaned.images, ==, 0);
  g_assert_false (fsb_mountinfo_is_mount_point (fsb_target_get_mount_point (target)));
  {
    g_autofree char *backing = fsb_loop_backing_file (device);
    g_assert_true (backing == NULL || strcmp (backing, moved) != 0);
  }
  g_assert_true (g_file_test (moved, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_unlink (moved), ==, 0);
  fsb_target_release (target, &error);
  g_assert_no_error (error);
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, device);
}

/* Scratch folders ------------------------------------------------------------ */

static char *
scratch_folder (const char *parent, int pid, const char *letters, gsize bytes)
{
  g_autofree char *name = g_strdup_printf ("fsbench-scratch-%d-%s", pid, letters);
  char *path = g_build_filename (parent, name, NULL);

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  if (bytes > 0)
    {
      g_autofree char *sub = g_build_filename (path, "kernel-out", "fs", NULL);
      g_autofree char *file = g_build_filename (sub, "big", NULL);
      g_autofree char *small = g_build_filename (path, "small", NULL);
      g_autofree char *data = g_malloc0 (bytes);

      g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
      g_assert_true (g_file_set_contents (file, data, bytes, NULL));
      g_assert_true (g_file_set_contents (small, data, MIN (bytes, 65536), NULL));
    }
  return path;
}

/* Sets a folder's times an hour back, as a folder made before the
 * process that has its pid now: touch can set mtime back, not ctime. */
static void
age_folder (const char *path)
{
  struct timespec times[2];

  clock_gettime (CLOCK_REALTIME, &times[0]);
  times[0].tv_sec -= 3600;
  times[1] = times[0];
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW), ==, 0);
}

static void
preflight_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (res);
}

/* What killed runs left in their scratch folders goes: a folder whose
 * process is gone, or whose pid a later process now has. A live run's
 * stays (this process's, and one it holds open whatever its times say:
 * a clock set forward), and nothing that is not exactly a scratch folder
 * of ours is deleted or followed: a link, a near name, a file, another
 * user's folder, a link inside a dead folder. */
static void
test_scratch (void)
{
  g_autofree char *scratch = g_build_filename (tmp_dir, "scratch", NULL);
  g_autofree char *elsewhere = g_build_filename (tmp_dir, "elsewhere", NULL);
  g_autofree char *precious = g_build_filename (elsewhere, "precious", NULL);
  g_autofree char *dead = NULL, *later = NULL, *live = NULL, *held = NULL, *other = NULL;
  g_autofree char *link = NULL, *near1 = NULL, *near2 = NULL, *file = NULL, *inner_link = NULL;
  g_auto(FsbPreflight) report = { 0 };
  g_auto(FsbPreflight) again = { 0 };
  g_autoptr(GAsyncResult) res = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "/bin/sleep", "60", NULL };
  const guint64 mib = 1 << 20;
  int gone = dead_pid (), held_fd, status;
  GPid child;

  g_assert_cmpstr (g_getenv ("FSBENCH_SCRATCH_DIR"), ==, scratch);
  g_assert_cmpint (g_mkdir_with_parents (elsewhere, 0700), ==, 0);
  g_assert_true (g_file_set_contents (precious, "keep me", -1, NULL));

  /* a killed run's: its process is gone */
  dead = scratch_folder (scratch, gone, "Dead01", mib);
  inner_link = g_build_filename (dead, "kernel-out", "to-elsewhere", NULL);
  g_assert_cmpint (symlink (elsewhere, inner_link), ==, 0);
  /* a killed run's pid, now another process's that started after it */
  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &child, NULL));
  later = scratch_folder (scratch, child, "Later1", mib);
  age_folder (later);
  /* live runs: this process's, made now; one held open, its times set back */
  live = scratch_folder (scratch, getpid (), "Live01", 4096);
  held = scratch_folder (scratch, getpid (), "Held01", 4096);
  age_folder (held);
  held_fd = open (held, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  g_assert_cmpint (held_fd, >=, 0);
  /* not scratch folders of ours */
  link = g_strdup_printf ("%s/fsbench-scratch-%d-Link01", scratch, gone);
  g_assert_cmpint (symlink (elsewhere, link), ==, 0);
  near1 = g_strdup_printf ("%s/fsbench-scratch-%d-Near0", scratch, gone);
  near2 = g_strdup_printf ("%s/fsbench-scratch-%d-Near012", scratch, gone);
  g_assert_cmpint (g_mkdir (near1, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (near2, 0700), ==, 0);
  file = g_strdup_printf ("%s/fsbench-scratch-%d-File01", scratch, gone);
  g_assert_true (g_file_set_contents (file, "a file", -1, NULL));
  if (geteuid () == 0)
    {
      other = scratch_folder (scratch, gone, "Other1", 0);
      g_assert_cmpint (chown (other, 65534, 65534), ==, 0);
    }

  fsb_assert_ok (fsb_preflight_run (FSB_PREFLIGHT_CLEAN, &report, NULL, &error), error);
  if (fsb_udisks_get_client (NULL) != NULL)
    g_assert_no_error (report.clean_error);
  g_test_message ("reclaimed %u scratch folders, %" G_GUINT64_FORMAT " bytes", report.scratch_folders,
                  report.scratch_bytes);
  g_assert_cmpuint (report.scratch_folders, ==, 2);
  g_assert_cmpuint (report.scratch_bytes, >=, 2 * (mib + 65536));
  g_assert_cmpuint (report.scratch_bytes, <, 2 * (mib + 65536) + 64 * 4096);
  g_assert_true (fsb_preflight_cleaned (&report));

  g_assert_false (g_file_test (dead, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (later, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (live, G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_test (held, G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (precious, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (near1, G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_test (near2, G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
  if (other != NULL)
    g_assert_true (g_file_test (other, G_FILE_TEST_IS_DIR));

  /* Once only: the same from a thread finds nothing more. */
  fsb_preflight_run_async (FSB_PREFLIGHT_CLEAN, NULL, preflight_done_cb, &res);
  while (res == NULL)
    g_main_context_iteration (NULL, TRUE);
  fsb_assert_ok (fsb_preflight_run_finish (res, &again, &error), error);
  g_assert_cmpuint (again.scratch_folders, ==, 0);
  g_assert_false (fsb_preflight_cleaned (&again));

  kill (child, SIGKILL);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  close (held_fd);
  g_unlink (link);
}

int
main (int argc, char **argv)
{
  int status;

  tmp_dir = fsb_test_make_tmp_dir ("cleanup", &image_dir);
  {
    /* the scratch folders of its own, not those of /dev/shm */
    g_autofree char *scratch = g_build_filename (tmp_dir, "scratch", NULL);

    g_setenv ("FSBENCH_SCRATCH_DIR", scratch, TRUE);
    g_mkdir (scratch, 0700);
  }
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cleanup/rules", test_rules);
  g_test_add_func ("/cleanup/user-files-survive", test_user_files_survive);
  g_test_add_func ("/cleanup/foreign-loop", test_foreign_loop);
  g_test_add_func ("/cleanup/machine-and-boot", test_machine_and_boot);
  g_test_add_func ("/cleanup/image-renamed", test_image_renamed);
  g_test_add_func ("/cleanup/scratch", test_scratch);

  status = g_test_run ();
  fsb_test_remove_dir (tmp_dir);
  g_free (image_dir);
  g_free (tmp_dir);
  return status;
}
