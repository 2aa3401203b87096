/* fsb-run-schedule.c: the run's schedule and the loop that follows it.
 *
 * The steps are the schedule: each names its contender, its round and
 * what it does (mkfs, mount, a task, a command of your own, aging, umount).
 * The executor below runs them in order, the progress bar and the ETA read
 * the same array (fsb-run-progress.c), and a round added later (automatic
 * repetitions, a focused round of a few tasks) is only more steps.
 *
 * With a disk image, every contender has an image of its own for the whole
 * run and the contenders take turns task by task: each task runs on every
 * contender, each after its own cold remount, before the next task begins.
 * A slow moment of the machine then falls on every contender's sample of
 * that task alike, instead of on one contender's whole cycle, and each
 * round pairs the contenders' samples. The order of the contenders
 * alternates from round to round (A B C, then C B A), so no one is always
 * first after the others' work. A task chained to an earlier one (the
 * small files read back after they were created) still finds its
 * contender's filesystem as it left it: the images are separate.
 *
 * A partition is one target: the contenders take it one after another, a
 * whole cycle each (mkfs, mount, the tasks, umount), in the same
 * alternating order. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "fsb-catalog.h"
#include "fsb-error.h"
#include "fsb-repeat-focus.h"
#include "fsb-run-private.h"

/* Targets ------------------------------------------------------------------- */

gboolean
fsb_run_make_targets (Run *run, GError **error)
{
  guint n = g_strv_length (run->plan->filesystems);
  guint64 needed = fsb_plan_needed_bytes (run->plan, run->sizes);

  run->n_targets = run->turns ? n : 1;
  run->targets = g_new0 (FsbTarget *, run->n_targets);
  for (guint i = 0; i < run->n_targets; i++)
    {
      run->targets[i] = fsb_target_new_from_spec (run->plan->target_spec, run->plan->destroy_confirmed, error);
      if (run->targets[i] == NULL)
        return FALSE;
      if (run->plan->confirmed_device != NULL)
        fsb_target_set_confirmed_device (run->targets[i], run->plan->confirmed_device);
    }
  run->target = run->targets[0];
  if (run->turns)
    fsb_run_log (run, g_dngettext (GETTEXT_PACKAGE,
                                   /* Translators: how many disk images are made, one for each filesystem */
                                   "Preparing %u disk image, one for each filesystem",
                                   "Preparing %u disk images, one for each filesystem", run->n_targets),
                 run->n_targets);
  else
    fsb_run_log (run, _("Preparing the target"));
  for (guint i = 0; i < run->n_targets; i++)
    {
      /* the first one's check of the host's free space counts them all */
      fsb_target_set_images_at_once (run->targets[i], run->n_targets - i);
      if (!fsb_target_prepare (run->targets[i], needed, run->cancellable, error))
        return FALSE;
    }
  return TRUE;
}

void
fsb_run_release_targets (Run *run)
{
  for (guint i = 0; run->targets != NULL && i < run->n_targets; i++)
    {
      g_autoptr(GError) error = NULL;

      if (run->targets[i] != NULL && !fsb_target_release (run->targets[i], &error))
        fsb_run_log (run, _("Could not clean up the target: %s"), error->message);
      g_clear_object (&run->targets[i]);
    }
  g_clear_pointer (&run->targets, g_free);
  run->n_targets = 0;
  run->target = NULL;
}

static void
use_contender (Run *run, guint f)
{
  run->contender = f;
  run->target = run->targets[run->turns ? f : 0];
}

/* Building the schedule ------------------------------------------------------ */

static void
add_step (Run *run, Step *s, const char *task_id)
{
  s->task_id = task_id;
  s->estimate_s = fsb_run_estimate_seconds (run->sizes, task_id);
  g_array_append_val (run->steps, *s);
}

void
fsb_run_build_steps (Run *run)
{
  FsbPlanEstimate est;
  guint n_groups;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n_groups);
  guint n_fs = g_strv_length (run->plan->filesystems);

  /* The data tasks of a cycle: the plan's estimate lists the cycle, the
   * runner's own steps (mkfs, mount, umount) included. */
  fsb_plan_estimate (run->plan, run->sizes, &est);
  for (guint i = 0; i < est.tasks->len; i++)
    if (!fsb_task_is_cycle_step (est.tasks->pdata[i]) && !fsb_run_aging_owns (est.tasks->pdata[i]))
      g_ptr_array_add (run->task_ids, est.tasks->pdata[i]);
  fsb_run_aging_init (run, est.tasks);
  fsb_plan_estimate_clear (&est);

  /* A plan of transfers alone has nothing to do in a cycle: the transfer
   * step formats images of its own. The least rounds first. */
  run->cycles = run->task_ids->len > 0 || run->custom_ids->len > 0;
  run->turns = run->cycles && fsb_plan_images_at_once (run->plan) > 1;
  for (guint r = 1; r <= run->plan->repetitions && run->cycles; r++)
    fsb_run_add_round (run, (const char *const *) run->plan->filesystems, NULL);

  /* Groups across every filesystem at once run after the cycles. */
  for (guint g = 0; g < n_groups && n_fs > 0; g++)
    if (groups[g]->across_filesystems && fsb_plan_has_group (run->plan, groups[g]->id))
      {
        Step s = { .fs_index = n_fs - 1, .repetition = run->plan->repetitions, .task_id = groups[g]->id,
                   .actual_s = -1, .kind = STEP_ACROSS };

        if (groups[g]->estimate_across != NULL)
          s.estimate_s = groups[g]->estimate_across (run->sizes, n_fs, run->plan->repetitions);
        g_array_append_val (run->steps, s);
      }
}

/* The groups across every filesystem stay last: steps added later go
 * before them. These take them off the end and put them back. */
static GArray *
take_across (Run *run)
{
  GArray *across = g_array_new (FALSE, FALSE, sizeof (Step));
  guint at = run->steps->len;

  while (at > run->step && g_array_index (run->steps, Step, at - 1).kind == STEP_ACROSS)
    at--;
  g_array_append_vals (across, &g_array_index (run->steps, Step, at), run->steps->len - at);
  g_array_set_size (run->steps, at);
  return across;
}

static void
put_back_across (Run *run, GArray *across)
{
  g_array_append_vals (run->steps, across->data, across->len);
  g_array_unref (across);
}

gboolean
fsb_run_task_in_round (const char *task_id, guint round)
{
  const FsbTaskSpec *spec = fsb_catalog_task (task_id, NULL);

  return spec == NULL || !spec->once || round <= 1;
}

/* A round is a sequence of phases; each contender goes through every
 * phase. In turns, all contenders finish a phase before the next begins;
 * on one target, each contender goes through all of them in its turn. */
typedef enum {
  PHASE_MKFS,
  PHASE_MOUNT,
  PHASE_TASKS,    /* a task, with the tasks that read its samples (they share its operations) */
  PHASE_CUSTOM,
  PHASE_AGE,      /* --age, in a whole round: fill and churn; the aged tasks follow */
  PHASE_UMOUNT,
} PhaseKind;

typedef struct {
  PhaseKind kind;
  guint     first, last;   /* PHASE_TASKS: the round's tasks [first, last) */
  guint     custom;        /* PHASE_CUSTOM: which command */
  gboolean  after_tasks;   /* after the fresh tasks: the residual space is read before it */
} Phase;

typedef struct {
  GPtrArray *tasks;        /* the round's data tasks, in cycle order: the fresh, then the aged */
  guint      focus;        /* how many tasks a focused round runs again; 0: a whole round */
  gboolean  *residual;     /* per contender: its residual space is still to read */
} Round;

static void
add_phase (Run *run, const Round *round, const Phase *p, guint f)
{
  Step s = { .fs_index = f, .repetition = run->rounds_planned, .actual_s = -1, .focus = round->focus };
  guint at = run->steps->len;

  switch (p->kind)
    {
    case PHASE_MKFS:
      s.kind = STEP_MKFS;
      add_step (run, &s, "mkfs");
      break;
    case PHASE_MOUNT:
      s.kind = STEP_MOUNT;
      add_step (run, &s, "mount");
      break;
    case PHASE_TASKS:
      s.kind = STEP_TASK;
      for (guint i = p->first; i < p->last; i++)
        add_step (run, &s, round->tasks->pdata[i]);
      break;
    case PHASE_CUSTOM:
      s.kind = STEP_CUSTOM;
      s.custom = p->custom;
      add_step (run, &s, run->custom_ids->pdata[p->custom]);
      break;
    case PHASE_AGE:
      fsb_run_aging_add_step (run, f, run->rounds_planned);
      break;
    case PHASE_UMOUNT:
      s.kind = STEP_UMOUNT;
      add_step (run, &s, "umount");
      break;
    default:
      g_assert_not_reached ();
    }
  if (p->after_tasks && round->residual[f] && run->steps->len > at)
    {
      g_array_index (run->steps, Step, at).residual_first = TRUE;
      round->residual[f] = FALSE;
    }
}

/* a task and those that read its operations stay together: their samples
 * are the same operations' */
static void
add_task_phases (GArray *phases, const Round *round, guint from, guint to, gboolean after_tasks)
{
  Phase p = { PHASE_TASKS, 0, 0, 0, after_tasks };

  for (guint i = from; i < to; i = p.last)
    {
      p.first = i;
      p.last = i + 1;
      while (p.last < to
             && g_strcmp0 (fsb_run_shared_from (round->tasks->pdata[p.last]), round->tasks->pdata[i]) == 0)
        p.last++;
      g_array_append_val (phases, p);
    }
}

static GArray *
round_phases (Run *run, const Round *round, guint n_fresh)
{
  GArray *phases = g_array_new (FALSE, FALSE, sizeof (Phase));
  Phase p = { PHASE_MKFS, 0, 0, 0, FALSE };

  g_array_append_val (phases, p);
  p.kind = PHASE_MOUNT;
  g_array_append_val (phases, p);
  add_task_phases (phases, round, 0, n_fresh, FALSE);
  /* a focused round has neither commands nor aging (fsb_repeat_focus_possible ()) */
  p.after_tasks = TRUE;
  p.kind = PHASE_CUSTOM;
  for (guint i = 0; round->focus == 0 && i < run->custom_ids->len; i++)
    {
      p.custom = i;
      g_array_append_val (phases, p);
    }
  if (n_fresh < round->tasks->len)
    {
      p.kind = PHASE_AGE;
      g_array_append_val (phases, p);
      add_task_phases (phases, round, n_fresh, round->tasks->len, TRUE);
    }
  p.kind = PHASE_UMOUNT;
  g_array_append_val (phases, p);
  return phases;
}

void
fsb_run_add_round (Run *run, const char *const *filesystems, const char *const *tasks)
{
  GArray *across = take_across (run);
  guint n = g_strv_length (run->plan->filesystems), n_order = 0, n_fresh;
  g_autofree guint *order = g_new (guint, n);
  g_autofree gboolean *residual = g_new0 (gboolean, n);
  g_autoptr(GPtrArray) round_tasks = g_ptr_array_new ();
  g_autoptr(GArray) phases = NULL;
  Round round = { round_tasks, tasks != NULL ? g_strv_length ((char **) tasks) : 0, residual };

  run->rounds_planned++;
  /* the contenders' order alternates from round to round */
  for (guint k = 0; k < n; k++)
    {
      guint f = run->rounds_planned % 2 == 1 ? k : n - 1 - k;

      if (!g_strv_contains (filesystems, run->plan->filesystems[f]))
        continue;
      order[n_order++] = f;
      residual[f] = tasks == NULL;
    }
  for (guint i = 0; i < run->task_ids->len; i++)
    if ((tasks == NULL || g_strv_contains (tasks, run->task_ids->pdata[i]))
        && fsb_run_task_in_round (run->task_ids->pdata[i], run->rounds_planned))
      g_ptr_array_add (round_tasks, run->task_ids->pdata[i]);
  n_fresh = round_tasks->len;
  if (tasks == NULL && fsb_run_aging_task_ids (run) != NULL)
    g_ptr_array_extend (round_tasks, fsb_run_aging_task_ids (run), NULL, NULL);
  phases = round_phases (run, &round, n_fresh);

  if (run->turns)
    for (guint p = 0; p < phases->len; p++)
      for (guint k = 0; k < n_order; k++)
        add_phase (run, &round, &g_array_index (phases, Phase, p), order[k]);
  else
    for (guint k = 0; k < n_order; k++)
      for (guint p = 0; p < phases->len; p++)
        add_phase (run, &round, &g_array_index (phases, Phase, p), order[k]);
  put_back_across (run, across);
}

/* The longest each step took: a focused round is planned at the pace of
 * the machine's slow moments, so that the last one ends within the budget. */
GHashTable *
fsb_run_step_seconds (Run *run)
{
  GHashTable *longest = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < run->steps->len; i++)
    {
      Step *s = &g_array_index (run->steps, Step, i);
      g_autofree char *k = NULL;
      double *most;

      if (s->actual_s < 0 || s->kind == STEP_ACROSS)
        continue;
      k = fsb_repeat_step_key (run->plan->filesystems[s->fs_index], s->task_id);
      if ((most = g_hash_table_lookup (longest, k)) == NULL)
        g_hash_table_insert (longest, g_steal_pointer (&k), g_memdup2 (&s->actual_s, sizeof (double)));
      else
        *most = MAX (*most, s->actual_s);
    }
  return longest;
}

gboolean
fsb_run_add_fit_steps (Run *run, const char *const *filesystems)
{
  GArray *across = take_across (run);
  guint before = run->steps->len;

  for (guint f = 0; run->plan->filesystems[f] != NULL; f++)
    if (g_strv_contains (filesystems, run->plan->filesystems[f]))
      fsb_run_aging_add_fit_step (run, f);
  put_back_across (run, across);
  return run->steps->len > before;
}

/* Skips the steps of a filesystem that failed, in this round and the
 * later ones, so the ETA stays right; the groups across stay. */
void
fsb_run_skip_filesystem (Run *run, guint fs_index)
{
  for (guint i = run->step; i < run->steps->len;)
    {
      Step *s = &g_array_index (run->steps, Step, i);

      if (s->fs_index == fs_index && s->kind != STEP_ACROSS)
        g_array_remove_index (run->steps, i);
      else
        i++;
    }
}

/* A planned round (one of the least) without the contenders the
 * repetition rule left out of it (fsb_repeat_next (): one already behind
 * steps aside); the groups across stay. */
void
fsb_run_keep_in_round (Run *run, guint round, const char *const *filesystems)
{
  for (guint i = run->step; i < run->steps->len;)
    {
      Step *s = &g_array_index (run->steps, Step, i);

      if (s->repetition == round && s->kind != STEP_ACROSS &&
          !g_strv_contains (filesystems, run->plan->filesystems[s->fs_index]))
        g_array_remove_index (run->steps, i);
      else
        i++;
    }
}

guint
fsb_run_contenders_in_round (Run *run, guint round)
{
  guint n = 0;

  for (guint i = run->step; i < run->steps->len; i++)
    {
      Step *s = &g_array_index (run->steps, Step, i);

      n += s->kind == STEP_MKFS && s->repetition == round;
    }
  return n;
}

/* Following the schedule ----------------------------------------------------- */

static void
log_round (Run *run, const Step *s, const char *name)
{
  if (s->repetition <= run->plan->repetitions)
    /* Translators: a filesystem, then which repetition and how many */
    fsb_run_log (run, _("%s: repetition %u of %u"), name, s->repetition, run->plan->repetitions);
  else if (s->focus > 0)
    fsb_run_log (run, g_dngettext (GETTEXT_PACKAGE,
                                   /* Translators: a filesystem, the repetition, then how many tasks it runs again */
                                   "%s: repetition %u, %u task that could settle the verdict",
                                   "%s: repetition %u, %u tasks that could settle the verdict", s->focus),
                 name, s->repetition, s->focus);
  else
    /* Translators: a filesystem, the repetition, then the most there may be */
    fsb_run_log (run, _("%s: repetition %u, to settle the verdict (at most %u)"), name, s->repetition,
                 run->plan->repeat_max);
}

static gboolean
run_step (Run *run, const Step *s, FsbFsResult *fs, GError **error)
{
  if (s->residual_first && !fsb_run_residual (run, fs, error))
    return FALSE;
  switch (s->kind)
    {
    case STEP_MKFS:
      log_round (run, s, fs->name);
      return fsb_run_mkfs_step (run, fs, error);
    case STEP_MOUNT:
      return fsb_run_mount_step (run, fs, s->focus == 0, error);
    case STEP_TASK:
      return fsb_run_task_step (run, fs, s->task_id, error);
    case STEP_CUSTOM:
      return fsb_run_custom (run, fs, s->custom, error);
    case STEP_AGE:
      return fsb_run_aging_age (run, fs, error);
    case STEP_FIT:
      return fsb_run_aging_fit (run, fs, error);
    case STEP_UMOUNT:
      return fsb_run_umount_step (run, fs, error);
    case STEP_ACROSS:
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

gboolean
fsb_run_steps (Run *run, FsbResult *result, guint last_round, GPtrArray *failed, GError **error)
{
  while (run->step < run->steps->len)
    {
      Step s = g_array_index (run->steps, Step, run->step);
      const char *name = run->plan->filesystems[s.fs_index];
      FsbFsResult *fs;
      g_autoptr(GError) local = NULL;
      g_autoptr(GError) ignored = NULL;

      if (s.kind == STEP_ACROSS || s.repetition > last_round)
        break;
      use_contender (run, s.fs_index);
      fs = fsb_result_find_filesystem (result, name);
      if (run_step (run, &s, fs, &local))
        continue;

      fsb_error_normalize (&local);
      if (g_error_matches (local, FSB_ERROR, FSB_ERROR_CANCELLED) || g_cancellable_is_cancelled (run->cancellable))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      /* Translators: a step of the run, then the reason */
      fsb_run_log (run, _("%s failed: %s"), name, local->message);
      /* a contender that fails is recorded and left out from then on; the
       * count of the small files that fit is only said to be missing */
      if (s.kind != STEP_FIT)
        {
          g_mutex_lock (&run->runner->lock);
          g_free (fs->error);
          fs->error = g_strdup (local->message);
          g_mutex_unlock (&run->runner->lock);
          fsb_run_save_partial (run);
          g_ptr_array_add (failed, (gpointer) name);
        }
      fsb_target_unmount (run->target, NULL, NULL, &ignored);
      fsb_run_skip_filesystem (run, s.fs_index);
    }
  return TRUE;
}
