/* test-workloads-photos.c: the photos group on a temporary folder: the
 * card is made once from a seed (the same bytes each time), the import
 * files every photo by its date with a thumbnail, browsing reads them all,
 * browsing alone imports first and says so, sizes the wrong way round and
 * a photo without a date are refused, and the group leaves nothing behind */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "fsb-catalog.h"
#include "fsb-error.h"
#include "fsb-test-assert.h"
#include "workloads-fixture.h"

#define N 6
#define MIN_BYTES 40000
#define MAX_BYTES 90000

static const FsbWorkloadGroup *
photos_group (Fixture *f)
{
  const FsbWorkloadGroup *g = fsb_catalog_group ("photos");

  g_assert_nonnull (g);
  sync_sizes (f);
  fsb_sizes_set (f->sizes, "photos", N);
  fsb_sizes_set (f->sizes, "photo-min-size", MIN_BYTES);
  fsb_sizes_set (f->sizes, "photo-max-size", MAX_BYTES);
  return g;
}

static char *
card_photo (const char *dataset, guint i)
{
  return g_strdup_printf ("%s/photos/card/IMG_%05u.JPG", dataset, i);
}

/* Every photo in the library, in YYYY/MM-DD, the same bytes as on the card. */
static guint
count_library (Fixture *f)
{
  g_autofree char *root = g_build_filename (f->mount, "photos", NULL);
  g_autoptr(GDir) years = g_dir_open (root, 0, NULL);
  const char *year;
  guint n = 0;

  g_assert_nonnull (years);
  while ((year = g_dir_read_name (years)) != NULL)
    {
      g_autofree char *ydir = g_build_filename (root, year, NULL);
      g_autoptr(GDir) days = NULL;
      const char *day;

      if (strcmp (year, "thumbnails") == 0)
        continue;
      g_assert_cmpuint (strlen (year), ==, 4);
      days = g_dir_open (ydir, 0, NULL);
      while ((day = g_dir_read_name (days)) != NULL)
        {
          g_autofree char *ddir = g_build_filename (ydir, day, NULL);
          g_autoptr(GDir) d = g_dir_open (ddir, 0, NULL);
          const char *name;

          g_assert_true (g_regex_match_simple ("^[01][0-9]-[0-3][0-9]$", day, 0, 0));
          while ((name = g_dir_read_name (d)) != NULL)
            {
              g_autofree char *path = g_build_filename (ddir, name, NULL);
              g_autofree char *orig = NULL, *a = NULL, *b = NULL;
              gsize la, lb;
              guint i;

              g_assert_cmpint (sscanf (name, "IMG_%05u.JPG", &i), ==, 1);
              orig = card_photo (f->source, i);
              g_assert_true (g_file_get_contents (path, &a, &la, NULL));
              g_assert_true (g_file_get_contents (orig, &b, &lb, NULL));
              g_assert_cmpmem (a, la, b, lb);
              n++;
            }
        }
    }
  return n;
}

static void
test_group (Fixture *f, gconstpointer data)
{
  const FsbWorkloadGroup *g = photos_group (f);
  g_autofree char *first = card_photo (f->source, 0);
  g_autofree char *last = card_photo (f->source, N - 1);
  g_autofree char *thumbs = g_build_filename (f->mount, "photos", "thumbnails", NULL);
  g_autofree char *root = g_build_filename (f->mount, "photos", NULL);
  g_autofree char *before = NULL, *other_first = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) m1 = NULL, m2 = NULL;
  gsize len;
  GStatBuf st1, st2;

  m1 = g->prepare_data (f->sizes, f->source, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (first, &before, &len, NULL));
  g_assert_cmpuint (len, >=, MIN_BYTES);
  g_assert_cmpuint (len, <=, MAX_BYTES);
  g_assert_cmpmem (before, 2, "\xff\xd8", 2);
  /* made again elsewhere from the same seed: the same bytes */
  {
    g_autofree char *other = g_build_filename (f->root, "other", NULL);
    g_autofree char *path = card_photo (other, 0);
    g_autoptr(JsonNode) m3 = g->prepare_data (f->sizes, other, NULL, &error);
    gsize olen;

    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (path, &other_first, &olen, NULL));
    g_assert_cmpmem (before, len, other_first, olen);
  }
  /* and kept as it is when asked again */
  g_assert_cmpint (g_stat (last, &st1), ==, 0);
  m2 = g->prepare_data (f->sizes, f->source, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (json_node_equal (m1, m2));
  g_assert_cmpint (g_stat (last, &st2), ==, 0);
  g_assert_cmpint (st1.st_ino, ==, st2.st_ino);

  for (guint t = 0; t < g->n_tasks; t++)
    {
      g_autoptr(FsbSample) s = fsb_sample_new ();

      fsb_assert_ok (g->tasks[t].run (&f->ctx, s, &error), error);
      /* the headline, the operation alone, read by the task itself */
      g_assert_cmpfloat (metric (s, g->tasks[t].metric), >, 0);
      g_assert_false (fsb_sample_get (s, "prepared_in_task", NULL));
      g_assert_cmpfloat (metric (s, "files"), ==, N);
      if (t == 0)
        {
          g_assert_cmpfloat (metric (s, "bytes"), >=, N * (MIN_BYTES + 12288.0));
          g_assert_cmpfloat (metric (s, "mb_per_s"), >, 0);
          g_assert_cmpuint (count_library (f), ==, N);
          g_assert_cmpuint (count_entries (thumbs), ==, N);
        }
      else
        /* every thumbnail read whole, nothing else */
        g_assert_cmpfloat (metric (s, "bytes"), >=, N * 12288.0);
    }
  g_assert_false (g_file_test (root, G_FILE_TEST_EXISTS));
}

static void
test_alone (Fixture *f, gconstpointer data)
{
  const FsbWorkloadGroup *g = photos_group (f);
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) m = g->prepare_data (f->sizes, f->source, NULL, &error);
  g_autofree char *root = g_build_filename (f->mount, "photos", NULL);

  g_assert_no_error (error);
  /* browsing alone imports first, untimed, and says so */
  fsb_assert_ok (fsb_workload_lookup ("photos-browse") (&f->ctx, s, &error), error);
  g_assert_cmpfloat (metric (s, "prepared_in_task"), ==, 1);
  g_assert_cmpfloat (metric (s, "files"), ==, N);
  g_assert_false (g_file_test (root, G_FILE_TEST_EXISTS));
}

static void
test_bad_input (Fixture *f, gconstpointer data)
{
  const FsbWorkloadGroup *g = photos_group (f);
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) m = NULL;
  g_autofree char *third = card_photo (f->source, 2);
  g_autofree char *dataset = g_build_filename (f->source, "photos", NULL);

  /* sizes the wrong way round: refused, and nothing made */
  fsb_sizes_set (f->sizes, "photo-min-size", MAX_BYTES + 1);
  g_assert_false (g->check_sizes (f->sizes, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "smallest photo"));
  g_assert_false (g_file_test (dataset, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  fsb_sizes_set (f->sizes, "photo-min-size", MIN_BYTES);
  g_assert_true (g->check_sizes (f->sizes, &error));

  /* a file on the card without a date: the import stops and says which */
  m = g->prepare_data (f->sizes, f->source, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (third, "not a photo at all", -1, NULL));
  g_assert_false (fsb_workload_lookup ("photos-import") (&f->ctx, s, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "IMG_00002.JPG"));
  g_assert_nonnull (strstr (error->message, "date"));
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  ADD ("/photos/group", test_group, NULL);
  ADD ("/photos/alone", test_alone, NULL);
  ADD ("/photos/bad-input", test_bad_input, NULL);
  return g_test_run ();
}
