/* fsb-device.h: drives and block devices as udisks2 sees them, and which can be used */
#pragma once

#include <gio/gio.h>
#include <udisks/udisks.h>
#include <json-glib/json-glib.h>

#include "fsb-device-identity.h"

G_BEGIN_DECLS

typedef struct {
  char     *device;        /* "/dev/sdb1" */
  char     *object_path;
  guint64   size;
  char     *model;         /* drive vendor and model, or "" */
  char     *connection;    /* "usb", "ata", "nvme", "loop", ... or "" */
  char     *filesystem;    /* IdType, or NULL */
  char     *label;         /* IdLabel, or NULL */
  char    **mount_points;  /* never NULL */
  gboolean  is_partition;
  gboolean  is_whole_disk;
  gboolean  is_system;
  gboolean  read_only;
  gboolean  usable;
  char     *reason;        /* translated sentence when !usable, else NULL */
  char     *backing_file;  /* a loop device's image file, else NULL */
  FsbDeviceIdentity *identity;   /* what tells it apart, for a confirmation; NULL without udisks */
} FsbDevice;

#define FSB_TYPE_DEVICE (fsb_device_get_type ())
GType      fsb_device_get_type (void) G_GNUC_CONST;
FsbDevice *fsb_device_copy     (const FsbDevice *device);
void       fsb_device_free     (FsbDevice *device);
/* The same device, seen the same way (size, contents, verdict). */
gboolean   fsb_device_equal    (const FsbDevice *a, const FsbDevice *b);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbDevice, fsb_device_free)

/* What the verdict on a device rests on, gathered from udisks and the
 * kernel. fsb_device_judge () is a pure function of it. */
typedef struct {
  const char *critical;           /* "/", "/home", "swap", ... it holds, or NULL */
  const char *mount_point;        /* where it is mounted, or NULL */
  const char *id_type;            /* IdType: "swap", "LVM2_member", "zfs_member", "btrfs", ... */
  guint       same_uuid;          /* btrfs: devices with its IdUUID, itself included */
  gboolean    raid_member;
  gboolean    open_luks;
  const char *holder;             /* a device built on it ("dm-0"), or NULL */
  gboolean    hint_system;        /* udisks' HintSystem (true of every loop device) */
  gboolean    is_loop;
  gboolean    loop_other_user;    /* Loop.SetupByUID is not ours */
  gboolean    whole_disk_with_partitions;
  gboolean    read_only;
  guint64     size;
  guint64     needed_bytes;       /* 0: no size check */
} FsbDeviceFacts;

/* TRUE when a device with these facts may be erased; else FALSE with the
 * first reason, in order of importance, as a translated sentence. */
gboolean   fsb_device_judge    (const FsbDeviceFacts *facts, gboolean *is_system, char **reason);
/* The identity of a udisks block object, from its interfaces' properties
 * (a{sa{sv}}, as GetManagedObjects gives them) and its drive's (or NULL). */
FsbDeviceIdentity *fsb_device_identity_from_props (GVariant *block, GVariant *drive);

/* Lists every block device with its verdict, from one GetManagedObjects
 * reply of udisksd (never the client's cache): from any thread. Without
 * udisksd, the kernel's devices, none usable. needed_bytes = 0 skips the
 * size check. */
GPtrArray *fsb_device_list     (guint64 needed_bytes);   /* of FsbDevice* */
FsbDevice *fsb_device_lookup   (const char *device, guint64 needed_bytes, GError **error);
JsonNode  *fsb_device_to_json  (const FsbDevice *device);
/* Keeps the devices worth offering as targets, as the window and
 * `fsbench-cli devices` show them: not compressed RAM (zram), not empty,
 * not one of FS Bench's own loop devices (fsb_target_state_is_own_loop;
 * image_folder as there, or NULL). */
void       fsb_device_keep_offered (GPtrArray *devices, const char *image_folder);

/* Emits "changed" when drives or block devices come, go or change. It
 * lists them in a thread: the list is empty until the first "changed". */
#define FSB_TYPE_DEVICE_MONITOR (fsb_device_monitor_get_type ())
G_DECLARE_FINAL_TYPE (FsbDeviceMonitor, fsb_device_monitor, FSB, DEVICE_MONITOR, GObject)

FsbDeviceMonitor *fsb_device_monitor_new  (UDisksClient *client);
/* From now on, only the devices fsb_device_keep_offered() keeps. */
void              fsb_device_monitor_set_offered_only (FsbDeviceMonitor *self, const char *image_folder);
GPtrArray        *fsb_device_monitor_list (FsbDeviceMonitor *self);   /* of FsbDevice* */

G_END_DECLS
