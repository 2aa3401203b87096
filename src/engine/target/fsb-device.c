/* fsb-device.c: drives and block devices as udisks2 sees them, and which can be used */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "fsb-device.h"
#include "fsb-device-identity.h"
#include "fsb-error.h"
#include "fsb-mountinfo.h"
#include "fsb-target-state.h"
#include "fsb-udisks.h"

#define IFACE_DRIVE           "org.freedesktop.UDisks2.Drive"
#define IFACE_PARTITION       "org.freedesktop.UDisks2.Partition"
#define IFACE_PARTITION_TABLE "org.freedesktop.UDisks2.PartitionTable"
#define IFACE_ENCRYPTED       "org.freedesktop.UDisks2.Encrypted"

G_DEFINE_BOXED_TYPE (FsbDevice, fsb_device, fsb_device_copy, fsb_device_free)

FsbDevice *
fsb_device_copy (const FsbDevice *device)
{
  FsbDevice *copy = g_memdup2 (device, sizeof *device);

  copy->device = g_strdup (device->device);
  copy->object_path = g_strdup (device->object_path);
  copy->model = g_strdup (device->model);
  copy->connection = g_strdup (device->connection);
  copy->filesystem = g_strdup (device->filesystem);
  copy->label = g_strdup (device->label);
  copy->mount_points = g_strdupv (device->mount_points);
  copy->reason = g_strdup (device->reason);
  copy->backing_file = g_strdup (device->backing_file);
  copy->identity = fsb_device_identity_copy (device->identity);
  return copy;
}

void
fsb_device_free (FsbDevice *device)
{
  if (device == NULL)
    return;
  g_free (device->device);
  g_free (device->object_path);
  g_free (device->model);
  g_free (device->connection);
  g_free (device->filesystem);
  g_free (device->label);
  g_strfreev (device->mount_points);
  g_free (device->reason);
  g_free (device->backing_file);
  fsb_device_identity_free (device->identity);
  g_free (device);
}

/* ---- what the running system needs ---------------------------------- */

/* Devices that hold /, /boot, /home or swap, with the slaves under them
 * (LVM, LUKS, RAID) and the disks holding those: dev_t → "/home". */
static GHashTable *
critical_devices (GPtrArray *mounts)
{
  const char *critical[] = { "/", "/boot", "/boot/efi", "/home", "/usr", "/var", NULL };
  GHashTable *table = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (dev_t));
  g_autofree char *swaps = NULL;

  for (guint i = 0; i < mounts->len; i++)
    {
      FsbMount *m = g_ptr_array_index (mounts, i);
      dev_t dev = fsb_device_number (m->source);

      if (!g_strv_contains (critical, m->mount_point))
        continue;
      if (dev == 0)
        dev = m->dev;
      if (!g_hash_table_contains (table, GSIZE_TO_POINTER (dev)))
        {
          g_hash_table_insert (table, GSIZE_TO_POINTER (dev), g_strdup (m->mount_point));
          g_array_append_val (queue, dev);
        }
    }

  if (g_file_get_contents ("/proc/swaps", &swaps, NULL, NULL))
    {
      g_auto(GStrv) lines = g_strsplit (swaps, "\n", -1);

      for (guint i = 1; lines[i] != NULL; i++)
        {
          g_auto(GStrv) fields = g_strsplit_set (lines[i], " \t", 2);
          dev_t dev = fields[0] != NULL ? fsb_device_number (fields[0]) : 0;

          if (dev != 0 && !g_hash_table_contains (table, GSIZE_TO_POINTER (dev)))
            {
              g_hash_table_insert (table, GSIZE_TO_POINTER (dev), g_strdup ("swap"));
              g_array_append_val (queue, dev);
            }
        }
    }

  /* Walk down to the devices under each (slaves) and up to its disk. */
  for (guint i = 0; i < queue->len; i++)
    {
      dev_t dev = g_array_index (queue, dev_t, i);
      const char *what = g_hash_table_lookup (table, GSIZE_TO_POINTER (dev));
      g_autofree char *sys = g_strdup_printf ("/sys/dev/block/%u:%u", major (dev), minor (dev));
      g_autofree char *slaves_path = g_build_filename (sys, "slaves", NULL);
      g_autofree char *partition = g_build_filename (sys, "partition", NULL);
      g_autoptr(GDir) slaves = g_dir_open (slaves_path, 0, NULL);
      g_autoptr(GPtrArray) related = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      while (slaves != NULL && (name = g_dir_read_name (slaves)) != NULL)
        g_ptr_array_add (related, g_build_filename (slaves_path, name, "dev", NULL));
      if (g_file_test (partition, G_FILE_TEST_EXISTS))
        g_ptr_array_add (related, g_build_filename (sys, "..", "dev", NULL));

      for (guint j = 0; j < related->len; j++)
        {
          g_autofree char *contents = NULL;
          guint maj, min;
          dev_t other;

          if (!g_file_get_contents (g_ptr_array_index (related, j), &contents, NULL, NULL)
              || sscanf (contents, "%u:%u", &maj, &min) != 2)
            continue;
          other = makedev (maj, min);
          if (!g_hash_table_contains (table, GSIZE_TO_POINTER (other)))
            {
              g_hash_table_insert (table, GSIZE_TO_POINTER (other), g_strdup (what));
              g_array_append_val (queue, other);
            }
        }
    }
  return table;
}

static char *
sysfs_attr (dev_t dev, const char *attr)
{
  g_autofree char *path = g_strdup_printf ("/sys/dev/block/%u:%u/%s", major (dev), minor (dev), attr);
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  return g_strstrip (contents);
}

static gboolean
has_holders (dev_t dev, char **holder)
{
  g_autofree char *path = g_strdup_printf ("/sys/dev/block/%u:%u/holders", major (dev), minor (dev));
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name = dir != NULL ? g_dir_read_name (dir) : NULL;

  if (name != NULL && holder != NULL)
    *holder = g_strdup (name);
  return name != NULL;
}

static gboolean
has_partitions (dev_t dev)
{
  g_autofree char *path = g_strdup_printf ("/sys/dev/block/%u:%u", major (dev), minor (dev));
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *partition = g_build_filename (path, name, "partition", NULL);

      if (g_file_test (partition, G_FILE_TEST_EXISTS))
        return TRUE;
    }
  return FALSE;
}

static const char *
guess_connection (const char *device, const char *bus)
{
  if (bus != NULL && *bus != '\0')
    return bus;
  if (g_str_has_prefix (device, "/dev/loop"))
    return "loop";
  if (g_str_has_prefix (device, "/dev/nvme"))
    return "nvme";
  if (g_str_has_prefix (device, "/dev/vd"))
    return "virtio";
  if (g_str_has_prefix (device, "/dev/mmcblk"))
    return "mmc";
  if (g_str_has_prefix (device, "/dev/sd"))
    return "ata";
  return "";
}

/* The verdict, in order of importance: the first reason found is given. */
gboolean
fsb_device_judge (const FsbDeviceFacts *f, gboolean *is_system, char **reason)
{
  char *why = NULL;

  if (is_system != NULL)
    *is_system = f->critical != NULL || (f->hint_system && !f->is_loop);

  if (f->critical != NULL && strcmp (f->critical, "swap") == 0)
    why = g_strdup (_("It holds the system’s swap space."));
  else if (f->critical != NULL)
    /* Translators: %s is a folder the system needs: "/", "/home", "/boot" */
    why = g_strdup_printf (_("It holds %s, which the running system needs."), f->critical);
  else if (f->mount_point != NULL)
    /* Translators: %s is a folder: "/media/anna/USB" */
    why = g_strdup_printf (_("It is mounted at %s. Unmount it first."), f->mount_point);
  else if (g_strcmp0 (f->id_type, "swap") == 0)
    why = g_strdup (_("It is swap space."));
  else if (g_strcmp0 (f->id_type, "LVM2_member") == 0)
    why = g_strdup (_("It is an LVM physical volume."));
  else if (g_strcmp0 (f->id_type, "linux_raid_member") == 0 || f->raid_member)
    why = g_strdup (_("It is a member of a RAID array."));
  else if (g_strcmp0 (f->id_type, "zfs_member") == 0)
    why = g_strdup (_("It is a member of a ZFS pool."));
  else if (g_strcmp0 (f->id_type, "btrfs") == 0 && f->same_uuid > 1)
    why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                        /* Translators: %u counts the devices, this one included */
                                        "It is one of %u devices of a Btrfs filesystem.",
                                        "It is one of %u devices of a Btrfs filesystem.", f->same_uuid),
                           f->same_uuid);
  else if (f->open_luks)
    why = g_strdup (_("It is an open encrypted (LUKS) volume."));
  else if (f->holder != NULL)
    /* Translators: %s is a device name: "dm-0" */
    why = g_strdup_printf (_("It is in use by %s."), f->holder);
  else if (f->is_loop && f->loop_other_user)
    why = g_strdup (_("Another user set up this loop device."));
  else if (f->hint_system && !f->is_loop)
    why = g_strdup (_("udisks2 marks it as a system device."));
  else if (f->whole_disk_with_partitions)
    why = g_strdup (_("It is a whole disk with partitions. Choose one of its partitions."));
  else if (f->read_only)
    why = g_strdup (_("It is read-only."));
  else if (f->needed_bytes > 0 && f->size < f->needed_bytes)
    {
      g_autofree char *have = g_format_size (f->size);
      g_autofree char *need = g_format_size (f->needed_bytes);
      /* Translators: "It has 1.0 GB, and the plan needs 4.0 GB." */
      why = g_strdup_printf (_("It has %s, and the plan needs %s."), have, need);
    }

  if (reason != NULL)
    *reason = why;
  else
    g_free (why);
  return why == NULL;
}

/* The facts the kernel alone has: what holds the device, and partitions a
 * whole disk shows (a table counts even when this kernel shows none). */
static void
facts_from_sysfs (FsbDeviceFacts *f, dev_t dev, GHashTable *critical, const FsbDevice *d,
                  gboolean partition_table, char **holder)
{
  f->critical = g_hash_table_lookup (critical, GSIZE_TO_POINTER (dev));
  f->mount_point = d->mount_points[0];
  if (has_holders (dev, holder))
    f->holder = *holder;
  f->whole_disk_with_partitions = d->is_whole_disk && (partition_table || has_partitions (dev));
  f->read_only = d->read_only;
  f->size = d->size;
}

static void
apply_verdict (FsbDevice *d, const FsbDeviceFacts *f)
{
  d->usable = fsb_device_judge (f, &d->is_system, &d->reason);
}

static char **
mount_points_of (GPtrArray *mounts, dev_t dev)
{
  g_autoptr(GPtrArray) points = fsb_mountinfo_points_of (mounts, dev);

  g_ptr_array_add (points, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&points), FALSE);
}

static FsbDevice *
device_from_object (GVariant *objects, const char *path, GVariant *ifaces, GPtrArray *mounts,
                    GHashTable *critical, GHashTable *btrfs_members, guint64 needed_bytes)
{
  g_autofree char *drive_path = NULL, *uuid = NULL;
  g_autoptr(GVariant) drive = NULL;
  g_autofree char *holder = NULL;
  gboolean is_loop = fsb_udisks_has_iface (ifaces, FSB_UDISKS_IFACE_LOOP);
  FsbDeviceFacts facts = { 0 };
  FsbDevice *d;
  dev_t dev;

  if (!fsb_udisks_has_iface (ifaces, FSB_UDISKS_IFACE_BLOCK) || fsb_udisks_prop_number (ifaces, FSB_UDISKS_IFACE_BLOCK, "Size") == 0)
    return NULL;

  d = g_new0 (FsbDevice, 1);
  dev = (dev_t) fsb_udisks_prop_number (ifaces, FSB_UDISKS_IFACE_BLOCK, "DeviceNumber");
  d->device = fsb_udisks_prop_string (ifaces, FSB_UDISKS_IFACE_BLOCK, "Device");
  if (d->device == NULL)
    d->device = g_strdup ("");
  d->object_path = g_strdup (path);
  d->size = fsb_udisks_prop_number (ifaces, FSB_UDISKS_IFACE_BLOCK, "Size");
  drive_path = fsb_udisks_prop_string (ifaces, FSB_UDISKS_IFACE_BLOCK, "Drive");
  if (drive_path != NULL && strcmp (drive_path, "/") != 0)
    drive = g_variant_lookup_value (objects, drive_path, NULL);
  if (drive != NULL)
    {
      g_autofree char *vendor = fsb_udisks_prop_string (drive, IFACE_DRIVE, "Vendor");
      g_autofree char *model = fsb_udisks_prop_string (drive, IFACE_DRIVE, "Model");
      g_autofree char *bus = fsb_udisks_prop_string (drive, IFACE_DRIVE, "ConnectionBus");

      d->model = vendor != NULL ? g_strdup_printf ("%s %s", vendor, model != NULL ? model : "")
                                : g_strdup (model != NULL ? model : "");
      d->connection = g_strdup (guess_connection (d->device, bus));
    }
  else
    {
      d->model = g_strdup ("");
      d->connection = g_strdup (guess_connection (d->device, NULL));
    }
  d->filesystem = fsb_udisks_prop_string (ifaces, FSB_UDISKS_IFACE_BLOCK, "IdType");
  d->label = fsb_udisks_prop_string (ifaces, FSB_UDISKS_IFACE_BLOCK, "IdLabel");
  d->mount_points = mount_points_of (mounts, dev);
  d->is_partition = fsb_udisks_has_iface (ifaces, IFACE_PARTITION);
  d->is_whole_disk = !d->is_partition;
  d->read_only = fsb_udisks_prop_true (ifaces, FSB_UDISKS_IFACE_BLOCK, "ReadOnly");
  if (is_loop)
    d->backing_file = fsb_udisks_prop_string (ifaces, FSB_UDISKS_IFACE_LOOP, "BackingFile");
  d->identity = fsb_device_identity_from_props (ifaces, drive);

  facts_from_sysfs (&facts, dev, critical, d, fsb_udisks_has_iface (ifaces, IFACE_PARTITION_TABLE), &holder);
  facts.id_type = d->filesystem;
  uuid = fsb_udisks_prop_string (ifaces, FSB_UDISKS_IFACE_BLOCK, "IdUUID");
  if (g_strcmp0 (d->filesystem, "btrfs") == 0 && uuid != NULL)
    facts.same_uuid = GPOINTER_TO_UINT (g_hash_table_lookup (btrfs_members, uuid));
  facts.raid_member = fsb_udisks_prop_names_object (ifaces, FSB_UDISKS_IFACE_BLOCK, "MDRaidMember");
  facts.open_luks = fsb_udisks_has_iface (ifaces, IFACE_ENCRYPTED)
                    && !fsb_udisks_prop_names_object (ifaces, FSB_UDISKS_IFACE_BLOCK, "CryptoBackingDevice")
                    && fsb_udisks_prop_names_object (ifaces, IFACE_ENCRYPTED, "CleartextDevice");
  /* udisks marks every loop device as a system device: a loop device is
   * judged like any other instead, and one another user set up is theirs. */
  facts.hint_system = fsb_udisks_prop_true (ifaces, FSB_UDISKS_IFACE_BLOCK, "HintSystem");
  facts.is_loop = is_loop;
  facts.loop_other_user = is_loop && fsb_udisks_prop_number (ifaces, FSB_UDISKS_IFACE_LOOP, "SetupByUID") != getuid ();
  facts.needed_bytes = needed_bytes;
  apply_verdict (d, &facts);
  return d;
}

/* A block device udisks does not manage (not seen by udev, say). */
static FsbDevice *
device_from_sysfs (const char *name, GPtrArray *mounts, GHashTable *critical)
{
  g_autofree char *dev_path = g_build_filename ("/sys/class/block", name, "dev", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *sectors = NULL;
  g_autofree char *ro = NULL;
  g_autofree char *model = NULL;
  g_autofree char *partition = NULL;
  guint maj, min;
  FsbDevice *d;
  dev_t dev;

  if (!g_file_get_contents (dev_path, &contents, NULL, NULL)
      || sscanf (contents, "%u:%u", &maj, &min) != 2)
    return NULL;
  dev = makedev (maj, min);
  sectors = sysfs_attr (dev, "size");
  if (sectors == NULL || g_ascii_strtoull (sectors, NULL, 10) == 0)
    return NULL;

  d = g_new0 (FsbDevice, 1);
  d->device = g_strconcat ("/dev/", name, NULL);
  d->object_path = g_strdup ("");
  d->size = g_ascii_strtoull (sectors, NULL, 10) * 512;
  model = sysfs_attr (dev, "device/model");
  d->model = g_strdup (model != NULL ? model : "");
  d->connection = g_strdup (guess_connection (d->device, NULL));
  d->mount_points = mount_points_of (mounts, dev);
  partition = sysfs_attr (dev, "partition");
  d->is_partition = partition != NULL;
  d->is_whole_disk = !d->is_partition;
  ro = sysfs_attr (dev, "ro");
  d->read_only = g_strcmp0 (ro, "1") == 0;
  /* a loop device being set up, before udisks knows it */
  d->backing_file = sysfs_attr (dev, "loop/backing_file");
  if (d->backing_file != NULL && g_str_has_suffix (d->backing_file, " (deleted)"))
    d->backing_file[strlen (d->backing_file) - strlen (" (deleted)")] = '\0';

  {
    g_autofree char *holder = NULL;
    FsbDeviceFacts facts = { 0 };

    facts_from_sysfs (&facts, dev, critical, d, FALSE, &holder);
    facts.is_loop = g_str_has_prefix (name, "loop");
    apply_verdict (d, &facts);
  }
  if (d->usable)
    {
      d->usable = FALSE;
      d->reason = g_strdup (_("udisks2 does not manage this device."));
    }
  return d;
}

static int
compare_devices (gconstpointer a, gconstpointer b)
{
  const FsbDevice *da = *(FsbDevice * const *) a;
  const FsbDevice *db = *(FsbDevice * const *) b;

  return g_strcmp0 (da->device, db->device);
}

GPtrArray *
fsb_device_list (guint64 needed_bytes)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_device_free);
  g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
  g_autoptr(GHashTable) critical = critical_devices (mounts);
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) btrfs_members = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GVariant) objects = fsb_udisks_get_objects (NULL);
  g_autoptr(GDir) dir = NULL;
  const char *name, *path;
  GVariantIter iter;
  GVariant *ifaces;

  /* A Btrfs filesystem spans every device with its IdUUID: with more than
   * one, each member is in use by the filesystem, mounted or not. */
  if (objects != NULL)
    {
      g_variant_iter_init (&iter, objects);
      while (g_variant_iter_loop (&iter, "{&o@a{sa{sv}}}", &path, &ifaces))
        {
          g_autofree char *type = fsb_udisks_prop_string (ifaces, FSB_UDISKS_IFACE_BLOCK, "IdType");
          char *uuid = fsb_udisks_prop_string (ifaces, FSB_UDISKS_IFACE_BLOCK, "IdUUID");

          if (g_strcmp0 (type, "btrfs") != 0 || uuid == NULL)
            {
              g_free (uuid);
              continue;
            }
          g_hash_table_replace (btrfs_members, uuid,
                                GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (btrfs_members, uuid)) + 1));
        }
      g_variant_iter_init (&iter, objects);
      while (g_variant_iter_loop (&iter, "{&o@a{sa{sv}}}", &path, &ifaces))
        {
          FsbDevice *d = device_from_object (objects, path, ifaces, mounts, critical, btrfs_members, needed_bytes);

          if (d == NULL)
            continue;
          g_hash_table_add (seen, GSIZE_TO_POINTER (fsb_device_number (d->device)));
          g_ptr_array_add (list, d);
        }
    }

  dir = g_dir_open ("/sys/class/block", 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *dev_name = g_strconcat ("/dev/", name, NULL);
      FsbDevice *d;

      if (g_hash_table_contains (seen, GSIZE_TO_POINTER (fsb_device_number (dev_name))))
        continue;
      d = device_from_sysfs (name, mounts, critical);
      if (d != NULL)
        g_ptr_array_add (list, d);
    }

  g_ptr_array_sort (list, compare_devices);
  return list;
}

FsbDevice *
fsb_device_lookup (const char *device, guint64 needed_bytes, GError **error)
{
  g_autoptr(GPtrArray) list = fsb_device_list (needed_bytes);
  dev_t dev = fsb_device_number (device);

  for (guint i = 0; i < list->len; i++)
    {
      FsbDevice *d = g_ptr_array_index (list, i);

      if (g_strcmp0 (d->device, device) == 0
          || (dev != 0 && fsb_device_number (d->device) == dev))
        return fsb_device_copy (d);
    }
  /* Translators: %s is a device, “/dev/sdb1” */
  g_set_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND, _("There is no block device %s"), device);
  return NULL;
}

JsonNode *
fsb_device_to_json (const FsbDevice *d)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

#define STRING(key, value) \
  json_builder_set_member_name (b, key); \
  if ((value) != NULL) json_builder_add_string_value (b, value); else json_builder_add_null_value (b);
#define BOOL(key, value) \
  json_builder_set_member_name (b, key); json_builder_add_boolean_value (b, value);

  json_builder_begin_object (b);
  STRING ("device", d->device);
  STRING ("object_path", d->object_path);
  json_builder_set_member_name (b, "size");
  json_builder_add_int_value (b, (gint64) d->size);
  STRING ("model", d->model);
  STRING ("connection", d->connection);
  STRING ("filesystem", d->filesystem);
  STRING ("label", d->label);
  json_builder_set_member_name (b, "mount_points");
  json_builder_begin_array (b);
  for (guint i = 0; d->mount_points[i] != NULL; i++)
    json_builder_add_string_value (b, d->mount_points[i]);
  json_builder_end_array (b);
  BOOL ("is_partition", d->is_partition);
  BOOL ("is_whole_disk", d->is_whole_disk);
  BOOL ("is_system", d->is_system);
  BOOL ("read_only", d->read_only);
  BOOL ("usable", d->usable);
  STRING ("reason", d->reason);
  STRING ("backing_file", d->backing_file);
  json_builder_end_object (b);
#undef STRING
#undef BOOL
  return json_builder_get_root (b);
}

static gboolean
is_offered (const FsbDevice *d, GHashTable *recorded, const char *image_folder)
{
  /* zram is swap in memory: never a disk to test */
  if (g_str_has_prefix (d->device, "/dev/zram") || d->size == 0)
    return FALSE;
  if (g_strcmp0 (d->connection, "loop") == 0 || g_str_has_prefix (d->device, "/dev/loop"))
    return !fsb_target_state_is_own_loop (recorded, d->device, d->backing_file, image_folder);
  return TRUE;
}

void
fsb_device_keep_offered (GPtrArray *devices, const char *image_folder)
{
  g_autoptr(GHashTable) recorded = fsb_target_state_recorded_loops ();

  for (guint i = devices->len; i > 0; i--)
    if (!is_offered (g_ptr_array_index (devices, i - 1), recorded, image_folder))
      g_ptr_array_remove_index (devices, i - 1);
}

gboolean
fsb_device_equal (const FsbDevice *a, const FsbDevice *b)
{
  return g_strcmp0 (a->device, b->device) == 0 && a->size == b->size
      && g_strcmp0 (a->backing_file, b->backing_file) == 0
      && g_strcmp0 (a->filesystem, b->filesystem) == 0 && g_strcmp0 (a->label, b->label) == 0
      && g_strv_equal ((const char *const *) a->mount_points, (const char *const *) b->mount_points)
      && a->usable == b->usable && g_strcmp0 (a->reason, b->reason) == 0
      && g_strcmp0 (a->model, b->model) == 0;
}

/* ---- FsbDeviceMonitor ------------------------------------------------- */

/* The list is made in a thread (it asks udisksd for its objects, reads
 * /proc, /sys and the state files),
 * one listing at a time: udisks2 changes that come meanwhile ask for one
 * more after it. */
struct _FsbDeviceMonitor
{
  GObject       parent_instance;
  UDisksClient *client;
  GPtrArray    *devices;   /* of FsbDevice*, the last list */
  gulong        changed_id;
  GCancellable *cancellable;
  gboolean      listing;
  gboolean      again;
  gboolean      offered_only;
  char         *image_folder;
};

G_DEFINE_FINAL_TYPE (FsbDeviceMonitor, fsb_device_monitor, G_TYPE_OBJECT)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static gboolean
lists_equal (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (!fsb_device_equal (g_ptr_array_index (a, i), g_ptr_array_index (b, i)))
      return FALSE;
  return TRUE;
}

typedef struct {
  gboolean      offered_only;
  char         *image_folder;
} ListJob;

static void
list_job_free (ListJob *job)
{
  g_free (job->image_folder);
  g_free (job);
}

static void
list_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ListJob *job = task_data;
  GPtrArray *devices = fsb_device_list (0);

  if (job->offered_only)
    fsb_device_keep_offered (devices, job->image_folder);
  g_task_return_pointer (task, devices, (GDestroyNotify) g_ptr_array_unref);
}

static void start_listing (FsbDeviceMonitor *self);

static void
listed_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  FsbDeviceMonitor *self = FSB_DEVICE_MONITOR (source);
  g_autoptr(GPtrArray) devices = g_task_propagate_pointer (G_TASK (result), NULL);

  if (devices == NULL)
    return;   /* cancelled: the monitor is going */
  self->listing = FALSE;
  if (!lists_equal (devices, self->devices))
    {
      g_ptr_array_unref (self->devices);
      self->devices = g_steal_pointer (&devices);
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
    }
  if (self->again)
    {
      self->again = FALSE;
      start_listing (self);
    }
}

static void
start_listing (FsbDeviceMonitor *self)
{
  g_autoptr(GTask) task = NULL;
  ListJob *job;

  if (self->listing)
    {
      self->again = TRUE;
      return;
    }
  self->listing = TRUE;
  job = g_new0 (ListJob, 1);
  job->offered_only = self->offered_only;
  job->image_folder = g_strdup (self->image_folder);
  task = g_task_new (self, self->cancellable, listed_cb, NULL);
  g_task_set_check_cancellable (task, TRUE);
  g_task_set_task_data (task, job, (GDestroyNotify) list_job_free);
  g_task_run_in_thread (task, list_thread);
}

static void
client_changed_cb (UDisksClient *client, FsbDeviceMonitor *self)
{
  start_listing (self);
}

static void
fsb_device_monitor_dispose (GObject *object)
{
  FsbDeviceMonitor *self = FSB_DEVICE_MONITOR (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_signal_handler (&self->changed_id, self->client);
  g_clear_object (&self->client);
  g_clear_pointer (&self->devices, g_ptr_array_unref);

  G_OBJECT_CLASS (fsb_device_monitor_parent_class)->dispose (object);
}

static void
fsb_device_monitor_finalize (GObject *object)
{
  FsbDeviceMonitor *self = FSB_DEVICE_MONITOR (object);

  g_clear_object (&self->cancellable);
  g_free (self->image_folder);
  G_OBJECT_CLASS (fsb_device_monitor_parent_class)->finalize (object);
}

static void
fsb_device_monitor_class_init (FsbDeviceMonitorClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = fsb_device_monitor_dispose;
  G_OBJECT_CLASS (klass)->finalize = fsb_device_monitor_finalize;

  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
fsb_device_monitor_init (FsbDeviceMonitor *self)
{
  self->cancellable = g_cancellable_new ();
  self->devices = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_device_free);
}

FsbDeviceMonitor *
fsb_device_monitor_new (UDisksClient *client)
{
  FsbDeviceMonitor *self = g_object_new (FSB_TYPE_DEVICE_MONITOR, NULL);

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), self);
  self->client = g_object_ref (client);
  self->changed_id = g_signal_connect (client, "changed", G_CALLBACK (client_changed_cb), self);
  start_listing (self);
  return self;
}

void
fsb_device_monitor_set_offered_only (FsbDeviceMonitor *self, const char *image_folder)
{
  g_return_if_fail (FSB_IS_DEVICE_MONITOR (self));

  self->offered_only = TRUE;
  g_free (self->image_folder);
  self->image_folder = g_strdup (image_folder);
  start_listing (self);
}

GPtrArray *
fsb_device_monitor_list (FsbDeviceMonitor *self)
{
  GPtrArray *copy;

  g_return_val_if_fail (FSB_IS_DEVICE_MONITOR (self), NULL);

  copy = g_ptr_array_new_full (self->devices->len, (GDestroyNotify) fsb_device_free);
  for (guint i = 0; i < self->devices->len; i++)
    g_ptr_array_add (copy, fsb_device_copy (g_ptr_array_index (self->devices, i)));
  return copy;
}
