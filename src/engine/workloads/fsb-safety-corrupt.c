/* fsb-safety-corrupt.c: silent corruption: files of known bytes, their
 * first data block found in the image (FIEMAP, checked against the bytes
 * there; else the image searched for them, as Btrfs's FIEMAP gives its own
 * logical addresses), one bit flipped in some while unmounted, then every
 * file read again: a read error is corruption detected, other bytes
 * without an error corruption returned silently. Then one bit of the
 * superblock's counters: does the checker notice? */
#include "config.h"

#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-safety.h"
#include "fsb-workloads-util.h"

#define BLOCK 4096

/* The physical offset FIEMAP gives for the file's first byte, or -1. */
static gint64
first_extent (int fd)
{
  struct {
    struct fiemap map;
    struct fiemap_extent extent[1];
  } fm = { 0 };

  fm.map.fm_length = ~0ULL;
  fm.map.fm_flags = FIEMAP_FLAG_SYNC;
  fm.map.fm_extent_count = 1;
  if (ioctl (fd, FS_IOC_FIEMAP, &fm.map) < 0 || fm.map.fm_mapped_extents < 1
      || (fm.extent[0].fe_flags & (FIEMAP_EXTENT_UNKNOWN | FIEMAP_EXTENT_ENCODED | FIEMAP_EXTENT_DATA_INLINE)))
    return -1;
  return (gint64) fm.extent[0].fe_physical;
}

static gboolean
block_at (int image_fd, gint64 offset, const guchar *expect)
{
  guchar buf[BLOCK];

  return offset >= 0 && pread (image_fd, buf, BLOCK, offset) == BLOCK && memcmp (buf, expect, BLOCK) == 0;
}

/* Where each file's first block is in the image: FIEMAP's answer where the
 * bytes are there, else a search of the image, block by block. */
static gboolean
locate (int image_fd, guint n, guchar **first, gint64 *where, GError **error)
{
  g_autofree guchar *buf = NULL;
  guint missing = 0;
  gint64 at = 0;
  ssize_t got;

  for (guint i = 0; i < n; i++)
    if (!block_at (image_fd, where[i], first[i]))
      {
        where[i] = -1;
        missing++;
      }
  buf = g_malloc (1024 * 1024);
  while (missing > 0 && (got = pread (image_fd, buf, 1024 * 1024, at)) > 0)
    {
      for (ssize_t off = 0; off + BLOCK <= got; off += BLOCK)
        for (guint i = 0; i < n; i++)
          if (where[i] < 0 && memcmp (buf + off, first[i], BLOCK) == 0)
            {
              where[i] = at + off;
              missing--;
            }
      at += got;
    }
  if (missing > 0)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a number of files */
                   g_dngettext (GETTEXT_PACKAGE, "The data of %u file was not found in the disk image",
                                "The data of %u files were not found in the disk image", missing), missing);
      return FALSE;
    }
  return TRUE;
}

static gboolean
flip_bit (int image_fd, const char *image, gint64 offset, guint bit, GError **error)
{
  guchar byte;

  if (pread (image_fd, &byte, 1, offset) != 1)
    return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), image);
  byte ^= (guchar) (1u << (bit & 7));
  if (pwrite (image_fd, &byte, 1, offset) != 1 || fdatasync (image_fd) != 0)
    return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), image);
  return TRUE;
}

gboolean
fsb_safety_corrupt_write (const char *dir, guint n_files, guint64 seed, GPtrArray *firsts, GArray *where,
                          GError **error)
{
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *name = fsb_safety_file_name (i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      guchar *data = g_malloc (4 * BLOCK);
      FsbRng rng;
      gint64 at;
      int fd;

      fsb_rng_init (&rng, fsb_seed_from ("safety-corrupt", seed, i));
      fsb_rng_fill (&rng, data, 4 * BLOCK);
      g_ptr_array_add (firsts, data);
      fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd < 0 || write (fd, data, 4 * BLOCK) != 4 * BLOCK || fsync (fd) != 0)
        {
          int saved = errno;
          if (fd >= 0)
            close (fd);
          return fsb_errno_fail (error, saved, _("Cannot write “%s”: %s"), path);
        }
      at = first_extent (fd);
      close (fd);
      g_array_append_val (where, at);
    }
  return TRUE;
}

gboolean
fsb_safety_corrupt_flip (const char *image, guint n_files, guint n_flip, GPtrArray *firsts, GArray *where,
                         GError **error)
{
  int fd = open (image, O_RDWR | O_CLOEXEC);
  gboolean ok;

  if (fd < 0)
    return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), image);
  ok = locate (fd, n_files, (guchar **) firsts->pdata, (gint64 *) where->data, error);
  for (guint i = 0; ok && i < MIN (n_flip, n_files); i++)
    ok = flip_bit (fd, image, g_array_index (where, gint64, i) + 100 + i, i, error);
  close (fd);
  return ok;
}

void
fsb_safety_corrupt_read (const char *dir, guint n_files, guint n_flip, GPtrArray *firsts,
                         FsbSafetyCorruption *out)
{
  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *name = fsb_safety_file_name (i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *data = NULL;
      gsize len = 0;
      gboolean read_ok = g_file_get_contents (path, &data, &len, NULL);
      gboolean same = read_ok && len == 4 * BLOCK && memcmp (data, g_ptr_array_index (firsts, i), 4 * BLOCK) == 0;

      if (i >= n_flip)
        out->untouched += same;
      else if (!read_ok)
        out->detected++;
      else if (!same)
        out->silent++;
      else
        out->repaired++;
    }
}

/* A counter in each filesystem's primary superblock: ext4's free inodes
 * (s_free_inodes_count), XFS's inode count (sb_icount), Btrfs's bytes used
 * (its superblock, at 64 KiB, has a checksum). */
typedef struct {
  const char *fstype;
  gint64      offset;
} SuperCounter;

static const SuperCounter counters[] = {
  { "ext2", 1024 + 0x10 },
  { "ext3", 1024 + 0x10 },
  { "ext4", 1024 + 0x10 },
  { "xfs", 0x80 },
  { "btrfs", 0x10000 + 0x78 },
};

gboolean
fsb_safety_corrupt_metadata (const char *fstype, const char *image, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (counters); i++)
    if (g_strcmp0 (counters[i].fstype, fstype) == 0)
      {
        int fd = open (image, O_RDWR | O_CLOEXEC);
        gboolean ok;

        if (fd < 0)
          return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), image);
        ok = flip_bit (fd, image, counters[i].offset, 1, error);
        close (fd);
        return ok;
      }
  g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
               /* Translators: a filesystem type, “btrfs” */
               _("FS Bench does not know where the superblock of %s keeps its counters."), fstype);
  return FALSE;
}
