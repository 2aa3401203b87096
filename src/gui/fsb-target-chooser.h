/* fsb-target-chooser.h: where to test: a disk image, or a partition the user confirms */
#pragma once

#include <gtk/gtk.h>
#include <udisks/udisks.h>

#include "fsb-plan.h"

G_BEGIN_DECLS

#define FSB_TYPE_TARGET_CHOOSER (fsb_target_chooser_get_type ())
G_DECLARE_FINAL_TYPE (FsbTargetChooser, fsb_target_chooser, FSB, TARGET_CHOOSER, GtkBox)

/* Emits "problem" (what happened, what to do) when a chosen drive goes,
 * and "changed" when the target changes. */

void      fsb_target_chooser_load        (FsbTargetChooser *self, GSettings *settings);
void      fsb_target_chooser_save        (FsbTargetChooser *self, GSettings *settings);
/* Starts listing the drives (and following them) once udisks2 answers. */
void      fsb_target_chooser_set_client  (FsbTargetChooser *self, UDisksClient *client);
/* The plan's target: a disk image (its size and folder), or a partition
 * the user confirmed may be erased. */
gboolean  fsb_target_chooser_fill_plan   (FsbTargetChooser *self, FsbPlan *plan, GError **error);
/* "Comparing 3 filesystems on a 4.0 GiB disk image" */
char     *fsb_target_chooser_describe    (FsbTargetChooser *self, guint n_filesystems);

G_END_DECLS
