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

/* Cleans the entries of processes that no longer run. */
guint           fsb_target_state_clean (GError **error);
/* The folder, for tests and `fsbench-cli clean`. */
char           *fsb_target_state_dir   (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbTargetState, fsb_target_state_free)

G_END_DECLS
