/* fsb-gui-util.c: small helpers the window's pages share */
#include "config.h"

#include <glib/gi18n.h>
#include <stdarg.h>
#include <string.h>

#include "fsb-gui-util.h"

char *
fsb_gui_describe_contents (const FsbDevice *device)
{
  /* Mount points are left to the reason: a mounted device is never usable,
   * and its reason already names where it is mounted. */
  if (device->filesystem == NULL || device->filesystem[0] == '\0')
    return g_strdup (_("It holds no known filesystem."));
  if (device->label != NULL && device->label[0] != '\0')
    /* Translators: a filesystem type (“ext4”), then its label (“Data”) */
    return g_strdup_printf (_("It holds a filesystem of type %s, labelled “%s”."), device->filesystem, device->label);
  /* Translators: %s is a filesystem type, “ext4” */
  return g_strdup_printf (_("It holds a filesystem of type %s."), device->filesystem);
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

static void G_GNUC_PRINTF (2, 3)
append_sentence (GString *text, const char *format, ...)
{
  va_list args;

  if (text->len > 0)
    g_string_append_c (text, ' ');
  va_start (args, format);
  g_string_append_vprintf (text, format, args);
  va_end (args);
}

char *
fsb_gui_describe_cleaned (const FsbPreflight *report)
{
  GString *text = g_string_new (NULL);
  const FsbLeftovers *t = &report->targets;

  if (t->mounts > 0)
    /* Translators: %u is a number of filesystems a stopped run left mounted */
    append_sentence (text, g_dngettext (GETTEXT_PACKAGE, "Unmounted %u filesystem.", "Unmounted %u filesystems.",
                                        t->mounts), t->mounts);
  if (t->loop_devices > 0)
    /* Translators: %u is a number of loop devices a stopped run left attached */
    append_sentence (text, g_dngettext (GETTEXT_PACKAGE, "Detached %u loop device.", "Detached %u loop devices.",
                                        t->loop_devices), t->loop_devices);
  if (t->images > 0)
    /* Translators: %u is a number of disk image files a stopped run left */
    append_sentence (text, g_dngettext (GETTEXT_PACKAGE, "Deleted %u disk image.", "Deleted %u disk images.",
                                        t->images), t->images);
  if (report->scratch_folders > 0)
    {
      g_autofree char *size = g_format_size (report->scratch_bytes);

      /* Translators: %u is a number of folders, %s the room they took (“142.6 MB”) */
      append_sentence (text, g_dngettext (GETTEXT_PACKAGE, "Deleted %u scratch folder of an earlier run, which held %s.",
                                          "Deleted %u scratch folders of earlier runs, which held %s.",
                                          report->scratch_folders),
                       report->scratch_folders, size);
    }
  return g_string_free (text, FALSE);
}

/* "about 3 minutes", for an estimate */
char *
fsb_gui_format_about (double seconds)
{
  guint m = (guint) ((seconds + 30) / 60);

  if (seconds < 60)
    return g_strdup (_("under a minute"));
  if (m < 90)
    /* Translators: %u is a number of minutes */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u minute", "about %u minutes", m), m);
  m = (m + 30) / 60;
  /* Translators: %u is a number of hours */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u hour", "about %u hours", m), m);
}
