/* fsb-scaling.c: a filesystem's figures over a task's series (see fsb-scaling.h) */
#include "config.h"

#include <string.h>

#include "fsb-catalog.h"
#include "fsb-job.h"
#include "fsb-scaling.h"

double
fsb_scaling_efficiency (double rate_n, guint n, double rate_1)
{
  if (n == 0 || !(rate_1 > 0))
    return 0;
  return rate_n / (n * rate_1);
}

static guint
count_of (const FsbConditions *c, const char *condition)
{
  return strcmp (condition, FSB_CONDITION_JOBS) == 0 ? c->jobs : c->iodepth;
}

static gint
by_count (gconstpointer a, gconstpointer b)
{
  guint x = ((const FsbScalingPoint *) a)->count, y = ((const FsbScalingPoint *) b)->count;

  return x < y ? -1 : x > y;
}

GArray *
fsb_scaling_points (const FsbResult *result, FsbFsResult *fs, const char *task, const char *condition)
{
  GArray *points = g_array_new (FALSE, TRUE, sizeof (FsbScalingPoint));
  const char *metric = fsb_task_metric (task, NULL);

  for (guint i = 0; i < fs->tasks->len; i++)
    {
      FsbTaskResult *t = fs->tasks->pdata[i];
      FsbConditions c;
      FsbScalingPoint p = { 0 };

      if (g_strcmp0 (fsb_job_key_parse (t->id, &c), task) != 0 || c.aged || count_of (&c, condition) == 0)
        continue;
      p.count = count_of (&c, condition);
      if (fsb_task_result_stats (result, t, metric, &p.stats))
        g_array_append_val (points, p);
    }
  g_array_sort (points, by_count);
  return points;
}

static gint
by_catalog_order (gconstpointer a, gconstpointer b)
{
  guint x = fsb_task_order (*(const char *const *) a), y = fsb_task_order (*(const char *const *) b);

  return x < y ? -1 : x > y;
}

GPtrArray *
fsb_scaling_tasks (FsbResult *result, const char *condition)
{
  g_autoptr(GPtrArray) keys = fsb_result_task_ids (result);
  GPtrArray *tasks = g_ptr_array_new ();

  for (guint i = 0; i < keys->len; i++)
    {
      FsbConditions c;
      const char *task = fsb_job_key_parse (keys->pdata[i], &c);

      if (task != NULL && !c.aged && count_of (&c, condition) > 0 && !g_ptr_array_find (tasks, task, NULL))
        g_ptr_array_add (tasks, (gpointer) task);
    }
  g_ptr_array_sort (tasks, by_catalog_order);
  return tasks;
}
