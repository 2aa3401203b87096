/* fsb-history-private.h: what the history's files and its index share */
#pragma once

#include <gio/gio.h>
#include <sys/stat.h>

#include "fsb-result.h"

G_BEGIN_DECLS

/* Beside the runs, hidden, and not a ".json" file, so that it is never
 * listed, found or deleted as a run. */
#define FSB_HISTORY_INDEX_NAME ".index.jsonl"

/* What tells one version of a file from another: a file saved again, even
 * at the same size within the same second, has another inode (saves write
 * a new file and rename it) or another change time. */
typedef struct {
  guint64 size;
  gint64  mtime_ns;
  gint64  ctime_ns;
  guint64 inode;
} FsbHistoryFileKey;

gboolean   fsb_history_file_key      (const char *path, FsbHistoryFileKey *key);

/* fsb-history-index.c */
typedef struct _FsbHistoryIndex FsbHistoryIndex;

/* The summary of a whole result (fsb_result_summary_to_json ()), read back
 * with every check a result file gets; NULL with error if it fails them. */
FsbResult       *fsb_history_summarize     (FsbResult *result, GError **error);
/* The summaries dir's index holds for the files as they are now (keys:
 * file name → FsbHistoryFileKey*). The index is never trusted further
 * than a result file: each line is bounded and checked as one, and a
 * missing, foreign or damaged index, or a line for a file since changed,
 * only means those files are read again. */
FsbHistoryIndex *fsb_history_index_read    (const char *dir, GHashTable *keys);
/* name's summary (the index's), or NULL when the index does not have it. */
FsbResult       *fsb_history_index_lookup  (FsbHistoryIndex *self, const char *name);
/* Keeps result's summary for name as key says it is; returns it (the
 * index's), or NULL with error when it cannot be made. */
FsbResult       *fsb_history_index_add     (FsbHistoryIndex *self, const char *name,
                                            const FsbHistoryFileKey *key, FsbResult *result, GError **error);
/* Writes it atomically when it changed; an index that cannot be written
 * (a read-only folder) only makes the next listing read the files again.
 * Two processes may write at once: the last one's index stands, and a run
 * it lacks is read again next time. */
void             fsb_history_index_write   (FsbHistoryIndex *self);
/* Adds the summary of result, just saved in dir as name, to the end of
 * dir's index: the next listing need not read it. A damaged index (a cut
 * last line) only costs that run being read again. */
void             fsb_history_index_append  (const char *dir, const char *name, FsbResult *result);
void             fsb_history_index_free    (FsbHistoryIndex *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbHistoryIndex, fsb_history_index_free)

/* For tests and benchmarks: the result files this process has read to
 * list the history (the index spares the others). */
guint            fsb_history_files_read    (void);
void             fsb_history_count_file_read (void);

G_END_DECLS
