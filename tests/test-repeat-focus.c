/* test-repeat-focus.c: the choice of a focused round, on synthetic
 * results: the noisy task's chain over the quiet ones, the cheap one when
 * it buys as much, nothing when settled, the budget and the most kept */
#include "config.h"

#include <math.h>

#include "fsb-engine.h"
#include "fsb-host-state.h"
#include "fsb-recommend.h"
#include "fsb-repeat-focus.h"

typedef struct {
  const char *task;
  double      sigma;     /* the noise of its logs */
  double      seconds;   /* a step of it */
} Task;

/* Three rounds: each task on each filesystem at speed × e^{σz}, z taking
 * −1, 0 and 1 in turn (median speed, standard deviation σ), and the
 * cycle's own steps, quiet and quick. */
static FsbResult *
synthetic (const char *const *names, const double *speeds, const Task *tasks, guint n_tasks)
{
  static const double z[] = { -1, 0, 1 };
  static const char *const steps[] = { "mkfs", "mount", "umount" };
  FsbResult *r = fsb_result_new ();

  for (guint f = 0; names[f] != NULL; f++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (r, names[f]);

      for (guint round = 0; round < 3; round++)
        {
          for (guint s = 0; s < G_N_ELEMENTS (steps); s++)
            {
              FsbSample *sample = fsb_sample_new ();

              fsb_sample_set (sample, "wall_s", 0.05 * exp (0.01 * z[(round + f) % 3]));
              g_ptr_array_add (fsb_fs_result_get_task (fs, steps[s], TRUE)->samples, sample);
            }
          for (guint t = 0; t < n_tasks; t++)
            {
              gboolean higher = FALSE;
              const char *metric = fsb_task_metric (tasks[t].task, &higher);
              double v = exp (tasks[t].sigma * z[(round + f + t) % 3]);
              FsbSample *sample = fsb_sample_new ();

              fsb_sample_set (sample, metric, 100 * (higher ? speeds[f] : 1 / speeds[f]) * v);
              fsb_sample_set (sample, "cpu_percent", 10);
              g_ptr_array_add (fsb_fs_result_get_task (fs, tasks[t].task, TRUE)->samples, sample);
            }
        }
    }
  return r;
}

/* The seconds of each step, as the runner measures them. */
static GHashTable *
step_seconds (const char *const *names, const Task *tasks, guint n_tasks)
{
  GHashTable *seconds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  static const char *const steps[] = { "mkfs", "mount", "umount" };

  for (guint f = 0; names[f] != NULL; f++)
    {
      for (guint s = 0; s < G_N_ELEMENTS (steps); s++)
        g_hash_table_insert (seconds, fsb_repeat_step_key (names[f], steps[s]), g_memdup2 (&(double) { 0.05 }, sizeof (double)));
      for (guint t = 0; t < n_tasks; t++)
        g_hash_table_insert (seconds, fsb_repeat_step_key (names[f], tasks[t].task),
                             g_memdup2 (&tasks[t].seconds, sizeof (double)));
    }
  return seconds;
}

static FsbPlan *
plan_for (const char *use_case)
{
  FsbPlan *plan = fsb_plan_new ();
  const char *const names[] = { "ext4", "xfs", NULL };

  g_assert_true (fsb_plan_set_use_case (plan, use_case, NULL));
  g_assert_true (fsb_plan_set_filesystems (plan, names, NULL));
  g_assert_true (fsb_repeat_focus_possible (plan));
  return plan;
}

/* The database use case weighs the sqlite group too: its four tasks,
 * quiet and a second each, beside the random I/O and durable writes the
 * tests vary. */
#define SQLITE_QUIET \
  { "sqlite-insert", 0.005, 1 }, { "sqlite-insert-wal", 0.005, 1 }, { "sqlite-lookup", 0.005, 1 }, \
  { "sqlite-update", 0.005, 1 }

/* The server's groups (core, random I/O, small files), every task quiet
 * and a tenth of a second but `noisy`, whose logs vary by sigma. */
#define Q(task, noisy, sigma) { task, g_strcmp0 (task, noisy) == 0 ? sigma : 0.005, 0.1 }
#define SERVER_QUIET_BUT(noisy, sigma) \
  Q ("big-copy-in", noisy, sigma), Q ("big-recopy", noisy, sigma), Q ("big-delete", noisy, sigma), \
  Q ("tree-copy-in", noisy, sigma), Q ("tree-recopy", noisy, sigma), Q ("tree-list", noisy, sigma), \
  Q ("tree-find", noisy, sigma), Q ("tree-delete", noisy, sigma), \
  Q ("rand-read", noisy, sigma), Q ("rand-write", noisy, sigma), \
  Q ("small-create-seq", noisy, sigma), Q ("small-stat-seq", noisy, sigma), Q ("small-delete-seq", noisy, sigma), \
  Q ("small-create-rand", noisy, sigma), Q ("small-stat-rand", noisy, sigma), Q ("small-delete-rand", noisy, sigma)

static const char *const both[] = { "ext4", "xfs", NULL };
/* 2.5 % apart in everything: half the margin, where a comparison needs
 * the narrowest interval to settle (wholly above 1 for a lead, wholly
 * within 5 % for a tie): quiet tasks settle, one noisy task keeps the
 * whole open. */
static const double halfway[] = { 1.0, 1.025 };

static FsbRepeatFocus *
choose (FsbPlan *plan, const double *speeds, const Task *tasks, guint n, double seconds_left, FsbRepeatStop *stop)
{
  g_autoptr(FsbResult) r = synthetic (both, speeds, tasks, n);
  g_autoptr(GHashTable) seconds = step_seconds (both, tasks, n);

  return fsb_repeat_focus_choose (plan, r, both, seconds, seconds_left, stop);
}

/* Random reads are noisy, random and durable writes quiet: only the
 * random reads run again (their setup makes what they read: a chain of
 * one), on both filesystems. */
static void
test_noisy_over_quiet (void)
{
  g_autoptr(FsbPlan) plan = plan_for ("database");
  const Task tasks[] = { { "rand-read", 0.3, 1 }, { "rand-write", 0.005, 1 }, { "sync-write", 0.005, 1 }, SQLITE_QUIET };
  FsbRepeatStop stop = FSB_REPEAT_SETTLED;
  g_autoptr(FsbRepeatFocus) focus = choose (plan, halfway, tasks, G_N_ELEMENTS (tasks), 1000, &stop);
  const char *const expected[] = { "rand-read", NULL };

  g_assert_nonnull (focus);
  g_assert_cmpint (stop, ==, FSB_REPEAT_GO);
  g_assert_cmpstrv (focus->tasks, expected);
  g_assert_cmpstrv (focus->filesystems, both);
  g_assert_cmpfloat (focus->narrowing, >, 0);
  /* two cycles: mkfs, mount, the task, umount */
  g_assert_cmpfloat_with_epsilon (focus->seconds, 2 * (0.15 + 1), 1e-9);

  /* the other way round, the other task */
  {
    const Task swapped[] = { { "rand-read", 0.005, 1 }, { "rand-write", 0.3, 1 }, { "sync-write", 0.005, 1 }, SQLITE_QUIET };
    g_autoptr(FsbRepeatFocus) other = choose (plan, halfway, swapped, G_N_ELEMENTS (swapped), 1000, &stop);
    const char *const write[] = { "rand-write", NULL };

    g_assert_nonnull (other);
    g_assert_cmpstrv (other->tasks, write);
  }
}

/* Random reads and writes equally noisy, the writes ten times cheaper:
 * the writes alone buy the most per second. */
static void
test_cheap_preferred (void)
{
  g_autoptr(FsbPlan) plan = plan_for ("database");
  const Task tasks[] = { { "rand-read", 0.3, 2 }, { "rand-write", 0.3, 0.2 }, { "sync-write", 0.005, 1 }, SQLITE_QUIET };
  FsbRepeatStop stop;
  g_autoptr(FsbRepeatFocus) focus = choose (plan, halfway, tasks, G_N_ELEMENTS (tasks), 1000, &stop);
  const char *const expected[] = { "rand-write", NULL };

  g_assert_nonnull (focus);
  g_assert_cmpstrv (focus->tasks, expected);
}

/* A task that reads what the tasks before it made brings them along:
 * the noisy small-stat-seq reads small-create-seq's files. The server's
 * groups: core, random I/O, small files. */
static void
test_chain (void)
{
  g_autoptr(FsbPlan) plan = plan_for ("server");
  const Task tasks[] = { SERVER_QUIET_BUT ("small-stat-seq", 0.4) };
  FsbRepeatStop stop;
  g_autoptr(FsbRepeatFocus) focus = choose (plan, halfway, tasks, G_N_ELEMENTS (tasks), 1000, &stop);
  const char *const expected[] = { "small-create-seq", "small-stat-seq", NULL };

  g_assert_nonnull (focus);
  g_assert_cmpstrv (focus->tasks, expected);
}

/* Twice as fast and quiet: settled, nothing to run. */
static void
test_settled (void)
{
  g_autoptr(FsbPlan) plan = plan_for ("database");
  const Task tasks[] = { { "rand-read", 0.01, 1 }, { "rand-write", 0.01, 1 }, { "sync-write", 0.01, 1 }, SQLITE_QUIET };
  const double apart[] = { 2.0, 1.0 };
  FsbRepeatStop stop = FSB_REPEAT_GO;
  g_autoptr(FsbRepeatFocus) focus = choose (plan, apart, tasks, G_N_ELEMENTS (tasks), 1000, &stop);

  g_assert_null (focus);
  g_assert_cmpint (stop, ==, FSB_REPEAT_SETTLED);
}

/* The round fits in the time left, or there is none. */
static void
test_budget (void)
{
  g_autoptr(FsbPlan) plan = plan_for ("database");
  const Task tasks[] = { { "rand-read", 0.3, 1 }, { "rand-write", 0.3, 1 }, { "sync-write", 0.3, 1 }, SQLITE_QUIET };
  FsbRepeatStop stop = FSB_REPEAT_GO;
  g_autoptr(FsbRepeatFocus) none = choose (plan, halfway, tasks, G_N_ELEMENTS (tasks), 2.0, &stop);
  g_autoptr(FsbRepeatFocus) some = NULL, all = NULL;

  /* one task on both is 2.3 s */
  g_assert_null (none);
  g_assert_cmpint (stop, ==, FSB_REPEAT_BUDGET);
  some = choose (plan, halfway, tasks, G_N_ELEMENTS (tasks), 2.5, &stop);
  g_assert_nonnull (some);
  g_assert_cmpuint (g_strv_length (some->tasks), ==, 1);
  g_assert_cmpfloat (some->seconds, <=, 2.5);
  /* equally noisy tasks that cost less than a cycle's own steps share them */
  {
    const Task cheap[] = { { "rand-read", 0.3, 0.01 }, { "rand-write", 0.3, 0.01 }, { "sync-write", 0.3, 0.01 }, SQLITE_QUIET };

    all = choose (plan, halfway, cheap, G_N_ELEMENTS (cheap), 1000, &stop);
  }
  g_assert_nonnull (all);
  g_assert_cmpuint (g_strv_length (all->tasks), >, 1);
  g_assert_cmpfloat (all->narrowing, >, some->narrowing);
  g_assert_cmpfloat (all->seconds, <, 2 * (0.15 + 3 * 0.01) + 1e-9);
}

/* Tasks with plan->repeat_max cycles are not run again. */
static void
test_most (void)
{
  g_autoptr(FsbPlan) plan = plan_for ("database");
  const Task tasks[] = { { "rand-read", 0.3, 1 }, { "rand-write", 0.005, 1 }, { "sync-write", 0.005, 1 }, SQLITE_QUIET };
  g_autoptr(FsbResult) r = synthetic (both, halfway, tasks, G_N_ELEMENTS (tasks));
  FsbRepeatStop stop = FSB_REPEAT_GO;
  const char *const read[] = { "rand-read", NULL };

  /* a focused round of rand-read had run: 4 cycles of it, 3 of the others */
  fsb_result_add_focused_round (r, both, read);
  for (guint f = 0; both[f] != NULL; f++)
    {
      FsbFsResult *fs = fsb_result_find_filesystem (r, both[f]);
      FsbSample *s = fsb_sample_new ();

      fsb_sample_set (s, "wall_s", 0.05);
      g_ptr_array_add (fsb_fs_result_get_task (fs, "mkfs", TRUE)->samples, s);
      g_assert_cmpuint (fsb_result_whole_cycles (r, fs), ==, 3);
      g_assert_cmpuint (fsb_result_task_cycles (r, fs, "rand-read"), ==, 4);
      g_assert_cmpuint (fsb_result_task_cycles (r, fs, "sync-write"), ==, 3);
    }
  plan->repeat_max = 4;
  {
    g_autoptr(FsbRepeatFocus) focus = fsb_repeat_focus_choose (plan, r, both, NULL, 1000, &stop);

    /* rand-read is at the most: a quiet one, if anything */
    g_assert_true (focus == NULL || !g_strv_contains ((const char *const *) focus->tasks, "rand-read"));
  }
  plan->repeat_max = 3;
  g_assert_null (fsb_repeat_focus_choose (plan, r, both, NULL, 1000, &stop));
  g_assert_cmpint (stop, ==, FSB_REPEAT_MAX);
}

/* Four rounds in which the filesystems took turns (order "turns"): the
 * random reads move with a slow moment both filesystems share in each
 * round (σ 0.3), the random writes each on their own (σ 0.1). The verdict
 * takes the rounds' effects out, so to it the reads are quiet and the
 * writes keep it open: the writes run again. Judged by the noise without
 * the rounds, the reads would. */
static void
test_paired (void)
{
  static const double shared[] = { -1, 1, 0.5, -0.5 }, own[] = { -1, 0, 1, 0 };
  static const char *const steps[] = { "mkfs", "mount", "umount" };
  const Task tasks[] = { { "rand-read", 0.3, 1 }, { "rand-write", 0.1, 1 }, { "sync-write", 0.005, 1 }, SQLITE_QUIET };
  g_autoptr(FsbPlan) plan = plan_for ("database");
  g_autoptr(FsbResult) r = fsb_result_new ();
  g_autoptr(GHashTable) seconds = step_seconds (both, tasks, G_N_ELEMENTS (tasks));
  g_autoptr(FsbRepeatFocus) focus = NULL;
  const char *const write[] = { "rand-write", NULL };
  FsbRepeatStop stop = FSB_REPEAT_SETTLED;

  r->repetition_policy.order = g_strdup ("turns");
  for (guint f = 0; both[f] != NULL; f++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (r, both[f]);

      for (guint round = 0; round < 4; round++)
        {
          for (guint s = 0; s < G_N_ELEMENTS (steps); s++)
            {
              FsbSample *sample = fsb_sample_new ();

              fsb_sample_set (sample, "wall_s", 0.05 * exp (0.01 * own[(round + f) % 4]));
              g_ptr_array_add (fsb_fs_result_get_task (fs, steps[s], TRUE)->samples, sample);
            }
          for (guint t = 0; t < G_N_ELEMENTS (tasks); t++)
            {
              gboolean higher = FALSE;
              const char *metric = fsb_task_metric (tasks[t].task, &higher);
              double z = t == 0 ? shared[round] : own[(round + f + t) % 4];
              FsbSample *sample = fsb_sample_new ();

              fsb_sample_set (sample, metric, 100 * (higher ? halfway[f] : 1 / halfway[f]) * exp (tasks[t].sigma * z));
              fsb_sample_set (sample, "cpu_percent", 10);
              g_ptr_array_add (fsb_fs_result_get_task (fs, tasks[t].task, TRUE)->samples, sample);
            }
        }
    }
  focus = fsb_repeat_focus_choose (plan, r, both, seconds, 1000, &stop);
  g_assert_nonnull (focus);
  g_assert_cmpstrv (focus->tasks, write);
}

/* The round of each sample: the whole cycles first, then the focused
 * rounds, numbered after the most whole cycles of any contender; a
 * contender a focused round left out has no sample in it. */
static void
test_rounds (void)
{
  const char *const three[] = { "ext4", "xfs", "btrfs", NULL };
  const char *const reads[] = { "rand-read", NULL }, *const writes[] = { "rand-write", NULL };
  g_autoptr(FsbResult) r = fsb_result_new ();
  guint rounds[8];

  for (guint f = 0; three[f] != NULL; f++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (r, three[f]);
      guint cycles = f < 2 ? 5 : 3, reads_n = f < 2 ? 4 : 3;

      for (guint j = 0; j < cycles; j++)
        g_ptr_array_add (fsb_fs_result_get_task (fs, "mkfs", TRUE)->samples, fsb_sample_new ());
      for (guint j = 0; j < reads_n; j++)
        g_ptr_array_add (fsb_fs_result_get_task (fs, "rand-read", TRUE)->samples, fsb_sample_new ());
    }
  fsb_result_add_focused_round (r, both, writes);
  fsb_result_add_focused_round (r, both, reads);
  g_assert_true (fsb_result_task_rounds (r, fsb_result_find_filesystem (r, "ext4"), "rand-read", rounds, 4));
  g_assert_cmpuint (rounds[0], ==, 0);
  g_assert_cmpuint (rounds[2], ==, 2);
  g_assert_cmpuint (rounds[3], ==, 3 + 1);   /* the second focused round */
  g_assert_true (fsb_result_task_rounds (r, fsb_result_find_filesystem (r, "btrfs"), "rand-read", rounds, 3));
  g_assert_cmpuint (rounds[2], ==, 2);
  g_assert_true (fsb_result_task_rounds (r, fsb_result_find_filesystem (r, "xfs"), "mkfs", rounds, 5));
  g_assert_cmpuint (rounds[3], ==, 3);
  g_assert_cmpuint (rounds[4], ==, 4);
  /* a sample more than the cycles that ran it: no rounds */
  g_assert_false (fsb_result_task_rounds (r, fsb_result_find_filesystem (r, "ext4"), "rand-read", rounds, 5));
}

/* The result keeps its focused rounds, in JSON too. */
static void
test_recorded (void)
{
  g_autoptr(FsbResult) r = fsb_result_new ();
  g_autoptr(FsbResult) back = NULL, copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_auto(GStrv) ran = NULL;
  const char *const tasks[] = { "small-create-seq", "small-stat-seq", NULL };
  const char *const bad[] = { "no-such-task", NULL };
  const FsbFocusedRound *round;
  gsize length;

  r->repetition_policy.mode = g_strdup ("auto");
  r->repetition_policy.min = 3;
  r->repetition_policy.max = 10;
  fsb_result_add_focused_round (r, both, tasks);
  fsb_result_add_focused_round (r, both, bad);
  data = fsb_result_to_data (r, &length);
  g_assert_nonnull (strstr (data, "\"focused\""));
  back = fsb_result_load_from_data (data, length, &error);
  g_assert_no_error (error);
  /* a round naming what is not ours is left out */
  g_assert_cmpuint (back->repetition_policy.focused->len, ==, 1);
  round = back->repetition_policy.focused->pdata[0];
  g_assert_cmpstrv (round->filesystems, both);
  g_assert_cmpstrv (round->tasks, tasks);
  copy = fsb_result_copy (back);
  ran = fsb_result_focused_tasks (copy);
  g_assert_cmpstrv (ran, tasks);
}

/* A sample taken during a disturbance counts as missing: of two tasks
 * alike, the one with a disturbed sample runs again. */
static void
test_disturbed (void)
{
  g_autoptr(FsbPlan) plan = plan_for ("database");
  const Task tasks[] = { { "rand-read", 0.1, 1 }, { "rand-write", 0.1, 1 }, { "sync-write", 0.005, 1 }, SQLITE_QUIET };
  g_autoptr(FsbResult) r = synthetic (both, halfway, tasks, G_N_ELEMENTS (tasks));
  g_autoptr(GHashTable) seconds = step_seconds (both, tasks, G_N_ELEMENTS (tasks));
  g_autoptr(FsbRepeatFocus) focus = NULL;
  FsbTaskResult *write = fsb_fs_result_get_task (r->filesystems->pdata[0], "rand-write", FALSE);
  const char *const expected[] = { "rand-write", NULL };
  FsbRepeatStop stop;

  for (guint f = 0; f < r->filesystems->len; f++)
    for (guint t = 0; t < ((FsbFsResult *) r->filesystems->pdata[f])->tasks->len; t++)
      {
        FsbTaskResult *task = ((FsbFsResult *) r->filesystems->pdata[f])->tasks->pdata[t];

        for (guint i = 0; i < task->samples->len; i++)
          fsb_sample_set (task->samples->pdata[i], "disturbed", 0);
      }
  /* one of ext4's: left out of the estimate, so one more is worth more
   * there; time for one task's round only (two cycles of mkfs, mount,
   * the task and umount: 2.3 s), so the better one is the one chosen */
  fsb_sample_set (write->samples->pdata[1], "disturbed", FSB_DISTURBED_WRITEBACK);
  focus = fsb_repeat_focus_choose (plan, r, both, seconds, 2.5, &stop);
  g_assert_nonnull (focus);
  g_assert_cmpstrv (focus->tasks, expected);
}

/* A real default run (tests/data/focus-open.json: ext4, XFS and Btrfs,
 * quick, stopped "max" with 28 s of its 90 left, its samples' machine
 * readings left out): ext4 and XFS 1.03× apart [0.96, 1.10], big files
 * 0.82-1.52 with 3 samples of big-recopy. More big-file samples narrow
 * that; a what-if that added one cycle at a time above or below the
 * medians expected every chain to widen it and chose nothing. */
static void
test_open_real (void)
{
  g_autoptr(FsbPlan) plan = plan_for ("server");
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "focus-open.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = fsb_result_load (path, &error);
  g_autoptr(FsbRepeatFocus) focus = NULL;
  FsbRepeatStop stop = FSB_REPEAT_SETTLED;

  g_assert_no_error (error);
  focus = fsb_repeat_focus_choose (plan, r, both, NULL, 25, &stop);
  g_assert_nonnull (focus);
  g_assert_cmpint (stop, ==, FSB_REPEAT_GO);
  g_assert_true (g_strv_contains ((const char *const *) focus->tasks, "big-recopy"));
  g_assert_cmpfloat (focus->narrowing, >, 0);
}

/* A lead of 6 %, clear, whose interval reaches below the margin's edge:
 * settled, a winner, so the plain choice runs nothing; refining runs the
 * noisy random reads again, what would tell on which side of the edge
 * the lead lies. */
static void
test_refine (void)
{
  g_autoptr(FsbPlan) plan = plan_for ("database");
  const Task tasks[] = { { "rand-read", 0.04, 1 }, { "rand-write", 0.005, 1 }, { "sync-write", 0.005, 1 }, SQLITE_QUIET };
  const double near[] = { 1.06, 1.0 };
  g_autoptr(FsbResult) r = synthetic (both, near, tasks, G_N_ELEMENTS (tasks));
  g_autoptr(GHashTable) seconds = step_seconds (both, tasks, G_N_ELEMENTS (tasks));
  g_autoptr(FsbRecommendation) rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  g_autoptr(FsbRepeatFocus) plain = NULL, refine = NULL;
  FsbRepeatStop stop = FSB_REPEAT_GO;
  const char *const expected[] = { "rand-read", NULL };

  g_assert_true (rec->settled);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_WINNER);
  g_assert_nonnull (rec->refinable);
  plain = fsb_repeat_focus_choose (plan, r, both, seconds, 1000, &stop);
  g_assert_null (plain);
  g_assert_cmpint (stop, ==, FSB_REPEAT_SETTLED);
  refine = fsb_repeat_focus_refine (plan, r, both, seconds, 1000, &stop);
  g_assert_nonnull (refine);
  g_assert_cmpint (stop, ==, FSB_REPEAT_GO);
  g_assert_cmpstrv (refine->tasks, expected);
  g_assert_cmpfloat (refine->narrowing, >, 0);
}

/* Settled, XFS far behind, yet two of its three tree-delete samples were
 * taken while the disk was slow: they count (one quiet sample cannot
 * stand alone), so one more round of the tree's chain runs on both;
 * nothing when the third sample is disturbed too but the time is short,
 * when the chain had its most, or once a fourth, quiet, lets them go. */
static void
test_remeasure (void)
{
  g_autoptr(FsbPlan) plan = plan_for ("server");
  const Task tasks[] = { SERVER_QUIET_BUT (NULL, 0) };
  const double apart[] = { 2.0, 1.0 };
  g_autoptr(FsbResult) r = synthetic (both, apart, tasks, G_N_ELEMENTS (tasks));
  g_autoptr(GHashTable) seconds = step_seconds (both, tasks, G_N_ELEMENTS (tasks));
  g_autoptr(FsbRecommendation) rec = NULL;
  g_autoptr(FsbRepeatFocus) focus = NULL;
  FsbTaskResult *del = fsb_fs_result_get_task (r->filesystems->pdata[1], "tree-delete", FALSE);
  FsbSample *fourth;

  for (guint f = 0; f < r->filesystems->len; f++)
    for (guint t = 0; t < ((FsbFsResult *) r->filesystems->pdata[f])->tasks->len; t++)
      {
        FsbTaskResult *task = ((FsbFsResult *) r->filesystems->pdata[f])->tasks->pdata[t];

        for (guint i = 0; i < task->samples->len; i++)
          fsb_sample_set (task->samples->pdata[i], "disturbed", 0);
      }
  /* quiet: nothing to measure again */
  g_assert_null (fsb_repeat_focus_remeasure (plan, r, both, seconds, 1000));

  fsb_sample_set (del->samples->pdata[0], "disturbed", FSB_DISTURBED_DISK);
  fsb_sample_set (del->samples->pdata[2], "disturbed", FSB_DISTURBED_DISK | FSB_DISTURBED_SLOW);
  g_assert_true (fsb_task_result_keeps_disturbed (del));
  rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  g_assert_true (rec->settled);
  focus = fsb_repeat_focus_remeasure (plan, r, both, seconds, 1000);
  g_assert_nonnull (focus);
  g_assert_true (g_strv_contains ((const char *const *) focus->tasks, "tree-copy-in"));
  g_assert_true (g_strv_contains ((const char *const *) focus->tasks, "tree-delete"));
  g_assert_false (g_strv_contains ((const char *const *) focus->tasks, "rand-read"));
  g_assert_false (g_strv_contains ((const char *const *) focus->tasks, "small-create-seq"));
  g_assert_cmpstrv (focus->filesystems, both);
  g_assert_cmpfloat (focus->seconds, >, 0);
  /* it does not fit */
  g_assert_null (fsb_repeat_focus_remeasure (plan, r, both, seconds, focus->seconds - 0.01));
  /* the chain had its most */
  plan->repeat_max = 3;
  g_assert_null (fsb_repeat_focus_remeasure (plan, r, both, seconds, 1000));
  plan->repeat_max = 10;
  /* settled, and the rounds at their most: the run still measures
   * again, while the task itself is under its most */
  {
    FsbRepeatState state = { .rounds = plan->repeat_max, .elapsed_s = 30, .min_rounds_s = 30, .cycle_s = 5,
                             .step_seconds = seconds };
    g_autoptr(FsbRepeatFocus) again = NULL;
    g_auto(GStrv) next = NULL;
    FsbRepeatStop stop;

    plan->time_budget_s = 1000;
    next = fsb_repeat_next_focused (plan, r, &state, NULL, &stop, &again);
    g_assert_cmpint (stop, ==, FSB_REPEAT_GO);
    g_assert_nonnull (again);
    g_assert_true (g_strv_contains ((const char *const *) again->tasks, "tree-delete"));
    g_assert_cmpstrv (next, both);
  }
  /* a fourth sample, quiet: two quiet ones stay, the disturbed go */
  fourth = fsb_sample_copy (del->samples->pdata[1]);
  g_ptr_array_add (del->samples, fourth);
  g_assert_false (fsb_task_result_keeps_disturbed (del));
  g_assert_true (fsb_task_result_drops_disturbed (del));
  g_assert_null (fsb_repeat_focus_remeasure (plan, r, both, seconds, 1000));
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/repeat-focus/noisy-over-quiet", test_noisy_over_quiet);
  g_test_add_func ("/repeat-focus/cheap-preferred", test_cheap_preferred);
  g_test_add_func ("/repeat-focus/chain", test_chain);
  g_test_add_func ("/repeat-focus/settled", test_settled);
  g_test_add_func ("/repeat-focus/budget", test_budget);
  g_test_add_func ("/repeat-focus/most", test_most);
  g_test_add_func ("/repeat-focus/recorded", test_recorded);
  g_test_add_func ("/repeat-focus/paired", test_paired);
  g_test_add_func ("/repeat-focus/rounds", test_rounds);
  g_test_add_func ("/repeat-focus/disturbed", test_disturbed);
  g_test_add_func ("/repeat-focus/open-real", test_open_real);
  g_test_add_func ("/repeat-focus/refine", test_refine);
  g_test_add_func ("/repeat-focus/remeasure", test_remeasure);
  return g_test_run ();
}
