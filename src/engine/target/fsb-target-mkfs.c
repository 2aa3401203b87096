/* fsb-target-mkfs.c: mkfs on the disk image file itself, as its owner:
 * the arguments of a variant without udisks' "mkfs-args" (udisks 2.10),
 * the image then shown to udisks again and mounted through it as always */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-target-private.h"
#include "fsb-udisks.h"

/* What each filesystem's mkfs needs to write a regular file: its program,
 * the flag that lets it overwrite what is there, the one that keeps it
 * from discarding the image's blocks (as for every contender of such a
 * run), and how the new root folder is given to the user, as udisks'
 * take-ownership does (a type without one works for root only). */
typedef enum { OWNER_NONE, OWNER_E2FS, OWNER_XFS_PROTO } OwnerWay;

static const struct {
  const char *type, *program, *force, *no_discard;
  OwnerWay    owner;
} mkfs_ways[] = {
  { "ext2", "mkfs.ext2", "-F", "-Enodiscard", OWNER_E2FS },
  { "ext3", "mkfs.ext3", "-F", "-Enodiscard", OWNER_E2FS },
  { "ext4", "mkfs.ext4", "-F", "-Enodiscard", OWNER_E2FS },
  { "xfs", "mkfs.xfs", "-f", "-K", OWNER_XFS_PROTO },
  { "btrfs", "mkfs.btrfs", "-f", "-K", OWNER_NONE },
};

static int
way_of (const char *fstype)
{
  for (guint i = 0; fstype != NULL && i < G_N_ELEMENTS (mkfs_ways); i++)
    if (strcmp (mkfs_ways[i].type, fstype) == 0)
      return (int) i;
  return -1;
}

gboolean
fsb_target_can_mkfs_file (const char *fstype)
{
  int w = way_of (fstype);

  return w >= 0 && (mkfs_ways[w].owner != OWNER_NONE || geteuid () == 0);
}

/* An XFS prototype file that makes only the root folder, this user's. */
static char *
xfs_proto (const char *dir, GError **error)
{
  g_autofree char *path = g_build_filename (dir, "fsbench-proto-XXXXXX", NULL);
  g_autofree char *text = g_strdup_printf ("/dev/null\n0 0\nd--755 %u %u\n$\n", (guint) getuid (), (guint) getgid ());
  int fd = g_mkstemp_full (path, O_WRONLY | O_CLOEXEC, 0600);

  if (fd < 0 || write (fd, text, strlen (text)) != (ssize_t) strlen (text) || close (fd) != 0)
    {
      int saved = errno;

      if (fd >= 0)
        g_unlink (path);
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a folder, then the system’s reason */
                   _("Could not write a file in %s: %s"), dir, g_strerror (saved));
      return NULL;
    }
  return g_steal_pointer (&path);
}

static GPtrArray *
mkfs_argv (FsbTarget *self, int w, const char *mkfs_options, const char *proto, GError **error)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) extra = NULL;

  g_ptr_array_add (argv, g_strdup (mkfs_ways[w].program));
  g_ptr_array_add (argv, g_strdup (mkfs_ways[w].force));
  g_ptr_array_add (argv, g_strdup (mkfs_ways[w].no_discard));
  if (mkfs_ways[w].owner == OWNER_E2FS)
    g_ptr_array_add (argv, g_strdup_printf ("-Eroot_owner=%u:%u", (guint) getuid (), (guint) getgid ()));
  else if (mkfs_ways[w].owner == OWNER_XFS_PROTO)
    {
      g_ptr_array_add (argv, g_strdup ("-p"));
      g_ptr_array_add (argv, g_strdup (proto));
    }
  if (mkfs_options != NULL && *mkfs_options != '\0')
    {
      if ((extra = fsb_target_mkfs_words (mkfs_options, error)) == NULL)
        {
          g_ptr_array_unref (argv);
          return NULL;
        }
      for (guint i = 0; extra[i] != NULL; i++)
        g_ptr_array_add (argv, g_strdup (extra[i]));
    }
  g_ptr_array_add (argv, g_strdup (self->image_path));
  g_ptr_array_add (argv, NULL);
  return argv;
}

static char *
block_string (FsbTarget *self, const char *property)
{
  g_autoptr(GVariant) v = fsb_udisks_get_property (self->object_path, FSB_UDISKS_IFACE_BLOCK, property, NULL);

  return v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_STRING) ? g_variant_dup_string (v, NULL) : NULL;
}

/* Has udisksd read the image again: fstype on it, with a new UUID (each
 * mkfs makes one)? */
static gboolean
udisks_sees (FsbTarget *self, const char *fstype, const char *old_uuid)
{
  g_autofree char *type = block_string (self, "IdType");
  g_autofree char *uuid = block_string (self, "IdUUID");

  return g_strcmp0 (type, fstype) == 0 && uuid != NULL && uuid[0] != '\0' && g_strcmp0 (uuid, old_uuid) != 0;
}

gboolean
fsb_target_format_file (FsbTarget    *self,
                        const char   *fstype,
                        const char   *mkfs_options,
                        double       *seconds,
                        GCancellable *cancellable,
                        GError      **error)
{
  g_autofree char *dir = NULL, *proto = NULL, *err_text = NULL, *old_uuid = NULL;
  g_autoptr(GPtrArray) argv = NULL;
  g_autoptr(GError) local = NULL;
  int w = way_of (fstype), status = 0;
  gint64 start;

  g_return_val_if_fail (FSB_IS_TARGET (self), FALSE);
  if (self->kind != FSB_TARGET_IMAGE || self->image_path == NULL || !fsb_target_can_mkfs_file (fstype))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
                   /* Translators: %s is a filesystem type, “btrfs” */
                   _("FS Bench cannot run mkfs for %s on a disk image file here."), fstype);
      return FALSE;
    }
  if (self->mount_point != NULL && !fsb_target_unmount (self, NULL, cancellable, error))
    return FALSE;
  if (!fsb_target_not_cancelled (cancellable, error))
    return FALSE;
  old_uuid = block_string (self, "IdUUID");
  dir = g_path_get_dirname (self->image_path);
  if (mkfs_ways[w].owner == OWNER_XFS_PROTO && (proto = xfs_proto (dir, error)) == NULL)
    return FALSE;
  argv = mkfs_argv (self, w, mkfs_options, proto, error);
  if (argv == NULL)
    {
      if (proto != NULL)
        g_unlink (proto);
      return FALSE;
    }

  /* Not cancellable, as udisks' Format: a cancel takes effect right after. */
  start = g_get_monotonic_time ();
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                     NULL, NULL, NULL, &err_text, &status, &local)
      || !g_spawn_check_wait_status (status, NULL))
    {
      if (proto != NULL)
        g_unlink (proto);
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a program, “mkfs.ext4”, then what it said */
                   _("%s failed on the disk image: %s"), mkfs_ways[w].program,
                   local != NULL ? local->message : g_strstrip (err_text));
      return FALSE;
    }
  /* on the host's disk before the loop device reads it, past any cache */
  if (self->image_fd >= 0)
    fdatasync (self->image_fd);
  if (seconds != NULL)
    *seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  if (proto != NULL)
    g_unlink (proto);

  /* udisksd learns of it only when asked: read the device again, then wait
   * until it sees the new filesystem. */
  if (!fsb_udisks_rescan (self->object_path, &local))
    return fsb_target_udisks_fail (error, g_steal_pointer (&local),
                                   /* Translators: a device, “/dev/loop0” */
                                   _("Could not read %s again"), self->device);
  for (guint waited = 0; !udisks_sees (self, fstype, old_uuid); waited += RETRY_STEP_MSEC)
    {
      if (waited >= CATCH_UP_MSEC)
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                       /* Translators: a device, “/dev/loop0”, then a filesystem type */
                       _("The disk service did not see the new filesystem on %s as %s."), self->device, fstype);
          return FALSE;
        }
      if (!fsb_target_not_cancelled (cancellable, error))
        return FALSE;
      g_usleep (RETRY_STEP_MSEC * 1000);
    }
  g_free (self->fstype);
  self->fstype = g_strdup (fstype);
  self->mkfs_by_file = TRUE;
  return fsb_target_not_cancelled (cancellable, error);
}
