/* fsb-target-image.c: a disk image in a folder of the user's, attached as a loop device */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gunixfdlist.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-target-private.h"
#include "fsb-udisks.h"

char *
fsb_target_default_image_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "fsbench", "images", NULL);
}

static char *
bytestring_property (const char *object_path, const char *interface, const char *name)
{
  g_autoptr(GVariant) value = fsb_udisks_get_property (object_path, interface, name, NULL);

  if (value == NULL || !g_variant_is_of_type (value, G_VARIANT_TYPE_BYTESTRING))
    return NULL;
  return g_variant_dup_bytestring (value, NULL);
}

static gboolean refuse_direct_io;
static void (*image_made_hook) (const char *path, gpointer user_data);
static gpointer image_made_hook_data;

void
fsb_target_set_image_made_hook_for_testing (void (*hook) (const char *path, gpointer user_data), gpointer user_data)
{
  image_made_hook = hook;
  image_made_hook_data = user_data;
}

void
fsb_target_refuse_direct_io_for_testing (gboolean refuse)
{
  refuse_direct_io = refuse;
}

/* What the kernel says: /sys/block/loopN/loop/dio, readable by anyone. */
static gboolean
loop_uses_direct_io (const char *device)
{
  g_autofree char *base = g_path_get_basename (device);
  g_autofree char *sys = g_build_filename ("/sys/block", base, "loop", "dio", NULL);
  g_autofree char *contents = NULL;

  return g_file_get_contents (sys, &contents, NULL, NULL) && g_str_has_prefix (contents, "1");
}

/* Reads and writes of the loop device then bypass the host's page cache,
 * as they would on a real disk. The image's descriptor already asked for
 * it (O_DIRECT); else LOOP_SET_DIRECT_IO, which needs the device node. */
void
fsb_target_set_direct_io (FsbTarget *self)
{
  int fd;

  if (self->direct_io || !self->loop_attached || refuse_direct_io)
    return;
  if (loop_uses_direct_io (self->device))
    {
      self->direct_io = TRUE;
      return;
    }
  fd = open (self->device, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    {
      g_debug ("Cannot open %s for direct I/O: %s", self->device, g_strerror (errno));
      return;
    }
  if (ioctl (fd, LOOP_SET_DIRECT_IO, 1UL) == 0)
    self->direct_io = TRUE;
  else
    g_debug ("LOOP_SET_DIRECT_IO on %s: %s", self->device, g_strerror (errno));
  close (fd);
}

/* Copy-on-write hosts (Btrfs) fragment an image with every write made
 * into it, as they do virtual machines' disks: No_COW (chattr +C) on the
 * empty file, before its first write. A No_COW file is never compressed,
 * so the compression flag goes (both at once are refused). Returns whether
 * No_COW is set afterwards; compressed, whether compression still is. */
static gboolean
set_nocow (int fd, gboolean *compressed)
{
  int flags = 0;

  *compressed = FALSE;
  if (ioctl (fd, FS_IOC_GETFLAGS, &flags) < 0)
    return FALSE;   /* no attributes at all: tmpfs, NFS */
  if (!(flags & FS_NOCOW_FL))
    {
      int want = (flags & ~FS_COMPR_FL) | FS_NOCOW_FL;

      if (ioctl (fd, FS_IOC_SETFLAGS, &want) < 0)
        g_debug ("No_COW on the disk image: %s", g_strerror (errno));
      if (ioctl (fd, FS_IOC_GETFLAGS, &flags) < 0)
        flags = 0;
    }
  *compressed = (flags & FS_COMPR_FL) != 0;
  return (flags & FS_NOCOW_FL) != 0;
}

static gboolean
loop_was_taken (const GError *error)
{
  return g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_DEVICE_BUSY)
      || (error != NULL && strstr (error->message, g_strerror (EBUSY)) != NULL)
      || (error != NULL && strstr (error->message, "Device or resource busy") != NULL);
}

/* LoopSetup of loop_fd (taken, and closed), no partition scan. */
static gboolean
loop_setup (FsbTarget *self, int loop_fd, GError **error)
{
  g_autoptr(GUnixFDList) fd_list = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *loop_path = NULL;

  if (loop_fd < 0)
    {
      int saved = errno;
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a file name, then the system’s reason */
                   _("Could not open the disk image %s: %s"), self->image_path, g_strerror (saved));
      return FALSE;
    }
  fd_list = g_unix_fd_list_new_from_array (&loop_fd, 1);   /* takes loop_fd */
  for (int attempt = 0; ; attempt++)
    {
      g_auto(GVariantBuilder) options = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);

      g_variant_builder_add (&options, "{sv}", "auth.no_user_interaction", g_variant_new_boolean (FALSE));
      g_variant_builder_add (&options, "{sv}", "no-part-scan", g_variant_new_boolean (TRUE));
      g_clear_error (&local_error);
      /* Not cancellable: once udisksd attaches the image we must know the
       * device to detach it again. */
      reply = fsb_udisks_call (FSB_UDISKS_MANAGER_PATH, FSB_UDISKS_IFACE_MANAGER, "LoopSetup",
                               g_variant_new ("(ha{sv})", 0, &options),
                               G_VARIANT_TYPE ("(o)"), fd_list, G_MAXINT, NULL, &local_error);
      /* Another program attaching a loop device at the same moment can take
       * the free one udisksd picked (EBUSY): pick again, as losetup does. */
      if (reply != NULL || attempt >= 4 || !loop_was_taken (local_error))
        break;
      g_usleep (200 * 1000);
    }
  if (reply == NULL)
    return fsb_target_udisks_fail (error, g_steal_pointer (&local_error),
                        /* Translators: %s is a file name */
                        _("Could not attach the disk image %s"), self->image_path);
  g_variant_get (reply, "(&o)", &loop_path);
  self->object_path = g_strdup (loop_path);
  self->loop_attached = TRUE;
  g_free (self->device);
  self->device = bytestring_property (self->object_path, FSB_UDISKS_IFACE_BLOCK, "Device");
  if (self->device == NULL)
    self->device = g_strdup_printf ("/dev/%s", strrchr (self->object_path, '/') + 1);
  fsb_target_record_state (self);
  return TRUE;
}

static gboolean
is_image (FsbTarget *self, int fd)
{
  struct stat st;

  return fstat (fd, &st) == 0 && S_ISREG (st.st_mode)
      && (guint64) st.st_dev == self->image_dev && (guint64) st.st_ino == self->image_ino;
}

/* A descriptor of our image with O_DIRECT, or -1. Opened again through
 * our own descriptor (/proc/self/fd), never by its name, which another
 * file may have taken since; by its name only without /proc, and then
 * only if it is still the same inode. */
static int
reopen_direct (FsbTarget *self)
{
  g_autofree char *own = g_strdup_printf ("/proc/self/fd/%d", self->image_fd);
  int fd = open (own, O_RDWR | O_DIRECT | O_CLOEXEC);

  if (fd < 0 && errno == ENOENT)
    fd = open (self->image_path, O_RDWR | O_DIRECT | O_CLOEXEC | O_NOFOLLOW);
  if (fd >= 0 && !is_image (self, fd))
    {
      g_debug ("%s is no longer the disk image made: attached through the descriptor kept", self->image_path);
      close (fd);
      return -1;
    }
  return fd;
}

/* The image's blocks, allocated on the host now, so that too little space
 * fails here rather than mid-run. (mkfs's discard punches them out again
 * on every format: formatting with no-discard kept them, but then the
 * first round paid for turning the unwritten extents into written ones,
 * twice as slow on rand-read and rand-write: bench/noise.sh, issue 33.)
 * A host without fallocate (some FUSE, NFS before 4.2) gets a sparse
 * image, as before. */
static gboolean
allocate_image (FsbTarget *self, int fd, guint64 size, GError **error)
{
  int saved = 0;

  self->preallocated = fallocate (fd, 0, 0, (off_t) size) == 0;
  if (!self->preallocated)
    {
      saved = errno;
      if (saved == EOPNOTSUPP || saved == ENOSYS)
        {
          g_debug ("%s: its filesystem has no fallocate, the image is sparse", self->image_path);
          saved = ftruncate (fd, (off_t) size) == 0 ? 0 : errno;
        }
    }
  if (saved != 0)
    {
      g_set_error (error, FSB_ERROR, saved == ENOSPC || saved == EFBIG ? FSB_ERROR_NO_SPACE : FSB_ERROR_FAILED,
                   /* Translators: a file name, then the system’s reason */
                   _("Could not size the disk image %s: %s"), self->image_path, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

gboolean
fsb_target_image_identity (FsbTarget *self, guint64 *dev, guint64 *ino)
{
  struct stat st;

  if (self->image_ino != 0)
    {
      *dev = self->image_dev;
      *ino = self->image_ino;
      return TRUE;
    }
  if (self->image_path == NULL || lstat (self->image_path, &st) != 0)
    return FALSE;
  *dev = (guint64) st.st_dev;
  *ino = (guint64) st.st_ino;
  return TRUE;
}

gboolean
fsb_target_prepare_image (FsbTarget *self, guint64 needed_bytes, GCancellable *cancellable, GError **error)
{
  g_autofree char *dir = self->image_dir != NULL ? g_strdup (self->image_dir) : fsb_target_default_image_dir ();
  g_autofree char *path = NULL;
  struct statvfs vfs;
  guint64 size = self->size;
  guint64 avail;
  int fd, direct;

  if (self->image_path != NULL && self->image_fd >= 0)
    return loop_setup (self, fcntl (self->image_fd, F_DUPFD_CLOEXEC, 0), error);   /* a copy, made already */
  if (size == 0)
    size = MAX (FSB_MIN_IMAGE_BYTES, (needed_bytes + MIB - 1) / MIB * MIB);
  else if (size < needed_bytes)
    {
      g_autofree char *have = g_format_size (size);
      g_autofree char *need = g_format_size (needed_bytes);
      g_set_error (error, FSB_ERROR, FSB_ERROR_NO_SPACE,
                   /* Translators: two sizes, “256 MB” */
                   _("A disk image of %s is too small: the plan needs %s"), have, need);
      return FALSE;
    }
  /* Whole 4 KiB sectors, so any filesystem can use every byte. */
  size = size / 4096 * 4096;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, FSB_ERROR, saved == EACCES ? FSB_ERROR_NOT_AUTHORIZED : FSB_ERROR_FAILED,
                   /* Translators: a folder, then the system’s reason */
                   _("Could not create the folder %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  if (statvfs (dir, &vfs) != 0)
    {
      int saved = errno;
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a folder, then the system’s reason */
                   _("Could not read the free space in %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  avail = (guint64) vfs.f_bavail * vfs.f_frsize;
  if (avail / MAX (self->images_at_once, 1) < size)
    {
      g_autofree char *have = g_format_size (avail);
      g_autofree char *need = g_format_size (size * MAX (self->images_at_once, 1));

      if (self->images_at_once > 1)
        g_set_error (error, FSB_ERROR, FSB_ERROR_NO_SPACE,
                     g_dngettext (GETTEXT_PACKAGE,
                                  /* Translators: a size, a folder, how many images (one for each
                                   * filesystem), then the size they need together */
                                  "Only %s are free in %s, and %u disk image needs %s. Free some space "
                                  "or choose another folder.",
                                  "Only %s are free in %s, and %u disk images need %s. Free some space "
                                  "or choose another folder.", self->images_at_once),
                     have, dir, self->images_at_once, need);
      else
        g_set_error (error, FSB_ERROR, FSB_ERROR_NO_SPACE,
                     /* Translators: a size, a folder, then another size */
                     _("Only %s are free in %s, and the disk image needs %s. Free some space "
                       "or choose another folder."), have, dir, need);
      return FALSE;
    }

  path = g_build_filename (dir, FSB_TARGET_IMAGE_TEMPLATE, NULL);
  fd = g_mkstemp_full (path, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a folder, then the system’s reason */
                   _("Could not create a disk image in %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  self->image_path = g_steal_pointer (&path);
  self->size = size;
  fsb_target_record_state (self);

  self->image_fd = fd;
  {
    struct stat st;

    if (fstat (fd, &st) == 0)
      {
        self->image_dev = (guint64) st.st_dev;
        self->image_ino = (guint64) st.st_ino;
      }
  }
  self->nocow = set_nocow (fd, &self->compressed);

  if (!allocate_image (self, fd, size, error))
    return FALSE;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (image_made_hook != NULL)
    image_made_hook (self->image_path, image_made_hook_data);

  /* The loop device's own descriptor: opened with O_DIRECT, it gives the
   * loop device direct I/O from the start (Linux does so for a backing
   * file opened that way, as losetup --direct-io does), which a user could
   * not ask for afterwards: LOOP_SET_DIRECT_IO needs the device node, which
   * only root may open. A host without O_DIRECT (older tmpfs, some FUSE)
   * gets a plain one. */
  direct = !refuse_direct_io ? reopen_direct (self) : -1;
  if (direct >= 0)
    {
      if (!loop_setup (self, direct, error))
        return FALSE;
      if (loop_uses_direct_io (self->device))
        {
          self->direct_io = TRUE;
          return TRUE;
        }
      /* The kernel kept buffered I/O (a host whose sectors are larger
       * than the loop device's): an O_DIRECT backing file would then see
       * unaligned writes. Attach it again, plainly. */
      if (!fsb_udisks_loop_delete (self->object_path, error))
        return FALSE;
      self->loop_attached = FALSE;
      g_clear_pointer (&self->object_path, g_free);
      fsb_target_record_state (self);
    }
  if (!loop_setup (self, fcntl (fd, F_DUPFD_CLOEXEC, 0), error))
    return FALSE;
  fsb_target_set_direct_io (self);
  return TRUE;
}

FsbTarget *
fsb_target_new_clone (FsbTarget *source, GError **error)
{
  g_autoptr(FsbTarget) copy = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  struct stat st;
  int fd;

  g_return_val_if_fail (FSB_IS_TARGET (source), NULL);

  if (source->kind != FSB_TARGET_IMAGE || source->image_fd < 0)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("The target is not prepared"));
      return NULL;
    }
  dir = g_path_get_dirname (source->image_path);
  path = g_build_filename (dir, FSB_TARGET_IMAGE_TEMPLATE, NULL);
  fd = g_mkstemp_full (path, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a folder, then the system’s reason */
                   _("Could not create a disk image in %s: %s"), dir, g_strerror (saved));
      return NULL;
    }
  copy = fsb_target_new_image (dir, source->size);
  copy->image_path = g_steal_pointer (&path);
  copy->image_fd = fd;
  if (fstat (fd, &st) == 0)
    {
      copy->image_dev = (guint64) st.st_dev;
      copy->image_ino = (guint64) st.st_ino;
    }
  fsb_target_record_state (copy);
  /* One call, under the source's locks: the copy is the image as the
   * loop device had written it at one instant, as a power cut leaves it. */
  if (ioctl (fd, FICLONE, source->image_fd) != 0)
    {
      int saved = errno;
      g_set_error (error, FSB_ERROR,
                   saved == EOPNOTSUPP || saved == EXDEV || saved == EINVAL ? FSB_ERROR_UNSUPPORTED : FSB_ERROR_FAILED,
                   /* Translators: a file name, then the system’s reason */
                   _("Could not make a copy of the disk image %s at once: %s"), source->image_path,
                   g_strerror (saved));
      return NULL;   /* releasing the copy deletes its file */
    }
  copy->fstype = g_strdup (source->fstype);
  return g_steal_pointer (&copy);
}

void
fsb_target_close_image (FsbTarget *self)
{
  fsb_target_probe_close (self);
  if (self->image_fd >= 0)
    close (self->image_fd);
  self->image_fd = -1;
}

gboolean
fsb_target_get_direct_io (FsbTarget *self)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), FALSE);
  return self->kind == FSB_TARGET_IMAGE && self->direct_io;
}

gboolean
fsb_target_get_preallocated (FsbTarget *self)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), FALSE);
  return self->kind == FSB_TARGET_IMAGE && self->preallocated;
}

const char *
fsb_target_get_flush_reaches (FsbTarget *self)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), NULL);
  return self->kind == FSB_TARGET_PARTITION || self->direct_io
    ? FSB_FLUSH_REACHES_DEVICE : FSB_FLUSH_REACHES_HOST_FILE;
}

const char *
fsb_target_get_image_path (FsbTarget *self)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), NULL);
  return self->image_path;
}

gboolean
fsb_target_flush_host (FsbTarget *self, gboolean *flushed, GError **error)
{
  g_return_val_if_fail (FSB_IS_TARGET (self), FALSE);

  if (flushed != NULL)
    *flushed = FALSE;
  if (self->kind != FSB_TARGET_IMAGE || self->direct_io || self->image_fd < 0)
    return TRUE;
  /* The filesystem's syncfs flushed into the loop device, and the loop
   * device into the host's page cache of the image; this takes it to the
   * disk (Linux's loop driver may have done so on the flush already, and
   * then this costs next to nothing). */
  if (fdatasync (self->image_fd) < 0)
    {
      int saved = errno;
      g_set_error (error, FSB_ERROR, saved == ENOSPC ? FSB_ERROR_NO_SPACE : FSB_ERROR_FAILED,
                   /* Translators: a file name, then the system’s reason */
                   _("Could not flush the disk image %s: %s"), self->image_path, g_strerror (saved));
      return FALSE;
    }
  if (flushed != NULL)
    *flushed = TRUE;
  return TRUE;
}
