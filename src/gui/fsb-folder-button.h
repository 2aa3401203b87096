/* fsb-folder-button.h: a button that shows a folder and lets the user choose another */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FSB_TYPE_FOLDER_BUTTON (fsb_folder_button_get_type ())
G_DECLARE_FINAL_TYPE (FsbFolderButton, fsb_folder_button, FSB, FOLDER_BUTTON, GtkButton)

/* Properties "folder" (a path, or NULL) and "title" (of the chooser).
 * Emits "folder-set" when the user chooses a folder. */
const char *fsb_folder_button_get_folder (FsbFolderButton *self);
void        fsb_folder_button_set_folder (FsbFolderButton *self, const char *folder);

G_END_DECLS
