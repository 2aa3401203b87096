/* test-run-memory.c: what the runner fills and frees before a timed
 * section (fsb-run-memory.c): in a task's first round the first guess,
 * from the next round on twice what it moved, never for a task that moved
 * little or moves no data, never more than the most; the same for every contender of a
 * round, since only earlier rounds count */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fsb-engine.h"
#include "fsb-run-private.h"

typedef struct {
  Run    run;
  GArray *steps;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  memset (&f->run, 0, sizeof f->run);
  f->steps = g_array_new (FALSE, TRUE, sizeof (Step));
  f->run.steps = f->steps;
  f->run.moved_bytes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_array_unref (f->steps);
  g_hash_table_unref (f->run.moved_bytes);
}

/* The runner at a step of round (its contender does not matter). */
static void
at_round (Fixture *f, guint round)
{
  Step s = { 0 };

  s.repetition = round;
  s.task_id = "big-recopy";
  g_array_append_val (f->steps, s);
  f->run.step = f->steps->len - 1;
}

/* What fsb_run_prime_memory filled for task_id now; -1: nothing. */
static double
primed (Fixture *f, const char *task_id)
{
  g_autoptr(FsbSample) sample = fsb_sample_new ();
  double bytes = -1;

  fsb_run_prime_memory (&f->run, task_id, sample);
  if (!fsb_sample_get (sample, "primed_bytes", &bytes))
    return -1;
  return bytes;
}

static void
moved (Fixture *f, const char *task_id, double bytes)
{
  g_autoptr(FsbSample) sample = fsb_sample_new ();

  fsb_sample_set (sample, "bytes", bytes);
  fsb_run_note_moved (&f->run, task_id, sample);
}

static void
test_rounds (Fixture *f, gconstpointer data)
{
  const double huge = 2 << 20;

  at_round (f, 1);
  /* not run yet: the first guess, for both contenders of the round */
  g_assert_cmpfloat (primed (f, "big-recopy"), ==, FSB_PRIME_FIRST);
  moved (f, "big-recopy", 35e6);
  g_assert_cmpfloat (primed (f, "big-recopy"), ==, FSB_PRIME_FIRST);
  moved (f, "big-recopy", 34e6);
  /* a task that moves no data: none, from the first round on */
  g_assert_cmpfloat (primed (f, "tree-delete"), ==, -1);
  g_assert_cmpfloat (primed (f, "small-stat-rand"), ==, -1);
  moved (f, "tree-delete", 0);
  moved (f, "tree-copy-in", 2e6);
  moved (f, "rand-read", 400e6);

  /* the next round: twice the most, in whole huge pages */
  at_round (f, 2);
  g_assert_cmpfloat (primed (f, "big-recopy"), >=, 70e6);
  g_assert_cmpfloat (primed (f, "big-recopy"), <, 70e6 + huge);
  g_assert_cmpfloat (fmod (primed (f, "big-recopy"), huge), ==, 0);
  /* little moved, or nothing: none */
  g_assert_cmpfloat (primed (f, "tree-delete"), ==, -1);
  g_assert_cmpfloat (primed (f, "tree-copy-in"), ==, -1);
  /* a lot: the most */
  g_assert_cmpfloat (primed (f, "rand-read"), ==, FSB_PRIME_MOST);
  /* a task first run now: the first guess */
  g_assert_cmpfloat (primed (f, "small-create-seq"), ==, FSB_PRIME_FIRST);

  /* what a round moved counts from the next one on, the most of all */
  moved (f, "big-recopy", 60e6);
  g_assert_cmpfloat (primed (f, "big-recopy"), <, 70e6 + huge);
  at_round (f, 3);
  g_assert_cmpfloat (primed (f, "big-recopy"), >=, 120e6);
  moved (f, "big-recopy", 10e6);
  at_round (f, 4);
  g_assert_cmpfloat (primed (f, "big-recopy"), >=, 120e6);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  fsb_engine_init ();
  g_test_add ("/run-memory/rounds", Fixture, NULL, fixture_set_up, test_rounds, fixture_tear_down);
  return g_test_run ();
}
