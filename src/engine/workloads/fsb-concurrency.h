/* fsb-concurrency.h: the work of many writers at once (issue 28), each kind
 * run by N jobs started together (fsb-parallel) and measured as one: the
 * aggregate rate, every operation's latency across all jobs.
 *   FSB_CONC_SEQ_WRITE     each job writes its own file, 1 MiB writes, fsync
 *   FSB_CONC_SEQ_READ      each job reads its own file back (made by the above)
 *   FSB_CONC_CREATE        each job creates 4 KiB files in its own folder
 *   FSB_CONC_CREATE_SHARED all jobs create theirs in one shared folder: the
 *                          contended case (one directory's lock, one journal)
 *   FSB_CONC_RAND_WRITE    each job writes 16 KiB blocks at random in its own
 *                          region of one file, fsync at the end
 *   FSB_CONC_COMMIT        each job appends 4 KiB records to its own file and
 *                          fdatasyncs each one: durable commits
 * Every kind flushes what it wrote inside its time. */
#pragma once

#include "fsb-parallel.h"
#include "fsb-result.h"

G_BEGIN_DECLS

typedef enum {
  FSB_CONC_SEQ_WRITE,
  FSB_CONC_SEQ_READ,
  FSB_CONC_CREATE,
  FSB_CONC_CREATE_SHARED,
  FSB_CONC_RAND_WRITE,
  FSB_CONC_COMMIT,
} FsbConcKind;

typedef struct {
  FsbConcKind   kind;
  const char   *dir;        /* the folder the jobs work in (made when missing) */
  guint         jobs;
  guint64       bytes;      /* each job's: file size (sequential, random region) */
  guint         count;      /* each job's: files, random writes or commits */
  guint64       seed;
  GCancellable *cancellable;
} FsbConcSpec;

/* Runs spec's jobs; result as fsb_parallel_run (). */
gboolean fsb_conc_run          (const FsbConcSpec *spec,
                                FsbParallelResult *result,
                                GError           **error);
/* The figures of a run on sample: bytes, ops, jobs, wall of the I/O, the
 * rate (mb_per_s, or files_per_s / iops / commits_per_s by kind), the
 * latency percentiles across all jobs (p50, p99, p99.9) and the spread
 * between the fastest and the slowest job. */
void     fsb_conc_record       (const FsbConcSpec *spec,
                                FsbParallelResult *result,
                                FsbSample         *sample);
/* Removes what the kind left in spec->dir (SEQ_WRITE's files stay for
 * SEQ_READ until this). */
gboolean fsb_conc_clean        (const FsbConcSpec *spec,
                                GError           **error);

G_END_DECLS
