/* fsb-gui-util.c: small helpers the window's pages share */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fsb-gui-util.h"

char *
fsb_gui_describe_contents (const FsbDevice *device)
{
  GString *s = g_string_new (NULL);

  if (device->filesystem != NULL && device->filesystem[0] != '\0')
    {
      g_string_append (s, device->filesystem);
      if (device->label != NULL && device->label[0] != '\0')
        /* Translators: a filesystem label in quotes */
        g_string_append_printf (s, _(" “%s”"), device->label);
    }
  else
    g_string_append (s, _("no known filesystem"));

  /* Mount points are left to the reason: a mounted device is never usable,
   * and its reason already names where it is mounted. */
  return g_string_free (s, FALSE);
}

void
fsb_gui_set_accessible_name (GtkWidget *widget, const char *name)
{
  atk_object_set_name (gtk_widget_get_accessible (widget), name);
}

void
fsb_gui_container_clear (GtkContainer *container)
{
  g_autoptr(GList) children = gtk_container_get_children (container);

  for (GList *l = children; l != NULL; l = l->next)
    gtk_widget_destroy (GTK_WIDGET (l->data));
}

static void
name_close_button (GtkWidget *widget, gpointer name)
{
  /* the close button is GTK's only button there without a label */
  if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)) == NULL)
    {
      fsb_gui_set_accessible_name (widget, name);
      gtk_widget_set_tooltip_text (widget, name);
    }
  else if (GTK_IS_CONTAINER (widget))
    gtk_container_forall (GTK_CONTAINER (widget), name_close_button, name);
}

void
fsb_gui_name_info_bar_close_button (GtkInfoBar *bar, const char *name)
{
  /* forall, not foreach: GTK packs the button as an internal child */
  gtk_container_forall (GTK_CONTAINER (bar), name_close_button, (gpointer) name);
}
