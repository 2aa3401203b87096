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
#include "fsb-plan-private.h"
#include "fsb-runner.h"
#include "fsb-target.h"
#include "fsb-tasks.h"
#include "fsb-transfer.h"
#include "fsb-workload.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"

struct _FsbRunner
{
  GObject       parent_instance;

  FsbPlan      *plan;
  GMutex        lock;
  FsbResult    *result;     /* written by the worker under lock */
  GMainContext *context;    /* where signals are emitted */
  gboolean      running;
};

G_DEFINE_FINAL_TYPE (FsbRunner, fsb_runner, G_TYPE_OBJECT)

enum {
  SIGNAL_PROGRESS,
  SIGNAL_TASK_FINISHED,
  SIGNAL_LOG,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* One step of the plan: a task of one repetition on one filesystem. */
typedef struct {
  guint       fs_index;
  guint       repetition;
  const char *task_id;      /* catalog id (static) */
  double      estimate_s;   /* before anything is measured */
  double      actual_s;     /* < 0 until done */
} Step;

/* The worker's state, owned by the worker thread. */
typedef struct {
  FsbRunner    *runner;
  FsbPlan      *plan;
  GCancellable *cancellable;
  FsbTarget    *target;
  FsbProfile    profile;        /* what the tasks see: a --source tree's real counts */
  char         *dataset_dir;
  char         *source_view;    /* big.img and tree/ as symbolic links, with --source */
  char         *scratch_dir;    /* off the target: in memory if it fits, else by the dataset */
  GPtrArray    *custom_ids;     /* "custom:NAME", one per plan->custom_commands */
  GPtrArray    *task_ids;       /* the data tasks of one cycle, in order */
  gboolean      cycles;         /* a cycle has a task: else no mkfs, mount, umount */
  const char   *shared_id;      /* the task whose samples shared_extra holds, this cycle */
  FsbSample    *shared_sample;
  GPtrArray    *shared_extra;   /* of FsbSample*: copies, for the task sharing them */
  GArray       *steps;          /* of Step */
  guint         step;           /* the current one */
  gint64        step_start_us;
  gint64        last_post_us;
  double        item_fraction;  /* within the current step */
} Run;

/* Groups the runner drives itself instead of task by task (the transfer
 * group runs across filesystems; custom commands are not catalog tasks).
 * A hook runs in place of the group's tasks within each cycle. */
typedef gboolean (*GroupHook) (Run *run, FsbFsResult *fs, const char *group, GError **error);
static const struct {
  const char *group;
  GroupHook   hook;
} group_hooks[] = {
  { NULL, NULL }
};

/* Tasks that are other readings of another task's operations, run just
 * before them in the cycle: seed 002 took the time until unlink() returned
 * and the system time of the same deletions. Such a task files copies of
 * the other's per-operation samples instead of repeating its work. */
static const struct {
  const char *task;
  const char *from;
} shared_samples[] = {
  { "delete-sys", "delete-return" },
  { NULL, NULL }
};

static const char *
shared_from (const char *task_id)
{
  for (guint i = 0; shared_samples[i].task != NULL; i++)
    if (strcmp (shared_samples[i].task, task_id) == 0)
      return shared_samples[i].from;
  return NULL;
}

static gboolean
shares_samples (const char *task_id)
{
  for (guint i = 0; shared_samples[i].task != NULL; i++)
    if (strcmp (shared_samples[i].from, task_id) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
is_target_step (const char *task_id)
{
  return strcmp (task_id, "mkfs") == 0 || strcmp (task_id, "mount") == 0 ||
         strcmp (task_id, "umount") == 0;
}

/* Events to the caller's main context ------------------------------------ */

typedef struct {
  FsbRunner  *runner;
  guint       signal;
  FsbProgress progress;
  char       *filesystem;
  char       *task_id;
  char       *message;
  FsbSample  *sample;
} Event;

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
      g_signal_emit (ev->runner, signals[SIGNAL_PROGRESS], 0, &ev->progress);
      break;
    case SIGNAL_TASK_FINISHED:
      g_signal_emit (ev->runner, signals[SIGNAL_TASK_FINISHED], 0, ev->filesystem, ev->task_id, ev->sample);
      break;
    case SIGNAL_LOG:
      g_signal_emit (ev->runner, signals[SIGNAL_LOG], 0, ev->message);
      break;
    default:
      g_assert_not_reached ();
    }
  return G_SOURCE_REMOVE;
}

static void
post (Run *run, Event *ev)
{
  ev->runner = g_object_ref (run->runner);
  g_main_context_invoke_full (run->runner->context, G_PRIORITY_DEFAULT, emit_event_cb, ev, event_free);
}

static void
post_log (Run *run, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void
post_log (Run *run, const char *format, ...)
{
  Event *ev = g_new0 (Event, 1);
  va_list args;

  va_start (args, format);
  ev->signal = SIGNAL_LOG;
  ev->message = g_strdup_vprintf (format, args);
  va_end (args);
  g_debug ("%s", ev->message);
  post (run, ev);
}

/* Progress and the ETA ----------------------------------------------------- */

/* A first guess per task from the dataset's size and modest disk rates;
 * replaced by what was measured as soon as a task has run once. */
static double
estimate_seconds (const FsbProfile *p, const char *task_id)
{
  const double mb = 1e6, copy_rate = 120 * mb;

  if (shared_from (task_id) != NULL)
    return 0.1;
  if (strcmp (task_id, "mkfs") == 0)
    return 2.0;
  if (strcmp (task_id, "mount") == 0 || strcmp (task_id, "umount") == 0)
    return 0.5;
  if (strcmp (task_id, "big-copy-in") == 0 || strcmp (task_id, "big-recopy") == 0)
    return 0.5 + p->big_file_bytes / copy_rate;
  if (strcmp (task_id, "big-delete") == 0)
    return 0.7;
  if (strcmp (task_id, "tree-copy-in") == 0 || strcmp (task_id, "tree-recopy") == 0)
    return 0.5 + p->tree_total_bytes / copy_rate + p->tree_files / 4000.0;
  if (strcmp (task_id, "tree-list") == 0 || strcmp (task_id, "tree-find") == 0)
    return 0.5 + p->tree_files / 20000.0;
  if (strcmp (task_id, "tree-delete") == 0)
    return 0.5 + p->tree_files / 5000.0;
  if (g_str_has_prefix (task_id, "kernel-"))
    return 0.5 + (strcmp (task_id, "kernel-delete") == 0 ? 0 : p->kernel_total_bytes / copy_rate) +
           p->kernel_files / 4000.0;
  if (g_str_has_prefix (task_id, "small-"))
    return 0.3 + p->small_files / 10000.0;
  if (g_str_has_prefix (task_id, "delete-"))
    return MAX (p->delete_count, 5) * (0.3 + p->delete_file_bytes / copy_rate);
  if (g_str_has_prefix (task_id, "rand-"))
    return 1.0 + MIN (p->randio_seconds, p->randio_requests / 500.0) +
           (double) p->randio_files * p->randio_file_bytes / copy_rate;
  return 5.0;
}

/* Seconds left: measured means where a task has run, else the estimate
 * scaled by how far off the estimates have been so far. */
static double
remaining_seconds (Run *run, gboolean *known)
{
  g_autoptr(GHashTable) sum = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) count = g_hash_table_new (g_str_hash, g_str_equal);
  double est_done = 0, act_done = 0, scale = 1, left = 0;

  *known = FALSE;
  for (guint i = 0; i < run->steps->len; i++)
    {
      Step *s = &g_array_index (run->steps, Step, i);
      if (s->actual_s < 0)
        continue;
      est_done += s->estimate_s;
      act_done += s->actual_s;
      g_hash_table_insert (sum, (gpointer) s->task_id,
                           GSIZE_TO_POINTER (GPOINTER_TO_SIZE (g_hash_table_lookup (sum, s->task_id)) +
                                             (gsize) (s->actual_s * 1000)));
      g_hash_table_insert (count, (gpointer) s->task_id,
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (count, s->task_id)) + 1));
      *known = TRUE;
    }
  if (est_done > 0)
    scale = CLAMP (act_done / est_done, 0.1, 10.0);

  for (guint i = run->step; i < run->steps->len; i++)
    {
      Step *s = &g_array_index (run->steps, Step, i);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (count, s->task_id));
      double t = n > 0 ? GPOINTER_TO_SIZE (g_hash_table_lookup (sum, s->task_id)) / 1000.0 / n
                       : s->estimate_s * scale;

      if (i == run->step)
        {
          double spent = (g_get_monotonic_time () - run->step_start_us) / 1e6;
          t = MAX (t * (1 - run->item_fraction), t - spent);
          t = MAX (t, 0);
        }
      left += t;
    }
  return left;
}

static void
post_progress (Run *run, const char *message, gboolean force)
{
  gint64 now = g_get_monotonic_time ();
  Event *ev;
  Step *s;
  double done = 0, left;
  gboolean known;

  if (!force && now - run->last_post_us < 100000)
    return;
  run->last_post_us = now;

  ev = g_new0 (Event, 1);
  ev->signal = SIGNAL_PROGRESS;
  ev->message = g_strdup (message);
  ev->progress.n_filesystems = g_strv_length (run->plan->filesystems);
  ev->progress.repetitions = run->plan->repetitions;
  ev->progress.eta_seconds = -1;
  if (run->step < run->steps->len)
    {
      s = &g_array_index (run->steps, Step, run->step);
      ev->filesystem = g_strdup (run->plan->filesystems[s->fs_index]);
      ev->task_id = g_strdup (s->task_id);
      ev->progress.fs_index = s->fs_index;
      ev->progress.repetition = s->repetition;

      for (guint i = 0; i < run->step; i++)
        done += g_array_index (run->steps, Step, i).actual_s;
      done += (now - run->step_start_us) / 1e6;
      left = remaining_seconds (run, &known);
      ev->progress.fraction = done + left > 0 ? CLAMP (done / (done + left), 0, 1) : 0;
      if (known)
        ev->progress.eta_seconds = left;
    }
  else if (run->steps->len > 0)
    {
      ev->progress.fraction = 1.0;
      ev->progress.eta_seconds = 0;
    }
  post (run, ev);
}

static const char *
step_message (Run *run, const char *task_id, guint64 done, guint64 total)
{
  static GPrivate buffer = G_PRIVATE_INIT (g_free);
  char *text;

  if (strcmp (task_id, "transfer") == 0 && total > 0)
    /* Translators: copies of the big file between filesystems done and in all */
    text = g_strdup_printf (_("Copying between filesystems (%u of %u)"), (guint) done, (guint) total);
  else if (strcmp (task_id, "transfer") == 0)
    text = g_strdup (_("Copying between filesystems"));
  else if (total > 0 && (strcmp (task_id, "big-copy-in") == 0 || strcmp (task_id, "big-recopy") == 0))
    /* Translators: a task name, then megabytes done and in all */
    text = g_strdup_printf (_("%s (%.0f of %.0f MB)"), fsb_task_display_name (task_id), done / 1e6, total / 1e6);
  else if (total > 0)
    /* Translators: a task name, then files done and in all */
    text = g_strdup_printf (_("%s (%u of %u files)"),
                            fsb_task_display_name (task_id), (guint) done, (guint) total);
  else
    text = g_strdup (fsb_task_display_name (task_id));
  g_private_replace (&buffer, text);
  return text;
}

static void
item_progress_cb (guint64 done, guint64 total, gpointer user_data)
{
  Run *run = user_data;
  Step *s = &g_array_index (run->steps, Step, run->step);

  run->item_fraction = total > 0 ? MIN (1.0, (double) done / total) : 0;
  post_progress (run, step_message (run, s->task_id, done, total), FALSE);
}

static void
step_begin (Run *run)
{
  Step *s = &g_array_index (run->steps, Step, run->step);

  run->step_start_us = g_get_monotonic_time ();
  run->item_fraction = 0;
  post_progress (run, step_message (run, s->task_id, 0, 0), TRUE);
}

/* Results ---------------------------------------------------------------- */

static void
save_partial (Run *run)
{
  g_autoptr(GError) error = NULL;

  if (run->plan->partial_path == NULL)
    return;
  g_mutex_lock (&run->runner->lock);
  if (!fsb_result_save (run->runner->result, run->plan->partial_path, &error))
    g_warning ("Could not save the partial result: %s", error->message);
  g_mutex_unlock (&run->runner->lock);
}

/* Files the sample (and any per-operation samples) under the task, tells
 * the caller and saves the partial result; then moves to the next step. */
static void
step_done (Run *run, FsbFsResult *fs, FsbSample *sample, GPtrArray *extra)
{
  Step *s = &g_array_index (run->steps, Step, run->step);
  Event *ev = g_new0 (Event, 1);
  FsbTaskResult *task;

  ev->signal = SIGNAL_TASK_FINISHED;
  ev->filesystem = g_strdup (fs->name);
  ev->task_id = g_strdup (s->task_id);
  ev->sample = fsb_sample_copy (sample);

  g_mutex_lock (&run->runner->lock);
  task = fsb_fs_result_get_task (fs, s->task_id, TRUE);
  /* Per-operation samples (delete-latency) are the task's figures; the
   * envelope around them would be an outlier of another kind. */
  if (extra != NULL && extra->len > 0)
    {
      for (guint i = 0; i < extra->len; i++)
        g_ptr_array_add (task->samples, g_steal_pointer (&extra->pdata[i]));
      fsb_sample_free (sample);
    }
  else
    g_ptr_array_add (task->samples, sample);
  g_mutex_unlock (&run->runner->lock);

  post (run, ev);
  save_partial (run);
  s->actual_s = (g_get_monotonic_time () - run->step_start_us) / 1e6;
  run->step++;
}

/* mkfs, mount and umount run in udisksd's helpers, not in this thread:
 * only the wall time and the system-wide CPU mean anything. */
static FsbSample *
target_step_sample (FsbMeter *meter, double seconds)
{
  g_autoptr(FsbSample) all = fsb_sample_new ();
  FsbSample *sample = fsb_sample_new ();
  double v = 0;

  fsb_meter_stop (meter, all);
  fsb_sample_get (all, "wall_s", &v);
  fsb_sample_set (sample, "wall_s", seconds > 0 ? seconds : v);
  fsb_sample_get (all, "system_cpu_percent", &v);
  fsb_sample_set (sample, "system_cpu_percent", v);
  return sample;
}

/* The cycle of one repetition ------------------------------------------------ */

/* The read side's copies go off the target; they are removed after the
 * task, outside its time. */
static void
clean_scratch (Run *run)
{
  FsbTreeCount junk = { 0 };

  if (run->scratch_dir == NULL)
    return;
  fsb_remove_tree (run->scratch_dir, &junk, NULL, NULL);
  g_mkdir_with_parents (run->scratch_dir, 0700);
}

static void
clear_shared (Run *run)
{
  run->shared_id = NULL;
  g_clear_pointer (&run->shared_sample, fsb_sample_free);
  g_clear_pointer (&run->shared_extra, g_ptr_array_unref);
}

/* Keeps copies of what a task measured for the task that shares them. */
static void
keep_shared (Run *run, const char *task_id, FsbSample *sample, GPtrArray *extra)
{
  clear_shared (run);
  if (!shares_samples (task_id) || extra->len == 0)
    return;
  run->shared_id = task_id;
  run->shared_sample = fsb_sample_copy (sample);
  run->shared_extra = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
  for (guint i = 0; i < extra->len; i++)
    g_ptr_array_add (run->shared_extra, fsb_sample_copy (extra->pdata[i]));
}

/* A task that reads the operations of the one before it: their samples. */
static void
run_shared_task (Run *run, FsbFsResult *fs)
{
  step_begin (run);
  step_done (run, fs, g_steal_pointer (&run->shared_sample), run->shared_extra);
  clear_shared (run);
}

static gboolean
run_task (Run *run, FsbFsResult *fs, const char *task_id, GError **error)
{
  FsbTaskFunc func = fsb_workload_lookup (task_id);
  g_autoptr(GPtrArray) extra = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
  FsbWorkloadContext ctx = { 0 };
  FsbSample *sample;
  FsbMeter meter;
  gboolean ok;

  FsbTaskFunc setup = fsb_workload_lookup_setup (task_id);

  if (run->shared_id != NULL && g_strcmp0 (shared_from (task_id), run->shared_id) == 0)
    {
      run_shared_task (run, fs);
      return TRUE;
    }
  clear_shared (run);

  step_begin (run);
  ctx.source_dir = run->source_view != NULL ? run->source_view : run->dataset_dir;
  ctx.scratch_dir = run->scratch_dir;
  ctx.plan = run->plan;
  ctx.profile = &run->profile;
  ctx.cancellable = run->cancellable;
  ctx.progress = item_progress_cb;
  ctx.progress_data = run;
  ctx.extra_samples = extra;

  /* What the task needs in place is written before the caches go cold. */
  ctx.mount_point = fsb_target_get_mount_point (run->target);
  if (setup != NULL && !setup (&ctx, NULL, error))
    return FALSE;
  /* Cold caches: remount, and drop the image's pages from the host. */
  if (!fsb_target_remount_cold (run->target, run->cancellable, error))
    return FALSE;
  ctx.mount_point = fsb_target_get_mount_point (run->target);

  sample = fsb_sample_new ();
  fsb_meter_start (&meter);
  ok = func (&ctx, sample, error);
  fsb_meter_stop (&meter, sample);
  clean_scratch (run);
  if (!ok)
    {
      fsb_sample_free (sample);
      return FALSE;
    }
  keep_shared (run, task_id, sample, extra);
  step_done (run, fs, sample, extra);
  return TRUE;
}

/* Custom commands: measured from wait4(), like /usr/bin/time; a failing
 * one is a failed task with its stderr, and the cycle goes on. */
static gboolean
run_custom (Run *run, FsbFsResult *fs, guint index, GError **error)
{
  const FsbCustomCommand *cmd = g_ptr_array_index (run->plan->custom_commands, index);
  g_autoptr(GError) local = NULL;
  g_autoptr(FsbSample) all = fsb_sample_new ();
  FsbSample *sample = fsb_sample_new ();
  FsbTaskResult *task;
  FsbMeter meter;
  double cpu = 0;

  step_begin (run);
  if (!fsb_target_remount_cold (run->target, run->cancellable, error))
    {
      fsb_sample_free (sample);
      return FALSE;
    }
  fsb_meter_start (&meter);
  if (!fsb_custom_run (run->plan, cmd, fsb_target_get_mount_point (run->target), sample,
                       run->cancellable, &local))
    {
      if (g_error_matches (local, FSB_ERROR, FSB_ERROR_CANCELLED))
        {
          fsb_sample_free (sample);
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      if (sample->error == NULL)
        sample->error = g_strdup (local->message);
      post_log (run, _("%s: %s"), fs->name, local->message);
    }
  fsb_meter_stop (&meter, all);
  /* The command's own figures come from wait4(); only the system-wide
   * CPU is the meter's. */
  if (fsb_sample_get (all, "system_cpu_percent", &cpu))
    fsb_sample_set (sample, "system_cpu_percent", cpu);
  step_done (run, fs, sample, NULL);

  g_mutex_lock (&run->runner->lock);
  task = fsb_fs_result_get_task (fs, run->custom_ids->pdata[index], FALSE);
  if (task != NULL && task->command == NULL)
    task->command = g_strdup (cmd->command);
  g_mutex_unlock (&run->runner->lock);
  return TRUE;
}

static gboolean
run_group_hooks (Run *run, FsbFsResult *fs, const char *group, gboolean *handled, GError **error)
{
  *handled = FALSE;
  for (guint i = 0; group_hooks[i].group != NULL; i++)
    if (strcmp (group_hooks[i].group, group) == 0)
      {
        *handled = TRUE;
        return group_hooks[i].hook (run, fs, group, error);
      }
  return TRUE;
}

static gboolean
run_cycle (Run *run, FsbFsResult *fs, GError **error)
{
  const char *options = g_hash_table_lookup (run->plan->mkfs_options, fs->name);
  g_auto(GStrv) groups = NULL;
  FsbCapacity capacity;
  FsbMeter meter;
  double seconds = 0;

  clear_shared (run);

  /* mkfs */
  step_begin (run);
  fsb_meter_start (&meter);
  if (!fsb_target_format (run->target, fs->name, options, &seconds, run->cancellable, error))
    return FALSE;
  step_done (run, fs, target_step_sample (&meter, seconds), NULL);

  /* mount */
  step_begin (run);
  fsb_meter_start (&meter);
  seconds = 0;
  if (!fsb_target_mount (run->target, &seconds, run->cancellable, error))
    return FALSE;
  step_done (run, fs, target_step_sample (&meter, seconds), NULL);

  if (!fsb_target_get_capacity (run->target, &capacity, error))
    return FALSE;
  g_mutex_lock (&run->runner->lock);
  fs->capacity_initial = capacity;
  g_free (fs->mount_options);
  fs->mount_options = g_strdup (fsb_target_get_mount_options (run->target));
  g_mutex_unlock (&run->runner->lock);

  /* The groups' tasks, in catalog order within each group. */
  groups = run->plan->workloads != NULL ? g_strdupv (run->plan->workloads) : g_strsplit ("core", ",", -1);
  for (guint g = 0; groups[g] != NULL; g++)
    {
      gboolean handled;

      if (!run_group_hooks (run, fs, groups[g], &handled, error))
        return FALSE;
      if (handled)
        continue;
      for (guint i = 0; i < run->task_ids->len; i++)
        {
          const char *id = run->task_ids->pdata[i];
          if (strcmp (fsb_task_info_lookup (id)->group, groups[g]) == 0 &&
              !run_task (run, fs, id, error))
            return FALSE;
        }
    }

  /* What is left once everything is deleted: remount first, so space
   * freed in the background (XFS, Btrfs) is counted. */
  if (!fsb_target_remount_cold (run->target, run->cancellable, error) ||
      !fsb_target_get_capacity (run->target, &capacity, error))
    return FALSE;
  g_mutex_lock (&run->runner->lock);
  fs->capacity_residual = capacity;
  g_mutex_unlock (&run->runner->lock);

  /* Custom commands last: what they leave behind is not counted as
   * residual space. */
  for (guint i = 0; i < run->custom_ids->len; i++)
    if (!run_custom (run, fs, i, error))
      return FALSE;

  /* umount */
  step_begin (run);
  fsb_meter_start (&meter);
  seconds = 0;
  if (!fsb_target_unmount (run->target, &seconds, run->cancellable, error))
    return FALSE;
  step_done (run, fs, target_step_sample (&meter, seconds), NULL);
  return TRUE;
}

/* Set-up ------------------------------------------------------------------ */

/* The version the support probe found; else the first line of mkfs.X -V. */
static char *
mkfs_version (const char *fstype)
{
  g_autoptr(FsbFsSupport) support = fsb_fs_support_probe_one (fsb_udisks_get_client (NULL), fstype);
  g_autofree char *tool = g_strdup_printf ("mkfs.%s", fstype);
  g_autofree char *path = g_find_program_in_path (tool);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *argv[] = { NULL, "-V", NULL };
  g_auto(GStrv) lines = NULL;

  if (support != NULL && support->mkfs_version != NULL)
    return g_strdup (support->mkfs_version);
  if (path == NULL)
    {
      /* /sbin is not always in a user's PATH. */
      g_free (path);
      path = g_build_filename ("/usr/sbin", tool, NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
        return NULL;
    }
  argv[0] = path;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, NULL, NULL))
    return NULL;
  lines = g_strsplit (out != NULL && *g_strstrip (out) != '\0' ? out : g_strstrip (err), "\n", 2);
  return lines[0] != NULL && *lines[0] != '\0' ? g_strdup (g_strstrip (lines[0])) : NULL;
}

static void
dataset_progress_cb (guint64 done, guint64 total, gpointer user_data)
{
  Run *run = user_data;
  g_autofree char *message = NULL;
  gint64 now = g_get_monotonic_time ();
  Event *ev;

  if (now - run->last_post_us < 200000 && done < total)
    return;
  run->last_post_us = now;
  /* Translators: megabytes written and in all */
  message = g_strdup_printf (_("Preparing the test data (%.0f of %.0f MB)"), done / 1e6, total / 1e6);
  ev = g_new0 (Event, 1);
  ev->signal = SIGNAL_PROGRESS;
  ev->message = g_steal_pointer (&message);
  ev->progress.n_filesystems = g_strv_length (run->plan->filesystems);
  ev->progress.repetitions = run->plan->repetitions;
  ev->progress.eta_seconds = -1;
  post (run, ev);
}

/* Builds (or checks) the generated data and, with --source, a folder that
 * shows the user's tree next to the big file. */
static gboolean
prepare_source (Run *run, FsbResult *result, GError **error)
{
  FsbProfile generated = run->profile;
  g_autoptr(JsonNode) summary = NULL;

  if (run->plan->source_dir != NULL)
    {
      g_autoptr(JsonNode) described = NULL;
      guint files = 0;
      guint64 bytes = 0;
      g_autofree char *big = NULL, *tree = NULL, *link_big = NULL, *link_tree = NULL;

      described = fsb_dataset_describe_folder (run->plan->source_dir, &files, &bytes, run->cancellable, error);
      if (described == NULL)
        return FALSE;
      run->profile.tree_files = files;
      run->profile.tree_total_bytes = bytes;
      /* Only the big file is generated. */
      generated.tree_files = generated.tree_dirs = 0;
      generated.tree_total_bytes = 0;
      run->dataset_dir = fsb_dataset_cache_dir (&generated);
      if (!fsb_dataset_ensure (&generated, run->dataset_dir, TRUE, dataset_progress_cb, run,
                               &summary, run->cancellable, error))
        return FALSE;

      run->source_view = g_dir_make_tmp ("fsbench-source-XXXXXX", error);
      if (run->source_view == NULL)
        return FALSE;
      big = g_build_filename (run->dataset_dir, "big.img", NULL);
      tree = g_canonicalize_filename (run->plan->source_dir, NULL);
      link_big = g_build_filename (run->source_view, "big.img", NULL);
      link_tree = g_build_filename (run->source_view, "tree", NULL);
      if (symlink (big, link_big) < 0 || symlink (tree, link_tree) < 0)
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED, "%s", g_strerror (errno));
          return FALSE;
        }
      json_object_set_member (json_node_get_object (summary), "source", g_steal_pointer (&described));
    }
  else
    {
      run->dataset_dir = fsb_dataset_cache_dir (&generated);
      if (!fsb_dataset_ensure (&generated, run->dataset_dir, TRUE, dataset_progress_cb, run,
                               &summary, run->cancellable, error))
        return FALSE;
    }

  if (fsb_plan_has_group (run->plan, "kernel-tree"))
    {
      JsonNode *kernel = fsb_kernel_dataset_ensure (&run->profile, run->dataset_dir,
                                                    run->cancellable, error);
      if (kernel == NULL)
        return FALSE;
      if (run->source_view != NULL)
        {
          g_autofree char *tree = g_build_filename (run->dataset_dir, "kernel", NULL);
          g_autofree char *link = g_build_filename (run->source_view, "kernel", NULL);
          if (symlink (tree, link) < 0)
            {
              json_node_unref (kernel);
              g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED, "%s", g_strerror (errno));
              return FALSE;
            }
        }
      json_object_set_member (json_node_get_object (summary), "kernel", kernel);
    }

  g_mutex_lock (&run->runner->lock);
  result->dataset = g_steal_pointer (&summary);
  g_mutex_unlock (&run->runner->lock);
  return TRUE;
}

static void
remove_scratch (Run *run)
{
  FsbFileOps ops;

  if (run->scratch_dir == NULL)
    return;
  fsb_file_ops_init (&ops, NULL, NULL, NULL, 0);
  if (!fsb_remove_tree_at (&ops, AT_FDCWD, run->scratch_dir, NULL))
    g_warning ("Could not remove %s", run->scratch_dir);
  fsb_file_ops_clear (&ops);
}

static void
remove_source_view (Run *run)
{
  g_autofree char *big = NULL, *tree = NULL;

  if (run->source_view == NULL)
    return;
  big = g_build_filename (run->source_view, "big.img", NULL);
  tree = g_build_filename (run->source_view, "tree", NULL);
  g_unlink (big);
  g_unlink (tree);
  g_free (tree);
  tree = g_build_filename (run->source_view, "kernel", NULL);
  g_unlink (tree);
  g_rmdir (run->source_view);
}

static void
build_steps (Run *run)
{
  const char *const *groups = run->plan->workloads != NULL
                              ? (const char *const *) run->plan->workloads
                              : (const char *const []) { "core", NULL };
  guint n_tasks;
  const FsbTaskInfo *catalog = fsb_task_catalog (&n_tasks);
  guint n_fs = g_strv_length (run->plan->filesystems);

  /* A group is the list of its catalog tasks, run in order. */
  for (guint g = 0; groups[g] != NULL; g++)
    for (guint i = 0; i < n_tasks; i++)
      if (strcmp (catalog[i].group, groups[g]) == 0 && !is_target_step (catalog[i].id))
        {
          if (fsb_workload_lookup (catalog[i].id) != NULL)
            g_ptr_array_add (run->task_ids, (gpointer) catalog[i].id);
          else
            post_log (run, _("The task “%s” is not available in this version and is skipped"),
                      fsb_task_display_name (catalog[i].id));
        }

  /* A plan of transfers alone has nothing to do in a cycle: the transfer
   * step formats images of its own. */
  run->cycles = run->task_ids->len > 0 || run->custom_ids->len > 0;
  for (guint f = 0; f < n_fs && run->cycles; f++)
    for (guint r = 1; r <= run->plan->repetitions; r++)
      {
        const char *fixed_before[] = { "mkfs", "mount" };
        Step s = { f, r, NULL, 0, -1 };

        for (guint i = 0; i < G_N_ELEMENTS (fixed_before); i++)
          {
            s.task_id = fixed_before[i];
            s.estimate_s = estimate_seconds (&run->profile, s.task_id);
            g_array_append_val (run->steps, s);
          }
        for (guint i = 0; i < run->task_ids->len; i++)
          {
            s.task_id = run->task_ids->pdata[i];
            s.estimate_s = estimate_seconds (&run->profile, s.task_id);
            g_array_append_val (run->steps, s);
          }
        for (guint i = 0; i < run->custom_ids->len; i++)
          {
            s.task_id = run->custom_ids->pdata[i];
            s.estimate_s = estimate_seconds (&run->profile, s.task_id);
            g_array_append_val (run->steps, s);
          }
        s.task_id = "umount";
        s.estimate_s = estimate_seconds (&run->profile, s.task_id);
        g_array_append_val (run->steps, s);
      }

  if (fsb_plan_has_group (run->plan, "transfer") && n_fs > 0)
    {
      Step s = { n_fs - 1, run->plan->repetitions, "transfer", 0, -1 };
      /* Images and mkfs for each, then every ordered pair, cold each time. */
      s.estimate_s = n_fs * 5.0 + (double) n_fs * n_fs * run->plan->repetitions *
                                  (1.0 + run->profile.transfer_bytes / 120e6);
      g_array_append_val (run->steps, s);
    }
}

/* Skips the steps of a filesystem that failed, so the ETA stays right. */
static void
skip_filesystem (Run *run, guint fs_index)
{
  while (run->step < run->steps->len &&
         g_array_index (run->steps, Step, run->step).fs_index == fs_index)
    {
      g_array_remove_index (run->steps, run->step);
    }
}

/* The transfer group ----------------------------------------------------------
 * Seed 003 copied between filesystems mounted at once, so every filesystem
 * gets an image of its own, all attached together, after the cycles. */

typedef struct {
  Run                 *run;
  FsbTarget          **targets;
  FsbTransferEndpoint *endpoints;
} Transfers;

static gboolean
transfer_cold_cb (FsbTransferEndpoint *endpoints, guint from, guint to, gpointer user_data,
                  GCancellable *cancellable, GError **error)
{
  Transfers *t = user_data;
  guint ends[2] = { from, to };

  for (guint i = 0; i < (from == to ? 1 : 2); i++)
    {
      if (!fsb_target_remount_cold (t->targets[ends[i]], cancellable, error))
        return FALSE;
      g_free (endpoints[ends[i]].mount_point);
      endpoints[ends[i]].mount_point = g_strdup (fsb_target_get_mount_point (t->targets[ends[i]]));
    }
  return TRUE;
}

/* "image", "image:SIZE@DIR": the same folder, each its own size. */
static char *
transfer_spec (const char *spec)
{
  const char *at;

  if (!g_str_has_prefix (spec, "image"))
    return NULL;
  at = strchr (spec, '@');
  return at != NULL ? g_strconcat ("image", at, NULL) : g_strdup ("image");
}

static gboolean
run_transfers (Run *run, FsbResult *result, GError **error)
{
  guint n = g_strv_length (run->plan->filesystems);
  g_autofree char *spec = transfer_spec (run->plan->target_spec);
  g_autoptr(FsbResult) cells = fsb_result_new ();
  g_autoptr(GError) local = NULL;
  guint64 needed = 2 * run->profile.transfer_bytes;
  Transfers t = { run, g_new0 (FsbTarget *, n), g_new0 (FsbTransferEndpoint, n) };
  gboolean ok = TRUE;

  /* The step was skipped with a filesystem that failed: add it back. */
  if (run->step >= run->steps->len)
    {
      Step s = { n - 1, run->plan->repetitions, "transfer", 1, -1 };
      g_array_append_val (run->steps, s);
    }
  step_begin (run);
  needed += needed / 8 + 512 * 1024 * 1024;
  if (spec == NULL)
    {
      post_log (run, _("Transfers need a disk image per filesystem; they are skipped on a partition"));
      goto out;
    }

  for (guint i = 0; i < n && ok; i++)
    {
      const char *name = run->plan->filesystems[i];

      post_log (run, _("Transfers: preparing an image for %s"), name);
      t.targets[i] = fsb_target_new_from_spec (spec, FALSE, &local);
      ok = t.targets[i] != NULL &&
           fsb_target_prepare (t.targets[i], needed, run->cancellable, &local) &&
           fsb_target_format (t.targets[i], name, g_hash_table_lookup (run->plan->mkfs_options, name),
                              NULL, run->cancellable, &local) &&
           fsb_target_mount (t.targets[i], NULL, run->cancellable, &local);
      t.endpoints[i].name = g_strdup (name);
      if (ok)
        t.endpoints[i].mount_point = g_strdup (fsb_target_get_mount_point (t.targets[i]));
    }
  if (ok)
    ok = fsb_transfer_run (t.endpoints, n, run->profile.transfer_bytes, run->plan->repetitions,
                           transfer_cold_cb, &t, item_progress_cb, run, cells,
                           run->cancellable, &local);
  if (ok)
    {
      g_mutex_lock (&run->runner->lock);
      for (guint i = 0; i < cells->transfers->len; i++)
        {
          FsbTransfer *cell = g_ptr_array_index (cells->transfers, i);
          fsb_result_add_transfer (result, cell->from, cell->to, cell->mb_per_s);
        }
      g_mutex_unlock (&run->runner->lock);
    }

out:
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) ignored = NULL;

      if (t.targets[i] != NULL && !fsb_target_release (t.targets[i], &ignored))
        post_log (run, _("Could not clean up the target: %s"), ignored->message);
      g_clear_object (&t.targets[i]);
      g_free (t.endpoints[i].name);
      g_free (t.endpoints[i].mount_point);
    }
  g_free (t.targets);
  g_free (t.endpoints);

  if (!ok)
    {
      fsb_error_normalize (&local);
      if (g_error_matches (local, FSB_ERROR, FSB_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      /* The filesystems' results stand; the matrix is left empty. */
      post_log (run, _("Transfers failed: %s"), local->message);
    }
  g_array_index (run->steps, Step, run->step).actual_s = (g_get_monotonic_time () - run->step_start_us) / 1e6;
  run->step++;
  save_partial (run);
  return TRUE;
}

static gboolean
run_plan (Run *run, GError **error)
{
  FsbResult *result = run->runner->result;

  post_log (run, _("Preparing the test data"));
  if (!prepare_source (run, result, error))
    return FALSE;

  for (guint i = 0; i < run->plan->custom_commands->len; i++)
    {
      const FsbCustomCommand *c = g_ptr_array_index (run->plan->custom_commands, i);
      g_ptr_array_add (run->custom_ids, fsb_custom_task_id (c->name));
    }
  build_steps (run);

  /* The read side (kernel-copy-out) should time the target's reads, not
   * the host disk's writes: in memory when there is room for the tree,
   * else next to the dataset, on a disk. */
  {
    g_autofree char *parent = fsb_scratch_parent (fsb_plan_has_group (run->plan, "kernel-tree")
                                                  ? run->profile.kernel_total_bytes : 0);
    /* Named after this process, so each process can tell its own. */
    g_autofree char *name = g_strdup_printf ("fsbench-scratch-%d-XXXXXX", (int) getpid ());
    g_autofree char *tmpl = g_build_filename (parent, name, NULL);

    g_mkdir_with_parents (parent, 0700);
    if (g_mkdtemp (tmpl) != NULL)
      run->scratch_dir = g_steal_pointer (&tmpl);
    else
      {
        fsb_set_error_from_errno (error, errno, _("Cannot create the folder"), parent);
        return FALSE;
      }
  }

  run->target = fsb_target_new_from_spec (run->plan->target_spec, run->plan->destroy_confirmed, error);
  if (run->target == NULL)
    return FALSE;
  post_log (run, _("Preparing the target"));
  if (!fsb_target_prepare (run->target, fsb_plan_needed_bytes_for (run->plan, &run->profile),
                           run->cancellable, error))
    return FALSE;
  g_mutex_lock (&run->runner->lock);
  fsb_target_describe (run->target, &result->target);
  g_mutex_unlock (&run->runner->lock);

  for (guint f = 0; run->plan->filesystems[f] != NULL; f++)
    {
      const char *name = run->plan->filesystems[f];
      const char *options = g_hash_table_lookup (run->plan->mkfs_options, name);
      g_autofree char *version = mkfs_version (name);
      FsbFsResult *fs;

      g_mutex_lock (&run->runner->lock);
      fs = fsb_result_add_filesystem (result, name);
      fs->mkfs_version = g_steal_pointer (&version);
      g_free (fs->mkfs_options);
      fs->mkfs_options = g_strdup (options != NULL ? options : "");
      g_mutex_unlock (&run->runner->lock);

      for (guint r = 1; run->cycles && r <= run->plan->repetitions; r++)
        {
          g_autoptr(GError) local = NULL;

          post_log (run, _("%s: repetition %u of %u"), name, r, run->plan->repetitions);
          if (run_cycle (run, fs, &local))
            continue;

          fsb_error_normalize (&local);
          if (g_error_matches (local, FSB_ERROR, FSB_ERROR_CANCELLED) ||
              g_cancellable_is_cancelled (run->cancellable))
            {
              g_propagate_error (error, g_steal_pointer (&local));
              return FALSE;
            }
          /* Record it and go on with the next filesystem. */
          post_log (run, _("%s failed: %s"), name, local->message);
          g_mutex_lock (&run->runner->lock);
          fs->error = g_strdup (local->message);
          g_mutex_unlock (&run->runner->lock);
          save_partial (run);
          {
            g_autoptr(GError) ignored = NULL;
            fsb_target_unmount (run->target, NULL, NULL, &ignored);
          }
          skip_filesystem (run, f);
          break;
        }
    }

  if (fsb_plan_has_group (run->plan, "transfer") && !run_transfers (run, result, error))
    return FALSE;

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
  g_autoptr(GError) release_error = NULL;
  Run run = { 0 };
  gboolean ok;

  run.runner = self;
  run.plan = self->plan;
  run.cancellable = cancellable;
  run.profile = self->plan->profile;
  run.task_ids = g_ptr_array_new ();
  run.custom_ids = g_ptr_array_new_with_free_func (g_free);
  run.steps = g_array_new (FALSE, FALSE, sizeof (Step));

  ok = run_plan (&run, &error);

  /* Every path ends here: the target is cleaned up before the caller
   * hears about the end. */
  if (run.target != NULL && !fsb_target_release (run.target, &release_error))
    post_log (&run, _("Could not clean up the target: %s"), release_error->message);
  g_clear_object (&run.target);
  remove_source_view (&run);
  remove_scratch (&run);
  save_partial (&run);
  if (ok)
    post_progress (&run, _("Finished"), TRUE);

  clear_shared (&run);
  g_ptr_array_unref (run.custom_ids);
  g_free (run.dataset_dir);
  g_free (run.source_view);
  g_free (run.scratch_dir);
  g_ptr_array_unref (run.task_ids);
  g_array_unref (run.steps);

  if (!ok)
    {
      fsb_error_normalize (&error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
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

  signals[SIGNAL_PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_TASK_FINISHED] =
    g_signal_new ("task-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_POINTER);
  signals[SIGNAL_LOG] =
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
  fsb_machine_probe (&result->machine);
  result->profile = g_strdup (self->plan->profile_name);
  result->repetitions = self->plan->repetitions;
  result->workloads = self->plan->workloads != NULL ? g_strdupv (self->plan->workloads)
                                                    : g_strsplit ("core", ",", -1);
  result->use_case = g_strdup (self->plan->use_case);
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
  g_autoptr(JsonNode) node = NULL;
  FsbResult *copy;

  g_return_val_if_fail (FSB_IS_RUNNER (self), NULL);

  g_mutex_lock (&self->lock);
  if (self->result == NULL)
    {
      g_mutex_unlock (&self->lock);
      return NULL;
    }
  node = fsb_result_to_json (self->result);
  g_mutex_unlock (&self->lock);
  copy = fsb_result_from_json (node, NULL);
  return copy;
}
