/* fsb-test-util.c: what the integration tests share */
#include "config.h"

#include <fcntl.h>
#include <gio/gunixfdlist.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fsb-test-assert.h"
#include "fsb-test-util.h"
#include "fsb-mountinfo.h"
#include "fsb-target.h"
#include "fsb-udisks.h"

static void
release_loops_under (const char *dir)
{
  g_autoptr(GDir) block = g_dir_open ("/sys/block", 0, NULL);
  const char *name;

  while (block != NULL && (name = g_dir_read_name (block)) != NULL)
    {
      g_autofree char *device = g_strconcat ("/dev/", name, NULL);
      g_autofree char *backing = g_str_has_prefix (name, "loop") ? fsb_loop_backing_file (device) : NULL;
      g_autofree char *object = NULL;
      g_autofree char *prefix = g_strconcat (dir, "/", NULL);

      if (backing == NULL || !g_str_has_prefix (backing, prefix))
        continue;
      object = fsb_udisks_object_path_for_device (device);
      if (object != NULL)
        {
          fsb_udisks_unmount (object, TRUE, NULL);
          if (fsb_udisks_loop_delete (object, NULL))
            continue;
        }
      {
        g_autofree char *cmd = g_strdup_printf ("losetup -d %s 2>/dev/null", device);
        if (system (cmd) != 0)
          g_printerr ("could not detach %s\n", device);
      }
    }
}

/* What an earlier run of this test that aborted left: for each folder
 * g_get_tmp_dir()/PREFIX-PID-XXXXXX whose process is gone, unmounts and
 * detaches the loop devices on its files, then removes it. Only digits
 * after the prefix: "fsbench-test-run-" must not take run-extra's. */
static void
sweep_earlier (const char *prefix)
{
  g_autoptr(GDir) dir = g_dir_open (g_get_tmp_dir (), 0, NULL);
  g_autofree char *start = g_strconcat (prefix, "-", NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL, *proc = NULL;
      const char *pid = name + strlen (start);
      char *end = NULL;
      long n;

      if (!g_str_has_prefix (name, start) || !g_ascii_isdigit (*pid))
        continue;
      n = strtol (pid, &end, 10);
      if (*end != '-' || n <= 0)
        continue;
      proc = g_strdup_printf ("/proc/%ld", n);
      if (g_file_test (proc, G_FILE_TEST_EXISTS))
        continue;   /* still running */
      path = g_build_filename (g_get_tmp_dir (), name, NULL);
      if (fsb_udisks_get_client (NULL) != NULL)
        release_loops_under (path);
      fsb_test_remove_dir (path);
    }
}

char *
fsb_test_make_tmp_dir (const char *name, char **image_dir)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *prefix = g_strconcat ("fsbench-test-", name, NULL);
  g_autofree char *template = g_strdup_printf ("%s-%d-XXXXXX", prefix, (int) getpid ());
  char *tmp_dir;

  sweep_earlier (prefix);
  tmp_dir = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
  g_setenv ("XDG_STATE_HOME", tmp_dir, TRUE);
  g_setenv ("XDG_CACHE_HOME", tmp_dir, TRUE);
  *image_dir = g_build_filename (tmp_dir, "images", NULL);
  g_mkdir (*image_dir, 0700);
  return tmp_dir;
}

void
fsb_test_remove_dir (const char *path)
{
  g_autofree char *quoted = g_shell_quote (path);
  g_autofree char *cmd = g_strdup_printf ("rm -rf %s", quoted);

  if (system (cmd) != 0)
    g_printerr ("could not remove %s\n", path);
}

gboolean
fsb_test_have_udisks (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *version = NULL;

  if (fsb_udisks_get_client (&error) == NULL)
    {
      g_test_skip (error->message);
      return FALSE;
    }
  version = fsb_udisks_get_daemon_version ();
  if (version == NULL)
    {
      g_test_skip ("udisksd does not answer");
      return FALSE;
    }
  if (geteuid () != 0)
    {
      g_test_skip ("needs root, or a polkit rule for udisks");
      return FALSE;
    }
  return TRUE;
}

guint
fsb_test_count_files (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

FsbPlan *
fsb_test_image_plan (const char *image_dir, const char *filesystems,
                     const char *workloads, guint repetitions)
{
  FsbPlan *plan = fsb_plan_new ();

  g_strfreev (plan->filesystems);
  plan->filesystems = g_strsplit (filesystems, ",", -1);
  /* the core study unless told: the tests count its tasks */
  g_strfreev (plan->workloads);
  plan->workloads = g_strsplit (workloads != NULL ? workloads : "core", ",", -1);
  /* a fixed count: the tests know how many samples to expect */
  plan->repeat_auto = FALSE;
  plan->repetitions = repetitions;
  g_free (plan->target_spec);
  plan->target_spec = g_strdup_printf ("image@%s", image_dir);
  return plan;
}

FsbTarget *
fsb_test_image_target (const char *image_dir, const char *size, const char *fs, gboolean mount)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *spec = g_strdup_printf ("image:%s@%s", size, image_dir);
  g_autoptr(FsbTarget) target = fsb_target_new_from_spec (spec, FALSE, &error);

  g_assert_no_error (error);
  fsb_assert_ok (fsb_target_prepare (target, 0, NULL, &error), error);
  if (fs != NULL)
    {
      fsb_assert_ok (fsb_target_format (target, fs, NULL, NULL, NULL, &error), error);
    }
  if (mount)
    {
      fsb_assert_ok (fsb_target_mount (target, NULL, NULL, &error), error);
    }
  return g_steal_pointer (&target);
}

void
fsb_test_assert_no_leftovers (const char *tmp_dir, const char *image_dir, const char *device)
{
  g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
  g_autofree char *cache = g_build_filename (g_get_user_cache_dir (), "fsbench", NULL);
  g_autoptr(GDir) dir = g_dir_open (cache, 0, NULL);
  const char *name;

  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 0);
  for (guint i = 0; i < mounts->len; i++)
    {
      FsbMount *m = g_ptr_array_index (mounts, i);

      g_assert_false (g_str_has_prefix (m->mount_point, tmp_dir));
      if (device != NULL)
        g_assert_cmpstr (m->source, !=, device);
    }
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_assert_false (g_str_has_prefix (name, "fsbench-scratch-"));
  if (device != NULL)
    {
      g_autofree char *backing = fsb_loop_backing_file (device);

      g_assert_true (backing == NULL || !g_str_has_prefix (backing, tmp_dir));
    }
}

char *
fsb_test_attach_file (const char *path, gboolean read_only)
{
  g_autoptr(GUnixFDList) fds = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  char *object_path = NULL;
  int fd = open (path, (read_only ? O_RDONLY : O_RDWR) | O_CLOEXEC);

  g_assert_cmpint (fd, >=, 0);
  fds = g_unix_fd_list_new_from_array (&fd, 1);
  /* another test attaching at the same moment takes the free device (EBUSY) */
  for (int attempt = 0; attempt < 10; attempt++)
    {
      g_auto(GVariantBuilder) opts = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);

      g_clear_error (&error);
      g_variant_builder_add (&opts, "{sv}", "read-only", g_variant_new_boolean (read_only));
      reply = fsb_udisks_call (FSB_UDISKS_MANAGER_PATH, FSB_UDISKS_IFACE_MANAGER, "LoopSetup",
                               g_variant_new ("(ha{sv})", 0, &opts), G_VARIANT_TYPE ("(o)"),
                               fds, -1, NULL, &error);
      if (reply != NULL || strstr (error->message, "busy") == NULL)
        break;
      g_usleep (200000);
    }
  g_assert_no_error (error);
  g_variant_get (reply, "(o)", &object_path);
  return object_path;
}

char *
fsb_test_device_of (const char *object_path)
{
  g_autoptr(GVariant) value = NULL;
  g_autoptr(GError) error = NULL;

  value = fsb_udisks_get_property (object_path, FSB_UDISKS_IFACE_BLOCK, "Device", &error);
  g_assert_no_error (error);
  return g_variant_dup_bytestring (value, NULL);
}

void
fsb_test_flush_main_context (void)
{
  for (int i = 0; i < 50; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (10000);
    }
}

char *
fsb_test_make_file (const char *dir, const char *name, guint64 size)
{
  char *path = g_build_filename (dir, name, NULL);
  int fd = open (path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) size), ==, 0);
  close (fd);
  return path;
}

static void
run_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (res);
}

FsbResult *
fsb_test_run_plan (FsbPlan *plan, GError **error)
{
  g_autoptr(FsbRunner) runner = fsb_runner_new (plan);
  GAsyncResult *res = NULL;
  FsbResult *result;

  fsb_runner_run_async (runner, NULL, run_done_cb, &res);
  while (res == NULL)
    g_main_context_iteration (NULL, TRUE);
  result = fsb_runner_run_finish (runner, res, error);
  g_object_unref (res);
  return result;
}

void
fsb_test_tiny_sizes (FsbPlan *plan)
{
  const struct { const char *id; double value; } sizes[] = {
    { "tree-min-file", 1000 }, { "big-file", 1 << 20 }, { "tree-files", 4 },
    { "tree-dirs", 1 }, { "tree-size", 40000 },
  };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      fsb_assert_ok (fsb_plan_set_size (plan, sizes[i].id, sizes[i].value, &error), error);
    }
}
