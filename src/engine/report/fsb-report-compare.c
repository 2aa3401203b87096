/* fsb-report-compare.c: several results side by side, with the differences */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-report-private.h"
#include "fsb-stats.h"
#include "fsb-target-info.h"

/* Comparison of several results: side by side, then the differences. */

static const char *
or_dash (const char *s)
{
  return s != NULL && *s != '\0' ? s : "—";
}

void
fsb_document_build_comparison (FsbDocument *doc, FsbResult * const *results, const char * const *labels, guint n,
                  FsbUseCase use_case)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  FsbBlock *table;
  const char *rows[] = { N_("Processor"), N_("Memory"), N_("Board"), N_("Disk"), N_("Distribution"),
                         N_("Kernel"), N_("Target"), N_("Image on"), N_("Caches"), N_("Each task ran"),
                         N_("Date") };
  gboolean same_regime = TRUE;

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, fsb_doc_result_label (results[i], labels, i));

  doc->title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Comparison of %u result", "Comparison of %u results", n), n);
  fsb_doc_add (doc, FSB_BLOCK_TITLE, doc->title);
  {
    g_autofree char *list = fsb_format_join_names ((const char * const *) names->pdata, n, FALSE);
    fsb_doc_add_take (doc, FSB_BLOCK_SUBTITLE, g_strdup_printf (_("%s, side by side; the first is the reference."), list));
  }

  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Characteristics"));
  table = fsb_doc_add (doc, FSB_BLOCK_TABLE, NULL);
  table->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  {
    GPtrArray *header = fsb_doc_table_row (table);
    g_ptr_array_add (header, g_strdup (""));
    for (guint i = 0; i < n; i++)
      g_ptr_array_add (header, g_strdup (names->pdata[i]));
  }
  for (guint k = 0; k < G_N_ELEMENTS (rows); k++)
    {
      GPtrArray *row = fsb_doc_table_row (table);
      g_ptr_array_add (row, g_strdup (_(rows[k])));
      for (guint i = 0; i < n; i++)
        {
          FsbResult *r = results[i];
          char *v;
          switch (k)
            {
            case 0: v = g_strdup (or_dash (r->machine.cpu_model)); break;
            case 1: v = r->machine.ram_bytes ? g_format_size_full (r->machine.ram_bytes, G_FORMAT_SIZE_IEC_UNITS) : g_strdup ("—"); break;
            case 2: v = g_strdup (or_dash (r->machine.board)); break;
            case 3: v = g_strdup (or_dash (r->target.device_model)); break;
            case 4: v = g_strdup (or_dash (r->machine.distribution)); break;
            case 5: v = g_strdup (or_dash (r->machine.kernel)); break;
            case 6: v = fsb_doc_describe_target (r); break;
            case 7: v = fsb_target_info_host_text (&r->target); v = v != NULL ? v : g_strdup ("—"); break;
            case 8: v = fsb_target_info_regime_text (&r->target); break;
            case 9: v = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u time", "%u times", r->repetitions), r->repetitions); break;
            default: v = fsb_doc_format_date (r->created); break;
            }
          g_ptr_array_add (row, v);
        }
    }
  for (guint i = 1; i < n; i++)
    same_regime &= fsb_target_info_same_regime (&results[0]->target, &results[i]->target);
  if (!same_regime)
    fsb_doc_add (doc, FSB_BLOCK_NOTE,
                 /* Translators: “Caches” and “Image on” are the row titles of the table above */
                 _("These results were not measured the same way: the caches, the flush or the filesystem "
                   "holding the disk image differ (see “Caches” and “Image on” above). Part of every "
                   "difference below comes from that, not from the filesystems; compare results measured "
                   "the same way to compare filesystems."));

  fsb_doc_add (doc, FSB_BLOCK_PAGE_BREAK, NULL);
  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Results"));
  for (guint s = 0, first = TRUE; s < fsb_catalog_n_criteria (); s++)
    {
      const FsbCriterionSpec *section = fsb_catalog_nth_criterion (s);
      gboolean capacity = section->score == FSB_SCORE_CAPACITY;
      gboolean any = FALSE;
      g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < n; i++)
        any |= fsb_doc_section_has_data (results[i], section);
      if (!any || section->score == FSB_SCORE_TRANSFER)
        continue;
      if (!first)
        fsb_doc_add (doc, FSB_BLOCK_PAGE_BREAK, NULL);
      first = FALSE;
      fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, _(section->title))->id = g_strdup (section->id);
      {
        /* one scale for all, so the bars compare across results */
        FsbChartOptions o = { .kind = capacity ? FSB_CHART_CAPACITY : FSB_CHART_SECTION,
                              .section = section->id };
        double axis_max = 0;

        for (guint i = 0; i < n; i++)
          axis_max = MAX (axis_max, fsb_chart_get_max (results[i], &o));
        for (guint i = 0; i < n; i++)
          if (fsb_doc_section_has_data (results[i], section))
            {
              g_autofree char *id = g_strdup_printf ("%s-%u", section->id, i + 1);
              fsb_doc_add_chart (doc, results[i], o.kind, section->id, id, names->pdata[i], TRUE);
              ((FsbBlock *) g_ptr_array_index (doc->blocks, doc->blocks->len - 1))->chart.axis_max = axis_max;
            }
      }

      /* The differences against the first result, task by task. */
      table = fsb_doc_add (doc, FSB_BLOCK_TABLE, NULL);
      table->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
      {
        GPtrArray *header = fsb_doc_table_row (table);
        g_ptr_array_add (header, g_strdup (_("Task")));
        g_ptr_array_add (header, g_strdup (_("Filesystem")));
        for (guint i = 0; i < n; i++)
          {
            g_ptr_array_add (header, g_strdup (names->pdata[i]));
            if (i > 0)
              g_ptr_array_add (header, g_strdup (_("Change")));
          }
        table->numeric = ~G_GUINT64_CONSTANT (0x3);
      }
      if (capacity)
        g_ptr_array_add (ids, g_strdup ("capacity"));
      for (guint i = 0; i < n && !capacity; i++)
        {
          g_autoptr(GPtrArray) part = fsb_result_section_tasks (results[i], section->id);
          for (guint j = 0; j < part->len; j++)
            if (!g_ptr_array_find_with_equal_func (ids, part->pdata[j], g_str_equal, NULL))
              g_ptr_array_add (ids, g_strdup (part->pdata[j]));
        }
      for (guint t = 0; t < ids->len; t++)
        {
          const char *id = ids->pdata[t];
          gboolean higher = FALSE;
          const char *metric = capacity ? "percent" : fsb_task_metric (id, &higher);
          g_autoptr(GPtrArray) fs_names = g_ptr_array_new ();

          for (guint i = 0; i < n; i++)
            for (guint f = 0; f < results[i]->filesystems->len; f++)
              {
                const char *name = ((FsbFsResult *) results[i]->filesystems->pdata[f])->name;
                if (!g_ptr_array_find_with_equal_func (fs_names, name, g_str_equal, NULL))
                  g_ptr_array_add (fs_names, (gpointer) name);
              }
          for (guint f = 0; f < fs_names->len; f++)
            {
              GPtrArray *row = fsb_doc_table_row (table);
              double ref = NAN;

              g_ptr_array_add (row, g_strdup (capacity ? _("After mkfs") : fsb_task_display_name (id)));
              g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs_names->pdata[f])));
              for (guint i = 0; i < n; i++)
                {
                  FsbFsResult *fs = fsb_result_find_filesystem (results[i], fs_names->pdata[f]);
                  FsbTaskResult *task = fs != NULL ? fsb_fs_result_get_task (fs, id, FALSE) : NULL;
                  FsbStats st;
                  double value = NAN;

                  if (capacity && fs != NULL && fs->capacity_initial.percent > 0)
                    value = fs->capacity_initial.percent;
                  else if (task != NULL && fsb_task_result_stats (task, metric, &st))
                    value = st.median;
                  g_ptr_array_add (row, isnan (value) ? g_strdup ("—")
                                        : capacity ? fsb_format_percent (value, 2)
                                        : fsb_format_value (value, metric));
                  if (i == 0)
                    ref = value;
                  else
                    g_ptr_array_add (row, (isnan (ref) || isnan (value) || ref == 0) ? g_strdup ("—")
                                          : fsb_format_change ((value / ref - 1) * 100));
                }
            }
        }
      if (!capacity)
        {
          gboolean higher = FALSE;
          fsb_task_metric (ids->len > 0 ? ids->pdata[0] : NULL, &higher);
          fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH, higher
                     ? _("A positive change means more work done per second than in the first result.")
                     : _("A negative change means the task took less time than in the first result."));
          if (!same_regime)
            fsb_doc_add (doc, FSB_BLOCK_NOTE,
                         _("The measuring conditions differ between these results, so these changes are not "
                           "the filesystems’ alone."));
        }
    }

  fsb_doc_add (doc, FSB_BLOCK_PAGE_BREAK, NULL);
  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Summary"));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(FsbRecommendation) rec = fsb_recommend (results[i], use_case);
      FsbBlock *list;

      fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, names->pdata[i]);
      fsb_doc_add (doc, FSB_BLOCK_VERDICT, rec->headline);
      list = fsb_doc_add_list (doc, FSB_BLOCK_LIST);
      for (guint j = 0; j < rec->reasons->len; j++)
        g_ptr_array_add (list->items, g_strdup (rec->reasons->pdata[j]));
      for (guint j = 0; j < rec->notes->len; j++)
        fsb_doc_add (doc, FSB_BLOCK_NOTE, rec->notes->pdata[j]);
    }
}
