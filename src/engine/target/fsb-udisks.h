/* fsb-udisks.h: plain D-Bus calls to udisksd, independent of the object manager (private) */
#pragma once

#include <gio/gio.h>
#include <gio/gunixfdlist.h>

G_BEGIN_DECLS

#define FSB_UDISKS_BUS_NAME      "org.freedesktop.UDisks2"
#define FSB_UDISKS_MANAGER_PATH  "/org/freedesktop/UDisks2/Manager"
#define FSB_UDISKS_IFACE_MANAGER "org.freedesktop.UDisks2.Manager"
#define FSB_UDISKS_IFACE_BLOCK   "org.freedesktop.UDisks2.Block"
#define FSB_UDISKS_IFACE_FS      "org.freedesktop.UDisks2.Filesystem"
#define FSB_UDISKS_IFACE_LOOP    "org.freedesktop.UDisks2.Loop"

/* A method call on udisksd. These work from any thread, with or without a
 * running main loop, because they never wait for the object manager's
 * cache. timeout_msec -1 is D-Bus's default; G_MAXINT waits for ever. */
GVariant *fsb_udisks_call             (const char          *object_path,
                                       const char          *interface,
                                       const char          *method,
                                       GVariant            *parameters,
                                       const GVariantType  *reply_type,
                                       GUnixFDList         *fd_list,
                                       int                  timeout_msec,
                                       GCancellable        *cancellable,
                                       GError             **error);
/* The current value of a property, read from the daemon (not a cache). */
GVariant *fsb_udisks_get_property     (const char          *object_path,
                                       const char          *interface,
                                       const char          *property,
                                       GError             **error);
/* "2.9.4"; NULL when udisksd does not answer. */
char     *fsb_udisks_get_daemon_version (void);
gboolean  fsb_udisks_version_at_least   (const char *version, guint major, guint minor);
/* The a{sv} options of every call we make: let polkit ask. */
GVariant *fsb_udisks_options          (gboolean force);
/* "/org/freedesktop/UDisks2/block_devices/sdb1" for "/dev/sdb1" */
char     *fsb_udisks_object_path_for_device (const char *device);
/* Unmount (force: lazily) and detach; NOT_MOUNTED counts as success. */
gboolean  fsb_udisks_unmount          (const char *object_path, gboolean force, GError **error);
gboolean  fsb_udisks_loop_delete      (const char *object_path, GError **error);
/* Block.Rescan: udisksd reads the device again (a "change" uevent) and
 * updates everything it says of it, its mount points among them. */
gboolean  fsb_udisks_rescan           (const char *object_path, GError **error);

/* Every object of udisksd with its interfaces and their properties, as
 * one GetManagedObjects reply (a{oa{sa{sv}}}): a snapshot a thread may
 * read, unlike the client's cache, which the main context changes. */
GVariant *fsb_udisks_get_objects      (GError **error);
/* Of one object's a{sa{sv}} (NULL: none): a property, or NULL. */
GVariant *fsb_udisks_prop             (GVariant *ifaces, const char *iface, const char *name);
gboolean  fsb_udisks_has_iface        (GVariant *ifaces, const char *iface);
/* A string, object path or byte string property; NULL if absent or "". */
char     *fsb_udisks_prop_string      (GVariant *ifaces, const char *iface, const char *name);
/* An unsigned number (t or u); 0 if absent. */
guint64   fsb_udisks_prop_number      (GVariant *ifaces, const char *iface, const char *name);
gboolean  fsb_udisks_prop_true        (GVariant *ifaces, const char *iface, const char *name);
/* A path property naming an object (not udisks' "/" for none). */
gboolean  fsb_udisks_prop_names_object (GVariant *ifaces, const char *iface, const char *name);

/* Turns a udisks or D-Bus error into FSB_ERROR, prefixed with what we
 * were doing ("Could not format /dev/loop3"). */
void      fsb_udisks_map_error        (GError **error, const char *doing);

G_END_DECLS
