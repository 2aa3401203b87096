/* fsb-safety.h: what the safety group's tasks share: a writer that keeps a
 * log of every version of every file it wrote and which ones fsync
 * acknowledged, the verification of a copy of the filesystem against that
 * log, and the filesystems' own checkers (private) */
#pragma once

#include <gio/gio.h>

#include "fsb-result.h"
#include "fsb-rng.h"
#include "fsb-target.h"

G_BEGIN_DECLS

typedef struct _FsbSafetyLog FsbSafetyLog;

/* n_files files in dir (which exists), each of versions whose sizes are
 * between min_bytes and max_bytes and whose bytes come from seed. */
FsbSafetyLog *fsb_safety_log_new   (const char *dir,
                                    guint64     seed,
                                    guint       n_files,
                                    guint       min_bytes,
                                    guint       max_bytes);
void          fsb_safety_log_free  (FsbSafetyLog *log);
/* No more writing: lets go of the folder, so its filesystem can be unmounted. */
void          fsb_safety_log_close (FsbSafetyLog *log);

/* One operation, as applications write files: a new file, a file
 * rewritten in place, or one replaced through a new name and rename;
 * fsync'd (with its folder) or not, as rng says. A file is acknowledged
 * once its fsync and its folder's returned, and stops being when a write
 * to it starts. Thread-safe against the snapshots. */
gboolean      fsb_safety_log_step  (FsbSafetyLog *log,
                                    FsbRng       *rng,
                                    guint64      *written,
                                    GError      **error);

/* What the log knew at the instant of a copy: taken just before it
 * (the acknowledged files) and completed just after (the versions whose
 * writing had started by then). */
typedef struct _FsbSafetyCut FsbSafetyCut;
FsbSafetyCut *fsb_safety_cut_begin (FsbSafetyLog *log);
void          fsb_safety_cut_end   (FsbSafetyLog *log, FsbSafetyCut *cut);
void          fsb_safety_cut_free  (FsbSafetyCut *cut);

typedef struct {
  guint acked;         /* files acknowledged before the copy */
  guint acked_lost;    /* ... not found whole at an acknowledged or later version: must be 0 */
  guint absent;        /* the others: no file, or an empty one */
  guint old;           /* an earlier version, whole */
  guint whole;         /* the version being written at the copy, or a later one, whole */
  guint partial;       /* the start of a version, cut short: no byte wrong */
  guint garbage;       /* bytes that no version had */
} FsbSafetyCounts;

/* Reads every file of the log under root (the copy's mount point, where
 * the log's folder is rel_dir) and counts what it finds. */
gboolean      fsb_safety_verify    (const FsbSafetyLog *log,
                                    const FsbSafetyCut *cut,
                                    const char         *root,
                                    const char         *rel_dir,
                                    FsbSafetyCounts    *counts,
                                    GError            **error);
/* The options a power-cut copy is mounted with: read-only, and the
 * contender's own mount options (NULL: none) after, so that the copy
 * replays its journal as the contender would. */
char         *fsb_safety_copy_options (const char *mount_options);
/* The path of file i under dir ("f0007"), for tests that damage one. */
char         *fsb_safety_file_name (guint i);
/* The files a cut counts as acknowledged, by index, for tests. */
GArray       *fsb_safety_cut_acked (const FsbSafetyCut *cut);

/* The checkers ------------------------------------------------------------- */

/* The filesystem's own checker, read-only, on an image file (e2fsck -fn,
 * xfs_repair -n -f, btrfs check --readonly): FALSE with an error when it
 * cannot run (none for fstype: FSB_ERROR_UNSUPPORTED); else clean says
 * whether it found nothing wrong, seconds how long it took. */
gboolean      fsb_safety_check_image (const char   *fstype,
                                      const char   *image,
                                      gboolean     *clean,
                                      double       *seconds,
                                      GCancellable *cancellable,
                                      GError      **error);

/* Whether FS Bench has fstype's checker here. */
gboolean      fsb_safety_has_checker (const char *fstype);

/* The checker on a whole filesystem, cold: target (mounted) has its used
 * bytes and inodes read, is unmounted, checked on its image file (a
 * partition: its device) and mounted again. FALSE with an error when the
 * target could not be unmounted or mounted again; a checker that could
 * not run is the sample's error. Sets on sample: checker_s, fsck_clean
 * (1 or 0), fsck_used_bytes, fsck_used_inodes. */
gboolean      fsb_safety_check_full  (FsbTarget    *target,
                                      const char   *fstype,
                                      FsbSample    *sample,
                                      GCancellable *cancellable,
                                      GError      **error);

/* The filesystem's own scrub, where it has one FS Bench can run (btrfs
 * scrub start -B): FALSE with FSB_ERROR_UNSUPPORTED where it has
 * none, FSB_ERROR_NOT_AUTHORIZED where this user may not (the kernel
 * wants CAP_SYS_ADMIN); else errors is what it counted (checksum and
 * read errors). */
gboolean      fsb_safety_scrub       (const char   *fstype,
                                      const char   *mount_point,
                                      guint        *errors,
                                      GCancellable *cancellable,
                                      GError      **error);

/* Silent corruption (fsb-safety-corrupt.c) ----------------------------------------- */

typedef struct {
  guint detected;    /* damaged, and reading it failed */
  guint silent;      /* damaged, and it read back other bytes without an error */
  guint repaired;    /* damaged, and it read back right (a second copy) */
  guint untouched;   /* not damaged, and it read back right */
} FsbSafetyCorruption;

/* n_files files of 16 KiB in dir, fsync'd: their bytes go to firsts (of
 * guchar*), FIEMAP's offset of each (or -1) to where (of gint64). */
gboolean fsb_safety_corrupt_write    (const char *dir, guint n_files, guint64 seed,
                                      GPtrArray *firsts, GArray *where, GError **error);
/* In the image (not mounted): finds each file's first block, and flips
 * one bit in that of the first n_flip files. */
gboolean fsb_safety_corrupt_flip     (const char *image, guint n_files, guint n_flip,
                                      GPtrArray *firsts, GArray *where, GError **error);
/* Reads the files again, mounted anew, and counts. */
void     fsb_safety_corrupt_read     (const char *dir, guint n_files, guint n_flip,
                                      GPtrArray *firsts, FsbSafetyCorruption *out);
/* Flips a bit of a counter in the primary superblock of fstype's image. */
gboolean fsb_safety_corrupt_metadata (const char *fstype, const char *image, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbSafetyLog, fsb_safety_log_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbSafetyCut, fsb_safety_cut_free)

G_END_DECLS
