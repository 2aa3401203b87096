/* fsb-identity.c: what tells a partition apart, read from udisks, and the
 * check before every format that it is still the one confirmed */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "fsb-device.h"
#include "fsb-error.h"
#include "fsb-identity.h"
#include "fsb-target.h"
#include "fsb-udisks.h"

#define IFACE_PARTITION "org.freedesktop.UDisks2.Partition"
#define IFACE_DRIVE     "org.freedesktop.UDisks2.Drive"

static char *
string_of (GVariant *ifaces, const char *iface, const char *name)
{
  char *s = fsb_udisks_prop_string (ifaces, iface, name);

  return s != NULL ? s : g_strdup ("");
}

/* From one object of a GetManagedObjects reply, and its drive's (or NULL). */
FsbDeviceIdentity *
fsb_device_identity_from_props (GVariant *block, GVariant *drive)
{
  FsbDeviceIdentity *id = fsb_device_identity_new ();

  g_free (id->device);
  id->device = string_of (block, FSB_UDISKS_IFACE_BLOCK, "Device");
  id->size = fsb_udisks_prop_number (block, FSB_UDISKS_IFACE_BLOCK, "Size");
  id->part_number = (guint) fsb_udisks_prop_number (block, IFACE_PARTITION, "Number");
  id->offset = fsb_udisks_prop_number (block, IFACE_PARTITION, "Offset");
  g_free (id->part_uuid);
  id->part_uuid = string_of (block, IFACE_PARTITION, "UUID");
  g_free (id->loop_backing);
  id->loop_backing = string_of (block, FSB_UDISKS_IFACE_LOOP, "BackingFile");
  if (drive != NULL)
    {
      g_free (id->drive_serial);
      id->drive_serial = string_of (drive, IFACE_DRIVE, "Serial");
      g_free (id->drive_wwn);
      id->drive_wwn = string_of (drive, IFACE_DRIVE, "WWN");
    }
  return id;
}

FsbDeviceIdentity *
fsb_identity_read (const char *device, char **object_path, GError **error)
{
  g_autoptr(GVariant) objects = NULL;
  g_autoptr(GError) local = NULL;
  /* /dev/disk/by-id/... names the node udisks calls /dev/sdb1 */
  g_autofree char *node = realpath (device, NULL);
  GVariantIter iter;
  const char *path;
  GVariant *ifaces;

  if (node == NULL)
    node = g_strdup (device);
  objects = fsb_udisks_get_objects (&local);
  if (objects == NULL)
    {
      /* Translators: %s is a device, “/dev/sdb1” */
      g_autofree char *doing = g_strdup_printf (_("Could not check %s"), device);
      fsb_udisks_map_error (&local, doing);
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  g_variant_iter_init (&iter, objects);
  while (g_variant_iter_loop (&iter, "{&o@a{sa{sv}}}", &path, &ifaces))
    {
      g_autofree char *name = string_of (ifaces, FSB_UDISKS_IFACE_BLOCK, "Device");
      g_autofree char *drive_path = NULL;
      g_autoptr(GVariant) drive = NULL;

      if (strcmp (name, node) != 0)
        continue;
      drive_path = string_of (ifaces, FSB_UDISKS_IFACE_BLOCK, "Drive");
      if (g_variant_is_object_path (drive_path) && strcmp (drive_path, "/") != 0)
        drive = g_variant_lookup_value (objects, drive_path, NULL);
      if (object_path != NULL)
        *object_path = g_strdup (path);
      {
        FsbDeviceIdentity *id = fsb_device_identity_from_props (ifaces, drive);
        g_variant_unref (ifaces);
        return id;
      }
    }
  g_set_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND, _("There is no block device %s"), device);
  return NULL;
}

static char *
sysfs_read (const char *name, const char *attr)
{
  g_autofree char *path = g_build_filename ("/sys/class/block", name, attr, NULL);
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  return g_strchomp (contents);
}

/* What the kernel itself says of the device now: udisksd learns of a
 * replug or a loop device re-attached a moment later, and its word alone
 * would let a format through in that moment. */
static FsbDeviceIdentity *
kernel_view (const FsbDeviceIdentity *udisks)
{
  FsbDeviceIdentity *k = fsb_device_identity_copy (udisks);
  g_autofree char *name = g_path_get_basename (udisks->device);
  g_autofree char *size = sysfs_read (name, "size");
  g_autofree char *start = sysfs_read (name, "start");
  g_autofree char *number = sysfs_read (name, "partition");
  g_autofree char *backing = sysfs_read (name, "loop/backing_file");

  k->size = size != NULL ? g_ascii_strtoull (size, NULL, 10) * 512 : 0;
  k->offset = start != NULL ? g_ascii_strtoull (start, NULL, 10) * 512 : 0;
  k->part_number = number != NULL ? (guint) g_ascii_strtoull (number, NULL, 10) : 0;
  g_free (k->loop_backing);
  k->loop_backing = g_strdup (backing != NULL ? backing : "");
  return k;
}

/* A deleted backing file reads "PATH (deleted)": the same file. */
static void
strip_deleted (FsbDeviceIdentity *id)
{
  if (g_str_has_suffix (id->loop_backing, " (deleted)"))
    id->loop_backing[strlen (id->loop_backing) - strlen (" (deleted)")] = '\0';
}

gboolean
fsb_identity_recheck (const FsbDeviceIdentity *confirmed,
                      guint64                  needed_bytes,
                      char                   **object_path,
                      GError                 **error)
{
  g_autoptr(FsbDeviceIdentity) now = NULL;
  g_autoptr(FsbDevice) device = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree char *path = NULL;
  g_autofree char *change = NULL;
  UDisksClient *client;

  g_return_val_if_fail (confirmed != NULL && confirmed->device != NULL, FALSE);

  now = fsb_identity_read (confirmed->device, &path, &local);
  if (now == NULL && !g_error_matches (local, FSB_ERROR, FSB_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  if (now != NULL)
    {
      g_autoptr(FsbDeviceIdentity) want = fsb_device_identity_copy (confirmed);
      g_autoptr(FsbDeviceIdentity) kernel = kernel_view (now);

      strip_deleted (want);
      strip_deleted (now);
      strip_deleted (kernel);
      change = fsb_device_identity_compare (want, now);
      if (change == NULL)
        change = fsb_device_identity_compare (want, kernel);
    }
  else
    change = fsb_device_identity_compare (confirmed, NULL);
  if (change != NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_REFUSED,
                   /* Translators: the device confirmed, then what changed ("It is another partition.") */
                   _("%s was not erased: it is no longer the device you confirmed. %s Check it and "
                     "confirm it again."), confirmed->device, change);
      return FALSE;
    }
  /* Still the same device: and still one that may be erased. */
  client = fsb_udisks_get_client (error);
  if (client == NULL)
    return FALSE;
  device = fsb_device_lookup (confirmed->device, needed_bytes, error);
  if (device == NULL)
    return FALSE;
  if (!device->usable)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_REFUSED,
                   /* Translators: a device, “/dev/sdb1”, then the reason */
                   _("%s cannot be used: %s"), confirmed->device, device->reason);
      return FALSE;
    }
  if (object_path != NULL)
    *object_path = g_steal_pointer (&path);
  return TRUE;
}
