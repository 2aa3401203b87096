/* test-history.c: the window's history store: save, list, import, merge */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "fsb-engine.h"
#include "fsb-error.h"
#include "fsb-history.h"
#include "fsb-stats.h"

static FsbResult *
make_result (const char *created, const char *cpu, double ext4_s, double xfs_s)
{
  FsbResult *result = fsb_result_new ();
  const char *names[] = { "ext4", "xfs" };
  double secs[] = { ext4_s, xfs_s };

  g_free (result->created);
  result->created = g_strdup (created);
  result->machine.cpu_model = g_strdup (cpu);
  result->profile = g_strdup ("quick");
  result->complete = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (result, names[i]);
      FsbTaskResult *task = fsb_fs_result_get_task (fs, "big-copy-in", TRUE);
      FsbSample *sample = fsb_sample_new ();

      fsb_sample_set (sample, "wall_s", secs[i]);
      g_ptr_array_add (task->samples, sample);
    }
  return result;
}

typedef struct {
  char *home;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  f->home = g_dir_make_tmp ("fsbench-test-history-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", f->home, TRUE);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  remove_tree (f->home);
  g_free (f->home);
}

static void
test_save_and_list (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbResult) older = make_result ("2026-11-29T10:00:00Z", "CPU A", 2.0, 1.0);
  g_autoptr(FsbResult) newer = make_result ("2026-11-30T10:00:00Z", "CPU B", 3.0, 4.0);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = fsb_history_dir ();
  g_autofree char *p1 = NULL;
  g_autofree char *p2 = NULL;
  g_autoptr(GPtrArray) entries = NULL;

  g_assert_true (g_str_has_prefix (dir, f->home));
  p1 = fsb_history_save (older, &error);
  g_assert_no_error (error);
  p2 = fsb_history_save (newer, &error);
  g_assert_no_error (error);
  /* Saved the same second: the second file does not overwrite the first. */
  g_assert_cmpstr (p1, !=, p2);

  entries = fsb_history_list (NULL);
  g_assert_cmpuint (entries->len, ==, 2);
  for (guint i = 0; i < entries->len; i++)
    {
      FsbHistoryEntry *e = g_ptr_array_index (entries, i);
      g_assert_nonnull (e->result);
      g_assert_null (e->problem);
    }
}

static void
test_corrupt_file (Fixture *f, gconstpointer data)
{
  g_autofree char *bad = g_build_filename (f->home, "broken.json", NULL);
  g_autofree char *dir = fsb_history_dir ();
  g_autofree char *in_history = g_build_filename (dir, "20261130-000000-run.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *imported = NULL;
  FsbHistoryEntry *e;

  g_assert_true (g_file_set_contents (bad, "{\"schema\": \"fsbench-result/1\", \"filesystems\": [", -1, NULL));
  imported = fsb_history_import (bad, &error);
  g_assert_null (imported);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "broken.json"));

  /* A damaged file already in the history is listed with its problem. */
  g_assert_true (g_file_set_contents (in_history, "not json", -1, NULL));
  entries = fsb_history_list (NULL);
  g_assert_cmpuint (entries->len, ==, 1);
  e = g_ptr_array_index (entries, 0);
  g_assert_null (e->result);
  g_assert_nonnull (e->problem);
  g_assert_nonnull (strstr (e->problem, "20261130-000000-run.json"));
}

static void
test_import (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbResult) other = make_result ("2026-11-28T08:00:00Z", "Other machine", 1.5, 2.5);
  g_autofree char *path = g_build_filename (f->home, "other.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *imported = NULL;
  g_autoptr(FsbResult) back = NULL;

  g_assert_true (fsb_result_save (other, path, &error));
  imported = fsb_history_import (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (imported);
  back = fsb_result_load (imported, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->machine.cpu_model, ==, "Other machine");
}

static void
test_merge (Fixture *f, gconstpointer data)
{
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_result_unref);
  const char *labels[] = { "run A", "run B", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) merged = NULL;
  FsbFsResult *fs;
  FsbStats stats;

  g_ptr_array_add (runs, make_result ("2026-11-29T10:00:00Z", "CPU A", 2.0, 1.0));
  g_ptr_array_add (runs, make_result ("2026-11-30T10:00:00Z", "CPU B", 3.0, 4.0));
  merged = fsb_history_merge (runs, labels, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (merged->filesystems->len, ==, 4);
  fs = g_ptr_array_index (merged->filesystems, 3);
  g_assert_cmpstr (fs->name, ==, "XFS · run B");
  g_assert_true (fsb_task_result_stats (fsb_fs_result_get_task (fs, "big-copy-in", FALSE), "wall_s", &stats));
  g_assert_cmpfloat (stats.median, ==, 4.0);
  /* The runs themselves are untouched. */
  g_assert_cmpstr (((FsbFsResult *) g_ptr_array_index (((FsbResult *) runs->pdata[0])->filesystems, 0))->name, ==, "ext4");
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/history/save-and-list", Fixture, NULL, fixture_set_up, test_save_and_list, fixture_tear_down);
  g_test_add ("/history/corrupt-file", Fixture, NULL, fixture_set_up, test_corrupt_file, fixture_tear_down);
  g_test_add ("/history/import", Fixture, NULL, fixture_set_up, test_import, fixture_tear_down);
  g_test_add ("/history/merge", Fixture, NULL, fixture_set_up, test_merge, fixture_tear_down);
  return g_test_run ();
}
