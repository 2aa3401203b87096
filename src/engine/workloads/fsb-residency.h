/* fsb-residency.h: how much of a file or tree sits in the page cache
 * (cachestat, or mincore over a mapping as fincore does), and evicting it
 * again */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The walks stop after this many files, so a probe stays cheap on a
 * kernel tree: a probe of the standard tree (1 875 files) takes a few ms. */
#define FSB_RESIDENCY_MAX_FILES 4096
/* Below this a probe counts as near zero: a mount reads a few hundred KiB
 * of metadata through the host's cache when there is no direct I/O. */
#define FSB_RESIDENCY_NEAR_ZERO (1024 * 1024)

typedef struct {
  guint64  resident_bytes;   /* in the page cache */
  guint64  bytes;            /* the size of what was looked at */
  guint    files;            /* regular files looked at */
  gboolean truncated;        /* the walk stopped at max_files */
} FsbResidency;

/* Adds path (a regular file, or a folder walked depth first, symbolic
 * links followed at the top only) to r, looking at max_files files at most. */
void     fsb_residency_probe  (const char *path, guint max_files, FsbResidency *r);
/* posix_fadvise DONTNEED on the same files (fdatasync first when
 * write_back), which drops their clean pages unless something maps them. */
void     fsb_residency_evict  (const char *path, guint max_files, gboolean write_back);

G_END_DECLS
