/* fsb-workload.c: which function implements each task id */
#include "config.h"

#include <string.h>

#include "fsb-workload.h"
#include "fsb-workloads-private.h"

/* mkfs, mount and umount are the target's own steps, not workloads;
 * custom:NAME and the transfer group are run by the runner itself. */
static const struct {
  const char *id;
  FsbTaskFunc func;
} workloads[] = {
  /* core (seed 000) */
  /* other studies (seeds 001 to 004) */
  { NULL, NULL }
};

FsbTaskFunc
fsb_workload_lookup (const char *task_id)
{
  g_return_val_if_fail (task_id != NULL, NULL);

  for (guint i = 0; workloads[i].id != NULL; i++)
    if (strcmp (workloads[i].id, task_id) == 0)
      return workloads[i].func;
  return NULL;
}
