/* test-workloads-extra.c: the groups of seeds 001 to 004 on temporary folders */
#include "config.h"

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-custom.h"
#include "fsb-engine.h"
#include "fsb-stats.h"
#include "fsb-group-transfer.h"
#include "fsb-workload.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"

/* Sizes small enough for a unit test, by field for the assertions; the
 * tasks read them as FsbSizes (sync_sizes). */
typedef struct {
  guint   kernel_files;
  guint64 kernel_total_bytes;
  guint   small_files;
  guint64 delete_file_bytes;
  guint   delete_count;
  guint   randio_files;
  guint64 randio_file_bytes;
  guint   randio_requests;
  double  randio_seconds;
  guint64 transfer_bytes;
} TestProfile;

static TestProfile
test_profile (void)
{
  TestProfile p = { 0 };

  p.kernel_files = 2000;
  p.kernel_total_bytes = 6 * 1000 * 1000;
  p.small_files = 600;
  p.delete_file_bytes = 1024 * 1024;
  p.delete_count = 3;
  p.randio_files = 4;
  p.randio_file_bytes = 1024 * 1024;
  p.randio_requests = 600;
  p.randio_seconds = 20;
  p.transfer_bytes = 3 * 1000 * 1000;
  return p;
}

typedef struct {
  char              *root;
  char              *mount;
  char              *scratch;
  char              *source;
  TestProfile        profile;
  FsbSizes          *sizes;
  FsbPlan            plan;
  FsbWorkloadContext ctx;
  GPtrArray         *extra;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  const char *base = data;
  g_autoptr(GError) error = NULL;

  if (base != NULL)
    {
      g_autofree char *tmpl = g_build_filename (base, "fsbench-extra-XXXXXX", NULL);
      f->root = g_mkdtemp (g_steal_pointer (&tmpl));
      g_assert_nonnull (f->root);
    }
  else
    {
      f->root = g_dir_make_tmp ("fsbench-extra-XXXXXX", &error);
      g_assert_no_error (error);
    }
  f->mount = g_build_filename (f->root, "mnt", NULL);
  f->scratch = g_build_filename (f->root, "scratch", NULL);
  f->source = g_build_filename (f->root, "dataset", NULL);
  g_assert_cmpint (g_mkdir (f->mount, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (f->scratch, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (f->source, 0755), ==, 0);
  f->profile = test_profile ();
  f->extra = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
  f->ctx.mount_point = f->mount;
  f->ctx.scratch_dir = f->scratch;
  f->ctx.source_dir = f->source;
  f->ctx.plan = &f->plan;
  f->sizes = fsb_sizes_new ();
  f->ctx.sizes = f->sizes;
  f->ctx.extra_samples = f->extra;
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  FsbTreeCount junk = { 0 };

  fsb_randio_refuse_direct_for_testing (FALSE);
  g_assert_true (fsb_remove_tree (f->root, &junk, NULL, NULL));
  g_free (f->root);
  g_free (f->mount);
  g_free (f->scratch);
  g_free (f->source);
  g_ptr_array_unref (f->extra);
  fsb_sizes_free (f->sizes);
}

static double
metric (const FsbSample *s, const char *name)
{
  double v = -1;

  if (!fsb_sample_get (s, name, &v))
    g_error ("metric %s missing", name);
  return v;
}

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  if (d == NULL)
    return 0;
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* The tasks see the fixture's profile, as it is when they run. */
static const FsbSizes *
sync_sizes (Fixture *f)
{
  const TestProfile *p = &f->profile;

  fsb_sizes_set (f->sizes, "kernel-files", p->kernel_files);
  fsb_sizes_set (f->sizes, "kernel-size", p->kernel_total_bytes);
  fsb_sizes_set (f->sizes, "small-files", p->small_files);
  fsb_sizes_set (f->sizes, "delete-file-size", p->delete_file_bytes);
  fsb_sizes_set (f->sizes, "delete-count", p->delete_count);
  fsb_sizes_set (f->sizes, "randio-files", p->randio_files);
  fsb_sizes_set (f->sizes, "randio-file-size", p->randio_file_bytes);
  fsb_sizes_set (f->sizes, "randio-requests", p->randio_requests);
  fsb_sizes_set (f->sizes, "randio-seconds", p->randio_seconds);
  fsb_sizes_set (f->sizes, "transfer-size", p->transfer_bytes);
  return f->sizes;
}

static gboolean
run_task (Fixture *f, const char *id, FsbSample *sample, GError **error)
{
  FsbTaskFunc func = fsb_workload_lookup (id);

  g_assert_nonnull (func);
  sync_sizes (f);
  return func (&f->ctx, sample, error);
}

/* Walks a and b and compares every file byte for byte. */
static void
assert_trees_equal (const char *a, const char *b, guint *files)
{
  g_autoptr(GDir) d = g_dir_open (a, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  g_assert_cmpuint (count_entries (a), ==, count_entries (b));
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *pa = g_build_filename (a, name, NULL);
      g_autofree char *pb = g_build_filename (b, name, NULL);

      if (g_file_test (pa, G_FILE_TEST_IS_DIR))
        assert_trees_equal (pa, pb, files);
      else
        {
          g_autofree char *ca = NULL, *cb = NULL;
          gsize la, lb;

          g_assert_true (g_file_get_contents (pa, &ca, &la, NULL));
          g_assert_true (g_file_get_contents (pb, &cb, &lb, NULL));
          g_assert_cmpmem (ca, la, cb, lb);
          (*files)++;
        }
    }
}

static guint
max_depth (const char *dir, guint depth)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint best = depth;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_DIR))
        best = MAX (best, max_depth (p, depth + 1));
    }
  return best;
}

static double
compressed_ratio (const char *path)
{
  g_autofree char *data = NULL;
  g_autoptr(GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW, 9);
  g_autofree char *out = NULL;
  gsize len, read = 0, written = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  out = g_malloc (len * 2 + 1024);
  g_assert_cmpint (g_converter_convert (G_CONVERTER (z), data, len, out, len * 2 + 1024,
                                        G_CONVERTER_INPUT_AT_END, &read, &written, NULL),
                   ==, G_CONVERTER_FINISHED);
  return (double) written / len;
}

/* kernel-tree ----------------------------------------------------------------- */

static void
test_kernel_dataset (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) m1 = NULL, m2 = NULL, m3 = NULL;
  g_autofree char *other = g_build_filename (f->root, "other", NULL);
  g_autofree char *tree = g_build_filename (f->source, "kernel", NULL);
  g_autofree char *vmlinux = g_build_filename (tree, "vmlinux.o", NULL);
  FsbTreeCount count = { 0 };
  struct stat st1, st2;
  JsonObject *o;

  m1 = fsb_kernel_dataset_ensure (sync_sizes (f), f->source, NULL, &error);
  g_assert_no_error (error);
  o = json_node_get_object (m1);
  g_assert_cmpint (json_object_get_int_member (o, "files"), ==, f->profile.kernel_files);
  g_assert_cmpint (json_object_get_int_member (o, "bytes"), ==, f->profile.kernel_total_bytes);

  /* What is on disk is what the manifest says. */
  g_assert_true (fsb_count_tree (tree, &count, &error));
  g_assert_cmpuint (count.files, ==, f->profile.kernel_files);
  g_assert_cmpuint (count.bytes, ==, f->profile.kernel_total_bytes);
  g_assert_cmpuint (count.dirs, ==, json_object_get_int_member (o, "dirs"));
  /* Shaped like a kernel tree: deep folders, a few large build products
   * among many small files, and data that does not compress. */
  g_assert_cmpuint (max_depth (tree, 0), >=, 4);
  g_assert_cmpuint (count.files / count.dirs, >=, 8);
  g_assert_cmpint (stat (vmlinux, &st1), ==, 0);
  g_assert_cmpuint (st1.st_size, >, f->profile.kernel_total_bytes / 20);
  g_assert_cmpfloat (compressed_ratio (vmlinux), >, 0.99);

  /* Cached: a second call keeps the files. */
  m2 = fsb_kernel_dataset_ensure (sync_sizes (f), f->source, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (stat (vmlinux, &st2), ==, 0);
  g_assert_cmpint (st1.st_ino, ==, st2.st_ino);
  g_assert_cmpint (st1.st_mtim.tv_nsec, ==, st2.st_mtim.tv_nsec);

  /* Deterministic: elsewhere, the same bytes. */
  m3 = fsb_kernel_dataset_ensure (sync_sizes (f), other, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (m3), "content_sha256"), ==,
                   json_object_get_string_member (o, "content_sha256"));

  /* A damaged cache is rebuilt. */
  g_assert_cmpint (g_unlink (vmlinux), ==, 0);
  g_clear_pointer (&m2, json_node_unref);
  m2 = fsb_kernel_dataset_ensure (sync_sizes (f), f->source, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (vmlinux, G_FILE_TEST_EXISTS));
}

/* Cancelled, or too big for the disk: no tree, no folder it was built in. */
static void
test_kernel_dataset_atomic (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *dir = g_build_filename (f->root, "ds", NULL);
  g_autoptr(FsbSizes) huge = NULL;
  JsonNode *m;

  g_assert_cmpint (g_mkdir (dir, 0755), ==, 0);
  g_cancellable_cancel (cancellable);
  m = fsb_kernel_dataset_ensure (sync_sizes (f), dir, cancellable, &error);
  g_assert_null (m);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_CANCELLED);
  g_assert_cmpuint (count_entries (dir), ==, 0);

  g_clear_error (&error);
  huge = fsb_sizes_copy (sync_sizes (f));
  fsb_sizes_set (huge, "kernel-size", (double) (G_GUINT64_CONSTANT (1) << 62));
  m = fsb_kernel_dataset_ensure (huge, dir, NULL, &error);
  g_assert_null (m);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_NO_SPACE);
  g_assert_cmpuint (count_entries (dir), ==, 0);
}

static void
test_kernel_tasks (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) manifest = NULL;
  g_autofree char *src = g_build_filename (f->source, "kernel", NULL);
  g_autofree char *a = g_build_filename (f->mount, "kernel-a", NULL);
  g_autofree char *b = g_build_filename (f->mount, "kernel-b", NULL);
  g_autofree char *out = g_build_filename (f->scratch, "kernel-out", NULL);
  const char *ids[] = { "kernel-copy-in", "kernel-copy-out", "kernel-recopy" };
  guint files;

  manifest = fsb_kernel_dataset_ensure (sync_sizes (f), f->source, NULL, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(FsbSample) s = fsb_sample_new ();

      g_assert_true (run_task (f, ids[i], s, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (metric (s, "files"), ==, f->profile.kernel_files);
      g_assert_cmpfloat (metric (s, "bytes"), ==, f->profile.kernel_total_bytes);
    }
  files = 0;
  assert_trees_equal (src, a, &files);
  g_assert_cmpuint (files, ==, f->profile.kernel_files);
  files = 0;
  assert_trees_equal (src, b, &files);
  files = 0;
  assert_trees_equal (src, out, &files);
  g_assert_cmpuint (files, ==, f->profile.kernel_files);

  fsb_workload_kernel_clean_scratch (f->scratch);
  g_assert_cmpuint (count_entries (f->scratch), ==, 0);

  {
    g_autoptr(FsbSample) s = fsb_sample_new ();
    g_assert_true (run_task (f, "kernel-delete", s, &error));
    g_assert_no_error (error);
    g_assert_cmpfloat (metric (s, "files"), ==, 2.0 * f->profile.kernel_files);
    g_assert_cmpuint (count_entries (f->mount), ==, 0);
  }
}

/* small-files ------------------------------------------------------------------ */

static void
check_small_dir (const char *dir, guint n, double bytes)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint count = 0;
  guint64 sum = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      struct stat st;

      g_assert_cmpint (stat (p, &st), ==, 0);
      g_assert_cmpint (st.st_size, <, 2000);
      sum += st.st_size;
      count++;
    }
  g_assert_cmpuint (count, ==, n);
  g_assert_cmpfloat (sum, ==, bytes);
  /* Uniform in 0..1999: the mean is near 1,000. */
  g_assert_cmpfloat (sum / (double) n, >, 850);
  g_assert_cmpfloat (sum / (double) n, <, 1150);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

static char *
listing (const char *dir)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      struct stat st;

      g_assert_cmpint (stat (p, &st), ==, 0);
      g_ptr_array_add (names, g_strdup_printf ("%s %" G_GINT64_FORMAT, name, (gint64) st.st_size));
    }
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv ("\n", (char **) names->pdata);
}

static void
test_small_files (Fixture *f, gconstpointer data)
{
  const char *orders[] = { "seq", "rand" };
  g_autofree char *first_listing = NULL;

  for (guint o = 0; o < G_N_ELEMENTS (orders); o++)
    {
      g_autofree char *create = g_strdup_printf ("small-create-%s", orders[o]);
      g_autofree char *stat_id = g_strdup_printf ("small-stat-%s", orders[o]);
      g_autofree char *del = g_strdup_printf ("small-delete-%s", orders[o]);
      g_autofree char *dirname = g_strdup_printf ("small-%s", orders[o]);
      g_autofree char *dir = g_build_filename (f->mount, dirname, NULL);
      g_autoptr(FsbSample) c = fsb_sample_new ();
      g_autoptr(FsbSample) s = fsb_sample_new ();
      g_autoptr(FsbSample) d = fsb_sample_new ();
      g_autoptr(GError) error = NULL;
      g_autofree char *l1 = NULL, *l2 = NULL;

      g_assert_true (run_task (f, create, c, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (metric (c, "files"), ==, f->profile.small_files);
      g_assert_cmpfloat (metric (c, "files_per_s"), >, 0);
      check_small_dir (dir, f->profile.small_files, metric (c, "bytes"));
      l1 = listing (dir);

      /* Deterministic: created again, the same names and sizes. */
      g_clear_pointer (&c, fsb_sample_free);
      c = fsb_sample_new ();
      g_assert_true (run_task (f, create, c, &error));
      l2 = listing (dir);
      g_assert_cmpstr (l1, ==, l2);
      if (first_listing == NULL)
        first_listing = g_strdup (l1);
      else
        g_assert_cmpstr (first_listing, !=, l1);

      g_assert_true (run_task (f, stat_id, s, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (metric (s, "files"), ==, f->profile.small_files);
      g_assert_cmpfloat (metric (s, "bytes"), ==, metric (c, "bytes"));
      g_assert_cmpfloat (metric (s, "files_per_s"), >, 0);

      g_assert_true (run_task (f, del, d, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (metric (d, "files"), ==, f->profile.small_files);
      g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
    }
  g_assert_cmpuint (count_entries (f->mount), ==, 0);
}

static void
test_small_files_missing (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (f->mount, "small-seq", NULL);
  g_autoptr(GDir) d = NULL;
  g_autofree char *victim = NULL;

  g_assert_true (run_task (f, "small-create-seq", s, &error));
  d = g_dir_open (dir, 0, NULL);
  victim = g_build_filename (dir, g_dir_read_name (d), NULL);
  g_assert_cmpint (g_unlink (victim), ==, 0);
  /* One file short: the stat pass says so instead of a rate. */
  g_assert_false (run_task (f, "small-stat-seq", s, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_FAILED);
}

/* delete-latency ----------------------------------------------------------------- */

static void
test_delete_latency (Fixture *f, gconstpointer data)
{
  const char *ids[] = { "delete-return", "delete-sys" };

  for (guint t = 0; t < G_N_ELEMENTS (ids); t++)
    {
      g_autoptr(FsbSample) s = fsb_sample_new ();
      g_autoptr(GError) error = NULL;

      g_ptr_array_set_size (f->extra, 0);
      g_assert_true (run_task (f, ids[t], s, &error));
      g_assert_no_error (error);
      /* At least five deletions even when the profile asks for fewer. */
      g_assert_cmpuint (f->extra->len, ==, 5);
      g_assert_cmpfloat (metric (s, "files"), ==, 5);
      for (guint i = 0; i < f->extra->len; i++)
        {
          FsbSample *one = g_ptr_array_index (f->extra, i);
          g_assert_cmpfloat (metric (one, "wall_s"), >, 0);
          g_assert_cmpfloat (metric (one, "wall_s"), <, 10);
          /* Nanosecond CPU clock: even a quick unlink shows up. */
          g_assert_cmpfloat (metric (one, "sys_s"), >, 0);
          g_assert_cmpfloat (metric (one, "sys_s"), <=, metric (one, "wall_s") + 1e-3);
          g_assert_cmpfloat (metric (one, "bytes"), ==, f->profile.delete_file_bytes);
        }
      g_assert_cmpuint (count_entries (f->mount), ==, 0);
    }

  f->profile.delete_count = 7;
  {
    g_autoptr(FsbSample) s = fsb_sample_new ();
    g_autoptr(GError) error = NULL;

    g_ptr_array_set_size (f->extra, 0);
    g_assert_true (run_task (f, "delete-return", s, &error));
    g_assert_cmpuint (f->extra->len, ==, 7);
  }
}

/* The per-deletion samples keep their outliers: the distribution's max is
 * the slowest deletion, not an average. */
static void
test_delete_outliers (void)
{
  const double walls[] = { 0.010, 0.011, 0.012, 0.010, 0.300 };
  FsbTaskResult task = { (char *) "delete-return", g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free), NULL };
  FsbStats st;

  for (guint i = 0; i < G_N_ELEMENTS (walls); i++)
    {
      FsbSample *s = fsb_sample_new ();
      fsb_sample_set (s, "wall_s", walls[i]);
      g_ptr_array_add (task.samples, s);
    }
  g_assert_true (fsb_task_result_stats (&task, "wall_s", &st));
  g_assert_cmpuint (st.n, ==, 5);
  g_assert_cmpfloat (st.min, ==, 0.010);
  g_assert_cmpfloat (st.max, ==, 0.300);
  g_assert_cmpfloat (st.median, ==, 0.011);
  g_assert_cmpfloat (st.p99, >, 0.25);
  g_assert_cmpfloat (st.max / st.min, >, 20);
  g_ptr_array_unref (task.samples);
}

/* random-io ------------------------------------------------------------------------ */

static void
check_randio_sample (Fixture *f, FsbSample *s)
{
  double events = metric (s, "requests");
  double data_ops = events - metric (s, "fsyncs");

  /* sysbench's budget counts fsyncs as events; throughput counts data. */
  g_assert_cmpfloat (events, ==, f->profile.randio_requests);
  g_assert_cmpfloat (data_ops, >, 0);
  g_assert_cmpfloat (metric (s, "bytes"), ==, data_ops * 16384);
  g_assert_cmpfloat (metric (s, "mb_per_s"), >, 0);
  g_assert_cmpfloat_with_epsilon (metric (s, "mb_per_s"),
                                  data_ops * 16384 / 1e6 / metric (s, "io_s"), 1e-6);
  g_assert_cmpfloat_with_epsilon (metric (s, "iops"), data_ops / metric (s, "io_s"), 1e-6);
  g_assert_cmpfloat (metric (s, "latency_p50_ms"), >, 0);
  g_assert_cmpfloat (metric (s, "latency_p50_ms"), <=, metric (s, "latency_p95_ms"));
  g_assert_cmpfloat (metric (s, "latency_p95_ms"), <=, metric (s, "latency_p99_ms"));
  g_assert_cmpfloat (metric (s, "latency_p99_ms"), <=, metric (s, "latency_max_ms"));
}

static void
test_random_io (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbSample) r = fsb_sample_new ();
  g_autoptr(FsbSample) w = fsb_sample_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (f->mount, "randio", NULL);
  g_autofree char *file0 = g_build_filename (dir, "test_file.0", NULL);
  struct stat st;

  g_assert_nonnull (fsb_workload_lookup_setup ("rand-read"));
  sync_sizes (f);
  g_assert_true (fsb_workload_lookup_setup ("rand-read") (&f->ctx, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (run_task (f, "rand-read", r, &error));
  g_assert_no_error (error);
  check_randio_sample (f, r);
  g_assert_cmpfloat (metric (r, "direct_io"), ==, 0);
  g_assert_false (fsb_sample_get (r, "direct_io_refused", NULL));
  g_assert_cmpuint (count_entries (dir), ==, f->profile.randio_files);
  g_assert_cmpint (stat (file0, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, f->profile.randio_file_bytes);
  g_assert_cmpfloat (compressed_ratio (file0), >, 0.99);

  g_assert_cmpfloat (metric (r, "fsyncs"), ==, 0);
  g_assert_false (fsb_sample_get (r, "prepared_in_task", NULL));

  g_assert_true (run_task (f, "rand-write", w, &error));
  g_assert_no_error (error);
  check_randio_sample (f, w);
  /* 600 events: 100 writes, 4 fsyncs, 100 writes, ... as sysbench does. */
  g_assert_cmpfloat (metric (w, "fsyncs"), ==, 20);
  /* sysbench cleanup after the writes. */
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
}

static void
test_random_io_time_bound (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(GError) error = NULL;
  double t0 = fsb_now ();

  f->profile.randio_requests = G_MAXUINT;
  f->profile.randio_seconds = 0.4;
  g_assert_true (run_task (f, "rand-write", s, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (metric (s, "requests"), <, G_MAXUINT);
  g_assert_cmpfloat (metric (s, "io_s"), >=, 0.4);
  g_assert_cmpfloat (fsb_now () - t0, <, 10);
}

static gboolean
dir_takes_direct_io (const char *dir)
{
  g_autofree char *p = g_build_filename (dir, "probe", NULL);
  int fd = open (p, O_RDWR | O_CREAT | O_DIRECT, 0644);

  unlink (p);
  if (fd < 0)
    {
      g_assert_cmpint (errno, ==, EINVAL);
      return FALSE;
    }
  close (fd);
  return TRUE;
}

/* On the folder's own filesystem (a tmpfs for the /dev/shm case), the
 * labelled mode reports what that filesystem really does. */
static void
test_random_io_direct (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(GError) error = NULL;

  f->plan.direct_io = TRUE;
  f->profile.randio_requests = 200;
  g_assert_true (run_task (f, "rand-read", s, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (metric (s, "direct_io"), ==, 1);
  if (dir_takes_direct_io (f->mount))
    {
      check_randio_sample (f, s);
      g_assert_false (fsb_sample_get (s, "direct_io_refused", NULL));
    }
  else
    {
      g_assert_cmpfloat (metric (s, "direct_io_refused"), ==, 1);
      g_assert_false (fsb_sample_get (s, "mb_per_s", NULL));
    }
}

/* A filesystem that refuses O_DIRECT: reported, not a failure, and no
 * buffered figure passed off under the O_DIRECT label. */
static void
test_random_io_direct_refused (Fixture *f, gconstpointer data)
{
  const char *ids[] = { "rand-read", "rand-write" };

  f->plan.direct_io = TRUE;
  fsb_randio_refuse_direct_for_testing (TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(FsbSample) s = fsb_sample_new ();
      g_autoptr(GError) error = NULL;

      g_assert_true (run_task (f, ids[i], s, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (metric (s, "direct_io"), ==, 1);
      g_assert_cmpfloat (metric (s, "direct_io_refused"), ==, 1);
      g_assert_false (fsb_sample_get (s, "mb_per_s", NULL));
      g_assert_false (fsb_sample_get (s, "iops", NULL));
      g_assert_cmpuint (count_entries (f->mount), ==, 0);
    }
}

/* transfer ------------------------------------------------------------------------- */

typedef struct {
  GArray *calls;   /* of guint pairs */
} ColdLog;

static gboolean
cold_cb (FsbTransferEndpoint *endpoints, guint from, guint to, gpointer user_data,
         GCancellable *cancellable, GError **error)
{
  ColdLog *log = user_data;
  guint pair[2] = { from, to };

  g_array_append_vals (log->calls, pair, 2);
  return TRUE;
}

static void
test_transfer (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbResult) result = fsb_result_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *b = g_build_filename (f->root, "b", NULL);
  FsbTransferEndpoint ep[2] = { { (char *) "ext4", f->mount }, { (char *) "xfs", b } };
  const char *expect[4][2] = { { "ext4", "ext4" }, { "ext4", "xfs" }, { "xfs", "ext4" }, { "xfs", "xfs" } };
  ColdLog log = { g_array_new (FALSE, FALSE, sizeof (guint)) };

  g_assert_cmpint (g_mkdir (b, 0755), ==, 0);
  g_assert_true (fsb_transfer_run (ep, 2, f->profile.transfer_bytes, 2, cold_cb, &log,
                                   NULL, NULL, result, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result->transfers->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      FsbTransfer *t = g_ptr_array_index (result->transfers, i);
      g_assert_cmpstr (t->from, ==, expect[i][0]);
      g_assert_cmpstr (t->to, ==, expect[i][1]);
      g_assert_cmpfloat (t->mb_per_s, >, 0);
    }
  /* Caches made cold before every copy: 4 pairs × 2 repetitions. */
  g_assert_cmpuint (log.calls->len, ==, 16);
  g_assert_cmpuint (g_array_index (log.calls, guint, 2), ==, 0);
  g_assert_cmpuint (g_array_index (log.calls, guint, 6), ==, 0);
  g_assert_cmpuint (g_array_index (log.calls, guint, 7), ==, 1);
  g_array_unref (log.calls);
  /* Nothing left behind. */
  g_assert_cmpuint (count_entries (f->mount), ==, 0);
  g_assert_cmpuint (count_entries (b), ==, 0);
}

/* custom commands ------------------------------------------------------------------ */

static FsbCustomCommand *
command (const char *spec)
{
  FsbCustomCommand *c = g_new0 (FsbCustomCommand, 1);

  g_assert_true (fsb_custom_parse (spec, &c->name, &c->command, NULL));
  return c;
}

static void
command_free (FsbCustomCommand *c)
{
  g_free (c->name);
  g_free (c->command);
  g_free (c);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbCustomCommand, command_free)

static void
test_custom_parse (void)
{
  g_autofree char *name = NULL, *cmd = NULL;
  g_autofree char *id = NULL;
  const char *bad[] = { "noequals", "=ls", "name=", "bad name=ls", "a/b=ls" };

  g_assert_true (fsb_custom_parse ("untar=tar xf a=b.tar", &name, &cmd, NULL));
  g_assert_cmpstr (name, ==, "untar");
  g_assert_cmpstr (cmd, ==, "tar xf a=b.tar");
  id = fsb_custom_task_id (name);
  g_assert_cmpstr (id, ==, "custom:untar");
  g_assert_cmpstr (fsb_task_display_name (id), ==, "untar");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_assert_false (fsb_custom_parse (bad[i], NULL, NULL, &error));
      g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
    }
  /* the task id "custom:NAME" must load again from the result file */
  {
    g_autofree char *longest = g_strnfill (FSB_CUSTOM_NAME_MAX, 'n');
    g_autofree char *ok = g_strconcat (longest, "=ls", NULL);
    g_autofree char *too_long = g_strconcat (longest, "n=ls", NULL);

    g_assert_true (fsb_custom_parse (ok, NULL, NULL, NULL));
    g_assert_false (fsb_custom_parse (too_long, NULL, NULL, NULL));
  }
}

static void
test_custom_success (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbCustomCommand) c = command ("work=pwd > where.txt; i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done");
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *where = g_build_filename (f->mount, "where.txt", NULL);
  g_autofree char *text = NULL;

  f->plan.custom_confirmed = TRUE;
  g_assert_true (fsb_custom_run (&f->plan, c, f->mount, s, NULL, &error));
  g_assert_no_error (error);
  g_assert_null (s->error);
  /* Run in the mounted target. */
  g_assert_true (g_file_get_contents (where, &text, NULL, NULL));
  g_strchomp (text);
  g_assert_cmpstr (text, ==, f->mount);
  /* Measured like /usr/bin/time: a busy shell loop is mostly user time. */
  g_assert_cmpfloat (metric (s, "exit_status"), ==, 0);
  g_assert_cmpfloat (metric (s, "wall_s"), >, 0);
  g_assert_cmpfloat (metric (s, "user_s"), >, 0);
  g_assert_cmpfloat_with_epsilon (metric (s, "cpu_s"), metric (s, "user_s") + metric (s, "sys_s"), 1e-9);
  /* /usr/bin/time's %P; not a fixed figure, other work shares the CPU. */
  g_assert_cmpfloat_with_epsilon (metric (s, "cpu_percent"),
                                  100 * metric (s, "cpu_s") / metric (s, "wall_s"), 1e-6);
  g_assert_cmpfloat (metric (s, "cpu_percent"), >, 0);
  g_assert_cmpfloat (metric (s, "cpu_percent"), <=, 101 * g_get_num_processors ());
  g_assert_cmpfloat (metric (s, "minor_faults"), >, 0);
  g_assert_cmpfloat (metric (s, "major_faults"), >=, 0);
}

static void
test_custom_failure (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbCustomCommand) c = command ("fails=echo starting; echo 'boom: no such thing' >&2; exit 3");
  g_autoptr(FsbCustomCommand) big = command ("noisy=head -c 100000 /dev/zero | tr '\\0' x >&2; echo END >&2; exit 1");
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(FsbSample) s2 = fsb_sample_new ();
  g_autoptr(GError) error = NULL;

  f->plan.custom_confirmed = TRUE;
  g_assert_false (fsb_custom_run (&f->plan, c, f->mount, s, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "fails"));
  g_assert_cmpstr (s->error, ==, "boom: no such thing\n");
  g_assert_cmpfloat (metric (s, "exit_status"), ==, 3);
  g_assert_cmpfloat (metric (s, "wall_s"), >, 0);

  /* Bounded: the tail of a long error output, where the reason is. */
  g_clear_error (&error);
  g_assert_false (fsb_custom_run (&f->plan, big, f->mount, s2, NULL, &error));
  g_assert_cmpuint (strlen (s2->error), <=, FSB_CUSTOM_STDERR_MAX);
  g_assert_true (g_str_has_suffix (s2->error, "xxxEND\n"));
}

/* A command's error output is shown in terminals and reports: its escapes
 * (OSC 52 writes the clipboard, ESC c resets the terminal, the 8-bit CSI)
 * never get that far. */
static void
test_custom_escapes (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbCustomCommand) c =
    command ("esc=printf 'evil\\033]52;c;ZXZpbA==\\007 \\033c \\302\\23331m done\\n' >&2; exit 1");
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(GError) error = NULL;

  f->plan.custom_confirmed = TRUE;
  g_assert_false (fsb_custom_run (&f->plan, c, f->mount, s, NULL, &error));
  g_assert_nonnull (s->error);
  g_assert_true (g_str_has_prefix (s->error, "evil"));
  g_assert_null (strchr (s->error, '\033'));
  g_assert_null (strchr (s->error, '\007'));
  g_assert_null (strstr (s->error, "\302\233"));
  g_assert_nonnull (strstr (s->error, "]52;c;ZXZpbA=="));
  g_assert_true (g_str_has_suffix (s->error, " done\n"));
}

static void
test_custom_unconfirmed (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbCustomCommand) c = command ("touch=touch ran.txt");
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *ran = g_build_filename (f->mount, "ran.txt", NULL);
  g_autofree char *text = NULL;

  f->plan.custom_commands = g_ptr_array_new ();
  g_ptr_array_add (f->plan.custom_commands, c);
  text = fsb_custom_describe (&f->plan);
  g_assert_nonnull (strstr (text, "touch: touch ran.txt"));

  /* A loaded plan: nothing runs until someone confirmed. */
  g_assert_false (f->plan.custom_confirmed);
  g_assert_false (fsb_custom_run (&f->plan, c, f->mount, s, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
  g_assert_false (g_file_test (ran, G_FILE_TEST_EXISTS));

  f->plan.custom_confirmed = TRUE;
  g_clear_error (&error);
  g_assert_true (fsb_custom_run (&f->plan, c, f->mount, s, NULL, &error));
  g_assert_true (g_file_test (ran, G_FILE_TEST_EXISTS));
  g_ptr_array_unref (f->plan.custom_commands);
  f->plan.custom_commands = NULL;
}

/* A result from a file brings its commands back unconfirmed. */
static void
test_custom_from_result (void)
{
  g_autoptr(FsbResult) result = fsb_result_new ();
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  const char *fss[] = { "ext4", "xfs" };
  g_autofree char *text = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (fss); i++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (result, fss[i]);
      FsbTaskResult *t = fsb_fs_result_get_task (fs, "custom:build", TRUE);
      t->command = g_strdup ("make -j2");
      fsb_fs_result_get_task (fs, "big-copy-in", TRUE);
    }
  plan->custom_confirmed = TRUE;
  g_assert_cmpuint (fsb_custom_add_from_result (plan, result), ==, 1);
  g_assert_false (plan->custom_confirmed);
  g_assert_cmpuint (plan->custom_commands->len, ==, 1);
  text = fsb_custom_describe (plan);
  g_assert_nonnull (strstr (text, "build: make -j2"));
}

static gboolean
cancel_cb (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static gpointer
run_thread (gpointer data)
{
  Fixture *f = data;
  g_autoptr(FsbCustomCommand) c = command ("sleepy=sleep 30 & wait");
  g_autoptr(FsbSample) s = fsb_sample_new ();
  GError *error = NULL;

  f->plan.custom_confirmed = TRUE;
  g_assert_false (fsb_custom_run (&f->plan, c, f->mount, s, f->ctx.cancellable, &error));
  return error;
}

static void
test_custom_cancel (Fixture *f, gconstpointer data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  GThread *thread;
  double t0 = fsb_now ();

  f->ctx.cancellable = cancellable;
  g_timeout_add (300, cancel_cb, cancellable);
  thread = g_thread_new ("custom", run_thread, f);
  while (!g_cancellable_is_cancelled (cancellable))
    g_main_context_iteration (NULL, TRUE);
  error = g_thread_join (thread);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_CANCELLED);
  g_assert_cmpfloat (fsb_now () - t0, <, 10);
  f->ctx.cancellable = NULL;
}

/* the table ------------------------------------------------------------------------ */

static void
test_lookup (void)
{
  const char *groups[] = { "kernel-tree", "small-files", "delete-latency", "random-io" };
  guint found = 0;

  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      const FsbWorkloadGroup *group = fsb_catalog_group (groups[g]);

      g_assert_nonnull (group);
      for (guint i = 0; i < group->n_tasks; i++)
        {
          g_assert_nonnull (fsb_workload_lookup (group->tasks[i].id));
          found++;
        }
    }
  g_assert_cmpuint (found, ==, 14);
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func, data) \
  g_test_add (path, Fixture, data, fixture_set_up, func, fixture_tear_down)

  g_test_add_func ("/extra/lookup", test_lookup);
  ADD ("/extra/kernel/dataset", test_kernel_dataset, NULL);
  ADD ("/extra/kernel/dataset-atomic", test_kernel_dataset_atomic, NULL);
  ADD ("/extra/kernel/tasks", test_kernel_tasks, NULL);
  ADD ("/extra/small/tasks", test_small_files, NULL);
  ADD ("/extra/small/missing", test_small_files_missing, NULL);
  ADD ("/extra/delete/latency", test_delete_latency, NULL);
  g_test_add_func ("/extra/delete/outliers", test_delete_outliers);
  ADD ("/extra/randio/buffered", test_random_io, NULL);
  ADD ("/extra/randio/time-bound", test_random_io_time_bound, NULL);
  ADD ("/extra/randio/direct", test_random_io_direct, NULL);
  if (g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR) && access ("/dev/shm", W_OK) == 0)
    ADD ("/extra/randio/direct-tmpfs", test_random_io_direct, "/dev/shm");
  ADD ("/extra/randio/direct-refused", test_random_io_direct_refused, NULL);
  ADD ("/extra/transfer/pairs", test_transfer, NULL);
  g_test_add_func ("/extra/custom/parse", test_custom_parse);
  ADD ("/extra/custom/success", test_custom_success, NULL);
  ADD ("/extra/custom/failure", test_custom_failure, NULL);
  ADD ("/extra/custom/escapes", test_custom_escapes, NULL);
  ADD ("/extra/custom/unconfirmed", test_custom_unconfirmed, NULL);
  ADD ("/extra/custom/cancel", test_custom_cancel, NULL);
  g_test_add_func ("/extra/custom/from-result", test_custom_from_result);

  return g_test_run ();
}
