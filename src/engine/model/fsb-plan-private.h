/* fsb-plan-private.h: the plan's aging phase (fsb-plan-aging.c), for fsb-plan.c */
#pragma once

#include "fsb-catalog.h"
#include "fsb-plan.h"

G_BEGIN_DECLS

/* fsb-plan.c: the room the chosen groups' tasks need at their peak
 * (FSB_SIZE_MAX when it overflows). */
guint64 fsb_plan_peak_bytes         (FsbPlan *self, const FsbSizes *sizes);

/* The room an aged plan needs: the fill must leave the tasks' peak (data)
 * free; base is what the plan needs fresh. */
guint64 fsb_plan_aging_needed_bytes (FsbPlan *self, guint64 data, guint64 base);
/* Adds the aging step and the aged tasks to one cycle's tasks (before the
 * final umount) and returns their seconds; *per_fs_steps and
 * *per_fs_seconds receive what each filesystem adds once (the count of
 * small files that fit). */
double  fsb_plan_aging_extend       (FsbPlan *self, const FsbSizes *sizes, GPtrArray *tasks,
                                     guint *per_fs_steps, double *per_fs_seconds);
void    fsb_plan_aging_to_json      (FsbPlan *self, JsonBuilder *b);

/* fsb-plan-series.c: adds a series task's keys, one at each of the
 * plan's values, to one cycle's tasks (tasks may be NULL) and returns
 * their seconds in one cycle. */
double      fsb_plan_series_extend      (FsbPlan *self, const FsbSizes *sizes, const FsbTaskSpec *task,
                                         GPtrArray *tasks);
/* The key of task at value of condition ("conc-write@jobs=4"). */
const char *fsb_plan_series_key         (const char *task, const char *condition, guint value);
/* The series of an earlier result's keys, for a plan that repeats it. */
void        fsb_plan_series_from_result (FsbPlan *self, FsbResult *result);
void        fsb_plan_series_to_json     (FsbPlan *self, JsonBuilder *b);
void        fsb_plan_clear_series       (FsbPlan *self);

/* fsb-plan-contenders.c: every label once, each a name a result may hold. */
gboolean fsb_plan_check_filesystems (FsbPlan *self, GError **error);
/* The contenders of an earlier result, as the filesystems (new_for_missing). */
void     fsb_plan_set_contenders_of (FsbPlan *self, FsbResult *result);

G_END_DECLS
