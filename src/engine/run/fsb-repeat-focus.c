/* fsb-repeat-focus.c: focused rounds: past the least, only the tasks
 * whose noise keeps the verdict open run again
 *
 * The unit. A task cannot always run alone: small-stat-seq reads the
 * files small-create-seq made, big-recopy copies big-copy-in's file,
 * tree-delete deletes what tree-copy-in, tree-recopy and tree-list left.
 * So what runs again is a chain: a task with the tasks of its group
 * before it, back to the group's first or to the nearest one with a setup
 * of its own (random-io's and sync-write's tasks write what they read in
 * their untimed setup, and stand alone), and the tasks after it that
 * share its samples (delete-sys reads delete-return's operations). Each
 * chain runs in the order and on the state a whole cycle gives it, so its
 * samples (the earlier tasks' too) are the same kind as a whole round's,
 * and all are kept. A focused round is one cycle per contender, as any
 * round: mkfs, mount, the chosen chains, each task after its cold
 * remount, umount. The target holds one filesystem at a time, so each
 * contender's turn needs its own mkfs anyway; mkfs on an image is cheap.
 *
 * Who runs it. Every unsettled contender (the leader and those it is not
 * yet told from) runs the same tasks, in the plan's order (A B C), as
 * whole rounds do: the leader is in every open comparison, and a slow
 * moment of the machine then falls on all of them alike instead of on
 * one side of a comparison.
 *
 * The choice. What keeps the verdict open is the interval of each open
 * overall comparison (FsbRecommendation's overall scores, UNSETTLED): its
 * half-width h = t(df)·√var on the log scale, which the task variances
 * feed through the criteria's totals and means and the use case's
 * weights. One more cycle of a chain adds one sample (or its usual number
 * of per-operation samples) of each of its tasks on each contender. What
 * that is expected to do to h is found with the real verdict: the
 * samples are added to a copy of the result, each at its series' median
 * plus one standard deviation of its pooled noise, then at the median
 * minus one (a two-point quadrature of a normal draw: the noise estimate
 * stays unbiased, and pooling, outlier flags, totals and weights are the
 * verdict's own), fsb_recommend () judges each, and the mean of the two
 * Σh is the expectation. A round's worth is the expected narrowing
 * Σh_now − Σh_after (a comparison the samples would settle gives its
 * whole h) per second of its expected time: what the steps took in this
 * run (the runner gives the longest each took), mkfs, mount and umount
 * included. Where the contenders take turns, the verdict pairs each
 * task's samples by round (fsb_stats_pool_blocks), focused rounds that
 * left a settled contender out included: the noise learnt is then what is
 * left of a sample once its round's effect is out, the what-if's samples
 * of one round deviate summing to 0 over the contenders (push_task_round),
 * and the copy records the focused round as the runner would, so that
 * the verdict lines its samples up. Chains join the round greedily,
 * the best first, while each one raises the round's narrowing per second
 * (the round's own mkfs, mount and umount are paid once, so a second
 * cheap chain may be worth its seconds where it would not be alone), and
 * while the round fits in the time left. A chain whose task had
 * plan->repeat_max cycles on a contender is not a candidate (the tasks
 * before it that it needs may pass that count: their samples are kept). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fsb-age.h"
#include "fsb-catalog.h"
#include "fsb-host-state.h"
#include "fsb-recommend.h"
#include "fsb-repeat-focus.h"
#include "fsb-stats.h"
#include "fsb-stats-private.h"

/* A half-width past this (on the log scale, 10⁶ times) counts as this. */
#define HALF_MOST 14.0

/* The cycle's own steps: every round has them. */
static const char *const cycle_steps[] = { "mkfs", "mount", "umount" };

typedef struct {
  double centre;   /* the log of the median */
  double sd;       /* of the logs, pooled over the filesystems (0: not known) */
  guint  per_cycle;
  gboolean paired;  /* the verdict takes the rounds' effects out */
} Noise;

typedef struct {
  FsbPlan            *plan;
  FsbUseCase          use_case;
  FsbResult          *copy;       /* the result, with what-if samples pushed and popped */
  const char *const  *filesystems;
  GHashTable         *step_seconds;
  GPtrArray          *cycle;      /* the cycle's tasks in order (catalog strings) */
  GPtrArray          *chains;     /* of GPtrArray of catalog strings */
  GHashTable         *noise;      /* fsb_repeat_step_key () → Noise */
  gboolean            refine;     /* the leads near the margin count as open too */
} Work;

typedef struct {
  FsbTaskResult *task;
  guint          len;
} Mark;

void
fsb_repeat_focus_free (FsbRepeatFocus *focus)
{
  if (focus == NULL)
    return;
  g_strfreev (focus->filesystems);
  g_strfreev (focus->tasks);
  g_free (focus);
}

gboolean
fsb_repeat_focus_possible (FsbPlan *plan)
{
  return plan->repeat_auto && fsb_age_spec (plan->age) == NULL && plan->custom_commands->len == 0;
}

char *
fsb_repeat_step_key (const char *filesystem, const char *task_id)
{
  return g_strconcat (filesystem, "/", task_id, NULL);
}

/* The chains ----------------------------------------------------------------- */

static void
add_chains (Work *w, const FsbWorkloadGroup *g)
{
  for (guint e = 0; e < g->n_tasks; e++)
    {
      GPtrArray *chain;
      guint start = e, end = e;

      if (g->tasks[e].run == NULL || g->tasks[e].samples_of != NULL)
        continue;   /* a task that reads another's samples comes with it */
      while (start > 0 && g->tasks[start].setup == NULL)
        start--;
      while (end + 1 < g->n_tasks && g_strcmp0 (g->tasks[end + 1].samples_of, g->tasks[e].id) == 0)
        end++;
      chain = g_ptr_array_new ();
      for (guint i = start; i <= end; i++)
        g_ptr_array_add (chain, (gpointer) g->tasks[i].id);
      g_ptr_array_add (w->chains, chain);
    }
}

/* The cycle's tasks as the runner has them (fsb_plan_estimate): the
 * plan's groups in registry order, not the cycle's own, nor those across
 * filesystems. */
static void
find_chains (Work *w)
{
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);

  for (guint g = 0; g < n; g++)
    {
      if (groups[g]->always || groups[g]->across_filesystems || !fsb_plan_has_group (w->plan, groups[g]->id))
        continue;
      for (guint t = 0; t < groups[g]->n_tasks; t++)
        if (groups[g]->tasks[t].run != NULL)
          g_ptr_array_add (w->cycle, (gpointer) groups[g]->tasks[t].id);
      add_chains (w, groups[g]);
    }
}

/* The most counts for the task a chain is for, its last (or the one whose
 * samples the last shares): the tasks it needs come along, and their
 * samples are kept, past the most too. */
static gboolean
at_most (Work *w, FsbResult *result, GPtrArray *chain)
{
  const char *last = chain->pdata[chain->len - 1];

  for (guint f = 0; w->filesystems[f] != NULL; f++)
    {
      FsbFsResult *fs = fsb_result_find_filesystem (result, w->filesystems[f]);

      if (fs != NULL && fsb_result_task_cycles (result, fs, last) >= w->plan->repeat_max)
        return TRUE;
    }
  return FALSE;
}

/* Time ----------------------------------------------------------------------- */

static double
step_seconds (Work *w, const char *fs, const char *task_id)
{
  g_autofree char *key = fsb_repeat_step_key (fs, task_id);
  const double *measured = w->step_seconds != NULL ? g_hash_table_lookup (w->step_seconds, key) : NULL;
  const FsbTaskSpec *task;

  if (measured != NULL)
    return *measured;
  task = fsb_catalog_task (task_id, NULL);
  return task != NULL && task->estimate != NULL ? task->estimate (w->plan->sizes) : 1.0;
}

/* Every contender's cycle of the tasks in: mkfs to umount. */
static double
round_seconds (Work *w, GHashTable *in)
{
  double s = 0;

  for (guint f = 0; w->filesystems[f] != NULL; f++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (cycle_steps); i++)
        s += step_seconds (w, w->filesystems[f], cycle_steps[i]);
      for (guint t = 0; t < w->cycle->len; t++)
        if (g_hash_table_contains (in, w->cycle->pdata[t]))
          s += step_seconds (w, w->filesystems[f], w->cycle->pdata[t]);
    }
  return s;
}

/* What if ---------------------------------------------------------------------- */

/* Each filesystem's median and the noise of its task, pooled as the
 * verdict pools it (fsb_verdict_task_estimates), from the result as
 * measured: paired, the noise is what is left of a sample once its
 * round's effect is out. */
static void
learn_noise (Work *w, FsbResult *result, const char *task_id)
{
  guint n_fs = result->filesystems->len;
  const char *metric = fsb_task_metric (task_id, NULL);
  g_autofree FsbLogEstimate *est = g_new0 (FsbLogEstimate, MAX (n_fs, 1));
  g_autofree gboolean *have = g_new0 (gboolean, MAX (n_fs, 1));
  gboolean paired = FALSE;

  fsb_verdict_task_estimates (result, task_id, metric, 0, est, NULL, have, &paired);
  for (guint f = 0; f < n_fs; f++)
    {
      FsbFsResult *fs = result->filesystems->pdata[f];
      FsbTaskResult *task = fsb_fs_result_get_task (fs, task_id, FALSE);
      guint n = 0, cycles;
      Noise *noise;

      /* the samples the verdict keeps: a disturbed one is a missing one */
      for (guint j = 0; task != NULL && j < task->samples->len; j++)
        {
          const FsbSample *sample = task->samples->pdata[j];
          double x;

          n += fsb_sample_counted_value (sample, fsb_task_result_drops_disturbed (task), metric, &x);
        }
      if (!have[f] || n == 0)
        continue;
      noise = g_new0 (Noise, 1);
      cycles = fsb_result_task_cycles (result, fs, task_id);
      noise->centre = est[f].log;
      noise->sd = isfinite (est[f].var) ? sqrt (est[f].var * n) / FSB_MEDIAN_SE_FACTOR : 0;
      noise->per_cycle = MAX (1, (guint) floor ((double) n / MAX (cycles, 1) + 0.5));
      noise->paired = paired;
      g_hash_table_insert (w->noise, fsb_repeat_step_key (fs->name, task_id), noise);
    }
}

/* The sample of the series nearest its median, for the other metrics. */
static const FsbSample *
typical_sample (FsbTaskResult *task, const char *metric, double centre)
{
  const FsbSample *best = NULL;
  double gap = INFINITY;

  for (guint s = 0; s < task->samples->len; s++)
    {
      const FsbSample *sample = task->samples->pdata[s];
      double x;

      if (sample->error == NULL && fsb_sample_get (sample, metric, &x) && x > 0 &&
          fabs (log (x) - centre) < gap)
        {
          gap = fabs (log (x) - centre);
          best = sample;
        }
    }
  return best;
}

static void
push_task (Work *w, FsbFsResult *fs, const char *task_id, double dev, GArray *marks)
{
  g_autofree char *key = fsb_repeat_step_key (fs->name, task_id);
  const Noise *noise = g_hash_table_lookup (w->noise, key);
  FsbTaskResult *task = fsb_fs_result_get_task (fs, task_id, FALSE);
  const char *metric = fsb_task_metric (task_id, NULL);
  const FsbSample *typical;
  Mark mark;

  if (noise == NULL || task == NULL || (typical = typical_sample (task, metric, noise->centre)) == NULL)
    return;
  mark.task = task;
  mark.len = task->samples->len;
  g_array_append_val (marks, mark);
  for (guint i = 0; i < noise->per_cycle; i++)
    {
      FsbSample *sample = fsb_sample_copy (typical);
      double was;

      fsb_sample_set (sample, metric, exp (noise->centre + dev * noise->sd));
      /* a sample to come is expected quiet */
      if (fsb_sample_get (sample, "disturbed", &was))
        fsb_sample_set (sample, "disturbed", 0);
      g_ptr_array_add (task->samples, sample);
    }
}

/* One more cycle of task_id on every contender that runs it, each sample
 * at its median + dev standard deviations of its noise. Where the
 * contenders take turns, the verdict takes the round's effect out (a
 * shift shared by all is no news), so the round's deviations are spread
 * over them summing to 0, sign·√(2(k − 1)/k)·cos (2πi/k + π/4) for the
 * i-th of k: their squares sum to k − 1, what k samples leave once their
 * round's mean is fitted. */
static void
push_task_round (Work *w, const char *task_id, double sign, GArray *marks)
{
  guint k = 0, i = 0;

  for (guint f = 0; w->filesystems[f] != NULL; f++)
    {
      g_autofree char *key = fsb_repeat_step_key (w->filesystems[f], task_id);

      k += g_hash_table_contains (w->noise, key);
    }
  for (guint f = 0; w->filesystems[f] != NULL; f++)
    {
      g_autofree char *key = fsb_repeat_step_key (w->filesystems[f], task_id);
      const Noise *noise = g_hash_table_lookup (w->noise, key);
      FsbFsResult *fs = fsb_result_find_filesystem (w->copy, w->filesystems[f]);
      double dev = sign;

      if (noise == NULL || fs == NULL)
        continue;
      if (noise->paired)
        dev = sign * sqrt (2.0 * (k - 1) / k) * cos (2 * G_PI * i / k + G_PI / 4);
      i++;
      push_task (w, fs, task_id, dev, marks);
    }
}

/* One more round of the tasks in, as the runner would record it: the
 * samples, and the focused round that took them. */
static GArray *
push_round (Work *w, GHashTable *in, double sign)
{
  GArray *marks = g_array_new (FALSE, FALSE, sizeof (Mark));
  g_autoptr(GStrvBuilder) tasks = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cycle_steps); i++)
    push_task_round (w, cycle_steps[i], sign, marks);
  for (guint t = 0; t < w->cycle->len; t++)
    if (g_hash_table_contains (in, w->cycle->pdata[t]))
      {
        push_task_round (w, w->cycle->pdata[t], sign, marks);
        g_strv_builder_add (tasks, w->cycle->pdata[t]);
      }
  names = g_strv_builder_end (tasks);
  fsb_result_add_focused_round (w->copy, w->filesystems, (const char *const *) names);
  return marks;
}

static void
pop_round (Work *w, GArray *marks)
{
  GPtrArray *focused = w->copy->repetition_policy.focused;

  g_ptr_array_set_size (focused, focused->len - 1);
  for (guint i = 0; i < marks->len; i++)
    {
      Mark *m = &g_array_index (marks, Mark, i);

      g_ptr_array_set_size (m->task->samples, m->len);
    }
  g_array_unref (marks);
}

/* Σh: the half-widths of the open overall comparisons, on the log scale. */
static double
open_width (Work *w)
{
  g_autoptr(FsbRecommendation) rec = fsb_recommend (w->copy, w->use_case);
  double sum = 0;

  if (rec->verdict == FSB_VERDICT_NOT_MEASURED)
    return 0;
  for (guint i = 0; i < rec->overall->len; i++)
    {
      const FsbScore *s = rec->overall->pdata[i];

      if (s->behind != FSB_COMPARE_UNSETTLED && !(w->refine && s->near_margin))
        continue;
      if (!isfinite (s->estimate.var) || s->estimate.df <= 0)
        sum += HALF_MOST;
      else
        sum += MIN (HALF_MOST, fsb_t_quantile (0.975, s->estimate.df) * sqrt (s->estimate.var));
    }
  return sum;
}

/* Σh expected after more cycles of the tasks in: two, one with each
 * sample a noise's sd above its median and one below, so the medians stay
 * where they are and the spread the samples add is the noise's own. One
 * cycle at a time, above or below and the two widths averaged, moved a
 * median of three samples by half a step and widened its scale: in two
 * default runs of five the chooser then expected every chain to widen
 * the open interval (the big-file chains among them, whose task had 3
 * samples and the criterion an interval of 0.82-1.52), and the runs
 * ended open with 15 and 28 s left (stopped "max"). */
static double
expected_width (Work *w, GHashTable *in)
{
  GArray *below = push_round (w, in, -1);
  GArray *above = push_round (w, in, 1);
  double width = open_width (w);

  pop_round (w, above);
  pop_round (w, below);
  return width;
}

/* The choice ------------------------------------------------------------------- */

static gboolean
contains_chain (GHashTable *in, GPtrArray *chain)
{
  for (guint t = 0; t < chain->len; t++)
    if (!g_hash_table_contains (in, chain->pdata[t]))
      return FALSE;
  return TRUE;
}

static GHashTable *
with_chain (GHashTable *in, GPtrArray *chain)
{
  GHashTable *out = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, in);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (out, key);
  for (guint t = 0; t < chain->len; t++)
    g_hash_table_add (out, chain->pdata[t]);
  return out;
}

static FsbRepeatFocus *
focus_new (Work *w, GHashTable *in, double seconds, double narrowing)
{
  FsbRepeatFocus *focus = g_new0 (FsbRepeatFocus, 1);
  g_autoptr(GStrvBuilder) tasks = g_strv_builder_new ();

  for (guint t = 0; t < w->cycle->len; t++)
    if (g_hash_table_contains (in, w->cycle->pdata[t]))
      g_strv_builder_add (tasks, w->cycle->pdata[t]);
  focus->tasks = g_strv_builder_end (tasks);
  focus->filesystems = g_strdupv ((char **) w->filesystems);
  focus->seconds = seconds;
  focus->narrowing = narrowing;
  return focus;
}

/* Chains join while each raises the round's narrowing per second. */
static FsbRepeatFocus *
choose (Work *w, FsbResult *result, double now, double seconds_left, FsbRepeatStop *stop)
{
  g_autoptr(GHashTable) in = g_hash_table_new (g_str_hash, g_str_equal);
  double gain = 0, seconds = 0;
  gboolean any_candidate = FALSE;

  for (;;)
    {
      GHashTable *best = NULL;
      double best_gain = 0, best_seconds = 0, best_rate = gain > 0 ? gain / seconds : 0;

      for (guint c = 0; c < w->chains->len; c++)
        {
          GPtrArray *chain = w->chains->pdata[c];
          GHashTable *next;
          double s, g;

          if (contains_chain (in, chain) || at_most (w, result, chain))
            continue;
          any_candidate = TRUE;
          next = with_chain (in, chain);
          s = round_seconds (w, next);
          if (s > seconds_left || s <= 0)
            {
              g_hash_table_unref (next);
              continue;
            }
          g = now - expected_width (w, next);
          if (g > 0 && g / s > best_rate)
            {
              g_clear_pointer (&best, g_hash_table_unref);
              best = g_steal_pointer (&next);
              best_gain = g;
              best_seconds = s;
              best_rate = g / s;
            }
          g_clear_pointer (&next, g_hash_table_unref);
        }
      if (best == NULL)
        break;
      g_hash_table_unref (in);
      in = best;
      gain = best_gain;
      seconds = best_seconds;
    }
  if (g_hash_table_size (in) > 0)
    return focus_new (w, in, seconds, gain);
  /* nothing to run: at the most, out of time, or nothing would help */
  *stop = !any_candidate ? FSB_REPEAT_MAX : FSB_REPEAT_GO;
  for (guint c = 0; c < w->chains->len && *stop == FSB_REPEAT_GO; c++)
    {
      g_autoptr(GHashTable) alone = with_chain (in, w->chains->pdata[c]);

      if (!at_most (w, result, w->chains->pdata[c]) && round_seconds (w, alone) > seconds_left)
        *stop = FSB_REPEAT_BUDGET;
    }
  return NULL;
}

static FsbRepeatFocus *
focus_choose (FsbPlan *plan, FsbResult *result, const char *const *filesystems,
              GHashTable *step_seconds, double seconds_left, gboolean refine, FsbRepeatStop *stop)
{
  Work w = { .refine = refine };
  FsbRepeatFocus *focus = NULL;
  double now;

  g_return_val_if_fail (plan != NULL && result != NULL && filesystems != NULL && stop != NULL, NULL);

  *stop = FSB_REPEAT_GO;
  w.plan = plan;
  w.use_case = FSB_USE_CASE_SERVER;
  fsb_use_case_from_id (plan->use_case, &w.use_case);
  w.copy = fsb_result_copy (result);
  w.filesystems = filesystems;
  w.step_seconds = step_seconds;
  w.cycle = g_ptr_array_new ();
  w.chains = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  w.noise = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  find_chains (&w);
  for (guint i = 0; i < G_N_ELEMENTS (cycle_steps); i++)
    learn_noise (&w, result, cycle_steps[i]);
  for (guint t = 0; t < w.cycle->len; t++)
    learn_noise (&w, result, w.cycle->pdata[t]);

  now = open_width (&w);
  if (now <= 0)
    *stop = FSB_REPEAT_SETTLED;
  else
    focus = choose (&w, result, now, seconds_left, stop);

  g_hash_table_unref (w.noise);
  g_ptr_array_unref (w.chains);
  g_ptr_array_unref (w.cycle);
  fsb_result_unref (w.copy);
  return focus;
}

FsbRepeatFocus *
fsb_repeat_focus_choose (FsbPlan *plan, FsbResult *result, const char *const *filesystems,
                         GHashTable *step_seconds, double seconds_left, FsbRepeatStop *stop)
{
  return focus_choose (plan, result, filesystems, step_seconds, seconds_left, FALSE, stop);
}

/* Re-measuring ------------------------------------------------------------------ */

/* The shortest chain with task_id in it: the task's own. */
static GPtrArray *
own_chain (Work *w, const char *task_id)
{
  GPtrArray *best = NULL;

  for (guint c = 0; c < w->chains->len; c++)
    {
      GPtrArray *chain = w->chains->pdata[c];

      for (guint t = 0; t < chain->len; t++)
        if (g_strcmp0 (chain->pdata[t], task_id) == 0 && (best == NULL || chain->len < best->len))
          best = chain;
    }
  return best;
}

FsbRepeatFocus *
fsb_repeat_focus_remeasure (FsbPlan *plan, FsbResult *result, const char *const *filesystems,
                            GHashTable *step_seconds, double seconds_left)
{
  Work w = { 0 };
  g_autoptr(GHashTable) in = g_hash_table_new (g_str_hash, g_str_equal);
  FsbRepeatFocus *focus = NULL;

  g_return_val_if_fail (plan != NULL && result != NULL && filesystems != NULL, NULL);

  w.plan = plan;
  w.filesystems = filesystems;
  w.step_seconds = step_seconds;
  w.cycle = g_ptr_array_new ();
  w.chains = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  find_chains (&w);
  for (guint t = 0; t < w.cycle->len; t++)
    for (guint f = 0; filesystems[f] != NULL; f++)
      {
        FsbFsResult *fs = fsb_result_find_filesystem (result, filesystems[f]);
        FsbTaskResult *task = fs != NULL ? fsb_fs_result_get_task (fs, w.cycle->pdata[t], FALSE) : NULL;
        GPtrArray *chain;

        if (task == NULL || !fsb_task_result_keeps_disturbed (task)
            || (chain = own_chain (&w, w.cycle->pdata[t])) == NULL || at_most (&w, result, chain))
          continue;
        for (guint i = 0; i < chain->len; i++)
          g_hash_table_add (in, chain->pdata[i]);
      }
  if (g_hash_table_size (in) > 0)
    {
      double seconds = round_seconds (&w, in);

      if (seconds <= seconds_left)
        focus = focus_new (&w, in, seconds, 0);
    }
  g_ptr_array_unref (w.chains);
  g_ptr_array_unref (w.cycle);
  return focus;
}

FsbRepeatFocus *
fsb_repeat_focus_refine (FsbPlan *plan, FsbResult *result, const char *const *filesystems,
                         GHashTable *step_seconds, double seconds_left, FsbRepeatStop *stop)
{
  return focus_choose (plan, result, filesystems, step_seconds, seconds_left, TRUE, stop);
}
