/* fsb-comparison-view.h: the changes between runs, per filesystem, from the engine's comparison */
#pragma once

#include <gtk/gtk.h>

#include "fsb-comparison.h"

G_BEGIN_DECLS

#define FSB_TYPE_COMPARISON_VIEW (fsb_comparison_view_get_type ())
G_DECLARE_FINAL_TYPE (FsbComparisonView, fsb_comparison_view, FSB, COMPARISON_VIEW, GtkBox)

/* Shows what differs between the runs, the warnings, and per section a
 * table of each task and filesystem in every run with its change: the
 * comparison report's tables, from the same FsbComparison. Takes cmp. */
GtkWidget *fsb_comparison_view_new (FsbComparison *cmp);
/* Sorts runs oldest first (the reference), compares them, and gives the
 * view and the runs merged into one result for the charts, each run's
 * filesystems named by what differs ("ext4 · 30 November 2026 · Quick"). */
GtkWidget *fsb_comparison_view_new_for_runs (GPtrArray *runs, FsbResult **merged, GError **error);

G_END_DECLS
