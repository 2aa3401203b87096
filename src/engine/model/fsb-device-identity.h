/* fsb-device-identity.h: the partition a user confirmed for erasing, as it was then */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What tells one partition from another that takes its name after a
 * replug or a repartition: the drive's serial number or WWN, the
 * partition's UUID, number, offset and size (udisks' Drive, Partition and
 * Block properties), and for a loop device its backing file. Empty fields
 * are "" (a drive without a serial), never NULL, except in device. */
typedef struct {
  char    *device;         /* "/dev/sdb1", as the user saw it */
  char    *drive_serial;   /* Drive.Serial */
  char    *drive_wwn;      /* Drive.WWN */
  char    *part_uuid;      /* Partition.UUID: GPT's, or MBR's "xxxxxxxx-01" */
  guint    part_number;    /* Partition.Number; 0: not a partition */
  guint64  offset;         /* Partition.Offset */
  guint64  size;           /* Block.Size */
  char    *loop_backing;   /* Loop.BackingFile of a loop device */
} FsbDeviceIdentity;

FsbDeviceIdentity *fsb_device_identity_new     (void);
FsbDeviceIdentity *fsb_device_identity_copy    (const FsbDeviceIdentity *identity);   /* NULL gives NULL */
void               fsb_device_identity_free    (FsbDeviceIdentity *identity);
/* NULL when now is the device confirmed, under the same name; else a
 * translated sentence saying what changed. */
char              *fsb_device_identity_compare (const FsbDeviceIdentity *confirmed,
                                                const FsbDeviceIdentity *now);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbDeviceIdentity, fsb_device_identity_free)

G_END_DECLS
