/* fsb-mount-watch.c: the moment the kernel has mounted or unmounted a device */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib-unix.h>
#include <poll.h>
#include <unistd.h>

#include "fsb-mount-watch.h"
#include "fsb-mountinfo.h"

/* How often an unmount's end is looked for, once the mount is gone. */
#define RELEASE_STEP_MSEC 1

struct _FsbMountWatch {
  char    *device;
  dev_t    dev;
  gboolean mounting;
  int      mountinfo_fd;
  int      stop[2];       /* a byte written to stop[1] ends the thread */
  gint64   seen;
  GThread *thread;
};

static gboolean
is_mounted (dev_t dev)
{
  g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
  g_autoptr(GPtrArray) points = fsb_mountinfo_points_of (mounts, dev);

  return points->len > 0;
}

/* No filesystem holds the device any more. An exclusive open neither
 * writes nor leaves udev anything to see. */
static gboolean
is_released (const char *device)
{
  int fd = open (device, O_RDONLY | O_EXCL | O_CLOEXEC | O_NONBLOCK);

  if (fd < 0)
    return FALSE;
  close (fd);
  return TRUE;
}

static gpointer
watch_thread (gpointer data)
{
  FsbMountWatch *w = data;
  struct pollfd fds[2] = { { w->mountinfo_fd, POLLPRI, 0 }, { w->stop[0], POLLIN, 0 } };
  gboolean gone = FALSE;   /* unmounting: out of mountinfo */

  /* Ends when the caller stops it, right after its call returns. */
  for (;;)
    {
      gint64 now;

      if (poll (gone ? fds + 1 : fds, gone ? 1 : 2, gone ? RELEASE_STEP_MSEC : -1) < 0)
        {
          if (errno == EINTR)
            continue;
          break;
        }
      now = g_get_monotonic_time ();
      if (fds[1].revents != 0)
        break;
      if (gone)
        {
          if (is_released (w->device))
            {
              w->seen = now;
              break;
            }
          continue;
        }
      /* Any mount or unmount on the machine wakes us: is it ours? */
      if ((fds[0].revents & (POLLPRI | POLLERR)) == 0 || is_mounted (w->dev) != w->mounting)
        continue;
      if (w->mounting)
        {
          w->seen = now;
          break;
        }
      gone = TRUE;
      if (is_released (w->device))
        {
          w->seen = g_get_monotonic_time ();
          break;
        }
    }
  return NULL;
}

FsbMountWatch *
fsb_mount_watch_start (const char *device, gboolean mounting)
{
  FsbMountWatch *w = g_new0 (FsbMountWatch, 1);

  w->device = g_strdup (device);
  w->dev = fsb_device_number (device);
  w->mounting = mounting;
  w->stop[0] = w->stop[1] = -1;
  /* Opened here, before the call: poll reports every change after the
   * open, so none is missed while the thread starts. */
  w->mountinfo_fd = open ("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
  /* Mounted already (a stray mount), or not mounted: no moment to see. */
  if (w->dev == 0 || w->mountinfo_fd < 0 || is_mounted (w->dev) == mounting
      || !g_unix_open_pipe (w->stop, FD_CLOEXEC, NULL))
    return w;
  w->thread = g_thread_new ("mount-watch", watch_thread, w);
  return w;
}

gint64
fsb_mount_watch_finish (FsbMountWatch *w)
{
  gint64 seen;

  if (w == NULL)
    return 0;
  if (w->thread != NULL)
    {
      ssize_t written;

      do
        written = write (w->stop[1], "", 1);
      while (written < 0 && errno == EINTR);
      g_thread_join (w->thread);
    }
  for (guint i = 0; i < G_N_ELEMENTS (w->stop); i++)
    if (w->stop[i] >= 0)
      close (w->stop[i]);
  if (w->mountinfo_fd >= 0)
    close (w->mountinfo_fd);
  seen = w->seen;
  g_free (w->device);
  g_free (w);
  return seen;
}
