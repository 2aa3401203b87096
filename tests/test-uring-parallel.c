/* test-uring-parallel.c: the two ways of keeping a disk busy with more than
 * one request: N jobs at once (fsb-parallel) and a queue iodepth deep
 * (fsb-uring), on files in a temporary folder. Each check can fail: a job
 * that fails must stop the others and name its own error, a cancel must
 * stop every job within a second, a short file must give an error and not
 * a hang, and the counts must be the requests made, not the ones asked. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-concurrency.h"
#include "fsb-error.h"
#include "fsb-parallel.h"
#include "fsb-scaling.h"
#include "fsb-test-assert.h"
#include "fsb-uring.h"
#include "fsb-workloads-util.h"
#include "fsb-test-sample.h"

#define BLOCK 16384

typedef struct {
  char    *dir;
  guint64  bytes_per_job;
  gint     fail_job;     /* -1: none */
  gint     running;      /* jobs inside run at once, at most */
  gint     now_running;
  gint     prepared, finished;
} Jobs;

static gboolean
prepare_cb (guint job, gpointer data, FsbJobOutput *out, GCancellable *c, GError **error)
{
  Jobs *j = data;

  g_atomic_int_inc (&j->prepared);
  return TRUE;
}

static gboolean
finish_cb (guint job, gpointer data, FsbJobOutput *out, GCancellable *c, GError **error)
{
  Jobs *j = data;

  g_atomic_int_inc (&j->finished);
  return TRUE;
}

/* Each job writes its own file in 64 KiB pieces, timing each write. */
static gboolean
write_cb (guint job, gpointer data, FsbJobOutput *out, GCancellable *c, GError **error)
{
  Jobs *j = data;
  g_autofree char *name = g_strdup_printf ("job%u", job);
  g_autofree char *path = g_build_filename (j->dir, name, NULL);
  static guint8 buf[65536];
  gint now = g_atomic_int_add (&j->now_running, 1) + 1;
  int fd;

  while (now > g_atomic_int_get (&j->running))
    g_atomic_int_compare_and_exchange (&j->running, g_atomic_int_get (&j->running), now);
  if ((gint) job == j->fail_job)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_NO_SPACE, "job %u has no room", job);
      return FALSE;
    }
  fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  g_assert_cmpint (fd, >=, 0);
  for (guint64 done = 0; done < j->bytes_per_job; done += sizeof buf)
    {
      double t0 = fsb_now (), ms;

      if (g_cancellable_set_error_if_cancelled (c, error))
        {
          close (fd);
          return FALSE;
        }
      g_assert_cmpint (write (fd, buf, sizeof buf), ==, sizeof buf);
      ms = (fsb_now () - t0) * 1000;
      g_array_append_val (out->lat_ms, ms);
      out->bytes += sizeof buf;
      out->ops++;
      /* the others get their turn: all jobs are seen running at once */
      g_usleep (200);
    }
  close (fd);
  g_atomic_int_add (&j->now_running, -1);
  return TRUE;
}

/* Runs until cancelled, checking every 10 ms. */
static gboolean
forever_cb (guint job, gpointer data, FsbJobOutput *out, GCancellable *c, GError **error)
{
  while (!g_cancellable_set_error_if_cancelled (c, error))
    g_usleep (10000);
  return FALSE;
}

static void
test_parallel_counts (void)
{
  g_autoptr(GError) error = NULL;
  FsbJobFuncs funcs = { prepare_cb, write_cb, finish_cb };
  FsbParallelResult r;
  Jobs j = { .fail_job = -1, .bytes_per_job = 4 << 20 };

  j.dir = g_dir_make_tmp ("fsbench-parallel-XXXXXX", &error);
  g_assert_no_error (error);
  fsb_assert_ok (fsb_parallel_run (4, &funcs, &j, NULL, &r, &error), error);
  g_assert_cmpuint (r.n_jobs, ==, 4);
  g_assert_cmpuint (r.bytes, ==, 4 * j.bytes_per_job);
  g_assert_cmpuint (r.ops, ==, 4 * (j.bytes_per_job / 65536));
  g_assert_cmpuint (r.lat_ms->len, ==, r.ops);
  g_assert_cmpint (j.prepared, ==, 4);
  g_assert_cmpint (j.finished, ==, 4);
  /* started together: more than one job was inside its work at once */
  g_assert_cmpint (j.running, >, 1);
  g_assert_cmpfloat (r.seconds, >, 0);
  g_assert_cmpfloat (r.seconds, >=, r.slowest_job_s);
  g_assert_cmpfloat (r.fastest_job_s, <=, r.slowest_job_s);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup_printf ("job%u", i);
      g_autofree char *path = g_build_filename (j.dir, name, NULL);
      GStatBuf st;

      g_assert_cmpint (g_stat (path, &st), ==, 0);
      g_assert_cmpint (st.st_size, ==, (goffset) j.bytes_per_job);
      g_unlink (path);
    }
  fsb_parallel_result_clear (&r);
  g_rmdir (j.dir);
  g_free (j.dir);
}

static void
test_parallel_failure (void)
{
  g_autoptr(GError) error = NULL;
  FsbJobFuncs funcs = { prepare_cb, write_cb, finish_cb };
  FsbParallelResult r;
  Jobs j = { .fail_job = 2, .bytes_per_job = 1ull << 40 };   /* the others would never end alone */
  double t0;

  j.dir = g_dir_make_tmp ("fsbench-parallel-XXXXXX", &error);
  g_assert_no_error (error);
  t0 = fsb_now ();
  g_assert_false (fsb_parallel_run (3, &funcs, &j, NULL, &r, &error));
  /* the failing job's own error, not the "cancelled" of the others */
  g_assert_error (error, FSB_ERROR, FSB_ERROR_NO_SPACE);
  g_assert_cmpfloat (fsb_now () - t0, <, 5);
  g_assert_null (r.lat_ms);
  g_assert_cmpint (j.finished, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("job%u", i);
      g_autofree char *path = g_build_filename (j.dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (j.dir);
  g_free (j.dir);
}

static gboolean
cancel_cb (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static gpointer
cancel_later (gpointer data)
{
  g_usleep (200000);
  cancel_cb (data);
  return NULL;
}

static void
test_parallel_cancel (void)
{
  g_autoptr(GCancellable) c = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  FsbJobFuncs funcs = { NULL, forever_cb, NULL };
  FsbParallelResult r;
  GThread *canceller;
  double t0 = fsb_now ();

  canceller = g_thread_new ("cancel", cancel_later, c);
  g_assert_false (fsb_parallel_run (8, &funcs, NULL, c, &r, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_CANCELLED);
  /* every job stopped within a second of the cancel */
  g_assert_cmpfloat (fsb_now () - t0, <, 1.2);
  g_thread_join (canceller);
}

static void
test_efficiency (void)
{
  g_assert_cmpfloat_with_epsilon (fsb_scaling_efficiency (400, 4, 100), 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (fsb_scaling_efficiency (100, 4, 100), 0.25, 1e-12);
  g_assert_cmpfloat (fsb_scaling_efficiency (100, 4, 0), ==, 0);
}

/* io_uring --------------------------------------------------------------- */

typedef struct {
  char *dir;
  int   fds[2];
} Files;

static gboolean
files_make (Files *f, guint64 bytes)
{
  g_autoptr(GError) error = NULL;

  if (!fsb_uring_available (&error))
    {
      g_test_skip (error->message);
      return FALSE;
    }
  f->dir = g_dir_make_tmp ("fsbench-uring-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      f->fds[i] = open (path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      g_assert_cmpint (f->fds[i], >=, 0);
      g_assert_cmpint (ftruncate (f->fds[i], (off_t) bytes), ==, 0);
    }
  return TRUE;
}

static void
files_free (Files *f)
{
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      close (f->fds[i]);
      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
}

static void
test_uring_depths (void)
{
  Files f;

  if (!files_make (&f, 4 << 20))
    return;
  for (guint depth = 1; depth <= 32; depth *= 8)
    for (int write = 0; write <= 1; write++)
      {
        g_autoptr(GError) error = NULL;
        FsbUringJob job = { f.fds, 2, 4 << 20, BLOCK, depth, write, 3000, 0, 42, NULL };
        FsbUringResult r;

        fsb_assert_ok (fsb_uring_random_io (&job, &r, &error), error);
        g_assert_cmpuint (r.done, ==, 3000);
        g_assert_cmpuint (r.lat_ms->len, ==, 3000);
        g_assert_cmpfloat (r.seconds, >, 0);
        fsb_uring_result_clear (&r);
      }
  files_free (&f);
}

static void
test_uring_short_file (void)
{
  g_autoptr(GError) error = NULL;
  Files f;
  FsbUringResult r;

  /* the job believes the files are 64 MiB; they hold 1 MiB: the reads past
   * their end come back short, which must be an error, not a figure */
  if (!files_make (&f, 1 << 20))
    return;
  {
    FsbUringJob job = { f.fds, 2, 64 << 20, BLOCK, 8, FALSE, 5000, 0, 7, NULL };

    g_assert_false (fsb_uring_random_io (&job, &r, &error));
    g_assert_error (error, FSB_ERROR, FSB_ERROR_FAILED);
    g_assert_null (r.lat_ms);
  }
  files_free (&f);
}

static void
test_uring_cancel (void)
{
  g_autoptr(GCancellable) c = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  GThread *canceller;
  FsbUringResult r;
  Files f;
  double t0;

  if (!files_make (&f, 4 << 20))
    return;
  {
    /* a billion requests: only the cancel ends it */
    FsbUringJob job = { f.fds, 2, 4 << 20, BLOCK, 32, FALSE, 1000000000, 0, 9, c };

    t0 = fsb_now ();
    canceller = g_thread_new ("cancel", cancel_later, c);
    g_assert_false (fsb_uring_random_io (&job, &r, &error));
    g_assert_error (error, FSB_ERROR, FSB_ERROR_CANCELLED);
    g_assert_cmpfloat (fsb_now () - t0, <, 1.2);
    g_thread_join (canceller);
  }
  files_free (&f);
}

static void
test_uring_time_limit (void)
{
  g_autoptr(GError) error = NULL;
  FsbUringResult r;
  Files f;

  if (!files_make (&f, 4 << 20))
    return;
  {
    FsbUringJob job = { f.fds, 2, 4 << 20, BLOCK, 8, TRUE, 1000000000, 0.3, 11, NULL };

    fsb_assert_ok (fsb_uring_random_io (&job, &r, &error), error);
    g_assert_cmpfloat (r.seconds, >=, 0.3);
    g_assert_cmpfloat (r.seconds, <, 3);
    g_assert_cmpuint (r.done, <, 1000000000);
    g_assert_cmpuint (r.lat_ms->len, ==, r.done);
    fsb_uring_result_clear (&r);
  }
  files_free (&f);
}

/* many writers ------------------------------------------------------------ */

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
test_conc_kinds (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *top = g_dir_make_tmp ("fsbench-conc-XXXXXX", &error);
  g_autofree char *dir = g_build_filename (top, "work", NULL);

  for (guint jobs = 1; jobs <= 3; jobs += 2)
    {
      FsbConcSpec spec = { FSB_CONC_SEQ_WRITE, dir, jobs, 3 * 1048576 + 4096, 50, 5, NULL };
      FsbParallelResult r;
      FsbSample *s;

      /* writers, then readers of what they wrote */
      fsb_assert_ok (fsb_conc_run (&spec, &r, &error), error);
      g_assert_cmpuint (r.bytes, ==, jobs * spec.bytes);
      g_assert_cmpuint (r.ops, ==, jobs * 4);
      s = fsb_sample_new ();
      fsb_conc_record (&spec, &r, s);
      g_assert_cmpfloat (fsb_test_sample_get (s, "jobs"), ==, jobs);
      g_assert_cmpfloat (fsb_test_sample_get (s, "mb_per_s"), >, 0);
      g_assert_cmpfloat (fsb_test_sample_get (s, "latency_p999_ms"), >=, fsb_test_sample_get (s, "latency_p50_ms"));
      g_assert_cmpfloat (fsb_test_sample_get (s, "job_spread"), >=, 1);
      fsb_sample_free (s);
      fsb_parallel_result_clear (&r);
      spec.kind = FSB_CONC_SEQ_READ;
      fsb_assert_ok (fsb_conc_run (&spec, &r, &error), error);
      g_assert_cmpuint (r.bytes, ==, jobs * spec.bytes);
      fsb_parallel_result_clear (&r);
      g_assert_true (fsb_conc_clean (&spec, &error));

      /* creators: own folders, then one shared folder */
      spec.kind = FSB_CONC_CREATE;
      fsb_assert_ok (fsb_conc_run (&spec, &r, &error), error);
      g_assert_cmpuint (r.ops, ==, jobs * 50);
      g_assert_cmpuint (count_files (dir), ==, jobs);
      for (guint j = 0; j < jobs; j++)
        {
          g_autofree char *name = g_strdup_printf ("folder%u", j);
          g_autofree char *folder = g_build_filename (dir, name, NULL);
          g_assert_cmpuint (count_files (folder), ==, 50);
        }
      s = fsb_sample_new ();
      fsb_conc_record (&spec, &r, s);
      g_assert_cmpfloat (fsb_test_sample_get (s, "files_per_s"), >, 0);
      fsb_sample_free (s);
      fsb_parallel_result_clear (&r);
      g_assert_true (fsb_conc_clean (&spec, &error));
      spec.kind = FSB_CONC_CREATE_SHARED;
      fsb_assert_ok (fsb_conc_run (&spec, &r, &error), error);
      {
        g_autofree char *shared = g_build_filename (dir, "shared", NULL);
        g_assert_cmpuint (count_files (dir), ==, 1);
        g_assert_cmpuint (count_files (shared), ==, jobs * 50);
      }
      fsb_parallel_result_clear (&r);
      g_assert_true (fsb_conc_clean (&spec, &error));

      /* random writes in each job's region, then commits */
      spec.kind = FSB_CONC_RAND_WRITE;
      spec.bytes = 1 << 20;
      fsb_assert_ok (fsb_conc_run (&spec, &r, &error), error);
      {
        g_autofree char *regions = g_build_filename (dir, "regions", NULL);
        GStatBuf st;
        g_assert_cmpint (g_stat (regions, &st), ==, 0);
        g_assert_cmpint (st.st_size, ==, (goffset) jobs << 20);
      }
      s = fsb_sample_new ();
      fsb_conc_record (&spec, &r, s);
      g_assert_cmpfloat (fsb_test_sample_get (s, "iops"), >, 0);
      g_assert_cmpfloat (fsb_test_sample_get (s, "operations"), ==, jobs * 50);
      fsb_sample_free (s);
      fsb_parallel_result_clear (&r);
      spec.kind = FSB_CONC_COMMIT;
      fsb_assert_ok (fsb_conc_run (&spec, &r, &error), error);
      g_assert_cmpuint (r.bytes, ==, jobs * 50 * 4096);
      s = fsb_sample_new ();
      fsb_conc_record (&spec, &r, s);
      g_assert_cmpfloat (fsb_test_sample_get (s, "commits_per_s"), >, 0);
      fsb_sample_free (s);
      fsb_parallel_result_clear (&r);
      g_assert_true (fsb_conc_clean (&spec, &error));
      g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
    }
  g_rmdir (top);
}

static void
test_conc_missing (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("fsbench-conc-XXXXXX", &error);
  /* readers with nothing written: an error naming the folder, no hang */
  FsbConcSpec spec = { FSB_CONC_SEQ_READ, dir, 2, 1 << 20, 1, 5, NULL };
  FsbParallelResult r;

  g_assert_false (fsb_conc_run (&spec, &r, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, dir));
  g_assert_true (fsb_conc_clean (&spec, NULL));
}

static void
test_conc_cancel (void)
{
  g_autoptr(GCancellable) c = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *top = g_dir_make_tmp ("fsbench-conc-XXXXXX", &error);
  g_autofree char *dir = g_build_filename (top, "work", NULL);
  /* four jobs creating a million files each into one folder */
  FsbConcSpec spec = { FSB_CONC_CREATE_SHARED, dir, 4, 0, 1000000, 5, c };
  FsbParallelResult r;
  GThread *canceller;
  double t0 = fsb_now ();

  canceller = g_thread_new ("cancel", cancel_later, c);
  g_assert_false (fsb_conc_run (&spec, &r, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_CANCELLED);
  g_assert_cmpfloat (fsb_now () - t0, <, 1.5);
  g_thread_join (canceller);
  spec.cancellable = NULL;
  g_assert_true (fsb_conc_clean (&spec, NULL));
  g_rmdir (top);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/parallel/counts", test_parallel_counts);
  g_test_add_func ("/parallel/failure", test_parallel_failure);
  g_test_add_func ("/parallel/cancel", test_parallel_cancel);
  g_test_add_func ("/parallel/efficiency", test_efficiency);
  g_test_add_func ("/uring/depths", test_uring_depths);
  g_test_add_func ("/uring/short-file", test_uring_short_file);
  g_test_add_func ("/uring/cancel", test_uring_cancel);
  g_test_add_func ("/uring/time-limit", test_uring_time_limit);
  g_test_add_func ("/conc/kinds", test_conc_kinds);
  g_test_add_func ("/conc/missing", test_conc_missing);
  g_test_add_func ("/conc/cancel", test_conc_cancel);
  return g_test_run ();
}
