/* fsb-mountinfo.h: /proc/self/mountinfo and /sys/block, read the same way everywhere (private) */
#pragma once

#include <glib.h>
#include <sys/types.h>

G_BEGIN_DECLS

typedef struct {
  dev_t  dev;           /* major:minor of the mounted device */
  char  *mount_point;   /* unescaped */
  char  *fstype;
  char  *source;        /* "/dev/vda", "tmpfs" */
  char  *options;       /* per-mount options, then superblock options */
} FsbMount;

void       fsb_mount_free          (FsbMount *mount);
GPtrArray *fsb_mountinfo_read      (void);                       /* of FsbMount* */
/* TRUE when something is mounted at mount_point now. */
gboolean   fsb_mountinfo_is_mount_point (const char *mount_point);
/* The mount holding path (an existing file or folder), or NULL. */
FsbMount  *fsb_mountinfo_find_path (GPtrArray *mounts, const char *path);
/* Every mount point of the device dev, in mount order. */
GPtrArray *fsb_mountinfo_points_of (GPtrArray *mounts, dev_t dev);   /* of char* */
/* st_rdev of a device node, 0 when it is not one. */
dev_t      fsb_device_number       (const char *device);
/* The image behind a loop device ("/dev/loop3"), without " (deleted)"; NULL if unbound. */
char      *fsb_loop_backing_file   (const char *loop_device);
/* Loop devices ("/dev/loopN") whose backing file is path. */
GPtrArray *fsb_loops_of_file       (const char *path);             /* of char* */
/* The file backing a loop device, as stat gives its st_dev and st_ino
 * (LOOP_GET_STATUS64): only where this process may open the device. */
gboolean   fsb_loop_backing_inode  (const char *loop_device, guint64 *dev, guint64 *ino);
/* TRUE when the kernel backs loop_device with the file dev:ino: by its
 * inode where the device can be opened, else by the file its backing path
 * names now (sysfs follows a rename); a backing file deleted, whose inode
 * cannot be read then, by its former name, path. */
gboolean   fsb_loop_is_backed_by   (const char *loop_device, guint64 dev, guint64 ino, const char *path);
/* Loop devices backed by the file dev:ino, as fsb_loop_is_backed_by says. */
GPtrArray *fsb_loops_of_image      (guint64 dev, guint64 ino, const char *path);   /* of char* */

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbMount, fsb_mount_free)

G_END_DECLS
