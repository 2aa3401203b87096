/* test-history.c: the window's history store: save, list, import, merge */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "fsb-engine.h"
#include "fsb-error.h"
#include "fsb-history.h"
#include "fsb-history-private.h"
#include "fsb-stats.h"
#include "fsb-test-assert.h"

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

/* The data folder of every test: GLib reads XDG_DATA_HOME once, at the
 * first g_get_user_data_dir (), so it is set once, before any test; each
 * test's history is removed after it. */
static char *test_home;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->home = g_strdup (test_home);
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
  g_autofree char *ours = g_build_filename (f->home, "fsbench", NULL);

  remove_tree (ours);
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
      g_assert_nonnull (e->summary);
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
  g_assert_null (e->summary);
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
  g_assert_true (fsb_task_result_stats (NULL, fsb_fs_result_get_task (fs, "big-copy-in", FALSE), "wall_s", &stats));
  g_assert_cmpfloat (stats.median, ==, 4.0);
  /* The runs themselves are untouched. */
  g_assert_cmpstr (((FsbFsResult *) g_ptr_array_index (((FsbResult *) runs->pdata[0])->filesystems, 0))->name, ==, "ext4");
}

/* The index --------------------------------------------------------------- */

/* Lists the history; *n_read: how many files the listing read. */
static GPtrArray *
list_counting (guint *n_read)
{
  guint before = fsb_history_files_read ();
  GPtrArray *entries = fsb_history_list (NULL);

  *n_read = fsb_history_files_read () - before;
  return entries;
}

/* Each entry's description, one a line: what the list shows. */
static char *
describe_all (GPtrArray *entries)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < entries->len; i++)
    {
      FsbHistoryEntry *e = g_ptr_array_index (entries, i);
      g_autofree char *line = e->summary != NULL ? fsb_history_describe (e->summary) : g_strdup (e->problem);

      g_string_append_printf (text, "%s %s\n", e->path, line);
    }
  return g_string_free (text, FALSE);
}

static char *
index_path (void)
{
  g_autofree char *dir = fsb_history_dir ();

  return g_build_filename (dir, FSB_HISTORY_INDEX_NAME, NULL);
}

/* Three runs saved in the history, and listed once; their paths. */
static GStrv
save_three (char **described)
{
  g_autoptr(GStrvBuilder) paths = g_strv_builder_new ();
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *dir = fsb_history_dir ();
  guint n_read = 0;

  /* GLib keeps the first test's data folder for the whole program */
  remove_tree (dir);
  g_free (fsb_history_dir ());
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *cpu = g_strdup_printf ("CPU %u", i);
      g_autoptr(FsbResult) r = make_result ("2026-11-29T10:00:00Z", cpu, 2.0 + i, 1.0);
      g_autoptr(GError) error = NULL;
      g_autofree char *path = NULL;

      fsb_result_add_pace (r, "mkfs", 1.0, 2.0 + i);
      path = fsb_history_save (r, &error);
      g_assert_no_error (error);
      g_strv_builder_add (paths, path);
    }
  /* a run saved in the history is in the index at once */
  entries = list_counting (&n_read);
  g_assert_cmpuint (n_read, ==, 0);
  g_assert_cmpuint (entries->len, ==, 3);
  g_assert_true (g_file_test (((FsbHistoryEntry *) entries->pdata[0])->path, G_FILE_TEST_IS_REGULAR));
  *described = describe_all (entries);
  return g_strv_builder_end (paths);
}

static void
test_index_reused (Fixture *f, gconstpointer data)
{
  g_autofree char *described = NULL, *again = NULL, *changed = NULL, *index = index_path ();
  g_auto(GStrv) paths = save_three (&described);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(FsbResult) other = make_result ("2026-11-30T11:00:00Z", "Another CPU", 9.0, 9.0);
  g_autoptr(GError) error = NULL;
  FsbHistoryEntry *e;
  guint n_read = 0;

  g_assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));
  /* Unchanged files: every summary from the index, none read. */
  entries = list_counting (&n_read);
  g_assert_cmpuint (n_read, ==, 0);
  again = describe_all (entries);
  g_assert_cmpstr (again, ==, described);
  e = g_ptr_array_index (entries, 0);
  g_assert_nonnull (e->summary);
  g_assert_cmpuint (e->summary->filesystems->len, ==, 2);
  g_assert_cmpuint (((FsbFsResult *) e->summary->filesystems->pdata[0])->tasks->len, ==, 0);
  g_assert_true (e->summary->complete);
  g_assert_cmpstr (e->summary->created, ==, "2026-11-29T10:00:00Z");
  g_assert_cmpfloat (fsb_result_pace_overall (e->summary), >, 1.0);
  g_clear_pointer (&entries, g_ptr_array_unref);

  /* One file changed (saved again: another inode, size and time): it alone is read. */
  fsb_assert_ok (fsb_result_save (other, paths[1], &error), error);
  entries = list_counting (&n_read);
  g_assert_cmpuint (n_read, ==, 1);
  changed = describe_all (entries);
  g_assert_nonnull (strstr (changed, "Another CPU"));
  g_assert_null (strstr (changed, "CPU 1"));
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = list_counting (&n_read);
  g_assert_cmpuint (n_read, ==, 0);
  g_clear_pointer (&entries, g_ptr_array_unref);

  /* A run put there by hand (a copy, a backup restored) is read once, then indexed. */
  {
    g_autofree char *dir = fsb_history_dir ();
    g_autofree char *copied = g_build_filename (dir, "20261130-120000-run.json", NULL);

    g_assert_true (fsb_result_save (other, copied, &error));
    entries = list_counting (&n_read);
    g_assert_cmpuint (n_read, ==, 1);
    g_assert_cmpuint (entries->len, ==, 4);
    g_clear_pointer (&entries, g_ptr_array_unref);
    entries = list_counting (&n_read);
    g_assert_cmpuint (n_read, ==, 0);
  }
}

static void
test_index_removed (Fixture *f, gconstpointer data)
{
  g_autofree char *described = NULL, *index = index_path (), *text = NULL, *base = NULL;
  g_auto(GStrv) paths = save_three (&described);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  guint n_read = 0;

  g_assert_true (fsb_history_delete (paths[0], &error));
  entries = list_counting (&n_read);
  g_assert_cmpuint (n_read, ==, 0);
  g_assert_cmpuint (entries->len, ==, 2);
  for (guint i = 0; i < entries->len; i++)
    g_assert_cmpstr (((FsbHistoryEntry *) entries->pdata[i])->path, !=, paths[0]);
  /* and the index forgets it */
  base = g_path_get_basename (paths[0]);
  g_assert_true (g_file_get_contents (index, &text, NULL, NULL));
  g_assert_null (strstr (text, base));
  g_assert_nonnull (strstr (text, "fsbench-history-index/1"));
}

/* Every damaged index: the runs are all listed as they are, the damaged
 * lines' files read again, and the index written whole again. */
static void
check_rebuilt (const char *index, const char *contents, const char *described, guint expect_read)
{
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *listed = NULL;
  guint n_read = 0;

  g_assert_true (g_file_set_contents (index, contents, -1, NULL));
  entries = list_counting (&n_read);
  listed = describe_all (entries);
  g_assert_cmpstr (listed, ==, described);
  g_assert_cmpuint (n_read, ==, expect_read);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = list_counting (&n_read);
  g_assert_cmpuint (n_read, ==, 0);
}

static char *
replace_once (const char *text, const char *old, const char *new)
{
  const char *at = strstr (text, old);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, new, at + strlen (old));
}

static void
test_index_corrupt (Fixture *f, gconstpointer data)
{
  g_autofree char *described = NULL, *index = index_path (), *good = NULL;
  g_auto(GStrv) paths = save_three (&described);
  g_autofree char *first = g_path_get_basename (paths[0]);
  g_autofree char *big = NULL;
  const struct { const char *old, *new; } hostile[] = {
    { "\"name\":\"ext4\"", "\"name\":\"../ext4\"" },          /* fails the result's checks */
    { "\"name\":\"ext4\"", "\"name\":\"ext4\",\"x\":-0" },      /* refused before json-glib */
    { "\"size\":", "\"size\":1," },                            /* not the file as it is */
    { "\"mtime_ns\":", "\"mtime_ns\":0.5,\"y\":" },            /* a time that is no integer */
    { "\"tasks\":[]", "\"tasks\":[{\"id\":\"mkfs\",\"samples\":[]}]" },   /* not a summary */
    { "\"summary\":{", "\"summary\":7,\"z\":{" },
  };

  g_assert_true (g_file_get_contents (index, &good, NULL, NULL));
  g_assert_nonnull (strstr (good, first));
  check_rebuilt (index, "not json at all", described, 3);
  check_rebuilt (index, "", described, 3);
  check_rebuilt (index, "{\"schema\":\"fsbench-history-index/999\"}\n", described, 3);
  check_rebuilt (index, "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", described, 3);
  /* truncated: the last run's line is cut */
  big = g_strndup (good, strlen (good) - 10);
  check_rebuilt (index, big, described, 1);
  g_clear_pointer (&big, g_free);
  /* a line for another file, twice the same file, a line of garbage */
  big = g_strconcat (good, "{\"file\":\"19990101-000000-run.json\",\"size\":1}\n", "\x01\xff\n",
                     strchr (good, '\n') + 1, NULL);
  check_rebuilt (index, big, described, 0);
  g_clear_pointer (&big, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      /* the first run's line made hostile, the others kept */
      g_autofree char *line = replace_once (strchr (good, '\n') + 1, hostile[i].old, hostile[i].new);
      g_autofree char *head = g_strndup (good, (gsize) (strchr (good, '\n') + 1 - good));
      g_autofree char *text = g_strconcat (head, line, NULL);

      check_rebuilt (index, text, described, 1);
    }
  /* an index too long for a line is not read into memory whole */
  big = g_strnfill (17 * 1024 * 1024, 'x');
  check_rebuilt (index, big, described, 3);
  g_clear_pointer (&big, g_free);

  /* a run saved after an index cut short: the cut run and the new one are read again */
  {
    g_autoptr(FsbResult) r = make_result ("2026-11-30T12:00:00Z", "CPU N", 1.0, 1.0);
    g_autoptr(GPtrArray) entries = NULL;
    g_autofree char *saved = NULL;
    guint n_read = 0;

    big = g_strndup (good, strlen (good) - 10);
    g_assert_true (g_file_set_contents (index, big, -1, NULL));
    saved = fsb_history_save (r, NULL);
    g_assert_nonnull (saved);
    entries = list_counting (&n_read);
    g_assert_cmpuint (entries->len, ==, 4);
    g_assert_cmpuint (n_read, ==, 2);
    g_clear_pointer (&entries, g_ptr_array_unref);
    entries = list_counting (&n_read);
    g_assert_cmpuint (n_read, ==, 0);
  }
}

static void
test_index_unreadable_run (Fixture *f, gconstpointer data)
{
  g_autofree char *described = NULL, *index = index_path ();
  g_auto(GStrv) paths = save_three (&described);
  g_autofree char *dir = fsb_history_dir ();
  g_autofree char *bad = g_build_filename (dir, "20991231-000000-run.json", NULL);
  GStatBuf before, after;
  guint n_read = 0;

  g_assert_true (g_file_set_contents (bad, "{\"schema\": 1", -1, NULL));
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GPtrArray) entries = list_counting (&n_read);
      FsbHistoryEntry *e = g_ptr_array_index (entries, 0);

      /* not indexed: its reason is said again, in the words of the day */
      g_assert_cmpuint (n_read, ==, 1);
      g_assert_cmpuint (entries->len, ==, 4);
      g_assert_null (e->summary);
      g_assert_nonnull (strstr (e->problem, "20991231-000000-run.json"));
      if (i == 0)
        g_assert_cmpint (g_stat (index, &before), ==, 0);
    }
  /* and the index is not written again for it */
  g_assert_cmpint (g_stat (index, &after), ==, 0);
  g_assert_cmpuint (before.st_ino, ==, after.st_ino);
}

static gpointer
list_thread (gpointer data)
{
  for (guint i = 0; i < 20; i++)
    {
      g_autoptr(GPtrArray) entries = fsb_history_list (NULL);

      g_assert_cmpuint (entries->len, ==, 3);
      for (guint j = 0; j < entries->len; j++)
        g_assert_nonnull (((FsbHistoryEntry *) entries->pdata[j])->summary);
      /* a run saved again as the other lists: one index wins, both are whole */
      if (data != NULL && i % 4 == 0)
        {
          g_autoptr(FsbResult) r = make_result ("2026-11-30T11:00:00Z", "CPU X", 1.0 + i, 1.0);
          g_assert_true (fsb_result_save (r, data, NULL));
        }
    }
  return NULL;
}

static void
test_index_concurrent (Fixture *f, gconstpointer data)
{
  g_autofree char *described = NULL;
  g_auto(GStrv) paths = save_three (&described);
  GThread *a = g_thread_new ("lister-a", list_thread, paths[0]);
  GThread *b = g_thread_new ("lister-b", list_thread, NULL);
  g_autoptr(GPtrArray) entries = NULL;
  guint n_read = 0;

  g_thread_join (a);
  g_thread_join (b);
  entries = list_counting (&n_read);
  g_assert_cmpuint (entries->len, ==, 3);
  g_assert_cmpuint (n_read, <=, 1);
  g_clear_pointer (&entries, g_ptr_array_unref);
  entries = list_counting (&n_read);
  g_assert_cmpuint (n_read, ==, 0);
}

static void
loaded_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (res);
}

static GPtrArray *
load_runs (const char *const *paths, GError **error)
{
  g_autoptr(GAsyncResult) res = NULL;

  fsb_history_load_async (paths, NULL, loaded_cb, &res);
  while (res == NULL)
    g_main_context_iteration (NULL, TRUE);
  return fsb_history_load_finish (res, error);
}

static void
test_load_whole (Fixture *f, gconstpointer data)
{
  g_autofree char *described = NULL;
  g_auto(GStrv) paths = save_three (&described);
  g_autoptr(GPtrArray) runs = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *gone = g_strconcat (paths[0], ".gone.json", NULL);
  const char *with_missing[] = { paths[1], gone, NULL };
  FsbFsResult *fs;

  runs = load_runs ((const char *const *) paths, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (runs->len, ==, 3);
  fs = g_ptr_array_index (((FsbResult *) runs->pdata[2])->filesystems, 0);
  g_assert_cmpstr (((FsbResult *) runs->pdata[2])->machine.cpu_model, ==, "CPU 2");
  g_assert_cmpuint (fsb_fs_result_get_task (fs, "big-copy-in", FALSE)->samples->len, ==, 1);
  g_clear_pointer (&runs, g_ptr_array_unref);

  runs = load_runs (with_missing, &error);
  g_assert_null (runs);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, ".gone.json"));
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  test_home = g_dir_make_tmp ("fsbench-test-history-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", test_home, TRUE);
  fsb_engine_init ();
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/history/save-and-list", Fixture, NULL, fixture_set_up, test_save_and_list, fixture_tear_down);
  g_test_add ("/history/corrupt-file", Fixture, NULL, fixture_set_up, test_corrupt_file, fixture_tear_down);
  g_test_add ("/history/import", Fixture, NULL, fixture_set_up, test_import, fixture_tear_down);
  g_test_add ("/history/merge", Fixture, NULL, fixture_set_up, test_merge, fixture_tear_down);
  g_test_add ("/history/index/reused", Fixture, NULL, fixture_set_up, test_index_reused, fixture_tear_down);
  g_test_add ("/history/index/removed", Fixture, NULL, fixture_set_up, test_index_removed, fixture_tear_down);
  g_test_add ("/history/index/corrupt", Fixture, NULL, fixture_set_up, test_index_corrupt, fixture_tear_down);
  g_test_add ("/history/index/unreadable-run", Fixture, NULL, fixture_set_up, test_index_unreadable_run,
              fixture_tear_down);
  g_test_add ("/history/index/concurrent", Fixture, NULL, fixture_set_up, test_index_concurrent, fixture_tear_down);
  g_test_add ("/history/load-whole", Fixture, NULL, fixture_set_up, test_load_whole, fixture_tear_down);
  status = g_test_run ();
  remove_tree (test_home);
  g_free (test_home);
  return status;
}
