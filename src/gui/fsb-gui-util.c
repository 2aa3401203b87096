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

  if (device->mount_points != NULL && device->mount_points[0] != NULL)
    {
      g_autofree char *joined = g_strjoinv (", ", device->mount_points);
      /* Translators: %s is one or more folders */
      g_string_append_printf (s, _(", mounted at %s"), joined);
    }
  return g_string_free (s, FALSE);
}

const char *
fsb_gui_fs_display_name (const char *name)
{
  static const struct { const char *name, *display; } names[] = {
    { "xfs", "XFS" }, { "btrfs", "Btrfs" }, { "jfs", "JFS" }, { "f2fs", "F2FS" },
    { "reiserfs", "ReiserFS" }, { "nilfs2", "NILFS2" }, { "vfat", "FAT" },
    { "exfat", "exFAT" }, { "ntfs", "NTFS" }, { "udf", "UDF" }, { "bcachefs", "bcachefs" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (names[i].name, name) == 0)
      return names[i].display;
  return name;
}

char *
fsb_gui_join_names (const char *const *names)
{
  guint n = names != NULL ? g_strv_length ((char **) names) : 0;
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0 && i == n - 1)
        /* Translators: between the last two items of a list */
        g_string_append (s, _(" and "));
      else if (i > 0)
        g_string_append (s, _(", "));
      g_string_append (s, names[i]);
    }
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
