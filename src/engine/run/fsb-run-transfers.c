/* fsb-run-transfers.c: a group across contenders (transfers), on filesystems mounted at once */
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
#include "fsb-workload.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"
#include "fsb-run-private.h"

/* Groups across contenders ----------------------------------------------------
 * Seed 003 copied between filesystems mounted at once, so every contender
 * gets an image of its own, all attached together, after the cycles. */

typedef struct {
  Run                 *run;
  FsbTarget          **targets;
  FsbAcrossEndpoint   *endpoints;
} Transfers;

static gboolean
transfer_cold_cb (FsbAcrossEndpoint *endpoints, guint from, guint to, gpointer user_data,
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

gboolean
fsb_run_across (Run *run, const FsbWorkloadGroup *group, FsbResult *result, GError **error)
{
  guint n = g_strv_length (run->plan->filesystems);
  g_autofree char *spec = transfer_spec (run->plan->target_spec);
  g_autoptr(FsbResult) cells = fsb_result_new ();
  g_autoptr(GError) local = NULL;
  guint64 needed = group->space_across != NULL ? group->space_across (run->sizes) : 0;
  Transfers t = { run, g_new0 (FsbTarget *, n), g_new0 (FsbAcrossEndpoint, n) };
  FsbAcrossContext ctx = { group->id, t.endpoints, n, run->sizes, run->plan->repetitions, transfer_cold_cb, &t,
                           fsb_run_item_progress_cb, run, run->cancellable };
  gboolean ok = TRUE;

  /* The step was skipped with a filesystem that failed: add it back. */
  if (run->step >= run->steps->len)
    {
      Step s = { .fs_index = n - 1, .repetition = run->plan->repetitions, .task_id = group->id, .estimate_s = 1,
                 .actual_s = -1, .kind = STEP_ACROSS };
      g_array_append_val (run->steps, s);
    }
  fsb_run_step_begin (run);
  needed += needed / 8 + 512 * 1024 * 1024;
  if (spec == NULL)
    {
      fsb_run_log (run, _("Transfers need a disk image per filesystem; they are skipped on a partition"));
      goto out;
    }

  for (guint i = 0; i < n && ok; i++)
    {
      const char *name = run->plan->filesystems[i];

      /* Translators: %s is a filesystem type, “xfs” */
      fsb_run_log (run, _("Transfers: preparing an image for %s"), name);
      t.targets[i] = fsb_target_new_from_spec (spec, FALSE, &local);
      ok = t.targets[i] != NULL &&
           fsb_target_prepare (t.targets[i], needed, run->cancellable, &local) &&
           fsb_run_make_fs (run, t.targets[i], name, NULL, &local) &&
           fsb_target_mount (t.targets[i], NULL, run->cancellable, &local);
      t.endpoints[i].name = g_strdup (name);
      if (ok)
        t.endpoints[i].mount_point = g_strdup (fsb_target_get_mount_point (t.targets[i]));
    }
  if (ok)
    ok = group->run_across (&ctx, cells, &local);
  if (ok)
    {
      g_mutex_lock (&run->runner->lock);
      for (guint i = 0; i < cells->transfers->len; i++)
        {
          FsbTransfer *cell = g_ptr_array_index (cells->transfers, i);
          FsbTransfer *into = fsb_result_get_transfer (result, cell->from, cell->to, cell->task->id);

          while (cell->task->samples->len > 0)
            g_ptr_array_add (into->task->samples, g_ptr_array_steal_index (cell->task->samples, 0));
        }
      g_mutex_unlock (&run->runner->lock);
    }

out:
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) ignored = NULL;

      if (t.targets[i] != NULL && !fsb_target_release (t.targets[i], &ignored))
        /* Translators: %s is the reason */
        fsb_run_log (run, _("Could not clean up the target: %s"), ignored->message);
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
      /* Translators: %s is the reason */
      fsb_run_log (run, _("Transfers failed: %s"), local->message);
    }
  g_array_index (run->steps, Step, run->step).actual_s = (g_get_monotonic_time () - run->step_start_us) / 1e6;
  run->step++;
  fsb_run_save_partial (run);
  return TRUE;
}
