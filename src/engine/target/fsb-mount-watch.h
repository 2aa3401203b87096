/* fsb-mount-watch.h: the moment the kernel shows a device mounted (private) */
#pragma once

#include <glib.h>
#include <sys/types.h>

G_BEGIN_DECLS

/* udisks' Mount returns only after it has made udev and itself re-read
 * the device: a change event, a blkid probe and its own probes, which
 * last longer than many mounts. The mount itself ends when the kernel adds
 * it to /proc/self/mountinfo, which a watch started before the call sees.
 * (Not so for unmounting: the kernel takes the mount out of mountinfo
 * before it writes the filesystem back.) */
typedef struct _FsbMountWatch FsbMountWatch;

/* Starts watching for a mount of the device dev. */
FsbMountWatch *fsb_mount_watch_start  (dev_t dev);
/* Stops and frees the watch: the monotonic time at which dev was first
 * seen mounted, or 0 when it was not. */
gint64         fsb_mount_watch_finish (FsbMountWatch *watch);

G_END_DECLS
