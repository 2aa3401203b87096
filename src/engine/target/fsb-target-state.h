/* fsb-target-state.h: what a run set up (image, loop device, mount), on disk,
 * so the next start can clean what a crashed run left (private) */
#pragma once

#include <glib.h>

#include "fsb-target.h"

G_BEGIN_DECLS

typedef struct _FsbTargetState FsbTargetState;

/* One state file per target of this process, in
 * $XDG_STATE_HOME/fsbench/targets/PID-STARTTIME-N.json, with the machine
 * (host name, boot id) it runs on. Nothing is written until something is
 * set. */
FsbTargetState *fsb_target_state_new   (void);
void            fsb_target_state_free  (FsbTargetState *state);
/* NULL clears a field. Each call writes the file at once (or deletes it
 * when every field is NULL), before the action it records is attempted.
 * A new image is recorded with its device and inode, read at once. */
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

/* Cleans what the entries of runs that no longer run left, and only that
 * (the rules are in fsb-target-state.c): an entry of another machine or of
 * an earlier boot, or of a run still going, is left alone. */
guint           fsb_target_state_clean (FsbLeftovers *cleaned, GError **error);
/* The folder, for tests and `fsbench-cli clean`. */
char           *fsb_target_state_dir   (void);

/* For tests: the rules, without a file or a device. */
typedef enum {
  FSB_STATE_CLEAN,          /* a crashed run of this machine and boot */
  FSB_STATE_ALIVE,          /* its process still runs */
  FSB_STATE_OTHER_MACHINE,  /* another host name: a shared home */
  FSB_STATE_OTHER_BOOT,     /* this host before a restart, or a clone of it */
  FSB_STATE_UNKNOWN,        /* no host or boot id: cannot tell */
} FsbStateVerdict;

FsbStateVerdict fsb_target_state_judge (const char *host, const char *boot_id,
                                        const char *our_host, const char *our_boot_id,
                                        gboolean alive);
/* TRUE when path is still the image FS Bench made: an absolute path
 * without "." or ".." parts, named fsbench-XXXXXX.img, a regular file (not
 * a link) of ours with one name, on the device and at the inode recorded
 * when it was made. */
gboolean        fsb_target_state_image_is_ours (const char *path, guint64 dev, guint64 ino);
/* The name FS Bench gives its images: fsbench-XXXXXX.img (mkstemp). */
gboolean        fsb_target_state_is_image_name (const char *name);
/* When process pid started, in clock ticks since boot (field 22 of
 * /proc/PID/stat), or 0 when no such process runs: with its pid, it tells
 * a process from a later one that was given the same pid. */
guint64         fsb_process_start_time (int pid);
/* This machine's boot id (/proc/sys/kernel/random/boot_id), or "". */
const char     *fsb_target_state_boot_id (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbTargetState, fsb_target_state_free)

G_END_DECLS
