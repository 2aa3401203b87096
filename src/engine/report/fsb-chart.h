/* fsb-chart.h: the one chart renderer, for the window, SVG, PNG and PDF */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "fsb-result.h"
#include "fsb-catalog.h"
#include "fsb-stats.h"

G_BEGIN_DECLS

typedef enum {
  FSB_CHART_SECTION,   /* the section's tasks × filesystems, on each task's headline metric */
  FSB_CHART_CPU,       /* the same tasks on CPU % */
  FSB_CHART_FAULTS,    /* the same tasks on minor page faults */
  FSB_CHART_CAPACITY,  /* usable space after mkfs and after deleting everything */
  FSB_CHART_TRANSFER,  /* MB/s copying from each filesystem (rows) to each (columns) */
  FSB_CHART_AGING,     /* one filesystem's tasks, fresh and aged (the condition) side by side */
  FSB_CHART_SCALING,   /* one task's series: a row per count of jobs or depth, a bar per filesystem */
} FsbChartKind;

typedef struct {
  FsbChartKind kind;
  const char  *section;     /* a criterion id, for SECTION, CPU, FAULTS; NULL: every task */
  gboolean     live;        /* a run in progress: rows for planned tasks still waiting */
  const char  *title;       /* drawn above the chart, or NULL */
  double       font_size;   /* in device units; 0 picks 11 */
  double       axis_max;    /* at least this far on a shared axis (0: fit the data),
                             * so charts side by side share a scale */
  const char  *caption;     /* drawn small under the chart (what, where, when), or NULL */
  const char  *filesystem;  /* AGING: whose runs (a name in the result) */
  const char  *task;        /* SCALING: the task id whose series it draws */
  guint        first_row;   /* with n_rows: only these of its rows, on the whole chart's scales, */
  guint        n_rows;      /* as a page draws a chart too tall for it in parts (0: every row) */
} FsbChartOptions;

/* The whisker of a median: its 95 % interval when the statistics carry one
 * (returns TRUE), else the fastest and slowest repetitions (FALSE). The
 * charts, the tables and the comparisons all take it from here. */
gboolean fsb_chart_interval         (const FsbStats *stats, double *low, double *high);
/* TRUE when the whiskers of this chart are 95 % intervals rather than min–max. */
gboolean fsb_chart_uses_intervals   (FsbResult *result, const FsbChartOptions *options);
/* The smallest text the chart draws, as a share of options->font_size:
 * what a page must scale it by to keep it legible. */
double   fsb_chart_smallest_text    (void);

/* The largest value the chart shows (whiskers included): for axis_max. */
double   fsb_chart_get_max          (FsbResult *result, const FsbChartOptions *options);

/* Draws on any cairo_t (a widget, SVG, PNG or PDF surface) into the box
 * (0, 0, width, height) in user space; numbers follow LC_NUMERIC. */
void     fsb_chart_draw             (cairo_t *cr, FsbResult *result, const FsbChartOptions *options,
                                     double width, double height);
/* How many rows (tasks) the chart draws, for first_row and n_rows. */
guint    fsb_chart_get_n_rows       (FsbResult *result, const FsbChartOptions *options);
/* The height the chart wants at this width (legend and rows). */
double   fsb_chart_get_height       (FsbResult *result, const FsbChartOptions *options, double width);
/* How many of its rows from first_row a part of the chart (with its own
 * legend and axes) can draw in height at this width; 0 when not one fits.
 * A page draws a chart taller than itself in such parts. */
guint    fsb_chart_rows_fitting     (FsbResult *result, const FsbChartOptions *options, guint first_row,
                                     double width, double height);
/* FALSE when the result holds nothing this chart would show. */
gboolean fsb_chart_has_data         (FsbResult *result, const FsbChartOptions *options);
/* The colour of the n-th filesystem of a result (Okabe–Ito, colour-blind safe). */
void     fsb_chart_fs_color         (guint index, double *red, double *green, double *blue);

/* A standalone SVG document with a small white border (height 0: the chart's own height). */
char    *fsb_chart_to_svg           (FsbResult *result, const FsbChartOptions *options,
                                     double width, double height, gsize *length);
/* The same chart at each width, each of its own height: one model for all. */
GStrv    fsb_chart_to_svgs          (FsbResult *result, const FsbChartOptions *options,
                                     const double *widths, guint n_widths);
gboolean fsb_chart_write_svg        (FsbResult *result, const FsbChartOptions *options,
                                     double width, double height, const char *path, GError **error);
/* scale multiplies the pixels (2 for sharp text on high-density screens). */
gboolean fsb_chart_write_png        (FsbResult *result, const FsbChartOptions *options,
                                     double width, double height, double scale,
                                     const char *path, GError **error);

G_END_DECLS
