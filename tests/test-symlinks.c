/* test-symlinks.c: a symbolic link planted where a folder was is never
 * followed, by the tree walkers or by the runner's scratch folder, nor one
 * where a report or its charts are written */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-engine.h"
#include "fsb-fileops.h"
#include "fsb-report.h"
#include "fsb-run-private.h"
#include "fsb-test-assert.h"

#define N_DIRS 8

typedef struct {
  char *tmp;
  char *tree;     /* tree/f, tree/d0 .. d7, each with a file */
  char *victim;   /* another user's folder, say, with secret.txt */
  char *secret;
  gboolean swapped;
} Fixture;

static void
write_file (const char *path, const char *text)
{
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->tmp = g_dir_make_tmp ("fsbench-symlinks-XXXXXX", NULL);
  f->tree = g_build_filename (f->tmp, "tree", NULL);
  f->victim = g_build_filename (f->tmp, "victim", NULL);
  f->secret = g_build_filename (f->victim, "secret.txt", NULL);
  g_assert_cmpint (g_mkdir (f->tree, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (f->victim, 0755), ==, 0);
  write_file (f->secret, "not yours");
  for (guint i = 0; i < N_DIRS; i++)
    {
      g_autofree char *dir = g_strdup_printf ("%s/d%u", f->tree, i);
      g_autofree char *file = g_strdup_printf ("%s/g%u", dir, i);

      g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
      write_file (file, "data");
    }
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", f->tmp);

  g_assert_cmpint (system (cmd), ==, 0);
  g_free (f->tmp);
  g_free (f->tree);
  g_free (f->victim);
  g_free (f->secret);
}

/* After the first file: every folder of the tree not yet entered becomes
 * a link to the victim, between the walker's readdir and its open. */
static void
swap_cb (guint64 done, guint64 total, gpointer user_data)
{
  Fixture *f = user_data;

  if (f->swapped)
    return;
  f->swapped = TRUE;
  for (guint i = 0; i < N_DIRS; i++)
    {
      g_autofree char *dir = g_strdup_printf ("%s/d%u", f->tree, i);
      g_autofree char *moved = g_strdup_printf ("%s/moved-d%u", f->tmp, i);

      if (g_rename (dir, moved) == 0)
        g_assert_cmpint (symlink (f->victim, dir), ==, 0);
    }
}

static guint
count_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
assert_victim_untouched (Fixture *f)
{
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (f->secret, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "not yours");
  g_assert_cmpuint (count_entries (f->victim), ==, 1);
}

static void
test_copy (Fixture *f, gconstpointer data)
{
  g_autofree char *dst = g_build_filename (f->tmp, "copy", NULL);
  g_autoptr(GError) error = NULL;
  FsbFileOps ops;
  gboolean ok;

  fsb_file_ops_init (&ops, NULL, swap_cb, f, 0);
  ok = fsb_copy_tree_at (&ops, AT_FDCWD, f->tree, AT_FDCWD, dst, &error);
  fsb_file_ops_clear (&ops);
  g_assert_true (f->swapped);
  /* the swapped folders are refused (ELOOP), not copied from the victim */
  g_assert_false (ok);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_FAILED);
  {
    g_autofree char *cmd = g_strdup_printf ("find '%s' -name secret.txt | grep -q .", dst);
    g_assert_cmpint (system (cmd), !=, 0);
  }
  assert_victim_untouched (f);
}

static void
test_remove (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  FsbFileOps ops;

  fsb_file_ops_init (&ops, NULL, swap_cb, f, 0);
  /* The folder being emptied may itself be the one swapped: removing its
   * name then fails (ENOTDIR), which is right; the link is never entered. */
  if (!fsb_remove_tree_at (&ops, AT_FDCWD, f->tree, &error))
    g_assert_error (error, FSB_ERROR, FSB_ERROR_FAILED);
  fsb_file_ops_clear (&ops);
  g_assert_true (f->swapped);
  assert_victim_untouched (f);
}

static void
test_find_and_list (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *listing = g_build_filename (f->tmp, "listing", NULL);
  g_autofree char *text = NULL;
  FsbFileOps ops;
  int out;

  /* a link that was there from the start is listed, never entered */
  {
    g_autofree char *link = g_build_filename (f->tree, "link", NULL);
    g_assert_cmpint (symlink (f->victim, link), ==, 0);
  }
  fsb_file_ops_init (&ops, NULL, NULL, NULL, 0);
  fsb_assert_ok (fsb_find_in_tree_at (&ops, AT_FDCWD, f->tree, "secret*", &error), error);
  g_assert_cmpuint (ops.files, ==, 0);
  fsb_file_ops_clear (&ops);

  out = open (listing, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  g_assert_cmpint (out, >=, 0);
  fsb_file_ops_init (&ops, NULL, swap_cb, f, 0);
  fsb_list_tree_at (&ops, AT_FDCWD, f->tree, out, NULL);
  fsb_file_ops_clear (&ops);
  close (out);
  g_assert_true (f->swapped);
  g_assert_true (g_file_get_contents (listing, &text, NULL, NULL));
  g_assert_null (strstr (text, "secret.txt"));
}

/* The runner's scratch folder (in /dev/shm, shared by every user) is made
 * once and emptied through its descriptor: a link inside is removed, not
 * followed, and the folder stays the same folder. */
static void
test_scratch (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;
  Run run = { 0 };
  struct stat before, after;
  g_autofree char *link = NULL, *sub = NULL, *file = NULL;

  g_setenv ("XDG_CACHE_HOME", f->tmp, TRUE);
  run.plan = plan;
  run.sizes = plan->sizes;
  run.scratch_fd = -1;
  fsb_assert_ok (fsb_run_make_scratch (&run, &error), error);
  g_assert_cmpint (g_stat (run.scratch_dir, &before), ==, 0);
  g_assert_cmpint (before.st_mode & 0777, ==, 0700);

  link = g_build_filename (run.scratch_dir, "kernel-out", NULL);
  sub = g_build_filename (run.scratch_dir, "sub", NULL);
  file = g_build_filename (sub, "g", NULL);
  g_assert_cmpint (symlink (f->victim, link), ==, 0);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  write_file (file, "x");
  fsb_run_empty_scratch (&run);
  g_assert_cmpint (g_lstat (run.scratch_dir, &after), ==, 0);
  g_assert_true (S_ISDIR (after.st_mode));
  g_assert_cmpuint (after.st_ino, ==, before.st_ino);
  g_assert_cmpuint (count_entries (run.scratch_dir), ==, 0);
  assert_victim_untouched (f);

  /* even were the name taken over, the folder emptied is ours */
  {
    g_autofree char *moved = g_strconcat (run.scratch_dir, ".ours", NULL);
    g_autofree char *inside = g_build_filename (moved, "left", NULL);

    g_assert_cmpint (g_rename (run.scratch_dir, moved), ==, 0);
    g_assert_cmpint (symlink (f->victim, run.scratch_dir), ==, 0);
    write_file (inside, "x");
    fsb_run_empty_scratch (&run);
    assert_victim_untouched (f);
    g_assert_cmpuint (count_entries (moved), ==, 0);
    g_assert_cmpint (g_unlink (run.scratch_dir), ==, 0);
    g_assert_cmpint (g_rename (moved, run.scratch_dir), ==, 0);
  }

  fsb_run_remove_scratch (&run);
  g_assert_false (g_file_test (run.scratch_dir, G_FILE_TEST_EXISTS));
  g_assert_cmpint (run.scratch_fd, ==, -1);
  assert_victim_untouched (f);
  g_free (run.scratch_dir);
}

/* The charts beside a Markdown report and the PDF were written through a
 * link in their place (r-cpu.png -> target.txt overwrote target.txt): each
 * is written beside as a file of its own, renamed over the link. */
static void
test_report_beside (Fixture *f, gconstpointer data)
{
  g_autofree char *fixture = g_test_build_filename (G_TEST_DIST, "data", "study.json", NULL);
  g_autofree char *md = g_build_filename (f->tmp, "r.md", NULL);
  g_autofree char *pdf = g_build_filename (f->tmp, "r.pdf", NULL);
  g_autofree char *dangling = g_build_filename (f->victim, "planted.png", NULL);
  const char *charts[] = { "r-cpu.png", "r-tree.png", "r-capacity.png" };
  g_autoptr(FsbResult) r = NULL;
  g_autoptr(GError) error = NULL;

  r = fsb_result_load (fixture, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      g_autofree char *link = g_build_filename (f->tmp, charts[i], NULL);
      /* a link to a file, and one to a file that does not exist yet */
      g_assert_cmpint (symlink (i == 1 ? dangling : f->secret, link), ==, 0);
    }
  g_assert_cmpint (symlink (f->secret, pdf), ==, 0);

  fsb_assert_ok (fsb_report_write (&r, NULL, 1, FSB_REPORT_MARKDOWN, NULL, md, &error), error);
  fsb_assert_ok (fsb_report_write (&r, NULL, 1, FSB_REPORT_PDF, NULL, pdf, &error), error);

  assert_victim_untouched (f);
  g_assert_false (g_file_test (dangling, G_FILE_TEST_EXISTS));
  for (guint i = 0; i <= G_N_ELEMENTS (charts); i++)
    {
      g_autofree char *path = i < G_N_ELEMENTS (charts) ? g_build_filename (f->tmp, charts[i], NULL) : g_strdup (pdf);
      g_autofree char *head = NULL;
      struct stat st;

      g_assert_cmpint (g_lstat (path, &st), ==, 0);
      g_assert_true (S_ISREG (st.st_mode));
      g_assert_true (g_file_get_contents (path, &head, NULL, NULL));
      g_assert_true (g_str_has_prefix (head, i < G_N_ELEMENTS (charts) ? "\x89PNG" : "%PDF"));
    }
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/symlinks/copy", test_copy);
  ADD ("/symlinks/remove", test_remove);
  ADD ("/symlinks/find-and-list", test_find_and_list);
  ADD ("/symlinks/scratch", test_scratch);
  ADD ("/symlinks/report-beside", test_report_beside);
  return g_test_run ();
}
