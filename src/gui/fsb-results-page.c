/* fsb-results-page.c: the recommendation, then a chart and a table per section */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "fsb-chart.h"
#include "fsb-chart-view.h"
#include "fsb-scaling-view.h"
#include "fsb-format.h"
#include "fsb-plan.h"
#include "fsb-gui-util.h"
#include "fsb-recommend.h"
#include "fsb-report.h"
#include "fsb-results-page.h"
#include "fsb-stats.h"
#include "fsb-target-info.h"
#include "fsb-catalog.h"

enum {
  COL_FS,
  COL_TASK,
  COL_MEDIAN_TEXT,
  COL_MEDIAN,
  COL_RANGE_TEXT,
  COL_SPREAD,
  COL_CPU_TEXT,
  COL_CPU,
  COL_FAULTS_TEXT,
  COL_FAULTS,
  N_COLS
};

typedef struct {
  GtkWidget *page;        /* the notebook's child */
  GtkWidget *chart;
  GtkWidget *scaling;     /* FsbScalingView: the section's series, if it ran any */
  GtkWidget *conclusion;
  GtkWidget *table;
  gboolean   filled;      /* its table and chart show the result */
} SectionPage;

struct _FsbResultsPage
{
  GtkBox parent_instance;

  GtkWidget *recommendation;
  GtkWidget *headline;
  GtkWidget *confidence;
  GtkWidget *missing_box;
  GtkWidget *missing_label;
  GtkWidget *settle_box;
  GtkWidget *settle_label;
  guint      settle_rounds;     /* what the open verdict needs (fsb-recommend-settle.c); 0: none */
  double     settle_budget_s;
  GtkWidget *reasons;
  GtkWidget *notes;
  GtkWidget *sections;
  GtkWidget *saved_label;

  GtkWidget *use_case_combo;
  GtkWidget *export_button;

  /* One page per section, made once and shown when the result has rows
   * for it: removing notebook pages while a screen reader listens makes
   * GTK ask the removed page for its tab (a critical). */
  GPtrArray *pages;   /* of SectionPage*, one per criterion, in report order */
  GtkWidget *comparison_view;   /* in place of the recommendation, or NULL */

  FsbResult *result;
  char      *use_case;
  char     **missing_groups;  /* what the use case lacks, for win.measure-missing */
  char      *note;
  gboolean   comparison;
  gboolean   updating;
};

G_DEFINE_FINAL_TYPE (FsbResultsPage, fsb_results_page, GTK_TYPE_BOX)

enum { SIGNAL_MEASURE, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
add_row (GtkListStore *store, FsbResult *result, const char *fs, const char *task, const char *metric,
         const FsbStats *stats, const FsbTaskResult *task_result)
{
  gboolean percent = g_strcmp0 (metric, "percent") == 0;
  double scale = 1, lo = 0, hi = 0;
  gboolean time = fsb_format_metric_is_time (metric, &scale);
  g_autofree char *median = NULL, *min = NULL, *max = NULL, *range = NULL;
  g_autofree char *cpu_text = NULL;
  g_autofree char *faults_text = NULL;
  FsbStats cpu = { 0 }, faults = { 0 };
  gboolean has_cpu = task_result != NULL && fsb_task_result_stats (result, task_result, "cpu_percent", &cpu);
  gboolean has_faults = task_result != NULL && fsb_task_result_stats (result, task_result, "minor_faults", &faults);

  /* the median's 95 % interval (min–max where there is none); nothing from a single sample */
  fsb_chart_interval (stats, &lo, &hi);
  /* times in the unit that suits them, as the charts and the report write them */
  median = percent ? fsb_format_percent (stats->median, 1) : fsb_format_metric (stats->median, metric);
  min = percent ? fsb_format_number (lo, 1) : fsb_format_value (lo, metric);
  max = percent ? fsb_format_number (hi, 1) : fsb_format_value (hi, metric);
  range = stats->n <= 1 ? g_strdup ("—")
          : time ? fsb_format_time_range (lo * scale, hi * scale, stats->median * scale, stats->median * scale)
          /* Translators: a range of values, the lowest then the highest */
          : g_strdup_printf (_("%s – %s"), min, max);
  cpu_text = has_cpu ? fsb_format_percent (cpu.median, 0) : g_strdup ("—");
  faults_text = has_faults ? fsb_format_value (faults.median, "minor_faults") : g_strdup ("—");
  gtk_list_store_insert_with_values (store, NULL, -1,
                                     COL_FS, fsb_format_fs_name (fs),
                                     COL_TASK, task,
                                     COL_MEDIAN_TEXT, median,
                                     COL_MEDIAN, stats->median,
                                     COL_RANGE_TEXT, range,
                                     COL_SPREAD, hi - lo,
                                     COL_CPU_TEXT, cpu_text,
                                     COL_CPU, has_cpu ? cpu.median : -1.0,
                                     COL_FAULTS_TEXT, faults_text,
                                     COL_FAULTS, has_faults ? faults.median : -1.0,
                                     -1);
}

/* A section that says its method (what it covers) lists its tasks' own
 * figures too, as the report does: the counts a headline cannot carry. */
static void
figure_rows (GtkListStore *store, FsbResult *result, const char *fs, FsbTaskResult *task, const char *headline)
{
  const FsbWorkloadGroup *group = NULL;
  FsbStats stats;

  if (fsb_catalog_task (task->id, &group) == NULL || group == NULL)
    return;
  for (guint m = 0; m < group->n_metrics; m++)
    if (g_strcmp0 (group->metrics[m].id, headline) != 0 && fsb_task_result_stats (result, task, group->metrics[m].id, &stats))
      add_row (store, result, fs, fsb_metric_display_name (group->metrics[m].id), group->metrics[m].id, &stats, NULL);
}

/* The section's rows into store; with store NULL, whether it has any. */
static gboolean
section_rows (FsbResult *result, const FsbCriterionSpec *section, GtkListStore *store)
{
  gboolean any = FALSE;

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);

      if (section->score == FSB_SCORE_CAPACITY)
        {
          FsbStats stats = { 0 };
          double percent = fs->capacity_initial.percent;

          if (fs->capacity_initial.total_bytes == 0)
            continue;
          if (store == NULL)
            return TRUE;
          any = TRUE;
          fsb_stats_compute (&percent, 1, &stats);
          add_row (store, result, fs->name, fsb_metric_display_name ("percent"), "percent", &stats, NULL);
          /* --age: how many 4 KiB files fit on it */
          if (fs->fit.limit != NULL)
            {
              double files = (double) fs->fit.files;

              fsb_stats_compute (&files, 1, &stats);
              add_row (store, result, fs->name, g_str_equal (fs->fit.limit, "time") ? _("Small files that fit, at least")
                                                                            : _("Small files that fit"),
                       "files", &stats, NULL);
            }
          continue;
        }
      for (guint t = 0; t < fs->tasks->len; t++)
        {
          FsbTaskResult *task = g_ptr_array_index (fs->tasks, t);
          gboolean higher = FALSE;
          const char *metric;
          FsbStats stats;

          if (g_strcmp0 (fsb_task_criterion (task->id), section->id) != 0)
            continue;
          metric = fsb_task_metric (task->id, &higher);
          if (!fsb_task_result_stats (result, task, metric, &stats))
            continue;
          if (store == NULL)
            return TRUE;
          any = TRUE;
          add_row (store, result, fs->name, fsb_task_display_name (task->id), metric, &stats, task);
          if (section->method != NULL)
            figure_rows (store, result, fs->name, task, metric);
        }
    }
  return any;
}

static GtkTreeViewColumn *
add_column (GtkTreeView *view, const char *title, int text_col, int sort_col, gboolean numeric)
{
  GtkCellRenderer *cell = gtk_cell_renderer_text_new ();
  GtkTreeViewColumn *column = gtk_tree_view_column_new_with_attributes (title, cell, "text", text_col, NULL);

  if (numeric)
    g_object_set (cell, "xalign", 1.0, NULL);
  gtk_tree_view_column_set_sort_column_id (column, sort_col);
  gtk_tree_view_column_set_resizable (column, TRUE);
  gtk_tree_view_append_column (view, column);
  return column;
}

static void
kind_changed_cb (GtkComboBox *combo, FsbChartView *chart)
{
  fsb_chart_view_set_kind (chart, (FsbChartViewKind) gtk_combo_box_get_active (combo));
}

static void
section_page_init (SectionPage *page, const FsbCriterionSpec *section)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *frame = gtk_frame_new (NULL);
  g_autofree char *chart_name = NULL;
  g_autofree char *table_name = NULL;

  page->page = box;
  page->chart = fsb_chart_view_new ();
  page->table = gtk_tree_view_new ();
  page->conclusion = gtk_label_new (NULL);

  gtk_container_set_border_width (GTK_CONTAINER (box), 8);
  fsb_chart_view_set_section (FSB_CHART_VIEW (page->chart), section->id);
  /* Translators: %s is a report section, "Big files" */
  chart_name = g_strdup_printf (_("Chart: %s"), _(section->title));
  fsb_gui_set_accessible_name (page->chart, chart_name);

  if (section->method != NULL)
    {
      GtkWidget *method = gtk_label_new (_(section->method));

      gtk_label_set_xalign (GTK_LABEL (method), 0);
      gtk_label_set_line_wrap (GTK_LABEL (method), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (method), 90);
      gtk_container_add (GTK_CONTAINER (box), method);
    }
  /* first, how the section's series scale (shown when a result has one), then each task's figures */
  page->scaling = fsb_scaling_view_new (section->id);
  gtk_container_add (GTK_CONTAINER (box), page->scaling);
  if (section->score == FSB_SCORE_TASKS)
    {
      GtkWidget *kind = gtk_combo_box_text_new ();
      g_autofree char *kind_name = NULL;

      /* In the order of FsbChartViewKind */
      gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (kind), _("Time and rates"));
      gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (kind), _("CPU use"));
      gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (kind), _("Page faults"));
      gtk_combo_box_set_active (GTK_COMBO_BOX (kind), 0);
      gtk_widget_set_halign (kind, GTK_ALIGN_END);
      /* Translators: %s is a report section, "Big files" */
      kind_name = g_strdup_printf (_("What the chart shows: %s"), _(section->title));
      fsb_gui_set_accessible_name (kind, kind_name);
      g_signal_connect_object (kind, "changed", G_CALLBACK (kind_changed_cb), page->chart, 0);
      gtk_container_add (GTK_CONTAINER (box), kind);
    }
  gtk_container_add (GTK_CONTAINER (box), page->chart);

  gtk_label_set_xalign (GTK_LABEL (page->conclusion), 0);
  gtk_label_set_line_wrap (GTK_LABEL (page->conclusion), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (page->conclusion), 70);
  gtk_style_context_add_class (gtk_widget_get_style_context (page->conclusion), "fsb-conclusion");
  gtk_container_add (GTK_CONTAINER (box), page->conclusion);

  add_column (GTK_TREE_VIEW (page->table), _("Filesystem"), COL_FS, COL_FS, FALSE);
  add_column (GTK_TREE_VIEW (page->table), _("Task"), COL_TASK, COL_TASK, FALSE);
  add_column (GTK_TREE_VIEW (page->table), _("Median"), COL_MEDIAN_TEXT, COL_MEDIAN, TRUE);
  /* xgettext:no-c-format */
  add_column (GTK_TREE_VIEW (page->table), _("95 % interval"), COL_RANGE_TEXT, COL_SPREAD, TRUE);
  /* Capacity is measured, not timed: no CPU or faults to show. */
  gtk_tree_view_column_set_visible (add_column (GTK_TREE_VIEW (page->table), _("CPU"), COL_CPU_TEXT, COL_CPU, TRUE),
                                    section->score != FSB_SCORE_CAPACITY);
  gtk_tree_view_column_set_visible (add_column (GTK_TREE_VIEW (page->table), _("Page faults"), COL_FAULTS_TEXT,
                                                COL_FAULTS, TRUE),
                                    section->score != FSB_SCORE_CAPACITY);
  /* Translators: %s is a report section, "Big files" */
  table_name = g_strdup_printf (_("Table: %s"), _(section->title));
  fsb_gui_set_accessible_name (page->table, table_name);
  gtk_container_add (GTK_CONTAINER (frame), page->table);
  gtk_container_add (GTK_CONTAINER (box), frame);

  gtk_widget_show_all (box);
  gtk_widget_hide (box);   /* until a result has rows for it */
}

/* A section's page for a result: its conclusion, and shown when the
 * result has rows for it (FALSE: it has none). Its table and chart wait
 * until the page is in front (section_page_fill): a result of 32
 * filesystems has thousands of rows, and GTK sizes every notebook page's
 * table and chart. */
static gboolean
section_page_set (SectionPage *page, FsbResult *result, const FsbCriterionSpec *section, const char *conclusion)
{
  gboolean has_rows = section_rows (result, section, NULL);

  page->filled = FALSE;
  gtk_tree_view_set_model (GTK_TREE_VIEW (page->table), NULL);
  fsb_chart_view_set_result (FSB_CHART_VIEW (page->chart), NULL);
  fsb_scaling_view_set_result (FSB_SCALING_VIEW (page->scaling), NULL);
  gtk_label_set_text (GTK_LABEL (page->conclusion), conclusion != NULL ? conclusion : "");
  gtk_widget_set_visible (page->conclusion, conclusion != NULL);
  gtk_widget_set_visible (page->page, has_rows);
  return has_rows;
}

static void
section_page_fill (SectionPage *page, FsbResult *result, const FsbCriterionSpec *section)
{
  g_autoptr(GtkListStore) store = NULL;

  if (page->filled || result == NULL)
    return;
  store = gtk_list_store_new (N_COLS, G_TYPE_STRING, G_TYPE_STRING,
                              G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_STRING, G_TYPE_DOUBLE,
                              G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_STRING, G_TYPE_DOUBLE);
  section_rows (result, section, store);
  gtk_tree_view_set_model (GTK_TREE_VIEW (page->table), GTK_TREE_MODEL (store));
  fsb_chart_view_set_result (FSB_CHART_VIEW (page->chart), result);
  fsb_scaling_view_set_result (FSB_SCALING_VIEW (page->scaling), result);
  page->filled = TRUE;
}

static void
page_switched_cb (GtkNotebook *notebook, GtkWidget *child, guint n, FsbResultsPage *self)
{
  /* (a page switched to as the window goes needs no rows) */
  if (n < self->pages->len && !gtk_widget_in_destruction (GTK_WIDGET (self)))
    section_page_fill (g_ptr_array_index (self->pages, n), self->result, fsb_catalog_nth_criterion (n));
}

/* A page for each criterion not yet shown: the built-in ones at first,
 * then any group registered since. Pages are added, never removed. */
static void
add_pages (FsbResultsPage *self)
{
  for (guint s = self->pages->len; s < fsb_catalog_n_criteria (); s++)
    {
      const FsbCriterionSpec *section = fsb_catalog_nth_criterion (s);
      SectionPage *page = g_new0 (SectionPage, 1);

      section_page_init (page, section);
      g_ptr_array_add (self->pages, page);
      gtk_notebook_append_page (GTK_NOTEBOOK (self->sections), page->page, gtk_label_new (_(section->title)));
    }
}

/* A conclusion, then what the section's total hides. */
static char *
section_conclusion (const FsbVerdict *v)
{
  GString *s = g_string_new (v->conclusion);

  for (guint i = 0; i < v->differences->len; i++)
    g_string_append_printf (s, "\n• %s", ((FsbTaskDifference *) v->differences->pdata[i])->sentence);
  return g_string_free (s, FALSE);
}

static char *
bullets (GPtrArray *lines)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; lines != NULL && i < lines->len; i++)
    g_string_append_printf (s, "%s• %s", i > 0 ? "\n" : "", (const char *) g_ptr_array_index (lines, i));
  return g_string_free (s, FALSE);
}

static void
use_case_changed_cb (FsbResultsPage *self)
{
  const char *id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->use_case_combo));
  g_autofree char *note = g_strdup (self->note);

  /* The same figures, weighed for another use case. */
  if (self->updating || self->result == NULL || id == NULL || g_strcmp0 (id, self->use_case) == 0)
    return;
  fsb_results_page_show (self, self->result, id, note, self->comparison);
}

/* Runs from the results page go to the image folder of the last run. */
static char *
image_target (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *folder = g_settings_get_string (settings, "image-folder");

  return folder[0] != '\0' ? g_strdup_printf ("image@%s", folder) : g_strdup ("image");
}

/* Runs just the groups the use case lacks, on the same filesystems, in
 * the image folder of the last run; the runner merges the two. */
static void
measure_clicked_cb (FsbResultsPage *self)
{
  g_autofree char *target = image_target ();
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbPlan) plan = NULL;

  if (self->result == NULL || self->missing_groups == NULL)
    return;
  plan = fsb_plan_new_for_missing (self->result, self->use_case, (const char *const *) self->missing_groups,
                                   target, &error);
  if (plan == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->missing_label), error->message);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_MEASURE], 0, plan);
}

/* Runs the same comparison again, afresh, with the rounds and the time
 * the open verdict needs. */
static void
settle_clicked_cb (FsbResultsPage *self)
{
  g_autofree char *target = image_target ();
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbPlan) plan = NULL;

  if (self->result == NULL || self->settle_rounds == 0)
    return;
  plan = fsb_plan_new_to_settle (self->result, self->use_case, self->settle_rounds, self->settle_budget_s, target,
                                 &error);
  if (plan == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->settle_label), error->message);
      return;
    }
  g_signal_emit (self, signals[SIGNAL_MEASURE], 0, plan);
}

/* The confidence in words, or not measured as a state of its own: what
 * is missing and a button that runs just that (win.measure-missing). The
 * confidence is the first note; it is shown here instead. */
static void
show_state (FsbResultsPage *self, FsbRecommendation *rec)
{
  gboolean missing = rec->missing_groups != NULL && rec->missing_groups[0] != NULL;
  GtkStyleContext *style = gtk_widget_get_style_context (self->headline);

  g_strfreev (self->missing_groups);
  self->missing_groups = missing ? g_strdupv (rec->missing_groups) : NULL;
  gtk_widget_set_visible (self->missing_box, missing && !self->comparison);
  /* an open verdict: what would settle it, by the button that runs that */
  self->settle_rounds = self->comparison ? 0 : rec->settle_rounds;
  self->settle_budget_s = rec->settle_budget_s;
  gtk_widget_set_visible (self->settle_box, self->settle_rounds > 0);
  if (self->settle_rounds > 0)
    {
      gtk_label_set_text (GTK_LABEL (self->settle_label), rec->settle_note);
      for (guint i = 0; i < rec->notes->len; i++)
        if (g_strcmp0 (rec->notes->pdata[i], rec->settle_note) == 0)
          {
            g_ptr_array_remove_index (rec->notes, i);
            break;
          }
    }
  /* the last note names them (fsb-recommend.c): shown here, by the button */
  if (missing && rec->notes->len > 0)
    {
      gtk_label_set_text (GTK_LABEL (self->missing_label), rec->notes->pdata[rec->notes->len - 1]);
      g_ptr_array_remove_index (rec->notes, rec->notes->len - 1);
    }
  if (rec->verdict == FSB_VERDICT_NOT_MEASURED)
    gtk_style_context_add_class (style, "fsb-not-measured");
  else
    gtk_style_context_remove_class (style, "fsb-not-measured");
  gtk_widget_set_visible (self->confidence, rec->confidence != FSB_CONFIDENCE_NONE);
  if (rec->confidence != FSB_CONFIDENCE_NONE && rec->notes->len > 0)
    {
      gtk_label_set_text (GTK_LABEL (self->confidence), rec->notes->pdata[0]);
      g_ptr_array_remove_index (rec->notes, 0);
    }
}

void
fsb_results_page_show (FsbResultsPage *self, FsbResult *result, const char *use_case, const char *note,
                       gboolean comparison)
{
  g_autoptr(FsbRecommendation) rec = NULL;
  g_autofree char *reasons = NULL;
  g_autofree char *notes = NULL;
  FsbUseCase uc = FSB_USE_CASE_SERVER;
  gboolean same_result;
  int current, first;

  g_return_if_fail (FSB_IS_RESULTS_PAGE (self));
  g_return_if_fail (result != NULL);

  same_result = self->result == result;
  current = MAX (gtk_notebook_get_current_page (GTK_NOTEBOOK (self->sections)), 0);
  fsb_result_ref (result);
  g_clear_pointer (&self->result, fsb_result_unref);
  self->result = result;
  if (use_case == NULL)
    use_case = result->use_case;
  if (!fsb_use_case_from_id (use_case, &uc))
    uc = FSB_USE_CASE_SERVER;
  g_free (self->use_case);
  self->use_case = g_strdup (fsb_use_case_id (uc));
  if (note != self->note)
    {
      g_free (self->note);
      self->note = g_strdup (note);
    }
  self->comparison = comparison;
  self->updating = TRUE;
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->use_case_combo), self->use_case);
  self->updating = FALSE;

  /* The recommendation first: the answer the user came for. */
  rec = fsb_recommend (result, uc);
  gtk_label_set_text (GTK_LABEL (self->headline),
                      rec->headline != NULL ? rec->headline : _("No filesystem can be recommended from these results"));
  show_state (self, rec);
  reasons = bullets (rec->reasons);
  /* How the figures were measured comes first: a warm cache or a
   * copy-on-write host colours every figure below. */
  {
    g_autoptr(GPtrArray) lines = fsb_result_regime_warnings (result);

    for (guint i = 0; i < rec->notes->len; i++)
      g_ptr_array_add (lines, g_strdup (rec->notes->pdata[i]));
    notes = bullets (lines);
  }
  gtk_label_set_text (GTK_LABEL (self->reasons), reasons);
  gtk_widget_set_visible (self->reasons, reasons[0] != '\0');
  gtk_label_set_text (GTK_LABEL (self->notes), notes);
  gtk_widget_set_visible (self->notes, notes[0] != '\0');
  gtk_widget_set_visible (self->recommendation, !comparison);

  first = -1;
  add_pages (self);
  for (guint s = 0; s < self->pages->len; s++)
    {
      const FsbCriterionSpec *section = fsb_catalog_nth_criterion (s);
      const FsbVerdict *verdict = fsb_recommendation_get_verdict (rec, section->id);
      g_autofree char *conclusion = verdict != NULL && !comparison ? section_conclusion (verdict) : NULL;

      if (section_page_set (g_ptr_array_index (self->pages, s), result, section, conclusion) && first < 0)
        first = (int) s;
    }
  /* The same section stays in front when only the use case changed. */
  if (!same_result || (guint) current >= self->pages->len
      || !gtk_widget_get_visible (((SectionPage *) g_ptr_array_index (self->pages, current))->page))
    current = MAX (first, 0);
  gtk_notebook_set_current_page (GTK_NOTEBOOK (self->sections), current);
  /* the page in front, whether or not it changed */
  section_page_fill (g_ptr_array_index (self->pages, current), result, fsb_catalog_nth_criterion (current));
  gtk_label_set_text (GTK_LABEL (self->saved_label), note != NULL ? note : "");
}

void
fsb_results_page_set_note (FsbResultsPage *self, const char *note)
{
  g_return_if_fail (FSB_IS_RESULTS_PAGE (self));

  if (note != self->note)
    {
      g_free (self->note);
      self->note = g_strdup (note);
    }
  gtk_label_set_text (GTK_LABEL (self->saved_label), note != NULL ? note : "");
}

void
fsb_results_page_set_comparison (FsbResultsPage *self, GtkWidget *view)
{
  GtkWidget *box;

  g_return_if_fail (FSB_IS_RESULTS_PAGE (self));
  if (self->comparison_view != NULL)
    gtk_widget_destroy (self->comparison_view);
  self->comparison_view = view;
  if (view == NULL)
    return;
  /* under the charts of the runs, as the report puts each table under its chart */
  box = gtk_widget_get_parent (self->recommendation);
  gtk_container_add (GTK_CONTAINER (box), view);
  g_signal_connect (view, "destroy", G_CALLBACK (gtk_widget_destroyed), &self->comparison_view);
}

FsbResult *
fsb_results_page_get_result (FsbResultsPage *self)
{
  g_return_val_if_fail (FSB_IS_RESULTS_PAGE (self), NULL);
  return self->result;
}

const char *const *
fsb_results_page_get_missing_groups (FsbResultsPage *self)
{
  g_return_val_if_fail (FSB_IS_RESULTS_PAGE (self), NULL);
  return (const char *const *) self->missing_groups;
}

const char *
fsb_results_page_get_use_case (FsbResultsPage *self)
{
  g_return_val_if_fail (FSB_IS_RESULTS_PAGE (self), NULL);
  return self->use_case;
}

const char *
fsb_results_page_get_headline (FsbResultsPage *self)
{
  g_return_val_if_fail (FSB_IS_RESULTS_PAGE (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->headline));
}

/* One item per report format the engine writes, in its order. */
static void
set_export_menu (FsbResultsPage *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  guint n;
  const FsbReportFormatInfo *formats = fsb_report_formats (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(formats[i].menu_label), NULL);

      g_menu_item_set_action_and_target (item, "win.export", "s", formats[i].id);
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->export_button), G_MENU_MODEL (menu));
}

static void
fsb_results_page_dispose (GObject *object)
{
  FsbResultsPage *self = FSB_RESULTS_PAGE (object);

  /* The pages go with the window. A page's accessible asks the notebook for
   * its tab while the page is being removed, which GTK no longer knows (a
   * critical), unless the notebook shows no tabs. */
  if (self->sections != NULL)
    gtk_notebook_set_show_tabs (GTK_NOTEBOOK (self->sections), FALSE);
  G_OBJECT_CLASS (fsb_results_page_parent_class)->dispose (object);
}

static void
fsb_results_page_finalize (GObject *object)
{
  FsbResultsPage *self = FSB_RESULTS_PAGE (object);

  g_clear_pointer (&self->result, fsb_result_unref);
  g_clear_pointer (&self->pages, g_ptr_array_unref);
  g_free (self->use_case);
  g_strfreev (self->missing_groups);
  g_free (self->note);
  G_OBJECT_CLASS (fsb_results_page_parent_class)->finalize (object);
}

static void
fsb_results_page_class_init (FsbResultsPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fsb_results_page_dispose;
  object_class->finalize = fsb_results_page_finalize;

  g_type_ensure (FSB_TYPE_CHART_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-results-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, recommendation);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, headline);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, confidence);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, missing_box);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, missing_label);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, settle_box);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, settle_label);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, reasons);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, notes);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, sections);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, saved_label);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, use_case_combo);
  gtk_widget_class_bind_template_child (widget_class, FsbResultsPage, export_button);
  gtk_widget_class_bind_template_callback (widget_class, use_case_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, measure_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, settle_clicked_cb);

  /* "measure" (FsbPlan *plan): run it; it completes the result shown. */
  signals[SIGNAL_MEASURE] = g_signal_new ("measure", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
fsb_results_page_init (FsbResultsPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->pages = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (self->sections, "switch-page", G_CALLBACK (page_switched_cb), self);
  add_pages (self);
  set_export_menu (self);
}
