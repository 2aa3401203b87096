/* fsb-scratch.h: the runner's scratch folders, off the target: where they
 * go, their name, and reclaiming those of runs that were killed */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A scratch folder is named fsbench-scratch-PID-XXXXXX (g_mkdtemp), after
 * the process that made it. */
#define FSB_SCRATCH_PREFIX "fsbench-scratch-"

/* Where a run's scratch folder goes: /dev/shm when it is a tmpfs with
 * twice needed_bytes free and not more than a quarter of the RAM is asked
 * for, else g_get_user_cache_dir()/fsbench. $FSBENCH_SCRATCH_DIR, when
 * set, replaces both (the tests keep theirs apart). */
char     *fsb_scratch_parent     (guint64 needed_bytes);
/* Every folder fsb_scratch_parent () may give. */
char    **fsb_scratch_parents    (void);
/* The g_mkdtemp template of this process's scratch folders. */
char     *fsb_scratch_template   (void);
/* TRUE when name is exactly fsbench-scratch-PID-XXXXXX; pid receives PID. */
gboolean  fsb_scratch_parse_name (const char *name,
                                  int        *pid);

/* Deletes, in each of parents (NULL for fsb_scratch_parents ()), the
 * scratch folders of this user's runs that no longer run: a folder whose
 * process is gone, or whose pid now belongs to a process that started
 * after the folder was made and does not hold it open. A live run's
 * folder, a link, a folder of another user, a name that is not exactly a
 * scratch folder's, and folders on a network filesystem (another machine
 * may run there) are left alone; nothing below a folder is followed.
 * Returns how many were deleted; bytes receives the room they took. On
 * the first folder that cannot be deleted, error says which, and the
 * others are still tried. Blocking: call it in a thread. */
guint     fsb_scratch_reclaim    (const char *const *parents,
                                  guint64           *bytes,
                                  GCancellable      *cancellable,
                                  GError           **error);

G_END_DECLS
