/* fsb-verdict-words.c: the words the verdict's sentences share, chosen to
 * match the numbers: "2.8× faster", not "181 % behind"; "within 3 % of
 * each other", not "2.2 % ahead" */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-recommend-private.h"

/* From this ratio on, a lead reads as "2.8× faster" rather than "180 % faster". */
#define TIMES_FROM 2.0

char *
fsb_words_ahead (FsbScoreKind kind, double ratio, const char *other)
{
  const char *name = fsb_format_fs_name (other);
  g_autofree char *amount = NULL;

  if (isinf (ratio) && ratio > 0)
    /* Translators: how far ahead, when the other missed tasks: "ext4 is the fastest with random I/O: ahead
     * of JFS, which did not measure every task." */
    return g_strdup_printf (_("ahead of %s, which did not measure every task"), name);
  if (!isfinite (ratio) || ratio <= 0)
    ratio = 1;
  switch (kind)
    {
    case FSB_SCORE_CAPACITY:
    case FSB_SCORE_AGED:
      amount = fsb_format_percent ((ratio - 1) * 100, (ratio - 1) * 100 < 10 ? 1 : 0);
      /* Translators: usable space; a percentage, then a filesystem: "7.9 % more than Btrfs" */
      return g_strdup_printf (_("%s more than %s"), amount, name);
    case FSB_SCORE_CPU:
      /* CPU use is lower-better: the one uses 1/ratio of the other's. */
      amount = fsb_format_percent ((1 - 1 / ratio) * 100, 0);
      /* Translators: CPU use; a percentage, then a filesystem: "30 % less than XFS" */
      return g_strdup_printf (_("%s less than %s"), amount, name);
    case FSB_SCORE_TASKS:
    case FSB_SCORE_TRANSFER:
    default:
      if (ratio >= TIMES_FROM)
        {
          amount = fsb_format_number (ratio, ratio < 10 ? 1 : 0);
          /* Translators: a speed ratio, then a filesystem: "2.8× faster than ext4" (ru: «в 2,8 раза быстрее, чем ext4») */
          return g_strdup_printf (C_("times faster", "%s× faster than %s"), amount, name);
        }
      amount = fsb_format_percent ((ratio - 1) * 100, 0);
      /* Translators: a percentage, then a filesystem: "18 % faster than ext4" (ru: «на 18 % быстрее, чем ext4») */
      return g_strdup_printf (C_("percent faster", "%s faster than %s"), amount, name);
    }
}

char *
fsb_words_names (char **names)
{
  g_autoptr(GPtrArray) display = g_ptr_array_new ();

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    g_ptr_array_add (display, (gpointer) fsb_format_fs_name (names[i]));
  return fsb_format_join_names ((const char * const *) display->pdata, display->len, FALSE);
}

char *
fsb_words_tie_reason (gboolean equivalent, double percent)
{
  g_autofree char *amount = NULL;

  if (!equivalent)
    return g_strdup (_("the difference is within the uncertainty of the measurements"));
  amount = fsb_format_percent (MAX (1, ceil (percent - 1e-9)), 0);
  /* Translators: why filesystems are tied: "within 3 % of each other" */
  return g_strdup_printf (_("within %s of each other"), amount);
}

char *
fsb_words_figure (double value, const char *metric)
{
  if (g_strcmp0 (metric, "percent") == 0)
    return fsb_format_percent (value, 2);  /* capacity: 99.95 % against 99.83 % */
  if (g_strcmp0 (metric, "cpu_percent") == 0)
    return fsb_format_percent (value, fabs (value) >= 10 ? 0 : 1);
  if (metric != NULL && g_str_has_suffix (metric, "_s") && !g_str_has_suffix (metric, "_per_s"))
    return fsb_format_duration (value);
  return fsb_format_value_unit (value, metric);
}
