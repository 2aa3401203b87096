/* fsb-stats-private.h: what fsb-stats.c and fsb-stats-pooled.c share */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* √(π/2): a median's standard error over a mean's (normal data, large n). */
#define FSB_MEDIAN_SE_FACTOR 1.2533141373155003

/* qsort's comparison of doubles, ascending. */
int  fsb_stats_compare_doubles (gconstpointer a, gconstpointer b);
/* Sorts values in place, ascending, equal values in their order. */
void fsb_stats_sort            (double *values, guint n);

G_END_DECLS
