/* fsb-format.h: numbers, durations, sizes and percents in the user's locale */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* All functions follow LC_NUMERIC (decimal point, digit grouping:
 * 1 234,5 in ru and fr, 1.234,5 in de; 1,234.5 in en and under C, whose
 * language is English) and return UTF-8 to g_free(). */

/* A number with a fixed count of decimals; decimals < 0 picks them from
 * the magnitude (three significant digits, at least 0 decimals). */
char *fsb_format_number        (double value, int decimals);
/* The decimals fsb_format_number (value, -1) would use: three significant digits. */
int   fsb_format_decimals_for  (double value);
/* A metric's value without its unit: counts as integers, the rest by magnitude. */
char *fsb_format_value         (double value, const char *metric);
/* A metric's value with its unit: "34,8 s", "1 240 files/s", "46 %". */
char *fsb_format_value_unit    (double value, const char *metric);
/* "0,02 s", "14,7 s", "2 min 38 s", "1 h 05 min". */
char *fsb_format_duration      (double seconds);
/* A time for tables and charts, in the unit that suits it, with three
 * significant digits kept (no trimming, so columns line up):
 * "574 µs", "1.58 ms", "0.180 s", "14.7 s", "2 min 3 s", "1 h 05 min".
 * Below 1 ms in µs, below 0.1 s in ms, below a minute in seconds. */
char *fsb_format_time          (double seconds);
/* The unit fsb_format_time writes this time in ("µs", "ms" or "s",
 * translated); returns what one of it is in seconds (1e-6, 1e-3, 1). */
double fsb_format_time_unit    (double seconds, const char **unit);
/* A time in the unit fsb_format_time picks for reference (the largest of a
 * task's figures), three significant digits of its own: the figures of one
 * task then share a unit, "0.0769 s" beside "0.126 s"; past a minute,
 * seconds: "123 s" beside "14.7 s". */
char *fsb_format_time_as       (double seconds, double reference);
/* Two times in the unit of reference (as fsb_format_time_as) with the
 * decimals of median: "551–602 µs", "0.0590–0.0819 s"; past a minute
 * in seconds at both ends: "58.2–63.1 s". */
char *fsb_format_time_range    (double low, double high, double median, double reference);
/* TRUE for metrics that hold a time: "wall_s", "cpu_s" (seconds), "latency_p95_ms"
 * (milliseconds); scale is what one unit of the metric is in seconds. */
gboolean fsb_format_metric_is_time (const char *metric, double *scale);
/* A metric counted in bytes: "bytes", "space_used_bytes", "device_write_bytes" … */
gboolean fsb_metric_is_bytes   (const char *metric);
/* A metric's value with its unit, times in their adaptive unit (fsb_format_time). */
char *fsb_format_metric        (double value, const char *metric);
/* A figure of a table's column whose largest is reference: times in its
 * unit (seconds past a minute), every figure three significant digits,
 * untrimmed ("8.00 MB/s" beside "13.5 MB/s"), a share's decimals the
 * column's: "0.0920 s" beside "0.153 s", "6 %" beside "46 %". */
char *fsb_format_figure_as     (double value, const char *metric, double reference);
/* How many times one figure is the other: "2.8×", "12×", "1.05×". */
char *fsb_format_ratio         (double ratio);
/* "1.06–1.09×" */
char *fsb_format_ratio_range   (double low, double high);
/* A difference of two percentages, with its sign: "+0.02 pp", "−5.1 pp". */
char *fsb_format_points        (double points);
/* A date from ISO 8601, unambiguous in every language: "30 November 2026",
 * "30. November 2026", "30 ноября 2026 г."; with the time of day: "30 November 2026, 13:37".
 * Text that is not ISO 8601 is returned as it is. */
char *fsb_format_date          (const char *iso);
char *fsb_format_date_time     (const char *iso);
/* "4,0 GB": g_format_size, whose decimals follow the locale. */
char *fsb_format_size          (guint64 bytes);
/* "99,9 %" with the locale's spacing. */
char *fsb_format_percent       (double percent, int decimals);
/* A relative change with its sign: "+18 %", "−5,2 %". */
char *fsb_format_change        (double percent);
/* The usual spelling of a filesystem type: "xfs" gives "XFS". */
const char *fsb_format_fs_name (const char *name);
/* "ext4", "ext4 and XFS", "ext4, XFS and JFS"; with alternatives,
 * "ext4 or XFS" (translated joiners). */
char *fsb_format_join_names    (const char * const *names, guint n, gboolean alternatives);

G_END_DECLS
