/* fsb-mount-watch.h: the moment the kernel has mounted or unmounted a device (private) */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* udisks' Mount and Unmount return only after they have made udev and
 * udisksd re-read the device: a change event, a blkid probe and udisksd's
 * own probes, which last longer than many mounts. The kernel's work ends
 * earlier, and a watch started before the call sees when:
 * - a mount, when the kernel adds it to /proc/self/mountinfo (at the end
 *   of mount(2): the journal is replayed by then);
 * - an unmount, when the filesystem lets go of the device, which can then
 *   be opened exclusively (the kernel takes the mount out of mountinfo
 *   first, and writes the filesystem back after that). */
typedef struct _FsbMountWatch FsbMountWatch;

/* Starts watching device ("/dev/loop3") being mounted, or unmounted. */
FsbMountWatch *fsb_mount_watch_start  (const char *device,
                                       gboolean    mounting);
/* Stops and frees the watch (NULL: none): the monotonic time at which the
 * kernel was seen done, or 0 when it was not. */
gint64         fsb_mount_watch_finish (FsbMountWatch *watch);

G_END_DECLS
