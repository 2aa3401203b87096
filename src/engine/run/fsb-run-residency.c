/* fsb-run-residency.c: proof of cold caches, measured before each timed task */
#include "config.h"

#include <string.h>

#include "fsb-host-state.h"
#include "fsb-residency.h"
#include "fsb-target.h"
#include "fsb-run-private.h"

static void
probe (const char *source_dir, const char *image, FsbResidency *source, FsbResidency *img)
{
  memset (source, 0, sizeof *source);
  memset (img, 0, sizeof *img);
  fsb_residency_probe (source_dir, FSB_RESIDENCY_MAX_FILES, source);
  fsb_residency_probe (image, 1, img);
}

/* The limits fsb_run_check_residency () keeps to, for the result to say */
void
fsb_run_describe_residency (FsbTargetInfo *info)
{
  info->residency_max_files = FSB_RESIDENCY_MAX_FILES;
  info->residency_near_zero_bytes = FSB_RESIDENCY_NEAR_ZERO;
}

/* What of the source data and of the image file is still in memory as
 * the clock is about to start (mincore, as fincore does). Above near zero,
 * evicts it again and looks once more; what is still there flags the
 * sample (cache_warm), for the report to say. The walk of the source stops
 * at FSB_RESIDENCY_MAX_FILES files; resident_files_checked says how many. */
void
fsb_run_check_residency (Run *run, const char *source_dir, FsbSample *sample)
{
  const char *image = fsb_target_get_image_path (run->target);
  FsbResidency source, img;
  guint64 found;
  gboolean evicted = FALSE;

  probe (source_dir, image, &source, &img);
  found = source.resident_bytes + img.resident_bytes;
  if (found > FSB_RESIDENCY_NEAR_ZERO)
    {
      /* Pages another process maps or locks stay; clean ones go. The
       * image's dirty pages are written back first (no direct I/O). */
      fsb_residency_evict (source_dir, FSB_RESIDENCY_MAX_FILES, FALSE);
      fsb_residency_evict (image, 1, TRUE);
      evicted = TRUE;
      probe (source_dir, image, &source, &img);
    }
  fsb_sample_set (sample, "resident_bytes_before", (double) (source.resident_bytes + img.resident_bytes));
  fsb_sample_set (sample, "resident_source_bytes_before", (double) source.resident_bytes);
  fsb_sample_set (sample, "resident_image_bytes_before", (double) img.resident_bytes);
  fsb_sample_set (sample, "resident_files_checked", (double) source.files);
  fsb_sample_set (sample, "resident_walk_complete", source.truncated ? 0 : 1);
  fsb_sample_set (sample, "resident_bytes_found", (double) found);
  fsb_sample_set (sample, "evicted_again", evicted ? 1 : 0);
  fsb_sample_set (sample, "cache_warm", source.resident_bytes + img.resident_bytes > FSB_RESIDENCY_NEAR_ZERO ? 1 : 0);
}

/* A task whose samples are its operations' (delete-latency) carries the
 * probe, and the machine's state around them, on each of them. */
void
fsb_run_copy_residency (const FsbSample *sample, GPtrArray *extra)
{
  for (guint i = 0; i < sample->metrics->len; i++)
    {
      const FsbMetric *m = &g_array_index (sample->metrics, FsbMetric, i);

      if (g_str_has_prefix (m->name, "resident_") || g_str_equal (m->name, "evicted_again") ||
          g_str_equal (m->name, "cache_warm") || g_str_equal (m->name, "just_mounted")
          || g_strv_contains (fsb_host_state_metrics, m->name))
        for (guint j = 0; j < extra->len; j++)
          fsb_sample_set (extra->pdata[j], m->name, m->value);
    }
}
