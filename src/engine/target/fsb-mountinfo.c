/* fsb-mountinfo.c: /proc/self/mountinfo and /sys/block, read the same way everywhere */
#include "config.h"

#include <fcntl.h>
#include <gio/gio.h>
#include <linux/loop.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "fsb-mountinfo.h"

void
fsb_mount_free (FsbMount *mount)
{
  if (mount == NULL)
    return;
  g_free (mount->mount_point);
  g_free (mount->fstype);
  g_free (mount->source);
  g_free (mount->options);
  g_free (mount);
}

/* mountinfo escapes space, tab, newline and backslash as \ooo. */
static char *
unescape (const char *s)
{
  GString *out = g_string_new (NULL);

  for (const char *p = s; *p != '\0'; p++)
    {
      if (p[0] == '\\' && g_ascii_isdigit (p[1]) && g_ascii_isdigit (p[2]) && g_ascii_isdigit (p[3]))
        {
          g_string_append_c (out, (char) ((p[1] - '0') * 64 + (p[2] - '0') * 8 + (p[3] - '0')));
          p += 3;
        }
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

GPtrArray *
fsb_mountinfo_read (void)
{
  GPtrArray *mounts = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_mount_free);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents ("/proc/self/mountinfo", &contents, NULL, NULL))
    return mounts;

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], " ", -1);
      guint n = g_strv_length (fields), sep;
      guint maj, min;
      FsbMount *mount;

      if (n < 10 || sscanf (fields[2], "%u:%u", &maj, &min) != 2)
        continue;
      for (sep = 6; sep < n && strcmp (fields[sep], "-") != 0; sep++)
        ;
      if (sep + 3 >= n)
        continue;

      mount = g_new0 (FsbMount, 1);
      mount->dev = makedev (maj, min);
      mount->mount_point = unescape (fields[4]);
      mount->fstype = unescape (fields[sep + 1]);
      mount->source = unescape (fields[sep + 2]);
      mount->options = g_strconcat (fields[5], ",", fields[sep + 3], NULL);
      g_ptr_array_add (mounts, mount);
    }
  return mounts;
}

gboolean
fsb_mountinfo_is_mount_point (const char *mount_point)
{
  g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();

  for (guint i = 0; i < mounts->len; i++)
    if (g_strcmp0 (((FsbMount *) g_ptr_array_index (mounts, i))->mount_point, mount_point) == 0)
      return TRUE;
  return FALSE;
}

FsbMount *
fsb_mountinfo_find_path (GPtrArray *mounts, const char *path)
{
  g_autofree char *real = realpath (path, NULL);
  FsbMount *best = NULL;
  gsize best_len = 0;

  if (real == NULL)
    return NULL;
  /* The longest mount point above path; of equal ones the last mounted,
   * which hides the others. Device numbers cannot decide: on btrfs,
   * st_dev names the subvolume, not the mount. */
  for (guint i = 0; i < mounts->len; i++)
    {
      FsbMount *m = g_ptr_array_index (mounts, i);
      gsize len = strlen (m->mount_point);
      gboolean above = strcmp (m->mount_point, "/") == 0
        || (g_str_has_prefix (real, m->mount_point) && (real[len] == '/' || real[len] == '\0'));

      if (above && len >= best_len)
        {
          best = m;
          best_len = len;
        }
    }
  return best;
}

GPtrArray *
fsb_mountinfo_points_of (GPtrArray *mounts, dev_t dev)
{
  GPtrArray *points = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < mounts->len; i++)
    {
      FsbMount *m = g_ptr_array_index (mounts, i);

      /* btrfs reports an anonymous device number: match the source too. */
      if (m->dev == dev
          || (g_str_has_prefix (m->source, "/dev/") && fsb_device_number (m->source) == dev))
        g_ptr_array_add (points, g_strdup (m->mount_point));
    }
  return points;
}

dev_t
fsb_device_number (const char *device)
{
  struct stat st;

  if (device == NULL || stat (device, &st) != 0 || !S_ISBLK (st.st_mode))
    return 0;
  return st.st_rdev;
}

/* What sysfs says, " (deleted)" and all. */
static char *
backing_file_raw (const char *loop_device)
{
  g_autofree char *base = g_path_get_basename (loop_device);
  g_autofree char *sys = g_build_filename ("/sys/block", base, "loop", "backing_file", NULL);
  char *contents = NULL;

  if (!g_file_get_contents (sys, &contents, NULL, NULL))
    return NULL;
  /* the name ends in one newline: a name may end in others */
  if (g_str_has_suffix (contents, "\n"))
    contents[strlen (contents) - 1] = '\0';
  return contents;
}

char *
fsb_loop_backing_file (const char *loop_device)
{
  char *contents = backing_file_raw (loop_device);

  if (contents != NULL && g_str_has_suffix (contents, " (deleted)"))
    contents[strlen (contents) - strlen (" (deleted)")] = '\0';
  return contents;
}

gboolean
fsb_loop_backing_inode (const char *loop_device, guint64 *dev, guint64 *ino)
{
  struct loop_info64 info = { 0 };
  int fd = open (loop_device, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  gboolean ok;

  if (fd < 0)
    return FALSE;
  ok = ioctl (fd, LOOP_GET_STATUS64, &info) == 0;
  close (fd);
  /* the kernel encodes lo_device as glibc's makedev does st_dev */
  *dev = info.lo_device;
  *ino = info.lo_inode;
  return ok;
}

gboolean
fsb_loop_is_backed_by (const char *loop_device, guint64 dev, guint64 ino, const char *path)
{
  g_autofree char *backing = backing_file_raw (loop_device);
  guint64 loop_dev, loop_ino;
  struct stat st;

  if (backing == NULL)
    return FALSE;   /* not bound */
  if (fsb_loop_backing_inode (loop_device, &loop_dev, &loop_ino))
    return loop_dev == dev && loop_ino == ino;
  if (!g_str_has_suffix (backing, " (deleted)"))
    return stat (backing, &st) == 0 && (guint64) st.st_dev == dev && (guint64) st.st_ino == ino;
  backing[strlen (backing) - strlen (" (deleted)")] = '\0';
  return path != NULL && strcmp (backing, path) == 0;
}

GPtrArray *
fsb_loops_of_image (guint64 dev, guint64 ino, const char *path)
{
  GPtrArray *loops = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open ("/sys/block", 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *device = NULL;

      if (!g_str_has_prefix (name, "loop"))
        continue;
      device = g_strconcat ("/dev/", name, NULL);
      if (fsb_loop_is_backed_by (device, dev, ino, path))
        g_ptr_array_add (loops, g_steal_pointer (&device));
    }
  return loops;
}

GPtrArray *
fsb_loops_of_file (const char *path)
{
  GPtrArray *loops = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open ("/sys/block", 0, NULL);
  const char *name;

  if (dir == NULL)
    return loops;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *device = NULL;
      g_autofree char *backing = NULL;

      if (!g_str_has_prefix (name, "loop"))
        continue;
      device = g_strconcat ("/dev/", name, NULL);
      backing = fsb_loop_backing_file (device);
      if (backing != NULL && strcmp (backing, path) == 0)
        g_ptr_array_add (loops, g_steal_pointer (&device));
    }
  return loops;
}
