/* fsb-preflight.c: the checks and the cleaning before a run, one for the
 * CLI and the window alike
 *
 * A run that was killed (SIGKILL, a crash, the session gone) leaves its
 * image attached and mounted, its state file, and a scratch folder that
 * may hold a few hundred megabytes of RAM in /dev/shm. Whichever front
 * starts next gives them back, and says what it did. */
#include "config.h"

#include "fsb-preflight.h"
#include "fsb-scratch.h"

void
fsb_preflight_clear (FsbPreflight *report)
{
  g_clear_error (&report->clean_error);
  *report = (FsbPreflight) { 0 };
}

gboolean
fsb_preflight_cleaned (const FsbPreflight *report)
{
  return report->targets.mounts + report->targets.loop_devices + report->targets.images
       + report->scratch_folders > 0;
}

gboolean
fsb_preflight_run (FsbPreflightFlags flags, FsbPreflight *report, GCancellable *cancellable, GError **error)
{
  g_autoptr(GError) scratch_error = NULL;

  *report = (FsbPreflight) { 0 };
  if ((flags & FSB_PREFLIGHT_SERVICES) && !fsb_services_check (&report->problem, cancellable, error))
    return FALSE;
  if (!(flags & FSB_PREFLIGHT_CLEAN))
    return TRUE;

  /* Each part goes as far as it can; the first problem is kept. */
  fsb_target_clean_leftovers (&report->targets, &report->clean_error);
  report->scratch_folders = fsb_scratch_reclaim (NULL, &report->scratch_bytes, cancellable, &scratch_error);
  if (report->clean_error == NULL)
    report->clean_error = g_steal_pointer (&scratch_error);
  return TRUE;
}

typedef struct {
  FsbPreflightFlags flags;
  FsbPreflight      report;
} Job;

static void
job_free (Job *job)
{
  fsb_preflight_clear (&job->report);
  g_free (job);
}

static void
job_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;

  if (fsb_preflight_run (job->flags, &job->report, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
fsb_preflight_run_async (FsbPreflightFlags flags, GCancellable *cancellable, GAsyncReadyCallback callback,
                         gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Job *job = g_new0 (Job, 1);

  job->flags = flags;
  g_task_set_source_tag (task, fsb_preflight_run_async);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  /* A cleaning half done is finished, not dropped: the state files say
   * what is left, but a folder half emptied would wait for the next start. */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, job_thread);
}

gboolean
fsb_preflight_run_finish (GAsyncResult *result, FsbPreflight *report, GError **error)
{
  Job *job;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == fsb_preflight_run_async, FALSE);

  job = g_task_get_task_data (G_TASK (result));
  if (report != NULL)
    {
      *report = job->report;
      /* the error moves to the caller's report */
      job->report.clean_error = NULL;
    }
  return g_task_propagate_boolean (G_TASK (result), error);
}
