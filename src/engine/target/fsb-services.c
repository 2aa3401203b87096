/* fsb-services.c: are the system services FS Bench needs there, and do they answer?
 *
 * One diagnosis for both fronts, before anything touches a disk: the
 * window shows it in its info bar, the CLI prints it and exits with 2.
 * Without it the user would meet a raw D-Bus error, or a run that hangs
 * until "Timed out waiting for object" (udisks2 without udev). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "fsb-error.h"
#include "fsb-services.h"

#define DBUS_NAME "org.freedesktop.DBus"
#define UDISKS_NAME "org.freedesktop.UDisks2"
#define POLKIT_NAME "org.freedesktop.PolicyKit1"
#define UDEV_CONTROL "/run/udev/control"
/* A running service answers at once; one the bus must start gets longer. */
#define PING_MSEC 5000
#define START_MSEC 15000

typedef struct {
  FsbService  service;
  const char *bus_name;
  const char *missing;      /* what happened, when the name is nowhere */
  const char *silent;       /* what happened, when it does not answer */
  const char *advice_missing;
  const char *advice_silent;
} ServiceInfo;

static const ServiceInfo services[] = {
  { FSB_SERVICE_SYSTEM_BUS, NULL,
    N_("The system message bus (D-Bus) is not running."),
    N_("The system message bus (D-Bus) does not answer."),
    N_("Start it (sudo systemctl start dbus), then start FS Bench again."),
    N_("Restart the computer, then start FS Bench again.") },
  { FSB_SERVICE_UDISKS, UDISKS_NAME,
    N_("The disk service udisks2 is not installed or not running."),
    N_("The disk service udisks2 does not answer."),
    N_("Install the udisks2 package and start it (sudo systemctl start udisks2), then try again."),
    N_("Restart it (sudo systemctl restart udisks2), then try again.") },
  { FSB_SERVICE_POLKIT, POLKIT_NAME,
    N_("The authorization service polkit is not installed or not running."),
    N_("The authorization service polkit does not answer."),
    N_("Install the polkitd package and start it (sudo systemctl start polkit), then try again."),
    N_("Restart it (sudo systemctl restart polkit), then try again.") },
  { FSB_SERVICE_UDEV, NULL,
    N_("The device manager udev is not running, so udisks2 cannot see new disk images."),
    N_("The device manager udev is not running, so udisks2 cannot see new disk images."),
    N_("Start it (sudo systemctl start systemd-udevd), then try again."),
    N_("Start it (sudo systemctl start systemd-udevd), then try again.") },
};

static const ServiceInfo *
info_of (FsbService service)
{
  for (guint i = 0; i < G_N_ELEMENTS (services); i++)
    if (services[i].service == service)
      return &services[i];
  return NULL;
}

const char *
fsb_service_id (FsbService service)
{
  switch (service)
    {
    case FSB_SERVICE_SYSTEM_BUS: return "dbus";
    case FSB_SERVICE_UDISKS:     return "udisks2";
    case FSB_SERVICE_POLKIT:     return "polkit";
    case FSB_SERVICE_UDEV:       return "udev";
    case FSB_SERVICE_NONE:
    default:                     return "";
    }
}

static gboolean
fail (FsbService which, gboolean missing, FsbServiceProblem *problem, GError **error)
{
  const ServiceInfo *info = info_of (which);

  if (problem != NULL)
    {
      problem->service = which;
      problem->advice = _(missing ? info->advice_missing : info->advice_silent);
    }
  g_set_error_literal (error, FSB_ERROR, FSB_ERROR_NO_SERVICE, _(missing ? info->missing : info->silent));
  return FALSE;
}

static gboolean
bus_call_bool (GDBusConnection *bus, const char *method, const char *name, GCancellable *cancellable,
               gboolean *answer)
{
  g_autoptr(GVariant) reply = g_dbus_connection_call_sync (bus, DBUS_NAME, "/org/freedesktop/DBus", DBUS_NAME,
                                                           method, g_variant_new ("(s)", name),
                                                           G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE,
                                                           PING_MSEC, cancellable, NULL);

  if (reply == NULL)
    return FALSE;
  g_variant_get (reply, "(b)", answer);
  return TRUE;
}

static gboolean
is_activatable (GDBusConnection *bus, const char *name, GCancellable *cancellable)
{
  g_autoptr(GVariant) reply = NULL;
  g_autofree const char **names = NULL;

  reply = g_dbus_connection_call_sync (bus, DBUS_NAME, "/org/freedesktop/DBus", DBUS_NAME,
                                       "ListActivatableNames", NULL, G_VARIANT_TYPE ("(as)"),
                                       G_DBUS_CALL_FLAGS_NONE, PING_MSEC, cancellable, NULL);
  if (reply == NULL)
    return FALSE;
  g_variant_get (reply, "(^a&s)", &names);
  return names != NULL && g_strv_contains (names, name);
}

/* Owned and answering (a service the bus can start is started by the ping). */
static gboolean
check_name (GDBusConnection *bus, const ServiceInfo *info, FsbServiceProblem *problem,
            GCancellable *cancellable, GError **error)
{
  g_autoptr(GVariant) reply = NULL;
  gboolean owned = FALSE;

  if (!bus_call_bool (bus, "NameHasOwner", info->bus_name, cancellable, &owned))
    return fail (FSB_SERVICE_SYSTEM_BUS, FALSE, problem, error);
  if (!owned && !is_activatable (bus, info->bus_name, cancellable))
    return fail (info->service, TRUE, problem, error);

  reply = g_dbus_connection_call_sync (bus, info->bus_name, "/", "org.freedesktop.DBus.Peer", "Ping",
                                       NULL, NULL, G_DBUS_CALL_FLAGS_NONE, owned ? PING_MSEC : START_MSEC,
                                       cancellable, NULL);
  if (reply == NULL)
    return fail (info->service, !owned, problem, error);
  return TRUE;
}

gboolean
fsb_services_check (FsbServiceProblem *problem, GCancellable *cancellable, GError **error)
{
  g_autoptr(GDBusConnection) bus = NULL;

  if (problem != NULL)
    {
      problem->service = FSB_SERVICE_NONE;
      problem->advice = NULL;
    }

  bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, NULL);
  if (bus == NULL)
    return fail (FSB_SERVICE_SYSTEM_BUS, TRUE, problem, error);
  if (!check_name (bus, info_of (FSB_SERVICE_UDISKS), problem, cancellable, error)
      || !check_name (bus, info_of (FSB_SERVICE_POLKIT), problem, cancellable, error))
    return FALSE;
  /* udevd listens on its control socket while it runs. */
  if (!g_file_test (UDEV_CONTROL, G_FILE_TEST_EXISTS))
    return fail (FSB_SERVICE_UDEV, TRUE, problem, error);
  return TRUE;
}

static void
check_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;

  if (fsb_services_check (task_data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
fsb_services_check_async (GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, fsb_services_check_async);
  g_task_set_task_data (task, g_new0 (FsbServiceProblem, 1), g_free);
  g_task_run_in_thread (task, check_thread);
}

gboolean
fsb_services_check_finish (GAsyncResult *result, FsbServiceProblem *problem, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  if (problem != NULL)
    *problem = *(FsbServiceProblem *) g_task_get_task_data (G_TASK (result));
  return g_task_propagate_boolean (G_TASK (result), error);
}
