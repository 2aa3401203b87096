/* fsb-commands-editor.h: the user's own shell commands, a name and a command per row */
#pragma once

#include <gtk/gtk.h>

#include "fsb-plan.h"

G_BEGIN_DECLS

#define FSB_TYPE_COMMANDS_EDITOR (fsb_commands_editor_get_type ())
G_DECLARE_FINAL_TYPE (FsbCommandsEditor, fsb_commands_editor, FSB, COMMANDS_EDITOR, GtkBox)

/* The rows with something typed in, as a(ss) (name, command) pairs. */
GVariant *fsb_commands_editor_get_commands (FsbCommandsEditor *self);
void      fsb_commands_editor_set_commands (FsbCommandsEditor *self, GVariant *commands);
/* Adds them to plan (not confirmed: the window asks first). */
gboolean  fsb_commands_editor_fill_plan    (FsbCommandsEditor *self, FsbPlan *plan, GError **error);

G_END_DECLS
