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
  { "big-copy-in", fsb_workload_big_copy_in },
  { "big-recopy", fsb_workload_big_recopy },
  { "big-delete", fsb_workload_big_delete },
  { "tree-copy-in", fsb_workload_tree_copy_in },
  { "tree-recopy", fsb_workload_tree_recopy },
  { "tree-list", fsb_workload_tree_list },
  { "tree-find", fsb_workload_tree_find },
  { "tree-delete", fsb_workload_tree_delete },
  /* other studies (seeds 001 to 004) */
  { "kernel-copy-in", fsb_workload_kernel_copy_in },
  { "kernel-copy-out", fsb_workload_kernel_copy_out },
  { "kernel-recopy", fsb_workload_kernel_recopy },
  { "kernel-delete", fsb_workload_kernel_delete },
  { "small-create-seq", fsb_workload_small_create_seq },
  { "small-stat-seq", fsb_workload_small_stat_seq },
  { "small-delete-seq", fsb_workload_small_delete_seq },
  { "small-create-rand", fsb_workload_small_create_rand },
  { "small-stat-rand", fsb_workload_small_stat_rand },
  { "small-delete-rand", fsb_workload_small_delete_rand },
  { "delete-return", fsb_workload_delete_return },
  { "delete-sys", fsb_workload_delete_sys },
  { "rand-read", fsb_workload_rand_read },
  { "rand-write", fsb_workload_rand_write },
  { NULL, NULL }
};

static const struct {
  const char *id;
  FsbTaskFunc func;
} setups[] = {
  { "rand-read", fsb_workload_randio_setup },
  { "rand-write", fsb_workload_randio_setup },
  { NULL, NULL }
};

FsbTaskFunc
fsb_workload_lookup_setup (const char *task_id)
{
  g_return_val_if_fail (task_id != NULL, NULL);

  for (guint i = 0; setups[i].id != NULL; i++)
    if (strcmp (setups[i].id, task_id) == 0)
      return setups[i].func;
  return NULL;
}

FsbTaskFunc
fsb_workload_lookup (const char *task_id)
{
  g_return_val_if_fail (task_id != NULL, NULL);

  for (guint i = 0; workloads[i].id != NULL; i++)
    if (strcmp (workloads[i].id, task_id) == 0)
      return workloads[i].func;
  return NULL;
}
