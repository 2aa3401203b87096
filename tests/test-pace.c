/* test-pace.c: a run's pace (each step's time against its first guess),
 * kept in the result, read back with suspicion, and followed by the next
 * estimate on the same disk */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "fsb-engine.h"
#include "fsb-history.h"
#include "fsb-machine.h"
#include "fsb-mountinfo.h"
#include "fsb-plan.h"
#include "fsb-result.h"
#include "fsb-test-assert.h"

static double
ratio_of (FsbResult *r, const char *id)
{
  const FsbPace *p = g_hash_table_lookup (r->pace, id);

  g_assert_nonnull (p);
  return p->taken_s / p->guess_s;
}

/* Sums per step id; survives JSON, a copy and a merge. */
static void
test_result_round_trip (void)
{
  g_autoptr(FsbResult) r = fsb_result_new ();
  g_autoptr(FsbResult) back = NULL;
  g_autoptr(FsbResult) copy = NULL;
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  fsb_result_add_pace (r, "mkfs", 2.0, 0.2);
  fsb_result_add_pace (r, "mkfs", 2.0, 0.3);
  fsb_result_add_pace (r, "big-copy-in", 1.5, 0.75);
  fsb_result_add_pace (r, "big-copy-in@aged", 1.5, 3.0);
  /* Not figures: left out. */
  fsb_result_add_pace (r, "tree-list", 0, 1.0);
  fsb_result_add_pace (r, "tree-find", NAN, 1.0);
  fsb_result_add_pace (r, "tree-delete", 1.0, -1.0);
  g_assert_cmpuint (g_hash_table_size (r->pace), ==, 3);
  g_assert_cmpfloat_with_epsilon (ratio_of (r, "mkfs"), 0.125, 1e-9);
  /* (0.5 + 0.75 + 3) / (4 + 1.5 + 1.5) */
  g_assert_cmpfloat_with_epsilon (fsb_result_pace_overall (r), 4.25 / 7.0, 1e-9);

  node = fsb_result_to_json (r);
  back = fsb_result_from_json (node, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (back->pace), ==, 3);
  g_assert_cmpfloat_with_epsilon (ratio_of (back, "big-copy-in@aged"), 2.0, 1e-9);

  copy = fsb_result_copy (back);
  g_assert_cmpfloat_with_epsilon (fsb_result_pace_overall (copy), 4.25 / 7.0, 1e-9);
}

/* The pace is advice: what does not look like the runner's figures is
 * dropped, and never makes the file unreadable. */
static void
test_result_hostile (void)
{
  const char *json =
    "{\"schema\": \"" FSB_RESULT_SCHEMA "\", \"filesystems\": [], \"pace\": {"
    "\"mkfs\": {\"guess_s\": 2, \"taken_s\": 0.5},"
    "\"custom:rm\": {\"guess_s\": 5, \"taken_s\": 1},"
    "\"\\u001b[31m\": {\"guess_s\": 1, \"taken_s\": 1},"
    "\"umount\": {\"guess_s\": 0, \"taken_s\": 1},"
    "\"mount\": {\"guess_s\": 1e300, \"taken_s\": 1},"
    "\"tree-list\": {\"guess_s\": \"1\", \"taken_s\": 1},"
    "\"tree-find\": [1, 2],"
    "\"big-delete\": {\"guess_s\": 1, \"taken_s\": -3}}}";
  g_autoptr(JsonNode) node = json_from_string (json, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = fsb_result_from_json (node, &error);

  g_assert_no_error (error);
  g_assert_nonnull (r);
  g_assert_cmpuint (g_hash_table_size (r->pace), ==, 1);
  g_assert_cmpfloat_with_epsilon (ratio_of (r, "mkfs"), 0.25, 1e-9);

  /* A pace that is not an object is no pace. */
  {
    g_autoptr(JsonNode) other = json_from_string ("{\"schema\": \"" FSB_RESULT_SCHEMA "\", \"filesystems\": [], "
                                                  "\"pace\": 7}", NULL);
    g_autoptr(FsbResult) r2 = fsb_result_from_json (other, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_hash_table_size (r2->pace), ==, 0);
  }
}

/* Each step's first guess times its own pace; a step the pace lacks
 * follows all the steps of that run; an absurd pace is bounded. */
static void
test_plan_estimate (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(FsbResult) pace = fsb_result_new ();
  g_autoptr(GError) error = NULL;
  FsbPlanEstimate guess, paced;
  double copy_guess;

  fsb_assert_ok (fsb_plan_set_filesystems (plan, (const char *[]) { "ext4", "xfs", NULL }, &error), error);
  fsb_plan_estimate (plan, NULL, &guess);
  g_assert_null (guess.paced_by);
  copy_guess = fsb_plan_paced (plan, "big-copy-in", 3.0);
  g_assert_cmpfloat (copy_guess, ==, 3.0);

  fsb_result_add_pace (pace, "big-copy-in", 10.0, 2.5);
  fsb_result_add_pace (pace, "mkfs", 10.0, 0.5);
  fsb_plan_set_pace (plan, pace);
  g_assert_cmpfloat_with_epsilon (fsb_plan_paced (plan, "big-copy-in", 3.0), 0.75, 1e-9);
  g_assert_cmpfloat_with_epsilon (fsb_plan_paced (plan, "mkfs", 2.0), 0.1, 1e-9);
  /* (2.5 + 0.5) / 20 */
  g_assert_cmpfloat_with_epsilon (fsb_plan_paced (plan, "tree-list", 1.0), 0.15, 1e-9);

  fsb_plan_estimate (plan, NULL, &paced);
  g_assert_cmpstr (paced.paced_by, ==, pace->created);
  g_assert_cmpfloat (paced.estimated_seconds, <, guess.estimated_seconds);
  /* The test data is made before the steps: not paced. */
  g_assert_cmpfloat (paced.dataset_seconds, ==, guess.dataset_seconds);
  g_assert_cmpuint (paced.n_steps, ==, guess.n_steps);
  fsb_plan_estimate_clear (&paced);

  /* 1000 times slower than the guess: at most PACE_MAX (50). */
  fsb_result_add_pace (pace, "tree-find", 1.0, 1e6);
  g_assert_cmpfloat_with_epsilon (fsb_plan_paced (plan, "tree-find", 1.0), 50.0, 1e-9);

  fsb_plan_set_pace (plan, NULL);
  fsb_plan_estimate (plan, NULL, &paced);
  g_assert_null (paced.paced_by);
  g_assert_cmpfloat_with_epsilon (paced.estimated_seconds, guess.estimated_seconds, 1e-9);
  fsb_plan_estimate_clear (&paced);
  fsb_plan_estimate_clear (&guess);
}

/* A complete run of this machine on an image on the host filesystem
 * holding dir, with a pace. */
static FsbResult *
image_run (const char *created, const char *dir)
{
  FsbResult *r = fsb_result_new ();
  g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
  FsbMount *host = fsb_mountinfo_find_path (mounts, dir);

  g_assert_nonnull (host);
  g_free (r->created);
  r->created = g_strdup (created);
  fsb_machine_probe (&r->machine);
  r->target.kind = g_strdup ("image");
  r->target.host.mount_point = g_strdup (host->mount_point);
  r->target.host.source = g_strdup (host->source);
  r->complete = TRUE;
  fsb_result_add_pace (r, "mkfs", 2.0, 0.2);
  return r;
}

/* The newest complete run with a pace, on this machine and this disk. */
static void
test_history_find (void)
{
  g_autofree char *dir = g_dir_make_tmp ("fsbench-pace-XXXXXX", NULL);
  g_autofree char *spec = g_strdup_printf ("image@%s", dir);
  g_autofree char *unborn = g_strdup_printf ("image@%s/images/not-yet", dir);
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_result_unref);
  FsbResult *other_machine, *incomplete, *no_pace, *other_disk, *good, *older, *partition;

  other_machine = image_run ("2026-12-05T10:00:00Z", dir);
  g_free (other_machine->machine.cpu_model);
  other_machine->machine.cpu_model = g_strdup ("Another CPU");
  incomplete = image_run ("2026-12-04T10:00:00Z", dir);
  incomplete->complete = FALSE;
  no_pace = image_run ("2026-12-03T10:00:00Z", dir);
  g_hash_table_remove_all (no_pace->pace);
  other_disk = image_run ("2026-12-02T12:00:00Z", dir);
  g_free (other_disk->target.host.mount_point);
  other_disk->target.host.mount_point = g_strdup ("/nowhere");
  good = image_run ("2026-12-02T10:00:00Z", dir);
  older = image_run ("2026-12-01T10:00:00Z", dir);
  partition = image_run ("2026-11-30T10:00:00Z", dir);
  g_free (partition->target.kind);
  partition->target.kind = g_strdup ("partition");
  partition->target.device = g_strdup ("/dev/sdz1");
  g_ptr_array_add (runs, other_machine);
  g_ptr_array_add (runs, incomplete);
  g_ptr_array_add (runs, no_pace);
  g_ptr_array_add (runs, other_disk);
  g_ptr_array_add (runs, good);
  g_ptr_array_add (runs, older);
  g_ptr_array_add (runs, partition);

  g_assert_true (fsb_history_find_pace (runs, spec) == good);
  /* The images folder is made by the first run: its parent tells the disk. */
  g_assert_true (fsb_history_find_pace (runs, unborn) == good);
  g_assert_true (fsb_history_find_pace (runs, "/dev/sdz1") == partition);
  g_assert_null (fsb_history_find_pace (runs, "/dev/sdy1"));
  g_assert_null (fsb_history_find_pace (runs, "not a target"));

  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pace/result-round-trip", test_result_round_trip);
  g_test_add_func ("/pace/result-hostile", test_result_hostile);
  g_test_add_func ("/pace/plan-estimate", test_plan_estimate);
  g_test_add_func ("/pace/history-find", test_history_find);
  return g_test_run ();
}
