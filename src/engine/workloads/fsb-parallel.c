/* fsb-parallel.c: N jobs of one task at once (see fsb-parallel.h) */
#define _GNU_SOURCE
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/resource.h>

#include "fsb-error.h"
#include "fsb-parallel.h"
#include "fsb-workloads-util.h"

typedef struct _Run Run;

typedef struct {
  Run          *run;
  guint         index;
  FsbJobOutput  out;
  double        end;
  struct rusage used;   /* this job's thread, over its timed run only */
  GThread      *thread;
} Job;

struct _Run {
  const FsbJobFuncs *funcs;
  gpointer           data;
  GCancellable      *cancellable;   /* ours: the caller's, or a failing job, cancels it */
  GMutex             lock;
  GCond              cond;
  guint              ready;         /* jobs prepared (or failed preparing) */
  gboolean           go, abort;
  double             start;
  GError            *error;         /* the first job's error */
};

static void
fail (Run *run, GError *error)
{
  g_mutex_lock (&run->lock);
  if (run->error == NULL)
    run->error = error;
  else
    g_error_free (error);
  run->abort = TRUE;
  g_cond_broadcast (&run->cond);
  g_mutex_unlock (&run->lock);
  g_cancellable_cancel (run->cancellable);
}

static gpointer
job_thread (gpointer user_data)
{
  Job *job = user_data;
  Run *run = job->run;
  GError *error = NULL;
  gboolean ok = TRUE, go;

  if (run->funcs->prepare != NULL)
    ok = run->funcs->prepare (job->index, run->data, &job->out, run->cancellable, &error);
  if (!ok)
    fail (run, g_steal_pointer (&error));

  /* The common start: every job prepared, then all at once. */
  g_mutex_lock (&run->lock);
  run->ready++;
  g_cond_broadcast (&run->cond);
  while (!run->go && !run->abort)
    g_cond_wait (&run->cond, &run->lock);
  go = run->go && !run->abort;
  g_mutex_unlock (&run->lock);

  if (go && ok)
    {
      struct rusage before;

      getrusage (RUSAGE_THREAD, &before);
      ok = run->funcs->run (job->index, run->data, &job->out, run->cancellable, &error);
      job->end = fsb_now ();
      getrusage (RUSAGE_THREAD, &job->used);
      job->used.ru_utime.tv_sec -= before.ru_utime.tv_sec;
      job->used.ru_utime.tv_usec -= before.ru_utime.tv_usec;
      job->used.ru_stime.tv_sec -= before.ru_stime.tv_sec;
      job->used.ru_stime.tv_usec -= before.ru_stime.tv_usec;
      job->used.ru_minflt -= before.ru_minflt;
      job->used.ru_majflt -= before.ru_majflt;
      if (!ok)
        fail (run, g_steal_pointer (&error));
    }
  if (run->funcs->finish != NULL)
    {
      /* Always, so that what prepare opened is closed. */
      if (!run->funcs->finish (job->index, run->data, &job->out, NULL, &error) && ok)
        fail (run, g_steal_pointer (&error));
      g_clear_error (&error);
    }
  return NULL;
}

static void
parent_cancelled_cb (GCancellable *parent, gpointer user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));
}

gboolean
fsb_parallel_run (guint              n_jobs,
                  const FsbJobFuncs *funcs,
                  gpointer           data,
                  GCancellable      *cancellable,
                  FsbParallelResult *result,
                  GError           **error)
{
  g_autoptr(GCancellable) ours = g_cancellable_new ();
  g_autofree Job *jobs = NULL;
  gulong handler = 0;
  Run run = { 0 };
  guint started = 0;

  g_return_val_if_fail (funcs != NULL && funcs->run != NULL, FALSE);
  g_return_val_if_fail (n_jobs >= 1 && n_jobs <= FSB_PARALLEL_MAX_JOBS, FALSE);

  memset (result, 0, sizeof *result);
  run.funcs = funcs;
  run.data = data;
  run.cancellable = ours;
  g_mutex_init (&run.lock);
  g_cond_init (&run.cond);
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (parent_cancelled_cb), g_object_ref (ours),
                                     g_object_unref);

  jobs = g_new0 (Job, n_jobs);
  for (guint i = 0; i < n_jobs; i++)
    {
      g_autofree char *name = g_strdup_printf ("fsb-job-%u", i);
      GError *thread_error = NULL;

      jobs[i].run = &run;
      jobs[i].index = i;
      jobs[i].out.lat_ms = g_array_new (FALSE, FALSE, sizeof (double));
      jobs[i].thread = g_thread_try_new (name, job_thread, &jobs[i], &thread_error);
      if (jobs[i].thread == NULL)
        {
          fail (&run, thread_error);
          break;
        }
      started++;
    }

  g_mutex_lock (&run.lock);
  while (run.ready < started && !run.abort)
    g_cond_wait (&run.cond, &run.lock);
  if (!run.abort)
    {
      run.start = fsb_now ();
      run.go = TRUE;
    }
  g_cond_broadcast (&run.cond);
  g_mutex_unlock (&run.lock);

  for (guint i = 0; i < started; i++)
    g_thread_join (jobs[i].thread);
  if (cancellable != NULL)
    g_cancellable_disconnect (cancellable, handler);

  result->n_jobs = n_jobs;
  result->lat_ms = g_array_new (FALSE, FALSE, sizeof (double));
  result->fastest_job_s = G_MAXDOUBLE;
  for (guint i = 0; i < n_jobs; i++)
    {
      if (run.error == NULL)
        {
          double took = jobs[i].end - run.start;

          result->bytes += jobs[i].out.bytes;
          result->ops += jobs[i].out.ops;
          result->seconds = MAX (result->seconds, took);
          result->io_seconds = MAX (result->io_seconds,
                                    jobs[i].out.io_end > 0 ? jobs[i].out.io_end - run.start : took);
          result->slowest_job_s = MAX (result->slowest_job_s, took);
          result->fastest_job_s = MIN (result->fastest_job_s, took);
          result->user_s += jobs[i].used.ru_utime.tv_sec + jobs[i].used.ru_utime.tv_usec / 1e6;
          result->sys_s += jobs[i].used.ru_stime.tv_sec + jobs[i].used.ru_stime.tv_usec / 1e6;
          result->minor_faults += (guint64) MAX (jobs[i].used.ru_minflt, 0);
          result->major_faults += (guint64) MAX (jobs[i].used.ru_majflt, 0);
          g_array_append_vals (result->lat_ms, jobs[i].out.lat_ms->data, jobs[i].out.lat_ms->len);
        }
      g_clear_pointer (&jobs[i].out.lat_ms, g_array_unref);
    }
  g_mutex_clear (&run.lock);
  g_cond_clear (&run.cond);

  if (run.error != NULL)
    {
      /* A job that saw the others' cancellation says "cancelled"; the
       * caller's cancellation is the reason only when it came first. */
      g_propagate_error (error, run.error);
      fsb_error_normalize (error);
      fsb_parallel_result_clear (result);
      return FALSE;
    }
  return TRUE;
}

void
fsb_parallel_result_clear (FsbParallelResult *result)
{
  g_clear_pointer (&result->lat_ms, g_array_unref);
}
