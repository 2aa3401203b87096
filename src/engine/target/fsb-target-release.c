/* fsb-target-release.c: letting go of everything a target set up, whatever failed before */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <linux/loop.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-mountinfo.h"
#include "fsb-udisks.h"
#include "fsb-target-private.h"

/* The kernel still backs loop with our image: the file we made, known by
 * its inode, whatever its name is now (a rename during the run changes
 * what the loop device's backing file says). */
static gboolean
backs_loop (FsbTarget *self, const char *loop)
{
  guint64 dev, ino;

  return fsb_target_image_identity (self, &dev, &ino) && fsb_loop_is_backed_by (loop, dev, ino, self->image_path);
}

/* Every mount of a loop device on our image, not only the one we made: a
 * Format that failed after mounting to take ownership leaves udisks'
 * /run/udisks2/temp-mount-XXXXXX behind. Through udisks, or (udisks not
 * knowing the device: udevd not running) the kernel, lazily. */
gboolean
fsb_target_unmount_strays (const char *device, const char *object_path, GError **error)
{
  for (int attempt = 0; attempt < 8; attempt++)
    {
      g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
      g_autoptr(GPtrArray) points = fsb_mountinfo_points_of (mounts, fsb_device_number (device));
      const char *point;

      if (points->len == 0)
        return TRUE;
      point = g_ptr_array_index (points, 0);
      if (object_path != NULL && fsb_udisks_unmount (object_path, TRUE, NULL)
          && !fsb_mountinfo_is_mount_point (point))
        continue;
      if (fsb_mountinfo_is_mount_point (point) && umount2 (point, MNT_DETACH) != 0)
        {
          int saved = errno;
          g_set_error (error, FSB_ERROR, saved == EPERM ? FSB_ERROR_NOT_AUTHORIZED : FSB_ERROR_FAILED,
                       /* Translators: a device, a folder, the system's reason */
                       _("Could not unmount %s from %s: %s"), device, point, g_strerror (saved));
          return FALSE;
        }
    }
  {
    g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
    g_autoptr(GPtrArray) points = fsb_mountinfo_points_of (mounts, fsb_device_number (device));

    if (points->len == 0)
      return TRUE;
  }
  /* Translators: %s is a device, “/dev/loop0” */
  g_set_error (error, FSB_ERROR, FSB_ERROR_BUSY, _("Could not unmount %s"), device);
  return FALSE;
}

/* LOOP_CLR_FD (and udisks' Loop.Delete, which uses it) only marks a loop
 * device that is still open, by udev's probe of a device just attached say,
 * to let go when the last user closes it: wait for that (bounded), so that
 * nothing of ours is left once release returns. */
static void
wait_detached (FsbTarget *self, const char *loop)
{
  for (int waited = 0; waited < CATCH_UP_MSEC && backs_loop (self, loop); waited += RETRY_STEP_MSEC / 2)
    g_usleep (RETRY_STEP_MSEC / 2 * 1000);
}

/* Loop devices the kernel backs with our image that we never learned of:
 * LoopSetup can fail after attaching it ("Timed out waiting for object"
 * when udevd is late or not running). */
static gboolean
detach_orphans (FsbTarget *self, GError **error)
{
  g_autoptr(GPtrArray) loops = NULL;
  guint64 dev, ino;

  if (!fsb_target_image_identity (self, &dev, &ino))
    return TRUE;   /* no image left to be attached */
  loops = fsb_loops_of_image (dev, ino, self->image_path);

  for (guint i = 0; i < loops->len; i++)
    {
      const char *loop = g_ptr_array_index (loops, i);
      g_autofree char *object_path = fsb_udisks_object_path_for_device (loop);
      int fd;

      if (self->loop_attached && g_strcmp0 (loop, self->device) == 0)
        continue;
      if (!fsb_target_unmount_strays (loop, object_path, error))
        return FALSE;
      if (object_path != NULL && fsb_udisks_loop_delete (object_path, NULL))
        {
          wait_detached (self, loop);
          continue;
        }
      fd = open (loop, O_RDONLY | O_CLOEXEC);
      if (fd < 0 || ioctl (fd, LOOP_CLR_FD, 0) != 0)
        {
          int saved = errno;
          if (fd >= 0)
            close (fd);
          g_set_error (error, FSB_ERROR, saved == EACCES || saved == EPERM ? FSB_ERROR_NOT_AUTHORIZED : FSB_ERROR_FAILED,
                       /* Translators: a device, then the system's reason */
                       _("Could not detach %s: %s"), loop, g_strerror (saved));
          return FALSE;
        }
      close (fd);
      wait_detached (self, loop);
    }
  return TRUE;
}

static void
keep_first (GError **first, GError *error)
{
  if (*first == NULL)
    *first = error;
  else
    g_error_free (error);
}

static void
release_mount (FsbTarget *self, GError **first_error)
{
  g_autoptr(GError) local_error = NULL;

  if (self->mount_point == NULL || fsb_target_unmount (self, NULL, NULL, &local_error))
    return;
  /* Something still holds a file open: detach the mount lazily, so the
   * loop device goes as soon as it is let go. */
  if (fsb_udisks_unmount (self->object_path, TRUE, NULL))
    {
      g_clear_pointer (&self->mount_point, g_free);
      fsb_target_record_state (self);
    }
  else
    keep_first (first_error, g_steal_pointer (&local_error));
}

static void
release_loop (FsbTarget *self, GError **first_error)
{
  g_autoptr(GError) local_error = NULL;
  gboolean ok = FALSE;

  if (self->loop_attached && self->mount_point == NULL && !backs_loop (self, self->device))
    {
      /* Detached behind our back: its number may be someone else's now. */
      self->loop_attached = FALSE;
      g_clear_pointer (&self->object_path, g_free);
      fsb_target_record_state (self);
    }
  if (!self->loop_attached || self->mount_point != NULL)
    return;
  if (!fsb_target_unmount_strays (self->device, self->object_path, &local_error))
    {
      keep_first (first_error, g_steal_pointer (&local_error));
      return;
    }
  for (int waited = 0; ; waited += RETRY_STEP_MSEC)
    {
      g_clear_error (&local_error);
      ok = fsb_udisks_loop_delete (self->object_path, &local_error);
      if (ok || !fsb_target_is_retryable (local_error, TRUE) || waited >= fsb_target_retry_limit (local_error))
        break;
      g_usleep (RETRY_STEP_MSEC * 1000);
    }
  if (ok || g_error_matches (local_error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_OBJECT))
    {
      if (ok)
        wait_detached (self, self->device);
      self->loop_attached = FALSE;
      g_clear_pointer (&self->object_path, g_free);
      fsb_target_record_state (self);
    }
  else
    {
      /* Translators: %s is a loop device, “/dev/loop0” */
      g_autofree char *doing = g_strdup_printf (_("Could not detach %s"), self->device);
      fsb_udisks_map_error (&local_error, doing);
      keep_first (first_error, g_steal_pointer (&local_error));
    }
}

/* The image's name still names the file we made (or one we did not make
 * and never knew the inode of). */
static gboolean
name_is_image (FsbTarget *self)
{
  struct stat st;

  if (lstat (self->image_path, &st) != 0)
    return TRUE;   /* gone, or unlink says why */
  return self->image_ino == 0
      || (S_ISREG (st.st_mode) && (guint64) st.st_dev == self->image_dev && (guint64) st.st_ino == self->image_ino);
}

static void
release_image (FsbTarget *self, GError **first_error)
{
  g_autoptr(GError) local_error = NULL;

  if (self->image_path == NULL || self->loop_attached)
    return;
  fsb_target_close_image (self);
  if (!detach_orphans (self, &local_error))
    {
      keep_first (first_error, g_steal_pointer (&local_error));
      return;
    }
  /* Only our image goes: a file that took its name is someone else's. */
  if (!name_is_image (self) || g_unlink (self->image_path) == 0 || errno == ENOENT)
    {
      g_clear_pointer (&self->image_path, g_free);
      fsb_target_record_state (self);
    }
  else
    {
      int saved = errno;
      keep_first (first_error, g_error_new (FSB_ERROR, FSB_ERROR_FAILED,
                                            /* Translators: a file name, then the system’s reason */
                                            _("Could not delete the disk image %s: %s"),
                                            self->image_path, g_strerror (saved)));
    }
}

gboolean
fsb_target_release (FsbTarget *self, GError **error)
{
  g_autoptr(GError) first_error = NULL;

  g_return_val_if_fail (FSB_IS_TARGET (self), FALSE);

  /* In order, each step only once the one before let go; the state file
   * keeps whatever could not be, for the next start to clean. */
  release_mount (self, &first_error);
  release_loop (self, &first_error);
  release_image (self, &first_error);

  if (self->kind == FSB_TARGET_PARTITION && self->mount_point == NULL)
    g_clear_pointer (&self->object_path, g_free);

  if (first_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return FALSE;
    }
  return TRUE;
}
