/* test-safety.c: the safety group's judge of a power-cut state, on a plain
 * folder: what the writer left is all whole; an acknowledged file damaged,
 * cut short or deleted counts as lost; bytes no version had count as
 * garbage; a file not yet durable cut short counts as partial; and the
 * checkers tell a clean image from a damaged one */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-safety.h"
#include "fsb-test-assert.h"

typedef struct {
  char         *dir;
  FsbSafetyLog *log;
  FsbSafetyCut *cut;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL;
  FsbRng rng;

  f->dir = g_dir_make_tmp ("fsbench-test-safety-XXXXXX", &error);
  g_assert_no_error (error);
  folder = g_build_filename (f->dir, "safety", NULL);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  f->log = fsb_safety_log_new (folder, 7, 40, 100, 5000);
  fsb_rng_init (&rng, 11);
  for (guint i = 0; i < 200; i++)
    {
      fsb_assert_ok (fsb_safety_log_step (f->log, &rng, NULL, &error), error);
    }
  fsb_safety_log_close (f->log);
  f->cut = fsb_safety_cut_begin (f->log);
  fsb_safety_cut_end (f->log, f->cut);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", f->dir);

  fsb_safety_cut_free (f->cut);
  fsb_safety_log_free (f->log);
  g_assert_cmpint (system (cmd), ==, 0);
  g_free (f->dir);
}

static FsbSafetyCounts
verify (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  FsbSafetyCounts c;

  fsb_assert_ok (fsb_safety_verify (f->log, f->cut, f->dir, "safety", &c, &error), error);
  return c;
}

static char *
file_path (Fixture *f, guint i)
{
  g_autofree char *name = fsb_safety_file_name (i);

  return g_build_filename (f->dir, "safety", name, NULL);
}

/* The first acknowledged file, and one that is not. */
static guint
acked_file (Fixture *f, gboolean acked)
{
  g_autoptr(GArray) list = fsb_safety_cut_acked (f->cut);

  for (guint i = 0; i < 40; i++)
    {
      gboolean in = FALSE;

      for (guint k = 0; k < list->len; k++)
        in |= g_array_index (list, guint, k) == i;
      if (in == acked)
        return i;
    }
  g_assert_not_reached ();
}

static void
test_intact (Fixture *f, gconstpointer data)
{
  FsbSafetyCounts c = verify (f);

  g_assert_cmpuint (c.acked, >, 0);
  g_assert_cmpuint (c.acked_lost, ==, 0);
  g_assert_cmpuint (c.garbage, ==, 0);
  g_assert_cmpuint (c.partial, ==, 0);
  /* the live folder: every file is its newest version */
  g_assert_cmpuint (c.acked + c.whole, ==, 40);
}

static void
flip_byte (const char *path, gsize at)
{
  g_autofree char *data = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_cmpuint (at, <, len);
  data[at] ^= 0x20;
  g_assert_true (g_file_set_contents (path, data, len, NULL));
}

static void
test_acked_damaged (Fixture *f, gconstpointer data)
{
  g_autofree char *path = file_path (f, acked_file (f, TRUE));
  FsbSafetyCounts c;

  flip_byte (path, 50);
  c = verify (f);
  g_assert_cmpuint (c.acked_lost, ==, 1);
}

static void
test_acked_deleted_or_cut (Fixture *f, gconstpointer data)
{
  g_autoptr(GArray) list = fsb_safety_cut_acked (f->cut);
  g_autofree char *first = NULL, *second = NULL;
  FsbSafetyCounts c;

  g_assert_cmpuint (list->len, >=, 2);
  first = file_path (f, g_array_index (list, guint, 0));
  second = file_path (f, g_array_index (list, guint, 1));
  g_assert_cmpint (g_unlink (first), ==, 0);
  g_assert_cmpint (truncate (second, 10), ==, 0);
  c = verify (f);
  g_assert_cmpuint (c.acked_lost, ==, 2);
}

static void
test_unacked (Fixture *f, gconstpointer data)
{
  guint i = acked_file (f, FALSE);
  g_autofree char *path = file_path (f, i);
  FsbSafetyCounts before = verify (f), c;

  g_assert_cmpint (truncate (path, 10), ==, 0);
  c = verify (f);
  g_assert_cmpuint (c.partial, ==, 1);
  g_assert_cmpuint (c.whole, ==, before.whole - 1);

  flip_byte (path, 5);
  c = verify (f);
  g_assert_cmpuint (c.garbage, ==, 1);

  g_assert_cmpint (truncate (path, 0), ==, 0);
  c = verify (f);
  g_assert_cmpuint (c.absent, ==, before.absent + 1);
  g_assert_cmpuint (c.acked_lost, ==, 0);
}

/* e2fsck -fn finds a clean new filesystem clean, and one whose
 * superblock miscounts its free inodes not. */
static void
test_checker (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("fsbench-test-safety-XXXXXX", &error);
  g_autofree char *image = g_build_filename (dir, "ext4.img", NULL);
  g_autofree char *mkfs = g_find_program_in_path ("mkfs.ext4");
  g_autofree char *cmd = NULL;
  gboolean clean = FALSE;
  double seconds = -1;
  FILE *fp;

  if (mkfs == NULL && g_file_test ("/usr/sbin/mkfs.ext4", G_FILE_TEST_IS_EXECUTABLE))
    mkfs = g_strdup ("/usr/sbin/mkfs.ext4");
  if (mkfs == NULL)
    {
      g_test_skip ("no mkfs.ext4");
      g_rmdir (dir);
      return;
    }
  cmd = g_strdup_printf ("truncate -s 64M '%s' && '%s' -q -F '%s'", image, mkfs, image);
  g_assert_cmpint (system (cmd), ==, 0);
  fsb_assert_ok (fsb_safety_check_image ("ext4", image, &clean, &seconds, NULL, &error), error);
  g_assert_true (clean);
  g_assert_cmpfloat (seconds, >=, 0);

  /* s_free_inodes_count, at 16 bytes into the superblock (1024) */
  fp = fopen (image, "r+b");
  g_assert_nonnull (fp);
  g_assert_cmpint (fseek (fp, 1024 + 16, SEEK_SET), ==, 0);
  g_assert_cmpuint (fwrite ("\xff\xff\x00\x00", 1, 4, fp), ==, 4);
  fclose (fp);
  fsb_assert_ok (fsb_safety_check_image ("ext4", image, &clean, &seconds, NULL, &error), error);
  g_assert_false (clean);

  g_assert_false (fsb_safety_check_image ("vfat", image, &clean, &seconds, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED);
  g_unlink (image);
  g_rmdir (dir);
}

/* A copy is mounted read-only with the contender's own options: an "rw"
 * among them does not undo the "ro". */
static void
test_copy_options (void)
{
  g_autofree char *none = fsb_safety_copy_options (NULL);
  g_autofree char *noatime = fsb_safety_copy_options ("noatime");
  g_autofree char *rw = fsb_safety_copy_options ("rw,noatime,commit=60,ro");

  g_assert_cmpstr (none, ==, "ro");
  g_assert_cmpstr (noatime, ==, "ro,noatime");
  g_assert_cmpstr (rw, ==, "ro,noatime,commit=60");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, fn) g_test_add (name, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/safety/verify/intact", test_intact);
  ADD ("/safety/verify/acked-damaged", test_acked_damaged);
  ADD ("/safety/verify/acked-deleted-or-cut", test_acked_deleted_or_cut);
  ADD ("/safety/verify/unacked", test_unacked);
#undef ADD
  g_test_add_func ("/safety/checker/ext4", test_checker);
  g_test_add_func ("/safety/copy-options", test_copy_options);
  return g_test_run ();
}
