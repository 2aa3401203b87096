/* fsb-group-delete-latency.c: the delete-latency group (seed 002): how long
 * deleting a large file takes, every deletion kept, outliers included */
#include "config.h"

#define _GNU_SOURCE

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-workloads-private.h"
#include "fsb-fileops.h"
#include "fsb-workloads-util.h"

#define DELETE_FILE_SIZE "delete-file-size"
#define DELETE_COUNT     "delete-count"
#define DELETE_MIN_COUNT 5   /* the issue asks for at least five per repetition */

static double
tv_seconds (const struct timeval *tv)
{
  return tv->tv_sec + tv->tv_usec * 1e-6;
}

guint
fsb_delete_latency_count (const FsbSizes *sizes)
{
  return MAX (fsb_sizes_get_uint (sizes, DELETE_COUNT), DELETE_MIN_COUNT);
}

static double
thread_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Each deletion becomes a sample of its own, with the time until unlink()
 * returned and this thread's system time during the call: the seed
 * reported both because the first scatters (outliers of more than 20×
 * the minimum) while the second does not.
 * getrusage() splits user and system time only to the scheduler tick
 * (4 ms at HZ=250), coarser than most deletions; the thread's CPU clock
 * counts in nanoseconds, and inside unlink() all of it is kernel time.
 * In a run, delete-sys does not delete files of its own: the runner files
 * copies of delete-return's samples under it (its samples_of below); run alone (bench/fsb-bench-task), it does the same work. */
static gboolean
delete_cycles (FsbWorkloadContext *ctx, FsbSample *sample, const char *tag, GError **error)
{
  guint count = fsb_delete_latency_count (ctx->sizes);
  guint64 bytes = fsb_sizes_get_u64 (ctx->sizes, DELETE_FILE_SIZE);
  FsbRng rng;

  g_return_val_if_fail (ctx->extra_samples != NULL, FALSE);

  fsb_rng_init (&rng, fsb_seed_from (tag, bytes, count));
  for (guint i = 0; i < count; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%u.dat", tag, i);
      g_autofree char *path = g_build_filename (ctx->mount_point, name, NULL);
      struct rusage r0, r1;
      double t0, t1, c0, c1;
      int rc, errsv;
      FsbSample *one;

      /* The file is on disk and out of the page cache before the clock
       * starts, as a large file written a while ago would be. */
      if (!fsb_write_random_file (path, bytes, &rng, TRUE, TRUE, ctx->cancellable, error))
        {
          unlink (path);
          return FALSE;
        }

      getrusage (RUSAGE_THREAD, &r0);
      c0 = thread_cpu_seconds ();
      t0 = fsb_now ();
      rc = unlink (path);
      errsv = errno;
      t1 = fsb_now ();
      c1 = thread_cpu_seconds ();
      getrusage (RUSAGE_THREAD, &r1);
      if (rc < 0)
        return fsb_errno_fail (error, errsv, _("Cannot delete “%s”: %s"), path);

      one = fsb_sample_new ();
      fsb_sample_set (one, "wall_s", t1 - t0);
      fsb_sample_set (one, "sys_s", MAX (0.0, c1 - c0));
      fsb_sample_set (one, "user_s", MAX (0.0, tv_seconds (&r1.ru_utime) - tv_seconds (&r0.ru_utime)));
      fsb_sample_set (one, "bytes", bytes);
      fsb_sample_set (one, "files", 1);
      g_ptr_array_add (ctx->extra_samples, one);

      /* Commit the deletion before the next file, so each sample starts
       * from a quiet filesystem. */
      if (!fsb_sync_filesystem (ctx->mount_point, error))
        return FALSE;
      if (ctx->progress != NULL)
        ctx->progress (i + 1, count, ctx->progress_data);
    }
  fsb_sample_set (sample, "files", count);
  fsb_sample_set (sample, "bytes", (double) bytes * count);
  return TRUE;
}

gboolean
fsb_workload_delete_return (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return delete_cycles (ctx, sample, "delete-return", error);
}

gboolean
fsb_workload_delete_sys (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return delete_cycles (ctx, sample, "delete-sys", error);
}

/* The group ---------------------------------------------------------------- */

static double
estimate_return (const FsbSizes *s)
{
  return fsb_delete_latency_count (s) * (0.3 + fsb_sizes_get (s, DELETE_FILE_SIZE) / 120e6);
}

static double
estimate_shared (const FsbSizes *s)
{
  return 0.1;
}

static const FsbTaskSpec tasks[] = {
  { "delete-return", N_("Time until delete returns"),
    N_("Deletes a large file and measures how long the call takes to return, one sample per deletion."),
    "delete-latency", "wall_s", FALSE, fsb_workload_delete_return, NULL, NULL, estimate_return,
    .moves_no_data = TRUE },
  { "delete-sys", N_("System time of a delete"),
    N_("The kernel time spent deleting the large file, which varies less than the time until the call returns."),
    "delete-latency", "sys_s", FALSE, fsb_workload_delete_sys, NULL, "delete-return", estimate_shared,
    .moves_no_data = TRUE },
};

static const FsbCriterionSpec criteria[] = {
  { "delete-latency", N_("Delete latency"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the quickest to delete large files: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on deleting large files (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s needed %s to delete the large files.") },
    { { "media", 2 } } },
};

/* Seed 002 deleted an 8 GB file; at least five deletions a repetition. */
static const FsbParamSpec params[] = {
  { DELETE_FILE_SIZE, N_("Size of each file deleted"), FSB_PARAM_BYTES,
    { 400e6, 2e9, 8e9 }, 1, 1099511627776.0 },
  { DELETE_COUNT, N_("Deletions per repetition"), FSB_PARAM_COUNT, { 5, 5, 5 }, 1, 1000 },
};

static guint64
space_needed (const FsbSizes *s)
{
  return fsb_sizes_get_u64 (s, DELETE_FILE_SIZE);
}


const FsbWorkloadGroup fsb_group_delete_latency = {
  .id = "delete-latency",
  .name = N_("Delete latency"),
  .description = N_("How long deleting a large file takes, outliers included."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .space_needed = space_needed,
};
