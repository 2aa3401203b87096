/* fsb-concurrency.c: many writers at once (see fsb-concurrency.h) */
#include "config.h"

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fsb-concurrency.h"
#include "fsb-workload.h"
#include "fsb-error.h"
#include "fsb-rng.h"
#include "fsb-workloads-util.h"

#define CHUNK      (1 << 20)   /* sequential requests */
#define SMALL      4096        /* a created file, a commit's record */
#define BLOCK      16384       /* a random write */
#define CHECK_EVERY 64         /* operations between looks at the cancellable */

typedef struct {
  int     fd;
  int     dir_fd;
  char   *folder;
  guint8 *buf;
  FsbRng  rng;
} JobState;

typedef struct {
  const FsbConcSpec *spec;
  JobState           job[FSB_PARALLEL_MAX_JOBS];
} Conc;

static char *
job_path (const FsbConcSpec *spec, const char *prefix, guint job)
{
  g_autofree char *name = g_strdup_printf ("%s%u", prefix, job);
  return g_build_filename (spec->dir, name, NULL);
}

/* The random region file of RAND_WRITE: one file, a region per job. */
static char *
region_file (const FsbConcSpec *spec)
{
  return g_build_filename (spec->dir, "regions", NULL);
}

static gboolean
write_all (int fd, const guint8 *buf, gsize len, off_t off, const char *path, GError **error)
{
  ssize_t n = off < 0 ? write (fd, buf, len) : pwrite (fd, buf, len, off);

  if (n == (ssize_t) len)
    return TRUE;
  return fsb_errno_fail (error, n < 0 ? errno : ENOSPC, _("Cannot write “%s”: %s"), path);
}

static void
add_latency (FsbJobOutput *out, double t0)
{
  double ms = (fsb_now () - t0) * 1000.0;
  g_array_append_val (out->lat_ms, ms);
  out->ops++;
}

/* Untimed, in each job's thread before the common start. */
static gboolean
prepare_cb (guint j, gpointer data, FsbJobOutput *out, GCancellable *c, GError **error)
{
  Conc *conc = data;
  const FsbConcSpec *spec = conc->spec;
  JobState *s = &conc->job[j];
  g_autofree char *path = NULL;

  s->fd = s->dir_fd = -1;
  fsb_rng_init (&s->rng, spec->seed + j);
  if (posix_memalign ((void **) &s->buf, 4096, CHUNK) != 0)
    g_error ("out of memory");
  fsb_rng_fill (&s->rng, s->buf, CHUNK);

  switch (spec->kind)
    {
    case FSB_CONC_SEQ_WRITE:
    case FSB_CONC_COMMIT:
      path = job_path (spec, spec->kind == FSB_CONC_COMMIT ? "commits" : "stream", j);
      s->fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      break;
    case FSB_CONC_SEQ_READ:
      path = job_path (spec, "stream", j);
      fsb_drop_file_cache (path);
      s->fd = open (path, O_RDONLY | O_CLOEXEC);
      break;
    case FSB_CONC_CREATE:
    case FSB_CONC_CREATE_SHARED:
      s->folder = spec->kind == FSB_CONC_CREATE ? job_path (spec, "folder", j)
                                                : g_build_filename (spec->dir, "shared", NULL);
      if (g_mkdir_with_parents (s->folder, 0755) < 0)
        return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), s->folder);
      s->dir_fd = open (s->folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (s->dir_fd < 0)
        return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), s->folder);
      return TRUE;
    case FSB_CONC_RAND_WRITE:
      /* The job's region is written whole first, so the random writes
       * overwrite blocks the filesystem has placed (as sysbench prepares). */
      path = region_file (spec);
      s->fd = open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
      if (s->fd < 0)
        break;
      for (guint64 done = 0; done < spec->bytes; done += CHUNK)
        if (!write_all (s->fd, s->buf, MIN (CHUNK, spec->bytes - done), (off_t) (j * spec->bytes + done), path, error))
          return FALSE;
      if (fdatasync (s->fd) < 0)
        return fsb_errno_fail (error, errno, _("Cannot flush “%s”: %s"), path);
      posix_fadvise (s->fd, (off_t) (j * spec->bytes), (off_t) spec->bytes, POSIX_FADV_DONTNEED);
      break;
    }
  if (s->fd < 0)
    return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), path);
  return TRUE;
}

static gboolean
seq_write (const FsbConcSpec *spec, JobState *s, FsbJobOutput *out, GCancellable *c, GError **error)
{
  for (guint64 done = 0; done < spec->bytes; done += CHUNK)
    {
      gsize len = MIN (CHUNK, spec->bytes - done);
      double t0 = fsb_now ();

      if (g_cancellable_set_error_if_cancelled (c, error))
        return FALSE;
      if (!write_all (s->fd, s->buf, len, -1, spec->dir, error))
        return FALSE;
      add_latency (out, t0);
      out->bytes += len;
    }
  out->io_end = fsb_now ();
  return fsync (s->fd) == 0 || fsb_errno_fail (error, errno, _("Cannot flush “%s”: %s"), spec->dir);
}

static gboolean
seq_read (const FsbConcSpec *spec, JobState *s, FsbJobOutput *out, GCancellable *c, GError **error)
{
  for (;;)
    {
      double t0 = fsb_now ();
      ssize_t n;

      if (g_cancellable_set_error_if_cancelled (c, error))
        return FALSE;
      n = read (s->fd, s->buf, CHUNK);
      if (n < 0)
        return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), spec->dir);
      if (n == 0)
        break;
      add_latency (out, t0);
      out->bytes += (guint64) n;
    }
  out->io_end = fsb_now ();
  return TRUE;
}

static gboolean
create_files (const FsbConcSpec *spec, guint j, JobState *s, FsbJobOutput *out, GCancellable *c, GError **error)
{
  for (guint i = 0; i < spec->count; i++)
    {
      g_autofree char *name = g_strdup_printf ("j%u-%06u", j, i);
      double t0;
      int fd;

      if (i % CHECK_EVERY == 0 && g_cancellable_set_error_if_cancelled (c, error))
        return FALSE;
      t0 = fsb_now ();
      fd = openat (s->dir_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
      if (fd < 0)
        return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), s->folder);
      if (!write_all (fd, s->buf, SMALL, -1, s->folder, error))
        {
          close (fd);
          return FALSE;
        }
      close (fd);
      add_latency (out, t0);
      out->bytes += SMALL;
    }
  out->io_end = fsb_now ();
  /* the files and their folder reach the disk inside the time */
  return syncfs (s->dir_fd) == 0 || fsb_errno_fail (error, errno, _("Cannot flush “%s”: %s"), s->folder);
}

static gboolean
rand_write (const FsbConcSpec *spec, guint j, JobState *s, FsbJobOutput *out, GCancellable *c, GError **error)
{
  guint64 blocks = MAX (spec->bytes / BLOCK, 1);

  for (guint i = 0; i < spec->count; i++)
    {
      off_t off = (off_t) (j * spec->bytes + fsb_rng_below (&s->rng, blocks) * BLOCK);
      double t0;

      if (i % CHECK_EVERY == 0 && g_cancellable_set_error_if_cancelled (c, error))
        return FALSE;
      t0 = fsb_now ();
      if (!write_all (s->fd, s->buf + (i % (CHUNK / BLOCK)) * BLOCK, BLOCK, off, spec->dir, error))
        return FALSE;
      add_latency (out, t0);
      out->bytes += BLOCK;
    }
  out->io_end = fsb_now ();
  return fdatasync (s->fd) == 0 || fsb_errno_fail (error, errno, _("Cannot flush “%s”: %s"), spec->dir);
}

static gboolean
commits (const FsbConcSpec *spec, JobState *s, FsbJobOutput *out, GCancellable *c, GError **error)
{
  for (guint i = 0; i < spec->count; i++)
    {
      double t0;

      if (g_cancellable_set_error_if_cancelled (c, error))
        return FALSE;
      t0 = fsb_now ();
      if (!write_all (s->fd, s->buf + (i % (CHUNK / SMALL)) * SMALL, SMALL, -1, spec->dir, error))
        return FALSE;
      if (fdatasync (s->fd) < 0)
        return fsb_errno_fail (error, errno, _("Cannot flush “%s”: %s"), spec->dir);
      add_latency (out, t0);
      out->bytes += SMALL;
    }
  out->io_end = fsb_now ();
  return TRUE;
}

static gboolean
run_cb (guint j, gpointer data, FsbJobOutput *out, GCancellable *c, GError **error)
{
  Conc *conc = data;
  const FsbConcSpec *spec = conc->spec;
  JobState *s = &conc->job[j];

  switch (spec->kind)
    {
    case FSB_CONC_SEQ_WRITE:      return seq_write (spec, s, out, c, error);
    case FSB_CONC_SEQ_READ:       return seq_read (spec, s, out, c, error);
    case FSB_CONC_CREATE:
    case FSB_CONC_CREATE_SHARED:  return create_files (spec, j, s, out, c, error);
    case FSB_CONC_RAND_WRITE:     return rand_write (spec, j, s, out, c, error);
    case FSB_CONC_COMMIT:         return commits (spec, s, out, c, error);
    }
  g_assert_not_reached ();
}

static gboolean
finish_cb (guint j, gpointer data, FsbJobOutput *out, GCancellable *c, GError **error)
{
  Conc *conc = data;
  JobState *s = &conc->job[j];

  if (s->fd >= 0)
    close (s->fd);
  if (s->dir_fd >= 0)
    close (s->dir_fd);
  free (s->buf);
  g_free (s->folder);
  memset (s, 0, sizeof *s);
  return TRUE;
}

gboolean
fsb_conc_run (const FsbConcSpec *spec, FsbParallelResult *result, GError **error)
{
  static const FsbJobFuncs funcs = { prepare_cb, run_cb, finish_cb };
  g_autofree Conc *conc = g_new0 (Conc, 1);

  g_return_val_if_fail (spec->jobs >= 1 && spec->jobs <= FSB_PARALLEL_MAX_JOBS, FALSE);
  if (g_mkdir_with_parents (spec->dir, 0755) < 0)
    return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), spec->dir);
  conc->spec = spec;
  return fsb_parallel_run (spec->jobs, &funcs, conc, spec->cancellable, result, error);
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

void
fsb_conc_record (const FsbConcSpec *spec, FsbParallelResult *r, FsbSample *sample)
{
  const double *lat;
  double secs = r->seconds > 0 ? r->seconds : 1e-9;
  guint n = r->lat_ms->len;

  qsort (r->lat_ms->data, n, sizeof (double), compare_doubles);
  lat = (const double *) r->lat_ms->data;
  fsb_sample_set (sample, "jobs", r->n_jobs);
  fsb_sample_set (sample, "bytes", (double) r->bytes);
  fsb_sample_set (sample, "operations", (double) r->ops);
  fsb_sample_set (sample, "io_s", r->io_seconds);
  fsb_sample_set (sample, "mb_per_s", r->bytes / 1e6 / secs);
  switch (spec->kind)
    {
    case FSB_CONC_CREATE:
    case FSB_CONC_CREATE_SHARED:
      fsb_sample_set (sample, "files_per_s", r->ops / secs);
      break;
    case FSB_CONC_RAND_WRITE:
      fsb_sample_set (sample, "iops", r->ops / secs);
      break;
    case FSB_CONC_COMMIT:
      fsb_sample_set (sample, "commits_per_s", r->ops / secs);
      break;
    default:
      break;
    }
  fsb_sample_set (sample, "latency_p50_ms", fsb_percentile (lat, n, 0.50));
  fsb_sample_set (sample, "latency_p99_ms", fsb_percentile (lat, n, 0.99));
  fsb_sample_set (sample, "latency_p999_ms", fsb_percentile (lat, n, 0.999));
  fsb_sample_set (sample, "latency_max_ms", n > 0 ? lat[n - 1] : 0);
  fsb_sample_set (sample, FSB_THREADS_USER_S, r->user_s);
  fsb_sample_set (sample, FSB_THREADS_SYS_S, r->sys_s);
  fsb_sample_set (sample, FSB_THREADS_MINOR_FAULTS, (double) r->minor_faults);
  fsb_sample_set (sample, FSB_THREADS_MAJOR_FAULTS, (double) r->major_faults);
  /* how evenly the filesystem shared itself out: 1 when every job took as long */
  fsb_sample_set (sample, "job_spread", r->fastest_job_s > 0 ? r->slowest_job_s / r->fastest_job_s : 1);
}

gboolean
fsb_conc_clean (const FsbConcSpec *spec, GError **error)
{
  FsbTreeCount junk = { 0 };

  return fsb_remove_tree (spec->dir, &junk, spec->cancellable, error);
}
