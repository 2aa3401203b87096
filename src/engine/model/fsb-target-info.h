/* fsb-target-info.h: the measuring regime of a result (cache policy, flush,
 * host filesystem, cold caches): stored as data, written as sentences in
 * the reader's language when a report or the window shows it */
#pragma once

#include "fsb-result.h"

G_BEGIN_DECLS

/* What about the filesystem holding a disk image can colour the figures. */
typedef enum {
  FSB_HOST_COPY_ON_WRITE = 1 << 0,   /* btrfs, bcachefs, zfs without No_COW */
  FSB_HOST_COMPRESSED    = 1 << 1,
  FSB_HOST_NETWORK       = 1 << 2,   /* nfs, cifs, sshfs and other FUSE */
  FSB_HOST_MEMORY        = 1 << 3,   /* tmpfs, ramfs */
} FsbHostConcern;

/* Mount options that make a host filesystem compress data ("compress=zstd:3",
 * "compress-force"), comma separated, or NULL. */
char          *fsb_host_compress_options     (const char *mount_options);
FsbHostConcern fsb_host_info_concerns        (const FsbHostInfo *host);

/* Sentences, translated, to g_free(): */
/* "ext4 on /dev/vda (/)", or NULL when the host is unknown. */
char          *fsb_target_info_host_text     (const FsbTargetInfo *info);
/* What was done to keep caches cold, and which layer the timed flush reached. */
char          *fsb_target_info_cache_text    (const FsbTargetInfo *info);
/* How the image file's space was allocated on the host (preallocated,
 * discarded by mkfs), or NULL for a partition. */
char          *fsb_target_info_space_text    (const FsbTargetInfo *info);
/* How mkfs ran when not through udisks' Format (on the image file), or NULL. */
char          *fsb_target_info_mkfs_text     (const FsbTargetInfo *info);
/* A short name of the regime, for a table cell: "direct I/O", ... */
char          *fsb_target_info_regime_text   (const FsbTargetInfo *info);
/* The regime in a run's short name: "direct I/O · ext4", "partition". */
char          *fsb_target_info_regime_label  (const FsbTargetInfo *info);
/* TRUE when two results were measured the same way: same kind of target,
 * same direct I/O and flush, same host filesystem and concerns. */
gboolean       fsb_target_info_same_regime   (const FsbTargetInfo *a, const FsbTargetInfo *b);

/* What about the host filesystem may colour the figures, as sentences
 * (of char*, translated); empty for a partition. */
GPtrArray     *fsb_target_info_warnings      (const FsbTargetInfo *info);
/* What the window and the report warn about: the host filesystem's
 * concerns, and samples whose caches were still warm. Of char*, translated. */
GPtrArray     *fsb_result_regime_warnings    (FsbResult *result);
/* What the residency probes saw, as a sentence, or NULL when the result
 * has no probes (older results). */
char          *fsb_result_residency_text     (FsbResult *result);

/* The display name of a profile id ("quick" gives "Quick"), translated;
 * an unknown id comes back quoted. */
char          *fsb_profile_display_name      (const char *id);

/* Older results stored sentences, in the language of the run: maps them
 * to ids and data; a sentence it does not know is kept, to be quoted. */
void           fsb_target_info_read_legacy   (FsbTargetInfo *info,
                                              const char    *cache_policy,
                                              const char    *host_filesystem);

G_END_DECLS
