/* fsb-recommend-settle.c: what would settle a verdict that is still open
 *
 * "Cannot be told apart yet" is only useful with what would tell them
 * apart. Each open comparison (the leader against one it is not yet told
 * from) has a log ratio d with a half-width h = t(df)·√var at the n rounds
 * it has. More rounds shrink it: var ∝ 1/n and df ∝ n, as both come from
 * the samples. The comparison settles once the interval leaves the
 * margin's edge m = log (1 + margin), either way: |d| − h > m (ahead) or
 * |d| + h < m (equivalent). The rounds that need, assuming d stays where
 * it is, are what the hint offers, with the time they would take at the
 * pace this run had; past SETTLE_MOST rounds the difference sits on the
 * margin and no hint is given (more rounds would not help in reasonable
 * time). The hint is an expectation, not a promise: it says "could". */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "fsb-format.h"
#include "fsb-plan.h"
#include "fsb-recommend-private.h"

/* More than this many rounds of a cycle is no advice. */
#define SETTLE_MOST 30

/* The rounds fs ran: one mkfs each (else its longest series). Focused
 * rounds count: the tasks that decide ran in them. */
static guint
rounds_of (FsbFsResult *fs)
{
  FsbTaskResult *mkfs = fsb_fs_result_get_task (fs, "mkfs", FALSE);
  guint most = 0;

  if (mkfs != NULL && mkfs->samples->len > 0)
    return mkfs->samples->len;
  for (guint t = 0; t < fs->tasks->len; t++)
    most = MAX (most, ((FsbTaskResult *) fs->tasks->pdata[t])->samples->len);
  return most;
}

static FsbFsResult *
find_fs (FsbResult *result, const char *name)
{
  for (guint f = 0; f < result->filesystems->len; f++)
    if (g_strcmp0 (((FsbFsResult *) result->filesystems->pdata[f])->name, name) == 0)
      return result->filesystems->pdata[f];
  return NULL;
}

/* The rounds in all at which diff (measured at n) would settle; 0: not
 * within SETTLE_MOST. */
static guint
rounds_to_settle (const FsbLogEstimate *diff, guint n)
{
  double edge = log (1 + FSB_EQUIVALENCE_MARGIN), d = fabs (diff->log);

  if (n == 0 || !isfinite (diff->var) || diff->df <= 0)
    return 0;
  for (guint k = n + 1; k <= SETTLE_MOST; k++)
    {
      double df = diff->df * k / n, sd = sqrt (diff->var * n / k);
      double half = fsb_t_quantile (0.975, df) * sd;
      double lead_half = fsb_t_quantile (1 - (1 - FSB_LEAD_LEVEL) / 2, df) * sd;

      /* ahead (wholly above 1 at the lead's level) or tied (wholly within the margin) */
      if (d - lead_half > 0 || d + half < edge)
        return k;
    }
  return 0;
}

/* The mean seconds of one step of task_id in this run: its paced time
 * over the cycles that ran it; 0 when not paced. */
static double
step_seconds (FsbResult *result, const char *task_id)
{
  const FsbPace *pace = g_hash_table_lookup (result->pace, task_id);
  guint steps = 0;

  for (guint f = 0; pace != NULL && f < result->filesystems->len; f++)
    steps += fsb_result_task_cycles (result, result->filesystems->pdata[f], task_id);
  return steps > 0 ? pace->taken_s / steps : 0;
}

/* Seconds one cycle took in this run: the paced steps' time over the
 * cycles; after focused rounds, one cycle of the tasks they ran (the
 * cycle's own steps included), which is what more rounds would run. */
static double
cycle_seconds (FsbResult *result, char **focused, double *total)
{
  static const char *const own[] = { "mkfs", "mount", "umount" };
  GHashTableIter iter;
  gpointer value;
  guint cycles = 0;
  double focused_s = 0;

  *total = 0;
  g_hash_table_iter_init (&iter, result->pace);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    *total += ((FsbPace *) value)->taken_s;
  if (focused[0] != NULL)
    {
      for (guint i = 0; i < G_N_ELEMENTS (own); i++)
        focused_s += step_seconds (result, own[i]);
      for (guint i = 0; focused[i] != NULL; i++)
        focused_s += step_seconds (result, focused[i]);
      return focused_s;
    }
  for (guint f = 0; f < result->filesystems->len; f++)
    cycles += rounds_of (result->filesystems->pdata[f]);
  return cycles > 0 ? *total / cycles : 0;
}

char *
fsb_focused_rounds_note (FsbResult *result)
{
  guint n = result->repetition_policy.focused->len;
  g_auto(GStrv) tasks = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *list = NULL;

  if (n == 0)
    return NULL;
  tasks = fsb_result_focused_tasks (result);
  for (guint i = 0; tasks[i] != NULL; i++)
    g_ptr_array_add (names, (gpointer) fsb_task_display_name (tasks[i]));
  list = fsb_format_join_names ((const char *const *) names->pdata, names->len, FALSE);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: a number of rounds, then a list of task names: "3 more
                                        * rounds ran only the tasks that could settle the verdict: Copy a big
                                        * file in and Random writes." */
                                       "%u more round ran only the tasks that could settle the verdict: %s.",
                                       "%u more rounds ran only the tasks that could settle the verdict: %s.", n),
                          n, list);
}

void
fsb_recommend_settle_hint (FsbRecommendation *self, FsbResult *result)
{
  guint most = 0, now = 0, n_open = 0;
  double total, cycle, extra_s, budget;
  g_autofree char *names = NULL, *extra = NULL;
  g_auto(GStrv) focused = fsb_result_focused_tasks (result);
  guint n_focused = g_strv_length (focused);

  if (self->settled || self->unsettled == NULL || self->leader == NULL)
    return;
  for (guint i = 0; i < self->overall->len; i++)
    {
      const FsbScore *s = self->overall->pdata[i];
      FsbFsResult *a = find_fs (result, self->leader), *b = find_fs (result, s->fs);
      guint n, k;

      if (s->behind != FSB_COMPARE_UNSETTLED || a == NULL || b == NULL)
        continue;
      n = MIN (rounds_of (a), rounds_of (b));
      k = rounds_to_settle (&s->estimate, n);
      if (k == 0)
        {
          /* too small a difference for the noise: no number of rounds can be promised */
          double apart = fabs (s->ratio - 1) * 100;
          g_autofree char *amount = fsb_format_percent (apart, apart < 10 ? 1 : 0);
          g_autofree char *margin = fsb_format_percent (FSB_EQUIVALENCE_MARGIN * 100, 0);

          self->settle_note =
            /* Translators: two filesystems, the measured difference ("2 %"), then the margin ("5 %"): "XFS and
             * ext4 differ by about 2 %: it would take many more rounds to tell whether one is ahead or both
             * are within 5 % of each other." */
            g_strdup_printf (_("%s and %s differ by about %s: it would take many more rounds to tell whether "
                               "one is ahead or both are within %s of each other."),
                             fsb_format_fs_name (self->leader), fsb_format_fs_name (s->fs), amount, margin);
          g_ptr_array_add (self->notes, g_strdup (self->settle_note));
          return;
        }
      most = MAX (most, k);
      now = MAX (now, MAX (rounds_of (a), rounds_of (b)));
    }
  n_open = g_strv_length (self->unsettled);
  cycle = cycle_seconds (result, focused, &total);
  if (most <= now || cycle <= 0)
    return;
  self->settle_rounds = most;
  extra_s = (most - now) * n_open * cycle;
  /* the run as it went, the extra rounds, and a tenth more for the
   * machine's moods, in whole tens of seconds */
  budget = ceil ((total + extra_s) * 1.1 / 10) * 10;
  names = fsb_words_names (self->unsettled);
  extra = fsb_format_duration (extra_s);
  if (n_focused == 1)
    self->settle_note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       /* Translators: a number of rounds, a task's name,
                                                        * filesystems ("ext4 and XFS"), then a duration: "About 2
                                                        * more rounds of “Random writes” on ext4 and XFS could
                                                        * settle it, about 6 s more." */
                                                       "About %u more round of “%s” on %s could settle it, about %s more.",
                                                       "About %u more rounds of “%s” on %s could settle it, about %s more.",
                                                       most - now),
                                          most - now, fsb_task_display_name (focused[0]), names, extra);
  else if (n_focused > 1)
    self->settle_note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       /* Translators: a number of rounds, a number of tasks
                                                        * (two or more), filesystems ("ext4 and XFS"),
                                                        * then a duration; the form follows the rounds: "About 2
                                                        * more rounds of 4 tasks on ext4 and XFS could settle
                                                        * it, about 12 s more." */
                                                       "About %u more round of %u tasks on %s could settle it, about %s more.",
                                                       "About %u more rounds of %u tasks on %s could settle it, about %s more.",
                                                       most - now),
                                          most - now, n_focused, names, extra);
  else
    self->settle_note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     /* Translators: a number of rounds, filesystems ("ext4 and
                                                      * XFS"), then a duration: "About 4 more rounds of ext4 and
                                                      * XFS could settle it, about 25 s more." */
                                                     "About %u more round of %s could settle it, about %s more.",
                                                     "About %u more rounds of %s could settle it, about %s more.",
                                                     most - now),
                                        most - now, names, extra);
  g_ptr_array_add (self->notes, g_strdup (self->settle_note));
  self->settle_seconds = extra_s;
  self->settle_budget_s = budget;
}

/* The margin's edge, 1 + FSB_EQUIVALENCE_MARGIN, decides between a lead
 * and a small lead (a tie), and the point estimate decides on which side
 * of it a comparison falls: XFS 1.5-4.6 % ahead of ext4 in 25 default
 * runs was named the winner in those whose 99 % interval had cleared 1,
 * and a tie in the others, by when the run stopped. A settled comparison
 * whose 95 % interval holds the edge could still move across it: a run
 * with time left measures it further (fsb_repeat_next_focused ()). A lead
 * given by dominance or failure is not one of the interval, and is not
 * refined. */
void
fsb_recommend_note_refinable (FsbRecommendation *self)
{
  g_autoptr(GStrvBuilder) names = NULL;
  const double edge = 1 + FSB_EQUIVALENCE_MARGIN;

  g_clear_pointer (&self->refinable, g_strfreev);
  if (!self->settled || self->leader == NULL)
    return;
  for (guint i = 0; i < self->overall->len; i++)
    {
      FsbScore *s = self->overall->pdata[i];
      gboolean lead;

      if (s->dominated || !s->complete || g_strcmp0 (s->fs, self->leader) == 0 || !isfinite (s->ratio_low))
        continue;
      lead = s->small_lead ||
             (s->behind == FSB_COMPARE_BETTER &&
              fsb_log_estimate_compare_at (&s->estimate, FSB_EQUIVALENCE_MARGIN, FSB_LEAD_LEVEL) == FSB_COMPARE_BETTER);
      s->near_margin = lead && s->ratio_low < edge && s->ratio_high > edge;
      if (!s->near_margin)
        continue;
      if (names == NULL)
        {
          names = g_strv_builder_new ();
          g_strv_builder_add (names, self->leader);
        }
      g_strv_builder_add (names, s->fs);
    }
  if (names != NULL)
    self->refinable = g_strv_builder_end (names);
}
