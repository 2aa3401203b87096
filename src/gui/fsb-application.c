/* fsb-application.c: the GtkApplication: actions, accelerators, help and about */
#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>
#include <string.h>

#include "fsb-application.h"
#include "fsb-window.h"

/* The session bus names a notification server owns: GLib's own protocol
 * (GNOME Shell) and the freedesktop one (notification-daemon, dunst, …). */
static const char *const notification_names[] = { "org.gtk.Notifications", "org.freedesktop.Notifications" };
#define N_NOTIFICATION_NAMES G_N_ELEMENTS (notification_names)

struct _FsbApplication
{
  GtkApplication parent_instance;

  /* Whether each name has an owner now, or the bus can start one. */
  gboolean owned[N_NOTIFICATION_NAMES];
  gboolean activatable[N_NOTIFICATION_NAMES];
  guint watch_ids[N_NOTIFICATION_NAMES];
  GCancellable *cancellable;
  guint signal_ids[3];
  guint terminate_id;
};

/* How long a cancelled run may take to let go of its target after a
 * SIGTERM before the app quits anyway (a logout waits for no one). */
#define TERMINATE_BOUND_S 10

G_DEFINE_FINAL_TYPE (FsbApplication, fsb_application, GTK_TYPE_APPLICATION)

static void
help_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *window = gtk_application_get_active_window (app);
  g_autoptr(GError) error = NULL;

  if (!gtk_show_uri_on_window (window, "help:fsbench", GDK_CURRENT_TIME, &error))
    {
      GtkWidget *dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                                  GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                                  _("The help could not be opened"));
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                                /* Translators: %s is the system’s reason */
                                                _("Install the “yelp” help viewer and try again. (%s)"),
                                                error->message);
      g_signal_connect (dialog, "response", G_CALLBACK (gtk_widget_destroy), NULL);
      gtk_widget_show (dialog);
    }
}

static void
about_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  const char *authors[] = { _("The FS Bench developers"), NULL };
  /* Translators: the names of the people who translated FS Bench into your
   * language, one per line; leave it untranslated until someone has */
  const char *credits = _("translator-credits");

  gtk_show_about_dialog (gtk_application_get_active_window (app),
                         "program-name", _("FS Bench"),
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Which filesystem should I put on my disk? Measure it."),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         /* nobody to credit while the string is untranslated */
                         "translator-credits", strcmp (credits, "translator-credits") != 0 ? credits : NULL,
                         NULL);
}

static void
quit_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = gtk_application_get_windows (app);

  /* Closing the window lets a running comparison ask first and clean up. */
  if (windows != NULL)
    gtk_window_close (GTK_WINDOW (windows->data));
  else
    g_application_quit (G_APPLICATION (app));
}

static const GActionEntry app_entries[] = {
  { "help", help_activated },
  { "about", about_activated },
  { "quit", quit_activated },
};

/* Every accelerator, in one table. */
static const struct {
  const char *action;
  const char *accels[3];
} accels[] = {
  { "app.help", { "F1", NULL } },
  { "app.quit", { "<Primary>q", NULL } },
  { "win.show-help-overlay", { "<Primary>question", "<Primary>F1", NULL } },
  { "win.start", { "<Primary>Return", NULL } },
  { "win.show-history", { "<Primary>h", NULL } },
  { "win.new-run", { "<Primary>n", NULL } },
  { "win.import", { "<Primary>o", NULL } },
};

/* Notifications -------------------------------------------------------- */

static void
name_appeared (GDBusConnection *bus, const char *name, const char *owner, gpointer user_data)
{
  FsbApplication *self = user_data;

  for (guint i = 0; i < N_NOTIFICATION_NAMES; i++)
    if (strcmp (name, notification_names[i]) == 0)
      self->owned[i] = TRUE;
  g_debug ("a notification server appeared: %s", name);
}

static void
name_vanished (GDBusConnection *bus, const char *name, gpointer user_data)
{
  FsbApplication *self = user_data;

  for (guint i = 0; i < N_NOTIFICATION_NAMES; i++)
    if (strcmp (name, notification_names[i]) == 0)
      self->owned[i] = FALSE;
  g_debug ("no notification server owns %s", name);
}

static void
activatable_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree const char **names = NULL;
  FsbApplication *self;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), res, &error);
  if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("the session bus did not list its activatable names: %s", error->message);
      return;
    }
  self = user_data;
  g_variant_get (reply, "(^a&s)", &names);
  for (guint i = 0; i < N_NOTIFICATION_NAMES; i++)
    self->activatable[i] = g_strv_contains (names, notification_names[i]);
}

/* Watches, without blocking, whether a notification server is there. A
 * name's owner is followed as it comes and goes; a server the bus would
 * start on demand counts too. */
static void
watch_notification_servers (FsbApplication *self)
{
  GDBusConnection *bus = g_application_get_dbus_connection (G_APPLICATION (self));

  if (bus == NULL)
    return;
  for (guint i = 0; i < N_NOTIFICATION_NAMES; i++)
    self->watch_ids[i] = g_bus_watch_name_on_connection (bus, notification_names[i], G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                         name_appeared, name_vanished, self, NULL);
  g_dbus_connection_call (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "ListActivatableNames", NULL, G_VARIANT_TYPE ("(as)"), G_DBUS_CALL_FLAGS_NONE, 10000,
                          self->cancellable, activatable_cb, self);
}

gboolean
fsb_application_can_notify (FsbApplication *self)
{
  for (guint i = 0; i < N_NOTIFICATION_NAMES; i++)
    if (self->owned[i] || self->activatable[i])
      return TRUE;
  return FALSE;
}

gboolean
fsb_application_notify (FsbApplication *self, const char *id, GNotification *notification)
{
  /* Without a server GLib would only log a warning: the window says it all. */
  if (!fsb_application_can_notify (self))
    {
      g_debug ("no notification server: “%s” not sent", id);
      return FALSE;
    }
  g_application_send_notification (G_APPLICATION (self), id, notification);
  return TRUE;
}

/* The session ends --------------------------------------------------------- */

static gboolean
terminate_timeout_cb (gpointer user_data)
{
  FsbApplication *self = user_data;

  self->terminate_id = 0;
  g_debug ("a run did not let go of its target within %d s of the signal: quitting", TERMINATE_BOUND_S);
  g_application_quit (G_APPLICATION (self));
  return G_SOURCE_REMOVE;
}

/* SIGTERM (the session ends), SIGHUP (its terminal closes), SIGINT
 * (Ctrl+C): every window cancels its run, cleans up and closes; the app
 * ends with its last window, or after TERMINATE_BOUND_S. */
static gboolean
terminate_cb (gpointer user_data)
{
  FsbApplication *self = user_data;
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  if (self->terminate_id == 0)
    self->terminate_id = g_timeout_add_seconds (TERMINATE_BOUND_S, terminate_timeout_cb, self);
  for (GList *l = windows; l != NULL; l = l->next)
    {
      if (FSB_IS_WINDOW (l->data))
        fsb_window_terminate (FSB_WINDOW (l->data));
      else
        gtk_widget_destroy (GTK_WIDGET (l->data));
    }
  return G_SOURCE_CONTINUE;
}

/* The application ---------------------------------------------------------- */

static void
fsb_application_startup (GApplication *app)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  G_APPLICATION_CLASS (fsb_application_parent_class)->startup (app);

  g_set_application_name (_("FS Bench"));
  gtk_window_set_default_icon_name (APP_ID);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_entries, G_N_ELEMENTS (app_entries), app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);

  gtk_css_provider_load_from_resource (css, RESOURCE_PREFIX "/style.css");
  gtk_style_context_add_provider_for_screen (gdk_screen_get_default (), GTK_STYLE_PROVIDER (css),
                                             GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  watch_notification_servers (FSB_APPLICATION (app));
  {
    FsbApplication *self = FSB_APPLICATION (app);
    const int signals[G_N_ELEMENTS (self->signal_ids)] = { SIGTERM, SIGHUP, SIGINT };

    for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
      self->signal_ids[i] = g_unix_signal_add (signals[i], terminate_cb, self);
  }
}

static void
fsb_application_shutdown (GApplication *app)
{
  FsbApplication *self = FSB_APPLICATION (app);

  g_cancellable_cancel (self->cancellable);
  for (guint i = 0; i < N_NOTIFICATION_NAMES; i++)
    g_clear_handle_id (&self->watch_ids[i], g_bus_unwatch_name);
  for (guint i = 0; i < G_N_ELEMENTS (self->signal_ids); i++)
    g_clear_handle_id (&self->signal_ids[i], g_source_remove);
  g_clear_handle_id (&self->terminate_id, g_source_remove);
  G_APPLICATION_CLASS (fsb_application_parent_class)->shutdown (app);
}

static void
fsb_application_finalize (GObject *object)
{
  FsbApplication *self = FSB_APPLICATION (object);

  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (fsb_application_parent_class)->finalize (object);
}

static void
fsb_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (fsb_window_new (FSB_APPLICATION (app)));
  gtk_window_present (window);
}

/* --version is answered here, without registering or opening a display. */
static int
fsb_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("fsbench %s\n", PACKAGE_VERSION);
      return 0;
    }
  return -1;
}

static void
fsb_application_class_init (FsbApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = fsb_application_finalize;
  app_class->startup = fsb_application_startup;
  app_class->shutdown = fsb_application_shutdown;
  app_class->activate = fsb_application_activate;
  app_class->handle_local_options = fsb_application_handle_local_options;
}

static void
fsb_application_init (FsbApplication *self)
{
  const GOptionEntry options[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and exit"), NULL },
    { NULL }
  };

  self->cancellable = g_cancellable_new ();
  /* What fsbench --help and its man page say first: the desktop file's comment. */
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Find out which filesystem suits your disk by measuring them"));
  g_application_add_main_option_entries (G_APPLICATION (self), options);
}

FsbApplication *
fsb_application_new (void)
{
  return g_object_new (FSB_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", RESOURCE_PREFIX,
                       NULL);
}
