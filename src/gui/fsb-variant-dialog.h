/* fsb-variant-dialog.h: a variant of a filesystem: a name, and the mount
 * and mkfs options that make it */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Called with the variant as fsb_contender_parse () reads it
 * ("NAME=FS;mount=OPTIONS;mkfs=ARGS"), checked; never when cancelled. */
typedef void (*FsbVariantAddedFunc) (const char *spec, gpointer user_data);

/* Shows a dialog (not run: gtk_widget_show ()) that asks for a variant of
 * one of types (the usable filesystems: ids and, at the same index, their
 * names); taken are the labels already in use. A variant that cannot be
 * keeps the dialog open with the reason. */
void fsb_variant_dialog_show (GtkWindow *parent, const char *const *types, const char *const *type_names,
                              const char *const *taken, FsbVariantAddedFunc added, gpointer user_data);

G_END_DECLS
