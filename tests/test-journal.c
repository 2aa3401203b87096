/* test-journal.c: the result a run writes after every task (fsb-result-journal.c) */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>
#include <sys/stat.h>

#include "fsb-engine.h"
#include "fsb-error.h"
#include "fsb-result.h"
#include "fsb-test-assert.h"

static void
add_sample (FsbResult *r, const char *fs_name, const char *task_id, double wall)
{
  FsbFsResult *fs = fsb_result_find_filesystem (r, fs_name);
  FsbTaskResult *task;
  FsbSample *s = fsb_sample_new ();

  if (fs == NULL)
    fs = fsb_result_add_filesystem (r, fs_name);
  task = fsb_fs_result_get_task (fs, task_id, TRUE);
  fsb_sample_set (s, "wall_s", wall);
  fsb_sample_set (s, "cpu_percent", 12.5);
  g_ptr_array_add (task->samples, s);
}

static FsbResult *
new_result (void)
{
  FsbResult *r = fsb_result_new ();

  r->machine.cpu_model = g_strdup ("Intel Celeron 533");
  r->machine.cores = 2;
  r->machine.kernel = g_strdup ("6.1.0");
  r->target.kind = g_strdup ("image");
  r->profile = g_strdup ("quick");
  r->repetitions = 3;
  fsb_result_add_filesystem (r, "ext4");
  fsb_result_add_filesystem (r, "xfs");
  return r;
}

static char *
temp_path (char **dir)
{
  *dir = g_dir_make_tmp ("fsbench-journal-XXXXXX", NULL);
  g_assert_nonnull (*dir);
  return g_build_filename (*dir, "r.json", NULL);
}

static guint64
file_size (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return (guint64) st.st_size;
}

/* The same inode: the file was appended to, not written anew. */
static guint64
file_inode (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return (guint64) st.st_ino;
}

static void
assert_same_result (FsbResult *a, FsbResult *b)
{
  g_autofree char *ja = fsb_result_to_data (a, NULL);
  g_autofree char *jb = fsb_result_to_data (b, NULL);

  g_assert_cmpstr (ja, ==, jb);
}

static void
remove_all (const char *dir, const char *path)
{
  g_unlink (path);
  g_rmdir (dir);
}

/* Saved after each task, it reads back as the whole result; each save adds
 * that task's line only. */
static void
test_round_trip (void)
{
  g_autoptr(FsbResult) r = new_result ();
  g_autoptr(FsbResultJournal) j = NULL;
  g_autoptr(FsbResult) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *path = temp_path (&dir);
  guint64 before, after_one, after_round, inode;

  j = fsb_result_journal_new (path);
  add_sample (r, "ext4", "mkfs", 0.5);
  fsb_assert_ok (fsb_result_journal_write (j, r, &error), error);
  before = file_size (path);
  inode = file_inode (path);

  /* a task's new sample: one line appended, of about that sample's size */
  add_sample (r, "ext4", "big-copy-in", 1.25);
  g_assert_true (fsb_result_journal_write (j, r, &error));
  after_one = file_size (path);
  g_assert_cmpuint (after_one - before, <, 120);
  g_assert_cmpuint (file_inode (path), ==, inode);

  /* nothing new: nothing written */
  g_assert_true (fsb_result_journal_write (j, r, &error));
  g_assert_cmpuint (file_size (path), ==, after_one);

  /* a second round, a header that changed (an error on xfs) */
  add_sample (r, "xfs", "mkfs", 0.75);
  add_sample (r, "ext4", "big-copy-in", 1.5);
  fsb_result_find_filesystem (r, "xfs")->error = g_strdup ("mount failed");
  fsb_assert_ok (fsb_result_journal_write (j, r, &error), error);
  after_round = file_size (path);
  g_assert_cmpuint (after_round, >, after_one);
  g_assert_cmpuint (file_inode (path), ==, inode);

  back = fsb_result_load (path, &error);
  g_assert_no_error (error);
  assert_same_result (r, back);
  g_assert_cmpuint (fsb_fs_result_get_task (fsb_result_find_filesystem (back, "ext4"), "big-copy-in",
                                            FALSE)->samples->len, ==, 2);
  g_assert_cmpstr (fsb_result_find_filesystem (back, "xfs")->error, ==, "mount failed");
  remove_all (dir, path);
}

/* A run killed in the middle of a line: what came before is the result. */
static void
test_cut_short (void)
{
  g_autoptr(FsbResult) r = new_result ();
  g_autoptr(FsbResultJournal) j = NULL;
  g_autoptr(FsbResult) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *path = temp_path (&dir);
  g_autofree char *data = NULL;
  gsize len = 0;

  j = fsb_result_journal_new (path);
  add_sample (r, "ext4", "mkfs", 0.5);
  g_assert_true (fsb_result_journal_write (j, r, &error));
  add_sample (r, "xfs", "mkfs", 0.625);
  g_assert_true (fsb_result_journal_write (j, r, &error));
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  /* the last line, half written */
  g_assert_true (g_file_set_contents (path, data, (gssize) (len - 20), NULL));
  back = fsb_result_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fsb_fs_result_get_task (fsb_result_find_filesystem (back, "ext4"), "mkfs", FALSE));
  g_assert_null (fsb_fs_result_get_task (fsb_result_find_filesystem (back, "xfs"), "mkfs", FALSE));
  remove_all (dir, path);
}

/* Samples taken back (a task measured again from scratch): the journal
 * starts over, and still reads back as the result. */
static void
test_start_over (void)
{
  g_autoptr(FsbResult) r = new_result ();
  g_autoptr(FsbResultJournal) j = NULL;
  g_autoptr(FsbResult) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *path = temp_path (&dir);
  FsbTaskResult *task;

  j = fsb_result_journal_new (path);
  add_sample (r, "ext4", "mkfs", 0.5);
  add_sample (r, "ext4", "mkfs", 0.5);
  g_assert_true (fsb_result_journal_write (j, r, &error));
  task = fsb_fs_result_get_task (fsb_result_find_filesystem (r, "ext4"), "mkfs", FALSE);
  g_ptr_array_set_size (task->samples, 1);
  fsb_assert_ok (fsb_result_journal_write (j, r, &error), error);
  back = fsb_result_load (path, &error);
  g_assert_no_error (error);
  assert_same_result (r, back);
  remove_all (dir, path);
}

static void
assert_journal_fails (const char *text, const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = fsb_result_load_from_data (text, -1, &error);

  g_assert_null (r);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  if (needle != NULL && strstr (error->message, needle) == NULL)
    g_error ("“%s” does not say “%s”", error->message, needle);
}

/* Hostile journals: refused with a reason, never a warning. */
static void
test_hostile (void)
{
#define HEADER "{\"fsbench_journal\":1,\"header\":{\"schema\":\"fsbench-result/1\",\"filesystems\":[{\"name\":\"ext4\"}]}}\n"
  assert_journal_fails ("{\"fsbench_journal\":1,\"task\":{}}\n{\"fs\":\"ext4\"}\n", "header");
  assert_journal_fails (HEADER "{\"fs\":\"btrfs\",\"task\":{\"id\":\"mkfs\",\"samples\":[]}}\n", "does not name");
  assert_journal_fails (HEADER "{\"fs\":\"ext4\",\"task\":{\"id\":\"mkfs\",\"samples\":7}}\n", "no samples");
  assert_journal_fails (HEADER "{\"fs\":3,\"task\":{\"id\":\"mkfs\",\"samples\":[]}}\n", "neither");
  assert_journal_fails (HEADER "[1]\n{\"fs\":\"ext4\",\"task\":{\"id\":\"mkfs\",\"samples\":[]}}\n", "top level");
  assert_journal_fails (HEADER "{\"fs\":\"ext4\",\"task\":{\"id\":\"mkfs\",\"samples\":[\n"
                        "{\"fs\":\"ext4\",\"task\":{\"id\":\"mkfs\",\"samples\":[]}}\n", "not valid JSON");
  /* the reader's own checks still apply to what the lines make */
  assert_journal_fails (HEADER "{\"fs\":\"ext4\",\"task\":{\"id\":\"mkfs\",\"samples\":[{\"wall_s\":-5}]}}\n", NULL);
  assert_journal_fails ("{\"fsbench_journal\":1,\"header\":{\"schema\":\"fsbench-result/9\",\"filesystems\":[]}}\n",
                        "fsbench-result/9");
#undef HEADER
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/journal/round-trip", test_round_trip);
  g_test_add_func ("/journal/cut-short", test_cut_short);
  g_test_add_func ("/journal/start-over", test_start_over);
  g_test_add_func ("/journal/hostile", test_hostile);
  return g_test_run ();
}
