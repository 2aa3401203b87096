/* fsb-workload.c: which function implements each task id, from the catalog */
#include "config.h"

#include "fsb-workload.h"

FsbTaskFunc
fsb_workload_lookup_setup (const char *task_id)
{
  const FsbTaskSpec *task;

  g_return_val_if_fail (task_id != NULL, NULL);
  task = fsb_catalog_task (task_id, NULL);
  return task != NULL ? task->setup : NULL;
}

FsbTaskFunc
fsb_workload_lookup (const char *task_id)
{
  const FsbTaskSpec *task;

  g_return_val_if_fail (task_id != NULL, NULL);
  task = fsb_catalog_task (task_id, NULL);
  return task != NULL ? task->run : NULL;
}
