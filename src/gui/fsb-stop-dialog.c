/* fsb-stop-dialog.c: asks before a running comparison is thrown away
 *
 * Shown with gtk_widget_show(), never gtk_dialog_run(): the run goes on and
 * the window keeps drawing while the question is open. */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-stop-dialog.h"

struct _FsbStopDialog
{
  GtkDialog parent_instance;

  GtkWidget *heading;
  GtkWidget *stop_button;

  gboolean quitting;
};

G_DEFINE_FINAL_TYPE (FsbStopDialog, fsb_stop_dialog, GTK_TYPE_DIALOG)

static void
fsb_stop_dialog_class_init (FsbStopDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-stop-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbStopDialog, heading);
  gtk_widget_class_bind_template_child (widget_class, FsbStopDialog, stop_button);
}

static void
fsb_stop_dialog_init (FsbStopDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
fsb_stop_dialog_new (GtkWindow *parent, gboolean quitting)
{
  FsbStopDialog *self = g_object_new (FSB_TYPE_STOP_DIALOG, "transient-for", parent, "use-header-bar", FALSE, NULL);

  self->quitting = quitting;
  gtk_label_set_text (GTK_LABEL (self->heading),
                      quitting ? _("Stop the comparison and quit?") : _("Stop the comparison?"));
  gtk_button_set_label (GTK_BUTTON (self->stop_button), quitting ? _("_Stop and quit") : _("_Stop"));
  gtk_dialog_set_default_response (GTK_DIALOG (self), GTK_RESPONSE_CANCEL);
  return GTK_WIDGET (self);
}

gboolean
fsb_stop_dialog_is_quitting (FsbStopDialog *self)
{
  g_return_val_if_fail (FSB_IS_STOP_DIALOG (self), FALSE);
  return self->quitting;
}
