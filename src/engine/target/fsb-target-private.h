/* fsb-target-private.h: what the files of FsbTarget share */
#pragma once

#include "fsb-plan.h"
#include "fsb-target.h"
#include "fsb-target-state.h"
#include "fsb-device-identity.h"

G_BEGIN_DECLS

#define MIB ((guint64) 1024 * 1024)
/* How long to wait for a busy filesystem or device to let go. */
#define RETRY_MSEC 5000
/* How long to wait for udisksd to catch up with the kernel: to export the
 * interface of a filesystem just made, to see a mount gone. As long as
 * udisksd waits for udev itself (UDISKS_DEFAULT_WAIT_TIMEOUT): on a busy
 * machine its main loop lags by seconds. */
#define CATCH_UP_MSEC 20000
/* How long to wait for udisksd to see that a device it calls mounted is
 * not (the kernel has no mount of it). It may lag on a loaded machine, or
 * keep a take-ownership temp-mount until the device's next uevent (see
 * refresh_stale_view in fsb-target-mount.c): a rescan after half a
 * second of that, then every 2 s. */
#define STALE_VIEW_MSEC 60000
#define RESCAN_FIRST_MSEC 500
#define RESCAN_EVERY_MSEC 2000
#define RETRY_STEP_MSEC 100

struct _FsbTarget
{
  GObject         parent_instance;

  FsbTargetKind   kind;
  guint64         size;             /* asked for (0: from the plan), then actual */
  gboolean        destroy_confirmed;
  char           *image_dir;        /* NULL: the cache folder */
  guint           images_at_once;   /* this image and those still to be made with it (≥ 1) */
  char           *image_path;       /* while the image exists */
  char           *device;           /* "/dev/loop3" after prepare, or "/dev/sdb1" */
  char           *object_path;      /* udisks block object, after prepare */
  gboolean        loop_attached;
  char           *mount_point;      /* while mounted */
  /* Mounted, and its mount point handed to nobody since: nothing has
   * read it, so its caches are as cold as a remount would leave them. */
  gboolean        untouched;
  guint           remounts;         /* cold remounts done (fsb_target_remount_cold) */
  char           *mount_options;
  char           *mount_requested;  /* given to every Mount; NULL: udisks' defaults */
  char           *fstype;
  gboolean        direct_io;        /* the loop device bypasses the host cache */
  int             image_fd;         /* the image, buffered, for the host flush; -1 */
  int             probe_fd;         /* the image, direct, for the disk probe; -1, -2: none to be had */
  void           *probe_buffer;     /* its aligned 4 KiB */
  guint64         image_dev;        /* the image as made (st_dev, st_ino): it, not whatever */
  guint64         image_ino;        /* has its name later, is attached, detached and deleted */
  gboolean        nocow;            /* No_COW took on the image file */
  gboolean        compressed;       /* the image file carries the compression flag */
  gboolean        preallocated;     /* the image's blocks were allocated when it was made */
  gboolean        mkfs_by_file;     /* mkfs ran on the image file (fsb-target-mkfs.c), not through udisks */
  gboolean        host_cache_dropped;
  FsbTargetState *state;
  FsbDeviceIdentity *confirmed;     /* a partition: what the user confirmed */
  guint64         needed_bytes;     /* what the plan needs, checked again before each format */
};

/* fsb-target.c */
void     fsb_target_record_state  (FsbTarget *self);
/* A variant's mkfs options as the words of a command line, or NULL with
 * a translated error saying why they cannot be read. */
char   **fsb_target_mkfs_words    (const char *mkfs_options, GError **error);
/* TRUE until cancellable is cancelled; then FALSE with FSB_ERROR_CANCELLED. */
gboolean fsb_target_not_cancelled (GCancellable *cancellable, GError **error);
/* A udisks call failed: its error, mapped to FSB_ERROR and saying what was
 * being done (a printf format), goes to error. Returns FALSE. */
gboolean fsb_target_udisks_fail   (GError **error, GError *local_error, const char *format, ...) G_GNUC_PRINTF (3, 4);

/* An error unless the target has been prepared (has a udisks object). */
gboolean fsb_target_check_prepared (FsbTarget *self, GError **error);

/* fsb-target-mount.c */
/* udisksd is a moment behind (an interface not exported yet, a mount it
 * still sees); busy_too: a filesystem still letting go. */
gboolean fsb_target_is_retryable  (const GError *error, gboolean busy_too);
/* How long to keep retrying after error: CATCH_UP_MSEC when udisksd has
 * not caught up yet, RETRY_MSEC when something is busy. */
int      fsb_target_retry_limit   (const GError *error);

/* fsb-target-release.c */
/* Unmounts every mount of device (a take-ownership temp-mount, an earlier
 * user's): through udisks, else lazily through the kernel. */
gboolean fsb_target_unmount_strays    (const char *device, const char *object_path, GError **error);

/* fsb-target-image.c */
/* Reads and writes of the loop device bypass the host's page cache. */
void     fsb_target_set_direct_io     (FsbTarget *self);
/* Closes image_fd (and the probe's). */
void     fsb_target_close_image       (FsbTarget *self);

/* fsb-target-probe.c */
void     fsb_target_probe_close       (FsbTarget *self);
/* The image's st_dev and st_ino, as made (or, for one we did not make, as
 * its path names now); FALSE without an image. */
gboolean fsb_target_image_identity    (FsbTarget *self, guint64 *dev, guint64 *ino);
gboolean fsb_target_prepare_image     (FsbTarget *self, guint64 needed_bytes, GCancellable *cancellable, GError **error);
/* Called with the image's path once it is made and sized, before it is
 * attached: a test replaces the file there. NULL: none. */
void     fsb_target_set_image_made_hook_for_testing (void (*hook) (const char *path, gpointer user_data),
                                                     gpointer user_data);

G_END_DECLS
