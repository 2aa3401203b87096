/* fuzz-result.c: libFuzzer harness for the result loader and what reads its output
 *
 *   CC=clang meson setup _fuzz -Dfuzzing=true -Dgui=disabled
 *   ninja -C _fuzz tests/fuzz-result
 *   _fuzz/tests/fuzz-result -max_total_time=300 -dict=tests/fuzz/result.dict tests/fuzz/corpus
 *
 * Any other build links it with fuzz-main.c, which replays the corpus and
 * feeds it seeded mutants: `meson test -C _build fuzz-result`.
 *
 * Whatever loads must also give a recommendation and a report without
 * crashing, write JSON that loads again, and reports without control
 * characters: a result file comes from anywhere. */
#include "config.h"

#include <stdint.h>

#include "fsb-engine.h"
#include "fsb-chart.h"
#include "fsb-recommend.h"
#include "fsb-report.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
ignore_log_cb (const char *domain, GLogLevelFlags level, const char *message, gpointer user_data)
{
}

/* C0 but tab, newline and carriage return (CSV lines end in \r\n), DEL, C1. */
static gboolean
has_control (const char *text)
{
  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    if ((*p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r') || *p == 0x7f
        || (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
      return TRUE;
  return FALSE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static gboolean initialized;
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) result = NULL;

  if (!initialized)
    {
      g_setenv ("LC_ALL", "C.UTF-8", TRUE);
      fsb_engine_init ();
      g_log_set_default_handler (ignore_log_cb, NULL);
      initialized = TRUE;
    }

  result = fsb_result_load_from_data ((const char *) data, (gssize) size, &error);
  if (result == NULL)
    {
      /* a failure must say why */
      if (error == NULL || error->message == NULL)
        __builtin_trap ();
      return 0;
    }
  {
    g_autoptr(FsbRecommendation) rec = fsb_recommend (result, FSB_USE_CASE_DESKTOP);
    g_autofree char *csv = fsb_report_to_string (&result, NULL, 1, FSB_REPORT_CSV, NULL, NULL);
    g_autofree char *md = fsb_report_to_string (&result, NULL, 1, FSB_REPORT_MARKDOWN, NULL, NULL);
    g_autofree char *json = fsb_result_to_data (result, NULL);
    FsbChartOptions chart = { .kind = FSB_CHART_SECTION, .section = NULL, .live = TRUE };

    if (rec == NULL || csv == NULL || md == NULL || json == NULL)
      __builtin_trap ();
    /* what it writes reads back (json-glib wrote 1e308 as "1e+308.0") */
    {
      g_autoptr(FsbResult) again = fsb_result_load_from_data (json, -1, NULL);
      if (again == NULL)
        __builtin_trap ();
    }
    /* and nothing that could drive a terminal reaches a report */
    if (has_control (csv) || has_control (md))
      __builtin_trap ();
    fsb_chart_get_height (result, &chart, 400);
  }
  return 0;
}
