/* fsb-workload-chooser.h: how big, how often, for what use, which tasks, which data */
#pragma once

#include <gtk/gtk.h>

#include "fsb-plan.h"

G_BEGIN_DECLS

#define FSB_TYPE_WORKLOAD_CHOOSER (fsb_workload_chooser_get_type ())
G_DECLARE_FINAL_TYPE (FsbWorkloadChooser, fsb_workload_chooser, FSB, WORKLOAD_CHOOSER, GtkBox)

/* Emits "changed" when the plan's sizes, groups or repetitions change. */

void     fsb_workload_chooser_load      (FsbWorkloadChooser *self, GSettings *settings);
void     fsb_workload_chooser_save      (FsbWorkloadChooser *self, GSettings *settings);
/* Sets the plan's profile and sizes, groups, repetitions, use case, own
 * commands and data source. */
gboolean fsb_workload_chooser_fill_plan (FsbWorkloadChooser *self, FsbPlan *plan, GError **error);
/* Under each group, the room and the time it takes in plan (fsb_plan_group_cost ()). */
void     fsb_workload_chooser_show_costs (FsbWorkloadChooser *self, FsbPlan *plan);

G_END_DECLS
