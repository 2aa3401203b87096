/* fsb-group-random-io.c: the random-io group (seed 004), as sysbench
 * fileio rndrd and rndwr do it: 16 KiB blocks at random offsets in a set
 * of files, bounded by a request count and a time */
#include "config.h"

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-workloads-private.h"
#include "fsb-fileops.h"
#include "fsb-workloads-util.h"

/* Its sizes. */
#define RANDIO_FILES      "randio-files"
#define RANDIO_FILE_SIZE  "randio-file-size"
#define RANDIO_REQUESTS   "randio-requests"
#define RANDIO_SECONDS    "randio-seconds"

#define RANDIO_BLOCK      16384   /* sysbench --file-block-size default */
#define RANDIO_FSYNC_FREQ 100     /* sysbench --file-fsync-freq default */
#define RANDIO_ALIGN      4096

static gboolean refuse_direct_for_testing;

void
fsb_randio_refuse_direct_for_testing (gboolean refuse)
{
  refuse_direct_for_testing = refuse;
}

static char *
randio_dir (FsbWorkloadContext *ctx)
{
  return g_build_filename (ctx->mount_point, "randio", NULL);
}

static char *
randio_file (const char *dir, guint i)
{
  g_autofree char *name = g_strdup_printf ("test_file.%u", i);   /* sysbench's names */
  return g_build_filename (dir, name, NULL);
}

typedef struct {
  guint   randio_files;
  guint64 randio_file_bytes;
  guint   randio_requests;
  double  randio_seconds;
} RandioSizes;

static RandioSizes
sizes_of (const FsbSizes *s)
{
  RandioSizes r = {
    fsb_sizes_get_uint (s, RANDIO_FILES), fsb_sizes_get_u64 (s, RANDIO_FILE_SIZE),
    fsb_sizes_get_uint (s, RANDIO_REQUESTS), fsb_sizes_get (s, RANDIO_SECONDS),
  };
  return r;
}

static guint64
file_bytes (const FsbSizes *sizes)
{
  /* Whole blocks only, at least one. */
  return MAX (fsb_sizes_get_u64 (sizes, RANDIO_FILE_SIZE) / RANDIO_BLOCK, 1) * RANDIO_BLOCK;
}

static int
open_file (const char *path, int flags, gboolean direct)
{
  if (direct && refuse_direct_for_testing)
    {
      errno = EINVAL;
      return -1;
    }
  return open (path, flags | O_CLOEXEC | (direct ? O_DIRECT : 0));
}

/* sysbench prepare: the files are written once, flushed, and dropped from
 * the page cache so the random phase starts cold. Files already there
 * with the right size (rand-read made them for rand-write) are kept. */
static gboolean
prepare (FsbWorkloadContext *ctx, const char *dir, GError **error)
{
  guint64 bytes = file_bytes (ctx->sizes);
  FsbRng rng;

  if (g_mkdir_with_parents (dir, 0755) < 0)
    return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), dir);
  fsb_rng_init (&rng, fsb_seed_from ("random-io", fsb_sizes_get_uint (ctx->sizes, RANDIO_FILES), bytes));
  for (guint i = 0; i < fsb_sizes_get_uint (ctx->sizes, RANDIO_FILES); i++)
    {
      g_autofree char *path = randio_file (dir, i);
      struct stat st;

      if (stat (path, &st) == 0 && (guint64) st.st_size == bytes)
        {
          fsb_drop_file_cache (path);
          continue;
        }
      if (!fsb_write_random_file (path, bytes, &rng, TRUE, TRUE, ctx->cancellable, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
files_ready (FsbWorkloadContext *ctx, const char *dir)
{
  guint64 bytes = file_bytes (ctx->sizes);

  for (guint i = 0; i < fsb_sizes_get_uint (ctx->sizes, RANDIO_FILES); i++)
    {
      g_autofree char *path = randio_file (dir, i);
      struct stat st;

      if (stat (path, &st) < 0 || (guint64) st.st_size != bytes)
        return FALSE;
    }
  return TRUE;
}

/* TRUE when the filesystem takes O_DIRECT; FALSE with errno otherwise. */
static gboolean
probe_direct (const char *dir, int *errsv)
{
  g_autofree char *path = g_build_filename (dir, ".direct-io-probe", NULL);
  int fd;

  if (g_mkdir_with_parents (dir, 0755) < 0)
    {
      *errsv = errno;
      return FALSE;
    }
  fd = open_file (path, O_RDWR | O_CREAT | O_TRUNC, TRUE);
  *errsv = errno;
  unlink (path);
  if (fd < 0)
    return FALSE;
  close (fd);
  return TRUE;
}

/* Untimed: the runner calls it before it remounts the target cold, so
 * the reads that follow find nothing in any cache. */
gboolean
fsb_workload_randio_setup (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *dir = randio_dir (ctx);

  if (ctx->plan != NULL && ctx->plan->direct_io)
    {
      int errsv = 0;

      /* Nothing to prepare where the task will only report the refusal. */
      if (!probe_direct (dir, &errsv))
        {
          g_rmdir (dir);
          return TRUE;
        }
    }
  return prepare (ctx, dir, error);
}

static gboolean
fsync_all (const int *fds, guint n, const char *dir, GError **error)
{
  for (guint i = 0; i < n; i++)
    if (fsync (fds[i]) < 0)
      return fsb_errno_fail (error, errno, _("Cannot flush “%s”: %s"), dir);
  return TRUE;
}

/* Direct I/O where the plan asks for it (a filesystem that refuses it
 * sets *refused: the result says so instead of a buffered figure under a
 * wrong label), and the files, made here when the group's setup did not
 * (a task run on its own, which the sample records). */
static gboolean
get_ready (FsbWorkloadContext *ctx, FsbSample *sample, const char *dir, gboolean direct,
           gboolean *refused, GError **error)
{
  fsb_sample_set (sample, "direct_io", direct ? 1 : 0);
  if (direct)
    {
      int errsv = 0;

      if (!probe_direct (dir, &errsv))
        {
          if (errsv != EINVAL && errsv != EOPNOTSUPP)
            return fsb_errno_fail (error, errsv, _("Cannot read “%s”: %s"), dir);
          fsb_sample_set (sample, "direct_io_refused", 1);
          g_rmdir (dir);
          *refused = TRUE;
          return TRUE;
        }
    }
  if (!files_ready (ctx, dir))
    {
      fsb_sample_set (sample, "prepared_in_task", 1);
      if (!prepare (ctx, dir, error))
        return FALSE;
    }
  return TRUE;
}

/* The figures sysbench prints, from the latency of every event (sorted here). */
static void
record_figures (FsbSample *sample, GArray *lat, guint64 events, guint64 fsyncs, guint64 done, double elapsed)
{
  fsb_workload_set_latencies (sample, lat);
  fsb_sample_set (sample, "requests", events);
  fsb_sample_set (sample, "fsyncs", fsyncs);
  fsb_sample_set (sample, "bytes", (double) done * RANDIO_BLOCK);
  fsb_sample_set (sample, "io_s", elapsed);
  fsb_sample_set (sample, "mb_per_s", elapsed > 0 ? done * RANDIO_BLOCK / 1e6 / elapsed : 0);
  fsb_sample_set (sample, "iops", elapsed > 0 ? done / elapsed : 0);
}

static gboolean
random_io (FsbWorkloadContext *ctx, FsbSample *sample, gboolean write_mode, GError **error)
{
  RandioSizes sizes = sizes_of (ctx->sizes);
  const RandioSizes *profile = &sizes;
  gboolean direct = ctx->plan != NULL && ctx->plan->direct_io;
  g_autofree char *dir = randio_dir (ctx);
  g_autofree int *fds = NULL;
  g_autoptr(GArray) lat = NULL;
  guint64 blocks = file_bytes (ctx->sizes) / RANDIO_BLOCK;
  guint n_files = MAX (profile->randio_files, 1);
  guint64 done = 0, events = 0, fsyncs = 0;
  guint fsync_next = 0;
  gboolean dirty = FALSE;
  double start, elapsed, deadline;
  gboolean ok = TRUE, refused = FALSE;
  guint8 *buf = NULL;
  FsbRng rng;

  if (!get_ready (ctx, sample, dir, direct, &refused, error))
    return FALSE;
  if (refused)
    return TRUE;

  fds = g_new (int, n_files);
  for (guint i = 0; i < n_files; i++)
    fds[i] = -1;
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *path = randio_file (dir, i);

      fds[i] = open_file (path, write_mode ? O_RDWR : O_RDONLY, direct);
      if (fds[i] < 0)
        {
          ok = fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), path);
          goto out;
        }
    }
  if (posix_memalign ((void **) &buf, RANDIO_ALIGN, RANDIO_BLOCK) != 0)
    g_error ("out of memory");

  lat = g_array_sized_new (FALSE, FALSE, sizeof (double), MIN (profile->randio_requests, 1 << 20));
  fsb_rng_init (&rng, fsb_seed_from (write_mode ? "rand-write" : "rand-read",
                                     profile->randio_requests, blocks));
  start = fsb_now ();
  deadline = start + (profile->randio_seconds > 0 ? profile->randio_seconds : 1e9);
  /* As sysbench counts them: the request budget is in events, and after
   * every RANDIO_FSYNC_FREQ writes each file gets an fsync event of its
   * own, whose latency counts like a write's. */
  while (events < profile->randio_requests)
    {
      double t0, t1, ms;

      if (write_mode && dirty && done % RANDIO_FSYNC_FREQ == 0)
        {
          t0 = fsb_now ();
          if (fsync (fds[fsync_next]) < 0)
            {
              ok = fsb_errno_fail (error, errno, _("Cannot flush “%s”: %s"), dir);
              goto out;
            }
          t1 = fsb_now ();
          fsyncs++;
          if (++fsync_next == n_files)
            {
              fsync_next = 0;
              dirty = FALSE;
            }
        }
      else
        {
          guint f = fsb_rng_below (&rng, n_files);
          off_t off = (off_t) fsb_rng_below (&rng, blocks) * RANDIO_BLOCK;
          ssize_t n;

          if (write_mode)
            fsb_rng_fill (&rng, buf, RANDIO_BLOCK);
          t0 = fsb_now ();
          n = write_mode ? pwrite (fds[f], buf, RANDIO_BLOCK, off)
                         : pread (fds[f], buf, RANDIO_BLOCK, off);
          t1 = fsb_now ();
          if (n != RANDIO_BLOCK)
            {
              g_autofree char *path = randio_file (dir, f);
              ok = fsb_errno_fail (error, n < 0 ? errno : EIO,
                                   write_mode ? _("Cannot write “%s”: %s") : _("Cannot read “%s”: %s"), path);
              goto out;
            }
          done++;
          dirty = write_mode;
        }
      ms = (t1 - t0) * 1000.0;
      g_array_append_val (lat, ms);
      events++;
      if ((events & 127) == 0)
        {
          if (ctx->progress != NULL)
            ctx->progress (events, profile->randio_requests, ctx->progress_data);
          if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
            {
              fsb_error_normalize (error);
              ok = FALSE;
              goto out;
            }
        }
      if (t1 >= deadline)
        break;
    }
  /* sysbench --file-fsync-end: the writes reach the disk inside the time. */
  if (write_mode && !(ok = fsync_all (fds, n_files, dir, error)))
    goto out;
  elapsed = fsb_now () - start;

  record_figures (sample, lat, events, fsyncs, done, elapsed);

out:
  for (guint i = 0; i < n_files; i++)
    if (fds[i] >= 0)
      close (fds[i]);
  free (buf);
  /* sysbench cleanup, after the last task of the group. */
  if (ok && write_mode)
    {
      FsbTreeCount junk = { 0 };
      ok = fsb_remove_tree (dir, &junk, ctx->cancellable, error) &&
           fsb_sync_filesystem (ctx->mount_point, error);
    }
  return ok;
}

gboolean
fsb_workload_rand_read (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return random_io (ctx, sample, FALSE, error);
}

gboolean
fsb_workload_rand_write (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return random_io (ctx, sample, TRUE, error);
}

/* The group ---------------------------------------------------------------- */

static double
estimate (const FsbSizes *s)
{
  RandioSizes r = sizes_of (s);

  return 1.0 + MIN (r.randio_seconds, r.randio_requests / 500.0) +
         (double) r.randio_files * r.randio_file_bytes / 120e6;
}

static const FsbTaskSpec tasks[] = {
  { "rand-read", N_("Random reads"),
    N_("Reads 16 KiB blocks at random offsets in a set of files, like a database."),
    "random-io", "mb_per_s", TRUE, fsb_workload_rand_read, fsb_workload_randio_setup, NULL, estimate },
  { "rand-write", N_("Random writes"),
    N_("Writes 16 KiB blocks at random offsets in a set of files, like a database."),
    "random-io", "mb_per_s", TRUE, fsb_workload_rand_write, fsb_workload_randio_setup, NULL, estimate, FALSE, TRUE },
};

static const FsbCriterionSpec criteria[] = {
  { "random-io", N_("Random I/O"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the fastest with random I/O: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on random I/O (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s reached %s on average with random I/O.") },
    { { "server", 1 }, { "database", 4 } } },
};

/* Seed 004: sysbench fileio with 128 files of 128 MB, 40,000 requests or
 * 20 s; the files shrink with the profile, their number does not. */
static const FsbParamSpec params[] = {
  { RANDIO_FILES, N_("Number of random I/O files"), FSB_PARAM_COUNT, { 128, 128, 128 }, 1, 100000 },
  { RANDIO_FILE_SIZE, N_("Size of each random I/O file"), FSB_PARAM_BYTES,
    { 1600e3, 32e6, 128e6 }, RANDIO_BLOCK, 1099511627776.0 },
  { RANDIO_REQUESTS, N_("Random I/O requests"), FSB_PARAM_COUNT, { 2000, 10000, 40000 }, 1, 1e9 },
  { RANDIO_SECONDS, N_("Time limit of random I/O"), FSB_PARAM_SECONDS, { 5, 10, 20 }, 0.1, 3600 },
};

static const FsbMetricSpec metrics[] = {
  { "iops", N_("Operations per second"), N_("IOPS") },
  { "latency_p50_ms", N_("Median latency"), N_("ms") },
  { "latency_p95_ms", N_("95th percentile latency"), N_("ms") },
  { "latency_p99_ms", N_("99th percentile latency"), N_("ms") },
  { "latency_max_ms", N_("Maximum latency"), N_("ms") },
};

static guint64
space_needed (const FsbSizes *s)
{
  return (guint64) MIN ((double) fsb_sizes_get_uint (s, RANDIO_FILES) * file_bytes (s), (double) FSB_SIZE_MAX);
}


const FsbWorkloadGroup fsb_group_random_io = {
  .id = "random-io",
  .name = N_("Random I/O"),
  .description = N_("Random reads and writes in 16 KiB blocks, as sysbench fileio does."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .metrics = metrics, .n_metrics = G_N_ELEMENTS (metrics),
  .space_needed = space_needed,
};
