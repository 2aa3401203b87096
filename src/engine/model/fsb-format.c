/* fsb-format.c: numbers, durations, sizes and percents in the user's locale */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-catalog.h"

#define NBSP "\u00a0"

/* localeconv() strings are in the LC_NUMERIC codeset; all the locales we
 * ship are UTF-8, and anything else falls back to plain ASCII. */
static const char *
utf8_or (const char *s, const char *fallback)
{
  return (s != NULL && g_utf8_validate (s, -1, NULL)) ? s : fallback;
}

static int
auto_decimals (double value)
{
  double a = fabs (value);

  if (a == 0 || a >= 1000)
    return 0;
  if (a >= 10)
    return 1;
  if (a >= 1)
    return 2;
  return MIN (6, 2 - (int) floor (log10 (a)));
}

int
fsb_format_decimals_for (double value)
{
  return auto_decimals (value);
}

/* The C locale (C.UTF-8 too, where English reports are written when no
 * en_* locale is installed) groups no digits; its language, English, does:
 * "12,345 files". */
static gboolean
numeric_is_c (void)
{
  const char *name = setlocale (LC_NUMERIC, NULL);

  return name == NULL || strcmp (name, "C") == 0 || strcmp (name, "POSIX") == 0 || g_str_has_prefix (name, "C.");
}

char *
fsb_format_number (double value, int decimals)
{
  struct lconv *lc = localeconv ();
  gboolean c = numeric_is_c ();
  const char *point = utf8_or (lc->decimal_point, ".");
  const char *sep = c ? "," : utf8_or (lc->thousands_sep, "");
  const char *grouping = c ? "\3" : lc->grouping != NULL ? lc->grouping : "";
  gboolean trim = decimals < 0;
  char buf[G_ASCII_DTOSTR_BUF_SIZE + 64];
  char fmt[16];
  const char *digits, *frac;
  gsize n_int;
  GString *out;

  if (!isfinite (value))
    return g_strdup ("—");
  if (trim)
    decimals = auto_decimals (value);
  decimals = CLAMP (decimals, 0, 9);
  g_snprintf (fmt, sizeof fmt, "%%.%df", decimals);
  g_ascii_formatd (buf, sizeof buf, fmt, value);
  /* "-0.00" after rounding reads oddly */
  if (buf[0] == '-' && buf[1 + strspn (buf + 1, "0.")] == '\0')
    memmove (buf, buf + 1, strlen (buf));

  frac = strchr (buf, '.');
  if (frac != NULL && trim)
    {
      char *end = buf + strlen (buf) - 1;
      while (end > frac && *end == '0')
        *end-- = '\0';
      if (end == frac)
        *end = '\0';
      frac = strchr (buf, '.');
    }

  out = g_string_new (NULL);
  digits = buf;
  if (*digits == '-')
    {
      g_string_append_c (out, '-');
      digits++;
    }
  n_int = frac != NULL ? (gsize) (frac - digits) : strlen (digits);

  /* Group the integer part from the right, as the locale's grouping says. */
  {
    g_autoptr(GString) rev = g_string_new (NULL);
    const char *g = grouping;
    int size = (*g > 0 && *g != CHAR_MAX) ? *g : 0;
    int count = 0;
    g_autofree char *rsep = g_utf8_strreverse (sep, -1);

    for (gssize i = (gssize) n_int - 1; i >= 0; i--)
      {
        if (size > 0 && *sep != '\0' && count == size)
          {
            g_string_append (rev, rsep);
            count = 0;
            if (g[1] != '\0')
              {
                g++;
                size = (*g > 0 && *g != CHAR_MAX) ? *g : 0;
              }
          }
        g_string_append_c (rev, digits[i]);
        count++;
      }
    {
      g_autofree char *fwd = g_utf8_strreverse (rev->str, -1);
      g_string_append (out, fwd);
    }
  }
  if (frac != NULL)
    {
      g_string_append (out, point);
      g_string_append (out, frac + 1);
    }
  return g_string_free (out, FALSE);
}

gboolean
fsb_metric_is_bytes (const char *metric)
{
  static const char *bytes[] = { "bytes", "space_used_bytes", "device_read_bytes", "device_write_bytes" };

  for (guint i = 0; metric != NULL && i < G_N_ELEMENTS (bytes); i++)
    if (strcmp (metric, bytes[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
metric_is_count (const char *metric)
{
  static const char *counts[] = { "minor_faults", "major_faults", "files", "bytes", "space_used_bytes",
                                  "device_read_bytes", "device_write_bytes", "iops" };

  for (guint i = 0; metric != NULL && i < G_N_ELEMENTS (counts); i++)
    if (strcmp (metric, counts[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
metric_is_percent (const char *metric)
{
  return metric != NULL && (g_str_has_suffix (metric, "percent") || strcmp (metric, "percent") == 0);
}

char *
fsb_format_value (double value, const char *metric)
{
  if (metric_is_count (metric) || (metric_is_percent (metric) && fabs (value) >= 10))
    return fsb_format_number (value, 0);
  if (metric_is_percent (metric))
    return fsb_format_number (value, 1);
  if (metric != NULL && strcmp (metric, "files_per_s") == 0 && fabs (value) >= 100)
    return fsb_format_number (value, 0);
  return fsb_format_number (value, -1);
}

char *
fsb_format_value_unit (double value, const char *metric)
{
  g_autofree char *number = fsb_format_value (value, metric);
  const char *unit = metric != NULL ? fsb_metric_unit (metric) : "";

  if (*unit == '\0')
    return g_steal_pointer (&number);
  return g_strconcat (number, NBSP, unit, NULL);
}

/* Decimals for three significant digits: 574, 15.8, 1.58, 0.183. */
static int
sig3_decimals (double value)
{
  double a = fabs (value);

  if (a == 0 || a >= 99.95)
    return 0;
  if (a >= 9.995)
    return 1;
  if (a >= 0.9995)
    return 2;
  return MIN (9, 2 - (int) floor (log10 (a)));
}

/* The unit a time reads best in, chosen on the value rounded to what is shown. */
static double
time_scale (double seconds, const char **unit)
{
  double a = fabs (seconds);

  if (a > 0 && a < 0.0009995)
    {
      /* Translators: the symbol of microseconds */
      *unit = C_("unit", "µs");
      return 1e-6;
    }
  if (a > 0 && a < 0.09995)
    {
      /* Translators: the symbol of milliseconds */
      *unit = C_("unit", "ms");
      return 1e-3;
    }
  *unit = fsb_metric_unit ("wall_s");
  return 1;
}

double
fsb_format_time_unit (double seconds, const char **unit)
{
  const char *u;
  double scale = time_scale (seconds, &u);

  if (unit != NULL)
    *unit = u;
  return scale;
}

static char *
minutes_and_more (double seconds)
{
  if (seconds < 3600)
    {
      guint s = (guint) lround (seconds);
      /* Translators: a duration, minutes and seconds: "2 min 3 s" */
      return g_strdup_printf (_("%u min %u s"), s / 60, s % 60);
    }
  {
    guint m = (guint) lround (seconds / 60);
    /* Translators: a duration, hours and minutes: "1 h 05 min" */
    return g_strdup_printf (_("%u h %02u min"), m / 60, m % 60);
  }
}

char *
fsb_format_duration (double seconds)
{
  const char *unit;
  double scale;
  g_autofree char *number = NULL;

  if (!isfinite (seconds))
    return g_strdup ("—");
  if (fabs (seconds) >= 59.5)
    return minutes_and_more (fabs (seconds));
  scale = time_scale (seconds, &unit);
  number = fsb_format_number (seconds / scale, -1);
  return g_strconcat (number, NBSP, unit, NULL);
}

char *
fsb_format_time (double seconds)
{
  const char *unit;
  double scale;
  g_autofree char *number = NULL;

  if (!isfinite (seconds))
    return g_strdup ("—");
  if (fabs (seconds) >= 59.5)
    return minutes_and_more (fabs (seconds));
  scale = time_scale (seconds, &unit);
  number = fsb_format_number (seconds / scale, sig3_decimals (seconds / scale));
  return g_strconcat (number, NBSP, unit, NULL);
}

char *
fsb_format_time_as (double seconds, double reference)
{
  const char *unit;
  double scale;
  g_autofree char *number = NULL;

  if (!isfinite (seconds))
    return g_strdup ("—");
  if (!isfinite (reference))
    return fsb_format_time (seconds);
  /* Past a minute the column stays in seconds: "123 s" beside "14.7 s",
   * never "2 min 3 s" beside "14.7 s". */
  if (fabs (reference) >= 59.5 || fabs (seconds) >= 59.5)
    {
      unit = fsb_metric_unit ("wall_s");
      scale = 1;
    }
  else
    scale = time_scale (reference, &unit);
  number = fsb_format_number (seconds / scale, sig3_decimals (seconds / scale));
  return g_strconcat (number, NBSP, unit, NULL);
}

char *
fsb_format_time_range (double low, double high, double median, double reference)
{
  const char *unit;
  double scale;
  int decimals;
  g_autofree char *lo = NULL, *hi = NULL;

  if (!isfinite (low) || !isfinite (high))
    return g_strdup ("—");
  /* An interval reaching past a minute is in seconds at both ends, like
   * its column: "58.2–63.1 s", not "58.2 s – 1 min 3 s". */
  if (fabs (reference) >= 59.5 || fabs (high) >= 59.5)
    {
      unit = fsb_metric_unit ("wall_s");
      scale = 1;
    }
  else
    scale = time_scale (reference, &unit);
  decimals = sig3_decimals (median / scale);
  lo = fsb_format_number (low / scale, decimals);
  hi = fsb_format_number (high / scale, decimals);
  return g_strconcat (lo, "–", hi, NBSP, unit, NULL);
}

char *
fsb_format_figure_as (double value, const char *metric, double reference)
{
  double scale = 1;
  const char *unit;
  g_autofree char *number = NULL;

  if (!isfinite (value))
    return g_strdup ("—");
  if (g_strcmp0 (metric, "percent") == 0)
    return fsb_format_percent (value, 2);  /* capacity: 99.95 % against 99.83 % */
  if (metric_is_percent (metric))
    return fsb_format_percent (value, fabs (reference) >= 10 ? 0 : 1);
  if (fsb_format_metric_is_time (metric, &scale))
    return fsb_format_time_as (value * scale, reference * scale);
  number = fsb_format_number (value, metric_is_count (metric) ? 0 : sig3_decimals (value));
  unit = metric != NULL ? fsb_metric_unit (metric) : "";
  if (*unit == '\0')
    return g_steal_pointer (&number);
  return g_strconcat (number, NBSP, unit, NULL);
}

gboolean
fsb_format_metric_is_time (const char *metric, double *scale)
{
  double s = 0;

  if (metric == NULL || g_str_has_suffix (metric, "_per_s"))
    s = 0;
  else if (g_str_has_suffix (metric, "_s"))
    s = 1;
  else if (g_str_has_suffix (metric, "_ms"))
    s = 1e-3;
  if (scale != NULL)
    *scale = s;
  return s > 0;
}

char *
fsb_format_metric (double value, const char *metric)
{
  double scale;

  if (fsb_format_metric_is_time (metric, &scale))
    return fsb_format_time (value * scale);
  if (fsb_metric_is_bytes (metric))
    return fsb_format_size ((guint64) MAX (value, 0));
  return fsb_format_value_unit (value, metric);
}

static int
ratio_decimals (double ratio)
{
  return ratio >= 9.95 ? 0 : ratio < 1.995 ? 2 : 1;
}

char *
fsb_format_ratio (double ratio)
{
  g_autofree char *number = NULL;

  if (!isfinite (ratio))
    return g_strdup ("—");
  number = fsb_format_number (ratio, ratio_decimals (ratio));
  return g_strconcat (number, "×", NULL);
}

char *
fsb_format_ratio_range (double low, double high)
{
  int decimals = MAX (ratio_decimals (low), ratio_decimals (high));
  g_autofree char *lo = NULL, *hi = NULL;

  if (!isfinite (low) || !isfinite (high))
    return g_strdup ("—");
  lo = fsb_format_number (low, decimals);
  hi = fsb_format_number (high, decimals);
  return g_strconcat (lo, "–", hi, "×", NULL);
}

char *
fsb_format_points (double points)
{
  double a = fabs (points);
  int decimals = a >= 9.95 ? 0 : a >= 0.095 ? 1 : 2;
  g_autofree char *number = fsb_format_number (a, decimals);
  const char *sign = lround (a * pow (10, decimals)) == 0 ? "±" : points > 0 ? "+" : "−";

  if (!isfinite (points))
    return g_strdup ("—");
  /* Translators: the symbol of percentage points, the difference between two percentages */
  return g_strconcat (sign, number, NBSP, C_("unit", "pp"), NULL);
}

static char *
format_iso (const char *iso, const char *format)
{
  g_autoptr(GDateTime) dt = iso != NULL ? g_date_time_new_from_iso8601 (iso, NULL) : NULL;

  if (dt == NULL)
    return g_strdup (iso != NULL ? iso : "");
  /* the time of the place where it was measured, as the file says it */
  return g_date_time_format (dt, format);
}

char *
fsb_format_date (const char *iso)
{
  /* Translators: a date as g_date_time_format () takes it, with the month
   * written out so it cannot be misread: "30 November 2026". %-d is the day
   * without a leading zero, %B the month's name (genitive where the language
   * has one), %Y the year */
  return format_iso (iso, C_("date format", "%-d %B %Y"));
}

char *
fsb_format_date_time (const char *iso)
{
  /* Translators: a date and time as g_date_time_format () takes it:
   * "30 November 2026, 13:37"; see "%-d %B %Y" */
  return format_iso (iso, C_("date format", "%-d %B %Y, %H:%M"));
}

char *
fsb_format_size (guint64 bytes)
{
  return g_format_size (bytes);
}

char *
fsb_format_percent (double percent, int decimals)
{
  g_autofree char *number = fsb_format_number (percent, decimals);

  return g_strconcat (number, NBSP "%", NULL);
}

char *
fsb_format_change (double percent)
{
  int decimals = fabs (percent) >= 10 ? 0 : 1;
  g_autofree char *number = fsb_format_number (fabs (percent), decimals);

  if (!isfinite (percent))
    return g_strdup ("—");
  if (lround (fabs (percent) * pow (10, decimals)) == 0)
    return g_strconcat ("±", number, NBSP "%", NULL);
  return g_strconcat (percent > 0 ? "+" : "−", number, NBSP "%", NULL);
}

const char *
fsb_format_fs_name (const char *name)
{
  static const struct { const char *name, *display; } names[] = {
    { "xfs", "XFS" }, { "btrfs", "Btrfs" }, { "jfs", "JFS" }, { "reiserfs", "ReiserFS" },
    { "f2fs", "F2FS" }, { "vfat", "FAT" }, { "exfat", "exFAT" }, { "ntfs", "NTFS" },
    { "ntfs3", "NTFS" }, { "nilfs2", "NILFS2" }, { "bcachefs", "bcachefs" }, { "udf", "UDF" },
    { "hfsplus", "HFS+" }, { "zfs", "ZFS" },
  };

  if (name == NULL)
    return "";
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (name, names[i].name) == 0)
      return names[i].display;
  return name;
}

char *
fsb_format_join_names (const char * const *names, guint n, gboolean alternatives)
{
  g_autofree char *acc = NULL;

  if (n == 0)
    return g_strdup ("");
  acc = g_strdup (names[0]);
  for (guint i = 1; i < n; i++)
    {
      char *next;
      if (i == n - 1 && alternatives)
        /* Translators: joins the last two choices: "ext4 or XFS", "ext4, JFS or XFS" */
        next = g_strdup_printf (_("%s or %s"), acc, names[i]);
      else if (i == n - 1)
        /* Translators: joins the last two items of a list: "ext4 and XFS", "ext4, JFS and XFS" */
        next = g_strdup_printf (_("%s and %s"), acc, names[i]);
      else
        /* Translators: joins items of a list but the last two: "ext4, JFS" */
        next = g_strdup_printf (_("%s, %s"), acc, names[i]);
      g_free (acc);
      acc = next;
    }
  return g_steal_pointer (&acc);
}
