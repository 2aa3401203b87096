/* test-safety-run.c: the safety group's power cut through the real udisksd:
 * an ext4 image in an XFS image, files written and fsync'd, a reflink copy
 * taken; the copy mounted holds every acknowledged file, and an
 * acknowledged file damaged in the copy on purpose is reported lost; the
 * checker on a whole filesystem, clean and damaged; a variant's mount
 * options on the inner image and its copies; nothing is left behind */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-engine.h"
#include "fsb-safety.h"
#include "fsb-test-assert.h"
#include "fsb-workload.h"
#include "fsb-test-util.h"

static char *tmp_dir;
static char *image_dir;

static FsbTarget *
image (const char *dir, guint64 size, const char *fs)
{
  g_autoptr(FsbTarget) t = fsb_target_new_image (dir, size);
  g_autoptr(GError) error = NULL;

  fsb_assert_ok (fsb_target_prepare (t, size, NULL, &error), error);
  fsb_assert_ok (fsb_target_format (t, fs, NULL, NULL, NULL, &error), error);
  fsb_assert_ok (fsb_target_mount (t, NULL, NULL, &error), error);
  return g_steal_pointer (&t);
}

static gpointer
power_cut_thread (gpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) outer = image (image_dir, 700 * 1024 * 1024, "xfs");
  g_autoptr(FsbTarget) inner = image (fsb_target_get_mount_point (outer), 320 * 1024 * 1024, "ext4");
  g_autoptr(FsbTarget) copy = NULL;
  g_autofree char *dir = g_build_filename (fsb_target_get_mount_point (inner), "safety", NULL);
  g_autoptr(FsbSafetyLog) log = NULL;
  g_autoptr(FsbSafetyCut) cut = NULL;
  g_autoptr(GArray) acked = NULL;
  g_autofree char *victim = NULL;
  g_autofree char *name = NULL;
  g_autofree char *data_ = NULL;
  FsbSafetyCounts c;
  gsize len;
  FsbRng rng;

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  log = fsb_safety_log_new (dir, 3, 30, 1000, 20000);
  fsb_rng_init (&rng, 5);
  for (guint i = 0; i < 60; i++)
    g_assert_true (fsb_safety_log_step (log, &rng, NULL, &error));
  fsb_safety_log_close (log);

  cut = fsb_safety_cut_begin (log);
  copy = fsb_target_new_clone (inner, &error);
  g_assert_no_error (error);
  fsb_safety_cut_end (log, cut);
  g_clear_object (&inner);

  fsb_assert_ok (fsb_target_prepare (copy, 0, NULL, &error), error);
  fsb_assert_ok (fsb_target_mount (copy, NULL, NULL, &error), error);
  fsb_assert_ok (fsb_safety_verify (log, cut, fsb_target_get_mount_point (copy), "safety", &c, &error), error);
  g_assert_cmpuint (c.acked, >, 0);
  g_assert_cmpuint (c.acked_lost, ==, 0);
  g_assert_cmpuint (c.garbage, ==, 0);

  /* damage an acknowledged file in the copy: the judge must see it */
  acked = fsb_safety_cut_acked (cut);
  name = fsb_safety_file_name (g_array_index (acked, guint, 0));
  victim = g_build_filename (fsb_target_get_mount_point (copy), "safety", name, NULL);
  g_assert_true (g_file_get_contents (victim, &data_, &len, NULL));
  data_[len / 2] ^= 1;
  g_assert_true (g_file_set_contents (victim, data_, len, NULL));
  g_assert_true (fsb_safety_verify (log, cut, fsb_target_get_mount_point (copy), "safety", &c, &error));
  g_assert_cmpuint (c.acked_lost, ==, 1);

  fsb_assert_ok (fsb_target_release (copy, &error), error);
  fsb_assert_ok (fsb_target_release (outer, &error), error);
  return NULL;
}

/* The checker on a whole filesystem, cold: a clean one is clean, with
 * what it read; a damaged one is not; and the target is mounted again
 * after each. */
static gpointer
check_full_thread (gpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) t = image (image_dir, 320 * 1024 * 1024, "ext4");
  g_autofree char *file = g_build_filename (fsb_target_get_mount_point (t), "data", NULL);
  g_autofree char *bytes = g_malloc0 (1024 * 1024);
  g_autoptr(FsbSample) clean = fsb_sample_new ();
  g_autoptr(FsbSample) damaged = fsb_sample_new ();
  g_autofree char *cmd = NULL;
  double v;

  g_assert_true (g_file_set_contents (file, bytes, 1024 * 1024, &error));
  fsb_assert_ok (fsb_safety_check_full (t, "ext4", clean, NULL, &error), error);
  g_assert_cmpstr (clean->error, ==, NULL);
  g_assert_true (fsb_sample_get (clean, "fsck_clean", &v));
  g_assert_cmpfloat (v, ==, 1);
  g_assert_true (fsb_sample_get (clean, "checker_s", &v));
  g_assert_cmpfloat (v, >, 0);
  g_assert_true (fsb_sample_get (clean, "fsck_used_bytes", &v));
  g_assert_cmpfloat (v, >=, 1024 * 1024);
  g_assert_true (fsb_sample_get (clean, "fsck_used_inodes", &v));
  g_assert_cmpfloat (v, >=, 12);
  g_assert_true (g_file_test (fsb_target_get_mount_point (t), G_FILE_TEST_IS_DIR));

  /* a link count the file does not have, which neither mounting nor
   * unmounting mends: e2fsck must say "ref count is 7, should be 1" */
  g_assert_true (fsb_target_unmount (t, NULL, NULL, &error));
  cmd = g_strdup_printf ("PATH=$PATH:/usr/sbin:/sbin debugfs -w -R 'sif /data links_count 7' '%s' 2>/dev/null",
                         fsb_target_get_image_path (t));
  g_assert_cmpint (system (cmd), ==, 0);
  fsb_assert_ok (fsb_target_mount (t, NULL, NULL, &error), error);
  fsb_assert_ok (fsb_safety_check_full (t, "ext4", damaged, NULL, &error), error);
  g_assert_true (fsb_sample_get (damaged, "fsck_clean", &v));
  g_assert_cmpfloat (v, ==, 0);

  fsb_assert_ok (fsb_target_release (t, &error), error);
  return NULL;
}

static void
test_check_full (void)
{
  if (!fsb_test_have_udisks ())
    return;
  g_thread_join (g_thread_new ("check-full", check_full_thread, NULL));
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
}

/* A variant's mount options reach the inner image and its copies: while
 * the power cuts run with "noatime" asked, an ext4 mount "rw,noatime"
 * (the inner image) and one "ro,noatime" (a copy) are seen. */
typedef struct {
  gint     stop;
  gboolean inner_seen, copy_seen;
} Watch;

static gpointer
watch_mounts (gpointer data)
{
  Watch *w = data;

  while (!g_atomic_int_get (&w->stop))
    {
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;

      if (g_file_get_contents ("/proc/self/mountinfo", &text, NULL, NULL))
        lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines != NULL && lines[i] != NULL; i++)
        if (strstr (lines[i], " - ext4 ") != NULL && strstr (lines[i], "/media/") != NULL)
          {
            g_auto(GStrv) fields = g_strsplit (lines[i], " ", 7);
            /* the mount's own options, the sixth field: "ro,nosuid,nodev,noatime" */
            g_auto(GStrv) options = g_strv_length (fields) > 5 ? g_strsplit (fields[5], ",", -1) : NULL;
            gboolean noatime = options != NULL && g_strv_contains ((const char *const *) options, "noatime");

            w->inner_seen |= noatime && g_strv_contains ((const char *const *) options, "rw");
            w->copy_seen |= noatime && g_strv_contains ((const char *const *) options, "ro");
          }
      g_usleep (5000);
    }
  return NULL;
}

static gpointer
variant_thread (gpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbTarget) t = image (image_dir, 800 * 1024 * 1024, "ext4");
  g_autoptr(FsbSample) sample = fsb_sample_new ();
  FsbSizes *sizes = fsb_sizes_new ();
  FsbWorkloadContext ctx = { 0 };
  Watch w = { 0 };
  GThread *watcher;
  double states = 0;

  fsb_sizes_set (sizes, "safety-image", 320 * 1024 * 1024);
  fsb_sizes_set (sizes, "safety-states", 3);
  fsb_sizes_set (sizes, "safety-files", 20);
  fsb_sizes_set (sizes, "safety-write", 512 * 1024);
  ctx.mount_point = fsb_target_get_mount_point (t);
  ctx.sizes = sizes;
  ctx.mount_options = "noatime";
  watcher = g_thread_new ("watch-mounts", watch_mounts, &w);
  fsb_assert_ok (fsb_workload_lookup ("power-cut") (&ctx, sample, &error), error);
  g_atomic_int_set (&w.stop, 1);
  g_thread_join (watcher);
  g_assert_true (fsb_sample_get (sample, "power_cut_states", &states));
  g_assert_cmpfloat (states, ==, 3);
  g_assert_true (w.inner_seen);
  g_assert_true (w.copy_seen);

  fsb_sizes_free (sizes);
  fsb_assert_ok (fsb_target_release (t, &error), error);
  return NULL;
}

static void
test_variant_options (void)
{
  if (!fsb_test_have_udisks ())
    return;
  g_thread_join (g_thread_new ("variant", variant_thread, NULL));
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
}

static void
test_power_cut (void)
{
  if (!fsb_test_have_udisks ())
    return;
  g_thread_join (g_thread_new ("power-cut", power_cut_thread, NULL));
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
}

int
main (int argc, char **argv)
{
  int status;

  tmp_dir = fsb_test_make_tmp_dir ("safety-run", &image_dir);
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/safety-run/power-cut", test_power_cut);
  g_test_add_func ("/safety-run/check-full", test_check_full);
  g_test_add_func ("/safety-run/variant-options", test_variant_options);
  status = g_test_run ();
  fsb_test_remove_dir (tmp_dir);
  g_free (tmp_dir);
  g_free (image_dir);
  return status;
}
