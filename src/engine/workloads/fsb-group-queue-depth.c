/* fsb-group-queue-depth.c: the queue-depth group (issue 28): random 16 KiB
 * reads and writes kept N requests deep with io_uring (fio's
 * ioengine=io_uring, iodepth=N), as a series over the plan's depths
 * ("qd-read@iodepth=32"). Direct I/O where the filesystem takes it,
 * buffered where it does not, said in the result ("direct_io"). */
#include "config.h"

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-uring.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"

#define QD_FILE_BYTES "qd-file-size"
#define QD_REQUESTS   "qd-requests"
#define QD_SECONDS    "qd-seconds"

#define QD_BLOCK      16384

static char *
qd_file (FsbWorkloadContext *ctx)
{
  return g_build_filename (ctx->mount_point, "queue-depth.bin", NULL);
}

static guint64
file_bytes (const FsbSizes *sizes)
{
  return MAX (fsb_sizes_get_u64 (sizes, QD_FILE_BYTES) / QD_BLOCK, 1) * QD_BLOCK;
}

/* The file, written whole and flushed before the caches go cold. */
static gboolean
qd_setup (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *path = qd_file (ctx);
  guint64 bytes = file_bytes (ctx->sizes);
  FsbRng rng;

  fsb_rng_init (&rng, fsb_seed_from ("queue-depth", bytes, 0));
  return fsb_write_random_file (path, bytes, &rng, TRUE, TRUE, ctx->cancellable, error);
}

/* O_DIRECT where the filesystem takes it; buffered otherwise, said. */
static int
open_qd (const char *path, gboolean write, gboolean *direct)
{
  int flags = (write ? O_RDWR : O_RDONLY) | O_CLOEXEC;
  int fd = open (path, flags | O_DIRECT);

  *direct = fd >= 0;
  if (fd < 0 && (errno == EINVAL || errno == EOPNOTSUPP))
    fd = open (path, flags);
  return fd;
}

static gboolean
run_qd (FsbWorkloadContext *ctx, gboolean write, FsbSample *sample, GError **error)
{
  g_autofree char *path = qd_file (ctx);
  FsbUringResult result = { 0 };
  FsbUringJob job = { 0 };
  gboolean direct, ok;
  int fd;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      fsb_sample_set (sample, "prepared_in_task", 1);
      if (!qd_setup (ctx, NULL, error))
        return FALSE;
    }
  fd = open_qd (path, write, &direct);
  if (fd < 0)
    return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), path);
  job.fds = &fd;
  job.n_fds = 1;
  job.file_bytes = file_bytes (ctx->sizes);
  job.block = QD_BLOCK;
  job.iodepth = CLAMP (ctx->conditions.iodepth, 1, 256);
  job.write = write;
  job.requests = fsb_sizes_get_u64 (ctx->sizes, QD_REQUESTS);
  job.seconds = fsb_sizes_get (ctx->sizes, QD_SECONDS);
  job.seed = fsb_seed_from (write ? "qd-write" : "qd-read", job.iodepth, job.requests);
  job.cancellable = ctx->cancellable;
  ok = fsb_uring_random_io (&job, &result, error);
  close (fd);
  if (ok)
    {
      double secs = result.seconds > 0 ? result.seconds : 1e-9;

      fsb_sample_set (sample, "iodepth", job.iodepth);
      fsb_sample_set (sample, "direct_io", direct ? 1 : 0);
      fsb_sample_set (sample, "operations", (double) result.done);
      fsb_sample_set (sample, "bytes", (double) result.done * QD_BLOCK);
      fsb_sample_set (sample, "io_s", result.io_seconds);
      fsb_sample_set (sample, "iops", result.done / secs);
      fsb_sample_set (sample, "mb_per_s", result.done * (double) QD_BLOCK / 1e6 / secs);
      if (result.lat_ms->len > 0)
        {
          fsb_workload_set_latencies (sample, result.lat_ms);
          fsb_sample_set (sample, "latency_p999_ms",
                          fsb_percentile ((const double *) result.lat_ms->data, result.lat_ms->len, 0.999));
        }
    }
  fsb_uring_result_clear (&result);
  /* Removed after each depth, flushed: the residual space is counted on
   * an emptied filesystem; the next depth's setup writes it again. */
  if (g_unlink (path) < 0 && errno != ENOENT && ok)
    ok = fsb_errno_fail (error, errno, _("Cannot delete “%s”: %s"), path);
  return ok && fsb_sync_filesystem (ctx->mount_point, error);
}

static gboolean
qd_read (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return run_qd (ctx, FALSE, sample, error);
}

static gboolean
qd_write (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return run_qd (ctx, TRUE, sample, error);
}

/* The group ---------------------------------------------------------------- */

static double
estimate (const FsbSizes *s)
{
  /* about 3 000 requests a second on a loop device, bounded by the time */
  double requests = fsb_sizes_get (s, QD_REQUESTS) / 3000.0;
  double limit = fsb_sizes_get (s, QD_SECONDS);

  return 1.0 + (limit > 0 ? MIN (requests, limit) : requests) + fsb_sizes_get (s, QD_FILE_BYTES) / 300e6;
}

static const FsbTaskSpec tasks[] = {
  { "qd-read", N_("Random reads, queued"),
    N_("Reads 16 KiB blocks at random offsets with several requests in flight at once (io_uring), as a "
       "database or a virtual machine does on a fast disk."),
    "queue-depth", "iops", TRUE, qd_read, qd_setup, NULL, estimate, FALSE, FALSE, FSB_CONDITION_IODEPTH },
  { "qd-write", N_("Random writes, queued"),
    N_("Writes 16 KiB blocks at random offsets with several requests in flight at once (io_uring), "
       "then flushes them."),
    "queue-depth", "iops", TRUE, qd_write, qd_setup, NULL, estimate, FALSE, TRUE, FSB_CONDITION_IODEPTH },
};

static const FsbCriterionSpec criteria[] = {
  { "queue-depth", N_("Queued random I/O"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the fastest with queued random I/O: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on queued random I/O (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s reached %s with queued random I/O.") },
    { { "server", 1, .when_measured = TRUE }, { "database", 2, .when_measured = TRUE } },
    N_("Random 16 KiB reads and writes are kept several requests deep with io_uring, with direct I/O where "
       "the filesystem allows it. A disk image's loop device has one queue on the host's disk, so deep "
       "queues show what the filesystem adds, not what a fast SSD could do.") },
};

static const FsbParamSpec params[] = {
  { QD_FILE_BYTES, N_("Size of the file read and written queued"), FSB_PARAM_BYTES,
    { 64e6, 256e6, 1024e6 }, QD_BLOCK, 1099511627776.0 },
  { QD_REQUESTS, N_("Queued requests at each depth"), FSB_PARAM_COUNT, { 3000, 20000, 50000 }, 1, 1e9 },
  { QD_SECONDS, N_("Time limit at each depth"), FSB_PARAM_SECONDS, { 2, 10, 20 }, 0.1, 3600 },
};

static const FsbMetricSpec metrics[] = {
  { "iodepth", N_("Requests in flight"), N_("requests") },
};

static guint64
space_needed (const FsbSizes *s)
{
  return file_bytes (s);
}

const FsbWorkloadGroup fsb_group_queue_depth = {
  .id = "queue-depth",
  .name = N_("Queue depth"),
  .description = N_("Random reads and writes with several requests in flight (io_uring), as a series over "
                    "the depth."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .metrics = metrics, .n_metrics = G_N_ELEMENTS (metrics),
  .space_needed = space_needed,
  /* a kernel that refuses io_uring (a seccomp filter, kernel.io_uring_disabled) leaves the group out */
  .feature = "io_uring",
  .feature_refused = fsb_uring_refused,
};
