/* test-format.c: numbers, durations and lists in the user's locale */
#include "config.h"

#include <locale.h>

#include "fsb-engine.h"
#include "fsb-format.h"

#define NNBSP "\u202f"
#define NBSP "\u00a0"

static void
assert_formats (char *got, const char *want)
{
  g_assert_cmpstr (got, ==, want);
  g_free (got);
}

static void
test_c_locale (void)
{
  /* English groups thousands, even under C.UTF-8, which groups none */
  assert_formats (fsb_format_number (1234.5, 1), "1,234.5");
  assert_formats (fsb_format_number (-1234567, 0), "-1,234,567");
  assert_formats (fsb_format_number (999, 0), "999");
  assert_formats (fsb_format_value_unit (12345, "files"), "12,345" NBSP "files");
  assert_formats (fsb_format_number (-0.004, 2), "0.00");
  /* three significant digits, as the study writes its figures */
  assert_formats (fsb_format_number (14.7, -1), "14.7");
  assert_formats (fsb_format_number (158.33, -1), "158.3");
  assert_formats (fsb_format_number (2.2, -1), "2.2");
  assert_formats (fsb_format_number (0.7, -1), "0.7");
  assert_formats (fsb_format_number (0.02, -1), "0.02");
  assert_formats (fsb_format_number (0.0234, -1), "0.0234");
  assert_formats (fsb_format_number (12345.6, -1), "12,346");
  assert_formats (fsb_format_number (0, -1), "0");
  g_assert_cmpint (fsb_format_decimals_for (34.8), ==, 1);
  g_assert_cmpint (fsb_format_decimals_for (0.5), ==, 3);

  assert_formats (fsb_format_value (600.4, "minor_faults"), "600");
  assert_formats (fsb_format_value (46.2, "cpu_percent"), "46");
  assert_formats (fsb_format_value (6.04, "cpu_percent"), "6.0");
  assert_formats (fsb_format_value_unit (34.8, "wall_s"), "34.8" NBSP "s");
  assert_formats (fsb_format_percent (99.95, 2), "99.95" NBSP "%");
  assert_formats (fsb_format_change (18.2), "+18" NBSP "%");
  assert_formats (fsb_format_change (-5.24), "−5.2" NBSP "%");
  assert_formats (fsb_format_change (0.01), "±0.0" NBSP "%");
  assert_formats (fsb_format_duration (3.5), "3.5" NBSP "s");
  assert_formats (fsb_format_duration (158.3), "2 min 38 s");
  assert_formats (fsb_format_duration (3900), "1 h 05 min");
  assert_formats (fsb_format_duration (0.0132), "13.2" NBSP "ms");

  /* times in the unit that suits them, three significant digits */
  assert_formats (fsb_format_time (0.000574), "574" NBSP "µs");
  assert_formats (fsb_format_time (0.00158), "1.58" NBSP "ms");
  assert_formats (fsb_format_time (0.0574), "57.4" NBSP "ms");
  assert_formats (fsb_format_time (0.18), "0.180" NBSP "s");
  assert_formats (fsb_format_time (14.7), "14.7" NBSP "s");
  assert_formats (fsb_format_time (123), "2 min 3 s");
  assert_formats (fsb_format_time (0.0009999), "1.00" NBSP "ms");
  assert_formats (fsb_format_time_as (0.0769, 0.126), "0.0769" NBSP "s");
  assert_formats (fsb_format_time_as (0.00505, 0.0261), "5.05" NBSP "ms");
  assert_formats (fsb_format_time_range (0.000551, 0.000602, 0.000574, 0.000574), "551–602" NBSP "µs");
  assert_formats (fsb_format_time_range (0.17, 0.2051, 0.183, 0.183), "0.170–0.205" NBSP "s");
  assert_formats (fsb_format_time_range (0.059, 0.0819, 0.0769, 0.126), "0.0590–0.0819" NBSP "s");
  /* past a minute a column and an interval stay in seconds */
  assert_formats (fsb_format_time_as (14.7, 123), "14.7" NBSP "s");
  assert_formats (fsb_format_time_as (123, 123), "123" NBSP "s");
  assert_formats (fsb_format_time_range (0.0689, 131, 2.5, 2.5), "0.07–131.00" NBSP "s");
  assert_formats (fsb_format_time_range (150, 169, 159, 159), "150–169" NBSP "s");
  /* an overview's column: its unit, three significant digits each */
  assert_formats (fsb_format_figure_as (8, "mb_per_s", 13.5), "8.00" NBSP "MB/s");
  assert_formats (fsb_format_figure_as (0.0919, "wall_s", 0.153), "0.0919" NBSP "s");
  assert_formats (fsb_format_figure_as (78.2, "wall_s", 302), "78.2" NBSP "s");
  assert_formats (fsb_format_figure_as (6.04, "cpu_percent", 46), "6" NBSP "%");
  assert_formats (fsb_format_metric (0.000574, "wall_s"), "574" NBSP "µs");
  assert_formats (fsb_format_metric (2.5, "latency_p95_ms"), "2.50" NBSP "ms");
  assert_formats (fsb_format_metric (46.2, "cpu_percent"), "46" NBSP "%");
  g_assert_true (fsb_format_metric_is_time ("cpu_s", NULL));
  g_assert_false (fsb_format_metric_is_time ("files_per_s", NULL));
  assert_formats (fsb_format_ratio (2.83), "2.8×");
  assert_formats (fsb_format_ratio (12.4), "12×");
  assert_formats (fsb_format_ratio (1.047), "1.05×");
  assert_formats (fsb_format_ratio (1.1), "1.10×");
  assert_formats (fsb_format_ratio_range (1.06, 1.104), "1.06–1.10×");
  assert_formats (fsb_format_points (0.021), "+0.02" NBSP "pp");
  assert_formats (fsb_format_points (-5.12), "−5.1" NBSP "pp");
  assert_formats (fsb_format_points (0.001), "±0.00" NBSP "pp");
  /* dates that read the same on both sides of the Atlantic */
  assert_formats (fsb_format_date ("2026-11-30T13:37:00+01:00"), "30 November 2026");
  assert_formats (fsb_format_date_time ("2026-11-30T13:37:00+01:00"), "30 November 2026, 13:37");
  assert_formats (fsb_format_date_time ("yesterday"), "yesterday");
}

static void
test_names (void)
{
  const char *names[] = { "ext4", "XFS", "JFS" };

  g_assert_cmpstr (fsb_format_fs_name ("xfs"), ==, "XFS");
  g_assert_cmpstr (fsb_format_fs_name ("btrfs"), ==, "Btrfs");
  g_assert_cmpstr (fsb_format_fs_name ("ext4"), ==, "ext4");
  g_assert_cmpstr (fsb_format_fs_name ("mystery"), ==, "mystery");
  assert_formats (fsb_format_join_names (names, 1, FALSE), "ext4");
  assert_formats (fsb_format_join_names (names, 2, FALSE), "ext4 and XFS");
  assert_formats (fsb_format_join_names (names, 3, FALSE), "ext4, XFS and JFS");
  assert_formats (fsb_format_join_names (names, 2, TRUE), "ext4 or XFS");
  assert_formats (fsb_format_join_names (names, 0, TRUE), "");
}

/* The grouping and decimal point of each language, from LC_NUMERIC. */
static void
test_locales (void)
{
  struct { const char *locale, *number, *negative; } cases[] = {
    { "ru_RU.UTF-8", "1" NNBSP "234,5", "-1" NNBSP "234" NNBSP "567" },
    { "fr_FR.UTF-8", "1" NNBSP "234,5", "-1" NNBSP "234" NNBSP "567" },
    { "de_DE.UTF-8", "1.234,5", "-1.234.567" },
    { "en_US.UTF-8", "1,234.5", "-1,234,567" },
    { "C", "1,234.5", "-1,234,567" },
  };
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  guint tested = 0;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      if (setlocale (LC_NUMERIC, cases[i].locale) == NULL)
        continue;
      tested++;
      assert_formats (fsb_format_number (1234.5, 1), cases[i].number);
      assert_formats (fsb_format_number (-1234567, 0), cases[i].negative);
      assert_formats (fsb_format_number (999, 0), "999");
    }
  setlocale (LC_NUMERIC, saved);
  if (tested == 0)
    g_test_skip ("no ru, fr or de locale is installed (build-aux/dev generates them)");
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/format/c-locale", test_c_locale);
  g_test_add_func ("/format/names", test_names);
  g_test_add_func ("/format/locales", test_locales);
  return g_test_run ();
}
