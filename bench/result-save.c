/* result-save.c: what saving the result after every task costs as a run
 * grows, the journal (what the runner writes) against writing the whole
 * file (what it wrote before). 20,000 task runs: 8 filesystems × 50 tasks
 * × 50 rounds, the result saved after each; prints the mean time of the
 * first and the last 500 saves of each way, and their ratio. The whole file
 * grows with the square of the runs, so it is timed over the first 4,000
 * only (about 2 min here).
 *   _build/bench/result-save [TASK_RUNS] */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include "fsb-engine.h"
#include "fsb-result.h"

#define N_FS    8
#define N_TASKS 50
#define WINDOW  500

typedef gboolean (*SaveFunc) (gpointer way, FsbResult *r, const char *path, GError **error);

static gboolean
save_whole (gpointer way, FsbResult *r, const char *path, GError **error)
{
  return fsb_result_save (r, path, error);
}

static gboolean
save_journal (gpointer way, FsbResult *r, const char *path, GError **error)
{
  return fsb_result_journal_write (way, r, error);
}

/* Runs every task run, saving after each; the mean of the first and last
 * WINDOW saves, in milliseconds. */
static void
measure (const char *name, SaveFunc save, gpointer way, const char *path, guint runs, double *first, double *last)
{
  g_autoptr(FsbResult) r = fsb_result_new ();
  double sum_first = 0, sum_last = 0;

  r->machine.cpu_model = g_strdup ("bench");
  r->profile = g_strdup ("quick");
  for (guint f = 0; f < N_FS; f++)
    {
      g_autofree char *fs = g_strdup_printf ("fs%u", f);
      fsb_result_add_filesystem (r, fs);
    }
  for (guint i = 0; i < runs; i++)
    {
      FsbFsResult *fs = g_ptr_array_index (r->filesystems, i % N_FS);
      g_autofree char *id = g_strdup_printf ("custom:t%u", (i / N_FS) % N_TASKS);
      FsbTaskResult *task = fsb_fs_result_get_task (fs, id, TRUE);
      FsbSample *s = fsb_sample_new ();
      g_autoptr(GError) error = NULL;
      gint64 t0;
      double ms;

      fsb_sample_set (s, "wall_s", 0.1 + g_random_double () / 10);
      fsb_sample_set (s, "cpu_percent", 30 + g_random_double ());
      fsb_sample_set (s, "minor_faults", 1000 + i);
      g_ptr_array_add (task->samples, s);
      t0 = g_get_monotonic_time ();
      if (!save (way, r, path, &error))
        {
          fprintf (stderr, "%s: %s\n", name, error->message);
          exit (1);
        }
      ms = (g_get_monotonic_time () - t0) / 1000.0;
      if (i < WINDOW)
        sum_first += ms;
      if (i >= runs - WINDOW)
        sum_last += ms;
    }
  *first = sum_first / WINDOW;
  *last = sum_last / WINDOW;
  printf ("%-8s first %u saves %8.3f ms each, last %u %8.3f ms each: last/first %6.2f×\n",
          name, WINDOW, *first, WINDOW, *last, *last / *first);
}

int
main (int argc, char **argv)
{
  guint runs = argc > 1 ? (guint) atoi (argv[1]) : 20000;
  g_autofree char *dir = g_dir_make_tmp ("fsbench-save-XXXXXX", NULL);
  g_autofree char *whole_path = g_build_filename (dir, "whole.json", NULL);
  g_autofree char *journal_path = g_build_filename (dir, "journal.json", NULL);
  g_autoptr(FsbResultJournal) journal = fsb_result_journal_new (journal_path);
  g_autoptr(FsbResult) back = NULL;
  g_autoptr(GError) error = NULL;
  double jf, jl, wf, wl;

  fsb_engine_init ();
  setlocale (LC_ALL, "C.UTF-8");
  if (runs < 2 * WINDOW)
    runs = 2 * WINDOW;
  printf ("%u task runs (%u filesystems × %u tasks × %u rounds), saved after each\n",
          runs, N_FS, N_TASKS, runs / (N_FS * N_TASKS));
  measure ("journal", save_journal, journal, journal_path, runs, &jf, &jl);
  measure ("whole", save_whole, NULL, whole_path, MIN (runs, 4000), &wf, &wl);
  printf ("the journal's last save at %u runs is %.1f× faster than the whole file's at %u\n",
          runs, wl / jl, MIN (runs, 4000));
  back = fsb_result_load (journal_path, &error);
  printf ("the journal reads back: %s\n", back != NULL ? "yes" : error->message);
  g_unlink (whole_path);
  g_unlink (journal_path);
  g_rmdir (dir);
  return back != NULL && jl <= 2 * jf ? 0 : 1;
}
