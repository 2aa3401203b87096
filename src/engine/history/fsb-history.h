/* fsb-history.h: earlier runs, kept as JSON files in the user's data folder */
#pragma once

#include <gio/gio.h>

#include "fsb-plan.h"
#include "fsb-result.h"

G_BEGIN_DECLS

typedef struct {
  char      *path;
  /* The run without its measurements (its filesystems have no tasks):
   * enough to describe it and for its pace, not to show its results,
   * which fsb_history_load_async () reads. NULL when the file could not
   * be read. */
  FsbResult *summary;
  char      *problem;  /* why not, naming the file; NULL when fine */
} FsbHistoryEntry;

void     fsb_history_entry_free (FsbHistoryEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbHistoryEntry, fsb_history_entry_free)

/* $XDG_DATA_HOME/fsbench/history, created on demand. */
char      *fsb_history_dir         (void);
/* Saves under a name made from the creation time; returns the path. */
char      *fsb_history_save        (FsbResult *result, GError **error);
/* The same in a thread; finish gives the path, and the result saved
 * (owned by the GAsyncResult) in saved when not NULL. */
void       fsb_history_save_async  (FsbResult *result, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data);
char      *fsb_history_save_finish (GAsyncResult *res, FsbResult **saved, GError **error);
/* Checks the file and copies it into the history; returns the new path. */
char      *fsb_history_import      (const char *path, GError **error);
/* Every entry, newest first, readable or not. Blocking: call it in a
 * thread. The summaries come from an index kept in the history folder, so
 * only the files new or changed since the last listing are read (and
 * those that cannot be read, to say why in today's words). */
GPtrArray *fsb_history_list        (GCancellable *cancellable);   /* of FsbHistoryEntry* */
void       fsb_history_list_async  (GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
GPtrArray *fsb_history_list_finish (GAsyncResult *result, GError **error);
/* The whole results of the files at paths, in their order, read in a
 * thread; the first that cannot be read fails it all, naming its file. */
void       fsb_history_load_async  (const char *const *paths, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data);
GPtrArray *fsb_history_load_finish (GAsyncResult *result, GError **error);   /* of FsbResult* */
/* An entry's short id: its file name without ".json". */
char      *fsb_history_entry_id    (const FsbHistoryEntry *entry);
/* The path of the run named by id (an entry id, or a path of a file in
 * the history folder); NULL and FSB_ERROR_NOT_FOUND when there is none. */
char      *fsb_history_find        (const char *id, GError **error);
/* Deletes a run of the history; refuses (FSB_ERROR_REFUSED) a file that
 * is not a .json file directly in the history folder. */
gboolean   fsb_history_delete      (const char *path, GError **error);
/* One result holding every run's filesystems side by side, each named
 * "ext4 · label"; labels[i] names runs[i] (a date, a host). */
FsbResult *fsb_history_merge       (GPtrArray *runs, const char *const *labels, GError **error);
/* A short name for a run in a comparison: its local date and time. */
char      *fsb_history_label       (FsbResult *result);
/* "30 Nov 2026, 06:10 · ext4, XFS · quick · host" */
char      *fsb_history_describe    (FsbResult *result);

/* fsb-history-pace.c */
/* The summaries of the readable entries, in their order (newest first). */
GPtrArray *fsb_history_runs        (GPtrArray *entries);   /* of FsbResult* */
/* The newest complete run of runs (of FsbResult*, summaries or whole
 * results, newest first) with a
 * pace, made on this machine on the disk target_spec would use: an image
 * on the same host filesystem, or the same partition. NULL when none. */
FsbResult *fsb_history_find_pace   (GPtrArray *runs, const char *target_spec);
/* Lists the history (blocking) and lets plan's estimate follow the pace
 * of the newest such run. */
void       fsb_history_pace_plan   (FsbPlan *plan);

G_END_DECLS
