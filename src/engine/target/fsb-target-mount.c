/* fsb-target-mount.c: mounting a target through udisks, and its cold
 * remount, with the retries udisksd's lags call for */
#include "config.h"

#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <linux/fs.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-mount-watch.h"
#include "fsb-mountinfo.h"
#include "fsb-target.h"
#include "fsb-target-state.h"
#include "fsb-udisks.h"

#include "fsb-target-private.h"

gboolean
fsb_target_is_retryable (const GError *error, gboolean busy_too)
{
  /* udisksd exports the Filesystem interface a moment after Format returns;
   * and its mount monitor may still see the temporary mount Format used to
   * take ownership, or that of an earlier user of the same loop device. */
  if (g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_METHOD)
      || g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_INTERFACE)
      || g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_OBJECT)
      || g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_ALREADY_MOUNTED))
    return TRUE;
  return busy_too && (g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_DEVICE_BUSY)
                      || g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_ALREADY_UNMOUNTING));
}

int
fsb_target_retry_limit (const GError *error)
{
  return fsb_target_is_retryable (error, FALSE) || g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_NOT_MOUNTED)
         ? CATCH_UP_MSEC : RETRY_MSEC;
}

static void
read_mount_options (FsbTarget *self)
{
  g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();

  g_clear_pointer (&self->mount_options, g_free);
  for (guint i = 0; i < mounts->len; i++)
    {
      FsbMount *m = g_ptr_array_index (mounts, i);

      if (g_strcmp0 (m->mount_point, self->mount_point) == 0)
        {
          /* "rw" and friends appear both as mount and as superblock options. */
          g_auto(GStrv) all = g_strsplit (m->options, ",", -1);
          g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
          GString *unique = g_string_new (NULL);

          for (guint j = 0; all[j] != NULL; j++)
            if (g_hash_table_add (seen, all[j]))
              g_string_append_printf (unique, "%s%s", unique->len > 0 ? "," : "", all[j]);
          g_free (self->mount_options);
          self->mount_options = g_string_free (unique, FALSE);
        }
    }
}

static GVariant *
mount_call_options (FsbTarget *self)
{
  g_auto(GVariantBuilder) b = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);

  g_variant_builder_add (&b, "{sv}", "auth.no_user_interaction", g_variant_new_boolean (FALSE));
  if (self->mount_requested != NULL)
    g_variant_builder_add (&b, "{sv}", "options", g_variant_new_string (self->mount_requested));
  return g_variant_builder_end (&b);
}

void
fsb_target_set_mount_options (FsbTarget *self, const char *options)
{
  g_return_if_fail (FSB_IS_TARGET (self));
  g_free (self->mount_requested);
  self->mount_requested = options != NULL && *options != '\0' ? g_strdup (options) : NULL;
}

/* udisksd calls the device mounted while the kernel has no mount of it.
 * Its mount monitor tells block objects of a mount gone by comparing the
 * mount table with the one it last compared; an update in between (the
 * "change" uevent of mkfs.xfs, while Format's take-ownership temp-mount
 * was up for a moment) reads the table itself. When both come in one turn
 * of its main loop, the next comparison sees no change, and the object
 * keeps the temp-mount until the next uevent of the device: in CI runs it
 * was still there after 60 s. A rescan is that uevent. */
static void
refresh_stale_view (FsbTarget *self)
{
  g_autoptr(GError) error = NULL;

  if (fsb_udisks_rescan (self->object_path, &error))
    g_debug ("%s: udisksd calls it mounted and the kernel does not: rescanned", self->device);
  else
    g_debug ("%s: could not rescan it: %s", self->device, error->message);
}

/* udisksd names a mount point after the filesystem's UUID or label, and
 * makes it by testing for the name, then creating it: two Mount calls at
 * once for filesystems of the same UUID (copies of one image, as the
 * power-cut workload mounts them) race for one name, and the loser fails
 * with "Error creating mount point ...: File exists". One of ours at a
 * time: a mount takes tens of milliseconds. */
G_LOCK_DEFINE_STATIC (mount_call);

gboolean
fsb_target_mount (FsbTarget    *self,
                  double       *seconds,
                  GCancellable *cancellable,
                  GError      **error)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) local_error = NULL;
  gint64 start = 0, end = 0, mounted = 0, first, next_rescan = RESCAN_FIRST_MSEC;
  int tries = 0;

  g_return_val_if_fail (FSB_IS_TARGET (self), FALSE);

  if (!fsb_target_check_prepared (self, error))
    return FALSE;
  if (self->mount_point != NULL)
    {
      if (seconds != NULL)
        *seconds = 0;
      return TRUE;
    }
  if (!fsb_target_not_cancelled (cancellable, error))
    return FALSE;

  first = g_get_monotonic_time ();
  for (;;)
    {
      FsbMountWatch *watch = seconds != NULL ? fsb_mount_watch_start (self->device, TRUE) : NULL;
      gint64 waited;
      int limit;

      g_clear_error (&local_error);
      G_LOCK (mount_call);
      start = g_get_monotonic_time ();
      reply = fsb_udisks_call (self->object_path, FSB_UDISKS_IFACE_FS, "Mount",
                               g_variant_new ("(@a{sv})", mount_call_options (self)),
                               G_VARIANT_TYPE ("(s)"), NULL, G_MAXINT, NULL, &local_error);
      end = g_get_monotonic_time ();
      G_UNLOCK (mount_call);
      mounted = fsb_mount_watch_finish (watch);
      /* in wall time: one call may wait long in udisksd */
      waited = (g_get_monotonic_time () - first) / 1000;
      if (reply != NULL && tries > 0)
        g_debug ("%s: udisksd let it be mounted after %d tries, %" G_GINT64_FORMAT " ms",
                 self->device, tries, waited);
      if (reply != NULL || !fsb_target_is_retryable (local_error, FALSE))
        break;
      limit = fsb_target_retry_limit (local_error);
      if (g_error_matches (local_error, UDISKS_ERROR, UDISKS_ERROR_ALREADY_MOUNTED))
        {
          /* Really mounted elsewhere, not only in udisks' view: let go of
           * it. Only in its view: wait for it to see so. */
          if (!fsb_target_unmount_strays (self->device, self->object_path, NULL))
            break;
          limit = STALE_VIEW_MSEC;
          if (waited >= next_rescan)
            {
              next_rescan = waited + RESCAN_EVERY_MSEC;
              refresh_stale_view (self);
            }
        }
      if (tries == 0)
        g_debug ("%s: %s; retrying for up to %d ms", self->device, local_error->message, limit);
      if (waited >= limit)
        {
          g_debug ("%s: still refused after %d tries, %" G_GINT64_FORMAT " ms", self->device, tries + 1, waited);
          break;
        }
      tries++;
      g_usleep (RETRY_STEP_MSEC * 1000);
    }
  /* Until the kernel had mounted it, not until udisks and udev had
   * re-read the device (see fsb-mount-watch.h). */
  if (seconds != NULL)
    *seconds = ((reply != NULL && mounted > start ? mounted : end) - start) / (double) G_USEC_PER_SEC;
  if (reply == NULL)
    return fsb_target_udisks_fail (error, g_steal_pointer (&local_error),
                        /* Translators: %s is a device, “/dev/loop0” */
                        _("Could not mount %s"), self->device);
  g_variant_get (reply, "(s)", &self->mount_point);
  self->untouched = TRUE;
  fsb_target_record_state (self);
  read_mount_options (self);
  return TRUE;
}

gboolean
fsb_target_unmount (FsbTarget    *self,
                    double       *seconds,
                    GCancellable *cancellable,
                    GError      **error)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) local_error = NULL;
  gint64 start = 0, end = 0, released = 0;

  g_return_val_if_fail (FSB_IS_TARGET (self), FALSE);

  if (seconds != NULL)
    *seconds = 0;
  if (self->mount_point == NULL)
    return TRUE;
  /* Unmounted behind our back (the loop device detached, say): there is
   * nothing to unmount, and the device may no longer be ours to ask. */
  if (!fsb_mountinfo_is_mount_point (self->mount_point))
    {
      g_clear_pointer (&self->mount_point, g_free);
      g_clear_pointer (&self->mount_options, g_free);
      fsb_target_record_state (self);
      return fsb_target_not_cancelled (cancellable, error);
    }

  for (int waited = 0; ; waited += RETRY_STEP_MSEC)
    {
      FsbMountWatch *watch = seconds != NULL ? fsb_mount_watch_start (self->device, FALSE) : NULL;

      g_clear_error (&local_error);
      start = g_get_monotonic_time ();
      reply = fsb_udisks_call (self->object_path, FSB_UDISKS_IFACE_FS, "Unmount",
                               g_variant_new ("(@a{sv})", fsb_udisks_options (FALSE)),
                               NULL, NULL, G_MAXINT, NULL, &local_error);
      end = g_get_monotonic_time ();
      released = fsb_mount_watch_finish (watch);
      if (reply != NULL || waited >= fsb_target_retry_limit (local_error))
        break;
      /* "Not mounted" is believed only when the kernel agrees. */
      if (g_error_matches (local_error, UDISKS_ERROR, UDISKS_ERROR_NOT_MOUNTED)
          ? !fsb_mountinfo_is_mount_point (self->mount_point) : !fsb_target_is_retryable (local_error, TRUE))
        break;
      g_usleep (RETRY_STEP_MSEC * 1000);
    }
  /* Until the filesystem, written back, had let go of the device. */
  if (seconds != NULL)
    *seconds = ((reply != NULL && released > start ? released : end) - start) / (double) G_USEC_PER_SEC;
  if (reply == NULL && (!g_error_matches (local_error, UDISKS_ERROR, UDISKS_ERROR_NOT_MOUNTED)
                        || fsb_mountinfo_is_mount_point (self->mount_point)))
    return fsb_target_udisks_fail (error, g_steal_pointer (&local_error),
                        _("Could not unmount %s"), self->device);
  g_clear_pointer (&self->mount_point, g_free);
  g_clear_pointer (&self->mount_options, g_free);
  self->untouched = FALSE;
  fsb_target_record_state (self);

  return fsb_target_not_cancelled (cancellable, error);
}

/* Writes back and forgets the cached pages of an open file or block device. */
static gboolean
drop_cache_fd (int fd, gboolean block_device)
{
  gboolean ok = fsync (fd) == 0;

  if (block_device)
    ok = ioctl (fd, BLKFLSBUF, 0) == 0 && ok;
  return posix_fadvise (fd, 0, 0, POSIX_FADV_DONTNEED) == 0 && ok;
}

static gboolean
drop_cache (const char *path, gboolean block_device)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  gboolean ok;

  if (fd < 0)
    return FALSE;
  ok = drop_cache_fd (fd, block_device);
  close (fd);
  return ok;
}

gboolean
fsb_target_remount_cold (FsbTarget    *self,
                         GCancellable *cancellable,
                         GError      **error)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), FALSE);

  gboolean remount;

  if (!fsb_target_check_prepared (self, error))
    return FALSE;
  /* Just mounted and read by nobody since (the first task after a round's
   * mount): a remount would leave it as it is, and cost udisks' Unmount
   * and Mount, a third of a second on this VM. */
  remount = !(self->untouched && self->mount_point != NULL && fsb_mountinfo_is_mount_point (self->mount_point));
  if (remount && !fsb_target_unmount (self, NULL, cancellable, error))
    return FALSE;

  if (self->image_path != NULL)
    {
      /* through our descriptor: the name may be another file's by now */
      self->host_cache_dropped = self->image_fd >= 0 ? drop_cache_fd (self->image_fd, FALSE)
                                                     : drop_cache (self->image_path, FALSE);
      fsb_target_set_direct_io (self);
    }
  /* Only root may flush a block device's buffers; unmounting already
   * dropped the filesystem's own caches. */
  drop_cache (self->device, TRUE);

  if (!remount)
    return fsb_target_not_cancelled (cancellable, error);
  self->remounts++;
  return fsb_target_mount (self, NULL, cancellable, error);
}

