/* fsb-fs-support.h: which filesystems can be formatted and mounted here, and why not */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <udisks/udisks.h>

G_BEGIN_DECLS

typedef struct {
  char     *name;          /* "ext4", "xfs", "btrfs", "f2fs", "jfs", ... */
  char     *display_name;  /* "ext4", "XFS", "Btrfs", "JFS", ... */
  char     *mkfs_tool;     /* "mkfs.xfs" */
  char     *package;       /* Debian package with the tool: "xfsprogs" */
  char     *mkfs_version;  /* "mkfs.xfs version 6.1.0", or NULL */
  gboolean  can_format;    /* udisks CanFormat and the tool is present */
  gboolean  can_mount;     /* /proc/filesystems, a loadable module or a FUSE helper */
  gboolean  usable;
  char     *reason;        /* translated, when !usable: "The running kernel cannot mount JFS" */
} FsbFsSupport;

#define FSB_TYPE_FS_SUPPORT (fsb_fs_support_get_type ())
GType         fsb_fs_support_get_type (void) G_GNUC_CONST;
FsbFsSupport *fsb_fs_support_copy     (const FsbFsSupport *support);
void          fsb_fs_support_free     (FsbFsSupport *support);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbFsSupport, fsb_fs_support_free)

/* The twelve known filesystems, in a fixed order. client may be NULL
 * (no udisksd): can_format then comes from the tool alone. */
GPtrArray    *fsb_fs_support_probe    (UDisksClient *client);   /* of FsbFsSupport* */
FsbFsSupport *fsb_fs_support_find     (GPtrArray *list, const char *name);
JsonNode     *fsb_fs_support_to_json  (const FsbFsSupport *support);

G_END_DECLS
