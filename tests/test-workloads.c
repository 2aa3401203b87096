/* test-workloads.c: each core task on temporary folders does what cp, ls, find and rm do */
#include "config.h"

#include <fnmatch.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "fsb-dataset.h"
#include "fsb-engine.h"
#include "fsb-test-assert.h"
#include "fsb-workload.h"
#include "fsb-workloads-private.h"

typedef struct {
  char              *tmp;
  char              *source;
  char              *mount;
  FsbSizes          *sizes;
  FsbDatasetSpec     profile;
  FsbDatasetLayout  *layout;
  FsbWorkloadContext ctx;
  guint              progress_calls;
  guint64            last_done;
} Fixture;

static void
progress_cb (guint64 done, guint64 total, gpointer user_data)
{
  Fixture *f = user_data;

  f->progress_calls++;
  g_assert_cmpuint (done, >=, f->last_done);
  f->last_done = done;
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  f->tmp = g_dir_make_tmp ("fsbench-workloads-XXXXXX", &error);
  g_assert_no_error (error);
  f->source = g_build_filename (f->tmp, "source", NULL);
  f->mount = g_build_filename (f->tmp, "mnt", NULL);
  g_assert_cmpint (g_mkdir (f->mount, 0755), ==, 0);

  f->sizes = fsb_profile_sizes ("quick");
  fsb_sizes_set (f->sizes, FSB_SIZE_BIG_FILE, 5 * 1000 * 1000 + 3);
  fsb_sizes_set (f->sizes, FSB_SIZE_TREE_FILES, 80);
  fsb_sizes_set (f->sizes, FSB_SIZE_TREE_DIRS, 15);
  fsb_sizes_set (f->sizes, FSB_SIZE_TREE_SIZE, 80 * 60000);
  fsb_sizes_set (f->sizes, FSB_SIZE_TREE_MAX_FILE, 400000);
  fsb_dataset_spec_init (&f->profile, f->sizes);
  fsb_assert_ok (fsb_dataset_ensure (&f->profile, f->source, FALSE, NULL, NULL, NULL, NULL, &error), error);
  f->layout = fsb_dataset_layout_new (&f->profile, FSB_DATASET_SEED);

  f->ctx.mount_point = f->mount;
  f->ctx.source_dir = f->source;
  f->ctx.scratch_dir = f->tmp;
  f->ctx.sizes = f->sizes;
  f->ctx.progress = progress_cb;
  f->ctx.progress_data = f;
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", f->tmp);

  g_assert_cmpint (system (cmd), ==, 0);
  fsb_dataset_layout_free (f->layout);
  fsb_sizes_free (f->sizes);
  g_free (f->tmp);
  g_free (f->source);
  g_free (f->mount);
}

static void
run_task (Fixture *f, const char *id, FsbSample **out)
{
  FsbTaskFunc func = fsb_workload_lookup (id);
  g_autoptr(GError) error = NULL;
  FsbSample *sample = fsb_sample_new ();

  g_assert_nonnull (func);
  f->progress_calls = 0;
  f->last_done = 0;
  fsb_assert_ok (func (&f->ctx, sample, &error), error);
  *out = sample;
}

static double
metric (const FsbSample *s, const char *name)
{
  double v = -1;

  g_assert_true (fsb_sample_get (s, name, &v));
  return v;
}

static void
assert_same_file (const char *a, const char *b)
{
  g_autofree char *da = NULL, *db = NULL;
  gsize la, lb;

  g_assert_true (g_file_get_contents (a, &da, &la, NULL));
  g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
  g_assert_cmpmem (da, la, db, lb);
}

/* Every file of the layout's tree, under root (which replaces "tree"). */
static void
assert_tree_copied (Fixture *f, const char *root)
{
  for (guint i = 1; i < f->layout->files->len; i++)
    {
      const FsbDatasetFile *file = &g_array_index (f->layout->files, FsbDatasetFile, i);
      g_autofree char *src = g_build_filename (f->source, file->path, NULL);
      g_autofree char *dst = g_build_filename (f->mount, root, file->path + strlen ("tree/"), NULL);
      assert_same_file (src, dst);
    }
  for (guint i = 1; i < f->layout->dirs->len; i++)
    {
      const char *d = f->layout->dirs->pdata[i];
      g_autofree char *dst = g_build_filename (f->mount, root, d + strlen ("tree/"), NULL);
      g_assert_true (g_file_test (dst, G_FILE_TEST_IS_DIR));
    }
}

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
test_core_sequence (Fixture *f, gconstpointer data)
{
  FsbSample *s;
  g_autofree char *src_big = g_build_filename (f->source, "big.img", NULL);
  g_autofree char *big1 = g_build_filename (f->mount, "big-1", "big.img", NULL);
  g_autofree char *big2 = g_build_filename (f->mount, "big-2", "big.img", NULL);
  g_autofree char *listing_path = g_build_filename (f->mount, "listing.txt", NULL);
  g_autofree char *listing = NULL;
  guint headers = 0;

  run_task (f, "big-copy-in", &s);
  assert_same_file (src_big, big1);
  g_assert_cmpfloat (metric (s, "bytes"), ==, f->profile.big_file_bytes);
  g_assert_cmpfloat (metric (s, "files"), ==, 1);
  g_assert_cmpuint (f->progress_calls, >=, 1);
  fsb_sample_free (s);

  run_task (f, "big-recopy", &s);
  assert_same_file (src_big, big2);
  g_assert_cmpfloat (metric (s, "bytes"), ==, f->profile.big_file_bytes);
  fsb_sample_free (s);

  run_task (f, "big-delete", &s);
  g_assert_cmpfloat (metric (s, "files"), ==, 2);
  g_assert_cmpuint (count_entries (f->mount), ==, 0);
  fsb_sample_free (s);

  run_task (f, "tree-copy-in", &s);
  assert_tree_copied (f, "tree-1");
  g_assert_cmpfloat (metric (s, "files"), ==, f->profile.tree_files);
  g_assert_cmpfloat (metric (s, "bytes"), ==, f->profile.tree_total_bytes);
  g_assert_cmpuint (f->last_done, ==, f->profile.tree_files);
  fsb_sample_free (s);

  run_task (f, "tree-recopy", &s);
  assert_tree_copied (f, "tree-2");
  g_assert_cmpfloat (metric (s, "files"), ==, f->profile.tree_files);
  fsb_sample_free (s);

  /* ls -lR: a header and a total per folder, a line per file with its size. */
  run_task (f, "tree-list", &s);
  g_assert_true (g_file_get_contents (listing_path, &listing, NULL, NULL));
  g_assert_cmpfloat (metric (s, "files"), ==, f->profile.tree_files);
  g_assert_cmpfloat (metric (s, "bytes"), ==, strlen (listing));
  g_assert_true (g_str_has_prefix (listing, "tree-1:\ntotal "));
  for (guint i = 1; i < f->layout->files->len; i++)
    {
      const FsbDatasetFile *file = &g_array_index (f->layout->files, FsbDatasetFile, i);
      g_autofree char *tail = g_strdup_printf (" %" G_GUINT64_FORMAT " ", file->size);
      g_autofree char *name = g_strdup_printf (" %s\n", strrchr (file->path, '/') + 1);
      const char *at = strstr (listing, name);

      g_assert_nonnull (at);
      g_assert_nonnull (g_strrstr_len (listing, at - listing + 1, tail));
    }
  for (const char *p = listing; (p = strstr (p, "\ntotal ")) != NULL; p++)
    headers++;
  g_assert_cmpuint (headers, ==, f->layout->dirs->len);   /* every folder, the top one included */
  g_assert_true (strstr (listing, "-rw-r--r-- 1 ") != NULL);
  g_assert_true (strstr (listing, "drwx") != NULL);
  fsb_sample_free (s);

  /* Byte for byte what ls -lR prints in the C locale. */
  {
    const char *argv[] = { "ls", "-lR", "tree-1", NULL };
    g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C", TRUE);
    g_autofree char *out = NULL;
    int wait_status = 0;

    if (g_spawn_sync (f->mount, (char **) argv, env, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                      NULL, NULL, &out, NULL, &wait_status, NULL) && wait_status == 0)
      g_assert_cmpstr (listing, ==, out);
    else
      g_test_message ("ls is not available; not compared");
  }

  /* find -name: as many matches as the layout has. */
  {
    guint want = 0;
    for (guint i = 1; i < f->layout->files->len; i++)
      {
        const char *path = g_array_index (f->layout->files, FsbDatasetFile, i).path;
        want += fnmatch (FSB_CORE_FIND_PATTERN, strrchr (path, '/') + 1, 0) == 0;
      }
    g_assert_cmpuint (want, >, 0);
    run_task (f, "tree-find", &s);
    g_assert_cmpfloat (metric (s, "files"), ==, want);
    fsb_sample_free (s);
  }

  run_task (f, "tree-delete", &s);
  g_assert_cmpfloat (metric (s, "files"), ==, 2 * f->profile.tree_files + 1);
  g_assert_cmpuint (count_entries (f->mount), ==, 0);
  fsb_sample_free (s);
}

static void
test_cancelled (Fixture *f, gconstpointer data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbSample) s = fsb_sample_new ();

  g_cancellable_cancel (cancellable);
  f->ctx.cancellable = cancellable;
  g_assert_false (fsb_workload_lookup ("tree-copy-in") (&f->ctx, s, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_false (fsb_workload_lookup ("big-copy-in") (&f->ctx, s, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_CANCELLED);
}

static void
test_missing_input (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbSample) s = fsb_sample_new ();

  /* big-recopy before big-copy-in: nothing to copy, a clear error. */
  g_assert_false (fsb_workload_lookup ("big-recopy") (&f->ctx, s, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "big-1"));
}

static void
test_catalog_complete (void)
{
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);

  /* Every task of a group that is not the cycle's own has its function,
   * but the step the runner adds itself at the fullest (fsb-run-fsck.c). */
  for (guint g = 0; g < n; g++)
    for (guint i = 0; i < groups[g]->n_tasks; i++)
      if (!groups[g]->always && strcmp (groups[g]->tasks[i].id, FSB_TASK_FSCK_FULL) != 0)
        g_assert_nonnull (fsb_workload_lookup (groups[g]->tasks[i].id));
      else
        g_assert_null (fsb_workload_lookup (groups[g]->tasks[i].id));
  g_assert_nonnull (fsb_catalog_task (FSB_TASK_FSCK_FULL, NULL));
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/workloads/catalog-complete", test_catalog_complete);
  g_test_add ("/workloads/core-sequence", Fixture, NULL, fixture_setup, test_core_sequence, fixture_teardown);
  g_test_add ("/workloads/cancelled", Fixture, NULL, fixture_setup, test_cancelled, fixture_teardown);
  g_test_add ("/workloads/missing-input", Fixture, NULL, fixture_setup, test_missing_input, fixture_teardown);
  return g_test_run ();
}
