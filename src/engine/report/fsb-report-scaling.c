/* fsb-report-scaling.c: the report's part of a section whose tasks ran as
 * a series (issue 28): a scaling chart per task and a table of what each
 * filesystem kept of its speed at one job (or gained over one request) */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "fsb-format.h"
#include "fsb-job.h"
#include "fsb-report-private.h"
#include "fsb-scaling.h"

/* The condition a section's tasks ran a series of, or NULL. */
const char *
fsb_doc_section_series (FsbResult *r, const char *section)
{
  g_autoptr(GPtrArray) keys = fsb_result_section_tasks (r, section);

  for (guint i = 0; i < keys->len; i++)
    {
      FsbConditions c;

      if (fsb_job_key_parse (keys->pdata[i], &c) != NULL && !c.aged)
        {
          if (c.jobs > 0)
            return FSB_CONDITION_JOBS;
          if (c.iodepth > 0)
            return FSB_CONDITION_IODEPTH;
        }
    }
  return NULL;
}

static void
add_charts (FsbDocument *doc, FsbResult *r, GPtrArray *tasks)
{
  for (guint i = 0; i < tasks->len; i++)
    {
      g_autofree char *id = g_strdup_printf ("scaling-%s", (const char *) tasks->pdata[i]);
      FsbBlock *block;

      fsb_doc_add_chart (doc, r, FSB_CHART_SCALING, NULL, id, fsb_task_display_name (tasks->pdata[i]), TRUE);
      block = doc->blocks->pdata[doc->blocks->len - 1];
      block->chart.task = tasks->pdata[i];
    }
}

static void
add_table (FsbDocument *doc, FsbResult *r, GPtrArray *tasks, const char *condition)
{
  gboolean jobs = g_strcmp0 (condition, FSB_CONDITION_JOBS) == 0;
  FsbBlock *table = fsb_doc_add_table (doc, 0x1c, _("Task"), _("Filesystem"),
                                       jobs ? _("Jobs at once") : _("Requests in flight"), _("Median"),
                                       jobs ? _("Speed kept per job") : _("Gain over depth 1"), NULL);

  for (guint i = 0; i < tasks->len; i++)
    for (guint f = 0; f < r->filesystems->len; f++)
      {
        FsbFsResult *fs = r->filesystems->pdata[f];
        g_autoptr(GArray) points = fsb_scaling_points (r, fs, tasks->pdata[i], condition);
        double one = points->len > 0 && g_array_index (points, FsbScalingPoint, 0).count == 1
                       ? g_array_index (points, FsbScalingPoint, 0).stats.median : 0;

        for (guint k = 0; k < points->len; k++)
          {
            const FsbScalingPoint *p = &g_array_index (points, FsbScalingPoint, k);
            GPtrArray *row = fsb_doc_table_row (table);
            double figure = jobs ? fsb_scaling_efficiency (p->stats.median, p->count, one)
                                 : (one > 0 ? p->stats.median / one : 0);

            g_ptr_array_add (row, g_strdup (fsb_task_display_name (tasks->pdata[i])));
            g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
            g_ptr_array_add (row, fsb_format_number (p->count, 0));
            g_ptr_array_add (row, fsb_format_value_unit (p->stats.median, fsb_task_metric (tasks->pdata[i], NULL)));
            if (!(figure > 0))
              g_ptr_array_add (row, g_strdup ("—"));
            else if (jobs)
              g_ptr_array_add (row, fsb_format_percent (floor (figure * 100 + 0.5), 0));
            else
              g_ptr_array_add (row, fsb_format_ratio (figure));
          }
      }
  fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH,
               /* xgettext:no-c-format */
               jobs ? _("The speed kept per job is the rate with several jobs divided by that many times the rate "
                        "of one job alone: 100 % is perfect scaling; with 4 jobs, 25 % means no gain at all.")
                    : _("The gain is the rate at that depth divided by the rate with one request at a time."));
}

void
fsb_document_add_scaling (FsbDocument *doc, FsbResult *r, const char *section, const char *condition)
{
  g_autoptr(GPtrArray) all = fsb_scaling_tasks (r, condition);
  g_autoptr(GPtrArray) tasks = g_ptr_array_new ();

  for (guint i = 0; i < all->len; i++)
    if (g_strcmp0 (fsb_task_criterion (all->pdata[i]), section) == 0)
      g_ptr_array_add (tasks, all->pdata[i]);
  add_charts (doc, r, tasks);
  add_table (doc, r, tasks, condition);
}
