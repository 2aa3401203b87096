/* fsb-udisks.c: the process's one UDisksClient, and plain calls to udisksd */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>
#include <udisks/udisks.h>

#include "fsb-error.h"
#include "fsb-target.h"
#include "fsb-udisks.h"

static UDisksClient *the_client;
static char *the_client_error;

UDisksClient *
fsb_udisks_get_client (GError **error)
{
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      g_autoptr(GError) local_error = NULL;

      /* Registers the org.freedesktop.UDisks2.Error names with GDBus. */
      (void) udisks_error_quark ();
      the_client = udisks_client_new_sync (NULL, &local_error);
      if (the_client == NULL)
        the_client_error = g_strdup (local_error->message);
      g_once_init_leave (&once, 1);
    }

  if (the_client == NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
                   /* Translators: %s is the reason */
                   _("The udisks2 service is not available: %s"), the_client_error);
      return NULL;
    }
  return the_client;
}

static void
client_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  UDisksClient *client = fsb_udisks_get_client (&error);

  if (client != NULL)
    g_task_return_pointer (task, g_object_ref (client), g_object_unref);
  else
    g_task_return_error (task, error);
}

void
fsb_udisks_get_client_async (GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, fsb_udisks_get_client_async);
  /* The sync constructor, in a thread of its own: the client's object
   * manager still delivers its signals to the main context (the thread
   * pushes no context of its own). One client per process either way. */
  g_task_run_in_thread (task, client_thread);
}

UDisksClient *
fsb_udisks_get_client_finish (GAsyncResult *result, GError **error)
{
  g_autoptr(UDisksClient) client = NULL;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  client = g_task_propagate_pointer (G_TASK (result), error);
  /* transfer none, like fsb_udisks_get_client() */
  return client;
}

static GDBusConnection *
get_connection (GError **error)
{
  UDisksClient *client = fsb_udisks_get_client (error);
  GDBusObjectManager *manager;

  if (client == NULL)
    return NULL;
  manager = udisks_client_get_object_manager (client);
  return g_dbus_object_manager_client_get_connection (G_DBUS_OBJECT_MANAGER_CLIENT (manager));
}

GVariant *
fsb_udisks_call (const char          *object_path,
                 const char          *interface,
                 const char          *method,
                 GVariant            *parameters,
                 const GVariantType  *reply_type,
                 GUnixFDList         *fd_list,
                 int                  timeout_msec,
                 GCancellable        *cancellable,
                 GError             **error)
{
  GDBusConnection *connection = get_connection (error);

  if (connection == NULL)
    {
      if (parameters != NULL)
        g_variant_unref (g_variant_ref_sink (parameters));
      return NULL;
    }
  return g_dbus_connection_call_with_unix_fd_list_sync (connection, FSB_UDISKS_BUS_NAME,
                                                        object_path, interface, method,
                                                        parameters, reply_type,
                                                        G_DBUS_CALL_FLAGS_NONE, timeout_msec,
                                                        fd_list, NULL, cancellable, error);
}

GVariant *
fsb_udisks_get_property (const char  *object_path,
                         const char  *interface,
                         const char  *property,
                         GError     **error)
{
  g_autoptr(GVariant) reply = NULL;
  GVariant *value = NULL;

  reply = fsb_udisks_call (object_path, "org.freedesktop.DBus.Properties", "Get",
                           g_variant_new ("(ss)", interface, property),
                           G_VARIANT_TYPE ("(v)"), NULL, -1, NULL, error);
  if (reply == NULL)
    return NULL;
  g_variant_get (reply, "(v)", &value);
  return value;
}

char *
fsb_udisks_get_daemon_version (void)
{
  g_autoptr(GVariant) value = NULL;

  value = fsb_udisks_get_property (FSB_UDISKS_MANAGER_PATH, FSB_UDISKS_IFACE_MANAGER,
                                   "Version", NULL);
  if (value == NULL || !g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
    return NULL;
  return g_variant_dup_string (value, NULL);
}

gboolean
fsb_udisks_version_at_least (const char *version, guint major, guint minor)
{
  guint maj = 0, min = 0;

  if (version == NULL || sscanf (version, "%u.%u", &maj, &min) < 1)
    return FALSE;
  return maj > major || (maj == major && min >= minor);
}

GVariant *
fsb_udisks_options (gboolean force)
{
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);

  g_variant_builder_add (&builder, "{sv}", "auth.no_user_interaction",
                         g_variant_new_boolean (FALSE));
  if (force)
    g_variant_builder_add (&builder, "{sv}", "force", g_variant_new_boolean (TRUE));
  return g_variant_builder_end (&builder);
}

char *
fsb_udisks_object_path_for_device (const char *device)
{
  g_auto(GVariantBuilder) spec = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  g_autoptr(GVariant) reply = NULL;
  g_autofree const char **paths = NULL;

  g_variant_builder_add (&spec, "{sv}", "path", g_variant_new_string (device));
  reply = fsb_udisks_call (FSB_UDISKS_MANAGER_PATH, FSB_UDISKS_IFACE_MANAGER, "ResolveDevice",
                           g_variant_new ("(a{sv}a{sv})", &spec, NULL),
                           G_VARIANT_TYPE ("(ao)"), NULL, -1, NULL, NULL);
  if (reply == NULL)
    return NULL;
  g_variant_get (reply, "(^a&o)", &paths);
  return (paths != NULL && paths[0] != NULL) ? g_strdup (paths[0]) : NULL;
}

gboolean
fsb_udisks_unmount (const char *object_path, gboolean force, GError **error)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) local_error = NULL;

  reply = fsb_udisks_call (object_path, FSB_UDISKS_IFACE_FS, "Unmount",
                           g_variant_new ("(@a{sv})", fsb_udisks_options (force)),
                           NULL, NULL, G_MAXINT, NULL, &local_error);
  if (reply != NULL || g_error_matches (local_error, UDISKS_ERROR, UDISKS_ERROR_NOT_MOUNTED))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

GVariant *
fsb_udisks_get_objects (GError **error)
{
  g_autoptr(GVariant) reply = fsb_udisks_call ("/org/freedesktop/UDisks2", "org.freedesktop.DBus.ObjectManager",
                                               "GetManagedObjects", NULL, G_VARIANT_TYPE ("(a{oa{sa{sv}}})"),
                                               NULL, -1, NULL, error);

  return reply != NULL ? g_variant_get_child_value (reply, 0) : NULL;
}

GVariant *
fsb_udisks_prop (GVariant *ifaces, const char *iface, const char *name)
{
  g_autoptr(GVariant) props = ifaces != NULL ? g_variant_lookup_value (ifaces, iface, G_VARIANT_TYPE_VARDICT) : NULL;

  return props != NULL ? g_variant_lookup_value (props, name, NULL) : NULL;
}

gboolean
fsb_udisks_has_iface (GVariant *ifaces, const char *iface)
{
  g_autoptr(GVariant) props = ifaces != NULL ? g_variant_lookup_value (ifaces, iface, G_VARIANT_TYPE_VARDICT) : NULL;

  return props != NULL;
}

char *
fsb_udisks_prop_string (GVariant *ifaces, const char *iface, const char *name)
{
  g_autoptr(GVariant) v = fsb_udisks_prop (ifaces, iface, name);
  char *s = NULL;

  if (v != NULL && (g_variant_is_of_type (v, G_VARIANT_TYPE_STRING) || g_variant_is_of_type (v, G_VARIANT_TYPE_OBJECT_PATH)))
    s = g_variant_dup_string (v, NULL);
  else if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_BYTESTRING))
    s = g_variant_dup_bytestring (v, NULL);
  if (s != NULL && *s == '\0')
    g_clear_pointer (&s, g_free);
  return s;
}

guint64
fsb_udisks_prop_number (GVariant *ifaces, const char *iface, const char *name)
{
  g_autoptr(GVariant) v = fsb_udisks_prop (ifaces, iface, name);

  if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_UINT64))
    return g_variant_get_uint64 (v);
  if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_UINT32))
    return g_variant_get_uint32 (v);
  return 0;
}

gboolean
fsb_udisks_prop_true (GVariant *ifaces, const char *iface, const char *name)
{
  g_autoptr(GVariant) v = fsb_udisks_prop (ifaces, iface, name);

  return v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_BOOLEAN) && g_variant_get_boolean (v);
}

gboolean
fsb_udisks_prop_names_object (GVariant *ifaces, const char *iface, const char *name)
{
  g_autofree char *path = fsb_udisks_prop_string (ifaces, iface, name);

  return path != NULL && strcmp (path, "/") != 0;
}

gboolean
fsb_udisks_rescan (const char *object_path, GError **error)
{
  g_autoptr(GVariant) reply = NULL;

  reply = fsb_udisks_call (object_path, FSB_UDISKS_IFACE_BLOCK, "Rescan",
                           g_variant_new ("(@a{sv})", fsb_udisks_options (FALSE)),
                           NULL, NULL, G_MAXINT, NULL, error);
  return reply != NULL;
}

gboolean
fsb_udisks_loop_delete (const char *object_path, GError **error)
{
  g_autoptr(GVariant) reply = NULL;

  reply = fsb_udisks_call (object_path, FSB_UDISKS_IFACE_LOOP, "Delete",
                           g_variant_new ("(@a{sv})", fsb_udisks_options (FALSE)),
                           NULL, NULL, G_MAXINT, NULL, error);
  return reply != NULL;
}

static gboolean
is_not_authorized (const GError *error)
{
  g_autofree char *remote = NULL;

  if (error->domain == UDISKS_ERROR)
    return error->code == UDISKS_ERROR_NOT_AUTHORIZED
        || error->code == UDISKS_ERROR_NOT_AUTHORIZED_CAN_OBTAIN
        || error->code == UDISKS_ERROR_NOT_AUTHORIZED_DISMISSED;
  if (g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
    return TRUE;
  remote = g_dbus_error_get_remote_error (error);
  return remote != NULL && strstr (remote, "NotAuthorized") != NULL;
}

void
fsb_udisks_map_error (GError **error, const char *doing)
{
  GError *mapped;
  g_autofree char *detail = NULL;
  FsbErrorCode code = FSB_ERROR_FAILED;

  if (error == NULL || *error == NULL || (*error)->domain == FSB_ERROR)
    return;

  g_dbus_error_strip_remote_error (*error);
  detail = g_strdup ((*error)->message);

  if (g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
      || g_error_matches (*error, UDISKS_ERROR, UDISKS_ERROR_CANCELLED))
    code = FSB_ERROR_CANCELLED;
  else if (is_not_authorized (*error))
    code = FSB_ERROR_NOT_AUTHORIZED;
  else if (g_error_matches (*error, UDISKS_ERROR, UDISKS_ERROR_DEVICE_BUSY))
    code = FSB_ERROR_BUSY;
  else if (g_error_matches (*error, UDISKS_ERROR, UDISKS_ERROR_NOT_SUPPORTED)
           || g_error_matches (*error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN)
           || g_error_matches (*error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER))
    code = FSB_ERROR_UNSUPPORTED;   /* no udisksd on this system */

  if (code == FSB_ERROR_NOT_AUTHORIZED)
    /* Translators: %s says what was refused, e.g. "Could not format /dev/loop3" */
    mapped = g_error_new (FSB_ERROR, code,
                          /* Translators: %s is the action refused, “Format /dev/loop0” */
                          _("%s: not authorized. Your administrator’s policy does not allow "
                            "it, or the password prompt was dismissed."), doing);
  else
    mapped = g_error_new (FSB_ERROR, code, "%s: %s", doing, detail);

  g_clear_error (error);
  *error = mapped;
}
