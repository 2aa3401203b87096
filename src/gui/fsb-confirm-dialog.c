/* fsb-confirm-dialog.c: asks the user to type a device's name before it is erased */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fsb-confirm-dialog.h"
#include "fsb-gui-util.h"

struct _FsbConfirmDialog
{
  GtkDialog parent_instance;

  GtkWidget *heading;
  GtkWidget *details;
  GtkWidget *prompt;
  GtkWidget *entry;
  GtkWidget *erase_button;

  char *device;
};

G_DEFINE_FINAL_TYPE (FsbConfirmDialog, fsb_confirm_dialog, GTK_TYPE_DIALOG)

static void
entry_changed_cb (FsbConfirmDialog *self)
{
  const char *typed = gtk_entry_get_text (GTK_ENTRY (self->entry));

  /* Accept "sdb1" as well as "/dev/sdb1": people type what they see. */
  gboolean match = g_strcmp0 (typed, self->device) == 0 ||
                   (g_str_has_prefix (self->device, "/dev/") &&
                    g_strcmp0 (typed, self->device + strlen ("/dev/")) == 0);

  gtk_widget_set_sensitive (self->erase_button, match);
}

static void
fsb_confirm_dialog_finalize (GObject *object)
{
  FsbConfirmDialog *self = FSB_CONFIRM_DIALOG (object);

  g_free (self->device);
  G_OBJECT_CLASS (fsb_confirm_dialog_parent_class)->finalize (object);
}

static void
fsb_confirm_dialog_class_init (FsbConfirmDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = fsb_confirm_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-confirm-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbConfirmDialog, heading);
  gtk_widget_class_bind_template_child (widget_class, FsbConfirmDialog, details);
  gtk_widget_class_bind_template_child (widget_class, FsbConfirmDialog, prompt);
  gtk_widget_class_bind_template_child (widget_class, FsbConfirmDialog, entry);
  gtk_widget_class_bind_template_child (widget_class, FsbConfirmDialog, erase_button);
  gtk_widget_class_bind_template_callback (widget_class, entry_changed_cb);
}

static void
fsb_confirm_dialog_init (FsbConfirmDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
fsb_confirm_dialog_new (GtkWindow *parent, const FsbDevice *device)
{
  FsbConfirmDialog *self;
  g_autofree char *heading = NULL;
  g_autofree char *details = NULL;
  g_autofree char *prompt = NULL;
  g_autofree char *size = NULL;
  g_autofree char *contents = NULL;

  g_return_val_if_fail (device != NULL, NULL);

  self = g_object_new (FSB_TYPE_CONFIRM_DIALOG,
                       "transient-for", parent,
                       "use-header-bar", FALSE,
                       NULL);
  self->device = g_strdup (device->device);

  size = g_format_size (device->size);
  contents = fsb_gui_describe_contents (device);
  /* Translators: %s is a device, "/dev/sdb1" */
  heading = g_strdup_printf (_("Everything on %s will be erased"), device->device);
  /* Translators: the disk's model, its size, then a sentence saying what
   * it holds now (“It holds a filesystem of type ext4.”) */
  details = g_strdup_printf (_("%s, %s. %s\n\nFS Bench formats it with each filesystem in turn, many times over. Whatever is on it now will be lost and cannot be recovered."),
                             device->model != NULL && device->model[0] != '\0' ? device->model : _("Unknown disk"),
                             size, contents);
  /* Translators: %s is the device name the user must type, "/dev/sdb1" */
  prompt = g_strdup_printf (_("To go on, _type the device name, %s:"), device->device);
  gtk_label_set_text (GTK_LABEL (self->heading), heading);
  gtk_label_set_text (GTK_LABEL (self->details), details);
  gtk_label_set_text_with_mnemonic (GTK_LABEL (self->prompt), prompt);
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->entry), device->device);
  gtk_dialog_set_default_response (GTK_DIALOG (self), GTK_RESPONSE_CANCEL);

  return GTK_WIDGET (self);
}
