/* fsb-fileops.c: copy, remove, list and search file trees with the system calls of cp, rm, ls and find */
#define _GNU_SOURCE
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <glib/gi18n-lib.h>
#include <grp.h>
#include <pwd.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-fileops.h"

void
fsb_file_ops_init (FsbFileOps *ops, GCancellable *cancellable,
                   FsbItemProgressFunc progress, gpointer progress_data, guint64 total)
{
  memset (ops, 0, sizeof *ops);
  ops->cancellable = cancellable;
  ops->progress = progress;
  ops->progress_data = progress_data;
  ops->total = total;
  ops->path = g_string_new (NULL);
}

void
fsb_file_ops_clear (FsbFileOps *ops)
{
  g_clear_pointer (&ops->buffer, g_free);
  if (ops->path != NULL)
    g_string_free (g_steal_pointer (&ops->path), TRUE);
}

void
fsb_set_error_from_errno (GError **error, int saved_errno, const char *what, const char *path)
{
  g_autofree char *display = g_filename_display_name (path != NULL ? path : "");

  /* what is already translated: "Cannot write", "Cannot delete", ... */
  g_set_error (error, FSB_ERROR,
               saved_errno == ENOSPC || saved_errno == EDQUOT ? FSB_ERROR_NO_SPACE : FSB_ERROR_FAILED,
               /* Translators: "Cannot write" (already translated), a file name, the system's reason */
               _("%s “%s”: %s"), what, display, g_strerror (saved_errno));
}

static gboolean
check_cancelled (FsbFileOps *ops, GError **error)
{
  if (g_cancellable_set_error_if_cancelled (ops->cancellable, error))
    {
      fsb_error_normalize (error);
      return TRUE;
    }
  return FALSE;
}

/* Progress at most 20 times a second: the callback crosses threads. */
static void
report_progress (FsbFileOps *ops)
{
  guint64 done = ops->progress_bytes ? ops->bytes : ops->files;
  gint64 now;

  if (ops->progress == NULL)
    return;
  now = g_get_monotonic_time ();
  if (now - ops->last_progress_us >= 50000 || done == ops->total)
    {
      ops->last_progress_us = now;
      ops->progress (done, ops->total, ops->progress_data);
    }
}

static void
report_file_done (FsbFileOps *ops)
{
  ops->files++;
  report_progress (ops);
}

/* Appends /name to ops->path and returns the old length, to restore. */
static gsize
path_push (FsbFileOps *ops, const char *name)
{
  gsize len = ops->path->len;

  if (len > 0)
    g_string_append_c (ops->path, '/');
  g_string_append (ops->path, name);
  return len;
}

static void
path_pop (FsbFileOps *ops, gsize len)
{
  g_string_truncate (ops->path, len);
}

static gboolean
write_all (int fd, const guint8 *buf, gsize len)
{
  while (len > 0)
    {
      ssize_t w = write (fd, buf, len);
      if (w < 0)
        {
          if (errno == EINTR)
            continue;
          return FALSE;
        }
      buf += w;
      len -= (gsize) w;
    }
  return TRUE;
}

/* Inside a tree nothing is followed: an entry read as a file or a folder
 * that became a symbolic link in the meantime (someone else's, planted
 * between readdir and open) is refused with ELOOP instead of read. Only the
 * name a caller gives is followed (the --source view links to the tree). */
#define NOFOLLOW(follow) ((follow) ? 0 : O_NOFOLLOW)

static gboolean
copy_file (FsbFileOps *ops,
           int src_dirfd, const char *src_name,
           int dst_dirfd, const char *dst_name,
           gboolean follow, GError **error)
{
  struct stat st;
  int in, out;
  gsize old = path_push (ops, src_name);
  gboolean ok = FALSE;

  if (ops->buffer == NULL)
    ops->buffer = g_malloc (FSB_COPY_BUFFER_SIZE);

  in = openat (src_dirfd, src_name, O_RDONLY | O_CLOEXEC | NOFOLLOW (follow));
  if (in < 0 || fstat (in, &st) < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot read"), ops->path->str);
      if (in >= 0)
        close (in);
      path_pop (ops, old);
      return FALSE;
    }
  /* Cold source: drop what an earlier read left in the page cache. */
  if (ops->drop_source_cache)
    posix_fadvise (in, 0, 0, POSIX_FADV_DONTNEED);
  posix_fadvise (in, 0, 0, POSIX_FADV_SEQUENTIAL);

  out = openat (dst_dirfd, dst_name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, st.st_mode & 07777);
  if (out < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot create"), dst_name);
      goto out;
    }

  for (;;)
    {
      ssize_t r;

      if (check_cancelled (ops, error))
        goto out;
      r = read (in, ops->buffer, FSB_COPY_BUFFER_SIZE);
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        {
          fsb_set_error_from_errno (error, errno, _("Cannot read"), ops->path->str);
          goto out;
        }
      if (r == 0)
        break;
      if (!write_all (out, ops->buffer, (gsize) r))
        {
          fsb_set_error_from_errno (error, errno, _("Cannot write"), dst_name);
          goto out;
        }
      ops->bytes += (guint64) r;
      if (ops->progress_bytes)
        report_progress (ops);
    }
  ok = TRUE;

out:
  if (out >= 0 && close (out) < 0 && ok)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot write"), dst_name);
      ok = FALSE;
    }
  close (in);
  path_pop (ops, old);
  if (ok)
    report_file_done (ops);
  return ok;
}

gboolean
fsb_copy_file_at (FsbFileOps *ops,
                  int src_dirfd, const char *src_name,
                  int dst_dirfd, const char *dst_name,
                  GError **error)
{
  return copy_file (ops, src_dirfd, src_name, dst_dirfd, dst_name, TRUE, error);
}

typedef struct {
  char         *name;
  unsigned char type;
} Entry;

static void
entry_clear (gpointer p)
{
  g_free (((Entry *) p)->name);
}

/* Reads a whole folder before anything in it changes, as fts does. */
static GArray *
read_entries (int parent_fd, const char *name, gboolean follow, int *fd_out, FsbFileOps *ops, GError **error)
{
  GArray *entries;
  struct dirent *d;
  DIR *dir;
  int fd;

  fd = openat (parent_fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | NOFOLLOW (follow));
  if (fd < 0 || (dir = fdopendir (fd)) == NULL)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot open the folder"), ops->path->str);
      if (fd >= 0)
        close (fd);
      return NULL;
    }
  entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  g_array_set_clear_func (entries, entry_clear);
  errno = 0;
  while ((d = readdir (dir)) != NULL)
    {
      Entry e;

      if (strcmp (d->d_name, ".") == 0 || strcmp (d->d_name, "..") == 0)
        continue;
      e.name = g_strdup (d->d_name);
      e.type = d->d_type;
      g_array_append_val (entries, e);
    }
  /* Keep a descriptor of the folder for the *at calls. */
  *fd_out = dup (dirfd (dir));
  closedir (dir);
  return entries;
}

static unsigned char
entry_type (int dirfd, const Entry *e)
{
  struct stat st;

  if (e->type != DT_UNKNOWN)
    return e->type;
  if (fstatat (dirfd, e->name, &st, AT_SYMLINK_NOFOLLOW) < 0)
    return DT_UNKNOWN;
  if (S_ISDIR (st.st_mode))
    return DT_DIR;
  if (S_ISREG (st.st_mode))
    return DT_REG;
  if (S_ISLNK (st.st_mode))
    return DT_LNK;
  return DT_UNKNOWN;
}

static gboolean
copy_tree (FsbFileOps *ops,
           int src_dirfd, const char *src_name,
           int dst_dirfd, const char *dst_name,
           gboolean follow, GError **error)
{
  g_autoptr(GArray) entries = NULL;
  struct stat st;
  int src_fd = -1, dst_fd = -1;
  gsize old = path_push (ops, src_name);
  gboolean ok = FALSE;

  if (check_cancelled (ops, error))
    goto out;
  entries = read_entries (src_dirfd, src_name, follow, &src_fd, ops, error);
  if (entries == NULL)
    goto out;
  if (fstat (src_fd, &st) < 0)
    st.st_mode = 0755;
  if (mkdirat (dst_dirfd, dst_name, (st.st_mode & 07777) | 0700) < 0 ||
      (dst_fd = openat (dst_dirfd, dst_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)) < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot create the folder"), dst_name);
      goto out;
    }
  ops->dirs++;

  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);

      switch (entry_type (src_fd, e))
        {
        case DT_DIR:
          if (!copy_tree (ops, src_fd, e->name, dst_fd, e->name, FALSE, error))
            goto out;
          break;
        case DT_REG:
          if (!copy_file (ops, src_fd, e->name, dst_fd, e->name, FALSE, error))
            goto out;
          break;
        case DT_LNK:
          {
            char target[4096];
            ssize_t n = readlinkat (src_fd, e->name, target, sizeof target - 1);

            if (n < 0)
              break;
            target[n] = '\0';
            if (symlinkat (target, dst_fd, e->name) < 0)
              {
                fsb_set_error_from_errno (error, errno, _("Cannot create"), e->name);
                goto out;
              }
            report_file_done (ops);
          }
          break;
        default:
          /* Devices, sockets and pipes are not data: cp -r would copy
           * the device node, which a benchmark has no use for. */
          break;
        }
    }
  ok = TRUE;

out:
  if (src_fd >= 0)
    close (src_fd);
  if (dst_fd >= 0)
    close (dst_fd);
  path_pop (ops, old);
  return ok;
}

gboolean
fsb_copy_tree_at (FsbFileOps *ops,
                  int src_dirfd, const char *src_name,
                  int dst_dirfd, const char *dst_name,
                  GError **error)
{
  return copy_tree (ops, src_dirfd, src_name, dst_dirfd, dst_name, TRUE, error);
}

gboolean
fsb_remove_tree_at (FsbFileOps *ops, int dirfd, const char *name, GError **error)
{
  g_autoptr(GArray) entries = NULL;
  g_autoptr(GError) local = NULL;
  int fd = -1;
  gsize old;
  gboolean ok = FALSE;

  /* A file, or nothing at all. */
  if (unlinkat (dirfd, name, 0) == 0)
    {
      report_file_done (ops);
      return TRUE;
    }
  if (errno == ENOENT)
    return TRUE;
  if (errno != EISDIR && errno != EPERM)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot delete"), name);
      return FALSE;
    }

  old = path_push (ops, name);
  if (check_cancelled (ops, error))
    goto out;
  /* A folder that became a link since unlinkat is not entered. */
  entries = read_entries (dirfd, name, FALSE, &fd, ops, error);
  if (entries == NULL)
    goto out;
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);

      if (e->type == DT_DIR)
        {
          if (!fsb_remove_tree_at (ops, fd, e->name, error))
            goto out;
        }
      else if (unlinkat (fd, e->name, 0) == 0)
        report_file_done (ops);
      else if ((errno == EISDIR || errno == EPERM) && e->type == DT_UNKNOWN)
        {
          if (!fsb_remove_tree_at (ops, fd, e->name, error))
            goto out;
        }
      else if (errno != ENOENT)
        {
          fsb_set_error_from_errno (error, errno, _("Cannot delete"), e->name);
          goto out;
        }
      if ((i & 63) == 63 && check_cancelled (ops, error))
        goto out;
    }
  close (fd);
  fd = -1;
  if (unlinkat (dirfd, name, AT_REMOVEDIR) < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot delete the folder"), ops->path->str);
      goto out;
    }
  ops->dirs++;
  ok = TRUE;

out:
  if (fd >= 0)
    close (fd);
  path_pop (ops, old);
  return ok;
}

gboolean
fsb_empty_dir_at (FsbFileOps *ops, int dirfd, GError **error)
{
  g_autoptr(GArray) entries = NULL;
  int fd = -1;
  gboolean ok = TRUE;

  entries = read_entries (dirfd, ".", FALSE, &fd, ops, error);
  if (entries == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len && ok; i++)
    ok = fsb_remove_tree_at (ops, fd, g_array_index (entries, Entry, i).name, error);
  close (fd);
  return ok;
}

/* ls -lR ------------------------------------------------------------------ */

typedef struct {
  GString    *out;
  int         out_fd;
  GHashTable *users;    /* uid → name */
  GHashTable *groups;   /* gid → name */
  time_t      now;
} Listing;

static const char *
id_name (GHashTable *cache, guint id, gboolean group)
{
  const char *name = g_hash_table_lookup (cache, GUINT_TO_POINTER (id));

  if (name == NULL)
    {
      char buf[4096];
      char *found = NULL;

      if (group)
        {
          struct group gr, *res = NULL;
          if (getgrgid_r (id, &gr, buf, sizeof buf, &res) == 0 && res != NULL)
            found = g_strdup (gr.gr_name);
        }
      else
        {
          struct passwd pw, *res = NULL;
          if (getpwuid_r (id, &pw, buf, sizeof buf, &res) == 0 && res != NULL)
            found = g_strdup (pw.pw_name);
        }
      if (found == NULL)
        found = g_strdup_printf ("%u", id);
      g_hash_table_insert (cache, GUINT_TO_POINTER (id), found);
      name = found;
    }
  return name;
}

static void
mode_string (mode_t mode, char out[11])
{
  const char *rwx = "rwxrwxrwx";

  out[0] = S_ISDIR (mode) ? 'd' : S_ISLNK (mode) ? 'l' : S_ISCHR (mode) ? 'c' :
           S_ISBLK (mode) ? 'b' : S_ISFIFO (mode) ? 'p' : S_ISSOCK (mode) ? 's' : '-';
  for (int i = 0; i < 9; i++)
    out[i + 1] = (mode & (1 << (8 - i))) ? rwx[i] : '-';
  out[10] = '\0';
}

static gboolean
listing_flush (Listing *l, gboolean force, GError **error)
{
  if (l->out->len < 65536 && !force)
    return TRUE;
  if (!write_all (l->out_fd, (const guint8 *) l->out->str, l->out->len))
    {
      fsb_set_error_from_errno (error, errno, _("Cannot write"), _("the listing"));
      return FALSE;
    }
  g_string_truncate (l->out, 0);
  return TRUE;
}

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  return strcmp (((const Entry *) a)->name, ((const Entry *) b)->name);
}

static gboolean
list_dir (FsbFileOps *ops, Listing *l, int dirfd, const char *name, gboolean follow, GError **error)
{
  g_autoptr(GArray) entries = NULL;
  g_autofree struct stat *stats = NULL;
  guint64 blocks = 0;
  int w_links = 0, w_size = 0, w_user = 0, w_group = 0;
  int fd = -1;
  gsize old = path_push (ops, name);
  gboolean ok = FALSE;

  if (check_cancelled (ops, error))
    goto out;
  entries = read_entries (dirfd, name, follow, &fd, ops, error);
  if (entries == NULL)
    goto out;
  g_array_sort (entries, compare_entries);
  stats = g_new0 (struct stat, entries->len);
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      if (fstatat (fd, e->name, &stats[i], AT_SYMLINK_NOFOLLOW) < 0)
        {
          fsb_set_error_from_errno (error, errno, _("Cannot read the metadata of"), e->name);
          goto out;
        }
      blocks += (guint64) stats[i].st_blocks;
    }

  /* Columns as wide as this folder needs, as ls pads them. */
  for (guint i = 0; i < entries->len; i++)
    {
      char num[32];

      w_links = MAX (w_links, g_snprintf (num, sizeof num, "%lu", (gulong) stats[i].st_nlink));
      w_size = MAX (w_size, g_snprintf (num, sizeof num, "%" G_GUINT64_FORMAT, (guint64) stats[i].st_size));
      w_user = MAX (w_user, (int) strlen (id_name (l->users, stats[i].st_uid, FALSE)));
      w_group = MAX (w_group, (int) strlen (id_name (l->groups, stats[i].st_gid, TRUE)));
    }

  g_string_append_printf (l->out, "%s%s:\ntotal %" G_GUINT64_FORMAT "\n",
                          ops->dirs > 0 ? "\n" : "", ops->path->str, blocks / 2);
  ops->dirs++;
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      const struct stat *st = &stats[i];
      char mode[11], date[32];
      struct tm tm;

      mode_string (st->st_mode, mode);
      localtime_r (&st->st_mtime, &tm);
      /* ls shows the year instead of the time for files older than half a year. */
      if (l->now - st->st_mtime > 15778476 || st->st_mtime > l->now + 3600)
        strftime (date, sizeof date, "%b %e  %Y", &tm);
      else
        strftime (date, sizeof date, "%b %e %H:%M", &tm);
      g_string_append_printf (l->out, "%s %*lu %-*s %-*s %*" G_GUINT64_FORMAT " %s %s",
                              mode, w_links, (gulong) st->st_nlink,
                              w_user, id_name (l->users, st->st_uid, FALSE),
                              w_group, id_name (l->groups, st->st_gid, TRUE),
                              w_size, (guint64) st->st_size, date, e->name);
      if (S_ISLNK (st->st_mode))
        {
          char target[4096];
          ssize_t n = readlinkat (fd, e->name, target, sizeof target - 1);
          if (n >= 0)
            {
              target[n] = '\0';
              g_string_append_printf (l->out, " -> %s", target);
            }
        }
      g_string_append_c (l->out, '\n');
      if (!S_ISDIR (st->st_mode))
        report_file_done (ops);
      if (!listing_flush (l, FALSE, error))
        goto out;
    }

  for (guint i = 0; i < entries->len; i++)
    if (S_ISDIR (stats[i].st_mode) &&
        !list_dir (ops, l, fd, g_array_index (entries, Entry, i).name, FALSE, error))
      goto out;
  ok = TRUE;

out:
  if (fd >= 0)
    close (fd);
  path_pop (ops, old);
  return ok;
}

gboolean
fsb_list_tree_at (FsbFileOps *ops, int dirfd, const char *name, int out_fd, GError **error)
{
  Listing l = { 0 };
  gboolean ok;

  l.out = g_string_sized_new (65536 + 4096);
  l.out_fd = out_fd;
  l.users = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  l.groups = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  l.now = time (NULL);

  ok = list_dir (ops, &l, dirfd, name, TRUE, error) && listing_flush (&l, TRUE, error);
  g_string_free (l.out, TRUE);
  g_hash_table_unref (l.users);
  g_hash_table_unref (l.groups);
  return ok;
}

/* find -name -------------------------------------------------------------- */

static gboolean
find_dir (FsbFileOps *ops, int dirfd, const char *name, const char *pattern, gboolean follow, GError **error)
{
  g_autoptr(GArray) entries = NULL;
  int fd = -1;
  gsize old = path_push (ops, name);
  gboolean ok = FALSE;

  if (check_cancelled (ops, error))
    goto out;
  entries = read_entries (dirfd, name, follow, &fd, ops, error);
  if (entries == NULL)
    goto out;
  ops->dirs++;
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);

      /* find tests the name from the directory entry: no stat needed. */
      if (fnmatch (pattern, e->name, 0) == 0)
        report_file_done (ops);
      if (entry_type (fd, e) == DT_DIR && !find_dir (ops, fd, e->name, pattern, FALSE, error))
        goto out;
    }
  ok = TRUE;

out:
  if (fd >= 0)
    close (fd);
  path_pop (ops, old);
  return ok;
}

gboolean
fsb_find_in_tree_at (FsbFileOps *ops, int dirfd, const char *name,
                     const char *pattern, GError **error)
{
  if (fnmatch (pattern, name, 0) == 0)
    report_file_done (ops);
  return find_dir (ops, dirfd, name, pattern, TRUE, error);
}

gboolean
fsb_sync_filesystem (const char *path, GError **error)
{
  int fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd < 0 || syncfs (fd) < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot flush"), path);
      if (fd >= 0)
        close (fd);
      return FALSE;
    }
  close (fd);
  return TRUE;
}
