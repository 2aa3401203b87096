/* fsb-scaling-view.h: on a section's page, how each filesystem scales over
 * the series its tasks ran (issue 28): a task to choose and its chart */
#pragma once

#include <gtk/gtk.h>

#include "fsb-result.h"

G_BEGIN_DECLS

#define FSB_TYPE_SCALING_VIEW (fsb_scaling_view_get_type ())
G_DECLARE_FINAL_TYPE (FsbScalingView, fsb_scaling_view, FSB, SCALING_VIEW, GtkBox)

/* For the section (a criterion id) whose tasks may run a series. */
GtkWidget *fsb_scaling_view_new        (const char *section);
/* Offers the section's tasks that ran a series in result and shows the
 * first one's chart; hidden when there is none (result may be NULL).
 * TRUE when it shows something. */
gboolean   fsb_scaling_view_set_result (FsbScalingView *self, FsbResult *result);

G_END_DECLS
