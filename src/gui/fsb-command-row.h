/* fsb-command-row.h: one command of the user's: its name, the shell command, a remove button */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FSB_TYPE_COMMAND_ROW (fsb_command_row_get_type ())
G_DECLARE_FINAL_TYPE (FsbCommandRow, fsb_command_row, FSB, COMMAND_ROW, GtkBox)

GtkWidget *fsb_command_row_new         (const char *name, const char *command);
/* Both stripped of surrounding blanks; the caller frees them. */
char      *fsb_command_row_get_name    (FsbCommandRow *self);
char      *fsb_command_row_get_command (FsbCommandRow *self);
void       fsb_command_row_focus       (FsbCommandRow *self);

G_END_DECLS
