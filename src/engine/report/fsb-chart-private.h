/* fsb-chart-private.h: the chart's model and what its renderer's parts share */
#pragma once

#include <pango/pangocairo.h>

#include "fsb-chart.h"

G_BEGIN_DECLS

/* Tasks whose largest figures differ more than this many times are drawn on
 * axes of their own: a delete of 0.6 ms beside a copy of 0.35 s would be
 * invisible on one linear axis. */
#define FSB_CHART_BAND_RATIO 20.0

typedef struct {
  gboolean have;
  gboolean failed;
  double   median;
  double   low, high;   /* the whisker: the 95 % interval, or the fastest and slowest */
} Cell;

typedef struct {
  char       *label;
  const char *metric;
  gboolean    pending;   /* live: planned, not measured yet */
  double      reference; /* its largest median: times of one task share that one's unit */
  Cell       *cells;
} Row;

/* Rows drawn against one axis. */
typedef struct {
  guint  first;      /* index of its first row in Model.rows */
  guint  n_rows;
  double max_value;  /* the largest figure of its rows, whiskers included */
} Band;

typedef struct {
  FsbResult             *result;
  const FsbChartOptions *options;
  guint                  n_fs;
  GPtrArray             *rows;
  GArray                *bands;   /* of Band, in the order drawn; rows are grouped by band */
  gboolean               shared_axis;
  gboolean               higher_is_better;
  gboolean               intervals;  /* the whiskers are 95 % intervals (else min–max) */
  guint                  n_intervals, n_ranges;  /* cells whose whisker is an interval, a min–max */
  const char            *metric;
  double                 max_value;
  const char            *series[2];  /* AGING: "Fresh" and "Aged" stand for the filesystems */
  guint                  series_fs;  /* AGING: that filesystem's index, for its colour */
  guint                  hidden_rows;   /* rows left out: see FSB_CHART_MAX_BARS */
  GPtrArray             *other_rows;    /* a part (first_row, n_rows): the chart's other rows, measured,
                                         * not drawn, so that every part has the same layout; or NULL */
} Model;

/* cairo's PDF and SVG surfaces take time quadratic in the number of things
 * drawn (4,096 bars took 2 s a chart), so a chart draws at most this many bars
 * and says how many tasks it left to the tables. */
#define FSB_CHART_MAX_BARS 384

const char *fsb_chart_kind_metric (FsbChartKind kind);
void        fsb_chart_model_build (Model *m, FsbResult *result, const FsbChartOptions *options);
void        fsb_chart_model_clear (Model *m);

/* fsb-chart-aging.c: the AGING chart's model; the aged section's tasks,
 * each aged one after its fresh run; the name and colour of a bar. */
void        fsb_chart_model_build_aging (Model *m, FsbResult *result, const FsbChartOptions *options);
void        fsb_chart_interleave_fresh  (GPtrArray *ids);
const char *fsb_chart_series_name       (const Model *m, guint f);
void        fsb_chart_series_color      (const Model *m, guint f, double *red, double *green, double *blue);

/* A cell of task's metric (NULL: none): its median and whisker, or failed;
 * raises m->max_value and counts the whisker's kind (fsb-chart-model.c). */
void        fsb_chart_set_cell          (Model *m, Cell *c, FsbTaskResult *task, const char *metric);
/* fsb-chart-scaling.c: the SCALING chart's model: a row per count of the
 * task's series, a bar per filesystem. */
void        fsb_chart_model_build_scaling (Model *m, FsbResult *result, const FsbChartOptions *options);

/* Text, in one font at a base size. */
typedef struct {
  cairo_t              *cr;
  PangoLayout          *layout;
  PangoFontDescription *font;
  double                size;
  guint                 cut;   /* texts ellipsized to fit: none but a hostile label's */
} Ink;

void   fsb_ink_set        (Ink *ink, const char *text, double size_factor, gboolean bold, double max_width);
void   fsb_ink_size       (Ink *ink, double *width, double *height);
double fsb_ink_text_width (Ink *ink, const char *text, double factor, gboolean bold);
/* Text with its left (align 0), centre (0.5) or right (1) at x, its middle at y. */
void   fsb_ink_draw       (Ink *ink, const char *text, double x, double y, double align,
                           double factor, gboolean bold, double max_width);
/* Text wrapped in at most max_lines lines of max_width, with its left
 * (align 0) or centre (0.5) at x but the whole of it between 0 and limit,
 * its top at y; returns its height. */
double fsb_ink_draw_lines (Ink *ink, const char *text, double x, double y, double align, double factor, gboolean bold,
                           double max_width, guint max_lines, double limit);
/* The height that text takes in at most max_lines lines of max_width. */
double fsb_ink_lines_height (Ink *ink, const char *text, double factor, double max_width, guint max_lines);

typedef struct {
  double   size;          /* font size */
  double   pad;
  double   title_h;
  double   legend_h;
  double   caption_h;
  double   bar_h, bar_gap, row_gap;
  double   row_label_h;   /* stacked: the task's name above its bars */
  double   label_w;       /* the task names' column (0 when stacked) */
  double   value_w;       /* room right of the longest bar */
  double   axis_h;
  double   band_gap;
  double   plot_x, plot_w;
  double   width;         /* the chart's: no text goes past it */
  double   height;
  gboolean stacked;       /* narrow: names above the bars, the bars across the width */
  guint    label_lines;   /* stacked: the lines a name may take (2 when one is wider than the chart) */
} Geometry;

double fsb_chart_row_height  (const Model *m, const Geometry *g);
double fsb_chart_band_height (const Model *m, const Geometry *g, const Band *band);
char  *fsb_chart_format_cell (const Model *m, const Row *row, double value, gboolean with_unit);
/* fsb-chart-bars.c: the bars of every band, each under its own axis */
void   fsb_chart_draw_bands  (cairo_t *cr, Ink *ink, const Model *m, const Geometry *g, double y0);
/* The room an axis needs: left of its zero line for the "0" under it, and
 * below its ticks for the tallest of its bands' titles, wrapped to the width. */
void   fsb_chart_axis_room   (Ink *ink, const Model *m, double width, double *left, double *title_h);
/* As fsb_chart_draw () does; returns how many texts it cut to fit (for the tests). */
guint  fsb_chart_draw_counting_cuts (cairo_t *cr, FsbResult *result, const FsbChartOptions *options,
                                     double width, double height);
/* A bar's colour: its filesystem's, or (AGING) the fresh and aged shades */
void   fsb_chart_set_fs_color (cairo_t *cr, const Model *m, guint f);

G_END_DECLS
