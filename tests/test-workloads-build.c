/* test-workloads-build.c: the build group on a temporary folder: the
 * sources are made once from a seed, a full build writes an object for
 * every source, the incremental one changes and builds 5 %, clean deletes
 * the objects and the group leaves nothing behind */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "fsb-catalog.h"
#include "fsb-test-assert.h"
#include "workloads-fixture.h"

static guint
count_suffix (const char *dir, const char *suffix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);

      if (g_file_test (p, G_FILE_TEST_IS_DIR))
        n += count_suffix (p, suffix);
      else if (g_str_has_suffix (name, suffix))
        n++;
    }
  return n;
}

static void
test_group (Fixture *f, gconstpointer data)
{
  const FsbWorkloadGroup *g = fsb_catalog_group ("build");
  g_autofree char *root = g_build_filename (f->mount, "build", NULL);
  g_autofree char *src = g_build_filename (f->source, "build", "src", NULL);
  g_autofree char *unit = g_build_filename (root, "src", "m03", "unit00003.c", NULL);
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) m = NULL;

  g_assert_nonnull (g);
  sync_sizes (f);
  fsb_sizes_set (f->sizes, "build-files", 200);
  m = g->prepare_data (f->sizes, f->source, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (count_suffix (src, ".c"), ==, 200);
  fsb_assert_ok (g->tasks[0].setup (&f->ctx, NULL, &error), error);
  g_assert_true (g_file_get_contents (unit, &before, NULL, NULL));

  for (guint t = 0; t < g->n_tasks; t++)
    {
      g_autoptr(FsbSample) s = fsb_sample_new ();

      fsb_assert_ok (g->tasks[t].run (&f->ctx, s, &error), error);
      /* the headline, the operation alone, read by the task itself */
      g_assert_cmpfloat (metric (s, g->tasks[t].metric), >, 0);
      g_assert_false (fsb_sample_get (s, "prepared_in_task", NULL));
      if (t == 0)
        {
          g_assert_cmpfloat (metric (s, "files"), ==, 200);
          g_assert_cmpuint (count_suffix (root, ".o"), ==, 200);
        }
      else if (t == 1)
        {
          /* one source in 20, unit 3 not among them; unit 0 is */
          g_autofree char *edited = g_build_filename (root, "src", "m00", "unit00000.c", NULL);
          g_autofree char *orig = g_build_filename (src, "m00", "unit00000.c", NULL);
          g_autofree char *a = NULL, *b = NULL;

          g_assert_cmpfloat (metric (s, "files"), ==, 10);
          g_assert_true (g_file_get_contents (unit, &after, NULL, NULL));
          g_assert_cmpstr (before, ==, after);
          g_assert_true (g_file_get_contents (edited, &a, NULL, NULL));
          g_assert_true (g_file_get_contents (orig, &b, NULL, NULL));
          g_assert_cmpstr (a, !=, b);
        }
      else
        g_assert_cmpfloat (metric (s, "files"), ==, 200);
    }
  g_assert_false (g_file_test (root, G_FILE_TEST_EXISTS));
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  ADD ("/build/group", test_group, NULL);
  return g_test_run ();
}
