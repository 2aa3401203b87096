/* fsb-report-compare.c: several results side by side, with the changes */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-comparison.h"
#include "fsb-format.h"
#include "fsb-report-private.h"
#include "fsb-stats.h"
#include "fsb-target-info.h"

static const char *
or_dash (const char *s)
{
  return s != NULL && *s != '\0' ? s : "—";
}

typedef enum {
  ROW_PROCESSOR, ROW_MEMORY, ROW_BOARD, ROW_DISK, ROW_SCHEDULER, ROW_VIRTUALIZATION, ROW_DISTRIBUTION, ROW_KERNEL,
  ROW_TARGET, ROW_HOST, ROW_CACHES, ROW_PROFILE,
  ROW_DATA, ROW_REPETITIONS, ROW_DATE, ROW_FILE, N_ROWS
} CharRow;

static char *
characteristic (FsbResult *r, CharRow k, const char * const *files, guint i)
{
  switch (k)
    {
    case ROW_PROCESSOR: return g_strdup (or_dash (r->machine.cpu_model));
    case ROW_MEMORY:
      return r->machine.ram_bytes ? g_format_size_full (r->machine.ram_bytes, G_FORMAT_SIZE_IEC_UNITS) : g_strdup ("—");
    case ROW_BOARD: return g_strdup (or_dash (r->machine.board));
    case ROW_DISK: return g_strdup (or_dash (r->target.device_model));
    case ROW_SCHEDULER: return g_strdup (or_dash (r->target.scheduler));
    case ROW_VIRTUALIZATION:
      {
        char *v = fsb_doc_virtualization (r);
        return v != NULL ? v : g_strdup ("—");
      }
    case ROW_DISTRIBUTION: return g_strdup (or_dash (r->machine.distribution));
    case ROW_KERNEL: return g_strdup (or_dash (r->machine.kernel));
    case ROW_TARGET: return fsb_doc_describe_target (r);
    case ROW_HOST:
      {
        char *host = fsb_target_info_host_text (&r->target);
        return host != NULL ? host : g_strdup ("—");
      }
    case ROW_CACHES: return fsb_target_info_regime_text (&r->target);
    case ROW_PROFILE:
      return g_strdup (r->profile == NULL ? "—" : fsb_profile_known (r->profile) ? fsb_profile_title (r->profile) : r->profile);
    case ROW_DATA:
      {
        char *data = fsb_doc_dataset_sentence (r);
        if (*data != '\0')
          return data;
        g_free (data);
        return g_strdup ("—");
      }
    case ROW_REPETITIONS:
      /* Translators: how many times a task was repeated */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u time", "%u times", r->repetitions), r->repetitions);
    case ROW_DATE: return fsb_doc_format_date (r->created);
    case ROW_FILE:
    default:
      return g_strdup (files != NULL && files[i] != NULL ? files[i] : "—");
    }
}

/* Labels this short head the tables' columns themselves (a fleet's host
 * names); a longer one would squeeze the tasks' column into lines. */
#define SHORT_LABEL 16

static gboolean
short_labels (FsbComparison *cmp)
{
  for (guint i = 0; i < cmp->n_runs; i++)
    if (g_utf8_strlen (cmp->labels[i], -1) > SHORT_LABEL)
      return FALSE;
  return TRUE;
}

/* A column's header: the run's label when all are short, else its key. */
static char *
run_header (FsbComparison *cmp, guint i)
{
  return short_labels (cmp) ? g_strdup (cmp->labels[i]) : fsb_doc_run_key (i);
}

/* "r2 · 1 December 2026, 23:06 · Standard": a run's key, as the tables'
 * headers name it, before its label. */
static char *
keyed_label (FsbComparison *cmp, guint i)
{
  g_autofree char *key = NULL;

  if (short_labels (cmp))
    return g_strdup (cmp->labels[i]);
  key = fsb_doc_run_key (i);
  /* Translators: joins the parts of a run's name: "r2 · 30 November 2026 · Quick" */
  return g_strconcat (key, C_("run label", " · "), cmp->labels[i], NULL);
}

/* The tables name each run by a short key, so that their columns keep the
 * width for the figures; the keys are said once, here. */
static void
add_run_keys (FsbDocument *doc, FsbComparison *cmp)
{
  FsbBlock *facts;

  if (short_labels (cmp))
    return;
  fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH, _("The tables name each run by its key:"));
  facts = fsb_doc_add_list (doc, FSB_BLOCK_FACTS);
  for (guint i = 0; i < cmp->n_runs; i++)
    {
      g_autofree char *key = fsb_doc_run_key (i);
      g_autofree char *reference = NULL;

      if (i == 0)
        /* Translators: a run's label, then that it is the one the others are compared with */
        reference = g_strdup_printf (_("%s (the reference)"), cmp->labels[i]);
      fsb_doc_add_fact (facts, key, reference != NULL ? reference : cmp->labels[i]);
    }
}

static void
add_characteristics (FsbDocument *doc, FsbComparison *cmp, const char * const *files)
{
  const char *names[N_ROWS] = { N_("Processor"), N_("Memory"), N_("Board"), N_("Disk"), N_("I/O scheduler"),
                                N_("Virtualization"), N_("Distribution"),
                                N_("Kernel"), N_("Target"), N_("Image on"), N_("Caches"), N_("Profile"), N_("Data"), N_("Each task ran"),
                                N_("Date"), N_("File") };
  FsbBlock *table = fsb_doc_add (doc, FSB_BLOCK_TABLE, NULL);
  GPtrArray *header;

  table->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  header = fsb_doc_table_row (table);
  g_ptr_array_add (header, g_strdup (""));
  for (guint i = 0; i < cmp->n_runs; i++)
    g_ptr_array_add (header, run_header (cmp, i));
  for (guint k = 0; k < N_ROWS; k++)
    {
      GPtrArray *row;

      if (k == ROW_FILE && files == NULL)
        continue;
      row = fsb_doc_table_row (table);
      g_ptr_array_add (row, g_strdup (_(names[k])));
      for (guint i = 0; i < cmp->n_runs; i++)
        g_ptr_array_add (row, characteristic (cmp->runs[i], k, files, i));
    }
}

static const char *
row_name (const FsbComparisonRow *row)
{
  if (g_strcmp0 (row->task, "capacity-initial") == 0)
    return _("After mkfs");
  if (g_strcmp0 (row->task, "capacity-residual") == 0)
    return _("After deleting everything");
  return fsb_task_display_name (row->task);
}

/* Task | Filesystem | each run | the change of each run after the first */
static void
add_change_table (FsbDocument *doc, FsbComparison *cmp, GPtrArray *rows)
{
  FsbBlock *table = fsb_doc_add (doc, FSB_BLOCK_TABLE, NULL);
  GPtrArray *header;
  /* every time of the table in one unit, its largest's */
  double time_reference = fsb_comparison_time_reference (rows);

  table->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  table->numeric = ~G_GUINT64_CONSTANT (0x3);
  header = fsb_doc_table_row (table);
  g_ptr_array_add (header, g_strdup (_("Task")));
  g_ptr_array_add (header, g_strdup (_("Filesystem")));
  for (guint i = 0; i < cmp->n_runs; i++)
    {
      g_ptr_array_add (header, run_header (cmp, i));
      if (i > 0)
        /* Translators: the column of changes of a run against the reference */
        g_ptr_array_add (header, g_strdup (_("Change")));
    }
  for (guint r = 0; r < rows->len; r++)
    {
      const FsbComparisonRow *c = rows->pdata[r];
      GPtrArray *row = fsb_doc_table_row (table);

      g_ptr_array_add (row, g_strdup (row_name (c)));
      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (c->fs)));
      for (guint i = 0; i < cmp->n_runs; i++)
        {
          g_ptr_array_add (row, fsb_comparison_format_value_as (c, i, time_reference));
          if (i > 0)
            g_ptr_array_add (row, fsb_comparison_format_change (c, i));
        }
    }
}

static void
add_section_charts (FsbDocument *doc, FsbComparison *cmp, const FsbCriterionSpec *section)
{
  /* one scale for all, so the bars compare across results */
  FsbChartOptions o = { .kind = section->score == FSB_SCORE_CAPACITY ? FSB_CHART_CAPACITY : FSB_CHART_SECTION,
                        .section = section->id };
  double axis_max = 0;

  for (guint i = 0; i < cmp->n_runs; i++)
    axis_max = MAX (axis_max, fsb_chart_get_max (cmp->runs[i], &o));
  for (guint i = 0; i < cmp->n_runs; i++)
    if (fsb_doc_section_has_data (cmp->runs[i], section))
      {
        g_autofree char *id = g_strdup_printf ("%s-%u", section->id, i + 1);
        g_autofree char *title = keyed_label (cmp, i);
        fsb_doc_add_chart (doc, cmp->runs[i], o.kind, section->id, id, title, TRUE);
        ((FsbBlock *) g_ptr_array_index (doc->blocks, doc->blocks->len - 1))->chart.axis_max = axis_max;
      }
}

/* TRUE when every run was measured as the first was (fsb-target-info.h). */
static gboolean
same_regime (FsbComparison *cmp)
{
  for (guint i = 1; i < cmp->n_runs; i++)
    if (!fsb_target_info_same_regime (&cmp->runs[0]->target, &cmp->runs[i]->target))
      return FALSE;
  return TRUE;
}

static void
add_results (FsbDocument *doc, FsbComparison *cmp)
{
  fsb_doc_add (doc, FSB_BLOCK_PAGE_BREAK, NULL);
  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Results"));
  fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH,
               /* xgettext:no-c-format */
               _("Each change compares a run with the reference: how many times faster or slower it was, with the "
                 "95 % interval of that ratio. When the interval reaches both sides of 1×, the change is within "
                 "noise. Shares of space and of CPU change in percentage points."));
  for (guint s = 0; s < fsb_catalog_n_criteria (); s++)
    {
      const FsbCriterionSpec *section = fsb_catalog_nth_criterion (s);
      g_autoptr(GPtrArray) rows = fsb_comparison_section_rows (cmp, section->id);
      FsbBlock *head;
      guint first;

      if (rows->len == 0)
        continue;
      head = fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, _(section->title));
      head->id = g_strdup (section->id);
      first = doc->blocks->len;
      if (g_ptr_array_find_with_equal_func (cmp->incomparable_sections, section->id, g_str_equal, NULL))
        fsb_doc_add (doc, FSB_BLOCK_NOTE,
                     _("The runs used different data here: their figures stand side by side, but the tasks are not "
                       "the same work, so no change is computed across them."));
      if (section->score != FSB_SCORE_CPU)
        add_section_charts (doc, cmp, section);
      add_change_table (doc, cmp, rows);
      if (!same_regime (cmp))
        fsb_doc_add (doc, FSB_BLOCK_NOTE,
                     _("The measuring conditions differ between these results, so these changes are not "
                       "the filesystems’ alone."));
      head->keep = doc->blocks->len - first;
    }
}

/* What one result says of a row: the winner, a tie, or nothing measured. */
static char *
verdict_cell (FsbVerdictKind kind, const char *winner, char **tied, const char *winner_name)
{
  if (kind == FSB_VERDICT_WINNER && winner != NULL)
    return g_strdup (winner_name);
  if (kind == FSB_VERDICT_TIE && tied != NULL)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      g_autofree char *joined = NULL;

      for (guint i = 0; tied[i] != NULL; i++)
        g_ptr_array_add (names, (gpointer) fsb_format_fs_name (tied[i]));
      joined = fsb_format_join_names ((const char * const *) names->pdata, names->len, FALSE);
      /* Translators: %s lists the filesystems that could not be told apart: “ext4 and XFS” */
      return g_strdup_printf (_("A tie: %s"), joined);
    }
  return g_strdup (_("Not measured"));
}

/* The filesystems best on the most results (winners[i]: result i's, or
 * NULL), in the order of the results so the sentence is the same every
 * time; returns on how many. Each result counts once, whatever its size. */
static guint
most_wins (const char * const *winners, guint n, GPtrArray *leaders)
{
  guint most = 0;
  g_autofree guint *wins = g_new0 (guint, n);

  for (guint i = 0; i < n; i++)
    for (guint j = 0; winners[i] != NULL && j <= i; j++)
      if (g_strcmp0 (winners[j], winners[i]) == 0)
        {
          wins[j]++;
          most = MAX (most, wins[j]);
          break;
        }
  for (guint i = 0; i < n; i++)
    if (most > 0 && wins[i] == most)
      g_ptr_array_add (leaders, (gpointer) winners[i]);
  return most;
}

static char *
overall_cell (const char * const *winners, guint n)
{
  g_autoptr(GPtrArray) leaders = g_ptr_array_new ();
  guint most = most_wins (winners, n, leaders);
  g_autofree char *joined = NULL;

  if (most == 0)
    return g_strdup ("—");
  if (leaders->len == 1)
    /* Translators: %s is a filesystem; then how many results it is best on, and of how many */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, on %u of %u", "%s, on %u of %u", n),
                            (const char *) leaders->pdata[0], most, n);
  joined = fsb_format_join_names ((const char * const *) leaders->pdata, leaders->len, FALSE);
  /* Translators: %s lists filesystems, “ext4 and XFS”; then how many results each is best on, and of how many */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, on %u of %u each", "%s, on %u of %u each", n),
                          joined, most, n);
}

static void
add_overall_row (FsbBlock *table, const char *title, GPtrArray *cells, const char * const *winners, guint n)
{
  GPtrArray *row = fsb_doc_table_row (table);

  g_ptr_array_add (row, g_strdup (title));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (row, g_steal_pointer (&cells->pdata[i]));
  g_ptr_array_add (row, overall_cell (winners, n));
}

/* The sentence under the table: the use case's answer across the results. */
static char *
overall_sentence (const char *use_case, const char * const *winners, guint n)
{
  g_autoptr(GPtrArray) leaders = g_ptr_array_new ();
  guint most = most_wins (winners, n, leaders);
  g_autofree char *joined = NULL;

  if (most == 0)
    /* Translators: %s is a use case, “Small home or office server” */
    return g_strdup_printf (_("For “%s”, no filesystem is clearly the best on any of these results: each is a tie "
                              "or not measured."), use_case);
  if (leaders->len == 1 && most == n)
    /* Translators: %s is a use case, then a filesystem; %u is the number of results compared (two or more) */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "For “%s”, %s is the best filesystem on each of the %u result.",
                                         "For “%s”, %s is the best filesystem on each of the %u results.", n),
                            use_case, (const char *) leaders->pdata[0], n);
  if (leaders->len == 1)
    /* Translators: %s is a use case, then a filesystem; then how many results it is best on, and of how many */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "For “%s”, %s is the best filesystem on the most results: %u of %u.",
                                         "For “%s”, %s is the best filesystem on the most results: %u of %u.", n),
                            use_case, (const char *) leaders->pdata[0], most, n);
  joined = fsb_format_join_names ((const char * const *) leaders->pdata, leaders->len, FALSE);
  /* Translators: %s is a use case, then a list of filesystems, “ext4 and XFS”; then how many results each is best on, and of how many */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "For “%s”, no filesystem is the best on more results than the others: "
                                       "%s on %u of %u each.",
                                       "For “%s”, no filesystem is the best on more results than the others: "
                                       "%s on %u of %u each.", n),
                          use_case, joined, most, n);
}

/* Which filesystem is best on each result and on the most of them: a
 * fleet's answer, or a machine's over time; for the use case, then for
 * each criterion any result measured. */
static void
add_overall (FsbDocument *doc, FsbComparison *cmp, FsbRecommendation **recs, guint n, FsbUseCase use_case)
{
  g_autofree const char **winners = g_new0 (const char *, n);
  g_autoptr(GPtrArray) cells = g_ptr_array_new_full (n, g_free);
  FsbBlock *table;
  GPtrArray *header;

  fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, _("Overall"));
  table = fsb_doc_add (doc, FSB_BLOCK_TABLE, NULL);
  table->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  header = fsb_doc_table_row (table);
  g_ptr_array_add (header, g_strdup (_("Best filesystem")));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (header, run_header (cmp, i));
  g_ptr_array_add (header, g_strdup (_("Overall")));

  g_ptr_array_set_size (cells, n);
  for (guint i = 0; i < n; i++)
    {
      gboolean won = recs[i]->verdict == FSB_VERDICT_WINNER && recs[i]->best != NULL;

      winners[i] = won ? fsb_format_fs_name (recs[i]->best) : NULL;
      cells->pdata[i] = verdict_cell (recs[i]->verdict, recs[i]->best, recs[i]->tied, winners[i]);
    }
  add_overall_row (table, fsb_use_case_title (use_case), cells, winners, n);
  {
    g_autofree char *sentence = overall_sentence (fsb_use_case_title (use_case), winners, n);

    for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
      {
        const FsbCriterionSpec *criterion = fsb_catalog_nth_criterion (c);
        gboolean any = FALSE;

        for (guint i = 0; i < n; i++)
          {
            const FsbVerdict *v = fsb_recommendation_get_verdict (recs[i], criterion->id);
            gboolean won = v != NULL && v->kind == FSB_VERDICT_WINNER && v->winner != NULL;

            any |= v != NULL;
            winners[i] = won ? fsb_format_fs_name (v->winner) : NULL;
            cells->pdata[i] = v == NULL ? g_strdup ("—") : verdict_cell (v->kind, v->winner, v->tied, winners[i]);
          }
        if (any)
          add_overall_row (table, _(criterion->title), cells, winners, n);
        for (guint i = 0; i < n; i++)
          g_clear_pointer (&cells->pdata[i], g_free);
      }
    fsb_doc_add (doc, FSB_BLOCK_VERDICT, sentence);
  }
}

void
fsb_document_build_comparison (FsbDocument *doc, FsbResult * const *results, const char * const *labels, guint n,
                               FsbUseCase use_case)
{
  g_autoptr(FsbComparison) cmp = fsb_comparison_new (results, n);
  FsbRecommendation **recs;

  /* Translators: %u is the number of results compared */
  doc->title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Comparison of %u result", "Comparison of %u results", n), n);
  fsb_doc_add (doc, FSB_BLOCK_TITLE, doc->title);
  fsb_doc_add_take (doc, FSB_BLOCK_SUBTITLE,
                    /* Translators: %s lists what differs: “machine, data and date” */
                    g_strdup_printf (_("What differs between the runs: %s. The first run is the reference."), cmp->what_differs));
  if (!same_regime (cmp))
    fsb_doc_add (doc, FSB_BLOCK_NOTE,
                 /* Translators: “Caches” and “Image on” are row titles of the table of characteristics */
                 _("These results were not measured the same way: the caches, the flush or the filesystem "
                   "holding the disk image differ (see “Caches” and “Image on” below). Part of every "
                   "difference comes from that, not from the filesystems; compare results measured "
                   "the same way to compare filesystems."));
  for (guint i = 0; i < cmp->warnings->len; i++)
    fsb_doc_add (doc, FSB_BLOCK_NOTE, cmp->warnings->pdata[i]);

  add_run_keys (doc, cmp);
  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Characteristics"));
  add_characteristics (doc, cmp, labels);
  add_results (doc, cmp);

  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Summary"));
  recs = g_new0 (FsbRecommendation *, n);
  for (guint i = 0; i < n; i++)
    {
      FsbRecommendation *rec = recs[i] = fsb_recommend (results[i], use_case);
      FsbBlock *list;

      fsb_doc_add_take (doc, FSB_BLOCK_SUBHEADING, keyed_label (cmp, i));
      fsb_doc_add (doc, FSB_BLOCK_VERDICT, rec->headline);
      list = fsb_doc_add_list (doc, FSB_BLOCK_LIST);
      for (guint j = 0; j < rec->reasons->len; j++)
        g_ptr_array_add (list->items, g_strdup (rec->reasons->pdata[j]));
      for (guint j = 0; j < rec->notes->len; j++)
        fsb_doc_add (doc, FSB_BLOCK_NOTE, rec->notes->pdata[j]);
    }
  add_overall (doc, cmp, recs, n, use_case);
  for (guint i = 0; i < n; i++)
    fsb_recommendation_free (recs[i]);
  g_free (recs);
}
