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

char *
fsb_format_number (double value, int decimals)
{
  struct lconv *lc = localeconv ();
  const char *point = utf8_or (lc->decimal_point, ".");
  const char *sep = utf8_or (lc->thousands_sep, "");
  const char *grouping = lc->grouping != NULL ? lc->grouping : "";
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

static gboolean
metric_is_count (const char *metric)
{
  static const char *counts[] = { "minor_faults", "major_faults", "files", "bytes", "iops" };

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

char *
fsb_format_duration (double seconds)
{
  if (!isfinite (seconds))
    return g_strdup ("—");
  if (seconds < 60)
    {
      g_autofree char *number = fsb_format_number (seconds, -1);
      return g_strconcat (number, NBSP, fsb_metric_unit ("wall_s"), NULL);
    }
  if (seconds < 3600)
    {
      guint s = (guint) lround (seconds);
      /* Translators: a duration, minutes and seconds: "2 min 38 s" */
      return g_strdup_printf (_("%u min %02u s"), s / 60, s % 60);
    }
  {
    guint m = (guint) lround (seconds / 60);
    /* Translators: a duration, hours and minutes: "1 h 05 min" */
    return g_strdup_printf (_("%u h %02u min"), m / 60, m % 60);
  }
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
