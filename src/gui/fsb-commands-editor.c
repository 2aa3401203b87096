/* fsb-commands-editor.c: the user's own shell commands, a name and a command per row */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-command-row.h"
#include "fsb-commands-editor.h"
#include "fsb-custom.h"
#include "fsb-error.h"

struct _FsbCommandsEditor
{
  GtkBox parent_instance;

  GtkWidget *rows;
};

G_DEFINE_FINAL_TYPE (FsbCommandsEditor, fsb_commands_editor, GTK_TYPE_BOX)

static GtkWidget *
add_row (FsbCommandsEditor *self, const char *name, const char *command)
{
  GtkWidget *row = fsb_command_row_new (name, command);

  gtk_container_add (GTK_CONTAINER (self->rows), row);
  return row;
}

static void
add_clicked_cb (FsbCommandsEditor *self)
{
  fsb_command_row_focus (FSB_COMMAND_ROW (add_row (self, "", "")));
}

GVariant *
fsb_commands_editor_get_commands (FsbCommandsEditor *self)
{
  g_autoptr(GList) rows = gtk_container_get_children (GTK_CONTAINER (self->rows));
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(ss)"));
  for (GList *l = rows; l != NULL; l = l->next)
    {
      g_autofree char *n = fsb_command_row_get_name (l->data);
      g_autofree char *c = fsb_command_row_get_command (l->data);

      if (n[0] != '\0' || c[0] != '\0')
        g_variant_builder_add (&b, "(ss)", n, c);
    }
  return g_variant_builder_end (&b);
}

void
fsb_commands_editor_set_commands (FsbCommandsEditor *self, GVariant *commands)
{
  g_autoptr(GList) rows = gtk_container_get_children (GTK_CONTAINER (self->rows));
  GVariantIter iter;
  const char *n, *c;

  g_return_if_fail (FSB_IS_COMMANDS_EDITOR (self));

  for (GList *l = rows; l != NULL; l = l->next)
    gtk_widget_destroy (l->data);
  g_variant_iter_init (&iter, commands);
  while (g_variant_iter_next (&iter, "(&s&s)", &n, &c))
    add_row (self, n, c);
}

gboolean
fsb_commands_editor_fill_plan (FsbCommandsEditor *self, FsbPlan *plan, GError **error)
{
  g_autoptr(GVariant) commands = g_variant_ref_sink (fsb_commands_editor_get_commands (self));
  GVariantIter iter;
  const char *n, *c;

  g_return_val_if_fail (FSB_IS_COMMANDS_EDITOR (self), FALSE);

  g_variant_iter_init (&iter, commands);
  while (g_variant_iter_next (&iter, "(&s&s)", &n, &c))
    {
      g_autofree char *spec = g_strconcat (n, "=", c, NULL);
      g_autofree char *name = NULL, *command = NULL;

      if (c[0] == '\0')
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: %s is the name the user gave a command */
                       _("Type the shell command to run for “%s”, or remove its row."), n);
          return FALSE;
        }
      if (!fsb_custom_parse (spec, &name, &command, error))
        return FALSE;
      fsb_plan_add_custom (plan, name, command);
    }
  /* Shown and agreed to in a dialog before the run, never here. */
  plan->custom_confirmed = FALSE;
  return TRUE;
}

static void
fsb_commands_editor_class_init (FsbCommandsEditorClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-commands-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbCommandsEditor, rows);
  gtk_widget_class_bind_template_callback (widget_class, add_clicked_cb);
}

static void
fsb_commands_editor_init (FsbCommandsEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
