/* fsb-bench-task.c: runs FS Bench tasks on a folder and prints their
 * samples, so bench/ scripts (compare-tools.sh, sysbench-compare.sh) can
 * put them next to other tools' figures on the same mounted filesystem;
 * with --metric, the catalog's headline metric of each task id given
 * (bench/noise.sh). Not installed. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "fsb-aging.h"
#include "fsb-engine.h"
#include "fsb-fragmentation.h"
#include "fsb-plan.h"
#include "fsb-workload.h"
#include "fsb-workloads-util.h"

/* The runner's aging (run/fsb-run-aging.c) with the plan's figures, for
 * an image of the size given after the level ("light:872415232"). */
static gboolean
age_dir (FsbPlan *plan, const char *arg, const char *dir)
{
  g_auto(GStrv) parts = g_strsplit (arg, ":", 2);
  g_autoptr(GError) error = NULL;
  FsbPlanAging aging;
  FsbAgingParams p = { 0 };
  FsbAgingRun run;

  if (parts[1] != NULL)
    fsb_plan_set_image (plan, g_ascii_strtoull (parts[1], NULL, 10), NULL);
  if (!fsb_plan_set_age (plan, parts[0], &error) || !fsb_plan_aging_estimate (plan, NULL, &aging))
    {
      g_printerr ("%s\n", error != NULL ? error->message : "no aging at level none");
      return FALSE;
    }
  p.spec = fsb_age_spec (parts[0]);
  p.seed = FSB_AGING_SEED;
  p.reserve_bytes = aging.reserve_bytes;
  p.max_file_bytes = aging.max_file_bytes;
  fsb_aging_run_init (&run);
  if (!fsb_aging_run (dir, &p, &run, &error))
    {
      g_printerr ("%s\n", error->message);
      return FALSE;
    }
  g_print ("age fill_percent=%.2f files_written=%" G_GUINT64_FORMAT " files_deleted=%" G_GUINT64_FORMAT
           " bytes_written=%" G_GUINT64_FORMAT " seconds=%.2f\n", run.fill_percent_reached,
           run.files_written, run.files_deleted, run.bytes_written, run.seconds);
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autofree char *profile_name = NULL, *dir = NULL, *scratch = NULL, *source = NULL;
  g_autofree char *age = NULL, *extents_of = NULL;
  g_auto(GStrv) drop = NULL, size_args = NULL;
  gboolean direct = FALSE, show_profile = FALSE, setup_only = FALSE, show_metric = FALSE;
  GOptionEntry entries[] = {
    { "profile", 'p', 0, G_OPTION_ARG_STRING, &profile_name, "Profile (quick, standard, seed)", "NAME" },
    { "dir", 'd', 0, G_OPTION_ARG_FILENAME, &dir, "The mounted filesystem to work in", "DIR" },
    { "scratch", 0, 0, G_OPTION_ARG_FILENAME, &scratch, "A folder off the target (read side)", "DIR" },
    { "source", 0, 0, G_OPTION_ARG_FILENAME, &source, "The dataset folder", "DIR" },
    { "direct-io", 0, 0, G_OPTION_ARG_NONE, &direct, "random-io with O_DIRECT", NULL },
    { "drop-cache", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &drop, "Drop FILE's pages first (an image)", "FILE" },
    { "show-profile", 0, 0, G_OPTION_ARG_NONE, &show_profile, "Print the profile's sizes as shell variables", NULL },
    { "metric", 0, 0, G_OPTION_ARG_NONE, &show_metric, "Print each TASK-ID's headline metric, \"higher\" or \"lower\" (is better), \"task\" or \"step\"", NULL },
    { "setup", 0, 0, G_OPTION_ARG_NONE, &setup_only, "Only run the tasks' untimed setup (then make the caches cold)", NULL },
    { "age", 0, 0, G_OPTION_ARG_STRING, &age, "First age DIR as a run with --age LEVEL would, on an image of IMAGE bytes", "LEVEL:IMAGE" },
    { "extents", 0, 0, G_OPTION_ARG_FILENAME, &extents_of, "Print FILE's extents, as FS Bench counts them (FIEMAP)", "FILE" },
    { "size", 0, 0, G_OPTION_ARG_STRING_ARRAY, &size_args, "One size over the profile's, as run --size takes it", "ID=SIZE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("TASK-ID…");
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbPlan) plan = NULL;
  const FsbSizes *sizes;

  fsb_engine_init ();
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) ||
      (!show_profile && !show_metric && drop == NULL && extents_of == NULL && age == NULL && (dir == NULL || argc < 2)))
    {
      g_printerr ("%s\n", error != NULL ? error->message : "usage: fsb-bench-task --dir DIR TASK-ID…");
      return 2;
    }
  if (show_metric)
    {
      /* The catalog's: what the report ranks a task on (bench/noise.sh). */
      for (int i = 1; i < argc; i++)
        {
          gboolean higher = FALSE;
          const char *metric = fsb_task_metric (argv[i], &higher);
          const FsbTaskSpec *spec = fsb_catalog_task (argv[i], NULL);

          /* mkfs, mount, umount: steps the runner times itself */
          g_print ("%s %s %s %s\n", argv[i], metric, higher ? "higher" : "lower",
                   spec != NULL && spec->run == NULL ? "step" : "task");
        }
      return 0;
    }
  plan = fsb_plan_new ();
  if (!fsb_plan_set_profile (plan, profile_name != NULL ? profile_name : "quick", &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  for (guint i = 0; size_args != NULL && size_args[i] != NULL; i++)
    if (!fsb_plan_set_size_text (plan, NULL, size_args[i], &error))
      {
        g_printerr ("%s\n", error->message);
        return 2;
      }
  plan->direct_io = direct;
  sizes = plan->sizes;
  if (show_profile)
    g_print ("randio_files=%u\nrandio_file_bytes=%" G_GUINT64_FORMAT "\nrandio_requests=%u\n"
             "randio_seconds=%g\ndelete_file_bytes=%" G_GUINT64_FORMAT "\n",
             fsb_sizes_get_uint (sizes, "randio-files"), fsb_sizes_get_u64 (sizes, "randio-file-size"),
             fsb_sizes_get_uint (sizes, "randio-requests"), fsb_sizes_get (sizes, "randio-seconds"),
             fsb_sizes_get_u64 (sizes, "delete-file-size"));
  if (show_profile)
    g_print ("sync_files=%u\nsync_file_bytes=%" G_GUINT64_FORMAT "\nsync_commits=%u\nsync_seconds=%g\n",
             fsb_sizes_get_uint (sizes, "sync-files"), fsb_sizes_get_u64 (sizes, "sync-file-size"),
             fsb_sizes_get_uint (sizes, "sync-commits"), fsb_sizes_get (sizes, "sync-seconds"));
  /* and every size by its id, "-" as "_": sqlite_rows=20000 */
  for (guint i = 0; show_profile && i < fsb_sizes_count (sizes); i++)
    {
      double v;
      g_autofree char *name = g_strdup (fsb_sizes_nth (sizes, i, &v));

      g_strdelimit (name, "-", '_');
      g_print ("%s=%.17g\n", name, v);
    }
  if (age != NULL && (dir == NULL || !age_dir (plan, age, dir)))
    return 1;
  if (extents_of != NULL)
    {
      gint64 n = fsb_file_extents (extents_of, &error);

      if (n < 0)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_print ("extents=%" G_GINT64_FORMAT "\n", n);
    }
  if (argc < 2)
    {
      for (guint d = 0; drop != NULL && drop[d] != NULL; d++)
        fsb_drop_file_cache (drop[d]);
      return 0;
    }

  for (int i = 1; i < argc; i++)
    {
      FsbTaskFunc func = setup_only ? fsb_workload_lookup_setup (argv[i]) : fsb_workload_lookup (argv[i]);
      g_autoptr(GPtrArray) extra = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
      g_autoptr(FsbSample) sample = fsb_sample_new ();
      FsbWorkloadContext ctx = { 0 };
      FsbMeter meter;
      gboolean ok;

      if (func == NULL && setup_only)
        continue;
      if (func == NULL)
        {
          g_printerr ("%s: no such task\n", argv[i]);
          return 2;
        }
      for (guint d = 0; drop != NULL && drop[d] != NULL; d++)
        fsb_drop_file_cache (drop[d]);
      ctx.mount_point = dir;
      ctx.scratch_dir = scratch != NULL ? scratch : g_get_tmp_dir ();
      ctx.source_dir = source != NULL ? source : dir;
      ctx.plan = plan;
      ctx.sizes = sizes;
      ctx.extra_samples = extra;
      if (setup_only)
        {
          if (!func (&ctx, NULL, &error))
            {
              g_printerr ("%s: %s\n", argv[i], error->message);
              return 1;
            }
          continue;
        }
      fsb_meter_start (&meter);
      ok = func (&ctx, sample, &error);
      fsb_meter_stop (&meter, sample);
      if (!ok)
        {
          g_printerr ("%s: %s\n", argv[i], error->message);
          return 1;
        }
      g_print ("%s", argv[i]);
      for (guint m = 0; m < sample->metrics->len; m++)
        {
          const FsbMetric *metric = &g_array_index (sample->metrics, FsbMetric, m);
          g_print (" %s=%.6g", metric->name, metric->value);
        }
      g_print ("\n");
      for (guint e = 0; e < extra->len; e++)
        {
          FsbSample *one = g_ptr_array_index (extra, e);
          g_print ("%s[%u]", argv[i], e);
          for (guint m = 0; m < one->metrics->len; m++)
            {
              const FsbMetric *metric = &g_array_index (one->metrics, FsbMetric, m);
              g_print (" %s=%.6g", metric->name, metric->value);
            }
          g_print ("\n");
        }
    }
  return 0;
}
