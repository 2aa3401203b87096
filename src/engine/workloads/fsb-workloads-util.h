/* fsb-workloads-util.h: what the workload groups share (with the seeded
 * generator of fsb-rng.h): cp-like copies, rm-like deletes, flushes and clocks */
#pragma once

#include <gio/gio.h>

#include "fsb-rng.h"
#include "fsb-stats.h"
#include "fsb-workload.h"

G_BEGIN_DECLS

/* Monotonic seconds. */
double  fsb_now           (void);

/* fsb_set_error_from_errno () that returns FALSE, for return statements. */
gboolean fsb_errno_fail   (GError **error, int errsv, const char *format, const char *path);

typedef struct {
  guint64 files;
  guint64 dirs;
  guint64 bytes;
} FsbTreeCount;

/* Thin wrappers over fsb-fileops (cp, cp -r and rm -r) for paths, adding
 * to count. */

/* Copies a file like cp, then fsync when asked. */
gboolean fsb_copy_file    (const char   *src,
                           const char   *dst,
                           gboolean      do_fsync,
                           guint64      *bytes,
                           GCancellable *cancellable,
                           GError      **error);
/* drop_source_cache: posix_fadvise DONTNEED on each source file first,
 * so a copy-in reads the dataset from disk, not from RAM. */
gboolean fsb_copy_tree    (const char         *src,
                           const char         *dst,
                           gboolean            drop_source_cache,
                           FsbTreeCount       *count,
                           FsbItemProgressFunc progress,
                           gpointer            progress_data,
                           guint64             total_files,
                           GCancellable       *cancellable,
                           GError            **error);
/* A missing tree is not an error. */
gboolean fsb_remove_tree  (const char   *path,
                           FsbTreeCount *count,
                           GCancellable *cancellable,
                           GError      **error);
/* Counts the files, directories and bytes of a tree. */
gboolean fsb_count_tree   (const char   *path,
                           FsbTreeCount *count,
                           GError      **error);
/* Writes bytes of generated data to path (created or truncated), fsync'd
 * when asked, then drops its pages from the page cache when cold. */
gboolean fsb_write_random_file (const char   *path,
                                guint64       bytes,
                                FsbRng       *rng,
                                gboolean      do_fsync,
                                gboolean      cold,
                                GCancellable *cancellable,
                                GError      **error);
/* fdatasync and posix_fadvise DONTNEED: the file is read from disk next. */
void     fsb_drop_file_cache (const char *path);

/* Linear interpolation between closest ranks, as fsb_stats_compute. */
double   fsb_percentile   (const double *sorted, guint n, double p);
/* Sorts lat (milliseconds, of double) and sets the sample's latency_p50_ms,
 * latency_p95_ms, latency_p99_ms and latency_max_ms from it. */
void     fsb_workload_set_latencies (FsbSample *sample, GArray *lat);

/* The headline of the application groups' timed tasks (git, build,
 * photos): the seconds of the operation itself and its flush, read by
 * the task, without what it prepares first or removes after it (the
 * group's files go at the end of its last task, as no part of it). */
#define FSB_OP_S "op_s"
#define FSB_OP_S_METRIC { FSB_OP_S, N_("Time of the operation"), N_("s") }

G_END_DECLS
