/* fsb-parallel.h: N jobs of one task at once, each in its own thread,
 * started together and timed together (fio's numjobs with group_reporting):
 * the aggregate bytes and operations, every operation's latency, and the
 * time from the common start to the last job's end. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define FSB_PARALLEL_MAX_JOBS 64

/* What one job did; the job function adds to it. lat_ms holds one double
 * (milliseconds) per operation when the job measures them. */
typedef struct {
  guint64 bytes;
  guint64 ops;
  GArray *lat_ms;
  double  io_end;       /* fsb_now () when its I/O was done, before the flush
                           that ends it (0: the same as its end) */
} FsbJobOutput;

/* The work of job number job (0 … n_jobs − 1). It checks cancellable at
 * least every 100 ms (the run stays cancellable within 1 s with every job
 * running) and returns FALSE with error on failure or cancellation. A
 * failing job cancels the others. */
typedef gboolean (*FsbJobFunc) (guint         job,
                                gpointer      data,
                                FsbJobOutput *out,
                                GCancellable *cancellable,
                                GError      **error);

/* Untimed, before the common start (opening files, say) and after the end
 * (closing them), in the job's own thread. Either may be NULL. */
typedef struct {
  FsbJobFunc prepare;
  FsbJobFunc run;
  FsbJobFunc finish;
} FsbJobFuncs;

typedef struct {
  guint   n_jobs;
  guint64 bytes;        /* all jobs' */
  guint64 ops;
  double  seconds;      /* the common start to the last job's end */
  double  io_seconds;   /* … to the last job's io_end: the I/O alone, without
                           the flushes (what the page cache took) */
  double  slowest_job_s, fastest_job_s;
  GArray *lat_ms;       /* every job's latencies, merged (not sorted) */
  /* The jobs' threads' CPU and faults over their timed runs, summed: the
   * task's own, which the runner's meter (the calling thread) cannot see. */
  double  user_s, sys_s;
  guint64 minor_faults, major_faults;
} FsbParallelResult;

gboolean fsb_parallel_run          (guint              n_jobs,
                                    const FsbJobFuncs *funcs,
                                    gpointer           data,
                                    GCancellable      *cancellable,
                                    FsbParallelResult *result,
                                    GError           **error);
void     fsb_parallel_result_clear (FsbParallelResult *result);

G_END_DECLS
