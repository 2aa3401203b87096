/* fsb-target.h: where a benchmark runs: a disk image or a partition, through udisks2 */
#pragma once

#include <gio/gio.h>
#include <udisks/udisks.h>

#include "fsb-device-identity.h"
#include "fsb-host-state.h"
#include "fsb-result.h"

G_BEGIN_DECLS

/* The process's one UDisksClient, created on first use (thread-safe). */
UDisksClient *fsb_udisks_get_client        (GError **error);
/* The same without blocking the caller's main loop; finish gives the
 * process's client (transfer none) or NULL and an error. */
void          fsb_udisks_get_client_async  (GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
UDisksClient *fsb_udisks_get_client_finish (GAsyncResult        *result,
                                            GError             **error);

typedef enum {
  FSB_TARGET_IMAGE,
  FSB_TARGET_PARTITION,
} FsbTargetKind;

#define FSB_TYPE_TARGET (fsb_target_get_type ())
G_DECLARE_FINAL_TYPE (FsbTarget, fsb_target, FSB, TARGET, GObject)

/* spec: "image", "image:4G", "image:4G@/some/dir", "image@/dir", or "/dev/sdXN".
 * A partition needs destroy_confirmed (the CLI's --yes-destroy-data, the
 * GUI's typed confirmation). Nothing is touched until fsb_target_prepare(). */
FsbTarget     *fsb_target_new_from_spec   (const char   *spec,
                                           gboolean      destroy_confirmed,
                                           GError      **error);
/* A partition target: the device as the user confirmed it (the plan's
 * confirmed_device). Without one, fsb_target_prepare () records the device
 * as it finds it. Every format first checks, by that identity and afresh
 * from udisksd, that the device is still the one confirmed and still may
 * be erased, and refuses (FSB_ERROR_REFUSED) on any change. */
void           fsb_target_set_confirmed_device (FsbTarget *self, const FsbDeviceIdentity *identity);
/* The identity of a block device as udisksd sees it now: what a
 * confirmation records. FSB_ERROR_NOT_FOUND when there is no such device. */
FsbDeviceIdentity *fsb_target_identify_device (const char *device, GError **error);
/* An image of size bytes in folder dir (which must exist), as
 * "image:SIZE@DIR" gives: for images made inside another target's mount
 * (the safety group's). Nothing is touched until fsb_target_prepare (). */
FsbTarget     *fsb_target_new_image       (const char   *dir,
                                           guint64       size);
/* A point-in-time copy of a prepared image target: a reflink clone
 * (FICLONE) of its image file beside it, made at once while the source is
 * mounted and written; fsb_target_prepare () attaches it. Its state is
 * recorded like any target's, and releasing it deletes the copy.
 * FSB_ERROR_UNSUPPORTED when the folder's filesystem has no reflinks. */
FsbTarget     *fsb_target_new_clone       (FsbTarget    *source,
                                           GError      **error);
/* An image made with others of its size, one after another (the first
 * given the count of all): its check of the host's free space counts
 * them all, so that none is made when not all fit. */
void           fsb_target_set_images_at_once (FsbTarget *self, guint count);
FsbTargetKind  fsb_target_get_kind        (FsbTarget    *self);
guint64        fsb_target_get_size        (FsbTarget    *self);
const char    *fsb_target_get_device      (FsbTarget    *self);   /* after prepare */
/* While mounted. Asking counts as touching it: the next cold remount is
 * then a real one (fsb_target_remount_cold). */
const char    *fsb_target_get_mount_point (FsbTarget    *self);

/* Safety checks, then (images) create the sparse file and LoopSetup.
 * needed_bytes is what the plan needs; a smaller partition is refused
 * (FSB_ERROR_REFUSED), too little host space is FSB_ERROR_NO_SPACE. */
gboolean       fsb_target_prepare         (FsbTarget    *self,
                                           guint64       needed_bytes,
                                           GCancellable *cancellable,
                                           GError      **error);
/* Whether a contender of type fstype can have extra mkfs options on a
 * target of spec: through udisks ("mkfs-args", udisks 2.10), or on an
 * image by mkfs on the image file (fsb_target_format_file). */
gboolean       fsb_target_mkfs_options_possible (const char *spec, const char *fstype, GError **error);
/* TRUE when mkfs options on a target of spec go to mkfs on the image file:
 * an image, and a udisks without "mkfs-args". */
gboolean       fsb_target_mkfs_on_file    (const char   *spec);
/* fsb-target-mkfs.c: mkfs on the image file itself, as its owner, with
 * any arguments, then read again by udisksd: for ext2, ext3, ext4 and XFS
 * (whose root folder mkfs can give the user), and Btrfs for root. */
gboolean       fsb_target_can_mkfs_file   (const char   *fstype);
gboolean       fsb_target_format_file     (FsbTarget    *self,
                                           const char   *fstype,
                                           const char   *mkfs_options,
                                           double       *seconds,
                                           GCancellable *cancellable,
                                           GError      **error);
/* Block.Format with take-ownership; seconds is the wall time of mkfs. */
gboolean       fsb_target_format          (FsbTarget    *self,
                                           const char   *fstype,
                                           const char   *mkfs_options,
                                           double       *seconds,
                                           GCancellable *cancellable,
                                           GError      **error);
/* The options every later mount passes to udisks (a variant's,
 * "noatime,lazytime"); NULL or "": udisks' defaults. */
void           fsb_target_set_mount_options (FsbTarget  *self,
                                           const char   *options);
gboolean       fsb_target_mount           (FsbTarget    *self,
                                           double       *seconds,
                                           GCancellable *cancellable,
                                           GError      **error);
gboolean       fsb_target_unmount         (FsbTarget    *self,
                                           double       *seconds,
                                           GCancellable *cancellable,
                                           GError      **error);
/* Cold caches between tasks: unmount, flush and drop the image file's
 * pages from the host cache, mount again. A filesystem mounted and not
 * handed out since (its mount point asked for by nobody) is as cold as
 * that already: only the host's caches are dropped. */
gboolean       fsb_target_remount_cold    (FsbTarget    *self,
                                           GCancellable *cancellable,
                                           GError      **error);
/* How many cold remounts really unmounted and mounted it. */
guint          fsb_target_get_remounts    (FsbTarget    *self);
/* What the target's block device has read and written since it appeared,
 * its requests and their time in it (fsb_device_io_parse); FALSE when the
 * kernel does not say. */
gboolean       fsb_target_get_device_io   (FsbTarget    *self,
                                           FsbDeviceIo  *io);
/* The disk probe (fsb-target-probe.c): one direct read of 4 KiB from the
 * image, its time over the process's usual (2: twice as long); 0 when
 * unknown (a partition, too few probes yet). */
double         fsb_target_probe_disk      (FsbTarget    *self);
gboolean       fsb_target_get_capacity    (FsbTarget    *self,
                                           FsbCapacity  *capacity,
                                           GError      **error);
/* Unmount, detach the loop device, delete the image. Safe to call twice,
 * and after any error. */
gboolean       fsb_target_release         (FsbTarget    *self,
                                           GError      **error);
/* Fills the result's target section: kind, size, device, model, host
 * filesystem under an image, cache policy. */
void           fsb_target_describe        (FsbTarget    *self,
                                           FsbTargetInfo *info);
const char    *fsb_target_get_mount_options (FsbTarget  *self);

/* Where disk images go when no folder is given: ~/.cache/fsbench/images */
char          *fsb_target_default_image_dir (void);

/* The measuring regime. Direct I/O: the loop device bypasses the host's
 * page cache (always FALSE for a partition, which has no host cache). */
gboolean       fsb_target_get_direct_io   (FsbTarget    *self);
/* FSB_FLUSH_REACHES_DEVICE with direct I/O or on a partition, else
 * FSB_FLUSH_REACHES_HOST_FILE: a timed task ends with fsb_target_flush_host(). */
const char    *fsb_target_get_flush_reaches (FsbTarget  *self);
/* An image: its blocks were allocated on the host when it was made
 * (fallocate), rather than left sparse (a host without fallocate). Each
 * format's mkfs still discards the device, which punches them out again. */
gboolean       fsb_target_get_preallocated (FsbTarget   *self);
/* The end of a timed flush when the loop device goes through the host's
 * page cache: fdatasync on the image file, so the time counts the device.
 * Does nothing with direct I/O or on a partition (flushed FALSE). */
gboolean       fsb_target_flush_host      (FsbTarget    *self,
                                           gboolean     *flushed,
                                           GError      **error);
/* The image file (while it exists), for residency probes; NULL on a partition. */
const char    *fsb_target_get_image_path  (FsbTarget    *self);
/* Tests: loop devices made from now on get no direct I/O, as on a host
 * without O_DIRECT (older tmpfs, some FUSE) where the user is not root. */
void           fsb_target_refuse_direct_io_for_testing (gboolean refuse);

/* What cleaning a crashed run's leftovers did, by kind. */
typedef struct {
  guint mounts;         /* devices unmounted */
  guint loop_devices;   /* detached */
  guint images;         /* disk image files deleted */
} FsbLeftovers;

/* Finds what an earlier crashed run left (state file) and cleans it.
 * Returns the number of objects cleaned (mounts, loop devices, images);
 * cleaned, when not NULL, receives them by kind. */
guint          fsb_target_clean_leftovers (FsbLeftovers *cleaned,
                                           GError      **error);

G_END_DECLS
