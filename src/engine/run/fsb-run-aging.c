/* fsb-run-aging.c: --age in the runner: after a cycle's fresh tasks, the
 * filesystem is filled and churned and the tasks run again, aged;
 * the big file's extents and the free space are read fresh and aged; and
 * after a filesystem's repetitions, a fresh one is filled with 4 KiB files
 * to count how many fit */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "fsb-age.h"
#include "fsb-aging.h"
#include "fsb-fragmentation.h"
#include "fsb-workloads-private.h"
#include "fsb-run-private.h"

typedef struct {
  const FsbAgeSpec *spec;
  FsbPlanAging      plan;      /* the reserve, the planned bytes, the fit's bound */
  GPtrArray        *aged_ids;  /* of static strings, in cycle order */
  /* per contender (the contenders take turns within a round): */
  FsbAgingRun      *current;   /* this cycle's figures, gathered as it goes */
  gint             *run_index; /* this cycle's entry in fs->aging->runs, or -1 */
} RunAging;

#define CURRENT(ra, run) ((ra)->current[(run)->contender])
#define RUN_INDEX(ra, run) ((ra)->run_index[(run)->contender])

void
fsb_run_aging_init (Run *run, GPtrArray *cycle_tasks)
{
  RunAging *ra;
  FsbPlanAging plan;

  fsb_run_aging_clear (run);
  if (!fsb_plan_aging_estimate (run->plan, run->sizes, &plan))
    return;
  ra = g_new0 (RunAging, 1);
  ra->spec = fsb_age_spec (run->plan->age);
  ra->plan = plan;
  ra->aged_ids = g_ptr_array_new ();
  for (guint i = 0; i < cycle_tasks->len; i++)
    if (fsb_task_is_aged (cycle_tasks->pdata[i]))
      g_ptr_array_add (ra->aged_ids, cycle_tasks->pdata[i]);
  /* an empty cycle (transfers alone) has nothing to age */
  if (ra->aged_ids->len == 0)
    {
      g_ptr_array_unref (ra->aged_ids);
      g_free (ra);
      return;
    }
  ra->current = g_new0 (FsbAgingRun, g_strv_length (run->plan->filesystems));
  ra->run_index = g_new0 (gint, g_strv_length (run->plan->filesystems));
  for (guint f = 0; run->plan->filesystems[f] != NULL; f++)
    {
      fsb_aging_run_init (&ra->current[f]);
      ra->run_index[f] = -1;
    }
  run->aging = ra;
}

void
fsb_run_aging_clear (Run *run)
{
  RunAging *ra = run->aging;

  if (ra == NULL)
    return;
  g_ptr_array_unref (ra->aged_ids);
  g_free (ra->current);
  g_free (ra->run_index);
  g_free (ra);
  run->aging = NULL;
}

gboolean
fsb_run_aging_owns (const char *task_id)
{
  return g_strcmp0 (task_id, FSB_AGE_STEP) == 0 || fsb_task_is_aged (task_id);
}

GPtrArray *
fsb_run_aging_task_ids (Run *run)
{
  RunAging *ra = run->aging;

  return ra != NULL ? ra->aged_ids : NULL;
}

/* Steps ------------------------------------------------------------------------ */

void
fsb_run_aging_add_step (Run *run, guint fs_index, guint repetition)
{
  RunAging *ra = run->aging;
  Step s = { .fs_index = fs_index, .repetition = repetition, .task_id = FSB_AGE_STEP, .actual_s = -1,
             .kind = STEP_AGE };

  if (ra == NULL)
    return;
  s.estimate_s = ra->plan.age_seconds;
  g_array_append_val (run->steps, s);
}

void
fsb_run_aging_add_fit_step (Run *run, guint fs_index)
{
  RunAging *ra = run->aging;
  Step s = { .fs_index = fs_index, .repetition = run->plan->repetitions, .task_id = FSB_FIT_STEP,
             .actual_s = -1, .kind = STEP_FIT };

  if (ra == NULL)
    return;
  s.estimate_s = ra->plan.fit_seconds;
  g_array_append_val (run->steps, s);
}

/* A step of the aging files nothing as a task: its figures go to the
 * filesystem's aging block. */
static void
step_done (Run *run)
{
  Step *s = &g_array_index (run->steps, Step, run->step);

  fsb_run_save_partial (run);
  s->actual_s = (g_get_monotonic_time () - run->step_start_us) / 1e6;
  run->step++;
}

static void
age_progress_cb (guint64 done, guint64 total, gpointer user_data)
{
  Run *run = user_data;
  g_autofree char *message = NULL;

  run->item_fraction = total > 0 ? MIN (1.0, (double) done / total) : 0;
  /* Translators: megabytes written so far and expected in all */
  message = g_strdup_printf (_("Aging the filesystem (%.0f of about %.0f MB)"), done / 1e6, total / 1e6);
  fsb_run_post_progress (run, message, FALSE);
}

static void
fit_progress_cb (guint64 done, guint64 total, gpointer user_data)
{
  Run *run = user_data;
  g_autofree char *message = NULL;

  run->item_fraction = total > 0 ? MIN (1.0, (double) done / total) : 0;
  message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          /* Translators: small files created so far */
                                          "Counting the small files that fit (%u file)",
                                          "Counting the small files that fit (%u files)", (gulong) done),
                             (guint) done);
  fsb_run_post_progress (run, message, FALSE);
}

/* Measurements -------------------------------------------------------------------- */

/* The free space of the unmounted filesystem, where its tool exists. */
static void
measure_free_space (Run *run, FsbFsResult *fs, FsbFreeSpace *out)
{
  g_autoptr(GError) error = NULL;
  const char *tool = fsb_free_space_tool (fsb_fs_result_type (fs));

  out->free_extents = -1;
  if (tool == NULL)
    return;
  if (!fsb_free_space_measure (fsb_fs_result_type (fs), fsb_target_get_device (run->target), out, run->cancellable, &error))
    {
      /* Translators: a filesystem, then why its free space could not be measured */
      fsb_run_log (run, _("Could not measure the free space of %s: %s"), fs->name, error->message);
      return;
    }
  g_mutex_lock (&run->runner->lock);
  if (fs->aging != NULL && fs->aging->free_space_tool == NULL)
    fs->aging->free_space_tool = g_strdup (tool);
  g_mutex_unlock (&run->runner->lock);
}

static FsbAging *
aging_block (Run *run, FsbFsResult *fs)
{
  RunAging *ra = run->aging;

  return fsb_fs_result_get_aging (fs, ra->spec->id, ra->spec->fill * 100);
}

void
fsb_run_aging_after_mkfs (Run *run, FsbFsResult *fs)
{
  RunAging *ra = run->aging;

  if (ra == NULL)
    return;
  fsb_aging_run_init (&CURRENT (ra, run));
  RUN_INDEX (ra, run) = -1;
  g_mutex_lock (&run->runner->lock);
  aging_block (run, fs);
  g_mutex_unlock (&run->runner->lock);
  /* right after mkfs the filesystem is not mounted: its free space as new */
  measure_free_space (run, fs, &CURRENT (ra, run).free_fresh);
}

/* The big file copied in, fresh or aged: in how many pieces it landed. */
void
fsb_run_aging_after_task (Run *run, FsbFsResult *fs, const char *task_id)
{
  RunAging *ra = run->aging;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  gint64 extents;

  if (ra == NULL || g_strcmp0 (fsb_task_base_id (task_id), "big-copy-in") != 0)
    return;
  path = g_build_filename (fsb_target_get_mount_point (run->target), FSB_CORE_BIG_FIRST, FSB_CORE_BIG_NAME, NULL);
  extents = fsb_file_extents (path, &error);
  if (extents < 0)
    {
      /* Translators: a filesystem, then why the big file's extents could not be counted */
      fsb_run_log (run, _("Could not count the extents of the big file on %s: %s"), fs->name, error->message);
      return;
    }
  if (!fsb_task_is_aged (task_id))
    {
      CURRENT (ra, run).big_file_extents_fresh = extents;
      return;
    }
  g_mutex_lock (&run->runner->lock);
  if (fs->aging != NULL && RUN_INDEX (ra, run) >= 0 && (guint) RUN_INDEX (ra, run) < fs->aging->runs->len)
    g_array_index (fs->aging->runs, FsbAgingRun, RUN_INDEX (ra, run)).big_file_extents_aged = extents;
  g_mutex_unlock (&run->runner->lock);
}

/* The cycle's aging ------------------------------------------------------------------ */

gboolean
fsb_run_aging_age (Run *run, FsbFsResult *fs, GError **error)
{
  RunAging *ra = run->aging;
  FsbAgingParams params = { 0 };
  FsbAging *block;

  fsb_run_step_begin (run);
  params.spec = ra->spec;
  params.seed = FSB_AGING_SEED;
  params.reserve_bytes = ra->plan.reserve_bytes;
  params.max_file_bytes = ra->plan.max_file_bytes;
  params.planned_bytes = ra->plan.written_bytes;
  params.cancellable = run->cancellable;
  params.progress = age_progress_cb;
  params.progress_data = run;
  fsb_run_clear_shared (run);
  if (!fsb_aging_run (fsb_target_get_mount_point (run->target), &params, &CURRENT (ra, run), error))
    return FALSE;

  /* The free space as aged, read on the unmounted filesystem. */
  if (fsb_free_space_tool (fsb_fs_result_type (fs)) != NULL)
    {
      if (!fsb_target_unmount (run->target, NULL, run->cancellable, error))
        return FALSE;
      measure_free_space (run, fs, &CURRENT (ra, run).free_aged);
      if (!fsb_target_mount (run->target, NULL, run->cancellable, error))
        return FALSE;
    }

  g_mutex_lock (&run->runner->lock);
  block = aging_block (run, fs);
  g_array_append_val (block->runs, CURRENT (ra, run));
  RUN_INDEX (ra, run) = (gint) block->runs->len - 1;
  g_mutex_unlock (&run->runner->lock);
  /* Translators: a filesystem, how full it was made (in percent) and in how many seconds */
  fsb_run_log (run, _("%s: aged to %.0f %% full in %.1f s"), fs->name,
               CURRENT (ra, run).fill_percent_reached, CURRENT (ra, run).seconds);
  /* full: its checker's time, within the aging's step */
  if (!fsb_run_check_full (run, fs, error))
    return FALSE;
  step_done (run);
  return TRUE;
}

/* Files that fit ------------------------------------------------------------------ */

gboolean
fsb_run_aging_fit (Run *run, FsbFsResult *fs, GError **error)
{
  RunAging *ra = run->aging;
  FsbFilesFit fit = { 0 };

  if (ra == NULL)
    return TRUE;
  fsb_run_step_begin (run);
  if (!fsb_run_make_fs (run, run->target, fs->name, NULL, error) ||
      !fsb_target_mount (run->target, NULL, run->cancellable, error))
    return FALSE;
  if (!fsb_files_fit (fsb_target_get_mount_point (run->target), ra->plan.fit_time_limit, run->cancellable,
                      fit_progress_cb, run, &fit, error))
    {
      g_free (fit.limit);
      return FALSE;
    }
  g_mutex_lock (&run->runner->lock);
  g_free (fs->fit.limit);
  fs->fit = fit;
  g_mutex_unlock (&run->runner->lock);
  if (!fsb_target_unmount (run->target, NULL, run->cancellable, error))
    return FALSE;
  step_done (run);
  return TRUE;
}
