/* test-workloads-archive.c: the archive group on a temporary folder: the
 * archives are made once from the tree, unpacking gives the tree back
 * byte for byte, packing counts it all, the group leaves nothing behind,
 * and an archive that names a place outside the folder is refused */
#include "config.h"

#include <archive.h>
#include <archive_entry.h>
#include <glib/gstdio.h>
#include <string.h>

#include "fsb-catalog.h"
#include "fsb-dataset.h"
#include "fsb-test-assert.h"
#include "workloads-fixture.h"

static void
make_tree (Fixture *f)
{
  for (guint d = 0; d < 4; d++)
    for (guint i = 0; i < 6; i++)
      {
        g_autofree char *dir = g_strdup_printf ("%s/tree/d%u", f->source, d);
        g_autofree char *path = g_strdup_printf ("%s/f%u.txt", dir, i);
        g_autofree char *text = g_strdup_printf ("file %u of folder %u, %s", i, d, "data data data data");

        g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
        g_assert_true (g_file_set_contents (path, text, -1, NULL));
      }
  sync_sizes (f);
  fsb_sizes_set (f->sizes, FSB_SIZE_TREE_FILES, 24);
  fsb_sizes_set (f->sizes, FSB_SIZE_TREE_SIZE, 24 * 40);
}

static void
assert_same_file (const char *a, const char *b)
{
  g_autofree char *ca = NULL, *cb = NULL;
  gsize la, lb;

  g_assert_true (g_file_get_contents (a, &ca, &la, NULL));
  g_assert_true (g_file_get_contents (b, &cb, &lb, NULL));
  g_assert_cmpmem (ca, la, cb, lb);
}

static void
test_group (Fixture *f, gconstpointer data)
{
  const FsbWorkloadGroup *g = fsb_catalog_group ("archive");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) m1 = NULL, m2 = NULL;
  g_autofree char *tar = g_build_filename (f->source, "archive", "tree.tar", NULL);
  GStatBuf st1, st2;

  g_assert_nonnull (g);
  make_tree (f);
  m1 = g->prepare_data (f->sizes, f->source, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (tar, &st1), ==, 0);
  m2 = g->prepare_data (f->sizes, f->source, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (tar, &st2), ==, 0);
  g_assert_cmpint (st1.st_ino, ==, st2.st_ino);   /* kept, not made again */

  for (guint t = 0; t < g->n_tasks; t++)
    {
      g_autoptr(FsbSample) s = fsb_sample_new ();

      fsb_assert_ok (g->tasks[t].run (&f->ctx, s, &error), error);
      g_assert_cmpfloat (metric (s, "files"), ==, 24);
      g_assert_cmpfloat (metric (s, "files_per_s"), >, 0);
      g_assert_false (fsb_sample_get (s, "prepared_in_task", NULL));
      if (t < 2)
        {
          const char *into = t == 0 ? "plain" : "zstd";
          g_autofree char *a = g_build_filename (f->source, "tree", "d3", "f5.txt", NULL);
          g_autofree char *b = g_build_filename (f->mount, "archive", into, "tree", "d3", "f5.txt", NULL);

          assert_same_file (a, b);
        }
    }
  /* the last task takes its files away */
  {
    g_autofree char *dir = g_build_filename (f->mount, "archive", NULL);
    g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
  }
}

static void
hostile_tar (const char *path, const char *name)
{
  struct archive *w = archive_write_new ();
  struct archive_entry *e = archive_entry_new ();

  archive_write_set_format_pax_restricted (w);
  g_assert_cmpint (archive_write_open_filename (w, path), ==, ARCHIVE_OK);
  archive_entry_set_pathname (e, name);
  archive_entry_set_filetype (e, AE_IFREG);
  archive_entry_set_perm (e, 0644);
  archive_entry_set_size (e, 5);
  g_assert_cmpint (archive_write_header (w, e), ==, ARCHIVE_OK);
  g_assert_cmpint (archive_write_data (w, "evil\n", 5), ==, 5);
  archive_entry_free (e);
  archive_write_close (w);
  archive_write_free (w);
}

/* A tar someone put in the dataset folder that names "../" or "/": the
 * unpacking stops with a clear error and writes nothing out of its folder. */
static void
test_hostile (Fixture *f, gconstpointer data)
{
  g_autofree char *dir = g_build_filename (f->source, "archive", NULL);
  g_autofree char *tar = g_build_filename (dir, "tree.tar", NULL);
  g_autofree char *outside = g_build_filename (f->mount, "archive", "escape.txt", NULL);
  g_autofree char *abs = g_build_filename (f->root, "absolute.txt", NULL);
  const char *names[] = { "../escape.txt", "tree/../../escape.txt", abs };

  make_tree (f);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(FsbSample) s = fsb_sample_new ();
      g_autoptr(GError) error = NULL;

      hostile_tar (tar, names[i]);
      g_assert_false (fsb_workload_lookup ("archive-unpack") (&f->ctx, s, &error));
      g_assert_error (error, FSB_ERROR, FSB_ERROR_FAILED);
      g_assert_nonnull (strstr (error->message, "could not be handled"));
      g_assert_false (g_file_test (outside, G_FILE_TEST_EXISTS));
      g_assert_false (g_file_test (abs, G_FILE_TEST_EXISTS));
    }
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  ADD ("/archive/group", test_group, NULL);
  ADD ("/archive/hostile", test_hostile, NULL);
  return g_test_run ();
}
