/* fsb-report.c: writing a report: its language, its format, its file */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-format.h"
#include "fsb-json.h"
#include "fsb-report-private.h"

FsbDocument *
fsb_document_build (FsbResult * const *results, const char * const *labels, guint n_results, FsbUseCase use_case)
{
  FsbDocument *doc = fsb_document_new ();
  const char *lang = setlocale (LC_MESSAGES, NULL);

  /* "ru_RU.UTF-8" gives "ru"; "C" gives "en" */
  doc->language = (lang == NULL || strcmp (lang, "C") == 0 || g_str_has_prefix (lang, "C.") || strcmp (lang, "POSIX") == 0)
                  ? g_strdup ("en") : g_strndup (lang, strcspn (lang, "_.@"));
  for (guint i = 0; i < n_results; i++)
    g_ptr_array_add (doc->results, fsb_result_ref (results[i]));
  if (n_results == 1)
    fsb_document_build_study (doc, results[0], use_case);
  else
    fsb_document_build_comparison (doc, results, labels, n_results, use_case);
  return doc;
}

/* Language --------------------------------------------------------------- */

struct _FsbLanguageSwitch {
  char *locale;     /* setlocale (LC_ALL, NULL) before */
  char *language;   /* $LANGUAGE before, or NULL */
};

FsbLanguageSwitch *
fsb_language_switch (const char *language, GError **error)
{
  g_autoptr(GRegex) valid = g_regex_new ("^[a-z]{2,3}(_[A-Z]{2})?$", 0, 0, NULL);
  g_autofree char *upper = NULL;
  FsbLanguageSwitch *saved;
  const char *found = NULL;
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (language != NULL, NULL);

  if (!g_regex_match (valid, language, 0, NULL))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %s is what the user gave as a language */
                   _("“%s” is not a language code; use one like ru, de, fr or en"), language);
      return NULL;
    }
  if (strchr (language, '_') != NULL)
    {
      g_ptr_array_add (candidates, g_strconcat (language, ".UTF-8", NULL));
      g_ptr_array_add (candidates, g_strconcat (language, ".utf8", NULL));
    }
  else
    {
      upper = g_ascii_strup (language, -1);
      g_ptr_array_add (candidates, g_strdup_printf ("%s_%s.UTF-8", language, upper));
      g_ptr_array_add (candidates, g_strdup_printf ("%s_%s.utf8", language, upper));
      if (strcmp (language, "en") == 0)
        {
          g_ptr_array_add (candidates, g_strdup ("en_GB.UTF-8"));
          g_ptr_array_add (candidates, g_strdup ("C.UTF-8"));
        }
    }

  saved = g_new0 (FsbLanguageSwitch, 1);
  saved->locale = g_strdup (setlocale (LC_ALL, NULL));
  saved->language = g_strdup (g_getenv ("LANGUAGE"));
  for (guint i = 0; i < candidates->len && found == NULL; i++)
    found = setlocale (LC_ALL, candidates->pdata[i]);
  if (found == NULL)
    {
      setlocale (LC_ALL, saved->locale);
      g_free (saved->locale);
      g_free (saved->language);
      g_free (saved);
      g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
                   /* Translators: %s is a language code such as "ru" */
                   _("Cannot write in the language “%s”: no locale for it is installed on this system (see “locale -a”)"),
                   language);
      return NULL;
    }
  g_setenv ("LANGUAGE", language, TRUE);
  /* Setting the domain again drops gettext's cache of looked-up strings. */
  textdomain (GETTEXT_PACKAGE);
  return saved;
}

void
fsb_language_restore (FsbLanguageSwitch *saved)
{
  if (saved == NULL)
    return;
  setlocale (LC_ALL, saved->locale);
  if (saved->language != NULL)
    g_setenv ("LANGUAGE", saved->language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  textdomain (GETTEXT_PACKAGE);
  g_free (saved->locale);
  g_free (saved->language);
  g_free (saved);
}

/* Entry points ----------------------------------------------------------- */

void
fsb_report_options_init (FsbReportOptions *options)
{
  memset (options, 0, sizeof *options);
  options->use_case = FSB_USE_CASE_SERVER;
}


static char *
render_json (FsbResult * const *results, const char * const *labels, guint n,
             const FsbReportOptions *options, const char *path, GError **error)
{
  g_autoptr(JsonNode) root = NULL;

  if (n == 1)
    return fsb_result_to_data (results[0], NULL);
  root = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (root, json_array_new ());
  for (guint i = 0; i < n; i++)
    json_array_add_element (json_node_get_array (root), fsb_result_to_json (results[i]));
  return fsb_json_to_data (root, TRUE, NULL);
}

static char *
render_csv (FsbResult * const *results, const char * const *labels, guint n,
            const FsbReportOptions *options, const char *path, GError **error)
{
  char *csv = fsb_report_render_csv (results, labels, n);

  return options->csv_locale ? fsb_report_csv_for_locale (csv) : csv;
}

static char *
render_samples_csv (FsbResult * const *results, const char * const *labels, guint n,
                    const FsbReportOptions *options, const char *path, GError **error)
{
  char *csv = fsb_report_render_samples_csv (results, labels, n);

  return options->csv_locale ? fsb_report_csv_for_locale (csv) : csv;
}

static char *
render_html (FsbResult * const *results, const char * const *labels, guint n,
             const FsbReportOptions *options, const char *path, GError **error)
{
  g_autoptr(FsbDocument) doc = fsb_document_build (results, labels, n, options->use_case);

  return fsb_report_render_html (doc);
}

static char *
render_markdown (FsbResult * const *results, const char * const *labels, guint n,
                 const FsbReportOptions *options, const char *path, GError **error)
{
  g_autoptr(FsbDocument) doc = fsb_document_build (results, labels, n, options->use_case);
  g_autofree char *stem = NULL;

  /* The charts go beside the file, named after it. */
  if (path != NULL)
    {
      const char *dot = strrchr (path, '.');
      const char *slash = strrchr (path, '/');
      stem = (dot != NULL && (slash == NULL || dot > slash)) ? g_strndup (path, dot - path) : g_strdup (path);
    }
  return fsb_report_render_markdown (doc, stem, error);
}

static char *
render_pdf (FsbResult * const *results, const char * const *labels, guint n,
            const FsbReportOptions *options, const char *path, GError **error)
{
  g_autoptr(FsbDocument) doc = fsb_document_build (results, labels, n, options->use_case);

  /* Written by cairo itself: nothing for the caller to write. */
  return fsb_report_render_pdf (doc, path, options->letter, error) ? g_strdup ("") : NULL;
}

/* The formats, in the order of the export menu. Adding one: its renderer
 * (fsb-report-*.c), its adapter above, a row here, its FsbReportFormat. */
static const FsbReportFormatInfo formats[] = {
  { FSB_REPORT_HTML, "html", "html", "text/html", N_("_HTML page…"),
    N_("Write a self-contained HTML report"), TRUE, render_html },
  { FSB_REPORT_PDF, "pdf", "pdf", "application/pdf", N_("_PDF document…"),
    N_("Write a PDF report"), FALSE, render_pdf },
  { FSB_REPORT_MARKDOWN, "md", "md", "text/markdown", N_("_Markdown…"),
    N_("Write Markdown, with the charts as PNG files beside it"), TRUE, render_markdown },
  { FSB_REPORT_CSV, "csv", "csv", "text/csv", N_("_CSV table…"),
    N_("Write every statistic as CSV"), TRUE, render_csv },
  { FSB_REPORT_SAMPLES_CSV, "samples-csv", "csv", "text/csv", N_("CSV of every _sample…"),
    N_("Write every measurement as CSV, a row per repetition"), TRUE, render_samples_csv },
  { FSB_REPORT_JSON, "json", "json", "application/json", N_("_JSON result…"),
    N_("Write the result itself as JSON"), TRUE, render_json },
};

static const FsbReportFormatInfo *
format_info (FsbReportFormat format)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (formats[i].format == format)
      return &formats[i];
  return NULL;
}

const FsbReportFormatInfo *
fsb_report_formats (guint *n_formats)
{
  if (n_formats != NULL)
    *n_formats = G_N_ELEMENTS (formats);
  return formats;
}

const FsbReportFormatInfo *
fsb_report_format_lookup (const char *id)
{
  for (guint i = 0; id != NULL && i < G_N_ELEMENTS (formats); i++)
    if (g_ascii_strcasecmp (id, formats[i].id) == 0 || g_ascii_strcasecmp (id, formats[i].extension) == 0 ||
        (formats[i].format == FSB_REPORT_MARKDOWN && g_ascii_strcasecmp (id, "markdown") == 0))
      return &formats[i];
  return NULL;
}

gboolean
fsb_report_format_from_id (const char *id, FsbReportFormat *format)
{
  const FsbReportFormatInfo *info = fsb_report_format_lookup (id);

  if (info == NULL)
    return FALSE;
  *format = info->format;
  return TRUE;
}

static char *
render (FsbResult * const *results, const char * const *labels, guint n, FsbReportFormat format,
        const FsbReportOptions *options, const char *path, GError **error)
{
  const FsbReportFormatInfo *info = format_info (format);

  if (info == NULL)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("Unknown report format"));
      return NULL;
    }
  return info->render (results, labels, n, options, path, error);
}

static gboolean
check_args (guint n_results, const FsbReportOptions *options, GError **error)
{
  if (n_results == 0)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("A report needs at least one result"));
      return FALSE;
    }
  if (options->use_case >= FSB_N_USE_CASES)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("Unknown use case"));
      return FALSE;
    }
  return TRUE;
}

char *
fsb_report_to_string (FsbResult * const *results, const char * const *labels, guint n_results,
                      FsbReportFormat format, const FsbReportOptions *options, GError **error)
{
  g_autoptr(FsbLanguageSwitch) lang = NULL;
  FsbReportOptions defaults;

  if (options == NULL)
    {
      fsb_report_options_init (&defaults);
      options = &defaults;
    }
  if (!check_args (n_results, options, error))
    return NULL;
  if (format_info (format) != NULL && !format_info (format)->text)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("A PDF report can only be written to a file"));
      return NULL;
    }
  if (options->language != NULL && (lang = fsb_language_switch (options->language, error)) == NULL)
    return NULL;
  return render (results, labels, n_results, format, options, NULL, error);
}

gboolean
fsb_report_write (FsbResult * const *results, const char * const *labels, guint n_results,
                  FsbReportFormat format, const FsbReportOptions *options,
                  const char *path, GError **error)
{
  g_autoptr(FsbLanguageSwitch) lang = NULL;
  g_autofree char *data = NULL;
  FsbReportOptions defaults;

  g_return_val_if_fail (path != NULL, FALSE);
  if (options == NULL)
    {
      fsb_report_options_init (&defaults);
      options = &defaults;
    }
  if (!check_args (n_results, options, error))
    return FALSE;
  if (options->language != NULL && (lang = fsb_language_switch (options->language, error)) == NULL)
    return FALSE;
  data = render (results, labels, n_results, format, options, path, error);
  if (data == NULL)
    return FALSE;
  if (format == FSB_REPORT_PDF)
    return TRUE;
  if (!g_file_set_contents (path, data, -1, error))
    {
      fsb_error_normalize (error);
      return FALSE;
    }
  return TRUE;
}
