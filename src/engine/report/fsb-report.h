/* fsb-report.h: the shareable report, written like the comparison study */
#pragma once

#include <glib.h>

#include "fsb-recommend.h"
#include "fsb-result.h"

G_BEGIN_DECLS

typedef enum {
  FSB_REPORT_HTML,      /* self-contained: inline SVG charts and CSS */
  FSB_REPORT_PDF,       /* cairo, a page break between sections */
  FSB_REPORT_CSV,       /* one row per result × filesystem × task × metric × statistic that means something */
  FSB_REPORT_MARKDOWN,  /* charts as PNG files beside it */
  FSB_REPORT_JSON,      /* the result itself (an array for a comparison) */
  FSB_REPORT_SAMPLES_CSV, /* one row per sample: filesystem, task, repetition, every metric */
} FsbReportFormat;

typedef struct {
  FsbUseCase  use_case;
  const char *language;   /* "ru", "de", "fr", "en"; NULL: the UI language */
  gboolean    letter;     /* PDF on US Letter rather than A4 */
  gboolean    csv_locale; /* CSV for a spreadsheet in the report's language: a UTF-8 BOM, ';' between
                           * fields and a decimal comma where the language writes one (else C numbers
                           * and ',' that every program reads) */
} FsbReportOptions;

void     fsb_report_options_init   (FsbReportOptions *options);

/* One result gives the study; two or more give a comparison side by side
 * with the differences (the first is the reference). labels may be NULL
 * or hold NULLs: the run's date stands in. With options->language set,
 * switches the process locale while writing: call from the main thread. */
gboolean fsb_report_write          (FsbResult * const *results, const char * const *labels, guint n_results,
                                    FsbReportFormat format, const FsbReportOptions *options,
                                    const char *path, GError **error);
/* The text formats (HTML, CSV, Markdown without its PNG files, JSON) in memory. */
char    *fsb_report_to_string      (FsbResult * const *results, const char * const *labels, guint n_results,
                                    FsbReportFormat format, const FsbReportOptions *options,
                                    GError **error);
/* The formats, in one table: the CLI's options and the window's export
 * menu are made from it. */
typedef struct _FsbReportFormatInfo FsbReportFormatInfo;
struct _FsbReportFormatInfo {
  FsbReportFormat format;
  const char     *id;          /* "html": `fsbench-cli report --html FILE`, the menu's action target */
  const char     *extension;   /* "html" */
  const char     *mime_type;   /* "text/html" */
  const char     *menu_label;  /* N_(): "_HTML page…" */
  const char     *description; /* N_(): the CLI option's help */
  gboolean        text;        /* fsb_report_to_string () can write it */
  /* Writes the report: the text to save at path, or (PDF) "" once written there. */
  char         *(*render)      (FsbResult * const *results, const char * const *labels, guint n,
                                const FsbReportOptions *options, const char *path, GError **error);
};

const FsbReportFormatInfo *fsb_report_formats       (guint *n_formats);
/* The id, its extension or "markdown"; NULL when unknown. */
const FsbReportFormatInfo *fsb_report_format_lookup (const char *id);
/* "html", "pdf", "csv", "md" or "markdown", "json"; FALSE when unknown. */
gboolean fsb_report_format_from_id (const char *id, FsbReportFormat *format);

/* Runs the process in another language (LC_ALL, LANGUAGE and the gettext
 * catalog cache) until restored. Fails when no locale for it is installed. */
typedef struct _FsbLanguageSwitch FsbLanguageSwitch;
FsbLanguageSwitch *fsb_language_switch  (const char *language, GError **error);
void               fsb_language_restore (FsbLanguageSwitch *saved);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbLanguageSwitch, fsb_language_restore)

G_END_DECLS
