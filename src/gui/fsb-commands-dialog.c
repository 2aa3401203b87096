/* fsb-commands-dialog.c: shows the user's own commands and asks before they run
 *
 * Shell commands run as the user, on every filesystem: each is shown as
 * it will run. Shown with gtk_widget_show(), never gtk_dialog_run(). */
#include "config.h"

#include "fsb-commands-dialog.h"
#include "fsb-custom.h"

struct _FsbCommandsDialog
{
  GtkDialog parent_instance;

  GtkWidget *view;

  FsbPlan *plan;
};

G_DEFINE_FINAL_TYPE (FsbCommandsDialog, fsb_commands_dialog, GTK_TYPE_DIALOG)

static void
fsb_commands_dialog_finalize (GObject *object)
{
  FsbCommandsDialog *self = FSB_COMMANDS_DIALOG (object);

  g_clear_pointer (&self->plan, fsb_plan_unref);
  G_OBJECT_CLASS (fsb_commands_dialog_parent_class)->finalize (object);
}

static void
fsb_commands_dialog_class_init (FsbCommandsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = fsb_commands_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-commands-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbCommandsDialog, view);
}

static void
fsb_commands_dialog_init (FsbCommandsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
fsb_commands_dialog_new (GtkWindow *parent, FsbPlan *plan)
{
  FsbCommandsDialog *self;
  g_autofree char *text = NULL;

  g_return_val_if_fail (plan != NULL, NULL);

  self = g_object_new (FSB_TYPE_COMMANDS_DIALOG, "transient-for", parent, "use-header-bar", FALSE, NULL);
  self->plan = fsb_plan_ref (plan);
  text = fsb_custom_describe (plan);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->view)), text != NULL ? text : "", -1);
  gtk_dialog_set_default_response (GTK_DIALOG (self), GTK_RESPONSE_CANCEL);
  return GTK_WIDGET (self);
}

FsbPlan *
fsb_commands_dialog_get_plan (FsbCommandsDialog *self)
{
  g_return_val_if_fail (FSB_IS_COMMANDS_DIALOG (self), NULL);
  return self->plan;
}
