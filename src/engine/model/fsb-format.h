/* fsb-format.h: numbers, durations, sizes and percents in the user's locale */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* All functions follow LC_NUMERIC (decimal point, digit grouping:
 * 1 234,5 in ru and fr, 1.234,5 in de) and return UTF-8 to g_free(). */

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
