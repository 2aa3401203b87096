/* fsb-chart-view.h: a GtkDrawingArea that draws a result with the engine's chart renderer */
#pragma once

#include <gtk/gtk.h>

#include "fsb-result.h"

G_BEGIN_DECLS

#define FSB_TYPE_CHART_VIEW (fsb_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (FsbChartView, fsb_chart_view, FSB, CHART_VIEW, GtkDrawingArea)

typedef enum {
  FSB_CHART_VIEW_MAIN,    /* each task's headline metric: time, files/s, MB/s, latency */
  FSB_CHART_VIEW_CPU,
  FSB_CHART_VIEW_FAULTS,
  FSB_CHART_VIEW_SCALING, /* one task's series (fsb_chart_view_set_task ()): a row per count of jobs or depth */
} FsbChartViewKind;

GtkWidget *fsb_chart_view_new         (void);
void       fsb_chart_view_set_kind    (FsbChartView *self, FsbChartViewKind kind);
/* result may be NULL (nothing yet); it is referenced, not copied. */
void       fsb_chart_view_set_result  (FsbChartView *self, FsbResult *result);
/* An FsbSection, or -1 for every task (the live view while a run goes on). */
void       fsb_chart_view_set_section (FsbChartView *self, const char *section);
void       fsb_chart_view_set_live    (FsbChartView *self, gboolean live);
/* The task a SCALING chart draws the series of ("conc-write"). */
void       fsb_chart_view_set_task    (FsbChartView *self, const char *task);

G_END_DECLS
