/* fsb-group-transfer.h: the transfer group (seed 003): a big file copied between
 * filesystems mounted at the same time, in every direction */
#pragma once

#include <gio/gio.h>

#include "fsb-result.h"
#include "fsb-workload.h"

G_BEGIN_DECLS

/* Its size: the file copied. */
#define FSB_SIZE_TRANSFER "transfer-size"

/* An endpoint is a contender's name ("xfs": the cell's from/to) and mount
 * point. The cold callback runs before each measured copy with the two
 * endpoints involved; NULL: the file's own pages are dropped anyway
 * (fdatasync + posix_fadvise DONTNEED). */
typedef FsbAcrossEndpoint FsbTransferEndpoint;
typedef FsbAcrossColdFunc FsbTransferColdFunc;

/* Puts a file of bytes (each one unique, so no copy reads another's cache)
 * on every endpoint, then copies it A→B for every ordered pair, A→A
 * included, repetitions times, each copy fsync'd inside its time. Adds one
 * transfer of task_id per pair to result->transfers, in the order 0→0,
 * 0→1, ..., with a sample per copy: its "bytes", "wall_s" and "mb_per_s"
 * (10^6 bytes a second). Removes its files. */
gboolean fsb_transfer_run (const char          *task_id,
                           FsbTransferEndpoint *endpoints,
                           guint                n_endpoints,
                           guint64              bytes,
                           guint                repetitions,
                           FsbTransferColdFunc  cold,
                           gpointer             cold_data,
                           FsbItemProgressFunc  progress,
                           gpointer             progress_data,
                           FsbResult           *result,
                           GCancellable        *cancellable,
                           GError             **error);

G_END_DECLS
