/* test-chart-text.c: every text of a chart inside its box, whole and apart, at a page's and a phone's widths */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fsb-catalog.h"
#include "fsb-chart.h"
#include "fsb-chart-private.h"
#include "fsb-engine.h"
#include "fsb-report.h"
#include "report-common.h"

/* Where the chart sits on its page: text drawn outside the chart's box
 * still lands on the paper, where pdftotext finds it. */
#define BORDER 40.0

typedef struct {
  double x0, y0, x1, y1;
  char  *text;
} Word;

static void
word_free (gpointer p)
{
  Word *w = p;

  g_free (w->text);
  g_free (w);
}

/* The words pdftotext -bbox finds, with their boxes in points. */
static GPtrArray *
pdf_words (const char *pdf)
{
  const char *argv[] = { "pdftotext", "-bbox", pdf, "-", NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) re = g_regex_new ("<word xMin=\"([\\d.]+)\" yMin=\"([\\d.]+)\" xMax=\"([\\d.]+)\" "
                                      "yMax=\"([\\d.]+)\">([^<]*)</word>", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GPtrArray *words = g_ptr_array_new_with_free_func (word_free);
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                               NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  for (g_regex_match (re, out, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      Word *w = g_new0 (Word, 1);
      g_autofree char *x0 = g_match_info_fetch (match, 1), *y0 = g_match_info_fetch (match, 2);
      g_autofree char *x1 = g_match_info_fetch (match, 3), *y1 = g_match_info_fetch (match, 4);

      w->x0 = g_ascii_strtod (x0, NULL);
      w->y0 = g_ascii_strtod (y0, NULL);
      w->x1 = g_ascii_strtod (x1, NULL);
      w->y1 = g_ascii_strtod (y1, NULL);
      w->text = g_match_info_fetch (match, 5);
      g_ptr_array_add (words, w);
    }
  return words;
}

/* The chart alone on a page with a border, as a PDF file; returns how
 * many of its texts pango cut short ("…"), which pdftotext cannot tell:
 * cairo maps the ellipsis back to the text it stands for. */
static guint
chart_pdf (FsbResult *r, const FsbChartOptions *o, double width, double height, const char *path)
{
  cairo_surface_t *surface = cairo_pdf_surface_create (path, width + 2 * BORDER, height + 2 * BORDER);
  cairo_t *cr = cairo_create (surface);
  guint cut;

  cairo_translate (cr, BORDER, BORDER);
  cut = fsb_chart_draw_counting_cuts (cr, r, o, width, height);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  return cut;
}

/* Counts the faults of one chart at one width: a word outside the chart's
 * box (clipped there), a text cut short ("…"), two words over each other.
 * With FSBENCH_SCREENSHOTS=DIR, each chart's PDF is left there. */
static guint
check_chart (FsbResult *r, const FsbChartOptions *o, const char *what, double width, const char *dir)
{
  double height = fsb_chart_get_height (r, o, width);
  g_autofree char *path = g_build_filename (dir, "chart.pdf", NULL);
  g_autoptr(GPtrArray) words = NULL;
  guint faults = 0, cut;
  /* pdftotext's boxes are the font's ascent to descent: lines set close
   * touch; glyphs a quarter of a point over each other are a fault */
  const double slack = 0.25;

  cut = chart_pdf (r, o, width, height, path);
  if (cut > 0)
    {
      g_test_message ("%s at %.0f: %u of its texts cut short", what, width, cut);
      faults += cut;
    }
  if (g_getenv ("FSBENCH_SCREENSHOTS") != NULL)
    {
      g_autofree char *name = g_strdup_printf ("chart-%s-%s-%.0f.pdf", g_getenv ("LANGUAGE"), what, width);
      g_autofree char *kept = g_build_filename (g_getenv ("FSBENCH_SCREENSHOTS"), name, NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;

      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (kept, contents, (gssize) length, NULL));
    }
  words = pdf_words (path);
  g_assert_cmpuint (words->len, >, 0);
  for (guint i = 0; i < words->len; i++)
    {
      const Word *w = words->pdata[i];

      if (w->x0 < BORDER - slack || w->x1 > BORDER + width + slack || w->y0 < BORDER - 2 || w->y1 > BORDER + height + 2)
        {
          g_test_message ("%s at %.0f: “%s” at %.1f–%.1f lies outside the chart's 0–%.0f", what, width, w->text,
                          w->x0 - BORDER, w->x1 - BORDER, width);
          faults++;
        }
      for (guint j = i + 1; j < words->len; j++)
        {
          const Word *v = words->pdata[j];
          double dx = MIN (w->x1, v->x1) - MAX (w->x0, v->x0), dy = MIN (w->y1, v->y1) - MAX (w->y0, v->y0);

          if (dx > slack && dy > (MIN (w->y1 - w->y0, v->y1 - v->y0)) * 0.3)
            {
              g_test_message ("%s at %.0f: “%s” and “%s” are drawn over each other", what, width, w->text, v->text);
              faults++;
            }
        }
    }
  return faults;
}

/* A run of series (jobs 1, 2, 4): each task's scaling chart and the
 * section's chart, whose Russian names are wider than a phone's chart. */
static guint
check_scaling (FsbResult *r, const FsbChartOptions *options, double width, const char *dir)
{
  FsbChartOptions o = *options;
  guint faults = 0;

  o.filesystem = NULL;
  o.kind = FSB_CHART_SECTION;
  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      o.section = fsb_catalog_nth_criterion (c)->id;
      if (fsb_chart_has_data (r, &o))
        faults += check_chart (r, &o, o.section, width, dir);
    }
  o.section = NULL;
  o.kind = FSB_CHART_SCALING;
  if (r->filesystems->len > 0)
    {
      FsbFsResult *fs = g_ptr_array_index (r->filesystems, 0);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

      /* each task once: its series is a task result per count of jobs */
      for (guint t = 0; t < fs->tasks->len; t++)
        {
          FsbTaskResult *task = g_ptr_array_index (fs->tasks, t);

          o.task = task->id;
          if (g_hash_table_add (seen, (gpointer) task->id) && fsb_chart_has_data (r, &o))
            faults += check_chart (r, &o, "scaling", width, dir);
        }
    }
  return faults;
}

/* Every chart of a real quick run of every default group (the CPU and
 * page-fault charts hold every task), and of an aged run with copies across
 * filesystems, at the HTML's narrow drawing (340 px, a phone's), a PDF
 * page's width at the PDF's size, and the HTML's wide one. */
static void
test_chart_text (gconstpointer data)
{
  const char *language = data;
  static const struct { double width, font; } sizes[] = { { 340, 12 }, { 483, 8.5 }, { 760, 12 } };
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");
  g_autofree char *dir = NULL;
  g_autoptr(FsbResult) r = NULL, aged = NULL, scaling = NULL;
  g_autoptr(GError) error = NULL;
  FsbLanguageSwitch *sw;
  guint faults = 0;

  if (pdftotext == NULL)
    {
      g_test_skip ("needs pdftotext (poppler-utils)");
      return;
    }
  sw = fsb_language_switch (language, &error);
  if (sw == NULL && g_error_matches (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED))
    {
      g_test_skip (error->message);
      return;
    }
  g_assert_no_error (error);
  dir = make_tmpdir ();
  r = load_fixture ("quick-all.json");
  aged = load_fixture ("aged-transfers-1.json");
  /* the series of jobs, where a result of them is kept */
  {
    g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "scaling.json", NULL);
    if (g_file_test (path, G_FILE_TEST_EXISTS))
      scaling = load_fixture ("scaling.json");
  }
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      FsbChartOptions o = { .font_size = sizes[s].font };

      o.kind = FSB_CHART_CAPACITY;
      faults += check_chart (r, &o, "capacity", sizes[s].width, dir);
      o.kind = FSB_CHART_CPU;
      faults += check_chart (r, &o, "cpu", sizes[s].width, dir);
      o.kind = FSB_CHART_FAULTS;
      faults += check_chart (r, &o, "faults", sizes[s].width, dir);
      o.kind = FSB_CHART_SECTION;
      for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
        {
          o.section = fsb_catalog_nth_criterion (c)->id;
          if (fsb_chart_has_data (r, &o))
            faults += check_chart (r, &o, o.section, sizes[s].width, dir);
        }
      /* a filesystem fresh and aged; the copies between filesystems */
      o.section = NULL;
      o.kind = FSB_CHART_AGING;
      o.filesystem = "xfs";
      faults += check_chart (aged, &o, "aging", sizes[s].width, dir);
      o.kind = FSB_CHART_TRANSFER;
      faults += check_chart (aged, &o, "transfer", sizes[s].width, dir);
      if (scaling != NULL)
        faults += check_scaling (scaling, &o, sizes[s].width, dir);
    }
  fsb_language_restore (sw);
  rm_rf (dir);
  g_assert_cmpuint (faults, ==, 0);
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/chart-text/en", "en", test_chart_text);
  g_test_add_data_func ("/chart-text/ru", "ru", test_chart_text);
  g_test_add_data_func ("/chart-text/de", "de", test_chart_text);
  g_test_add_data_func ("/chart-text/fr", "fr", test_chart_text);
  return g_test_run ();
}
