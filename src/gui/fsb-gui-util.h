/* fsb-gui-util.h: small helpers the window's pages share */
#pragma once

#include <gtk/gtk.h>

#include "fsb-device.h"
#include "fsb-preflight.h"
#include "fsb-result.h"

G_BEGIN_DECLS

/* A sentence: "It holds a filesystem of type ext4, labelled “Data”." */
char *fsb_gui_describe_contents (const FsbDevice *device);
/* Sets the accessible name of a widget made in code. */
void fsb_gui_set_accessible_name (GtkWidget *widget, const char *name);
/* Removes every child of a container. */
void fsb_gui_container_clear (GtkContainer *container);
/* GTK gives an info bar's close button an icon and no accessible name. */
void fsb_gui_name_info_bar_close_button (GtkInfoBar *bar, const char *name);

/* "about 3 minutes", "under a minute": an estimate's time. */
char *fsb_gui_format_about (double seconds);

/* What the preflight cleaned, one translated sentence per kind. */
char *fsb_gui_describe_cleaned (const FsbPreflight *report);

G_END_DECLS
