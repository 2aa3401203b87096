/* fsb-report-private.h: the report as blocks, shared by its renderers */
#pragma once

#include <gio/gio.h>

#include "fsb-chart.h"
#include "fsb-report.h"

G_BEGIN_DECLS

typedef enum {
  FSB_BLOCK_TITLE,
  FSB_BLOCK_SUBTITLE,
  FSB_BLOCK_VERDICT,     /* the one-line verdict, emphasised */
  FSB_BLOCK_HEADING,     /* level 2 */
  FSB_BLOCK_SUBHEADING,  /* level 3 */
  FSB_BLOCK_PARAGRAPH,
  FSB_BLOCK_NOTE,        /* a caveat or a failure, set apart */
  FSB_BLOCK_LIST,        /* items: char* */
  FSB_BLOCK_FACTS,       /* items: key, value, key, value... */
  FSB_BLOCK_TABLE,       /* items: rows (GPtrArray of char*), the first is the header */
  FSB_BLOCK_CHART,
  FSB_BLOCK_CONCLUSION,
  FSB_BLOCK_PAGE_BREAK,
} FsbBlockKind;

typedef struct {
  FsbBlockKind     kind;
  char            *text;
  char            *id;            /* a stable id: anchors, chart file names */
  GPtrArray       *items;
  guint64          numeric;       /* TABLE: bit n set when column n holds numbers */
  guint            keep;          /* this block and the next keep blocks stay on one page when they fit */
  GArray          *best;          /* TABLE: of guint64 per row, bit n set when its cell n is a winner's, shown strong */
  gboolean         glance;        /* the overview at the top, which the Markdown's own compact block gives */
  FsbResult       *result;        /* CHART */
  FsbChartOptions  chart;         /* CHART; chart.title points into text */
} FsbBlock;

typedef struct {
  char      *title;
  char      *language;   /* for <html lang> */
  GPtrArray *blocks;
  GPtrArray *results;    /* of FsbResult*: what the document was made from */
  FsbRecommendation *recommendation;   /* a study's: what its verdict and tables say; NULL in a comparison */
} FsbDocument;

FsbDocument *fsb_document_build (FsbResult * const *results, const char * const *labels, guint n_results,
                                 FsbUseCase use_case);
FsbDocument *fsb_document_new   (void);
void         fsb_document_free  (FsbDocument *doc);

/* fsb-report-study.c and fsb-report-compare.c */
void         fsb_document_build_study      (FsbDocument *doc, FsbResult *result, FsbUseCase use_case);
void         fsb_document_build_comparison (FsbDocument *doc, FsbResult * const *results,
                                            const char * const *labels, guint n, FsbUseCase use_case);

/* fsb-report-aging.c: the section "After aging", under its heading */
/* The study's results: each section with its table, chart and conclusion (fsb-report-results.c). */
void         fsb_doc_add_results           (FsbDocument *doc, FsbResult *result, const FsbRecommendation *rec);
void         fsb_document_add_aging        (FsbDocument *doc, FsbResult *result, const FsbRecommendation *rec);
/* fsb-report-scaling.c: the condition (FSB_CONDITION_JOBS, _IODEPTH) the
 * section's tasks ran a series of, or NULL; and its scaling charts and table. */
const char  *fsb_doc_section_series        (FsbResult *r, const char *section);
void         fsb_document_add_scaling      (FsbDocument *doc, FsbResult *r, const char *section,
                                            const char *condition);
gboolean     fsb_doc_aging_has_data        (FsbResult *result);
/* fsb-report-figures.c: a table of the section's tasks' own metrics, one
 * row each, a column per filesystem: the median over the repetitions. */
void         fsb_doc_add_figures           (FsbDocument *doc, FsbResult *result, const char *section);

/* Building blocks (fsb-report-document.c). add_take frees text. */
FsbBlock    *fsb_doc_add           (FsbDocument *doc, FsbBlockKind kind, const char *text);
void         fsb_doc_add_take      (FsbDocument *doc, FsbBlockKind kind, char *text);
FsbBlock    *fsb_doc_add_list      (FsbDocument *doc, FsbBlockKind kind);
void         fsb_doc_add_fact      (FsbBlock *facts, const char *key, const char *value);
/* "Processor:" in the language's own spacing ("Processeur :"). */
char        *fsb_doc_fact_label    (const char *key);
/* The header cells follow, NULL-terminated; bit n of numeric: column n holds numbers. */
FsbBlock    *fsb_doc_add_table     (FsbDocument *doc, guint64 numeric, ...) G_GNUC_NULL_TERMINATED;
GPtrArray   *fsb_doc_table_row     (FsbBlock *table);
void         fsb_doc_add_chart     (FsbDocument *doc, FsbResult *result, FsbChartKind kind, const char *section,
                                    const char *id, const char *title, gboolean with_title);
char        *fsb_doc_fs_list       (FsbResult *result);
char        *fsb_doc_format_date   (const char *iso);
char        *fsb_doc_result_label  (FsbResult *result, const char * const *labels, guint i);
/* "r1", "r2": the key of a comparison's run i, in its tables and its CSV (labels may repeat). */
char        *fsb_doc_run_key       (guint i);
char        *fsb_doc_describe_target (FsbResult *r);
/* Machine details, in words; NULL when not recorded. */
char        *fsb_doc_virtualization (FsbResult *r);
char        *fsb_doc_disk_kind     (FsbResult *r);
char        *fsb_doc_sectors       (FsbResult *r);
char        *fsb_doc_kernel_options (FsbResult *r);
/* Under a chart posted alone: "AMD EPYC, 2 cores · Debian GNU/Linux 12 · 1 December 2026 · 3 repetitions · FS Bench 0.2.0" */
char        *fsb_doc_chart_caption (FsbResult *r);
gboolean     fsb_doc_section_has_data (FsbResult *r, const FsbCriterionSpec *section);
char        *fsb_doc_column_title  (const char *name, const char *metric);
/* A filesystem's score among scores (FsbScore*), or NULL. */
const FsbScore *fsb_doc_find_score (GPtrArray *scores, const char *fs);
/* fs's figure in a column of scores (FsbScore*), in the unit and precision
 * the column shares (fsb_format_figure_as); "—" when it has none. */
char        *fsb_doc_score_figure  (GPtrArray *scores, const char *fs);
/* The verdicts (FsbVerdict*) a summary shows: those the use case counts,
 * or all of them when it counts none that ran. */
GPtrArray   *fsb_doc_summary_verdicts (const FsbRecommendation *rec);
/* A filesystem against the leader overall, in a word: "Leader", "Tied", "Clearly behind"... */
const char  *fsb_doc_overall_standing (const FsbScore *score, gboolean leader);

/* The data a result ran on: its sizes by parameter id (or, for results
 * before 0.2, its dataset manifest). */
gboolean     fsb_doc_result_size   (FsbResult *r, const char *id, double *value);
char        *fsb_doc_format_param  (const FsbParamSpec *param, double value);
gboolean     fsb_doc_group_ran     (FsbResult *r, const FsbWorkloadGroup *group);
/* "a big file of 35.0 MB; a tree of 375 files in 45 folders, 95.0 MB in all"; "" without the core tasks. */
char        *fsb_doc_dataset_sentence (FsbResult *r);
/* fsb-report-study.c: "3 times", "3 to 6 times": how often each task ran
 * on a filesystem (focused rounds ran some tasks more often). */
char        *fsb_doc_repetitions_text (FsbResult *r);
/* Facts: each size of the group ("Size of the big file: 35.0 MB"); NULL when it has none. */
FsbBlock    *fsb_doc_add_group_sizes  (FsbDocument *doc, FsbResult *r, const FsbWorkloadGroup *group);
/* TRUE when both results ran this group on the same sizes. */
gboolean     fsb_doc_same_sizes    (FsbResult *a, FsbResult *b, const FsbWorkloadGroup *group);

char        *fsb_report_render_html     (FsbDocument *doc);
/* png_stem: write the charts as STEM-ID.png and link them; NULL: leave them out. */
char        *fsb_report_render_markdown (FsbDocument *doc, const char *png_stem, GError **error);
gboolean     fsb_report_render_pdf      (FsbDocument *doc, const char *path, gboolean letter, GError **error);
char        *fsb_report_render_csv      (FsbResult * const *results, const char * const *labels, guint n_results);
char        *fsb_report_render_samples_csv (FsbResult * const *results, const char * const *labels, guint n_results);
/* The CSV as a spreadsheet of the current locale opens it (csv_locale). */
char        *fsb_report_csv_for_locale  (char *csv);

/* Escaping for text that came from the machine or the user. */
char        *fsb_escape_markdown        (const char *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbDocument, fsb_document_free)

G_END_DECLS
