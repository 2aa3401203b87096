/* fsb-window.c: the main window: a header bar and the pages of a comparison */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-window.h"

struct _FsbWindow
{
  GtkApplicationWindow parent_instance;

  GtkWidget *stack;
  GtkWidget *menu_button;
};

G_DEFINE_FINAL_TYPE (FsbWindow, fsb_window, GTK_TYPE_APPLICATION_WINDOW)

static void
fsb_window_class_init (FsbWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, menu_button);
}

static void
fsb_window_init (FsbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

FsbWindow *
fsb_window_new (FsbApplication *app)
{
  FsbWindow *self = g_object_new (FSB_TYPE_WINDOW, "application", app, NULL);
  GMenu *menu;

  /* GtkApplication loads ui/gtk/menus.ui by itself; the application is
   * only set once construction is over, hence here. */
  menu = gtk_application_get_menu_by_id (GTK_APPLICATION (app), "primary-menu");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->menu_button), G_MENU_MODEL (menu));
  return self;
}
