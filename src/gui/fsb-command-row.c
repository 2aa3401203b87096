/* fsb-command-row.c: one command of the user's: its name, the shell command, a remove button */
#include "config.h"

#include "fsb-command-row.h"

struct _FsbCommandRow
{
  GtkBox parent_instance;

  GtkWidget *name_entry;
  GtkWidget *command_entry;
};

G_DEFINE_FINAL_TYPE (FsbCommandRow, fsb_command_row, GTK_TYPE_BOX)

static void
remove_clicked_cb (FsbCommandRow *self)
{
  gtk_widget_destroy (GTK_WIDGET (self));
}

GtkWidget *
fsb_command_row_new (const char *name, const char *command)
{
  FsbCommandRow *self = g_object_new (FSB_TYPE_COMMAND_ROW, NULL);

  gtk_entry_set_text (GTK_ENTRY (self->name_entry), name != NULL ? name : "");
  gtk_entry_set_text (GTK_ENTRY (self->command_entry), command != NULL ? command : "");
  return GTK_WIDGET (self);
}

char *
fsb_command_row_get_name (FsbCommandRow *self)
{
  g_return_val_if_fail (FSB_IS_COMMAND_ROW (self), NULL);
  return g_strstrip (g_strdup (gtk_entry_get_text (GTK_ENTRY (self->name_entry))));
}

char *
fsb_command_row_get_command (FsbCommandRow *self)
{
  g_return_val_if_fail (FSB_IS_COMMAND_ROW (self), NULL);
  return g_strstrip (g_strdup (gtk_entry_get_text (GTK_ENTRY (self->command_entry))));
}

void
fsb_command_row_focus (FsbCommandRow *self)
{
  g_return_if_fail (FSB_IS_COMMAND_ROW (self));
  gtk_widget_grab_focus (self->name_entry);
}

static void
fsb_command_row_class_init (FsbCommandRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-command-row.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbCommandRow, name_entry);
  gtk_widget_class_bind_template_child (widget_class, FsbCommandRow, command_entry);
  gtk_widget_class_bind_template_callback (widget_class, remove_clicked_cb);
}

static void
fsb_command_row_init (FsbCommandRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
