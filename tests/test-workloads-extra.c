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
#include "fsb-test-assert.h"
#include "fsb-workload.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"

#include "workloads-fixture.h"

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

      fsb_assert_ok (run_task (f, ids[i], s, &error), error);
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
    fsb_assert_ok (run_task (f, "kernel-delete", s, &error), error);
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

      fsb_assert_ok (run_task (f, create, c, &error), error);
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

      fsb_assert_ok (run_task (f, stat_id, s, &error), error);
      g_assert_cmpfloat (metric (s, "files"), ==, f->profile.small_files);
      g_assert_cmpfloat (metric (s, "bytes"), ==, metric (c, "bytes"));
      g_assert_cmpfloat (metric (s, "files_per_s"), >, 0);

      fsb_assert_ok (run_task (f, del, d, &error), error);
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
      fsb_assert_ok (run_task (f, ids[t], s, &error), error);
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
  g_assert_true (fsb_task_result_stats (NULL, &task, "wall_s", &st));
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
  fsb_assert_ok (fsb_workload_lookup_setup ("rand-read") (&f->ctx, NULL, &error), error);
  fsb_assert_ok (run_task (f, "rand-read", r, &error), error);
  check_randio_sample (f, r);
  g_assert_cmpfloat (metric (r, "direct_io"), ==, 0);
  g_assert_false (fsb_sample_get (r, "direct_io_refused", NULL));
  g_assert_cmpuint (count_entries (dir), ==, f->profile.randio_files);
  g_assert_cmpint (stat (file0, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, f->profile.randio_file_bytes);
  g_assert_cmpfloat (compressed_ratio (file0), >, 0.99);

  g_assert_cmpfloat (metric (r, "fsyncs"), ==, 0);
  g_assert_false (fsb_sample_get (r, "prepared_in_task", NULL));

  fsb_assert_ok (run_task (f, "rand-write", w, &error), error);
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
  fsb_assert_ok (run_task (f, "rand-write", s, &error), error);
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
  fsb_assert_ok (run_task (f, "rand-read", s, &error), error);
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

      fsb_assert_ok (run_task (f, ids[i], s, &error), error);
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
  g_assert_true (fsb_transfer_run ("transfer", ep, 2, f->profile.transfer_bytes, 2, cold_cb, &log,
                                   NULL, NULL, result, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (result->transfers->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      FsbTransfer *t = g_ptr_array_index (result->transfers, i);
      g_assert_cmpstr (t->from, ==, expect[i][0]);
      g_assert_cmpstr (t->to, ==, expect[i][1]);
      g_assert_cmpstr (t->task->id, ==, "transfer");
      /* each copy a sample of its own */
      g_assert_cmpuint (t->task->samples->len, ==, 2);
      for (guint k = 0; k < 2; k++)
        {
          double bytes, rate;

          g_assert_true (fsb_sample_get (t->task->samples->pdata[k], "bytes", &bytes));
          g_assert_cmpfloat (bytes, ==, (double) f->profile.transfer_bytes);
          g_assert_true (fsb_sample_get (t->task->samples->pdata[k], "mb_per_s", &rate));
          g_assert_cmpfloat (rate, >, 0);
        }
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

  return g_test_run ();
}
