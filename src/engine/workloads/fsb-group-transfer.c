/* fsb-group-transfer.c: the transfer group (seed 003): a big file copied between
 * filesystems mounted at the same time, in every direction */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>

#include "fsb-error.h"
#include "fsb-group-transfer.h"
#include "fsb-fileops.h"
#include "fsb-workloads-util.h"

static char *
source_path (const FsbTransferEndpoint *e, guint index)
{
  g_autofree char *name = g_strdup_printf ("transfer-source-%u.img", index);
  return g_build_filename (e->mount_point, name, NULL);
}

static char *
dest_path (const FsbTransferEndpoint *e, guint from)
{
  g_autofree char *name = g_strdup_printf ("transfer-from-%u.img", from);
  return g_build_filename (e->mount_point, name, NULL);
}

static void
remove_files (FsbTransferEndpoint *endpoints, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *src = source_path (&endpoints[i], i);
      g_unlink (src);
      for (guint j = 0; j < n; j++)
        {
          g_autofree char *dst = dest_path (&endpoints[i], j);
          g_unlink (dst);
        }
      fsb_sync_filesystem (endpoints[i].mount_point, NULL);
    }
}

gboolean
fsb_transfer_run (const char          *task_id,
                  FsbTransferEndpoint *endpoints,
                  guint                n_endpoints,
                  guint64              bytes,
                  guint                repetitions,
                  FsbTransferColdFunc  cold,
                  gpointer             cold_data,
                  FsbItemProgressFunc  progress,
                  gpointer             progress_data,
                  FsbResult           *result,
                  GCancellable        *cancellable,
                  GError             **error)
{
  guint64 total_steps, step = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (task_id != NULL && endpoints != NULL && n_endpoints > 0, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  repetitions = MAX (repetitions, 1);
  total_steps = n_endpoints + (guint64) n_endpoints * n_endpoints * repetitions;

  /* Every filesystem gets its own file, with its own content. */
  for (guint i = 0; i < n_endpoints && ok; i++)
    {
      g_autofree char *src = source_path (&endpoints[i], i);
      FsbRng rng;

      fsb_rng_init (&rng, fsb_seed_from ("transfer", bytes, i));
      ok = fsb_write_random_file (src, bytes, &rng, TRUE, TRUE, cancellable, error);
      if (progress != NULL)
        progress (++step, total_steps, progress_data);
    }

  for (guint a = 0; a < n_endpoints && ok; a++)
    for (guint b = 0; b < n_endpoints && ok; b++)
      {
        g_autoptr(GPtrArray) samples = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);

        for (guint r = 0; r < repetitions && ok; r++)
          {
            g_autofree char *src = NULL, *dst = NULL;
            guint64 copied = 0;
            double t0, wall;
            FsbSample *sample;

            if (cold != NULL && !cold (endpoints, a, b, cold_data, cancellable, error))
              {
                ok = FALSE;
                break;
              }
            src = source_path (&endpoints[a], a);
            dst = dest_path (&endpoints[b], a);
            fsb_drop_file_cache (src);

            t0 = fsb_now ();
            ok = fsb_copy_file (src, dst, TRUE, &copied, cancellable, error);
            wall = fsb_now () - t0;
            if (!ok)
              break;
            sample = fsb_sample_new ();
            fsb_sample_set (sample, "bytes", (double) copied);
            fsb_sample_set (sample, "wall_s", wall);
            fsb_sample_set (sample, "mb_per_s", wall > 0 ? copied / 1e6 / wall : 0.0);
            g_ptr_array_add (samples, sample);

            /* The copy goes before the next one; its deletion is not timed. */
            g_unlink (dst);
            ok = fsb_sync_filesystem (endpoints[b].mount_point, error);
            if (progress != NULL)
              progress (++step, total_steps, progress_data);
          }
        /* a pair is kept whole or not at all */
        if (ok)
          g_ptr_array_extend_and_steal (fsb_result_get_transfer (result, endpoints[a].name, endpoints[b].name,
                                                                 task_id)->task->samples,
                                        g_steal_pointer (&samples));
      }

  remove_files (endpoints, n_endpoints);
  fsb_error_normalize (error);
  return ok;
}

/* The group ---------------------------------------------------------------- */

static gboolean
run_across (FsbAcrossContext *ctx, FsbResult *result, GError **error)
{
  return fsb_transfer_run (ctx->task_id, ctx->endpoints, ctx->n_endpoints, fsb_sizes_get_u64 (ctx->sizes, FSB_SIZE_TRANSFER),
                           ctx->repetitions, ctx->cold, ctx->cold_data, ctx->progress, ctx->progress_data,
                           result, ctx->cancellable, error);
}

/* Each image holds its own file and the copy of one other. */
static guint64
space_across (const FsbSizes *s)
{
  return 2 * fsb_sizes_get_u64 (s, FSB_SIZE_TRANSFER);
}

static double
estimate_across (const FsbSizes *s, guint n_fs, guint repetitions)
{
  /* Images and mkfs for each, then every ordered pair, cold each time. */
  return n_fs * 5.0 + (double) n_fs * n_fs * repetitions *
                      (1.0 + fsb_sizes_get (s, FSB_SIZE_TRANSFER) / 120e6);
}

static const FsbCriterionSpec criteria[] = {
  { "transfer", N_("Transfers between filesystems"), FSB_SCORE_TRANSFER,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the fastest copy destination: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied as copy destinations (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("Copies into %s reached %s.") },
    { { "media", 1 } } },
};

/* Seed 003 copied a 700 MB file; 1/4 and 1/20 of it. */
static const FsbParamSpec params[] = {
  { FSB_SIZE_TRANSFER, N_("Size of the file copied between filesystems"), FSB_PARAM_BYTES,
    { 35e6, 175e6, 700e6 }, 1, 1099511627776.0 },
};

const FsbWorkloadGroup fsb_group_transfer = {
  .id = "transfer",
  .name = N_("Transfers"),
  .description = N_("Copying a big file between the filesystems in every direction."),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .across_filesystems = TRUE,
  .estimate_across = estimate_across,
  .run_across = run_across,
  .space_across = space_across,
  .across_name = N_("Copy between filesystems"),
  /* Translators: copies of the big file between filesystems done and in all */
  .across_progress = N_("Copying between filesystems (%u of %u)"),
  .across_plan = N_("Then copies of a file between every pair of filesystems, each on an image of its own."),
};
