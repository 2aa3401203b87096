/* fsb-fragmentation.h: how fragmented a file and a filesystem's free space are */
#pragma once

#include <gio/gio.h>

#include "fsb-result.h"

G_BEGIN_DECLS

/* The extents of the file at path as filefrag counts them: FIEMAP's
 * extents, physically contiguous neighbours as one. -1 on failure. */
gint64      fsb_file_extents             (const char *path, GError **error);

/* The tool that reports the free-space fragmentation of fstype: "e2freefrag"
 * (ext2, ext3, ext4) or "xfs_db" (xfs, its freesp -s command); NULL for the
 * others (btrfs has no such report). */
const char *fsb_free_space_tool          (const char *fstype);
/* Runs it read-only on device, which must not be mounted (the figures of
 * a mounted filesystem lag behind its journal). FALSE when there is no
 * tool, it is not installed or it fails; out->free_extents is then -1. */
gboolean    fsb_free_space_measure       (const char   *fstype,
                                          const char   *device,
                                          FsbFreeSpace *out,
                                          GCancellable *cancellable,
                                          GError      **error);
/* What the tools print, read (for the unit test). */
gboolean    fsb_free_space_parse_e2freefrag (const char *output, FsbFreeSpace *out);
gboolean    fsb_free_space_parse_xfs_db     (const char *output, FsbFreeSpace *out);

G_END_DECLS
