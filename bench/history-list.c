/* history-list.c: what listing the history costs with 1,000 runs, of which
 * 20 are large (about 3 MB, a standard plan with many rounds), the way
 * `fsbench-cli history` lists it and `fsbench-cli plan` looks for a pace:
 * every file read whole (what the listing did before the index), the first
 * listing without an index (which writes it) and the next ones with it.
 * Each figure comes from a child process of its own, so that its peak RSS
 * (getrusage ru_maxrss) is its own. The files were just written, so they
 * are in the page cache: "cold" means without the index, not from disk.
 *   _build/bench/history-list [RUNS [LARGE]] */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "fsb-catalog.h"
#include "fsb-engine.h"
#include "fsb-history.h"
#include "fsb-history-private.h"

static const char *const metrics[] = {
  "wall_s", "cpu_percent", "user_s", "system_s", "minor_faults", "major_faults", "files_per_s", "mb_per_s",
};

/* A run of the whole catalog on n_fs filesystems, rounds samples per task. */
static FsbResult *
make_run (guint index, guint n_fs, guint rounds)
{
  const char *const fs_names[] = { "ext4", "xfs", "btrfs", "f2fs", "vfat", "exfat", "ntfs3", "nilfs2" };
  FsbResult *r = fsb_result_new ();
  g_autoptr(GDateTime) when = g_date_time_new_utc (2024, 1, 1, 0, 0, 0);
  g_autoptr(GDateTime) created = g_date_time_add_hours (when, index * 7);
  guint n_groups;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n_groups);
  g_autoptr(GStrvBuilder) workloads = g_strv_builder_new ();

  g_free (r->created);
  r->created = g_date_time_format_iso8601 (created);
  r->complete = TRUE;
  r->app_version = g_strdup ("0.4");
  r->profile = g_strdup (rounds > 10 ? "standard" : "quick");
  r->use_case = g_strdup ("desktop");
  r->repetitions = rounds;
  r->machine.cpu_model = g_strdup_printf ("Bench CPU %u", index % 3);
  r->machine.cores = 8;
  r->machine.ram_bytes = 16ull << 30;
  r->machine.kernel = g_strdup ("6.1.0-bench");
  r->machine.distribution = g_strdup ("Debian GNU/Linux 12");
  r->target.kind = g_strdup ("image");
  r->target.size_bytes = 8ull << 30;
  r->target.device = g_strdup ("/dev/loop3");
  r->target.device_model = g_strdup ("Bench NVMe");
  r->target.host.filesystem = g_strdup ("ext4");
  r->target.host.source = g_strdup ("/dev/nvme0n1p2");
  r->target.host.mount_point = g_strdup ("/home");
  r->target.host.mount_options = g_strdup ("rw,relatime");
  for (guint g = 0; g < n_groups; g++)
    g_strv_builder_add (workloads, groups[g]->id);
  r->workloads = g_strv_builder_end (workloads);

  for (guint f = 0; f < n_fs; f++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (r, fs_names[f % G_N_ELEMENTS (fs_names)]);

      fs->mkfs_version = g_strdup ("mkfs 1.0");
      fs->mount_options = g_strdup ("rw,relatime");
      for (guint g = 0; g < n_groups; g++)
        for (guint t = 0; t < groups[g]->n_tasks; t++)
          {
            FsbTaskResult *task = fsb_fs_result_get_task (fs, groups[g]->tasks[t].id, TRUE);

            for (guint s = 0; s < rounds; s++)
              {
                FsbSample *sample = fsb_sample_new ();

                for (guint m = 0; m < G_N_ELEMENTS (metrics); m++)
                  fsb_sample_set (sample, metrics[m], 1.0 + g_random_double () * 10);
                g_ptr_array_add (task->samples, sample);
              }
            fsb_result_add_pace (r, groups[g]->tasks[t].id, 1.0, 1.0 + g_random_double ());
          }
    }
  return r;
}

static void
fill_history (const char *dir, guint runs, guint large, guint64 *total_bytes, guint64 *largest)
{
  for (guint i = 0; i < runs; i++)
    {
      /* the large ones spread over the history */
      gboolean is_large = large > 0 && i % (runs / large) == 0 && i / (runs / large) < large;
      g_autoptr(FsbResult) r = make_run (i, is_large ? 6 : 3, is_large ? 45 : 3);
      g_autoptr(GDateTime) created = g_date_time_new_from_iso8601 (r->created, NULL);
      g_autofree char *stamp = g_date_time_format (created, "%Y%m%d-%H%M%S");
      g_autofree char *name = g_strdup_printf ("%s-run.json", stamp);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GError) error = NULL;
      GStatBuf st;

      if (!fsb_result_save (r, path, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          exit (1);
        }
      g_stat (path, &st);
      *total_bytes += (guint64) st.st_size;
      *largest = MAX (*largest, (guint64) st.st_size);
    }
}

/* In the child: one way of listing, its time and peak RSS on stdout. */
static int
measure (const char *way)
{
  g_autoptr(GPtrArray) kept = NULL;
  g_autoptr(FsbPlan) plan = NULL;
  struct rusage usage;
  gint64 t0 = g_get_monotonic_time ();
  guint n = 0;

  if (g_strcmp0 (way, "whole") == 0)
    {
      /* as fsb_history_list () did: every file read whole, all kept */
      g_autofree char *dir_path = fsb_history_dir ();
      g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
      const char *name;

      kept = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_result_unref);
      while ((name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".json"))
          {
            g_autofree char *path = g_build_filename (dir_path, name, NULL);
            FsbResult *r = fsb_result_load (path, NULL);

            if (r != NULL)
              g_ptr_array_add (kept, r);
          }
      fsb_history_find_pace (kept, FSB_DEFAULT_TARGET);
      n = kept->len;
    }
  else if (g_strcmp0 (way, "list") == 0)
    {
      /* `fsbench-cli history`: each run described */
      kept = fsb_history_list (NULL);
      for (guint i = 0; i < kept->len; i++)
        {
          FsbHistoryEntry *e = kept->pdata[i];
          g_autofree char *text = e->summary != NULL ? fsb_history_describe (e->summary) : NULL;

          n += text != NULL;
        }
    }
  else
    {
      /* `fsbench-cli plan`: the history listed for the pace */
      plan = fsb_plan_new ();
      fsb_history_pace_plan (plan);
      n = 1;
    }
  getrusage (RUSAGE_SELF, &usage);
  printf ("%.4f %ld %u %u\n", (g_get_monotonic_time () - t0) / 1e6, usage.ru_maxrss, n, fsb_history_files_read ());
  return 0;
}

typedef struct {
  double seconds;
  long   rss_kib;
  guint  files_read;
} Figure;

static Figure
run_child (const char *self_path, const char *way, const char *label, const char *index, gboolean drop_index)
{
  const char *argv[] = { self_path, "--measure", way, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  Figure f = { 0 };
  guint n = 0;
  int status = 0;

  if (drop_index)
    g_unlink (index);
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error)
      || sscanf (out, "%lf %ld %u %u", &f.seconds, &f.rss_kib, &n, &f.files_read) != 4)
    {
      fprintf (stderr, "%s: %s\n", way, error != NULL ? error->message : out);
      exit (1);
    }
  printf ("%-34s %8.3f s %8.1f MB peak RSS %6u files read\n", label, f.seconds, f.rss_kib / 1024.0,
          g_strcmp0 (way, "whole") == 0 ? n : f.files_read);
  return f;
}

int
main (int argc, char **argv)
{
  guint runs, large;
  g_autofree char *home = NULL, *dir = NULL, *index = NULL, *self_path = NULL;
  guint64 total = 0, largest = 0;
  Figure whole, list_cold, list_warm, plan_cold, plan_warm;
  GStatBuf st;

  fsb_engine_init ();
  setlocale (LC_ALL, "C.UTF-8");
  if (argc == 3 && g_strcmp0 (argv[1], "--measure") == 0)
    return measure (argv[2]);

  runs = argc > 1 ? (guint) atoi (argv[1]) : 1000;
  large = argc > 2 ? (guint) atoi (argv[2]) : 20;
  runs = MAX (runs, 1);
  large = MIN (large, runs);
  home = g_dir_make_tmp ("fsbench-history-bench-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  dir = fsb_history_dir ();
  index = g_build_filename (dir, FSB_HISTORY_INDEX_NAME, NULL);
  self_path = g_canonicalize_filename (argv[0], NULL);

  fill_history (dir, runs, large, &total, &largest);
  printf ("%u runs in %s, %u of them large: %.1f MB in all, the largest %.1f MB\n",
          runs, dir, large, total / 1e6, largest / 1e6);
  whole = run_child (self_path, "whole", "every file read whole (before)", index, TRUE);
  list_cold = run_child (self_path, "list", "history list, no index", index, TRUE);
  g_stat (index, &st);
  printf ("  the index: %.1f MB\n", st.st_size / 1e6);
  list_warm = run_child (self_path, "list", "history list, index", index, FALSE);
  plan_cold = run_child (self_path, "plan", "plan's pace, no index", index, TRUE);
  plan_warm = run_child (self_path, "plan", "plan's pace, index", index, FALSE);
  printf ("with the index, history list is %.0f× faster and %.1f× smaller than reading every file; "
          "plan %.0f× faster, %.1f× smaller\n",
          whole.seconds / list_warm.seconds, (double) whole.rss_kib / list_warm.rss_kib,
          whole.seconds / plan_warm.seconds, (double) whole.rss_kib / plan_warm.rss_kib);
  printf ("without it (the first listing) %.1f× the time and %.1f× the memory of a listing with it\n",
          list_cold.seconds / list_warm.seconds, (double) list_cold.rss_kib / list_warm.rss_kib);
  (void) plan_cold;

  /* the history made here goes */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;

    while (d != NULL && (name = g_dir_read_name (d)) != NULL)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_unlink (path);
      }
  }
  g_rmdir (dir);
  {
    g_autofree char *fsbench = g_path_get_dirname (dir);
    g_rmdir (fsbench);
  }
  g_rmdir (home);
  return 0;
}
