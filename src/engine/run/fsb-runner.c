/* fsb-runner.c: runs a plan in a worker thread, posting progress to the caller */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-custom.h"
#include "fsb-dataset.h"
#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-fs-support-private.h"
#include "fsb-machine.h"
#include "fsb-mount-allow.h"
#include "fsb-target.h"
#include "fsb-catalog.h"
#include "fsb-group-transfer.h"
#include "fsb-workload.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"
#include "fsb-repeat.h"
#include "fsb-repeat-focus.h"
#include "fsb-run-private.h"

G_DEFINE_FINAL_TYPE (FsbRunner, fsb_runner, G_TYPE_OBJECT)

guint fsb_run_signals[N_SIGNALS];

/* Events to the caller's main context ------------------------------------ */

static void
event_free (gpointer data)
{
  Event *ev = data;

  g_object_unref (ev->runner);
  g_free (ev->filesystem);
  g_free (ev->task_id);
  g_free (ev->message);
  g_clear_pointer (&ev->sample, fsb_sample_free);
  g_free (ev);
}

static gboolean
emit_event_cb (gpointer data)
{
  Event *ev = data;

  switch (ev->signal)
    {
    case SIGNAL_PROGRESS:
      ev->progress.filesystem = ev->filesystem;
      ev->progress.task_id = ev->task_id;
      ev->progress.message = ev->message;
      g_signal_emit (ev->runner, fsb_run_signals[SIGNAL_PROGRESS], 0, &ev->progress);
      break;
    case SIGNAL_TASK_FINISHED:
      g_signal_emit (ev->runner, fsb_run_signals[SIGNAL_TASK_FINISHED], 0, ev->filesystem, ev->task_id, ev->sample);
      break;
    case SIGNAL_LOG:
      g_signal_emit (ev->runner, fsb_run_signals[SIGNAL_LOG], 0, ev->message);
      break;
    default:
      g_assert_not_reached ();
    }
  return G_SOURCE_REMOVE;
}

void
fsb_run_post (Run *run, Event *ev)
{
  ev->runner = g_object_ref (run->runner);
  g_main_context_invoke_full (run->runner->context, G_PRIORITY_DEFAULT, emit_event_cb, ev, event_free);
}

void
fsb_run_log (Run *run, const char *format, ...)
{
  Event *ev = g_new0 (Event, 1);
  va_list args;

  va_start (args, format);
  ev->signal = SIGNAL_LOG;
  ev->message = g_strdup_vprintf (format, args);
  va_end (args);
  g_debug ("%s", ev->message);
  fsb_run_post (run, ev);
}

void
fsb_run_save_partial (Run *run)
{
  g_autoptr(GError) error = NULL;

  if (run->plan->partial_path == NULL)
    return;
  if (run->journal == NULL)
    run->journal = fsb_result_journal_new (run->plan->partial_path);
  g_mutex_lock (&run->runner->lock);
  if (!fsb_result_journal_write (run->journal, run->runner->result, &error))
    g_warning ("Could not save the partial result: %s", error->message);
  g_mutex_unlock (&run->runner->lock);
}

/* After the rounds, with --age: each filesystem that finished them is
 * created once more to count the small files that fit. */
static gboolean
run_fits (Run *run, FsbResult *result, GPtrArray *failed, GError **error)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  for (guint f = 0; run->plan->filesystems[f] != NULL; f++)
    if (!g_ptr_array_find_with_equal_func (failed, run->plan->filesystems[f], g_str_equal, NULL))
      g_strv_builder_add (b, run->plan->filesystems[f]);
  names = g_strv_builder_end (b);
  if (!fsb_run_add_fit_steps (run, (const char *const *) names))
    return TRUE;
  return fsb_run_steps (run, result, G_MAXUINT, failed, error);
}

/* The rounds (fsb-run-schedule.c): the least first, then, with automatic
 * repetitions, more for the filesystems still unsettled: whole rounds, or
 * focused ones of the tasks that could settle the verdict
 * (fsb-repeat-focus.c). */
static gboolean
run_rounds (Run *run, FsbResult *result, GError **error)
{
  g_autoptr(GPtrArray) failed = g_ptr_array_new ();
  g_auto(GStrv) next = g_strdupv (run->plan->filesystems);
  g_autoptr(FsbRepeatFocus) focus = NULL;
  FsbRepeatState state = { 0 };
  FsbRepeatStop stop = FSB_REPEAT_GO;
  guint cycles = 0, whole = 0;
  double cycles_s = 0;

  while (next != NULL)
    {
      guint round = state.rounds + 1;
      const char *const *tasks = focus != NULL ? (const char *const *) focus->tasks : NULL;

      if (round > run->rounds_planned)
        fsb_run_add_round (run, (const char *const *) next, tasks);
      else
        fsb_run_keep_in_round (run, round, (const char *const *) next);
      if (tasks != NULL)
        {
          g_mutex_lock (&run->runner->lock);
          fsb_result_add_focused_round (result, (const char *const *) next, tasks);
          g_mutex_unlock (&run->runner->lock);
        }
      /* the budget's whole rounds are paced by whole cycles */
      {
        guint contenders = fsb_run_contenders_in_round (run, round);
        gint64 t0 = g_get_monotonic_time ();

        if (!fsb_run_steps (run, result, round, failed, error))
          return FALSE;
        if (tasks == NULL && contenders > 0)
          {
            cycles += contenders;
            cycles_s += (g_get_monotonic_time () - t0) / 1e6;
          }
      }
      state.rounds = round;
      whole += tasks == NULL;
      state.elapsed_s = (g_get_monotonic_time () - run->start_us) / 1e6;
      state.cycle_s = cycles > 0 ? cycles_s / cycles : 0;
      if (round == run->plan->repetitions)
        state.min_rounds_s = state.elapsed_s;
      g_mutex_lock (&run->runner->lock);
      result->repetitions = whole;
      g_mutex_unlock (&run->runner->lock);

      g_ptr_array_add (failed, NULL);
      g_strfreev (next);
      g_clear_pointer (&focus, fsb_repeat_focus_free);
      g_clear_pointer (&state.step_seconds, g_hash_table_unref);
      state.step_seconds = fsb_run_step_seconds (run);
      /* the same locked reading a partial result gets; the choice of a
       * focused round judges many what-ifs, on a copy, unlocked */
      {
        g_autoptr(FsbResult) now = NULL;
        gint64 t0;

        g_mutex_lock (&run->runner->lock);
        now = fsb_result_copy (result);
        g_mutex_unlock (&run->runner->lock);
        t0 = g_get_monotonic_time ();
        next = fsb_repeat_next_focused (run->plan, now, &state, (const char *const *) failed->pdata, &stop, &focus);
        if (focus != NULL)
          g_debug ("round %u: %u tasks, %.1f s expected, chosen in %.2f s, at %.1f s", round + 1,
                   g_strv_length (focus->tasks), focus->seconds, (g_get_monotonic_time () - t0) / 1e6,
                   state.elapsed_s);
      }
      g_ptr_array_remove_index (failed, failed->len - 1);
    }
  g_clear_pointer (&state.step_seconds, g_hash_table_unref);
  g_mutex_lock (&run->runner->lock);
  g_free (result->repetition_policy.stopped);
  result->repetition_policy.stopped = g_strdup (fsb_repeat_stop_id (stop));
  g_mutex_unlock (&run->runner->lock);
  return run_fits (run, result, failed, error);
}

gboolean
fsb_runner_check_contenders (FsbPlan *plan, GError **error)
{
  for (guint f = 0; plan->filesystems[f] != NULL; f++)
    {
      const FsbContender *c = fsb_plan_get_contender (plan, plan->filesystems[f]);

      if (!fsb_mount_options_check (c->fs_type, c->mount_options, error))
        return FALSE;
      if (fsb_plan_contender_mkfs (plan, c->label) != NULL
          && !fsb_target_mkfs_options_possible (plan->target_spec, c->fs_type, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
run_plan (Run *run, GError **error)
{
  FsbResult *result = run->runner->result;
  const FsbWorkloadGroup *const *groups;
  guint n_groups;

  if (!fsb_runner_check_contenders (run->plan, error))
    return FALSE;

  fsb_run_log (run, _("Preparing the test data"));
  if (!fsb_run_prepare_source (run, result, error))
    return FALSE;

  for (guint i = 0; i < run->plan->custom_commands->len; i++)
    {
      const FsbCustomCommand *c = g_ptr_array_index (run->plan->custom_commands, i);
      g_ptr_array_add (run->custom_ids, fsb_custom_task_id (c->name));
    }
  fsb_run_build_steps (run);

  if (!fsb_run_make_scratch (run, error))
    return FALSE;

  if (!fsb_run_make_targets (run, error))
    return FALSE;
  run->mkfs_on_file = fsb_run_mkfs_on_file (run->plan);
  g_mutex_lock (&run->runner->lock);
  if (run->cycles)
    result->repetition_policy.order = g_strdup (run->turns ? "turns" : "cycles");
  fsb_target_describe (run->target, &result->target);
  fsb_run_describe_residency (&result->target);
  fsb_run_describe_mkfs (run, &result->target);
  g_mutex_unlock (&run->runner->lock);

  for (guint f = 0; run->plan->filesystems[f] != NULL; f++)
    {
      const char *name = run->plan->filesystems[f];
      const FsbContender *c = fsb_plan_get_contender (run->plan, name);
      const char *options = fsb_plan_contender_mkfs (run->plan, name);
      g_autofree char *version = fsb_run_mkfs_version (c->fs_type);
      FsbFsResult *fs;

      g_mutex_lock (&run->runner->lock);
      fs = fsb_result_add_filesystem (result, name);
      if (g_strcmp0 (c->fs_type, name) != 0)
        fs->fs_type = g_strdup (c->fs_type);
      fs->mount_requested = g_strdup (c->mount_options);
      fs->mkfs_version = g_steal_pointer (&version);
      g_free (fs->mkfs_options);
      fs->mkfs_options = g_strdup (options != NULL ? options : "");
      g_mutex_unlock (&run->runner->lock);
    }

  if (run->cycles && !run_rounds (run, result, error))
    return FALSE;
  /* the rounds' images are not needed by the groups across, which make their own */
  if (run->cycles)
    fsb_run_release_targets (run);

  /* Then the groups across contenders, in registry order (as their steps). */
  groups = fsb_catalog_groups (&n_groups);
  for (guint g = 0; g < n_groups; g++)
    if (groups[g]->run_across != NULL && fsb_plan_has_group (run->plan, groups[g]->id) &&
        !fsb_run_across (run, groups[g], result, error))
      return FALSE;

  fsb_run_record_pace (run, result);
  g_mutex_lock (&run->runner->lock);
  result->complete = TRUE;
  g_mutex_unlock (&run->runner->lock);
  return TRUE;
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  FsbRunner *self = source_object;
  g_autoptr(GError) error = NULL;
  Run run = { 0 };
  gboolean ok;

  run.runner = self;
  run.plan = self->plan;
  run.cancellable = cancellable;
  run.sizes = fsb_sizes_copy (self->plan->sizes);
  run.task_ids = g_ptr_array_new ();
  run.custom_ids = g_ptr_array_new_with_free_func (g_free);
  run.steps = g_array_new (FALSE, FALSE, sizeof (Step));
  run.moved_bytes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  run.start_us = g_get_monotonic_time ();
  run.scratch_fd = -1;

  /* The machine is read here, not in the caller's thread: it reads files. */
  {
    FsbMachine machine = { 0 };

    fsb_machine_probe (&machine);
    g_mutex_lock (&self->lock);
    self->result->machine = machine;
    g_mutex_unlock (&self->lock);
  }
  ok = run_plan (&run, &error);

  /* Every path ends here: the target is cleaned up before the caller
   * hears about the end. */
  fsb_run_release_targets (&run);
  fsb_run_remove_source_view (&run);
  fsb_run_remove_scratch (&run);
  fsb_run_save_partial (&run);
  if (ok)
    fsb_run_post_progress (&run, _("Finished"), TRUE);

  fsb_run_clear_shared (&run);
  fsb_run_aging_clear (&run);
  g_clear_pointer (&run.journal, fsb_result_journal_free);
  g_ptr_array_unref (run.custom_ids);
  g_free (run.dataset_dir);
  g_free (run.source_view);
  g_free (run.scratch_dir);
  g_ptr_array_unref (run.task_ids);
  g_array_unref (run.steps);
  g_hash_table_unref (run.moved_bytes);
  fsb_sizes_free (run.sizes);

  if (!ok)
    {
      fsb_error_normalize (&error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* A run of the groups an earlier result lacked completes it. */
  if (self->plan->merge_into != NULL)
    {
      FsbResult *merged = fsb_result_merge (self->plan->merge_into, self->result);

      g_mutex_lock (&self->lock);
      if (merged != NULL)
        {
          fsb_result_unref (self->result);
          self->result = merged;
        }
      g_mutex_unlock (&self->lock);
    }
  g_task_return_pointer (task, fsb_result_ref (self->result), (GDestroyNotify) fsb_result_unref);
}

/* GObject ------------------------------------------------------------------- */

static void
fsb_runner_finalize (GObject *object)
{
  FsbRunner *self = FSB_RUNNER (object);

  g_clear_pointer (&self->plan, fsb_plan_unref);
  g_clear_pointer (&self->result, fsb_result_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (fsb_runner_parent_class)->finalize (object);
}

static void
fsb_runner_class_init (FsbRunnerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = fsb_runner_finalize;

  fsb_run_signals[SIGNAL_PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  fsb_run_signals[SIGNAL_TASK_FINISHED] =
    g_signal_new ("task-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_POINTER);
  fsb_run_signals[SIGNAL_LOG] =
    g_signal_new ("log", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
fsb_runner_init (FsbRunner *self)
{
  g_mutex_init (&self->lock);
}

FsbRunner *
fsb_runner_new (FsbPlan *plan)
{
  FsbRunner *self;

  g_return_val_if_fail (plan != NULL, NULL);

  self = g_object_new (FSB_TYPE_RUNNER, NULL);
  self->plan = fsb_plan_ref (plan);
  return self;
}

FsbPlan *
fsb_runner_get_plan (FsbRunner *self)
{
  g_return_val_if_fail (FSB_IS_RUNNER (self), NULL);
  return self->plan;
}

void
fsb_runner_run_async (FsbRunner           *self,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  FsbResult *result;

  g_return_if_fail (FSB_IS_RUNNER (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, fsb_runner_run_async);

  if (self->running)
    {
      g_task_return_new_error (task, FSB_ERROR, FSB_ERROR_BUSY, _("This plan is already running"));
      return;
    }
  if (!fsb_plan_validate (self->plan, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  self->running = TRUE;

  g_clear_pointer (&self->context, g_main_context_unref);
  self->context = g_main_context_ref_thread_default ();

  /* The result's fixed parts, known before anything runs. */
  result = fsb_result_new ();
  result->profile = g_strdup (self->plan->profile_name);
  result->repetitions = self->plan->repetitions;
  result->repetition_policy.mode = g_strdup (self->plan->repeat_auto ? "auto" : "fixed");
  result->repetition_policy.min = self->plan->repetitions;
  result->repetition_policy.max = self->plan->repeat_auto ? self->plan->repeat_max : self->plan->repetitions;
  result->repetition_policy.time_budget_s = self->plan->repeat_auto ? self->plan->time_budget_s : 0;
  result->sizes = fsb_sizes_copy (self->plan->sizes);
  fsb_result_set_workloads (result, self->plan->workloads != NULL ? (const char *const *) self->plan->workloads
                                                                  : (const char *const []) { "core", NULL });
  result->use_case = g_strdup (self->plan->use_case);
  result->label = g_strdup (self->plan->label);
  result->age = g_strdup (self->plan->age);
  g_mutex_lock (&self->lock);
  g_clear_pointer (&self->result, fsb_result_unref);
  self->result = result;
  g_mutex_unlock (&self->lock);

  /* Cleanup must finish before the callback: no return on cancel. */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, run_thread);
}

FsbResult *
fsb_runner_run_finish (FsbRunner     *self,
                       GAsyncResult  *result,
                       GError       **error)
{
  FsbResult *ret;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  self->running = FALSE;
  ret = g_task_propagate_pointer (G_TASK (result), error);
  fsb_error_normalize (error);
  return ret;
}

FsbResult *
fsb_runner_get_result (FsbRunner *self)
{
  FsbResult *copy = NULL;

  g_return_val_if_fail (FSB_IS_RUNNER (self), NULL);

  g_mutex_lock (&self->lock);
  if (self->result != NULL)
    copy = fsb_result_copy (self->result);
  g_mutex_unlock (&self->lock);
  return copy;
}
