/* fsb-confirm-dialog.h: asks the user to type a device's name before it is erased */
#pragma once

#include <gtk/gtk.h>

#include "fsb-device.h"

G_BEGIN_DECLS

#define FSB_TYPE_CONFIRM_DIALOG (fsb_confirm_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FsbConfirmDialog, fsb_confirm_dialog, FSB, CONFIRM_DIALOG, GtkDialog)

/* Responds GTK_RESPONSE_ACCEPT only once the typed text is the device name. */
GtkWidget *fsb_confirm_dialog_new (GtkWindow *parent, const FsbDevice *device);

G_END_DECLS
