/* fsb-repeat.c: automatic repetitions: which filesystems run another
 * round, and when to stop */
#include "config.h"

#include <math.h>

#include "fsb-recommend.h"
#include "fsb-repeat.h"
#include "fsb-repeat-focus.h"

/* A focused round is small enough to fill the budget to the second, which
 * whole rounds never came near: it keeps back what the run spends off its
 * steps' clock (the process's start before the runner's, the target's
 * release after: 1.5 s in quick runs) and what the last round may take
 * past its plan when the machine slows down further. */
#define FOCUS_RESERVE_S 4.0

const char *
fsb_repeat_stop_id (FsbRepeatStop stop)
{
  switch (stop)
    {
    case FSB_REPEAT_SETTLED:      return "settled";
    case FSB_REPEAT_MAX:          return "max";
    case FSB_REPEAT_BUDGET:       return "budget";
    case FSB_REPEAT_FIXED:        return "fixed";
    case FSB_REPEAT_NOT_MEASURED: return "not-measured";
    case FSB_REPEAT_GO:
    default:                      return NULL;
    }
}

/* From this many rounds on, the least rounds leave out a contender the
 * verdict already puts behind (step_aside ()). */
#define ASIDE_FROM_ROUND 2

static char **
running (FsbPlan *plan, const char *const *failed, const char *const *only)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

  for (guint f = 0; plan->filesystems[f] != NULL; f++)
    if ((failed == NULL || !g_strv_contains (failed, plan->filesystems[f])) &&
        (only == NULL || g_strv_contains (only, plan->filesystems[f])))
      g_strv_builder_add (b, plan->filesystems[f]);
  return g_strv_builder_end (b);
}

/* The least rounds, past the second: a contender the verdict already
 * puts behind (clearly behind overall, dominated, or failing a criterion
 * that others pass: FsbScore.behind) steps aside, and its cycles' time
 * goes to those still in doubt. In the default run Btrfs is behind after
 * 2 rounds in 20 runs out of 20 (the saved results of four sets of five,
 * cut to 2 rounds), and its third cycle took a third of a round. At least
 * two contenders stay, or all run: twins, or a winner already clear,
 * keep their least rounds, so a comparison of two is never cut short. */
static char **
step_aside (FsbPlan *plan, FsbResult *result, const FsbRepeatState *state, char **next)
{
  g_autoptr(FsbRecommendation) rec = NULL;
  g_autoptr(GStrvBuilder) b = NULL;
  FsbUseCase use_case = FSB_USE_CASE_SERVER;
  guint n = 0;

  if (!plan->repeat_auto || state->rounds < ASIDE_FROM_ROUND || g_strv_length (next) < 3)
    return next;
  fsb_use_case_from_id (plan->use_case, &use_case);
  rec = fsb_recommend (result, use_case);
  if (rec->verdict == FSB_VERDICT_NOT_MEASURED)
    return next;
  b = g_strv_builder_new ();
  for (guint i = 0; next[i] != NULL; i++)
    {
      gboolean behind = FALSE;

      for (guint k = 0; k < rec->overall->len; k++)
        {
          const FsbScore *s = rec->overall->pdata[k];
          behind |= g_strcmp0 (s->fs, next[i]) == 0 && s->behind == FSB_COMPARE_BETTER;
        }
      if (!behind)
        {
          g_strv_builder_add (b, next[i]);
          n++;
        }
    }
  if (n < 2)
    return next;
  g_strfreev (next);
  return g_strv_builder_end (b);
}

char **
fsb_repeat_next (FsbPlan *plan, FsbResult *result, const FsbRepeatState *state,
                 const char *const *failed, FsbRepeatStop *stop)
{
  return fsb_repeat_next_focused (plan, result, state, failed, stop, NULL);
}

/* Settled, with leads near the margin (FsbRecommendation.refinable): a
 * focused round on them while one fits in the time the user accepted,
 * so that a lead of half the margin comes out a tie whenever the run had
 * the time to show it, not only when it happened to stop late. Whole
 * rounds never: a settled verdict is an answer already. */
static char **
refine (FsbPlan *plan, FsbResult *result, const FsbRepeatState *state, const char *const *failed,
        FsbRecommendation *rec, double budget, FsbRepeatFocus **focus)
{
  g_auto(GStrv) next = NULL;
  FsbRepeatStop ignored;

  if (rec->refinable == NULL || focus == NULL || !fsb_repeat_focus_possible (plan) || budget <= 0
      || state->rounds >= plan->repeat_max)
    return NULL;
  next = running (plan, failed, (const char *const *) rec->refinable);
  if (g_strv_length (next) < 2)
    return NULL;
  *focus = fsb_repeat_focus_refine (plan, result, (const char *const *) next, state->step_seconds,
                                    budget - state->elapsed_s - FOCUS_RESERVE_S, &ignored);
  return *focus != NULL ? g_strdupv ((*focus)->filesystems) : NULL;
}

/* Settled, not refinable, yet some samples the verdict counts were taken
 * during a disturbance (fsb-disk-slow.c, fsb-host-state.c) with too few
 * quiet ones beside them to be left out: one more focused round of those
 * tasks on every contender still running (so that a round's effect falls
 * on all alike), while one fits in the time. In fifteen default runs
 * (f38de32 to 09809fd), two XFS tree-delete series ended so, settled:
 * their log-sd 0.28 and 0.38, the median series' 0.05. Past
 * plan->repeat_max rounds too: the focused rounds that settled the
 * verdict count as rounds, and in a default run (w18a) they had made 10
 * while ext4 tree-delete had 3 samples, all 3 disturbed (log-sd 0.43).
 * The most a task may have is kept all the same (fsb-repeat-focus.c,
 * at_most): no task passes plan->repeat_max cycles. */
static char **
remeasure (FsbPlan *plan, FsbResult *result, const FsbRepeatState *state, const char *const *failed,
           double budget, FsbRepeatFocus **focus)
{
  g_auto(GStrv) next = NULL;

  if (focus == NULL || !fsb_repeat_focus_possible (plan) || budget <= 0)
    return NULL;
  next = running (plan, failed, NULL);
  if (next[0] == NULL)
    return NULL;
  *focus = fsb_repeat_focus_remeasure (plan, result, (const char *const *) next, state->step_seconds,
                                       budget - state->elapsed_s - FOCUS_RESERVE_S);
  return *focus != NULL ? g_strdupv ((*focus)->filesystems) : NULL;
}

char **
fsb_repeat_next_focused (FsbPlan *plan, FsbResult *result, const FsbRepeatState *state,
                         const char *const *failed, FsbRepeatStop *stop, FsbRepeatFocus **focus)
{
  g_autoptr(FsbRecommendation) rec = NULL;
  g_auto(GStrv) next = NULL;
  FsbUseCase use_case = FSB_USE_CASE_SERVER;
  double budget;

  g_return_val_if_fail (plan != NULL && result != NULL && state != NULL && stop != NULL, NULL);

  *stop = FSB_REPEAT_GO;
  if (focus != NULL)
    *focus = NULL;
  if (state->rounds < plan->repetitions)
    {
      next = step_aside (plan, result, state, running (plan, failed, NULL));
      if (next[0] != NULL)
        return g_steal_pointer (&next);
    }
  if (!plan->repeat_auto || state->rounds < plan->repetitions)
    {
      *stop = FSB_REPEAT_FIXED;
      return NULL;
    }

  fsb_use_case_from_id (plan->use_case, &use_case);
  rec = fsb_recommend (result, use_case);
  if (rec->verdict == FSB_VERDICT_NOT_MEASURED)
    {
      *stop = FSB_REPEAT_NOT_MEASURED;
      return NULL;
    }
  budget = plan->time_budget_s > 0 ? plan->time_budget_s : fsb_plan_auto_budget (plan, state->min_rounds_s);
  next = running (plan, failed, (const char *const *) rec->unsettled);
  if (rec->unsettled == NULL || next[0] == NULL)
    {
      char **more = refine (plan, result, state, failed, rec, budget, focus);

      if (more == NULL)
        more = remeasure (plan, result, state, failed, budget, focus);

      *stop = more != NULL ? FSB_REPEAT_GO : FSB_REPEAT_SETTLED;
      return more;
    }
  if (focus != NULL && fsb_repeat_focus_possible (plan))
    {
      *focus = fsb_repeat_focus_choose (plan, result, (const char *const *) next, state->step_seconds,
                                        budget > 0 ? budget - state->elapsed_s - FOCUS_RESERVE_S : INFINITY,
                                        stop);
      if (*focus != NULL)
        return g_strdupv ((*focus)->filesystems);
      if (*stop != FSB_REPEAT_GO)
        return NULL;
      /* nothing a focused round could narrow: whole rounds, as before */
    }
  if (state->rounds >= plan->repeat_max)
    {
      *stop = FSB_REPEAT_MAX;
      return NULL;
    }
  if (budget > 0 && state->elapsed_s + state->cycle_s * g_strv_length (next) > budget)
    {
      *stop = FSB_REPEAT_BUDGET;
      return NULL;
    }
  return g_steal_pointer (&next);
}
