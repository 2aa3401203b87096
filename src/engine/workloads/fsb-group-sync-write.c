/* fsb-group-sync-write.c: the sync-write group: small random writes, each
 * made durable before the next one starts, as a database commits a
 * transaction. Seed 004's sysbench fileio rndwr with --file-fsync-freq=1
 * (bench/sysbench-sync-compare.sh puts the two side by side): 16 KiB at a
 * random offset of one of the files, then fsync of that file. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-workloads-util.h"

/* Its sizes. */
#define SYNC_FILES      "sync-files"
#define SYNC_FILE_SIZE  "sync-file-size"
#define SYNC_COMMITS    "sync-commits"
#define SYNC_SECONDS    "sync-seconds"

#define SYNC_BLOCK      16384   /* sysbench --file-block-size, an InnoDB page */

static char *
sync_dir (FsbWorkloadContext *ctx)
{
  return g_build_filename (ctx->mount_point, "syncwrite", NULL);
}

static char *
sync_file (const char *dir, guint i)
{
  g_autofree char *name = g_strdup_printf ("test_file.%u", i);   /* sysbench's names */
  return g_build_filename (dir, name, NULL);
}

static guint64
file_bytes (const FsbSizes *sizes)
{
  /* Whole blocks only, at least one. */
  return MAX (fsb_sizes_get_u64 (sizes, SYNC_FILE_SIZE) / SYNC_BLOCK, 1) * SYNC_BLOCK;
}

static guint
n_files (const FsbSizes *sizes)
{
  return MAX (fsb_sizes_get_uint (sizes, SYNC_FILES), 1);
}

static gboolean
files_ready (const FsbSizes *sizes, const char *dir)
{
  for (guint i = 0; i < n_files (sizes); i++)
    {
      g_autofree char *path = sync_file (dir, i);
      struct stat st;

      if (stat (path, &st) < 0 || (guint64) st.st_size != file_bytes (sizes))
        return FALSE;
    }
  return TRUE;
}

/* As sysbench prepare: the files written once, flushed and dropped from
 * the page cache. Untimed: the runner calls it before the cold remount. */
static gboolean
sync_setup (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *dir = sync_dir (ctx);
  FsbRng rng;

  if (g_mkdir_with_parents (dir, 0755) < 0)
    return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), dir);
  fsb_rng_init (&rng, fsb_seed_from ("sync-write", n_files (ctx->sizes), file_bytes (ctx->sizes)));
  for (guint i = 0; i < n_files (ctx->sizes); i++)
    {
      g_autofree char *path = sync_file (dir, i);

      if (!fsb_write_random_file (path, file_bytes (ctx->sizes), &rng, TRUE, TRUE, ctx->cancellable, error))
        return FALSE;
    }
  return TRUE;
}

/* One commit: the write and its fsync, timed together. */
static gboolean
commit (int fd, const guint8 *buf, off_t off, const char *path, GError **error)
{
  if (pwrite (fd, buf, SYNC_BLOCK, off) != SYNC_BLOCK)
    return fsb_errno_fail (error, errno != 0 ? errno : EIO, _("Cannot write “%s”: %s"), path);
  if (fsync (fd) < 0)
    return fsb_errno_fail (error, errno, _("Cannot flush “%s”: %s"), path);
  return TRUE;
}

static gboolean
sync_write (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *dir = sync_dir (ctx);
  guint files = n_files (ctx->sizes);
  guint64 blocks = file_bytes (ctx->sizes) / SYNC_BLOCK;
  guint budget = MAX (fsb_sizes_get_uint (ctx->sizes, SYNC_COMMITS), 1);
  double seconds = fsb_sizes_get (ctx->sizes, SYNC_SECONDS);
  g_autofree int *fds = g_new (int, files);
  g_autoptr(GArray) lat = g_array_sized_new (FALSE, FALSE, sizeof (double), MIN (budget, 1 << 20));
  guint8 buf[SYNC_BLOCK];
  guint64 commits = 0;
  double start, deadline, elapsed;
  gboolean ok = TRUE;
  FsbRng rng;

  for (guint i = 0; i < files; i++)
    fds[i] = -1;
  /* A task run on its own prepares the files here, and says so. */
  if (!files_ready (ctx->sizes, dir))
    {
      fsb_sample_set (sample, "prepared_in_task", 1);
      if (!sync_setup (ctx, NULL, error))
        return FALSE;
    }
  for (guint i = 0; i < files && ok; i++)
    {
      g_autofree char *path = sync_file (dir, i);

      if ((fds[i] = open (path, O_RDWR | O_CLOEXEC)) < 0)
        ok = fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), path);
    }

  fsb_rng_init (&rng, fsb_seed_from ("sync-write-run", budget, blocks));
  start = fsb_now ();
  deadline = start + (seconds > 0 ? seconds : 1e9);
  while (ok && commits < budget)
    {
      guint f = fsb_rng_below (&rng, files);
      off_t off = (off_t) fsb_rng_below (&rng, blocks) * SYNC_BLOCK;
      double t0, t1, ms;

      fsb_rng_fill (&rng, buf, sizeof buf);
      t0 = fsb_now ();
      if (!commit (fds[f], buf, off, dir, error))
        {
          ok = FALSE;
          break;
        }
      t1 = fsb_now ();
      ms = (t1 - t0) * 1000.0;
      g_array_append_val (lat, ms);
      commits++;
      if ((commits & 31) == 0)
        {
          if (ctx->progress != NULL)
            ctx->progress (commits, budget, ctx->progress_data);
          if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
            {
              fsb_error_normalize (error);
              ok = FALSE;
            }
        }
      if (t1 >= deadline)
        break;
    }
  elapsed = fsb_now () - start;
  for (guint i = 0; i < files; i++)
    if (fds[i] >= 0)
      close (fds[i]);
  if (!ok)
    return FALSE;

  fsb_sample_set (sample, "commits", commits);
  fsb_sample_set (sample, "bytes", (double) commits * SYNC_BLOCK);
  fsb_sample_set (sample, "io_s", elapsed);
  fsb_sample_set (sample, "commits_per_s", elapsed > 0 ? commits / elapsed : 0);
  fsb_sample_set (sample, "mb_per_s", elapsed > 0 ? commits * (double) SYNC_BLOCK / 1e6 / elapsed : 0);
  fsb_workload_set_latencies (sample, lat);

  /* sysbench cleanup: the only task of the group. */
  {
    FsbTreeCount junk = { 0 };
    return fsb_remove_tree (dir, &junk, ctx->cancellable, error) &&
           fsb_sync_filesystem (ctx->mount_point, error);
  }
}

/* The group ---------------------------------------------------------------- */

static double
estimate (const FsbSizes *s)
{
  /* About 2 ms a commit on a loop device, bounded by the time. */
  double commits = fsb_sizes_get (s, SYNC_COMMITS) * 0.002;
  double limit = fsb_sizes_get (s, SYNC_SECONDS);

  return 1.0 + (limit > 0 ? MIN (commits, limit) : commits) +
         n_files (s) * (double) file_bytes (s) / 120e6;
}

static const FsbTaskSpec tasks[] = {
  { "sync-write", N_("Durable random writes"),
    N_("Writes 16 KiB blocks at random offsets and makes each one durable with fsync before the next, "
       "as a database commits its transactions."),
    "sync-write", "commits_per_s", TRUE, sync_write, sync_setup, NULL, estimate, FALSE, TRUE },
};

static const FsbCriterionSpec criteria[] = {
  { "sync-write", N_("Durable writes"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s commits durable writes the fastest: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on durable writes (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s reached %s with durable writes.") },
    { { "database", 4 } } },
};

/* A database's working set, shrunk with the profile; sysbench's 128 files
 * at the seed's size. */
static const FsbParamSpec params[] = {
  { SYNC_FILES, N_("Number of durable write files"), FSB_PARAM_COUNT, { 8, 32, 128 }, 1, 100000 },
  { SYNC_FILE_SIZE, N_("Size of each durable write file"), FSB_PARAM_BYTES,
    { 2e6, 8e6, 16e6 }, SYNC_BLOCK, 1099511627776.0 },
  { SYNC_COMMITS, N_("Durable writes to commit"), FSB_PARAM_COUNT, { 1000, 5000, 20000 }, 1, 1e9 },
  { SYNC_SECONDS, N_("Time limit of durable writes"), FSB_PARAM_SECONDS, { 3, 10, 20 }, 0.1, 3600 },
};

static const FsbMetricSpec metrics[] = {
  { "commits_per_s", N_("Commits per second"), N_("commits/s") },
  { "commits", N_("Commits"), N_("commits") },
};

static guint64
space_needed (const FsbSizes *s)
{
  return (guint64) MIN ((double) n_files (s) * file_bytes (s), (double) FSB_SIZE_MAX);
}

const FsbWorkloadGroup fsb_group_sync_write = {
  .id = "sync-write",
  .name = N_("Durable writes"),
  .description = N_("Small random writes, each made durable with fsync before the next, as a database commits."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .metrics = metrics, .n_metrics = G_N_ELEMENTS (metrics),
  .space_needed = space_needed,
};
