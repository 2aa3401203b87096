/* fsb-chart-private.h: the chart's model, shared by its renderer */
#pragma once

#include "fsb-chart.h"

G_BEGIN_DECLS

typedef struct {
  gboolean have;
  gboolean failed;
  double   median, min, max;
} Cell;

typedef struct {
  char       *label;
  const char *metric;
  gboolean    pending;   /* live: planned, not measured yet */
  Cell       *cells;
} Row;

typedef struct {
  FsbResult             *result;
  const FsbChartOptions *options;
  guint                  n_fs;
  GPtrArray             *rows;
  gboolean               shared_axis;
  gboolean               higher_is_better;
  const char            *metric;
  double                 max_value;
  const char            *series[2];  /* AGING: "Fresh" and "Aged" stand for the filesystems */
  guint                  series_fs;  /* AGING: that filesystem's index, for its colour */
} Model;

const char *fsb_chart_kind_metric (FsbChartKind kind);
void fsb_chart_model_build (Model *m, FsbResult *result, const FsbChartOptions *options);
void        fsb_chart_model_clear (Model *m);

/* fsb-chart-aging.c: the AGING chart's model; the aged section's tasks,
 * each aged one after its fresh run; the name and colour of a bar. */
void        fsb_chart_model_build_aging (Model *m, FsbResult *result, const FsbChartOptions *options);
void        fsb_chart_interleave_fresh  (GPtrArray *ids);
const char *fsb_chart_series_name       (const Model *m, guint f);
void        fsb_chart_series_color      (const Model *m, guint f, double *red, double *green, double *blue);

G_END_DECLS
