/* fsb-test-util.c: what the integration tests share */
#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "fsb-test-util.h"
#include "fsb-mountinfo.h"
#include "fsb-target.h"
#include "fsb-udisks.h"

char *
fsb_test_make_tmp_dir (const char *template, char **image_dir)
{
  g_autoptr(GError) error = NULL;
  char *tmp_dir = g_dir_make_tmp (template, &error);

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
  g_assert_true (fsb_target_prepare (target, 0, NULL, &error));
  g_assert_no_error (error);
  if (fs != NULL)
    {
      g_assert_true (fsb_target_format (target, fs, NULL, NULL, NULL, &error));
      g_assert_no_error (error);
    }
  if (mount)
    {
      g_assert_true (fsb_target_mount (target, NULL, NULL, &error));
      g_assert_no_error (error);
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
