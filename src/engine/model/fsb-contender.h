/* fsb-contender.h: what a run compares: a filesystem type as it is made
 * and mounted (mkfs arguments, mount options), under a label that is its
 * identity in the plan, the result, the history and the reports. A plain
 * filesystem is a contender whose label is its type ("ext4"); the same
 * type listed again makes twins ("ext4 (1)", "ext4 (2)"); a variant has the name the user
 * gave it ("noatime=ext4;mount=noatime"). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* At most this many mount options in a variant, each at most this long:
 * what a person types, not what a file could hold. */
#define FSB_CONTENDER_MAX_MOUNT_OPTIONS 32
#define FSB_CONTENDER_MAX_OPTION_CHARS  128
#define FSB_CONTENDER_MAX_MKFS_CHARS    512
#define FSB_CONTENDER_MAX_TEXT          4096  /* the whole NAME=FS;mount=…;mkfs=… */

typedef struct {
  char *label;          /* the identity: "ext4", "ext4-2", "noatime" */
  char *fs_type;        /* "ext4" */
  char *mount_options;  /* asked, comma-separated; NULL: the defaults */
  char *mkfs_options;   /* asked, as shell words; NULL: the defaults */
} FsbContender;

FsbContender *fsb_contender_new   (const char *label, const char *fs_type);
FsbContender *fsb_contender_copy  (const FsbContender *self);
void          fsb_contender_free  (FsbContender *self);
/* "NAME=FS;mount=OPTIONS;mkfs=ARGS", both parts optional and in either
 * order; OPTIONS may hold commas, ARGS is read as shell words. Checks the
 * names and the syntax of the options (fsb_contender_check_mount_options ())
 * but not whether udisks allows them: that is the target's to say. */
FsbContender *fsb_contender_parse (const char *text, GError **error);
/* Mount options as a person may give them: "noatime,compress=zstd:1" —
 * at most FSB_CONTENDER_MAX_MOUNT_OPTIONS, none empty, no control
 * character, no space, none longer than FSB_CONTENDER_MAX_OPTION_CHARS. */
gboolean      fsb_contender_check_mount_options (const char *options, GError **error);
/* The options of asked that applied (as /proc/self/mountinfo lists them)
 * lacks: "compress=zstd:1" asked and "compress=zstd:1" applied lack
 * nothing. A new string vector (empty when nothing is missing). */
char        **fsb_contender_missing_options (const char *asked, const char *applied);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbContender, fsb_contender_free)

G_END_DECLS
