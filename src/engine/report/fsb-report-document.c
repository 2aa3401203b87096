/* fsb-report-document.c: the report as blocks, and what its parts share */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-report-private.h"

/* Blocks ----------------------------------------------------------------- */

static void
block_free (FsbBlock *block)
{
  g_free (block->text);
  g_free (block->id);
  g_clear_pointer (&block->items, g_ptr_array_unref);
  g_clear_pointer (&block->result, fsb_result_unref);
  g_free (block);
}

FsbDocument *
fsb_document_new (void)
{
  FsbDocument *doc = g_new0 (FsbDocument, 1);

  doc->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
  return doc;
}

void
fsb_document_free (FsbDocument *doc)
{
  if (doc == NULL)
    return;
  g_free (doc->title);
  g_free (doc->language);
  g_ptr_array_unref (doc->blocks);
  g_free (doc);
}

FsbBlock *
fsb_doc_add (FsbDocument *doc, FsbBlockKind kind, const char *text)
{
  FsbBlock *block = g_new0 (FsbBlock, 1);

  block->kind = kind;
  block->text = g_strdup (text);
  g_ptr_array_add (doc->blocks, block);
  return block;
}

void
fsb_doc_add_take (FsbDocument *doc, FsbBlockKind kind, char *text)
{
  fsb_doc_add (doc, kind, text);
  g_free (text);
}

FsbBlock *
fsb_doc_add_list (FsbDocument *doc, FsbBlockKind kind)
{
  FsbBlock *block = fsb_doc_add (doc, kind, NULL);

  block->items = g_ptr_array_new_with_free_func (g_free);
  return block;
}

char *
fsb_doc_fact_label (const char *key)
{
  /* Translators: a label before its value, "Processor:"; French puts a
   * no-break space before the colon */
  return g_strdup_printf (C_("fact label", "%s:"), key);
}

void
fsb_doc_add_fact (FsbBlock *facts, const char *key, const char *value)
{
  if (value == NULL || *value == '\0')
    return;
  g_ptr_array_add (facts->items, g_strdup (key));
  g_ptr_array_add (facts->items, g_strdup (value));
}

FsbBlock *
fsb_doc_add_table (FsbDocument *doc, guint64 numeric, ...)
{
  FsbBlock *block = fsb_doc_add (doc, FSB_BLOCK_TABLE, NULL);
  GPtrArray *header = g_ptr_array_new_with_free_func (g_free);
  va_list ap;
  const char *cell;

  block->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  block->numeric = numeric;
  va_start (ap, numeric);
  while ((cell = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (header, g_strdup (cell));
  va_end (ap);
  g_ptr_array_add (block->items, header);
  return block;
}

GPtrArray *
fsb_doc_table_row (FsbBlock *table)
{
  GPtrArray *row = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (table->items, row);
  return row;
}

void
fsb_doc_add_chart (FsbDocument *doc, FsbResult *result, FsbChartKind kind, const char *section,
           const char *id, const char *title, gboolean with_title)
{
  FsbBlock *block = fsb_doc_add (doc, FSB_BLOCK_CHART, title);

  block->id = g_strdup (id);
  block->result = fsb_result_ref (result);
  block->chart.kind = kind;
  block->chart.section = section;
  /* a single report's section heading already names the chart */
  block->chart.title = with_title ? block->text : NULL;
}

/* Shared by the study and the comparison --------------------------------- */

char *
fsb_doc_fs_list (FsbResult *result)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < result->filesystems->len; i++)
    g_ptr_array_add (names, (gpointer) fsb_format_fs_name (((FsbFsResult *) result->filesystems->pdata[i])->name));
  return fsb_format_join_names ((const char * const *) names->pdata, names->len, FALSE);
}

char *
fsb_doc_format_date (const char *iso)
{
  g_autoptr(GDateTime) dt = iso != NULL ? g_date_time_new_from_iso8601 (iso, NULL) : NULL;

  if (dt == NULL)
    return g_strdup (iso != NULL ? iso : "");
  /* Translators: a date and time in the report, as strftime takes it; %x is the locale's date */
  return g_date_time_format (dt, _("%x, %H:%M"));
}

char *
fsb_doc_result_label (FsbResult *result, const char * const *labels, guint i)
{
  if (labels != NULL && labels[i] != NULL)
    return g_strdup (labels[i]);
  return fsb_doc_format_date (result->created);
}

char *
fsb_doc_describe_target (FsbResult *r)
{
  g_autofree char *size = fsb_format_size (r->target.size_bytes);

  if (g_strcmp0 (r->target.kind, "image") == 0)
    {
      if (r->target.host_filesystem != NULL)
        /* Translators: the first %s is a size, the second a filesystem: "a 4.0 GB disk image on ext4" */
        return g_strdup_printf (_("a %s disk image on %s"), size, fsb_format_fs_name (r->target.host_filesystem));
      return g_strdup_printf (_("a %s disk image"), size);
    }
  if (r->target.device != NULL)
    /* Translators: the first %s is a size, the second a device: "the 20 GB partition /dev/sdb1" */
    return g_strdup_printf (_("the %s partition %s"), size, r->target.device);
  return g_strdup_printf (_("a %s partition"), size);
}

gboolean
fsb_doc_section_has_data (FsbResult *r, const FsbCriterionSpec *section)
{
  FsbChartOptions o = { .kind = FSB_CHART_SECTION, .section = section->id };

  if (section->score == FSB_SCORE_CAPACITY)
    o.kind = FSB_CHART_CAPACITY;
  else if (section->score == FSB_SCORE_TRANSFER)
    o.kind = FSB_CHART_TRANSFER;
  else if (section->score == FSB_SCORE_CPU)
    return FALSE;   /* over every task: a section of its own at the end */
  else if (section->score == FSB_SCORE_AGED)
    return fsb_doc_aging_has_data (r);
  if (fsb_chart_has_data (r, &o))
    return TRUE;
  /* a section whose every sample failed still belongs in the report */
  if (section->score == FSB_SCORE_TASKS)
    {
      g_autoptr(GPtrArray) ids = fsb_result_section_tasks (r, section->id);
      return ids->len > 0;
    }
  return FALSE;
}

char *
fsb_doc_column_title (const char *name, const char *metric)
{
  const char *unit = fsb_metric_unit (metric);

  return *unit != '\0' ? g_strdup_printf (_("%s (%s)"), name, unit) : g_strdup (name);
}
