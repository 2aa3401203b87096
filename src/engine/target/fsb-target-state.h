/* fsb-target-state.h: what a run set up (image, loop device, mount), on disk,
 * so the next start can clean what a crashed run left (private) */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _FsbTargetState FsbTargetState;

/* One state file per target of this process, in
 * $XDG_STATE_HOME/fsbench/targets/PID-STARTTIME-N.json. Nothing is written
 * until something is set. */
FsbTargetState *fsb_target_state_new   (void);
void            fsb_target_state_free  (FsbTargetState *state);
/* NULL clears a field. Each call writes the file at once (or deletes it
 * when every field is NULL), before the action it records is attempted. */
void            fsb_target_state_set   (FsbTargetState *state,
                                        const char     *image,
                                        const char     *loop_device,
                                        const char     *device,
                                        const char     *mount_point);
const char     *fsb_target_state_get_path (FsbTargetState *state);

/* The name FS Bench gives the disk images it makes (g_mkstemp template). */
#define FSB_TARGET_IMAGE_TEMPLATE "fsbench-XXXXXX.img"

/* The loop devices the state files record, running or crashed runs alike:
 * a set of device names ("/dev/loop3"). */
GHashTable     *fsb_target_state_recorded_loops (void);
/* TRUE for a loop device of FS Bench's own: one in recorded, or one on an
 * image it made (named after FSB_TARGET_IMAGE_TEMPLATE, or in the default
 * image folder or image_folder). A loop device a user attached is not. */
gboolean        fsb_target_state_is_own_loop    (GHashTable *recorded,
                                                 const char *loop_device,
                                                 const char *backing_file,
                                                 const char *image_folder);

/* Cleans the entries of processes that no longer run. */
guint           fsb_target_state_clean (GError **error);
/* The folder, for tests and `fsbench-cli clean`. */
char           *fsb_target_state_dir   (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbTargetState, fsb_target_state_free)

G_END_DECLS
