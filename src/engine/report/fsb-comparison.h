/* fsb-comparison.h: several runs against the first: what differs, and each change */
#pragma once

#include <glib.h>

#include "fsb-result.h"
#include "fsb-stats.h"

G_BEGIN_DECLS

/* The comparison model, shared by the comparison report and the window's
 * comparison view: one path from the runs to the changes. */

typedef enum {
  FSB_CHANGE_MISSING,       /* a side has no figure */
  FSB_CHANGE_INCOMPARABLE,  /* the runs used different data for this task: no change computed */
  FSB_CHANGE_NOISE,         /* the interval of the change includes no change */
  FSB_CHANGE_BETTER,
  FSB_CHANGE_WORSE,
  FSB_CHANGE_SAME,          /* a single measurement, identical (capacity) */
} FsbChangeKind;

typedef enum {
  FSB_COMPARE_RATIO,        /* times and rates: how many times faster or slower */
  FSB_COMPARE_POINTS,       /* percentages (capacity, CPU): the difference in points */
} FsbCompareScale;

typedef struct {
  FsbChangeKind kind;
  double        value;      /* RATIO: the speed-up (> 1: faster); POINTS: the difference */
  double        low, high;  /* its interval, from the whiskers of both sides */
  gboolean      interval;   /* both sides had repetitions: low and high mean something */
} FsbChange;

typedef struct {
  const char     *section;   /* criterion id: "big-files", "capacity", "cpu" */
  char           *task;      /* task id, or "capacity-initial" / "capacity-residual" */
  char           *fs;        /* filesystem name as the results have it */
  const char     *metric;
  gboolean        higher_is_better;
  FsbCompareScale scale;
  guint           n_runs;
  double         *median;    /* per run; NAN where missing */
  double         *low;       /* per run: the whisker (fsb_chart_interval) */
  double         *high;
  FsbLogEstimate *estimate;  /* per run: the median's on the log scale (var INFINITY: unknown) */
  FsbChange      *change;    /* per run; change[0] is the reference's own: MISSING */
} FsbComparisonRow;

typedef struct {
  guint       n_runs;
  FsbResult **runs;
  char      **labels;     /* per run, by what differs: "30 November 2026, 13:37 · Quick" */
  char      **differs;    /* ids of what differs, NULL-terminated: "machine", "kernel", "profile", "target", "date" */
  char       *what_differs; /* translated: "machine, kernel and date" */
  GPtrArray  *rows;       /* of FsbComparisonRow*, in report order: section, task, filesystem */
  GPtrArray  *warnings;   /* of char*, translated: data that differs, and so changes not computed */
  GPtrArray  *incomparable_sections;  /* of const char* criterion ids */
} FsbComparison;

FsbComparison *fsb_comparison_new           (FsbResult * const *runs, guint n_runs);
void           fsb_comparison_free          (FsbComparison *self);
/* The rows of one section (a criterion id), in order; the array is the caller's, the rows are self's. */
GPtrArray     *fsb_comparison_section_rows  (FsbComparison *self, const char *section);
/* A run's figure in a row: "0.183 s", "92.72 %". */
char          *fsb_comparison_format_value  (const FsbComparisonRow *row, guint run);
/* The same in the unit of reference_s, seconds (a table's largest time, so
 * that its columns read in one unit); NaN: the row's largest. */
char          *fsb_comparison_format_value_as  (const FsbComparisonRow *row, guint run, double reference_s);
/* The largest time of these rows (FsbComparisonRow*), in seconds. */
double         fsb_comparison_time_reference   (GPtrArray *rows);
/* A change in words: "2.8× faster (2.1–3.5×)", "within noise (0.92–1.10×)", "−5 pp, less CPU",
 * "not comparable: other data", "—". */
char          *fsb_comparison_format_change (const FsbComparisonRow *row, guint run);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbComparison, fsb_comparison_free)

G_END_DECLS
