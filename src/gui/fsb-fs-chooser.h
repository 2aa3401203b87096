/* fsb-fs-chooser.h: which filesystems to compare, with their mkfs options */
#pragma once

#include <gtk/gtk.h>
#include <udisks/udisks.h>

G_BEGIN_DECLS

#define FSB_TYPE_FS_CHOOSER (fsb_fs_chooser_get_type ())
G_DECLARE_FINAL_TYPE (FsbFsChooser, fsb_fs_chooser, FSB, FS_CHOOSER, GtkBox)

/* Emits "changed" when a filesystem is ticked or unticked. */

void        fsb_fs_chooser_load        (FsbFsChooser *self, GSettings *settings);
void        fsb_fs_chooser_save        (FsbFsChooser *self, GSettings *settings);
/* Asks, in a thread, which filesystems this system can create and mount;
 * client may be NULL (no udisks2: the tools alone decide). */
void        fsb_fs_chooser_probe       (FsbFsChooser *self, UDisksClient *client);
/* The ticked filesystems that can be used: ids ("xfs") and names ("XFS"). */
char      **fsb_fs_chooser_get_ids     (FsbFsChooser *self);
char      **fsb_fs_chooser_get_names   (FsbFsChooser *self);
/* fs id → extra mkfs options, for the ticked ones that have some. */
GHashTable *fsb_fs_chooser_get_options (FsbFsChooser *self);
/* The ticked variants, as fsb_plan_add_variant () takes them. */
char      **fsb_fs_chooser_get_variants (FsbFsChooser *self);
/* FALSE until the probe has listed them */
gboolean    fsb_fs_chooser_is_ready    (FsbFsChooser *self);

G_END_DECLS
