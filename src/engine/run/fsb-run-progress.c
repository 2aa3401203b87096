/* fsb-run-progress.c: a run's progress along its steps, and the time left */
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
#include "fsb-target.h"
#include "fsb-catalog.h"
#include "fsb-group-transfer.h"
#include "fsb-workload.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"
#include "fsb-repeat-focus.h"
#include "fsb-run-private.h"

/* Progress and the ETA ----------------------------------------------------- */

/* A first guess per task from the group's own estimate; replaced by what
 * was measured as soon as a task has run once. */
double
fsb_run_estimate_seconds (const FsbSizes *sizes, const char *task_id)
{
  const FsbTaskSpec *task = fsb_catalog_task (task_id, NULL);

  if (task != NULL && task->estimate != NULL)
    return fsb_task_estimate (task, sizes);
  return 5.0;   /* your own commands */
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

void
fsb_run_record_pace (Run *run, FsbResult *result)
{
  g_mutex_lock (&run->runner->lock);
  for (guint i = 0; i < run->steps->len; i++)
    {
      Step *s = &g_array_index (run->steps, Step, i);

      /* Your own commands' guess is a constant: they teach nothing. */
      if (s->actual_s >= 0 && !g_str_has_prefix (s->task_id, "custom:"))
        fsb_result_add_pace (result, s->task_id, s->estimate_s, s->actual_s);
    }
  g_mutex_unlock (&run->runner->lock);
}

void
fsb_run_post_progress (Run *run, const char *message, gboolean force)
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
  ev->progress.repetitions = run->rounds_planned;
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
  fsb_run_post (run, ev);
}

/* A group across contenders brings its own "%u of %u" sentence. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
const char *
fsb_run_step_message (Run *run, const char *task_id, guint64 done, guint64 total)
{
  static GPrivate buffer = G_PRIVATE_INIT (g_free);
  const FsbWorkloadGroup *across = fsb_catalog_group (task_id);
  char *text;

  if (across != NULL && across->across_progress != NULL && total > 0)
    text = g_strdup_printf (_(across->across_progress), (guint) done, (guint) total);
  else if (across != NULL && across->across_name != NULL)
    text = g_strdup (_(across->across_name));
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
#pragma GCC diagnostic pop

void
fsb_run_item_progress_cb (guint64 done, guint64 total, gpointer user_data)
{
  Run *run = user_data;
  Step *s = &g_array_index (run->steps, Step, run->step);

  run->item_fraction = total > 0 ? MIN (1.0, (double) done / total) : 0;
  fsb_run_post_progress (run, fsb_run_step_message (run, s->task_id, done, total), FALSE);
}

void
fsb_run_step_begin (Run *run)
{
  Step *s = &g_array_index (run->steps, Step, run->step);

  run->step_start_us = g_get_monotonic_time ();
  run->item_fraction = 0;
  fsb_run_post_progress (run, fsb_run_step_message (run, s->task_id, 0, 0), TRUE);
}

void
fsb_run_dataset_progress_cb (guint64 done, guint64 total, gpointer user_data)
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
  ev->progress.repetitions = run->rounds_planned;
  ev->progress.eta_seconds = -1;
  fsb_run_post (run, ev);
}
