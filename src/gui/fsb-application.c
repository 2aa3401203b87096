/* fsb-application.c: the GtkApplication: actions, accelerators, help and about */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fsb-application.h"
#include "fsb-window.h"

struct _FsbApplication
{
  GtkApplication parent_instance;
};

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
}

static void
fsb_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (fsb_window_new (FSB_APPLICATION (app)));
  gtk_window_present (window);
}

static void
fsb_application_class_init (FsbApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->startup = fsb_application_startup;
  app_class->activate = fsb_application_activate;
}

static void
fsb_application_init (FsbApplication *self)
{
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
