/* fsb-bench-repeat.c: two rules for how many repetitions, replayed on the
 * same measurements: FS Bench's automatic one (fsb-repeat.c) and the
 * Phoronix Test Suite's (at least 3 runs, then more while the standard
 * deviation exceeds 3.5 % of the mean). It reads a result of a fixed
 * number of repetitions (`run --repeat 10`) and lets each rule take the
 * rounds it asks for, in the order they ran; it prints the rounds, the
 * seconds those rounds took and the verdict each arrives at.
 *
 *   fsb-bench-repeat RESULT.json [USE-CASE]
 *
 * Not installed; bench/repeat-vs-pts.sh runs it. */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "fsb-engine.h"
#include "fsb-recommend.h"
#include "fsb-repeat.h"

#define PTS_MAX_CV 0.035

/* Rounds the full result has for fs: its cycles. */
static guint
rounds_of (FsbFsResult *fs)
{
  FsbTaskResult *mkfs = fsb_fs_result_get_task (fs, "mkfs", FALSE);

  return mkfs != NULL ? mkfs->samples->len : 0;
}

/* The result as it was after k[f] rounds of each filesystem. */
static FsbResult *
prefix (FsbResult *full, const guint *k)
{
  g_autoptr(JsonNode) node = fsb_result_to_json (full);
  FsbResult *r = fsb_result_from_json (node, NULL);

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      guint n = rounds_of (fs);

      for (guint t = 0; t < fs->tasks->len && n > 0; t++)
        {
          FsbTaskResult *task = fs->tasks->pdata[t];
          guint per_round = task->samples->len / n;

          g_ptr_array_set_size (task->samples, MIN (task->samples->len, per_round * k[f]));
        }
    }
  return r;
}

/* Seconds of round r (0-based) of fs: the wall time of its samples. */
static double
round_seconds (FsbFsResult *fs, guint r)
{
  guint n = rounds_of (fs);
  double sum = 0;

  for (guint t = 0; t < fs->tasks->len && n > 0; t++)
    {
      FsbTaskResult *task = fs->tasks->pdata[t];
      guint per_round = task->samples->len / n;

      for (guint i = r * per_round; i < (r + 1) * per_round && i < task->samples->len; i++)
        {
          double v = 0;
          if (fsb_sample_get (task->samples->pdata[i], "wall_s", &v))
            sum += v;
        }
    }
  return sum;
}

/* PTS: another run while a headline figure's standard deviation is over
 * 3.5 % of its mean; per filesystem here, as FS Bench repeats cycles. */
static gboolean
pts_unsteady (FsbResult *r, guint f)
{
  FsbFsResult *fs = r->filesystems->pdata[f];

  for (guint t = 0; t < fs->tasks->len; t++)
    {
      FsbTaskResult *task = fs->tasks->pdata[t];
      FsbStats s;

      if (fsb_task_result_stats (NULL, task, fsb_task_metric (task->id, NULL), &s) && s.n > 1 &&
          s.mean > 0 && s.stdev / s.mean > PTS_MAX_CV)
        return TRUE;
    }
  return FALSE;
}

static void
report (const char *rule, FsbResult *full, const guint *k, double seconds, FsbUseCase use_case, const char *why)
{
  g_autoptr(FsbResult) r = prefix (full, k);
  g_autoptr(FsbRecommendation) rec = fsb_recommend (r, use_case);
  g_autofree char *tied = rec->tied != NULL ? g_strjoinv ("=", rec->tied) : g_strdup (rec->best);
  guint total = 0;

  printf ("%-5s rounds", rule);
  for (guint f = 0; f < full->filesystems->len; f++)
    {
      printf (" %s:%u", ((FsbFsResult *) full->filesystems->pdata[f])->name, k[f]);
      total += k[f];
    }
  printf ("  cycles %u  seconds %.1f  stopped %s  verdict %s %s  confidence %s\n", total, seconds, why,
          fsb_verdict_kind_id (rec->verdict), tied != NULL ? tied : "-",
          fsb_confidence_id (rec->confidence) != NULL ? fsb_confidence_id (rec->confidence) : "-");
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) full = NULL;
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  FsbUseCase use_case = FSB_USE_CASE_SERVER;
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
  g_auto(GStrv) list = NULL;
  g_autofree guint *k = NULL;
  guint n_fs, most = G_MAXUINT;
  FsbRepeatState state = { 0 };
  FsbRepeatStop stop = FSB_REPEAT_GO;
  double seconds = 0;

  fsb_engine_init ();
  if (argc < 2 || (full = fsb_result_load (argv[1], &error)) == NULL)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "usage: fsb-bench-repeat RESULT.json [USE-CASE]");
      return 2;
    }
  if (argc > 2 && !fsb_use_case_from_id (argv[2], &use_case))
    {
      g_printerr ("unknown use case %s\n", argv[2]);
      return 2;
    }
  n_fs = full->filesystems->len;
  k = g_new0 (guint, n_fs);
  for (guint f = 0; f < n_fs; f++)
    {
      g_strv_builder_add (names, ((FsbFsResult *) full->filesystems->pdata[f])->name);
      most = MIN (most, rounds_of (full->filesystems->pdata[f]));
    }
  list = g_strv_builder_end (names);
  fsb_plan_set_filesystems (plan, (const char *const *) list, NULL);
  g_free (plan->use_case);
  plan->use_case = g_strdup (fsb_use_case_id (use_case));
  plan->repeat_max = MIN (most, FSB_DEFAULT_REPEAT_MAX);
  printf ("# %s: %u filesystems, %u rounds each measured, use case %s\n", argv[1], n_fs, most, fsb_use_case_id (use_case));

  /* FS Bench's rule, as the runner applies it. */
  {
    g_auto(GStrv) next = g_strdupv (list);

    while (next != NULL)
      {
        for (guint f = 0; f < n_fs; f++)
          if (g_strv_contains ((const char *const *) next, list[f]) && k[f] < most)
            seconds += round_seconds (full->filesystems->pdata[f], k[f]++);
        state.rounds++;
        state.elapsed_s = seconds;
        if (state.rounds == plan->repetitions)
          state.min_rounds_s = seconds;
        {
          guint cycles = 0;
          for (guint f = 0; f < n_fs; f++)
            cycles += k[f];
          state.cycle_s = seconds / MAX (cycles, 1);
        }
        g_strfreev (next);
        {
          g_autoptr(FsbResult) r = prefix (full, k);
          next = fsb_repeat_next (plan, r, &state, NULL, &stop);
        }
      }
    report ("auto", full, k, seconds, use_case, fsb_repeat_stop_id (stop));
  }

  /* PTS: at least 3, then more for each filesystem while unsteady. */
  {
    gboolean more = TRUE;

    seconds = 0;
    for (guint f = 0; f < n_fs; f++)
      {
        k[f] = 0;
        for (guint r = 0; r < 3 && r < most; r++)
          seconds += round_seconds (full->filesystems->pdata[f], k[f]++);
      }
    while (more)
      {
        g_autoptr(FsbResult) r = prefix (full, k);

        more = FALSE;
        for (guint f = 0; f < n_fs; f++)
          if (k[f] < most && pts_unsteady (r, f))
            {
              seconds += round_seconds (full->filesystems->pdata[f], k[f]++);
              more = TRUE;
            }
      }
    report ("pts", full, k, seconds, use_case, "steady-or-max");
  }
  return 0;
}
