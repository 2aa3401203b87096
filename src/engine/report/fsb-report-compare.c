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
    g_ptr_array_add (header, g_strdup (cmp->labels[i]));
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

  table->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  table->numeric = ~G_GUINT64_CONSTANT (0x3);
  header = fsb_doc_table_row (table);
  g_ptr_array_add (header, g_strdup (_("Task")));
  g_ptr_array_add (header, g_strdup (_("Filesystem")));
  for (guint i = 0; i < cmp->n_runs; i++)
    {
      g_ptr_array_add (header, g_strdup (cmp->labels[i]));
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
          g_ptr_array_add (row, fsb_comparison_format_value (c, i));
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
        fsb_doc_add_chart (doc, cmp->runs[i], o.kind, section->id, id, cmp->labels[i], TRUE);
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

void
fsb_document_build_comparison (FsbDocument *doc, FsbResult * const *results, const char * const *labels, guint n,
                               FsbUseCase use_case)
{
  g_autoptr(FsbComparison) cmp = fsb_comparison_new (results, n);

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

  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Characteristics"));
  add_characteristics (doc, cmp, labels);
  add_results (doc, cmp);

  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Summary"));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(FsbRecommendation) rec = fsb_recommend (results[i], use_case);
      FsbBlock *list;

      fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, cmp->labels[i]);
      fsb_doc_add (doc, FSB_BLOCK_VERDICT, rec->headline);
      list = fsb_doc_add_list (doc, FSB_BLOCK_LIST);
      for (guint j = 0; j < rec->reasons->len; j++)
        g_ptr_array_add (list->items, g_strdup (rec->reasons->pdata[j]));
      for (guint j = 0; j < rec->notes->len; j++)
        fsb_doc_add (doc, FSB_BLOCK_NOTE, rec->notes->pdata[j]);
    }
}
