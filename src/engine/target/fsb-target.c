/* fsb-target.c: where a benchmark runs: a disk image or a partition, through udisks2 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "fsb-device.h"
#include "fsb-error.h"
#include "fsb-format.h"
#include "fsb-host-state.h"
#include "fsb-fs-support-private.h"
#include "fsb-identity.h"
#include "fsb-mount-watch.h"
#include "fsb-mountinfo.h"
#include "fsb-plan.h"
#include "fsb-target.h"
#include "fsb-target-state.h"
#include "fsb-udisks.h"

#include "fsb-target-private.h"

G_DEFINE_FINAL_TYPE (FsbTarget, fsb_target, G_TYPE_OBJECT)

static void
fsb_target_finalize (GObject *object)
{
  FsbTarget *self = FSB_TARGET (object);
  g_autoptr(GError) error = NULL;

  if (!fsb_target_release (self, &error))
    g_warning ("%s", error->message);

  fsb_target_close_image (self);
  g_free (self->image_dir);
  g_free (self->image_path);
  g_free (self->device);
  g_free (self->object_path);
  g_free (self->mount_point);
  g_free (self->mount_options);
  g_free (self->mount_requested);
  g_free (self->fstype);
  g_clear_pointer (&self->state, fsb_target_state_free);
  g_clear_pointer (&self->confirmed, fsb_device_identity_free);

  G_OBJECT_CLASS (fsb_target_parent_class)->finalize (object);
}

static void
fsb_target_class_init (FsbTargetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = fsb_target_finalize;
}

static void
fsb_target_init (FsbTarget *self)
{
  self->state = fsb_target_state_new ();
  self->image_fd = -1;
  self->probe_fd = -1;
}

void
fsb_target_record_state (FsbTarget *self)
{
  fsb_target_state_set (self->state, self->image_path,
                        self->loop_attached ? self->device : NULL,
                        self->kind == FSB_TARGET_PARTITION ? self->device : NULL,
                        self->mount_point);
}

/* TRUE until cancellable is cancelled; then FALSE with FSB_ERROR_CANCELLED. */
gboolean
fsb_target_not_cancelled (GCancellable *cancellable, GError **error)
{
  if (!g_cancellable_set_error_if_cancelled (cancellable, error))
    return TRUE;
  fsb_error_normalize (error);
  return FALSE;
}

/* A udisks call failed: its error, mapped to FSB_ERROR and saying what was
 * being done (a printf format), goes to error. Returns FALSE. */
gboolean
fsb_target_udisks_fail (GError **error, GError *local_error, const char *format, ...)
{
  g_autofree char *doing = NULL;
  va_list args;

  va_start (args, format);
  doing = g_strdup_vprintf (format, args);
  va_end (args);
  fsb_udisks_map_error (&local_error, doing);
  g_propagate_error (error, local_error);
  return FALSE;
}

FsbTarget *
fsb_target_new_from_spec (const char *spec, gboolean destroy_confirmed, GError **error)
{
  g_autoptr(FsbTarget) self = g_object_new (FSB_TYPE_TARGET, NULL);
  FsbTargetSpec parsed;

  g_return_val_if_fail (spec != NULL, NULL);
  self->destroy_confirmed = destroy_confirmed;

  if (!fsb_target_spec_parse (spec, &parsed, error))
    return NULL;
  if (!parsed.image)
    {
      if (!destroy_confirmed)
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_REFUSED,
                       /* Translators: %s is a device, “/dev/sdb1” */
                       _("Testing on %s erases everything on it. Confirm that its data "
                         "may be destroyed."), spec);
          fsb_target_spec_clear (&parsed);
          return NULL;
        }
      self->kind = FSB_TARGET_PARTITION;
      self->device = g_steal_pointer (&parsed.path);
      return g_steal_pointer (&self);
    }

  self->kind = FSB_TARGET_IMAGE;
  self->size = parsed.size_bytes;
  self->image_dir = g_steal_pointer (&parsed.path);
  if (self->image_dir != NULL && !g_file_test (self->image_dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND,
                   /* Translators: %s is a folder */
                   _("The folder %s does not exist"), self->image_dir);
      return NULL;
    }
  return g_steal_pointer (&self);
}

FsbTarget *
fsb_target_new_image (const char *dir, guint64 size)
{
  FsbTarget *self = g_object_new (FSB_TYPE_TARGET, NULL);

  g_return_val_if_fail (dir != NULL, NULL);
  self->kind = FSB_TARGET_IMAGE;
  self->size = size;
  self->image_dir = g_strdup (dir);
  return self;
}

void
fsb_target_set_images_at_once (FsbTarget *self, guint count)
{
  g_return_if_fail (FSB_IS_TARGET (self));
  self->images_at_once = MAX (count, 1);
}

FsbTargetKind
fsb_target_get_kind (FsbTarget *self)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), FSB_TARGET_IMAGE);
  return self->kind;
}

guint64
fsb_target_get_size (FsbTarget *self)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), 0);
  return self->size;
}

const char *
fsb_target_get_device (FsbTarget *self)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), NULL);
  return self->object_path != NULL ? self->device : NULL;
}

const char *
fsb_target_get_mount_point (FsbTarget *self)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), NULL);
  /* whoever learns where it is may read it: no longer known to be cold */
  self->untouched = FALSE;
  return self->mount_point;
}

guint
fsb_target_get_remounts (FsbTarget *self)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), 0);
  return self->remounts;
}

const char *
fsb_target_get_mount_options (FsbTarget *self)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), NULL);
  return self->mount_options;
}

void
fsb_target_set_confirmed_device (FsbTarget *self, const FsbDeviceIdentity *identity)
{
  g_return_if_fail (FSB_IS_TARGET (self));

  g_clear_pointer (&self->confirmed, fsb_device_identity_free);
  self->confirmed = fsb_device_identity_copy (identity);
}

/* FSB_ERROR_REFUSED with the reason when the device may not be erased. */
static gboolean
check_usable (const char *name, guint64 needed_bytes, GError **error)
{
  UDisksClient *client = fsb_udisks_get_client (error);
  g_autoptr(FsbDevice) device = NULL;

  if (client == NULL)
    return FALSE;
  device = fsb_device_lookup (name, needed_bytes, error);
  if (device == NULL)
    return FALSE;
  if (!device->usable)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_REFUSED, _("%s cannot be used: %s"), name, device->reason);
      return FALSE;
    }
  return TRUE;
}

FsbDeviceIdentity *
fsb_target_identify_device (const char *device, GError **error)
{
  g_return_val_if_fail (device != NULL, NULL);

  /* Why it may not be erased comes first (it holds /, it is mounted): a
   * device udisks does not manage has no identity to tell. */
  if (!check_usable (device, 0, error))
    return NULL;
  return fsb_identity_read (device, NULL, error);
}

/* The partition is still the one confirmed, and still may be erased: before
 * anything is done to it, and again before every format. */
static gboolean
check_partition (FsbTarget *self, GError **error)
{
  g_autofree char *object_path = NULL;

  if (!fsb_identity_recheck (self->confirmed, self->needed_bytes, &object_path, error))
    return FALSE;
  g_free (self->object_path);
  self->object_path = g_steal_pointer (&object_path);
  return TRUE;
}

static gboolean
prepare_partition (FsbTarget *self, guint64 needed_bytes, GError **error)
{
  self->needed_bytes = needed_bytes;
  if (self->confirmed == NULL)
    {
      /* No identity confirmed by the caller: the device as it is now. */
      self->confirmed = fsb_target_identify_device (self->device, error);
      if (self->confirmed == NULL)
        return FALSE;
    }
  /* What changed comes first: a device swapped for a smaller one is
   * "not the one you confirmed" before it is "too small". */
  if (!check_partition (self, error))
    return FALSE;
  self->size = self->confirmed->size;
  return TRUE;
}

gboolean
fsb_target_prepare (FsbTarget    *self,
                    guint64       needed_bytes,
                    GCancellable *cancellable,
                    GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean ok;

  g_return_val_if_fail (FSB_IS_TARGET (self), FALSE);

  if (self->object_path != NULL)
    return TRUE;
  if (!fsb_target_not_cancelled (cancellable, error))
    return FALSE;
  if (fsb_udisks_get_client (error) == NULL)
    return FALSE;

  if (self->kind == FSB_TARGET_IMAGE)
    ok = fsb_target_prepare_image (self, needed_bytes, cancellable, &local_error);
  else
    ok = prepare_partition (self, needed_bytes, &local_error);

  if (!ok)
    {
      g_autoptr(GError) release_error = NULL;

      if (!fsb_target_release (self, &release_error))
        g_warning ("%s", release_error->message);
      fsb_error_normalize (&local_error);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

gboolean
fsb_target_check_prepared (FsbTarget *self, GError **error)
{
  if (self->object_path != NULL)
    return TRUE;
  g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID,
                       _("The target is not prepared"));
  return FALSE;
}

/* Filesystems that keep Unix owners; udisks can chown their root. */
static gboolean
has_unix_owners (const char *fstype)
{
  return !g_strv_contains ((const char *const[]) { "vfat", "exfat", "ntfs", NULL }, fstype);
}

static gboolean
check_fs_usable (const char *fstype, GError **error)
{
  g_autoptr(FsbFsSupport) support = fsb_fs_support_probe_one (fsb_udisks_get_client (NULL), fstype);

  if (support == NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
                   /* Translators: %s is what was asked for */
                   _("FS Bench does not know the filesystem “%s”"), fstype);
      return FALSE;
    }
  if (!support->usable)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED, support->reason);
      return FALSE;
    }
  return TRUE;
}

/* "mkfs-args" came with udisks 2.10; older daemons ignore unknown options
 * silently, which would measure the defaults instead. */
static gboolean
udisks_takes_mkfs_args (char **version)
{
  g_autofree char *v = fsb_udisks_get_daemon_version ();
  gboolean ok = fsb_udisks_version_at_least (v, 2, 10);

  if (version != NULL)
    *version = g_steal_pointer (&v);
  return ok;
}

static gboolean
spec_is_image (const char *spec)
{
  FsbTargetSpec parsed = { 0 };
  gboolean image = fsb_target_spec_parse (spec, &parsed, NULL) && parsed.image;

  fsb_target_spec_clear (&parsed);
  return image;
}

gboolean
fsb_target_mkfs_on_file (const char *spec)
{
  return spec_is_image (spec) && !udisks_takes_mkfs_args (NULL);
}

gboolean
fsb_target_mkfs_options_possible (const char *spec, const char *fstype, GError **error)
{
  g_autofree char *version = NULL;

  if (udisks_takes_mkfs_args (&version))
    return TRUE;
  if (spec_is_image (spec) && fsb_target_can_mkfs_file (fstype))
    return TRUE;
  if (!spec_is_image (spec))
    g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
                 /* Translators: %s is a version number, “2.9.4” */
                 _("Extra mkfs options on a partition need udisks 2.10 or newer, and this system has "
                   "udisks %s. Use a disk image, or run without mkfs options."), version != NULL ? version : "?");
  else
    g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
                 /* Translators: a filesystem, “Btrfs”, then a version number, “2.9.4” */
                 _("Extra mkfs options for %s need udisks 2.10 or newer, and this system has udisks %s. "
                   "On a disk image FS Bench runs mkfs itself only for ext2, ext3, ext4 and XFS."),
                 fsb_format_fs_name (fstype), version != NULL ? version : "?");
  return FALSE;
}

char **
fsb_target_mkfs_words (const char *mkfs_options, GError **error)
{
  g_autoptr(GError) parse_error = NULL;
  char **argv = NULL;

  if (!g_shell_parse_argv (mkfs_options, NULL, &argv, &parse_error))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: the options as typed, then the reason */
                   _("The mkfs options “%s” cannot be read: %s"), mkfs_options, parse_error->message);
      return NULL;
    }
  return argv;
}

gboolean
fsb_target_format (FsbTarget    *self,
                   const char   *fstype,
                   const char   *mkfs_options,
                   double       *seconds,
                   GCancellable *cancellable,
                   GError      **error)
{
  g_auto(GVariantBuilder) options = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) local_error = NULL;
  gint64 start;

  g_return_val_if_fail (FSB_IS_TARGET (self), FALSE);
  g_return_val_if_fail (fstype != NULL, FALSE);

  if (!fsb_target_check_prepared (self, error))
    return FALSE;
  if (!fsb_target_not_cancelled (cancellable, error))
    return FALSE;
  if (!check_fs_usable (fstype, error))
    return FALSE;
  if (self->mount_point != NULL && !fsb_target_unmount (self, NULL, cancellable, error))
    return FALSE;
  /* A replug or a repartition may have put another device under this name
   * since the last format: never erase what was not confirmed. */
  if (self->kind == FSB_TARGET_PARTITION && !check_partition (self, error))
    return FALSE;

  g_variant_builder_add (&options, "{sv}", "auth.no_user_interaction", g_variant_new_boolean (FALSE));
  if (has_unix_owners (fstype))
    g_variant_builder_add (&options, "{sv}", "take-ownership", g_variant_new_boolean (TRUE));
  if (mkfs_options != NULL && *mkfs_options != '\0')
    {
      g_auto(GStrv) argv = NULL;
      g_autofree char *version = NULL;

      if (!udisks_takes_mkfs_args (&version))
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
                       /* Translators: %s is a version number, “2.9.4” */
                       _("Extra mkfs options need udisks 2.10 or newer, and this system has "
                         "udisks %s. Run without mkfs options."), version != NULL ? version : "?");
          return FALSE;
        }
      if ((argv = fsb_target_mkfs_words (mkfs_options, error)) == NULL)
        return FALSE;
      g_variant_builder_add (&options, "{sv}", "mkfs-args",
                             g_variant_new_strv ((const char *const *) argv, -1));
    }

  /* Not cancellable: a cancelled call would leave mkfs running on a device
   * we are about to detach. A cancel takes effect right after. */
  start = g_get_monotonic_time ();
  reply = fsb_udisks_call (self->object_path, FSB_UDISKS_IFACE_BLOCK, "Format",
                           g_variant_new ("(sa{sv})", fstype, &options),
                           NULL, NULL, G_MAXINT, NULL, &local_error);
  if (seconds != NULL)
    *seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  if (reply == NULL)
    return fsb_target_udisks_fail (error, g_steal_pointer (&local_error),
                        /* Translators: a device, “/dev/loop0”, then a filesystem type */
                        _("Could not format %s as %s"), self->device, fstype);
  g_free (self->fstype);
  self->fstype = g_strdup (fstype);
  /* udisks only warns when the unmount after take-ownership fails (busy:
   * its own probe of a new XFS runs xfs_info on the mount point), so Format
   * succeeds with /run/udisks2/temp-mount-XXXXXX still mounted, and every
   * Mount after it says "already mounted". Nothing of ours is mounted now. */
  if (!fsb_target_unmount_strays (self->device, self->object_path, error))
    return FALSE;

  return fsb_target_not_cancelled (cancellable, error);
}

gboolean
fsb_target_get_capacity (FsbTarget   *self,
                         FsbCapacity *capacity,
                         GError     **error)
{
  struct statvfs vfs;

  g_return_val_if_fail (FSB_IS_TARGET (self), FALSE);
  g_return_val_if_fail (capacity != NULL, FALSE);

  if (self->mount_point == NULL)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("The target is not mounted"));
      return FALSE;
    }
  if (statvfs (self->mount_point, &vfs) != 0)
    {
      int saved = errno;
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a mount point, then the system’s reason */
                   _("Could not read the capacity of %s: %s"), self->mount_point, g_strerror (saved));
      return FALSE;
    }
  capacity->total_bytes = (guint64) vfs.f_blocks * vfs.f_frsize;
  capacity->avail_bytes = (guint64) vfs.f_bavail * vfs.f_frsize;
  capacity->total_inodes = vfs.f_files;
  capacity->free_inodes = vfs.f_ffree;
  capacity->block_size = vfs.f_bsize;
  capacity->percent = vfs.f_blocks > 0 ? (double) vfs.f_bavail / (double) vfs.f_blocks * 100.0 : 0.0;
  return TRUE;
}

guint
fsb_target_clean_leftovers (FsbLeftovers *cleaned, GError **error)
{
  if (cleaned != NULL)
    *cleaned = (FsbLeftovers) { 0 };
  if (fsb_udisks_get_client (error) == NULL)
    return 0;
  return fsb_target_state_clean (cleaned, error);
}

gboolean
fsb_target_get_device_io (FsbTarget *self, FsbDeviceIo *io)
{
  g_autofree char *base = NULL, *path = NULL, *text = NULL;

  g_return_val_if_fail (FSB_IS_TARGET (self) && io != NULL, FALSE);
  if (fsb_target_get_device (self) == NULL)
    return FALSE;
  base = g_path_get_basename (fsb_target_get_device (self));
  path = g_build_filename ("/sys/class/block", base, "stat", NULL);
  return g_file_get_contents (path, &text, NULL, NULL) && fsb_device_io_parse (text, io);
}
