/* fsb-fragmentation.c: how fragmented a file and a filesystem's free space are */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-fragmentation.h"
#include "fsb-fs-support-private.h"

#define MiB (1024.0 * 1024.0)
#define FIEMAP_BATCH 256

/* Files --------------------------------------------------------------------- */

gint64
fsb_file_extents (const char *path, GError **error)
{
  gsize size = sizeof (struct fiemap) + FIEMAP_BATCH * sizeof (struct fiemap_extent);
  g_autofree struct fiemap *fm = g_malloc0 (size);
  struct fiemap_extent last = { 0 };
  gboolean have_last = FALSE, done = FALSE;
  guint64 start = 0;
  gint64 extents = 0;
  int fd = open (path, O_RDONLY | O_CLOEXEC);

  if (fd < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot open"), path);
      return -1;
    }
  while (!done)
    {
      memset (fm, 0, size);
      fm->fm_start = start;
      fm->fm_length = FIEMAP_MAX_OFFSET - start;
      /* what is still in memory is written first, so its place is known */
      fm->fm_flags = FIEMAP_FLAG_SYNC;
      fm->fm_extent_count = FIEMAP_BATCH;
      if (ioctl (fd, FS_IOC_FIEMAP, fm) < 0)
        {
          fsb_set_error_from_errno (error, errno, _("Cannot read the extents of"), path);
          close (fd);
          return -1;
        }
      if (fm->fm_mapped_extents == 0)
        break;
      for (guint i = 0; i < fm->fm_mapped_extents; i++)
        {
          const struct fiemap_extent *e = &fm->fm_extents[i];

          /* filefrag's rule: an extent that goes on where the last one
           * ended on the disk is the same piece of the file */
          if (!have_last ||
              (e->fe_physical != last.fe_physical + last.fe_length &&
               e->fe_physical != last.fe_physical + (e->fe_logical - last.fe_logical)))
            extents++;
          last = *e;
          have_last = TRUE;
          done |= (e->fe_flags & FIEMAP_EXTENT_LAST) != 0;
        }
      start = last.fe_logical + last.fe_length;
    }
  close (fd);
  return extents;
}

/* Free space ------------------------------------------------------------------ */

const char *
fsb_free_space_tool (const char *fstype)
{
  if (g_strv_contains ((const char *const[]) { "ext2", "ext3", "ext4", NULL }, fstype))
    return "e2freefrag";
  if (g_strcmp0 (fstype, "xfs") == 0)
    return "xfs_db";
  return NULL;
}

/* "64K", "1M", "2G": bytes. */
static double
parse_size (const char *text)
{
  char *end = NULL;
  double v = g_ascii_strtod (text, &end);

  if (end == text)
    return -1;
  switch (*end)
    {
    case 'K': return v * 1024;
    case 'M': return v * MiB;
    case 'G': return v * MiB * 1024;
    case 'T': return v * MiB * MiB;
    default:  return v;
    }
}

static void
finish (FsbFreeSpace *out, double block, guint64 free_blocks, double large_blocks, gint64 extents)
{
  out->free_extents = extents;
  out->free_bytes = (guint64) (free_blocks * block);
  out->mean_extent_bytes = extents > 0 ? (double) out->free_bytes / extents : 0;
  out->large_percent = free_blocks > 0 ? large_blocks / free_blocks * 100 : 0;
}

gboolean
fsb_free_space_parse_e2freefrag (const char *output, FsbFreeSpace *out)
{
  g_auto(GStrv) lines = g_strsplit (output != NULL ? output : "", "\n", -1);
  double block = 0, large = 0;
  guint64 free_blocks = 0;
  gint64 extents = -1;
  gboolean have_free = FALSE;

  out->free_extents = -1;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = g_strstrip (lines[i]);
      const char *dots = strstr (l, "...");

      if (g_str_has_prefix (l, "Blocksize:"))
        block = g_ascii_strtod (l + strlen ("Blocksize:"), NULL);
      else if (g_str_has_prefix (l, "Free blocks:"))
        free_blocks = g_ascii_strtoull (l + strlen ("Free blocks:"), NULL, 10), have_free = TRUE;
      else if (g_str_has_prefix (l, "Num. free extent:"))
        extents = g_ascii_strtoll (l + strlen ("Num. free extent:"), NULL, 10);
      else if (dots != NULL && strchr (l, ':') != NULL)
        {
          /* "8M...   16M-  :             5         80114   28.86%" */
          g_auto(GStrv) cols = g_strsplit_set (strchr (l, ':') + 1, " \t", -1);
          guint n = 0;
          guint64 blocks = 0;

          for (guint c = 0; cols[c] != NULL; c++)
            if (*cols[c] != '\0' && ++n == 2)
              blocks = g_ascii_strtoull (cols[c], NULL, 10);
          if (n >= 2 && parse_size (l) >= MiB)
            large += blocks;
        }
    }
  if (block <= 0 || !have_free || extents < 0)
    return FALSE;
  finish (out, block, free_blocks, large, extents);
  return TRUE;
}

gboolean
fsb_free_space_parse_xfs_db (const char *output, FsbFreeSpace *out)
{
  g_auto(GStrv) lines = g_strsplit (output != NULL ? output : "", "\n", -1);
  double block = 0, large = 0;
  guint64 free_blocks = 0;
  gint64 extents = -1;
  gboolean have_free = FALSE;

  out->free_extents = -1;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = g_strstrip (lines[i]);
      guint64 from = 0, to = 0, n = 0, blocks = 0;

      if (g_str_has_prefix (l, "blocksize ="))
        block = g_ascii_strtod (l + strlen ("blocksize ="), NULL);
      else if (g_str_has_prefix (l, "total free extents"))
        extents = g_ascii_strtoll (l + strlen ("total free extents"), NULL, 10);
      else if (g_str_has_prefix (l, "total free blocks"))
        free_blocks = g_ascii_strtoull (l + strlen ("total free blocks"), NULL, 10), have_free = TRUE;
      else if (g_ascii_isdigit (*l) && sscanf (l, "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                                               " %" G_GUINT64_FORMAT, &from, &to, &n, &blocks) == 4)
        {
          /* "from to extents blocks pct": sizes in filesystem blocks */
          if (block > 0 && from * block >= MiB)
            large += blocks;
        }
    }
  if (block <= 0 || !have_free || extents < 0)
    return FALSE;
  finish (out, block, free_blocks, large, extents);
  return TRUE;
}

gboolean
fsb_free_space_measure (const char   *fstype,
                        const char   *device,
                        FsbFreeSpace *out,
                        GCancellable *cancellable,
                        GError      **error)
{
  const char *tool = fsb_free_space_tool (fstype);
  g_autofree char *path = tool != NULL ? fsb_fs_support_find_tool (tool) : NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autofree char *stdout_text = NULL, *stderr_text = NULL;
  gboolean parsed;

  out->free_extents = -1;
  if (path == NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
                   /* Translators: %s is a filesystem type */
                   _("No tool to report the free space of %s is installed"), fstype);
      return FALSE;
    }
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  /* the figures are read in the C locale's words */
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  if (g_str_equal (tool, "xfs_db"))
    process = g_subprocess_launcher_spawn (launcher, error, path, "-r", "-c", "sb 0", "-c", "print blocksize",
                                           "-c", "freesp -s", device, NULL);
  else
    process = g_subprocess_launcher_spawn (launcher, error, path, device, NULL);
  if (process == NULL || !g_subprocess_communicate_utf8 (process, NULL, cancellable, &stdout_text, &stderr_text, error))
    {
      fsb_error_normalize (error);
      return FALSE;
    }
  parsed = g_str_equal (tool, "xfs_db") ? fsb_free_space_parse_xfs_db (stdout_text, out)
                                        : fsb_free_space_parse_e2freefrag (stdout_text, out);
  if (!g_subprocess_get_successful (process) || !parsed)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a tool such as e2freefrag, then what it said */
                   _("%s could not report the free space: %s"), tool,
                   stderr_text != NULL && *stderr_text != '\0' ? g_strstrip (stderr_text) : "?");
      out->free_extents = -1;
      return FALSE;
    }
  return TRUE;
}
