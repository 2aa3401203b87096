/* test-dataset.c: the generated source data is deterministic, incompressible and verified */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include "fsb-dataset.h"
#include "fsb-engine.h"
#include "fsb-catalog.h"
#include "fsb-test-assert.h"

static guint
count_entries (const char *path)
{
  g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* A tree small enough for a unit test, with the study's size mix. */
static FsbDatasetSpec
profile_spec (const char *name)
{
  g_autoptr(FsbSizes) sizes = fsb_profile_sizes (name);
  FsbDatasetSpec spec;

  fsb_dataset_spec_init (&spec, sizes);
  return spec;
}

static FsbDatasetSpec
tiny_profile (void)
{
  FsbDatasetSpec p = profile_spec ("quick");

  p.name = "custom";
  p.big_file_bytes = 3 * 1000 * 1000 + 5;   /* not a multiple of 8 */
  p.tree_files = 60;
  p.tree_dirs = 12;
  p.tree_total_bytes = 60 * 253000;
  return p;
}

static void
test_layout_deterministic (void)
{
  FsbDatasetSpec seed_spec = profile_spec ("seed");
  const FsbDatasetSpec *seed = &seed_spec;
  g_autoptr(FsbDatasetLayout) a = fsb_dataset_layout_new (seed, FSB_DATASET_SEED);
  g_autoptr(FsbDatasetLayout) b = fsb_dataset_layout_new (seed, FSB_DATASET_SEED);
  g_autoptr(FsbDatasetLayout) c = fsb_dataset_layout_new (seed, FSB_DATASET_SEED + 1);
  guint64 min = G_MAXUINT64, max = 0, small = 0;
  gboolean differs = FALSE;

  g_assert_cmpuint (a->files->len, ==, 1 + seed->tree_files);
  g_assert_cmpuint (a->dirs->len, ==, 1 + seed->tree_dirs);
  g_assert_cmpuint (a->tree_bytes, ==, seed->tree_total_bytes);
  g_assert_cmpuint (g_array_index (a->files, FsbDatasetFile, 0).size, ==, seed->big_file_bytes);
  for (guint i = 0; i < a->files->len; i++)
    {
      const FsbDatasetFile *fa = &g_array_index (a->files, FsbDatasetFile, i);
      const FsbDatasetFile *fb = &g_array_index (b->files, FsbDatasetFile, i);
      const FsbDatasetFile *fc = &g_array_index (c->files, FsbDatasetFile, i);

      g_assert_cmpstr (fa->path, ==, fb->path);
      g_assert_cmpuint (fa->size, ==, fb->size);
      if (i == 0)
        continue;
      differs |= fa->size != fc->size || strcmp (fa->path, fc->path) != 0;
      min = MIN (min, fa->size);
      max = MAX (max, fa->size);
      small += fa->size < 253000;
    }
  g_assert_true (differs);
  g_assert_cmpuint (min, >=, seed->tree_min_file);
  g_assert_cmpuint (max, <=, seed->tree_max_file);
  /* A real spread, not all files the mean size: many small, a few big. */
  g_assert_cmpuint (min, <, 20000);
  g_assert_cmpuint (max, >, 2000000);
  g_assert_cmpuint (small, >, seed->tree_files / 2);
  /* Unique paths. */
  {
    g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
    for (guint i = 0; i < a->files->len; i++)
      g_assert_true (g_hash_table_add (seen, g_array_index (a->files, FsbDatasetFile, i).path));
  }
}

static void
test_stream_deterministic_and_incompressible (void)
{
  gsize len = 1024 * 1024;
  g_autofree guint8 *a = g_malloc (len), *b = g_malloc (len), *c = g_malloc (len);
  g_autofree guint8 *zbuf = g_malloc (len + 65536);
  g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
  FsbDatasetStream s;
  gsize read = 0, written = 0;
  guint64 hist[256] = { 0 };
  double chi = 0, expected = len / 256.0;

  fsb_dataset_stream_init (&s, 42, 3);
  fsb_dataset_stream_fill (&s, a, len);
  /* In pieces, the same bytes. */
  fsb_dataset_stream_init (&s, 42, 3);
  fsb_dataset_stream_fill (&s, b, 4096);
  fsb_dataset_stream_fill (&s, b + 4096, len - 4096);
  g_assert_cmpmem (a, len, b, len);
  /* Another file: other bytes. */
  fsb_dataset_stream_init (&s, 42, 4);
  fsb_dataset_stream_fill (&s, c, len);
  g_assert_false (memcmp (a, c, len) == 0);

  /* gzip -9 cannot shrink it. */
  g_assert_cmpint (g_converter_convert (G_CONVERTER (z), a, len, zbuf, len + 65536,
                                        G_CONVERTER_INPUT_AT_END, &read, &written, NULL),
                   ==, G_CONVERTER_FINISHED);
  g_assert_cmpuint (read, ==, len);
  g_assert_cmpfloat ((double) written / len, >, 0.99);

  /* Flat byte histogram: chi-square with 255 degrees of freedom. */
  for (gsize i = 0; i < len; i++)
    hist[a[i]]++;
  for (int i = 0; i < 256; i++)
    chi += (hist[i] - expected) * (hist[i] - expected) / expected;
  g_assert_cmpfloat (chi, <, 400);
}

static char *
read_file (const char *dir, const char *name, gsize *len)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, len, NULL));
  return data;
}

static double
gzip_ratio (const guint8 *data, gsize len)
{
  g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);
  g_autofree guint8 *zbuf = g_malloc (len + 65536);
  gsize read = 0, written = 0;

  g_assert_cmpint (g_converter_convert (G_CONVERTER (z), data, len, zbuf, len + 65536,
                                        G_CONVERTER_INPUT_AT_END, &read, &written, NULL),
                   ==, G_CONVERTER_FINISHED);
  g_assert_cmpuint (read, ==, len);
  return (double) len / (double) written;
}

/* Text: the same bytes however they are asked for (a word cut between two
 * fills goes on in the next), other bytes for another file, only letters,
 * spaces and punctuation, and about 3:1 to gzip. */
static void
test_text_stream (void)
{
  gsize len = 1024 * 1024;
  g_autofree guint8 *a = g_malloc (len), *b = g_malloc (len), *c = g_malloc (len);
  const gsize pieces[] = { 1, 7, 13, 15, 16, 17, 4093, 65536 };
  FsbDatasetStream s;
  gsize off = 0;
  double ratio;

  fsb_dataset_stream_init_kind (&s, 42, 3, FSB_DATA_TEXT);
  fsb_dataset_stream_fill (&s, a, len);
  fsb_dataset_stream_init_kind (&s, 42, 3, FSB_DATA_TEXT);
  for (guint i = 0; off < len; i = (i + 1) % G_N_ELEMENTS (pieces))
    {
      gsize n = MIN (pieces[i], len - off);

      fsb_dataset_stream_fill (&s, b + off, n);
      off += n;
    }
  g_assert_cmpmem (a, len, b, len);
  fsb_dataset_stream_init_kind (&s, 42, 4, FSB_DATA_TEXT);
  fsb_dataset_stream_fill (&s, c, len);
  g_assert_false (memcmp (a, c, len) == 0);

  for (gsize i = 0; i < len; i++)
    g_assert_true (g_ascii_islower (a[i]) || a[i] == ' ' || a[i] == ',' || a[i] == '.' || a[i] == '\n');
  ratio = gzip_ratio (a, len);
  g_test_message ("gzip -6 on 1 MiB of text: %.2f:1", ratio);
  g_assert_cmpfloat (ratio, >, 2.7);
  g_assert_cmpfloat (ratio, <, 4.5);
  /* random, for the kind's sake: as before */
  fsb_dataset_stream_init_kind (&s, 42, 3, FSB_DATA_RANDOM);
  fsb_dataset_stream_fill (&s, c, len);
  g_assert_cmpfloat (gzip_ratio (c, len), <, 1.01);
}

/* Each kind has its folder and says so in its manifest (random, as all
 * data was before, says nothing); text files are text, and a mixed tree
 * has its documents text and its media random. */
static void
test_kinds (void)
{
  FsbDatasetSpec p = tiny_profile ();
  g_autofree char *tmp = g_dir_make_tmp ("fsbench-dataset-XXXXXX", NULL);
  g_autoptr(FsbDatasetLayout) layout = fsb_dataset_layout_new (&p, FSB_DATASET_SEED);
  g_autofree char *random_dir = fsb_dataset_cache_dir (&p);
  guint text_files = 0, media_files = 0;

  g_assert_false (g_str_has_suffix (random_dir, "-text") || g_str_has_suffix (random_dir, "-mixed"));
  for (FsbDataKind kind = FSB_DATA_RANDOM; kind < FSB_N_DATA_KINDS; kind++)
    {
      g_autofree char *dir = g_build_filename (tmp, fsb_data_kind_id (kind), NULL);
      g_autoptr(JsonNode) summary = NULL;
      g_autoptr(GError) error = NULL;
      JsonObject *o;

      p.data = kind;
      if (kind != FSB_DATA_RANDOM)
        {
          g_autofree char *cache = fsb_dataset_cache_dir (&p);
          g_autofree char *suffix = g_strconcat ("-", fsb_data_kind_id (kind), NULL);
          g_assert_true (g_str_has_suffix (cache, suffix));
        }
      fsb_assert_ok (fsb_dataset_ensure (&p, dir, TRUE, NULL, NULL, &summary, NULL, &error), error);
      o = json_node_get_object (summary);
      if (kind == FSB_DATA_RANDOM)
        g_assert_false (json_object_has_member (o, "data"));
      else
        g_assert_cmpstr (json_object_get_string_member (o, "data"), ==, fsb_data_kind_id (kind));

      for (guint i = 0; i < layout->files->len; i++)
        {
          const FsbDatasetFile *f = &g_array_index (layout->files, FsbDatasetFile, i);
          gsize len;
          g_autofree char *data = NULL;
          double ratio;
          FsbDataKind want = fsb_dataset_file_kind (kind, f->path);

          if (f->size < 65536)
            continue;
          data = read_file (dir, f->path, &len);
          ratio = gzip_ratio ((const guint8 *) data, len);
          if (want == FSB_DATA_TEXT)
            g_assert_cmpfloat (ratio, >, 2.5);
          else
            g_assert_cmpfloat (ratio, <, 1.02);
          if (kind == FSB_DATA_MIXED)
            {
              text_files += want == FSB_DATA_TEXT;
              media_files += want == FSB_DATA_RANDOM;
            }
        }
      /* made again, the same: the check of the start of every file passes */
      g_clear_pointer (&summary, json_node_unref);
      fsb_assert_ok (fsb_dataset_ensure (&p, dir, FALSE, NULL, NULL, &summary, NULL, &error), error);
    }
  g_assert_cmpuint (text_files, >, 0);
  g_assert_cmpuint (media_files, >, 0);
  g_assert_cmpint (fsb_dataset_file_kind (FSB_DATA_MIXED, "big.img"), ==, FSB_DATA_RANDOM);
  g_assert_cmpint (fsb_dataset_file_kind (FSB_DATA_MIXED, "tree/d001/f00003.c"), ==, FSB_DATA_TEXT);
  g_assert_cmpint (fsb_dataset_file_kind (FSB_DATA_TEXT, "big.img"), ==, FSB_DATA_TEXT);
  {
    g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
    g_assert_cmpint (system (cmd), ==, 0);
  }
}


static void
test_ensure_and_reuse (void)
{
  FsbDatasetSpec p = tiny_profile ();
  g_autofree char *tmp = g_dir_make_tmp ("fsbench-dataset-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (tmp, "ds", NULL);
  g_autofree char *other = g_build_filename (tmp, "other", NULL);
  g_autoptr(FsbDatasetLayout) layout = fsb_dataset_layout_new (&p, FSB_DATASET_SEED);
  g_autoptr(JsonNode) summary = NULL, summary2 = NULL, summary3 = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *big1 = NULL, *big2 = NULL;
  gsize len1, len2;
  GStatBuf st1, st2;
  g_autofree char *big_path = g_build_filename (dir, "big.img", NULL);
  g_autofree char *victim = NULL;

  fsb_assert_ok (fsb_dataset_ensure (&p, dir, TRUE, NULL, NULL, &summary, NULL, &error), error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (summary));
  g_assert_cmpint (json_object_get_int_member (json_node_get_object (summary), "tree_files"), ==, 60);
  g_assert_false (json_object_has_member (json_node_get_object (summary), "files"));

  /* Every file of the layout, with its size. */
  for (guint i = 0; i < layout->files->len; i++)
    {
      const FsbDatasetFile *f = &g_array_index (layout->files, FsbDatasetFile, i);
      g_autofree char *path = g_build_filename (dir, f->path, NULL);
      g_assert_cmpint (g_stat (path, &st1), ==, 0);
      g_assert_cmpuint (st1.st_size, ==, f->size);
    }

  /* Reused as is: nothing rewritten. */
  big1 = read_file (dir, "big.img", &len1);
  g_assert_cmpint (g_stat (big_path, &st1), ==, 0);
  g_usleep (20000);
  g_assert_true (fsb_dataset_ensure (&p, dir, TRUE, NULL, NULL, &summary2, NULL, &error));
  g_assert_cmpint (g_stat (big_path, &st2), ==, 0);
  g_assert_cmpint (st1.st_mtime, ==, st2.st_mtime);
  g_assert_cmpint (st1.st_ino, ==, st2.st_ino);
  g_assert_true (json_node_equal (summary, summary2));

  /* Built elsewhere: the same bytes. */
  g_assert_true (fsb_dataset_ensure (&p, other, FALSE, NULL, NULL, NULL, NULL, &error));
  big2 = read_file (other, "big.img", &len2);
  g_assert_cmpmem (big1, len1, big2, len2);

  /* A damaged file is found and the dataset rebuilt. */
  victim = g_build_filename (dir, g_array_index (layout->files, FsbDatasetFile, 5).path, NULL);
  g_assert_true (g_file_set_contents (victim, "damaged", -1, NULL));
  g_assert_false (fsb_dataset_ensure (&p, dir, FALSE, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);
  fsb_assert_ok (fsb_dataset_ensure (&p, dir, TRUE, NULL, NULL, &summary3, NULL, &error), error);
  g_assert_true (json_node_equal (summary, summary3));
  g_assert_cmpint (g_stat (victim, &st1), ==, 0);
  g_assert_cmpuint (st1.st_size, ==, g_array_index (layout->files, FsbDatasetFile, 5).size);

  /* An extra file in the tree is noticed too. */
  {
    g_autofree char *extra = g_build_filename (dir, "tree", "stray.txt", NULL);
    g_assert_true (g_file_set_contents (extra, "x", -1, NULL));
    g_assert_false (fsb_dataset_ensure (&p, dir, FALSE, NULL, NULL, NULL, NULL, &error));
    g_clear_error (&error);
  }

  /* Cleanup. */
  {
    g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
    g_assert_cmpint (system (cmd), ==, 0);
  }
}

static void
test_cancel (void)
{
  FsbDatasetSpec p = tiny_profile ();
  g_autofree char *tmp = g_dir_make_tmp ("fsbench-dataset-XXXXXX", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autofree char *manifest = g_build_filename (tmp, "manifest.json", NULL);

  g_cancellable_cancel (cancellable);
  g_assert_false (fsb_dataset_ensure (&p, tmp, TRUE, NULL, NULL, NULL, cancellable, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_CANCELLED);
  g_assert_false (g_file_test (manifest, G_FILE_TEST_EXISTS));
  g_assert_cmpint (system (cmd), ==, 0);
}

/* Nothing but what was there before: no dataset, no folder to build it in. */
static void
assert_only (const char *parent, const char *allowed)
{
  g_autoptr(GDir) d = g_dir_open (parent, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_strcmp0 (name, allowed) != 0)
      g_error ("%s was left in %s", name, parent);
}

typedef struct {
  GCancellable *cancellable;
  guint64       at;
  gboolean      cancelled;
} CancelAt;

static void
cancel_at_cb (guint64 done, guint64 total, gpointer user_data)
{
  CancelAt *c = user_data;

  if (done >= c->at && !c->cancelled)
    {
      c->cancelled = TRUE;
      g_cancellable_cancel (c->cancellable);
    }
}

/* Stopped in the middle (the issue: --big-file nan left a partial folder
 * behind): the folder never appears, its temporary sibling is gone. */
static void
test_cancel_mid_generation (void)
{
  FsbDatasetSpec p = tiny_profile ();
  g_autofree char *tmp = g_dir_make_tmp ("fsbench-dataset-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (tmp, "ds", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(JsonNode) summary = NULL;
  g_autoptr(GError) error = NULL;
  CancelAt at = { cancellable, 5 * 1000 * 1000, FALSE };

  /* past the big file, inside the tree */
  g_assert_false (fsb_dataset_ensure (&p, dir, TRUE, cancel_at_cb, &at, &summary, cancellable, &error));
  g_assert_true (at.cancelled);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_CANCELLED);
  g_assert_null (summary);
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
  assert_only (tmp, NULL);

  /* the same into a folder of the user's: their file stays, nothing else */
  g_clear_error (&error);
  g_cancellable_reset (cancellable);
  at.cancelled = FALSE;
  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  {
    g_autofree char *mine = g_build_filename (dir, "mine.txt", NULL);
    g_assert_true (g_file_set_contents (mine, "keep", -1, NULL));
  }
  g_assert_false (fsb_dataset_ensure (&p, dir, FALSE, cancel_at_cb, &at, NULL, cancellable, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_CANCELLED);
  assert_only (dir, "mine.txt");
  assert_only (tmp, "ds");

  /* and whole, beside the user's file */
  g_clear_error (&error);
  fsb_assert_ok (fsb_dataset_ensure (&p, dir, FALSE, NULL, NULL, NULL, NULL, &error), error);
  g_assert_cmpuint (count_entries (dir), ==, 4);
  assert_only (tmp, "ds");
  g_assert_cmpint (system (cmd), ==, 0);
}

/* --big-file nan asked for 8 EiB and started writing: refused before the
 * first byte, with the sizes. */
static void
test_no_space (void)
{
  FsbDatasetSpec p = tiny_profile ();
  g_autofree char *tmp = g_dir_make_tmp ("fsbench-dataset-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (tmp, "new", "ds", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();

  p.big_file_bytes = G_GUINT64_CONSTANT (1) << 63;
  g_assert_false (fsb_dataset_ensure (&p, dir, TRUE, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_NO_SPACE);
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC);
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
  assert_only (tmp, NULL);
  g_assert_cmpint (system (cmd), ==, 0);
}

/* A process killed while it built (no cleanup ran) left its folder: the
 * next one removes it. */
static void
test_stale_temp (void)
{
  FsbDatasetSpec p = tiny_profile ();
  g_autofree char *tmp = g_dir_make_tmp ("fsbench-dataset-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (tmp, "ds", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autofree char *stale = NULL, *alive = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "/bin/true", NULL };
  GPid dead;
  int status;

  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &dead, NULL));
  g_assert_cmpint (waitpid (dead, &status, 0), ==, dead);
  stale = g_strdup_printf ("%s/.ds.tmp-%d-AbC123", tmp, (int) dead);
  alive = g_strdup_printf ("%s/.ds.tmp-%d-XyZ789", tmp, (int) getppid ());
  g_assert_cmpint (g_mkdir (stale, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (alive, 0755), ==, 0);
  fsb_assert_ok (fsb_dataset_ensure (&p, dir, TRUE, NULL, NULL, NULL, NULL, &error), error);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (alive, G_FILE_TEST_IS_DIR));   /* another run's, still going */
  g_assert_cmpint (system (cmd), ==, 0);
}

typedef struct {
  const FsbDatasetSpec *profile;
  const char *dir;
  gboolean done;
} Rival;

/* The other run: called while ours builds, it builds the same data and
 * puts it in place first. */
static void
rival_progress_cb (guint64 done, guint64 total, gpointer user_data)
{
  Rival *rival = user_data;
  g_autoptr(GError) error = NULL;

  if (rival->done)
    return;
  rival->done = TRUE;
  fsb_assert_ok (fsb_dataset_ensure (rival->profile, rival->dir, TRUE, NULL, NULL, NULL, NULL, &error), error);
}

/* Two runs of one user at once (two hosts of one machine in a fleet's
 * inventory) make the same data: the one that finishes second uses the
 * first's, and leaves no temporary folder. */
static void
test_built_twice (void)
{
  FsbDatasetSpec p = tiny_profile ();
  g_autofree char *tmp = g_dir_make_tmp ("fsbench-dataset-XXXXXX", NULL);
  g_autofree char *dir = g_build_filename (tmp, "ds", NULL);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  g_autoptr(JsonNode) summary = NULL;
  g_autoptr(GError) error = NULL;
  Rival rival = { &p, dir, FALSE };

  fsb_assert_ok (fsb_dataset_ensure (&p, dir, TRUE, rival_progress_cb, &rival, &summary, NULL, &error), error);
  g_assert_true (rival.done);
  g_assert_nonnull (summary);
  assert_only (tmp, "ds");
  fsb_assert_ok (fsb_dataset_ensure (&p, dir, FALSE, NULL, NULL, NULL, NULL, &error), error);
  g_assert_cmpint (system (cmd), ==, 0);
}

static void
test_cache_dir (void)
{
  FsbDatasetSpec p = tiny_profile ();
  FsbDatasetSpec q = profile_spec ("quick");
  FsbDatasetSpec full = profile_spec ("full");
  g_autofree char *quick = fsb_dataset_cache_dir (&q);
  g_autofree char *full_dir = fsb_dataset_cache_dir (&full);
  g_autofree char *custom = fsb_dataset_cache_dir (&p);

  g_assert_true (g_str_has_prefix (quick, g_get_user_cache_dir ()));
  g_assert_true (g_str_has_suffix (quick, "/fsbench/datasets/quick"));
  g_assert_nonnull (strstr (custom, "/fsbench/datasets/custom-"));
  /* full shares the standard data */
  g_assert_true (g_str_has_suffix (full_dir, "/fsbench/datasets/standard"));
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dataset/layout-deterministic", test_layout_deterministic);
  g_test_add_func ("/dataset/stream", test_stream_deterministic_and_incompressible);
  g_test_add_func ("/dataset/text-stream", test_text_stream);
  g_test_add_func ("/dataset/kinds", test_kinds);
  g_test_add_func ("/dataset/ensure-and-reuse", test_ensure_and_reuse);
  g_test_add_func ("/dataset/cancel", test_cancel);
  g_test_add_func ("/dataset/cancel-mid-generation", test_cancel_mid_generation);
  g_test_add_func ("/dataset/no-space", test_no_space);
  g_test_add_func ("/dataset/stale-temp", test_stale_temp);
  g_test_add_func ("/dataset/built-twice", test_built_twice);
  g_test_add_func ("/dataset/cache-dir", test_cache_dir);
  return g_test_run ();
}
