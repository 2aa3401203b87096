/* fsb-group-concurrency.c: the concurrency group (issue 28): the same work
 * shared by N jobs started together (fio's numjobs), run as a series over
 * the plan's job counts ("conc-write@jobs=4"): big-file streams written
 * and read, small files created in folders of their own and in one shared
 * folder, random writes in regions of one file, durable commits. The
 * work in all is the same at every count, shared out between the jobs,
 * so a filesystem that scales finishes sooner. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-concurrency.h"
#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"

/* Its sizes: the work of all jobs together. */
#define CONC_STREAM_BYTES "conc-stream-size"
#define CONC_FILES        "conc-files"
#define CONC_REGION_BYTES "conc-region-size"
#define CONC_RAND_WRITES  "conc-random-writes"
#define CONC_COMMITS      "conc-commits"

#define CONC_BLOCK        16384   /* the random writes' size, as random-io's */

static char *
conc_dir (FsbWorkloadContext *ctx)
{
  return g_build_filename (ctx->mount_point, "concurrency", NULL);
}

static guint
jobs_of (FsbWorkloadContext *ctx)
{
  return CLAMP (ctx->conditions.jobs, 1, FSB_PARALLEL_MAX_JOBS);
}

/* A job's share of a total, whole blocks for bytes, never nothing. */
static guint64
share (guint64 total, guint jobs, guint64 unit)
{
  return MAX (total / jobs / unit, 1) * unit;
}

static FsbConcSpec
spec_of (FsbWorkloadContext *ctx, FsbConcKind kind, const char *dir)
{
  const FsbSizes *s = ctx->sizes;
  guint jobs = jobs_of (ctx);
  FsbConcSpec spec = { kind, dir, jobs, 0, 0, 0, ctx->cancellable };

  switch (kind)
    {
    case FSB_CONC_SEQ_WRITE:
    case FSB_CONC_SEQ_READ:
      spec.bytes = share (fsb_sizes_get_u64 (s, CONC_STREAM_BYTES), jobs, 1024 * 1024);
      break;
    case FSB_CONC_CREATE:
    case FSB_CONC_CREATE_SHARED:
      spec.count = (guint) share (fsb_sizes_get_uint (s, CONC_FILES), jobs, 1);
      break;
    case FSB_CONC_RAND_WRITE:
      spec.bytes = share (fsb_sizes_get_u64 (s, CONC_REGION_BYTES), jobs, CONC_BLOCK);
      spec.count = (guint) share (fsb_sizes_get_uint (s, CONC_RAND_WRITES), jobs, 1);
      break;
    case FSB_CONC_COMMIT:
      spec.count = (guint) share (fsb_sizes_get_uint (s, CONC_COMMITS), jobs, 1);
      break;
    }
  spec.seed = fsb_seed_from ("concurrency", kind, spec.bytes + spec.count);
  return spec;
}

/* Runs the kind's jobs, records them and removes what they left, flushed:
 * the next task (or count) starts on the same empty filesystem. */
static gboolean
run_kind (FsbWorkloadContext *ctx, FsbConcKind kind, FsbSample *sample, GError **error)
{
  g_autofree char *dir = conc_dir (ctx);
  FsbConcSpec spec = spec_of (ctx, kind, dir);
  FsbParallelResult result;

  if (!fsb_conc_run (&spec, &result, error))
    {
      fsb_conc_clean (&spec, NULL);
      return FALSE;
    }
  fsb_conc_record (&spec, &result, sample);
  fsb_parallel_result_clear (&result);
  return fsb_conc_clean (&spec, error) && fsb_sync_filesystem (ctx->mount_point, error);
}

/* The streams the read task reads, written untimed before the caches go cold. */
static gboolean
read_setup (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *dir = conc_dir (ctx);
  FsbConcSpec spec = spec_of (ctx, FSB_CONC_SEQ_WRITE, dir);
  FsbParallelResult result;

  if (!fsb_conc_run (&spec, &result, error))
    {
      fsb_conc_clean (&spec, NULL);
      return FALSE;
    }
  fsb_parallel_result_clear (&result);
  return TRUE;
}

static gboolean
conc_write (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return run_kind (ctx, FSB_CONC_SEQ_WRITE, sample, error);
}

static gboolean
conc_read (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *dir = conc_dir (ctx);
  g_autofree char *first = g_build_filename (dir, "stream-0", NULL);

  /* A task run on its own writes the streams here, and says so. */
  if (!g_file_test (first, G_FILE_TEST_EXISTS))
    {
      fsb_sample_set (sample, "prepared_in_task", 1);
      if (!read_setup (ctx, NULL, error))
        return FALSE;
    }
  return run_kind (ctx, FSB_CONC_SEQ_READ, sample, error);
}

static gboolean
conc_create (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return run_kind (ctx, FSB_CONC_CREATE, sample, error);
}

static gboolean
conc_create_shared (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return run_kind (ctx, FSB_CONC_CREATE_SHARED, sample, error);
}

static gboolean
conc_rand_write (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return run_kind (ctx, FSB_CONC_RAND_WRITE, sample, error);
}

static gboolean
conc_commit (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return run_kind (ctx, FSB_CONC_COMMIT, sample, error);
}

/* The group ---------------------------------------------------------------- */

/* Seconds on a loop device of a small machine, for the plan; at any count
 * (the work is the same), a second for the jobs' start and the cleanup. */
static double
estimate_streams (const FsbSizes *s)
{
  return 1.0 + fsb_sizes_get (s, CONC_STREAM_BYTES) / 150e6;
}

static double
estimate_files (const FsbSizes *s)
{
  return 1.0 + fsb_sizes_get (s, CONC_FILES) * 0.0004;
}

static double
estimate_rand_write (const FsbSizes *s)
{
  return 1.0 + fsb_sizes_get (s, CONC_REGION_BYTES) / 150e6 + fsb_sizes_get (s, CONC_RAND_WRITES) * 0.0002;
}

static double
estimate_commits (const FsbSizes *s)
{
  return 1.0 + fsb_sizes_get (s, CONC_COMMITS) * 0.003;
}

static const FsbTaskSpec tasks[] = {
  { "conc-write", N_("Write streams at once"),
    N_("Each job writes a big file of its own with 1 MiB writes and flushes it; the jobs start together."),
    "concurrency", "mb_per_s", TRUE, conc_write, NULL, NULL, estimate_streams, FALSE, TRUE, FSB_CONDITION_JOBS },
  { "conc-read", N_("Read streams at once"),
    N_("Each job reads a big file of its own from a cold cache; the jobs start together."),
    "concurrency", "mb_per_s", TRUE, conc_read, read_setup, NULL, estimate_streams, FALSE, FALSE, FSB_CONDITION_JOBS },
  { "conc-create", N_("Create files, a folder each"),
    N_("Each job creates small files in a folder of its own and flushes them."),
    "concurrency", "files_per_s", TRUE, conc_create, NULL, NULL, estimate_files, FALSE, FALSE, FSB_CONDITION_JOBS },
  { "conc-create-shared", N_("Create files in one shared folder"),
    N_("Every job creates small files in the same folder: they contend for one folder and one journal."),
    "concurrency", "files_per_s", TRUE, conc_create_shared, NULL, NULL, estimate_files, FALSE, FALSE, FSB_CONDITION_JOBS },
  { "conc-rand-write", N_("Random writes at once"),
    N_("Each job writes 16 KiB blocks at random in its own region of one shared file, then flushes."),
    "concurrency", "iops", TRUE, conc_rand_write, NULL, NULL, estimate_rand_write, FALSE, TRUE, FSB_CONDITION_JOBS },
  { "conc-commit", N_("Durable commits at once"),
    N_("Each job appends 4 KiB records to a file of its own and makes each one durable with fdatasync."),
    "concurrency", "commits_per_s", TRUE, conc_commit, NULL, NULL, estimate_commits, FALSE, TRUE, FSB_CONDITION_JOBS },
};

static const FsbCriterionSpec criteria[] = {
  { "concurrency", N_("Many at once"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the fastest with many jobs at once: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied with many jobs at once (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s reached %s with many jobs at once.") },
    { { "server", 2, .when_measured = TRUE }, { "database", 2, .when_measured = TRUE } },
    N_("The same work runs with 1 job and with several jobs started together; the work is shared out between "
       "the jobs, so a filesystem that serves them at once finishes sooner. On a machine with few cores the "
       "processor, not the filesystem, may limit how far the jobs can scale.") },
};

/* Quick is a short series' worth; the seed sizes let 8 jobs each do real work. */
static const FsbParamSpec params[] = {
  { CONC_STREAM_BYTES, N_("Size of the streams written at once, in all"), FSB_PARAM_BYTES,
    { 48e6, 256e6, 1024e6 }, 1048576, 1099511627776.0 },
  { CONC_FILES, N_("Files created at once, in all"), FSB_PARAM_COUNT, { 1200, 8000, 20000 }, 1, 10000000 },
  { CONC_REGION_BYTES, N_("Size of the file written at random at once"), FSB_PARAM_BYTES,
    { 32e6, 128e6, 512e6 }, CONC_BLOCK, 1099511627776.0 },
  { CONC_RAND_WRITES, N_("Random writes at once, in all"), FSB_PARAM_COUNT, { 1600, 8000, 32000 }, 1, 1e9 },
  { CONC_COMMITS, N_("Durable commits at once, in all"), FSB_PARAM_COUNT, { 300, 2000, 8000 }, 1, 1e9 },
};

static const FsbMetricSpec metrics[] = {
  { "jobs", N_("Jobs at once"), N_("jobs") },
  { "job_spread", N_("Slowest job against the fastest"), N_("×") },
  { "latency_p999_ms", N_("Latency p99.9"), N_("ms") },
};

static guint64
space_needed (const FsbSizes *s)
{
  /* the streams, or the region: one task at a time, removed after it */
  return MAX (fsb_sizes_get_u64 (s, CONC_STREAM_BYTES), fsb_sizes_get_u64 (s, CONC_REGION_BYTES)) +
         fsb_sizes_get_u64 (s, CONC_FILES) * 8192;
}

const FsbWorkloadGroup fsb_group_concurrency = {
  .id = "concurrency",
  .name = N_("Many jobs at once"),
  .description = N_("Big files, small files, random writes and durable commits by several jobs started "
                    "together, as a series over the number of jobs."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .metrics = metrics, .n_metrics = G_N_ELEMENTS (metrics),
  .space_needed = space_needed,
};
