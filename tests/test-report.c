/* test-report.c: every report format, escaping, languages, charts, the loader corpus */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "fsb-engine.h"
#include "fsb-chart.h"
#include "fsb-comparison.h"
#include "fsb-format.h"
#include "fsb-machine.h"
#include "fsb-report.h"
#include "fsb-report-private.h"
#include "fsb-test-assert.h"
#include "report-common.h"

/* HTML ------------------------------------------------------------------- */

static void
test_html (void)
{
  g_autoptr(FsbResult) r = load_fixture ("study.json");
  g_autofree char *html = report_string (r, FSB_REPORT_HTML);

  g_assert_true (g_str_has_prefix (html, "<!DOCTYPE html>"));
  /* the study's structure */
  g_assert_nonnull (strstr (html, "<h1>Comparison of the filesystems ext3, ReiserFS, JFS and XFS"));
  g_assert_nonnull (strstr (html, "Characteristics"));
  g_assert_nonnull (strstr (html, "Intel Celeron 533"));
  g_assert_nonnull (strstr (html, "mke2fs 1.47.0"));
  g_assert_nonnull (strstr (html, "Description of the tasks"));
  g_assert_nonnull (strstr (html, "disk image"));
  g_assert_true (strstr (html, "id=\"capacity\"") < strstr (html, "id=\"mkfs-mount\""));
  g_assert_true (strstr (html, "id=\"mkfs-mount\"") < strstr (html, "id=\"big-files\""));
  g_assert_true (strstr (html, "id=\"big-files\"") < strstr (html, "id=\"tree\""));
  g_assert_true (strstr (html, "id=\"tree\"") < strstr (html, "id=\"list-search\""));
  g_assert_nonnull (strstr (html, "Conclusion:"));
  /* a core-only study: a small server also needs small files and random I/O */
  g_assert_nonnull (strstr (html, "Not measured for “Small home or office server”"));
  /* charts: capacity, 4 sections, transfers, CPU, faults; each drawn for a page and for a phone,
   * and the two taller than a printed page (CPU, faults) again in parts for paper */
  g_assert_cmpuint (count (html, "class=\"chart-part\""), ==, 4);
  g_assert_cmpuint (count (html, "<svg"), ==, 16 + 4);
  g_assert_cmpuint (count (html, "</svg>"), ==, 16 + 4);
  g_assert_cmpuint (count (html, "class=\"chart-narrow\""), ==, 8);
  g_assert_cmpuint (count (html, "<div class=\"scroll\"><table>"), ==, count (html, "<table>"));
  g_assert_null (strstr (html, "<?xml"));
  assert_self_contained (html);
  /* prints well: page breaks between sections */
  g_assert_nonnull (strstr (html, "@media print"));
  g_assert_cmpuint (count (html, "class=\"page-break\""), >=, 1);
  g_assert_cmpuint (count (html, "<section class=\"keep\">"), ==, 7);
}

/* PDF -------------------------------------------------------------------- */

/* strstr through binary data */
static const char *
find_bytes (const char *data, gsize len, const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= len; i++)
    if (memcmp (data + i, needle, n) == 0)
      return data + i;
  return NULL;
}

static void
test_pdf (void)
{
  g_autoptr(FsbResult) r = load_fixture ("study.json");
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *data = NULL, *pdftoppm = g_find_program_in_path ("pdftoppm");
  g_autoptr(GError) error = NULL;
  FsbReportOptions options;
  gsize len;

  fsb_report_options_init (&options);
  options.letter = TRUE;
  fsb_assert_ok (fsb_report_write (&r, NULL, 1, FSB_REPORT_PDF, &options, path, &error), error);
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  g_assert_nonnull (find_bytes (data, len, "/MediaBox [ 0 0 612 792 ]"));  /* Letter */

  if (pdftoppm != NULL)
    {
      g_autofree char *prefix = g_build_filename (dir, "page", NULL);
      const char *argv[] = { pdftoppm, "-r", "30", "-png", path, prefix, NULL };
      g_autofree char *out = NULL, *err = NULL;
      g_autoptr(GDir) d = NULL;
      int status = 0;
      guint pages = 0;
      const char *name;

      fsb_assert_ok (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error), error);
      if (!g_spawn_check_wait_status (status, NULL))
        g_error ("pdftoppm failed: %s", err);
      g_assert_cmpstr (err, ==, "");
      d = g_dir_open (dir, 0, NULL);
      while ((name = g_dir_read_name (d)) != NULL)
        if (g_str_has_prefix (name, "page") && g_str_has_suffix (name, ".png"))
          pages++;
      /* the characteristics, then the sections flowing, each kept on a page */
      g_assert_cmpuint (pages, >=, 6);
      g_assert_cmpuint (pages, <=, 14);
    }
  else
    g_test_message ("pdftoppm is not installed: the PDF was not rendered");

  /* A4 by default; a bad path is an error, not a crash */
  g_clear_pointer (&data, g_free);
  options.letter = FALSE;
  g_assert_true (fsb_report_write (&r, NULL, 1, FSB_REPORT_PDF, &options, path, &error));
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  g_assert_nonnull (find_bytes (data, len, "/MediaBox [ 0 0 595.276 841.89 ]"));
  g_assert_false (fsb_report_write (&r, NULL, 1, FSB_REPORT_PDF, &options, "/nonexistent/dir/report.pdf", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "/nonexistent/dir/report.pdf"));
  rm_rf (dir);
}

/* CSV -------------------------------------------------------------------- */

static void
test_csv (void)
{
  g_autoptr(FsbResult) r = load_fixture ("study.json");
  g_autofree char *csv = report_string (r, FSB_REPORT_CSV);
  g_autofree char *raw = report_string (r, FSB_REPORT_SAMPLES_CSV);
  g_autoptr(GPtrArray) rows = parse_csv (csv);
  g_autoptr(GPtrArray) samples = parse_csv (raw);
  guint expected = 1 + r->transfers->len, n_samples = 0;

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      expected += 2;  /* capacity, initial and residual */
      for (guint t = 0; t < fs->tasks->len; t++)
        {
          FsbTaskResult *task = fs->tasks->pdata[t];
          FsbSample *first = task->samples->pdata[0];

          n_samples += task->samples->len;
          for (guint j = 0; j < first->metrics->len; j++)
            {
              FsbStats s;
              fsb_task_result_stats (r, task, g_array_index (first->metrics, FsbMetric, j).name, &s);
              double low, high;
              /* a constant is one value; a spread n, min, median, mean, max, stdev (no p99 of 3 samples),
               * and the median's 95 % interval where there is one */
              expected += s.min == s.max ? 1 : 6 + (fsb_chart_interval (&s, &low, &high) ? 2 : 0);
            }
        }
    }
  g_assert_cmpuint (rows->len, ==, expected);
  for (guint i = 0; i < rows->len; i++)
    {
      GPtrArray *row = rows->pdata[i];
      g_assert_cmpuint (row->len, ==, 8);
      if (i > 0)
        {
          char *end = NULL;
          g_ascii_strtod (row->pdata[6], &end);
          g_assert_true (end != NULL && *end == '\0' && end != row->pdata[6]);
          g_assert_cmpstr (row->pdata[5], !=, "p99");
          /* a count of samples has no unit of the metric */
          if (strcmp (row->pdata[5], "n") == 0)
            g_assert_cmpstr (row->pdata[7], ==, "samples");
          else if (strcmp (row->pdata[4], "wall_s") == 0)
            g_assert_cmpstr (row->pdata[7], ==, "s");
        }
    }
  g_assert_cmpstr (((GPtrArray *) rows->pdata[0])->pdata[5], ==, "statistic");
  g_assert_nonnull (strstr (csv, ",xfs,big-files,big-copy-in,wall_s,median,"));

  /* the samples: a row each, every metric in its column, the unit in its name */
  g_assert_cmpuint (samples->len, ==, 1 + n_samples);
  g_assert_cmpstr (((GPtrArray *) samples->pdata[0])->pdata[4], ==, "repetition");
  g_assert_cmpstr (((GPtrArray *) samples->pdata[0])->pdata[5], ==, "wall_s (s)");
  for (guint i = 1; i < samples->len; i++)
    g_assert_cmpuint (((GPtrArray *) samples->pdata[i])->len, ==, ((GPtrArray *) samples->pdata[0])->len);
  g_assert_nonnull (strstr (raw, ",xfs,big-files,big-copy-in,3,"));
}

/* Markdown and JSON ------------------------------------------------------ */

static void
test_markdown_and_json (void)
{
  g_autoptr(FsbResult) r = load_fixture ("study.json");
  g_autoptr(FsbResult) back = NULL;
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *md_path = g_build_filename (dir, "my report.md", NULL);
  g_autofree char *json_path = g_build_filename (dir, "result.json", NULL);
  g_autofree char *png = g_build_filename (dir, "my report-big-files.png", NULL);
  g_autofree char *md = NULL, *head = NULL;
  g_autoptr(GError) error = NULL;

  fsb_assert_ok (fsb_report_write (&r, NULL, 1, FSB_REPORT_MARKDOWN, NULL, md_path, &error), error);
  g_assert_true (g_file_get_contents (md_path, &md, NULL, NULL));
  g_assert_true (g_str_has_prefix (md, "# Comparison of the filesystems"));
  /* the charts beside it, linked by name (test-report-md.c checks every link) */
  g_assert_nonnull (strstr (md, "](my%20report-big-files.png)"));
  /* a summary that stands alone: verdict, machine, data, a compact table */
  g_assert_nonnull (strstr (md, "### In short\n\n**Not measured for “Small home or office server”: some of the workload groups it needs did not run**"));
  g_assert_nonnull (strstr (md, "- **Machine:** Intel Celeron 533"));
  g_assert_nonnull (strstr (md, "| Task | ext3 | ReiserFS | JFS | XFS |"));
  g_assert_nonnull (strstr (md, "| Delete the big files | 2.53" NBSP "s | 1.48" NBSP "s | 0.0198" NBSP "s | 0.0199" NBSP "s |"));
  /* no needless escapes */
  g_assert_nonnull (strstr (md, "Debian GNU/Linux 12 (bookworm)"));
  g_assert_nonnull (strstr (md, "| Task | Filesystem |"));
  g_assert_nonnull (strstr (md, "**Conclusion:**"));
  g_assert_true (g_file_get_contents (png, &head, NULL, NULL));
  g_assert_true (memcmp (head, "\x89PNG", 4) == 0);

  g_assert_true (fsb_report_write (&r, NULL, 1, FSB_REPORT_JSON, NULL, json_path, &error));
  back = fsb_result_load (json_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->filesystems->len, ==, r->filesystems->len);
  rm_rf (dir);
}

/* Escaping --------------------------------------------------------------- */

#define EVIL "<script>alert(\"x\")</script> *bold* _it_ [link](http://evil.example) | `code` # ' & <img src=x onerror=alert(1)>\n- item"

static FsbResult *
evil_result (void)
{
  FsbResult *r = fsb_result_new ();
  const char *names[] = { "xfs", EVIL };

  r->machine.cpu_model = g_strdup (EVIL);
  r->machine.board = g_strdup (EVIL);
  r->machine.kernel = g_strdup (EVIL);
  r->machine.distribution = g_strdup (EVIL);
  r->machine.ram_bytes = 1 << 30;
  r->target.kind = g_strdup ("image");
  r->target.device = g_strdup (EVIL);
  r->target.device_model = g_strdup (EVIL);
  r->target.host.filesystem = g_strdup (EVIL);
  r->target.host.source = g_strdup (EVIL);
  r->target.host.mount_point = g_strdup (EVIL);
  r->target.host.mount_options = g_strdup (EVIL);
  r->target.cache_policy = g_strdup (EVIL);
  r->profile = g_strdup (EVIL);
  r->app_version = (g_free (r->app_version), g_strdup (EVIL));
  r->repetitions = 2;
  r->complete = FALSE;

  for (guint f = 0; f < G_N_ELEMENTS (names); f++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (r, names[f]);
      const char *ids[] = { "big-copy-in", "custom:" EVIL };

      fs->mkfs_version = g_strdup (EVIL);
      fs->mkfs_options = (g_free (fs->mkfs_options), g_strdup (EVIL));
      fs->mount_options = g_strdup (EVIL);
      fs->error = g_strdup (EVIL);
      fs->capacity_initial.percent = 90 + f;
      for (guint t = 0; t < G_N_ELEMENTS (ids); t++)
        {
          FsbTaskResult *task = fsb_fs_result_get_task (fs, ids[t], TRUE);
          task->command = g_strdup (EVIL);
          for (guint i = 0; i < 2; i++)
            {
              FsbSample *s = fsb_sample_new ();
              fsb_sample_set (s, "wall_s", 1.0 + f + i * 0.1);
              if (i == 1 && t == 1)
                s->error = g_strdup (EVIL);
              g_ptr_array_add (task->samples, s);
            }
        }
    }
  add_transfer (r, "xfs", EVIL, (const double[]) { 10.0 }, 1);
  add_transfer (r, EVIL, "xfs", (const double[]) { 12.0, 11.0 }, 2);
  return r;
}

static void
test_escaping (void)
{
  g_autoptr(FsbResult) r = evil_result ();
  g_autofree char *html = report_string (r, FSB_REPORT_HTML);
  g_autofree char *md = report_string (r, FSB_REPORT_MARKDOWN);
  g_autofree char *prose = markdown_prose (md);
  g_autofree char *csv = report_string (r, FSB_REPORT_CSV);
  g_autoptr(GPtrArray) rows = parse_csv (csv);
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *pdf = g_build_filename (dir, "evil.pdf", NULL);
  g_autoptr(GError) error = NULL;

  /* HTML: the text is there, escaped, and nothing runs or loads */
  assert_self_contained (html);
  g_assert_nonnull (strstr (html, "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"));
  g_assert_nonnull (strstr (html, "&lt;img src=x onerror=alert(1)&gt;"));
  g_assert_null (strstr (html, "\"x\""));

  /* Markdown: no HTML anywhere; outside its code block (read as text, whose
   * fence nothing closes early) no emphasis, no link, no table break, no list */
  g_assert_null (strstr (md, "<script"));
  g_assert_null (strstr (md, "<img"));
  g_assert_nonnull (strstr (md, "&lt;script&gt;"));
  g_assert_null (strstr (prose, " *bold*"));
  g_assert_nonnull (strstr (prose, "\\*bold\\*"));
  g_assert_null (strstr (prose, " _it_"));
  g_assert_null (strstr (prose, " [link](http"));
  g_assert_nonnull (strstr (prose, "\\[link\\](http"));
  g_assert_null (strstr (prose, " | `code`"));
  g_assert_null (strstr (prose, "\n- item"));
  g_assert_cmpuint (count (md, "\n```"), ==, 2);
  /* every table row still has as many cells as its header */
  {
    g_auto(GStrv) lines = g_strsplit (prose, "\n", -1);
    guint cells = 0;
    for (guint i = 0; lines[i] != NULL; i++)
      {
        guint n = 0;
        if (lines[i][0] != '|')
          {
            cells = 0;
            continue;
          }
        for (const char *p = lines[i]; *p != '\0'; p++)
          if (*p == '|' && (p == lines[i] || p[-1] != '\\'))
            n++;
        if (cells == 0)
          cells = n;
        g_assert_cmpuint (n, ==, cells);
      }
  }

  /* CSV: quoting keeps the columns */
  for (guint i = 0; i < rows->len; i++)
    g_assert_cmpuint (((GPtrArray *) rows->pdata[i])->len, ==, 8);

  /* PDF: the text goes through pango markup escaped; it renders */
  fsb_assert_ok (fsb_report_write (&r, NULL, 1, FSB_REPORT_PDF, NULL, pdf, &error), error);
  rm_rf (dir);
}

/* Comparison ------------------------------------------------------------- */

/* Languages -------------------------------------------------------------- */

static gboolean
locale_available (const char *locale)
{
  g_autofree char *saved = g_strdup (setlocale (LC_ALL, NULL));
  gboolean ok = setlocale (LC_ALL, locale) != NULL;

  setlocale (LC_ALL, saved);
  return ok;
}

static void
test_language_switch (void)
{
  g_autofree char *before = g_strdup (setlocale (LC_ALL, NULL));
  g_autoptr(GError) error = NULL;
  FsbLanguageSwitch *sw;

  g_assert_null (fsb_language_switch ("../../etc", &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (fsb_language_switch ("zz", &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED);
  g_clear_error (&error);
  g_assert_cmpstr (setlocale (LC_ALL, NULL), ==, before);

  if (!locale_available ("de_DE.UTF-8"))
    {
      g_test_skip ("de_DE.UTF-8 is not installed");
      return;
    }
  sw = fsb_language_switch ("de", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (g_getenv ("LANGUAGE"), ==, "de");
  {
    g_autofree char *n = fsb_format_number (1234.5, 1);
    g_assert_cmpstr (n, ==, "1.234,5");
  }
  fsb_language_restore (sw);
  g_assert_cmpstr (setlocale (LC_ALL, NULL), ==, before);
  g_assert_null (g_getenv ("LANGUAGE"));

  /* a report in German has German numbers and lang="de" */
  {
    g_autoptr(FsbResult) r = load_fixture ("study.json");
    FsbReportOptions options;
    g_autofree char *html = NULL;

    fsb_report_options_init (&options);
    options.language = "de";
    html = fsb_report_to_string (&r, NULL, 1, FSB_REPORT_HTML, &options, &error);
    g_assert_no_error (error);
    g_assert_nonnull (strstr (html, "<html lang=\"de\">"));
    g_assert_nonnull (strstr (html, "99,95"));
    /* a date no one misreads: the month written out, the German way */
    g_assert_nonnull (strstr (html, "29. November 2026"));
    g_assert_cmpstr (setlocale (LC_ALL, NULL), ==, before);
  }
}

/* The switch really changes the catalog gettext answers from, and back
 * (gettext caches lookups): checked with a one-string Russian catalog. */
static void
test_language_catalog (void)
{
  g_autofree char *msgfmt = g_find_program_in_path ("msgfmt");
  g_autofree char *dir = NULL, *po = NULL, *mo_dir = NULL, *mo = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = NULL;
  g_autofree char *md = NULL;
  FsbReportOptions options;
  const char *po_text = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
                        "msgid \"Summary\"\nmsgstr \"Итоги\"\n";

  if (msgfmt == NULL || !locale_available ("ru_RU.UTF-8"))
    {
      g_test_skip ("needs msgfmt and the ru_RU.UTF-8 locale");
      return;
    }
  dir = make_tmpdir ();
  mo_dir = g_build_filename (dir, "ru", "LC_MESSAGES", NULL);
  g_assert_cmpint (g_mkdir_with_parents (mo_dir, 0700), ==, 0);
  po = g_build_filename (dir, "ru.po", NULL);
  mo = g_build_filename (mo_dir, GETTEXT_PACKAGE ".mo", NULL);
  g_assert_true (g_file_set_contents (po, po_text, -1, NULL));
  {
    const char *argv[] = { msgfmt, "-o", mo, po, NULL };
    int status;
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  bindtextdomain (GETTEXT_PACKAGE, dir);

  g_assert_cmpstr (_("Summary"), ==, "Summary");
  {
    g_autoptr(FsbLanguageSwitch) sw = fsb_language_switch ("ru", &error);
    g_assert_no_error (error);
    g_assert_cmpstr (_("Summary"), ==, "Итоги");
  }
  g_assert_cmpstr (_("Summary"), ==, "Summary");

  r = load_fixture ("study.json");
  fsb_report_options_init (&options);
  options.language = "ru";
  md = fsb_report_to_string (&r, NULL, 1, FSB_REPORT_MARKDOWN, &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (md, "\n## Итоги\n"));
  g_assert_nonnull (strstr (md, "99,95"));
  g_assert_cmpstr (_("Summary"), ==, "Summary");

  bindtextdomain (GETTEXT_PACKAGE, fsb_engine_localedir ());
  g_unlink (mo);
  g_unlink (po);
  g_rmdir (mo_dir);
  {
    g_autofree char *ru = g_build_filename (dir, "ru", NULL);
    g_rmdir (ru);
  }
  g_rmdir (dir);
}

/* English function words: two of them in one sentence mean English text. */
static gboolean
sentence_is_english (const char *sentence)
{
  static const char *words[] = { "the", "and", "of", "with", "for", "is", "are", "to", "was", "than", "each", "its" };
  g_auto(GStrv) tokens = g_regex_split_simple ("[^A-Za-z]+", sentence, 0, 0);
  guint hits = 0;

  for (guint i = 0; tokens[i] != NULL; i++)
    for (guint j = 0; j < G_N_ELEMENTS (words); j++)
      if (strcmp (tokens[i], words[j]) == 0)
        hits++;
  return hits >= 2;
}

static void
test_untranslated (gconstpointer data)
{
  const char *lang = data;
  g_autofree char *locale = g_strdup_printf ("%s_%c%c.UTF-8", lang, g_ascii_toupper (lang[0]), g_ascii_toupper (lang[1]));
  g_autoptr(FsbResult) r = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *md = NULL;
  g_auto(GStrv) lines = NULL;
  FsbReportOptions options;
  guint english = 0;

  /* The detector must see the English report as English, or this test could never fail. */
  {
    g_autoptr(FsbResult) en = load_fixture ("study.json");
    g_autofree char *text = fsb_report_to_string (&en, NULL, 1, FSB_REPORT_MARKDOWN, NULL, &error);
    g_auto(GStrv) en_lines = g_strsplit (text, "\n", -1);
    guint hits = 0;

    g_assert_no_error (error);
    for (guint i = 0; en_lines[i] != NULL; i++)
      hits += sentence_is_english (en_lines[i]);
    g_assert_cmpuint (hits, >=, 20);
    g_assert_false (sentence_is_english ("Для быстрых операций с большими файлами выбирайте JFS или XFS."));
  }
  if (!locale_available (locale))
    {
      g_test_skip_printf ("%s is not installed", locale);
      return;
    }
  {
    g_autoptr(FsbLanguageSwitch) sw = fsb_language_switch (lang, &error);
    g_assert_no_error (error);
    /* The catalogs are built with the tree: a missing one is a failure. */
    g_assert_cmpstr (_("Summary"), !=, "Summary");
    g_assert_cmpstr (_("%s is the fastest with big files: %s."), !=, "%s is the fastest with big files: %s.");
  }

  /* study.json holds the English sentences an older version stored in
   * target: they are read as ids and written in the report's language. */
  r = load_fixture ("study.json");
  fsb_report_options_init (&options);
  options.language = lang;
  md = fsb_report_to_string (&r, NULL, 1, FSB_REPORT_MARKDOWN, &options, &error);
  g_assert_no_error (error);
  lines = g_strsplit (md, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (sentence_is_english (lines[i]))
      {
        g_test_message ("untranslated: %s", lines[i]);
        english++;
      }
  g_assert_cmpuint (english, ==, 0);
}

/* Charts ----------------------------------------------------------------- */

static guint
count_inked (cairo_surface_t *surface)
{
  guint n = 0;
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guchar *data;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (((const guint32 *) (data + y * stride))[x] != 0xffffffff)
        n++;
  return n;
}

static void
test_chart_live (void)
{
  g_autoptr(FsbResult) r = load_fixture ("study.json");
  FsbChartOptions options = { .kind = FSB_CHART_SECTION, .section = NULL, .live = TRUE };
  FsbChartOptions full = options;
  double h_live, h_full;
  cairo_surface_t *surface;
  cairo_t *cr;
  FsbFsResult *xfs;

  /* Halfway: XFS has not run yet, and ext3 lacks the tree tasks. */
  xfs = fsb_result_find_filesystem (r, "xfs");
  g_ptr_array_set_size (xfs->tasks, 0);
  {
    FsbFsResult *ext3 = fsb_result_find_filesystem (r, "ext3");
    for (guint i = ext3->tasks->len; i-- > 0;)
      if (g_str_has_prefix (((FsbTaskResult *) ext3->tasks->pdata[i])->id, "tree"))
        g_ptr_array_remove_index (ext3->tasks, i);
  }
  g_assert_true (fsb_chart_has_data (r, &options));
  h_live = fsb_chart_get_height (r, &options, 600);
  full.live = FALSE;
  h_full = fsb_chart_get_height (r, &full, 600);
  g_assert_cmpfloat (h_live, >=, h_full);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, (int) h_live);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  fsb_chart_draw (cr, r, &options, 600, h_live);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpuint (count_inked (surface), >, 5000);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  /* Nothing at all yet: still draws, says so, no crash */
  {
    g_autoptr(FsbResult) empty = fsb_result_new ();
    fsb_result_add_filesystem (empty, "ext4");
    g_assert_false (fsb_chart_has_data (empty, &full));
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 100);
    cr = cairo_create (surface);
    fsb_chart_draw (cr, empty, &full, 200, 100);
    g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
}

static void
test_chart_files (void)
{
  g_autoptr(FsbResult) r = load_fixture ("study.json");
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *svg_path = g_build_filename (dir, "c.svg", NULL);
  g_autofree char *png_path = g_build_filename (dir, "c.png", NULL);
  g_autofree char *svg = NULL;
  g_autoptr(GError) error = NULL;
  FsbChartKind kinds[] = { FSB_CHART_SECTION, FSB_CHART_CPU, FSB_CHART_FAULTS, FSB_CHART_CAPACITY, FSB_CHART_TRANSFER };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      FsbChartOptions o = { .kind = kinds[i], .section = "big-files", .title = "Big files" };
      cairo_surface_t *png;

      g_assert_true (fsb_chart_has_data (r, &o));
      fsb_assert_ok (fsb_chart_write_svg (r, &o, 500, 0, svg_path, &error), error);
      g_assert_true (g_file_get_contents (svg_path, &svg, NULL, NULL));
      g_assert_nonnull (strstr (svg, "<svg"));
      g_clear_pointer (&svg, g_free);
      fsb_assert_ok (fsb_chart_write_png (r, &o, 320, 0, 2, png_path, &error), error);
      png = cairo_image_surface_create_from_png (png_path);
      g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (png), ==, 640);
      cairo_surface_destroy (png);
    }
  g_assert_false (fsb_chart_write_png (r, &(FsbChartOptions) { 0 }, 100, 0, 1, "/nonexistent/c.png", &error));
  g_assert_nonnull (error);
  rm_rf (dir);
}

/* The loader against the fuzzing corpus ---------------------------------- */

static void
test_fuzz_corpus (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint files = 0, loaded = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *data = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(FsbResult) r = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (path, &data, &len, NULL));
      files++;
      r = fsb_result_load_from_data (data, (gssize) len, &error);
      g_assert_true ((r == NULL) != (error == NULL));
      if (r != NULL)
        {
          /* what loads must also make a report */
          g_autoptr(FsbRecommendation) rec = fsb_recommend (r, FSB_USE_CASE_DESKTOP);
          g_autofree char *html = fsb_report_to_string (&r, NULL, 1, FSB_REPORT_HTML, NULL, NULL);
          g_autofree char *csv = fsb_report_to_string (&r, NULL, 1, FSB_REPORT_CSV, NULL, NULL);
          g_assert_nonnull (rec);
          g_assert_nonnull (html);
          g_assert_nonnull (csv);
          loaded++;
        }
      else
        g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
    }
  g_test_message ("%u corpus files, %u loaded", files, loaded);
  g_assert_cmpuint (files, >, 0);
}

/* Found by fuzzing: deep nesting overflowed the stack inside json-glib. */
static void
test_deep_nesting (void)
{
  const guint depth = 300000;
  GString *s = g_string_new ("{\"schema\": \"fsbench-result/1\", \"filesystems\": ");
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = NULL;
  g_autofree char *data = NULL;

  for (guint i = 0; i < depth; i++)
    g_string_append_c (s, '[');
  for (guint i = 0; i < depth; i++)
    g_string_append_c (s, ']');
  g_string_append_c (s, '}');
  data = g_string_free (s, FALSE);
  r = fsb_result_load_from_data (data, -1, &error);
  g_assert_null (r);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "deep"));
  g_clear_error (&error);

  /* brackets inside strings do not count */
  g_clear_pointer (&data, g_free);
  s = g_string_new ("{\"schema\": \"fsbench-result/1\", \"profile\": \"");
  for (guint i = 0; i < 1000; i++)
    g_string_append (s, "[{\\\"");
  g_string_append (s, "\", \"filesystems\": []}");
  data = g_string_free (s, FALSE);
  r = fsb_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  g_assert_true (g_str_has_prefix (r->profile, "[{\"[{"));
}

/* Found by fuzzing: every metric name was interned, so a file with many
 * made-up keys grew GLib's quark table for good. Only metric-shaped names count. */
static void
test_metric_names (void)
{
  const char *json = "{\"schema\": \"fsbench-result/1\", \"filesystems\": [{\"name\": \"xfs\", \"tasks\": "
                     "[{\"id\": \"mkfs\", \"samples\": [{\"wall_s\": 1.5, \"<script>\": 2, \"Wall_S\": 3, "
                     "\"a_very_long_metric_name_that_nobody_would_ever_write_x\": 4, \"files_per_s\": 5}]}]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = fsb_result_load_from_data (json, -1, &error);
  FsbTaskResult *task;
  FsbSample *sample;

  g_assert_no_error (error);
  task = fsb_fs_result_get_task (fsb_result_find_filesystem (r, "xfs"), "mkfs", FALSE);
  sample = task->samples->pdata[0];
  g_assert_cmpuint (sample->metrics->len, ==, 2);
  g_assert_true (fsb_sample_get (sample, "wall_s", NULL));
  g_assert_true (fsb_sample_get (sample, "files_per_s", NULL));
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/report/html", test_html);
  g_test_add_func ("/report/pdf", test_pdf);
  g_test_add_func ("/report/csv", test_csv);
  g_test_add_func ("/report/markdown-and-json", test_markdown_and_json);
  g_test_add_func ("/report/escaping", test_escaping);
  g_test_add_func ("/report/language-switch", test_language_switch);
  g_test_add_func ("/report/language-catalog", test_language_catalog);
  g_test_add_data_func ("/report/untranslated/ru", "ru", test_untranslated);
  g_test_add_data_func ("/report/untranslated/de", "de", test_untranslated);
  g_test_add_data_func ("/report/untranslated/fr", "fr", test_untranslated);
  g_test_add_func ("/chart/live", test_chart_live);
  g_test_add_func ("/chart/files", test_chart_files);
  g_test_add_func ("/loader/fuzz-corpus", test_fuzz_corpus);
  g_test_add_func ("/loader/deep-nesting", test_deep_nesting);
  g_test_add_func ("/loader/metric-names", test_metric_names);
  return g_test_run ();
}
