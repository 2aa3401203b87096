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
} Model;

const char *fsb_chart_kind_metric (FsbChartKind kind);
void fsb_chart_model_build (Model *m, FsbResult *result, const FsbChartOptions *options);
void        fsb_chart_model_clear (Model *m);

G_END_DECLS
