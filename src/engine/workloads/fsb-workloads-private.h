/* fsb-workloads-private.h: the task functions behind fsb_workload_lookup() */
#pragma once

#include "fsb-workload.h"

G_BEGIN_DECLS

/* core (seed 000): fsb-group-core.c */
/* tree-find looks for C headers, about a tenth of the generated tree. */
#define FSB_CORE_FIND_PATTERN "*.h"
/* Where big-copy-in writes the big file, under the mount point (the
 * aging phase reads its extents there). */
#define FSB_CORE_BIG_FIRST "big-1"
#define FSB_CORE_BIG_NAME  "big.img"
gboolean fsb_workload_big_copy_in  (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_big_recopy   (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_big_delete   (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_tree_copy_in (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_tree_recopy  (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_tree_list    (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_tree_find    (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean fsb_workload_tree_delete  (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);

/* other studies (seeds 001 to 004): fsb-group-*.c */

/* kernel-tree (seed 001): fsb-group-kernel-tree.c. The source tree is
 * dataset_dir/kernel, generated once per set of sizes and checked against
 * dataset_dir/kernel.manifest.json; returns the manifest. */
JsonNode *fsb_kernel_dataset_ensure        (const FsbSizes   *sizes,
                                            const char       *dataset_dir,
                                            GCancellable     *cancellable,
                                            GError          **error);
void      fsb_workload_kernel_clean_scratch (const char *scratch_dir);
gboolean  fsb_workload_kernel_copy_in    (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean  fsb_workload_kernel_copy_out   (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean  fsb_workload_kernel_recopy     (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean  fsb_workload_kernel_delete     (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);

/* small-files (seed 002, bonnie++ -n): fsb-group-small-files.c */
gboolean  fsb_workload_small_create_seq  (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean  fsb_workload_small_stat_seq    (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean  fsb_workload_small_delete_seq  (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean  fsb_workload_small_create_rand (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean  fsb_workload_small_stat_rand   (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean  fsb_workload_small_delete_rand (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);

/* delete-latency (seed 002): fsb-group-delete-latency.c. Each deletion is an
 * extra sample (wall_s: until unlink returned; sys_s: kernel time). */
guint     fsb_delete_latency_count       (const FsbSizes *sizes);
gboolean  fsb_workload_delete_return     (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean  fsb_workload_delete_sys        (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);

/* random-io (seed 004, sysbench fileio): fsb-group-random-io.c.
 * The setup writes the files, untimed, before the runner's cold remount. */
gboolean  fsb_workload_randio_setup      (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean  fsb_workload_rand_read         (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
gboolean  fsb_workload_rand_write        (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
/* Tests: make every O_DIRECT open fail with EINVAL, as on a filesystem
 * without direct I/O. */
void      fsb_randio_refuse_direct_for_testing (gboolean refuse);

G_END_DECLS
