/* test-aging-run.c: --age light through the runner on real images
 * (udisksd): the aging block, the aged tasks, the small files that fit,
 * the same files for the same seed, a cancel while aging, no leftovers */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "fsb-age.h"
#include "fsb-aging.h"
#include "fsb-engine.h"
#include "fsb-runner.h"
#include "fsb-target.h"
#include "fsb-test-assert.h"
#include "fsb-test-util.h"

static char *tmp_dir;
static char *image_dir;

typedef struct {
  GMainLoop    *loop;
  FsbResult    *result;
  GError       *error;
  GHashTable   *seen;            /* task ids that finished */
  gboolean      saw_age_step;
  GCancellable *cancel_at_age;
} RunData;

static void
progress_cb (FsbRunner *runner, const FsbProgress *p, RunData *d)
{
  if (g_strcmp0 (p->task_id, FSB_AGE_STEP) == 0)
    {
      d->saw_age_step = TRUE;
      if (d->cancel_at_age != NULL)
        g_cancellable_cancel (d->cancel_at_age);
    }
}

static void
finished_cb (FsbRunner *runner, const char *fs, const char *task_id, FsbSample *sample, RunData *d)
{
  g_hash_table_add (d->seen, g_strdup (task_id));
}

static void
done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  RunData *d = user_data;

  d->result = fsb_runner_run_finish (FSB_RUNNER (source), res, &d->error);
  g_main_loop_quit (d->loop);
}

static void
run (FsbPlan *plan, RunData *d, GCancellable *cancellable)
{
  g_autoptr(FsbRunner) runner = fsb_runner_new (plan);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);

  d->loop = loop;
  d->seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_signal_connect (runner, "progress", G_CALLBACK (progress_cb), d);
  g_signal_connect (runner, "task-finished", G_CALLBACK (finished_cb), d);
  fsb_runner_run_async (runner, cancellable, done_cb, d);
  g_main_loop_run (loop);
}

static void
test_light (void)
{
  const char *const core[] = { "big-copy-in", "big-recopy", "big-delete", "tree-copy-in",
                               "tree-recopy", "tree-list", "tree-find", "tree-delete" };
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) partial = NULL;
  RunData d = { 0 };

  if (!fsb_test_have_udisks ())
    return;
  plan = fsb_test_image_plan (image_dir, "ext4,xfs,btrfs", NULL, 1);
  plan->partial_path = g_build_filename (tmp_dir, "aged.json", NULL);
  g_assert_true (fsb_plan_set_age (plan, "light", &error));
  run (plan, &d, NULL);

  g_assert_no_error (d.error);
  g_assert_nonnull (d.result);
  g_assert_true (d.result->complete);
  g_assert_true (d.saw_age_step);
  g_assert_cmpstr (d.result->age, ==, "light");
  for (guint f = 0; f < d.result->filesystems->len; f++)
    {
      FsbFsResult *fs = d.result->filesystems->pdata[f];
      const FsbAgingRun *r;
      gboolean has_tool = !g_str_equal (fs->name, "btrfs");

      g_assert_cmpstr (fs->error, ==, NULL);
      /* the chosen tasks twice: fresh, then aged */
      for (guint i = 0; i < G_N_ELEMENTS (core); i++)
        {
          FsbTaskResult *aged = fsb_fs_result_get_task (fs, fsb_task_aged_id (core[i]), FALSE);
          double wall;

          g_assert_nonnull (fsb_fs_result_get_task (fs, core[i], FALSE));
          g_assert_nonnull (aged);
          g_assert_cmpuint (aged->samples->len, ==, 1);
          g_assert_true (fsb_sample_get (aged->samples->pdata[0], "wall_s", &wall));
          g_assert_cmpfloat (wall, >, 0);
          g_assert_true (g_hash_table_contains (d.seen, fsb_task_aged_id (core[i])));
        }
      /* the checker on the aged, full filesystem, cold: clean, and what it read */
      {
        FsbTaskResult *fsck = fsb_fs_result_get_task (fs, "fsck-full", FALSE);
        double v;

        g_assert_nonnull (fsck);
        g_assert_cmpuint (fsck->samples->len, ==, 1);
        g_assert_null (((FsbSample *) fsck->samples->pdata[0])->error);
        g_assert_true (fsb_sample_get (fsck->samples->pdata[0], "checker_s", &v));
        g_assert_cmpfloat (v, >, 0);
        g_assert_true (fsb_sample_get (fsck->samples->pdata[0], "fsck_clean", &v));
        g_assert_cmpfloat (v, ==, 1);
        g_assert_true (fsb_sample_get (fsck->samples->pdata[0], "fsck_used_bytes", &v));
        g_assert_cmpfloat (v, >, d.result->target.size_bytes / 2);
        g_assert_true (g_hash_table_contains (d.seen, "fsck-full"));
      }
      /* the aging, as full as asked (within a file or two) */
      g_assert_nonnull (fs->aging);
      g_assert_cmpstr (fs->aging->level, ==, "light");
      g_assert_cmpfloat (fs->aging->fill_percent_target, ==, 60);
      g_assert_cmpuint (fs->aging->runs->len, ==, 1);
      r = &g_array_index (fs->aging->runs, FsbAgingRun, 0);
      g_assert_cmpfloat (r->fill_percent_reached, >, 57);
      g_assert_cmpfloat (r->fill_percent_reached, <, 66);
      g_assert_cmpuint (r->rounds, ==, fsb_age_spec ("light")->rounds);
      g_assert_cmpuint (r->files_written, >, 1000);
      g_assert_cmpuint (r->files_deleted, >, 0);
      g_assert_cmpuint (r->files_deleted, <, r->files_written);
      g_assert_cmpuint (r->bytes_written, >, d.result->target.size_bytes / 2);
      g_assert_cmpfloat (r->seconds, >, 0);
      /* the big file's extents, fresh and aged */
      g_assert_cmpint (r->big_file_extents_fresh, >=, 1);
      g_assert_cmpint (r->big_file_extents_aged, >=, 1);
      /* free space where the filesystem has a tool for it; aging scatters it */
      g_assert_cmpint (r->free_fresh.free_extents >= 0, ==, has_tool);
      g_assert_cmpint (r->free_aged.free_extents >= 0, ==, has_tool);
      if (has_tool)
        {
          g_assert_cmpstr (fs->aging->free_space_tool, !=, NULL);
          g_assert_cmpint (r->free_aged.free_extents, >, r->free_fresh.free_extents);
          g_assert_cmpuint (r->free_aged.free_bytes, <, r->free_fresh.free_bytes);
        }
      /* the small files that fit: ext4 runs out of inodes, XFS of space;
       * Btrfs, slower to create them, may reach the time bound first */
      g_assert_nonnull (fs->fit.limit);
      if (g_str_equal (fs->name, "btrfs"))
        g_assert_true (g_str_equal (fs->fit.limit, "space") || g_str_equal (fs->fit.limit, "time"));
      else
        g_assert_cmpstr (fs->fit.limit, ==, g_str_equal (fs->name, "ext4") ? "inodes" : "space");
      if (g_str_equal (fs->fit.limit, "time"))
        g_assert_cmpfloat (fs->fit.seconds, >=, 30);
      g_assert_cmpuint (fs->fit.files, >, 10000);
      if (g_str_equal (fs->name, "ext4"))
        g_assert_cmpuint (fs->fit.files, <=, fs->capacity_initial.total_inodes);
      g_assert_cmpfloat (fs->fit.seconds, >, 0);
    }

  /* what was saved along the way holds it too */
  partial = fsb_result_load (plan->partial_path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (((FsbFsResult *) partial->filesystems->pdata[0])->aging);
  g_assert_cmpstr (((FsbFsResult *) partial->filesystems->pdata[1])->fit.limit, ==, "space");

  fsb_test_assert_no_leftovers (tmp_dir, image_dir, d.result->target.device);
  fsb_result_unref (d.result);
  g_hash_table_unref (d.seen);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* path\tsize of every file below dir. */
static void
list_files (const char *dir, const char *rel, GPtrArray *out)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *sub = rel[0] != '\0' ? g_build_filename (rel, name, NULL) : g_strdup (name);
      struct stat st;

      g_assert_cmpint (lstat (path, &st), ==, 0);
      if (S_ISDIR (st.st_mode))
        list_files (path, sub, out);
      else
        g_ptr_array_add (out, g_strdup_printf ("%s\t%" G_GINT64_FORMAT, sub, (gint64) st.st_size));
    }
}

static GPtrArray *
age_fresh_ext4 (FsbAgingRun *run)
{
  g_autoptr(FsbTarget) target = fsb_test_image_target (image_dir, "768M", "ext4", TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (fsb_target_get_mount_point (target), FSB_AGING_DIR, NULL);
  FsbAgingParams p = { 0 };
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);

  p.spec = fsb_age_spec ("light");
  p.seed = FSB_AGING_SEED;
  p.reserve_bytes = 256 * 1024 * 1024;
  p.max_file_bytes = 14 * 1024 * 1024;
  fsb_aging_run_init (run);
  fsb_assert_ok (fsb_aging_run (fsb_target_get_mount_point (target), &p, run, &error), error);
  list_files (dir, "", files);
  g_ptr_array_sort (files, compare_strings);
  fsb_assert_ok (fsb_target_release (target, &error), error);
  return files;
}

static void
test_same_seed_same_files (void)
{
  g_autoptr(GPtrArray) a = NULL, b = NULL;
  FsbAgingRun ra, rb;

  if (!fsb_test_have_udisks ())
    return;
  a = age_fresh_ext4 (&ra);
  b = age_fresh_ext4 (&rb);
  /* the same files written and deleted, the same ones left, byte for byte in size */
  g_assert_cmpuint (ra.files_written, ==, rb.files_written);
  g_assert_cmpuint (ra.files_deleted, ==, rb.files_deleted);
  g_assert_cmpuint (ra.bytes_written, ==, rb.bytes_written);
  g_assert_cmpuint (a->len, ==, ra.files_written - ra.files_deleted);
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpstr (a->pdata[i], ==, b->pdata[i]);
  /* 256 MiB left free for the tasks, as asked */
  g_assert_cmpfloat (ra.fill_percent_reached, >, 50);
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
}

static void
test_cancel_while_aging (void)
{
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  RunData d = { 0 };

  if (!fsb_test_have_udisks ())
    return;
  plan = fsb_test_image_plan (image_dir, "ext4", NULL, 1);
  g_assert_true (fsb_plan_set_age (plan, "light", &error));
  d.cancel_at_age = cancellable;
  run (plan, &d, cancellable);
  g_assert_null (d.result);
  g_assert_error (d.error, FSB_ERROR, FSB_ERROR_CANCELLED);
  g_clear_error (&d.error);
  g_assert_true (d.saw_age_step);
  fsb_test_assert_no_leftovers (tmp_dir, image_dir, NULL);
  g_hash_table_unref (d.seen);
}

int
main (int argc, char **argv)
{
  int status;

  tmp_dir = fsb_test_make_tmp_dir ("aging-run", &image_dir);
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/aging-run/light/ext4-xfs-btrfs", test_light);
  g_test_add_func ("/aging-run/same-seed-same-files", test_same_seed_same_files);
  g_test_add_func ("/aging-run/cancel-while-aging", test_cancel_while_aging);
  status = g_test_run ();

  fsb_test_remove_dir (tmp_dir);
  g_free (image_dir);
  g_free (tmp_dir);
  return status;
}
