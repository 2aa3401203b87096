/* fsb-report-figures.c: a section's own figures: each metric its tasks'
 * group declares (the safety group's counts: states checked, files lost,
 * damage detected), a row each, a column per filesystem */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "fsb-format.h"
#include "fsb-report-private.h"
#include "fsb-stats.h"

void
fsb_doc_add_figures (FsbDocument *doc, FsbResult *r, const char *section)
{
  g_autoptr(GPtrArray) ids = fsb_result_section_tasks (r, section);
  FsbBlock *table = fsb_doc_add_table (doc, 0, _("Task"), _("Figure"), NULL);
  GPtrArray *header = table->items->pdata[0];
  guint rows = 0;

  for (guint f = 0; f < r->filesystems->len; f++)
    g_ptr_array_add (header, g_strdup (fsb_format_fs_name (((FsbFsResult *) r->filesystems->pdata[f])->name)));
  table->numeric = ((G_GUINT64_CONSTANT (1) << header->len) - 1) & ~G_GUINT64_CONSTANT (0x3);

  for (guint t = 0; t < ids->len; t++)
    {
      const FsbWorkloadGroup *group = NULL;

      if (fsb_catalog_task (ids->pdata[t], &group) == NULL || group == NULL)
        continue;
      for (guint m = 0; m < group->n_metrics; m++)
        {
          const char *metric = group->metrics[m].id;
          /* in B, kB, MB as sizes read, not a count of bytes */
          gboolean bytes = g_strcmp0 (group->metrics[m].unit, "bytes") == 0;
          GPtrArray *row = NULL;
          gboolean any = FALSE;

          for (guint f = 0; f < r->filesystems->len && !any; f++)
            {
              FsbTaskResult *task = fsb_fs_result_get_task (r->filesystems->pdata[f], ids->pdata[t], FALSE);
              FsbStats s;

              any = task != NULL && fsb_task_result_stats (r, task, metric, &s);
            }
          if (!any)
            continue;
          row = fsb_doc_table_row (table);
          g_ptr_array_add (row, g_strdup (fsb_task_display_name (ids->pdata[t])));
          g_ptr_array_add (row, fsb_doc_column_title (fsb_metric_display_name (metric), metric));
          for (guint f = 0; f < r->filesystems->len; f++)
            {
              FsbTaskResult *task = fsb_fs_result_get_task (r->filesystems->pdata[f], ids->pdata[t], FALSE);
              FsbStats s;

              g_ptr_array_add (row, task != NULL && fsb_task_result_stats (r, task, metric, &s)
                               ? (bytes ? fsb_format_size ((guint64) MAX (s.median, 0))
                                        : fsb_format_number (s.median, -1))
                               : g_strdup ("—"));
            }
          rows++;
        }
    }
  if (rows == 0)
    g_ptr_array_remove (doc->blocks, table);
}
