/* fsb-comparison.h: runs from the history put side by side, for the results page and the export */
#pragma once

#include <glib-object.h>

#include "fsb-result.h"

G_BEGIN_DECLS

#define FSB_TYPE_COMPARISON (fsb_comparison_get_type ())
G_DECLARE_FINAL_TYPE (FsbComparison, fsb_comparison, FSB, COMPARISON, GObject)

/* runs (FsbResult*) and a label for each; NULL with an error when they
 * cannot be put side by side. */
FsbComparison *fsb_comparison_new         (GPtrArray          *runs,
                                           const char *const  *labels,
                                           GError            **error);
/* One result with every run's filesystems, each named "ext4 · label". */
FsbResult     *fsb_comparison_get_merged  (FsbComparison *self);
GPtrArray     *fsb_comparison_get_runs    (FsbComparison *self);   /* of FsbResult* */
const char *const *fsb_comparison_get_labels (FsbComparison *self);
/* "Comparing 2 runs side by side" */
char          *fsb_comparison_describe    (FsbComparison *self);

G_END_DECLS
