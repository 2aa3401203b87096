/* fsb-repeat-focus.h: focused rounds: past the least, only the tasks
 * whose noise keeps the verdict open run again */
#pragma once

#include <glib.h>

#include "fsb-plan.h"
#include "fsb-repeat.h"
#include "fsb-result.h"

G_BEGIN_DECLS

struct _FsbRepeatFocus {
  char   **filesystems;   /* the unsettled contenders, in the plan's order */
  char   **tasks;         /* whole chains of groups (fsb-repeat-focus.c), in cycle order */
  double   seconds;       /* expected: every cycle of the round, mkfs to umount */
  double   narrowing;     /* expected: what the open comparisons' half-widths lose, summed (log scale) */
};

void            fsb_repeat_focus_free     (FsbRepeatFocus *focus);

/* Focused rounds need nothing but the groups' tasks in a cycle: a plan
 * that ages (--age) or runs your own commands repeats whole rounds. */
gboolean        fsb_repeat_focus_possible (FsbPlan *plan);

/* "ext4/big-copy-in": the key of step_seconds below. */
char           *fsb_repeat_step_key       (const char *filesystem, const char *task_id);

/* The next focused round for the contenders named (the unsettled ones),
 * from what result has measured: the chains whose one more sample on
 * each would narrow the open comparisons most per second, within
 * seconds_left. step_seconds (may be NULL) maps fsb_repeat_step_key ()
 * to the seconds such a step takes in this run (mkfs, mount and umount
 * too); a step it lacks counts at the catalog's estimate. NULL when
 * nothing is chosen: *stop is FSB_REPEAT_MAX when every chain had
 * plan->repeat_max cycles, FSB_REPEAT_BUDGET when none fits the time
 * left, FSB_REPEAT_GO when none would narrow anything (whole rounds
 * then, as without focus). */
FsbRepeatFocus *fsb_repeat_focus_choose   (FsbPlan *plan, FsbResult *result, const char *const *filesystems,
                                           GHashTable *step_seconds, double seconds_left, FsbRepeatStop *stop);

/* The same for a settled verdict whose leads stand near the margin
 * (FsbRecommendation.refinable, filesystems): the half-widths of those
 * leads count as open, so the round chosen is the one that best tells
 * whether each is a lead or a tie. */
FsbRepeatFocus *fsb_repeat_focus_refine   (FsbPlan *plan, FsbResult *result, const char *const *filesystems,
                                           GHashTable *step_seconds, double seconds_left, FsbRepeatStop *stop);

/* A settled verdict whose samples still count disturbed ones
 * (fsb_task_result_keeps_disturbed: too few quiet ones beside them): a
 * round of those tasks' chains on the contenders named, so that they can
 * be left out. NULL when there are none, each such chain had
 * plan->repeat_max cycles, or the round does not fit in seconds_left. */
FsbRepeatFocus *fsb_repeat_focus_remeasure (FsbPlan *plan, FsbResult *result, const char *const *filesystems,
                                            GHashTable *step_seconds, double seconds_left);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbRepeatFocus, fsb_repeat_focus_free)

G_END_DECLS
