/* fsb-fileops.h: copy, remove, list and search file trees with the system calls of cp, rm, ls and find */
#pragma once

#include <gio/gio.h>

#include "fsb-workload.h"

G_BEGIN_DECLS

/* cp reads and writes 128 KiB at a time (coreutils 9.1, io_blksize). */
#define FSB_COPY_BUFFER_SIZE (128 * 1024)

/* The state of one operation over a tree: counters, progress and the
 * path being worked on (for error messages). */
typedef struct {
  GCancellable       *cancellable;
  FsbItemProgressFunc progress;      /* called per file with files done and total */
  gpointer            progress_data;
  guint64             total;         /* files expected, for progress; 0 if unknown */
  gboolean            drop_source_cache;  /* posix_fadvise DONTNEED before reading */
  gboolean            progress_bytes;     /* progress counts bytes (total is bytes), not files */

  guint64             files;         /* files (and symlinks) handled */
  guint64             dirs;
  guint64             bytes;

  guint8             *buffer;        /* FSB_COPY_BUFFER_SIZE, allocated on demand */
  GString            *path;          /* the path being worked on */
  gint64              last_progress_us;
} FsbFileOps;

void     fsb_file_ops_init         (FsbFileOps *ops, GCancellable *cancellable,
                                    FsbItemProgressFunc progress, gpointer progress_data,
                                    guint64 total);
void     fsb_file_ops_clear        (FsbFileOps *ops);

/* Copies one regular file with read and write, as cp --reflink=never. */
gboolean fsb_copy_file_at          (FsbFileOps *ops,
                                    int src_dirfd, const char *src_name,
                                    int dst_dirfd, const char *dst_name,
                                    GError **error);
/* cp -r: folders, regular files and symbolic links. src_name is followed
 * when it is a link; nothing below it is (O_NOFOLLOW), so an entry swapped
 * for a link while the copy runs is refused, not followed. The listing and
 * the search below walk trees the same way. */
gboolean fsb_copy_tree_at          (FsbFileOps *ops,
                                    int src_dirfd, const char *src_name,
                                    int dst_dirfd, const char *dst_name,
                                    GError **error);
/* rm -r: unlinkat on every entry, no stat unless the type is unknown.
 * A missing name is not an error. Nothing is followed: a symbolic link is
 * removed, never what it points to. */
gboolean fsb_remove_tree_at        (FsbFileOps *ops, int dirfd, const char *name, GError **error);
/* rm -r DIR/ *: empties the folder open as dirfd, keeping the folder. */
gboolean fsb_empty_dir_at          (FsbFileOps *ops, int dirfd, GError **error);
/* ls -lR: writes the listing of the tree to out_fd. */
gboolean fsb_list_tree_at          (FsbFileOps *ops, int dirfd, const char *name, int out_fd, GError **error);
/* find NAME -name PATTERN: counts the matches in ops->files. */
gboolean fsb_find_in_tree_at       (FsbFileOps *ops, int dirfd, const char *name,
                                    const char *pattern, GError **error);

/* Flushes the whole filesystem holding path (syncfs). */
gboolean fsb_sync_filesystem       (const char *path, GError **error);

/* A GError for errno, with the path in the message; ENOSPC gives
 * FSB_ERROR_NO_SPACE. */
void     fsb_set_error_from_errno  (GError **error, int saved_errno, const char *what, const char *path);

G_END_DECLS
