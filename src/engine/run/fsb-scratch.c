/* fsb-scratch.c: the runner's scratch folders: where they go, their name,
 * and reclaiming those of killed runs
 *
 * A run copies data off the target into a scratch folder, in /dev/shm
 * when it fits: a run that is killed (SIGKILL, a crash, a power cut of the
 * session) leaves it there, up to a few hundred megabytes of RAM that
 * nothing else would ever give back. The name says which process made
 * it; /proc says whether that process still runs, and since when. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <linux/magic.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-scratch.h"
#include "fsb-target-state.h"

/* A pid reused within this many seconds of the folder's last change is
 * taken for its maker: such a folder waits for the next start. */
#define SAME_PROCESS_MARGIN_S 2.0

static const char *
override_dir (void)
{
  const char *dir = g_getenv ("FSBENCH_SCRATCH_DIR");

  return dir != NULL && dir[0] != '\0' ? dir : NULL;
}

static char *
cache_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "fsbench", NULL);
}

char *
fsb_scratch_parent (guint64 needed_bytes)
{
  struct statfs fs;
  struct statvfs vfs;
  long pages = sysconf (_SC_PHYS_PAGES), page = sysconf (_SC_PAGESIZE);
  guint64 ram = pages > 0 && page > 0 ? (guint64) pages * page : 0;

  if (override_dir () != NULL)
    return g_strdup (override_dir ());
  if (statfs ("/dev/shm", &fs) == 0 && fs.f_type == TMPFS_MAGIC &&
      statvfs ("/dev/shm", &vfs) == 0 && access ("/dev/shm", W_OK) == 0 &&
      (guint64) vfs.f_bavail * vfs.f_frsize >= 2 * needed_bytes && needed_bytes <= ram / 4)
    return g_strdup ("/dev/shm");
  return cache_dir ();
}

char **
fsb_scratch_parents (void)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **parents;

  if (override_dir () != NULL)
    g_strv_builder_add (builder, override_dir ());
  else
    {
      g_autofree char *cache = cache_dir ();

      g_strv_builder_add (builder, "/dev/shm");
      g_strv_builder_add (builder, cache);
    }
  parents = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return parents;
}

char *
fsb_scratch_template (void)
{
  return g_strdup_printf (FSB_SCRATCH_PREFIX "%d-XXXXXX", (int) getpid ());
}

gboolean
fsb_scratch_parse_name (const char *name, int *pid)
{
  const char *p;
  guint64 value = 0;
  guint digits = 0;

  if (name == NULL || !g_str_has_prefix (name, FSB_SCRATCH_PREFIX))
    return FALSE;
  p = name + strlen (FSB_SCRATCH_PREFIX);
  if (*p == '0')
    return FALSE;   /* printf ("%d") writes no leading zero */
  for (; g_ascii_isdigit (*p) && digits < 10; p++, digits++)
    value = value * 10 + (guint64) (*p - '0');
  if (digits == 0 || value > G_MAXINT || *p != '-')
    return FALSE;
  p++;
  /* g_mkdtemp's six letters and digits, and nothing after them */
  for (guint i = 0; i < 6; i++)
    if (!g_ascii_isalnum (p[i]))
      return FALSE;
  if (p[6] != '\0')
    return FALSE;
  if (pid != NULL)
    *pid = (int) value;
  return TRUE;
}

/* The rules --------------------------------------------------------------- */

static double
timespec_s (const struct timespec *ts)
{
  return (double) ts->tv_sec + (double) ts->tv_nsec * 1e-9;
}

/* When a process that started ticks after boot started, by the wall clock
 * (the clock the folder's times are in). */
static double
started_at (guint64 ticks)
{
  struct timespec boot, real;
  long hz = sysconf (_SC_CLK_TCK);

  clock_gettime (CLOCK_BOOTTIME, &boot);
  clock_gettime (CLOCK_REALTIME, &real);
  return timespec_s (&real) - (timespec_s (&boot) - (double) ticks / (double) (hz > 0 ? hz : 100));
}

/* Whether process pid has the folder open: the runner keeps its scratch
 * folder open from its creation to its removal. This holds even when the
 * clock was set forward since the folder was made. */
static gboolean
holds_open (int pid, const struct stat *folder)
{
  g_autofree char *fd_path = g_strdup_printf ("/proc/%d/fd", pid);
  g_autoptr(GDir) dir = g_dir_open (fd_path, 0, NULL);
  const char *name;

  /* Another user's process (we may not look) cannot be a run of ours. */
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fd_path, name, NULL);
      struct stat st;

      if (stat (path, &st) == 0 && st.st_dev == folder->st_dev && st.st_ino == folder->st_ino)
        return TRUE;
    }
  return FALSE;
}

/* A folder made (last changed, at the latest) by pid that no longer runs:
 * no process pid, or one that started after the folder was last changed
 * (a later process that was given the same pid) and does not hold it. */
static gboolean
is_dead_run (int pid, const struct stat *folder)
{
  guint64 ticks = fsb_process_start_time (pid);
  double changed;

  if (ticks == 0)
    return TRUE;
  /* The folder was made no later than either time; mtime is what touch
   * sets back, ctime what it cannot. */
  changed = MIN (timespec_s (&folder->st_mtim), timespec_s (&folder->st_ctim));
  return started_at (ticks) > changed + SAME_PROCESS_MARGIN_S && !holds_open (pid, folder);
}

/* Another machine may run a run of its own in a shared home's cache. */
static gboolean
is_network_filesystem (int fd)
{
  static const gint64 remote[] = {
    NFS_SUPER_MAGIC, SMB_SUPER_MAGIC, 0xFF534D42 /* cifs */, 0xFE534D42 /* smb2 */, AFS_SUPER_MAGIC,
    CODA_SUPER_MAGIC, 0x00C36400 /* ceph */, V9FS_MAGIC, 0x65735546 /* fuse: sshfs, … */,
    0x01161970 /* gfs2 */, 0x7461636F /* ocfs2 */,
  };
  struct statfs fs;

  if (fstatfs (fd, &fs) != 0)
    return TRUE;   /* cannot tell: leave it */
  for (guint i = 0; i < G_N_ELEMENTS (remote); i++)
    if ((gint64) (guint32) fs.f_type == remote[i])
      return TRUE;
  return FALSE;
}

/* Reclaiming -------------------------------------------------------------- */

/* The room a tree took: the blocks of everything below dir_fd, links and
 * folders included, none of them followed. */
static guint64
usage_at (int dir_fd, guint depth)
{
  guint64 bytes = 0;
  DIR *dir;
  struct dirent *e;
  int fd = dup (dir_fd);

  if (fd < 0 || (dir = fdopendir (fd)) == NULL)
    {
      if (fd >= 0)
        close (fd);
      return 0;
    }
  rewinddir (dir);
  while ((e = readdir (dir)) != NULL)
    {
      struct stat st;

      if (strcmp (e->d_name, ".") == 0 || strcmp (e->d_name, "..") == 0
          || fstatat (dir_fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        continue;
      bytes += (guint64) st.st_blocks * 512;
      if (S_ISDIR (st.st_mode) && depth < 256)
        {
          int sub = openat (dir_fd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

          if (sub >= 0)
            {
              bytes += usage_at (sub, depth + 1);
              close (sub);
            }
        }
    }
  closedir (dir);
  return bytes;
}

/* Deletes the folder name of parent_fd if it is a dead run's scratch
 * folder of ours: TRUE when deleted, bytes increased by its room. */
static gboolean
reclaim_one (int parent_fd, const char *parent, const char *name, guint64 *bytes,
             GCancellable *cancellable, GError **error)
{
  struct stat before, st;
  FsbFileOps ops;
  guint64 room;
  gboolean ok;
  int pid = 0;
  int fd;

  if (!fsb_scratch_parse_name (name, &pid)
      || fstatat (parent_fd, name, &before, AT_SYMLINK_NOFOLLOW) != 0
      || !S_ISDIR (before.st_mode) || before.st_uid != geteuid ())
    return FALSE;
  fd = openat (parent_fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return FALSE;
  /* still the folder looked at, and still nobody's run */
  if (fstat (fd, &st) != 0 || st.st_dev != before.st_dev || st.st_ino != before.st_ino
      || st.st_uid != geteuid () || !is_dead_run (pid, &st))
    {
      close (fd);
      return FALSE;
    }

  room = usage_at (fd, 0) + (guint64) st.st_blocks * 512;
  fsb_file_ops_init (&ops, cancellable, NULL, NULL, 0);
  ok = fsb_empty_dir_at (&ops, fd, error);
  fsb_file_ops_clear (&ops);
  close (fd);
  if (ok && unlinkat (parent_fd, name, AT_REMOVEDIR) != 0)
    {
      g_autofree char *path = g_build_filename (parent, name, NULL);

      /* Translators: a file or folder, then the system’s reason */
      fsb_set_error_from_errno (error, errno, _("Cannot delete the folder “%s”: %s"), path);
      ok = FALSE;
    }
  if (ok)
    {
      g_debug ("Reclaimed %s/%s (%" G_GUINT64_FORMAT " bytes)", parent, name, room);
      *bytes += room;
    }
  return ok;
}

static guint
reclaim_in (const char *parent, guint64 *bytes, GCancellable *cancellable, GError **error)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint n = 0;
  int parent_fd = open (parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (parent_fd < 0)
    return 0;
  if (is_network_filesystem (parent_fd) || (dir = g_dir_open (parent, 0, NULL)) == NULL)
    {
      close (parent_fd);
      return 0;
    }
  while ((name = g_dir_read_name (dir)) != NULL && !g_cancellable_is_cancelled (cancellable))
    {
      g_autoptr(GError) local_error = NULL;

      if (!g_str_has_prefix (name, FSB_SCRATCH_PREFIX))
        continue;
      if (reclaim_one (parent_fd, parent, name, bytes, cancellable, &local_error))
        n++;
      else if (local_error != NULL)
        {
          if (error != NULL && *error == NULL)
            g_propagate_error (error, g_steal_pointer (&local_error));
          else
            g_debug ("%s", local_error->message);
        }
    }
  close (parent_fd);
  return n;
}

guint
fsb_scratch_reclaim (const char *const *parents, guint64 *bytes, GCancellable *cancellable, GError **error)
{
  g_auto(GStrv) defaults = NULL;
  guint64 room = 0;
  guint n = 0;

  /* Without /proc nothing tells a live run from a dead one. */
  if (!g_file_test ("/proc/self/stat", G_FILE_TEST_EXISTS))
    return 0;
  if (parents == NULL)
    parents = (const char *const *) (defaults = fsb_scratch_parents ());
  for (guint i = 0; parents[i] != NULL; i++)
    {
      /* the same folder twice (a cache dir in /dev/shm) counts once */
      gboolean seen = FALSE;

      for (guint j = 0; j < i; j++)
        seen |= g_strcmp0 (parents[i], parents[j]) == 0;
      if (!seen)
        n += reclaim_in (parents[i], &room, cancellable, error);
    }
  if (bytes != NULL)
    *bytes = room;
  return n;
}
