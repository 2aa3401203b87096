/* fsb-commands-dialog.h: shows the user's own commands and asks before they run */
#pragma once

#include <gtk/gtk.h>

#include "fsb-plan.h"

G_BEGIN_DECLS

#define FSB_TYPE_COMMANDS_DIALOG (fsb_commands_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FsbCommandsDialog, fsb_commands_dialog, FSB, COMMANDS_DIALOG, GtkDialog)

/* Responds GTK_RESPONSE_ACCEPT when the user agrees to run plan's commands. */
GtkWidget *fsb_commands_dialog_new      (GtkWindow *parent, FsbPlan *plan);
FsbPlan   *fsb_commands_dialog_get_plan (FsbCommandsDialog *self);

G_END_DECLS
