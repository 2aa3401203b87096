/* fsb-series-row.h: a row of the workload options that chooses the counts
 * a series runs at (issue 28): the jobs at once, the requests in flight */
#pragma once

#include <gtk/gtk.h>

#include "fsb-plan.h"

G_BEGIN_DECLS

/* A GtkListBoxRow with a label and a menu of counts for condition
 * (FSB_CONDITION_JOBS, FSB_CONDITION_IODEPTH); its first item runs the
 * size's own counts. */
GtkWidget   *fsb_series_row_new         (const char *condition);
GtkComboBox *fsb_series_row_get_combo   (GtkWidget *row);
/* The first item says the counts this size runs ("1 and 4 jobs, as the size chooses"). */
void         fsb_series_row_set_profile (GtkWidget *row, const char *profile);
/* The menu is greyed out, saying which group to tick, while none of
 * groups runs the series. */
void         fsb_series_row_set_groups  (GtkWidget *row, const char *const *groups);
/* The counts chosen, into plan (nothing for the size's own). */
gboolean     fsb_series_row_fill_plan   (GtkWidget *row, FsbPlan *plan, GError **error);
void         fsb_series_row_load        (GtkWidget *row, GSettings *settings);
void         fsb_series_row_save        (GtkWidget *row, GSettings *settings);

G_END_DECLS
