/* fsb-repeat.h: automatic repetitions: which filesystems run another
 * round, and when to stop */
#pragma once

#include <glib.h>

#include "fsb-plan.h"
#include "fsb-result.h"

G_BEGIN_DECLS

typedef enum {
  FSB_REPEAT_GO,            /* another round */
  FSB_REPEAT_SETTLED,       /* the use case's verdict is settled */
  FSB_REPEAT_MAX,           /* plan->repeat_max rounds */
  FSB_REPEAT_BUDGET,        /* another round would overrun the time budget */
  FSB_REPEAT_FIXED,         /* a fixed count, done */
  FSB_REPEAT_NOT_MEASURED,  /* the use case needs groups the plan lacks: rounds cannot help */
} FsbRepeatStop;

/* "settled", "max", "budget", "fixed", "not-measured" (the result's
 * repetition_policy.stopped); NULL for FSB_REPEAT_GO. */
const char *fsb_repeat_stop_id (FsbRepeatStop stop);

typedef struct {
  guint  rounds;         /* done: every filesystem still running had that many */
  double elapsed_s;      /* since the run started */
  double min_rounds_s;   /* when the least rounds (plan->repetitions) were done; 0 before */
  double cycle_s;        /* the mean time of one filesystem's whole cycle so far */
  /* fsb_repeat_step_key () → the seconds that step takes (double *): the
   * runner gives the longest so far; for focused rounds, may be NULL */
  GHashTable *step_seconds;
} FsbRepeatState;

typedef struct _FsbRepeatFocus FsbRepeatFocus;

/* After state->rounds rounds: the filesystems of the next round, in the
 * plan's order, or NULL to stop (*stop says why). Those in failed (may be
 * NULL) never run again. Rounds are interleaved (A B C A B C …), so a
 * drift of the machine spreads over every filesystem; past the least,
 * only the filesystems whose comparison is unsettled (FsbRecommendation's
 * unsettled) go on. The time budget is plan->time_budget_s, or
 * fsb_plan_auto_budget () of what the least rounds took. */
char      **fsb_repeat_next    (FsbPlan *plan, FsbResult *result, const FsbRepeatState *state,
                                const char *const *failed, FsbRepeatStop *stop);
/* The same, with focused rounds past the least where the plan allows them
 * (fsb-repeat-focus.h): *focus is then the round's tasks, and it ends
 * the rounds by the chooser's reasons (each task at plan->repeat_max
 * cycles, nothing that fits the budget); else *focus is NULL and the
 * round is whole. */
char      **fsb_repeat_next_focused (FsbPlan *plan, FsbResult *result, const FsbRepeatState *state,
                                     const char *const *failed, FsbRepeatStop *stop, FsbRepeatFocus **focus);

G_END_DECLS
