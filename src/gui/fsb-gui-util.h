/* fsb-gui-util.h: small helpers the window's pages share */
#pragma once

#include <gtk/gtk.h>

#include "fsb-device.h"
#include "fsb-result.h"

G_BEGIN_DECLS

/* "ext4 “Data”, mounted at /mnt/data", "empty", "no known filesystem" */
char *fsb_gui_describe_contents (const FsbDevice *device);
/* Sets the accessible name of a widget made in code. */
void fsb_gui_set_accessible_name (GtkWidget *widget, const char *name);
/* Removes every child of a container. */
void fsb_gui_container_clear (GtkContainer *container);
/* GTK gives an info bar's close button an icon and no accessible name. */
void fsb_gui_name_info_bar_close_button (GtkInfoBar *bar, const char *name);

G_END_DECLS
