/* fsb-results-page.h: the recommendation, then a chart and a table per section */
#pragma once

#include <gtk/gtk.h>

#include "fsb-result.h"

G_BEGIN_DECLS

#define FSB_TYPE_RESULTS_PAGE (fsb_results_page_get_type ())
G_DECLARE_FINAL_TYPE (FsbResultsPage, fsb_results_page, FSB, RESULTS_PAGE, GtkBox)

/* use_case: "server", ...; NULL takes the one the result was run for.
 * note: a line under the results ("Saved in …", "Comparing 2 runs"), or NULL.
 * comparison: several runs merged side by side; a recommendation between
 * runs of the same filesystem would make no sense, so none is shown. */
void       fsb_results_page_show       (FsbResultsPage *self,
                                        FsbResult      *result,
                                        const char     *use_case,
                                        const char     *note,
                                        gboolean        comparison);
/* Changes the line under the results ("Saved in …") only. */
void       fsb_results_page_set_note   (FsbResultsPage *self,
                                        const char     *note);
FsbResult *fsb_results_page_get_result (FsbResultsPage *self);
const char *fsb_results_page_get_use_case (FsbResultsPage *self);
/* The workload groups the shown use case needs and the result lacks
 * (NULL: none); its button emits "measure" (FsbPlan *plan) with a plan
 * that runs them and completes the result (FsbPlan.merge_into). */
const char *const *fsb_results_page_get_missing_groups (FsbResultsPage *self);
/* A comparison: the changes between the runs (a FsbComparisonView), under
 * the charts, where a single result has none; NULL takes it away. */
void       fsb_results_page_set_comparison (FsbResultsPage *self, GtkWidget *view);
/* The recommendation's headline, as shown. */
const char *fsb_results_page_get_headline (FsbResultsPage *self);

G_END_DECLS
