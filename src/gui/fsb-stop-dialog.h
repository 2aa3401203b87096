/* fsb-stop-dialog.h: asks before a running comparison is thrown away */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FSB_TYPE_STOP_DIALOG (fsb_stop_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FsbStopDialog, fsb_stop_dialog, FSB, STOP_DIALOG, GtkDialog)

/* Responds GTK_RESPONSE_ACCEPT to stop; quitting says the window closes after. */
GtkWidget *fsb_stop_dialog_new         (GtkWindow *parent, gboolean quitting);
gboolean   fsb_stop_dialog_is_quitting (FsbStopDialog *self);

G_END_DECLS
