/* fsb-scaling.h: how a filesystem scales over a task's series (issue 28):
 * its headline figure at each count of jobs or depth of queue, and what
 * it keeps of its speed alone */
#pragma once

#include "fsb-result.h"
#include "fsb-stats.h"

G_BEGIN_DECLS

/* Scaling efficiency: the rate at n jobs ÷ (n × the rate at 1 job), as
 * fio reports it; 1 is perfect scaling, 1/n no gain at all; 0 without a
 * rate at 1. */
double    fsb_scaling_efficiency (double rate_n, guint n, double rate_1);

/* One point of a series: the count and the statistics of the task's
 * headline metric there. */
typedef struct {
  guint    count;
  FsbStats stats;
} FsbScalingPoint;

/* The points of task (a task id with a series) on fs, by count, for
 * condition (FSB_CONDITION_JOBS or FSB_CONDITION_IODEPTH); an empty array
 * when the result has none. */
GArray   *fsb_scaling_points     (const FsbResult *result, FsbFsResult *fs, const char *task,
                                  const char *condition);
/* The task ids of result that ran as a series of condition, in catalog
 * order (each once, interned). */
GPtrArray *fsb_scaling_tasks     (FsbResult *result, const char *condition);

G_END_DECLS
