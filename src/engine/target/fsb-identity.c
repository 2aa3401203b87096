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

/* A property, from udisks' cache or from a fresh reply: NULL if absent. */
typedef GVariant *(*GetProperty) (gpointer source, const char *iface, const char *name);

static char *
take_string (GVariant *v)
{
  char *s = NULL;

  if (v != NULL && (g_variant_is_of_type (v, G_VARIANT_TYPE_STRING)
                    || g_variant_is_of_type (v, G_VARIANT_TYPE_OBJECT_PATH)))
    s = g_variant_dup_string (v, NULL);
  else if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_BYTESTRING))
    s = g_variant_dup_bytestring (v, NULL);
  g_clear_pointer (&v, g_variant_unref);
  return s != NULL ? s : g_strdup ("");
}

static guint64
take_number (GVariant *v)
{
  guint64 n = 0;

  if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_UINT64))
    n = g_variant_get_uint64 (v);
  else if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_UINT32))
    n = g_variant_get_uint32 (v);
  g_clear_pointer (&v, g_variant_unref);
  return n;
}

static FsbDeviceIdentity *
build (GetProperty get, gpointer block, gpointer drive)
{
  FsbDeviceIdentity *id = fsb_device_identity_new ();

  id->device = take_string (get (block, FSB_UDISKS_IFACE_BLOCK, "Device"));
  id->size = take_number (get (block, FSB_UDISKS_IFACE_BLOCK, "Size"));
  id->part_number = (guint) take_number (get (block, IFACE_PARTITION, "Number"));
  id->offset = take_number (get (block, IFACE_PARTITION, "Offset"));
  g_free (id->part_uuid);
  id->part_uuid = take_string (get (block, IFACE_PARTITION, "UUID"));
  g_free (id->loop_backing);
  id->loop_backing = take_string (get (block, FSB_UDISKS_IFACE_LOOP, "BackingFile"));
  if (drive != NULL)
    {
      g_free (id->drive_serial);
      id->drive_serial = take_string (get (drive, IFACE_DRIVE, "Serial"));
      g_free (id->drive_wwn);
      id->drive_wwn = take_string (get (drive, IFACE_DRIVE, "WWN"));
    }
  return id;
}

/* From the client's cache: for the device list the window shows. */
static GVariant *
get_cached (gpointer source, const char *iface, const char *name)
{
  GDBusInterface *proxy = g_dbus_object_get_interface (source, iface);
  GVariant *v;

  if (proxy == NULL)
    return NULL;
  v = g_dbus_proxy_get_cached_property (G_DBUS_PROXY (proxy), name);
  g_object_unref (proxy);
  return v;
}

FsbDeviceIdentity *
fsb_device_identity_from_object (UDisksClient *client, UDisksObject *object)
{
  UDisksBlock *block = udisks_object_peek_block (object);
  g_autoptr(UDisksObject) drive = NULL;

  if (block == NULL)
    return NULL;
  drive = udisks_client_get_object (client, udisks_block_get_drive (block));
  return build (get_cached, object, drive);
}

/* From udisksd itself, now: nothing a cache has not caught up with yet. */
static GVariant *
get_fresh (gpointer source, const char *iface, const char *name)
{
  g_autoptr(GVariant) props = g_variant_lookup_value (source, iface, G_VARIANT_TYPE_VARDICT);

  return props != NULL ? g_variant_lookup_value (props, name, NULL) : NULL;
}

FsbDeviceIdentity *
fsb_identity_read (const char *device, char **object_path, GError **error)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) objects = NULL;
  g_autoptr(GError) local = NULL;
  /* /dev/disk/by-id/... names the node udisks calls /dev/sdb1 */
  g_autofree char *node = realpath (device, NULL);
  GVariantIter iter;
  const char *path;
  GVariant *ifaces;

  if (node == NULL)
    node = g_strdup (device);
  reply = fsb_udisks_call ("/org/freedesktop/UDisks2", "org.freedesktop.DBus.ObjectManager",
                           "GetManagedObjects", NULL, G_VARIANT_TYPE ("(a{oa{sa{sv}}})"),
                           NULL, -1, NULL, &local);
  if (reply == NULL)
    {
      g_autofree char *doing = g_strdup_printf (_("Could not check %s"), device);
      fsb_udisks_map_error (&local, doing);
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  objects = g_variant_get_child_value (reply, 0);
  g_variant_iter_init (&iter, objects);
  while (g_variant_iter_loop (&iter, "{&o@a{sa{sv}}}", &path, &ifaces))
    {
      g_autofree char *name = take_string (get_fresh (ifaces, FSB_UDISKS_IFACE_BLOCK, "Device"));
      g_autofree char *drive_path = NULL;
      g_autoptr(GVariant) drive = NULL;

      if (strcmp (name, node) != 0)
        continue;
      drive_path = take_string (get_fresh (ifaces, FSB_UDISKS_IFACE_BLOCK, "Drive"));
      if (g_variant_is_object_path (drive_path) && strcmp (drive_path, "/") != 0)
        drive = g_variant_lookup_value (objects, drive_path, NULL);
      if (object_path != NULL)
        *object_path = g_strdup (path);
      {
        FsbDeviceIdentity *id = build (get_fresh, ifaces, drive);
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
  device = fsb_device_lookup (client, confirmed->device, needed_bytes, error);
  if (device == NULL)
    return FALSE;
  if (!device->usable)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_REFUSED,
                   _("%s cannot be used: %s"), confirmed->device, device->reason);
      return FALSE;
    }
  if (object_path != NULL)
    *object_path = g_steal_pointer (&path);
  return TRUE;
}
