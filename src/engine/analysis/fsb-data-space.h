/* fsb-data-space.h: the space the source data took on each filesystem */
#pragma once

#include "fsb-result.h"

G_BEGIN_DECLS

/* The bytes the tasks that bring the source data in wrote (the catalog's
 * brings_data: the big file and the tree) and the space the filesystem
 * used for them, each the median over the repetitions, summed over those
 * tasks. FALSE when fs has no such measurement (a result from before it
 * was measured, or the core group did not run). */
gboolean fsb_data_space (const FsbResult *result, FsbFsResult *fs, guint64 *written, guint64 *on_disk);

G_END_DECLS
