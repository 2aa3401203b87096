/* fsb-aging.c: aging a filesystem (fill, then churn) and counting the small
 * files that fit, with the system calls an application would make */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "fsb-aging.h"
#include "fsb-error.h"
#include "fsb-fileops.h"

#define MiB (G_GUINT64_CONSTANT (1024) * 1024)
#define WRITE_CHUNK (1024 * 1024)
/* Between two looks at statvfs, after a flush: the fill overshoots by no
 * more than this and one file. */
#define CHECK_BYTES (32 * MiB)

gboolean
fsb_aging_usage (const char *mount_point, guint64 *used, guint64 *usable, GError **error)
{
  struct statvfs vfs;

  if (statvfs (mount_point, &vfs) != 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot read the free space of"), mount_point);
      return FALSE;
    }
  *used = (guint64) (vfs.f_blocks - vfs.f_bfree) * vfs.f_frsize;
  *usable = *used + (guint64) vfs.f_bavail * vfs.f_frsize;
  return TRUE;
}

/* Aging -------------------------------------------------------------------- */

typedef struct {
  char    *path;
  guint64  size;
} LiveFile;

typedef struct {
  const FsbAgingParams *p;
  const char     *mount_point;
  int             dir_fd;       /* the aging folder */
  FsbAgingLayout *layout;
  FsbRng          rng;          /* which files churn deletes */
  GArray         *live;         /* of LiveFile */
  guint8         *buffer;
  FsbAgingRun    *run;
  guint64         target_used;
  guint64         used;         /* at the last look */
  guint64         write_limit;  /* a filesystem whose usage does not grow stops here */
  gboolean        full;         /* ENOSPC: the filesystem took no more */
} Aging;

static gboolean
flush_and_look (Aging *a, GError **error)
{
  guint64 usable;

  if (syncfs (a->dir_fd) < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot flush"), a->mount_point);
      return FALSE;
    }
  return fsb_aging_usage (a->mount_point, &a->used, &usable, error);
}

/* Writes one file of the layout; ENOSPC sets full and removes what it began. */
static gboolean
write_file (Aging *a, const char *path, guint64 size, GError **error)
{
  guint64 left = size;
  int fd = openat (a->dir_fd, path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

  if (fd < 0 && errno == ENOSPC)
    {
      a->full = TRUE;
      return TRUE;
    }
  if (fd < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot create"), path);
      return FALSE;
    }
  while (left > 0)
    {
      /* the content does not matter, only that it does not compress */
      gsize n = (gsize) MIN (left, WRITE_CHUNK);
      gsize offset = (gsize) ((size - left) / WRITE_CHUNK % 7) * 64;
      ssize_t w = write (fd, a->buffer + offset, n);

      if (w < 0 && errno == EINTR)
        continue;
      if (w < 0)
        {
          int saved = errno;

          close (fd);
          unlinkat (a->dir_fd, path, 0);
          if (saved == ENOSPC || saved == EDQUOT)
            {
              a->full = TRUE;
              return TRUE;
            }
          fsb_set_error_from_errno (error, saved, _("Cannot write"), path);
          return FALSE;
        }
      left -= (guint64) w;
      a->run->bytes_written += (guint64) w;
    }
  if (close (fd) < 0)
    {
      int saved = errno;

      unlinkat (a->dir_fd, path, 0);
      if (saved == ENOSPC || saved == EDQUOT)
        {
          a->full = TRUE;
          return TRUE;
        }
      fsb_set_error_from_errno (error, saved, _("Cannot write"), path);
      return FALSE;
    }
  {
    LiveFile f = { g_strdup (path), size };
    g_array_append_val (a->live, f);
  }
  a->run->files_written++;
  return TRUE;
}

static gboolean
make_dirs (Aging *a, GPtrArray *dirs, GError **error)
{
  for (guint i = 0; i < dirs->len; i++)
    if (mkdirat (a->dir_fd, dirs->pdata[i], 0755) < 0 && errno != EEXIST)
      {
        if (errno == ENOSPC)
          {
            a->full = TRUE;
            return TRUE;
          }
        fsb_set_error_from_errno (error, errno, _("Cannot create the folder"), dirs->pdata[i]);
        return FALSE;
      }
  a->run->dirs = fsb_aging_layout_n_dirs (a->layout) - 1;
  return TRUE;
}

/* Writes the layout's next files until the filesystem is as full as its target. */
static gboolean
fill (Aging *a, GError **error)
{
  guint64 since = 0;

  while (!a->full && a->used + since < a->target_used && a->run->bytes_written < a->write_limit)
    {
      g_autoptr(GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *path = NULL;
      guint64 size = 0, before = a->run->bytes_written;

      if (g_cancellable_set_error_if_cancelled (a->p->cancellable, error))
        {
          fsb_error_normalize (error);
          return FALSE;
        }
      path = fsb_aging_layout_next (a->layout, &size, dirs);
      if (!make_dirs (a, dirs, error) || (!a->full && !write_file (a, path, size, error)))
        return FALSE;
      since += a->run->bytes_written - before;
      if (a->p->progress != NULL)
        a->p->progress (a->run->bytes_written, MAX (a->p->planned_bytes, a->run->bytes_written), a->p->progress_data);
      /* what statvfs says only holds once the writes are allocated */
      if (since >= CHECK_BYTES || a->used + since >= a->target_used)
        {
          if (!flush_and_look (a, error))
            return FALSE;
          since = 0;
        }
    }
  return flush_and_look (a, error);
}

/* One round of churn: a share of the aging files, chosen at random, deleted. */
static gboolean
churn (Aging *a, GError **error)
{
  guint n = (guint) (a->p->spec->churn * a->live->len + 0.5);

  for (guint i = 0; i < n && a->live->len > 0; i++)
    {
      guint pick = (guint) fsb_rng_below (&a->rng, a->live->len);
      LiveFile *f = &g_array_index (a->live, LiveFile, pick);

      if (unlinkat (a->dir_fd, f->path, 0) < 0 && errno != ENOENT)
        {
          fsb_set_error_from_errno (error, errno, _("Cannot delete"), f->path);
          return FALSE;
        }
      g_array_remove_index_fast (a->live, pick);   /* frees its path */
      a->run->files_deleted++;
    }
  return flush_and_look (a, error);
}

static void
live_file_clear (LiveFile *f)
{
  g_free (f->path);
}

gboolean
fsb_aging_run (const char *mount_point, const FsbAgingParams *p, FsbAgingRun *run, GError **error)
{
  Aging a = { 0 };
  gint64 start = g_get_monotonic_time ();
  guint64 usable = 0;
  gboolean ok = FALSE;
  g_autofree char *dir = g_build_filename (mount_point, FSB_AGING_DIR, NULL);

  g_return_val_if_fail (p != NULL && p->spec != NULL && run != NULL, FALSE);
  a.p = p;
  a.mount_point = mount_point;
  a.run = run;
  a.dir_fd = -1;
  a.layout = fsb_aging_layout_new (p->seed, p->max_file_bytes);
  fsb_rng_init (&a.rng, p->seed ^ G_GUINT64_CONSTANT (0x636875726e));   /* "churn" */
  a.live = g_array_new (FALSE, FALSE, sizeof (LiveFile));
  g_array_set_clear_func (a.live, (GDestroyNotify) live_file_clear);
  a.buffer = g_malloc (WRITE_CHUNK + 512);
  {
    FsbRng content;
    fsb_rng_init (&content, p->seed);
    fsb_rng_fill (&content, a.buffer, WRITE_CHUNK + 512);
  }

  if (mkdir (dir, 0755) < 0 && errno != EEXIST)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot create the folder"), dir);
      goto out;
    }
  a.dir_fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (a.dir_fd < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot open the folder"), dir);
      goto out;
    }
  if (!flush_and_look (&a, error) || !fsb_aging_usage (mount_point, &a.used, &usable, error))
    goto out;
  /* As full as asked, but the aged tasks must still find their room. */
  a.target_used = (guint64) (p->spec->fill * usable);
  if (usable > p->reserve_bytes)
    a.target_used = MIN (a.target_used, usable - p->reserve_bytes);
  else
    a.target_used = a.used;
  /* compression or deduplication could keep the usage from growing */
  a.write_limit = 4 * (p->spec->rounds + 1) * usable;

  if (!fill (&a, error))
    goto out;
  for (guint r = 0; r < p->spec->rounds; r++)
    {
      if (!churn (&a, error) || !fill (&a, error))
        goto out;
      run->rounds++;
    }
  ok = fsb_aging_usage (mount_point, &a.used, &usable, error);
  run->fill_percent_reached = usable > 0 ? (double) a.used / usable * 100 : 0;

out:
  run->seconds = (g_get_monotonic_time () - start) / 1e6;
  if (a.dir_fd >= 0)
    close (a.dir_fd);
  g_array_unref (a.live);
  g_free (a.buffer);
  fsb_aging_layout_free (a.layout);
  return ok;
}

/* Files that fit --------------------------------------------------------------- */

#define FIT_FILE 4096
#define FIT_PER_DIR 1000

static const char *
which_limit (const char *mount_point)
{
  struct statvfs vfs;

  /* Btrfs reports no inode count at all: it makes them as it needs them. */
  if (statvfs (mount_point, &vfs) == 0 && vfs.f_files > 0 && vfs.f_favail == 0)
    return "inodes";
  return "space";
}

/* One 4 KiB file; FALSE with no error when the filesystem took no more. */
static gboolean
fit_one (int dir_fd, const char *name, const guint8 *data, gboolean *full, GError **error)
{
  int fd = openat (dir_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  ssize_t w;
  int saved;

  if (fd < 0)
    {
      saved = errno;
      goto failed;
    }
  do
    w = write (fd, data, FIT_FILE);
  while (w < 0 && errno == EINTR);
  saved = w == FIT_FILE ? 0 : (w < 0 ? errno : ENOSPC);
  if (close (fd) < 0 && saved == 0)
    saved = errno;
  if (saved == 0)
    return TRUE;
  unlinkat (dir_fd, name, 0);

failed:
  if (saved == ENOSPC || saved == EDQUOT)
    {
      *full = TRUE;
      return FALSE;
    }
  fsb_set_error_from_errno (error, saved, _("Cannot create"), name);
  return FALSE;
}

gboolean
fsb_files_fit (const char *mount_point, double time_limit, GCancellable *cancellable,
               FsbItemProgressFunc progress, gpointer progress_data,
               FsbFilesFit *fit, GError **error)
{
  g_autofree char *top = g_build_filename (mount_point, FSB_FIT_DIR, NULL);
  guint8 data[FIT_FILE];
  gint64 start = g_get_monotonic_time ();
  gboolean full = FALSE;
  guint64 files = 0, expected = 0, usable = 0, used = 0;
  int dir_fd = -1;

  memset (data, 0x5a, sizeof data);
  g_clear_pointer (&fit->limit, g_free);
  if (fsb_aging_usage (mount_point, &used, &usable, NULL))
    expected = (usable - used) / FIT_FILE;
  if (mkdir (top, 0755) < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot create the folder"), top);
      return FALSE;
    }

  while (!full)
    {
      char name[32];

      if (files % FIT_PER_DIR == 0)
        {
          g_autofree char *sub = g_strdup_printf ("%s/d%06" G_GUINT64_FORMAT, top, files / FIT_PER_DIR);

          if (dir_fd >= 0)
            close (dir_fd);
          dir_fd = -1;
          if (mkdir (sub, 0755) < 0)
            {
              if (errno == ENOSPC)
                break;
              fsb_set_error_from_errno (error, errno, _("Cannot create the folder"), sub);
              return FALSE;
            }
          dir_fd = open (sub, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
          if (dir_fd < 0)
            {
              fsb_set_error_from_errno (error, errno, _("Cannot open the folder"), sub);
              return FALSE;
            }
        }
      if (files % 256 == 0)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            {
              fsb_error_normalize (error);
              close (dir_fd);
              return FALSE;
            }
          if ((g_get_monotonic_time () - start) / 1e6 >= time_limit)
            {
              fit->limit = g_strdup ("time");
              break;
            }
          if (progress != NULL)
            progress (files, MAX (expected, files), progress_data);
        }
      g_snprintf (name, sizeof name, "f%07" G_GUINT64_FORMAT, files);
      if (fit_one (dir_fd, name, data, &full, error))
        files++;
      else if (!full)
        {
          close (dir_fd);
          return FALSE;
        }
    }
  if (dir_fd >= 0)
    close (dir_fd);
  if (fit->limit == NULL)
    fit->limit = g_strdup (which_limit (mount_point));
  /* what was written stays written: a later ENOSPC would not undo the count */
  fsb_sync_filesystem (mount_point, NULL);
  fit->files = files;
  fit->seconds = (g_get_monotonic_time () - start) / 1e6;
  return TRUE;
}
