/* fsb-workloads-private.h: the task functions behind fsb_workload_lookup() */
#pragma once

#include "fsb-workload.h"

G_BEGIN_DECLS

/* core (seed 000): fsb-workloads-core.c */
/* tree-find looks for C headers, about a tenth of the generated tree. */
#define FSB_CORE_FIND_PATTERN "*.h"
gboolean fsb_workload_big_copy_in  (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_big_recopy   (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_big_delete   (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_tree_copy_in (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_tree_recopy  (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_tree_list    (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_tree_find    (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_tree_delete  (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);

/* other studies (seeds 001 to 004): fsb-workloads-*.c */

G_END_DECLS
