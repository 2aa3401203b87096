/* fsb-data-space.c: the space the source data took on each filesystem */
#include "config.h"

#include "fsb-catalog.h"
#include "fsb-data-space.h"
#include "fsb-stats.h"

gboolean
fsb_data_space (const FsbResult *result, FsbFsResult *fs, guint64 *written, guint64 *on_disk)
{
  double sum_written = 0, sum_used = 0;
  gboolean any = FALSE;

  for (guint t = 0; t < fs->tasks->len; t++)
    {
      FsbTaskResult *task = fs->tasks->pdata[t];
      const FsbTaskSpec *spec = fsb_catalog_task (task->id, NULL);
      FsbStats bytes, used;

      if (spec == NULL || !spec->brings_data || fsb_task_is_aged (task->id))
        continue;
      if (!fsb_task_result_stats (result, task, "bytes", &bytes)
          || !fsb_task_result_stats (result, task, "space_used_bytes", &used))
        return FALSE;   /* one of them not measured: the sum would mislead */
      sum_written += bytes.median;
      sum_used += MAX (used.median, 0);
      any = TRUE;
    }
  if (!any || sum_written <= 0)
    return FALSE;
  *written = (guint64) sum_written;
  *on_disk = (guint64) sum_used;
  return TRUE;
}
