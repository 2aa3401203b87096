/* test-recommend-safety.c: the safety criteria, decided by counts and said
 * in their words: power cuts (a file acknowledged by fsync lost puts a
 * filesystem behind every one that lost none) and damaged data (reported
 * or returned silently); weighed a little by desktop and server only when
 * they were measured */
#include "config.h"

#include <string.h>

#include "fsb-engine.h"
#include "fsb-recommend.h"
#include "report-common.h"

static void
add_sample (FsbFsResult *fs, const char *task_id, const char *const *metrics, const double *values, guint n)
{
  FsbTaskResult *task = fsb_fs_result_get_task (fs, task_id, TRUE);
  FsbSample *s = fsb_sample_new ();

  for (guint i = 0; i < n; i++)
    fsb_sample_set (s, metrics[i], values[i]);
  fsb_sample_set (s, "wall_s", 30);
  fsb_sample_set (s, "cpu_percent", 20);
  g_ptr_array_add (task->samples, s);
}

/* One run of the power cuts: states checked, acknowledged files lost,
 * others returned as wrong data, states the checker found clean. */
static void
add_power_cut (FsbFsResult *fs, double states, double lost, double garbage, double clean)
{
  const char *const metrics[] = { "power_cut_states", "acked_files", "acked_lost", "unacked_garbage",
                                  "checker_runs", "checker_clean", "recovery_mount_s" };
  const double values[] = { states, 400, lost, garbage, states, clean, 1.5 };

  add_sample (fs, "power-cut", metrics, values, G_N_ELEMENTS (values));
}

/* One run of the bit flips: files damaged, of which reported and silent. */
static void
add_bit_rot (FsbFsResult *fs, double damaged, double detected, double silent)
{
  const char *const metrics[] = { "files", "corrupt_files", "corrupt_detected", "corrupt_silent", "corrupt_untouched" };
  const double values[] = { 18, damaged, detected, silent, 6 };

  add_sample (fs, "bit-rot", metrics, values, G_N_ELEMENTS (values));
}

/* Btrfs has data checksums, ext4 and XFS have not; none lost a file: the
 * archive's verdict goes to Btrfs, and its reasons say the counts. */
static void
test_words (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  const char *names[] = { "ext4", "xfs", "btrfs" };
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbVerdict *v;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (r, names[i]);
      gboolean checksums = i == 2;

      fs->capacity_initial.percent = 95;
      add_power_cut (fs, 20, 0, 0, 20);
      add_bit_rot (fs, 12, checksums ? 12 : 0, checksums ? 0 : 12);
    }
  rec = fsb_recommend (r, FSB_USE_CASE_NAS);
  dump_recommendation (rec);
  v = fsb_recommendation_get_verdict (rec, "power-cuts");
  g_assert_nonnull (v);
  g_assert_cmpint (v->kind, ==, FSB_VERDICT_TIE);
  g_assert_true (v->settled);
  g_assert_cmpstr (v->conclusion, ==, "No filesystem lost a file acknowledged by fsync in 20 power-cut states.");
  v = fsb_recommendation_get_verdict (rec, "corruption");
  g_assert_cmpint (v->kind, ==, FSB_VERDICT_WINNER);
  g_assert_cmpstr (v->winner, ==, "btrfs");
  g_assert_cmpstr (v->conclusion, ==,
                   "Btrfs detected every damaged file; ext4 and XFS returned wrong data for 12 of 12 without an error.");
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_WINNER);
  g_assert_cmpstr (rec->best, ==, "btrfs");
  g_assert_true (strings_contain (rec->reasons, "No filesystem lost a file acknowledged by fsync in 20 power-cut states."));

  /* counts, not times: a power cut mounted ten times slower changes nothing */
  g_clear_pointer (&rec, fsb_recommendation_free);
  fsb_sample_set (g_ptr_array_index (fsb_fs_result_get_task (r->filesystems->pdata[0], "power-cut", FALSE)->samples, 0),
                  "recovery_mount_s", 15);
  rec = fsb_recommend (r, FSB_USE_CASE_NAS);
  g_assert_cmpint (fsb_recommendation_get_verdict (rec, "power-cuts")->kind, ==, FSB_VERDICT_TIE);
}

/* Btrfs detects every damaged file and leaves three times the usable
 * space, which the weighted mean alone would let win; but it lost one file
 * acknowledged by fsync, so it is behind ext4, which lost none. */
static void
test_lost_file_loses (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *btrfs = fsb_result_add_filesystem (r, "btrfs");
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbVerdict *v;

  ext4->capacity_initial.percent = 30;
  btrfs->capacity_initial.percent = 99;
  add_power_cut (ext4, 20, 0, 0, 20);
  add_power_cut (btrfs, 20, 1, 0, 20);
  add_bit_rot (ext4, 12, 0, 12);
  add_bit_rot (btrfs, 12, 12, 0);
  rec = fsb_recommend (r, FSB_USE_CASE_NAS);
  dump_recommendation (rec);
  v = fsb_recommendation_get_verdict (rec, "power-cuts");
  g_assert_cmpstr (v->winner, ==, "ext4");
  g_assert_cmpstr (v->conclusion, ==, "Btrfs lost 1 file acknowledged by fsync in 20 power-cut states. "
                                      "ext4 lost no file acknowledged by fsync in 20 power-cut states.");
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_WINNER);
  g_assert_cmpstr (rec->best, ==, "ext4");
  g_assert_true (rec->by_failure);
  g_assert_true (strings_contain (rec->reasons, "Btrfs is behind every filesystem that passed “Power cuts”, whatever its other "
                                         "results."));
  g_assert_true (g_str_has_prefix (rec->notes->pdata[0], "Confidence is high: each of the other filesystems failed"));

  /* wrong data in a file not yet durable, and the checker's finding, said too */
  g_clear_pointer (&rec, fsb_recommendation_free);
  add_power_cut (ext4, 20, 0, 2, 19);
  rec = fsb_recommend (r, FSB_USE_CASE_NAS);
  v = fsb_recommendation_get_verdict (rec, "power-cuts");
  g_assert_nonnull (strstr (v->conclusion, "ext4 returned wrong data for 2 files not yet made durable."));
  g_assert_nonnull (strstr (v->conclusion, "The checker of ext4 found damage in 1 of 40 power-cut states."));
  /* both failed: the rule decides nothing, the weighted mean does */
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_WINNER);
  g_assert_cmpstr (rec->best, ==, "btrfs");
  g_assert_false (rec->by_failure);
  for (guint i = 0; i < rec->reasons->len; i++)
    g_assert_null (strstr (rec->reasons->pdata[i], "whatever its other results"));
}

/* Every group of a use case's default run, ext4 at slowness 1, the other at s. */
static FsbResult *
default_run (const char *use_case, const char *other, double s)
{
  FsbResult *r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *o = fsb_result_add_filesystem (r, other);
  g_auto(GStrv) groups = fsb_use_case_groups (use_case);

  ext4->capacity_initial.percent = 95;
  o->capacity_initial.percent = 95;
  for (guint i = 0; groups[i] != NULL; i++)
    {
      add_group (ext4, groups[i], 1.0, 0.01);
      add_group (o, groups[i], s, 0.01);
    }
  return r;
}

/* Desktop and server weigh the safety criteria a little, when measured:
 * not in their default run, never missing, counted when present. */
static void
test_when_measured (void)
{
  const char *use_cases[] = { "desktop", "server" };

  for (guint u = 0; u < G_N_ELEMENTS (use_cases); u++)
    {
      g_auto(GStrv) groups = fsb_use_case_groups (use_cases[u]);
      g_autoptr(FsbResult) r = default_run (use_cases[u], "btrfs", 0.5);
      g_autoptr(FsbRecommendation) rec = NULL;
      FsbUseCase use_case;

      g_assert_true (fsb_use_case_from_id (use_cases[u], &use_case));
      g_assert_false (g_strv_contains ((const char *const *) groups, "safety"));
      g_assert_false (fsb_criterion_needed (fsb_catalog_criterion ("power-cuts"), use_cases[u]));
      g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("power-cuts"), use_cases[u]), ==, 0.5);
      g_assert_true (fsb_criterion_needed (fsb_catalog_criterion ("power-cuts"), "nas"));

      /* without the group: a verdict, nothing missing; Btrfs twice as fast wins */
      rec = fsb_recommend (r, use_case);
      dump_recommendation (rec);
      g_assert_null (rec->missing_groups[0]);
      g_assert_null (fsb_recommendation_get_verdict (rec, "power-cuts"));
      g_assert_cmpstr (rec->best, ==, "btrfs");

      /* measured and all kept: it counts, a little, and is said */
      g_clear_pointer (&rec, fsb_recommendation_free);
      add_power_cut (r->filesystems->pdata[0], 20, 0, 0, 20);
      add_power_cut (r->filesystems->pdata[1], 20, 0, 0, 20);
      rec = fsb_recommend (r, use_case);
      g_assert_cmpfloat (fsb_recommendation_get_verdict (rec, "power-cuts")->weight, ==, 0.5);
      g_assert_true (strings_contain (rec->reasons, "No filesystem lost a file acknowledged by fsync in 20 power-cut states."));
      g_assert_cmpstr (rec->best, ==, "btrfs");

      /* measured, and Btrfs lost a file: twice as fast does not save it */
      g_clear_pointer (&rec, fsb_recommendation_free);
      add_power_cut (r->filesystems->pdata[1], 20, 1, 0, 20);
      rec = fsb_recommend (r, use_case);
      dump_recommendation (rec);
      g_assert_cmpstr (rec->best, ==, "ext4");
    }
}

/* The checker on a full filesystem: its time is a criterion the archive
 * weighs when measured, and a checker that found damage where nothing was
 * damaged is said in its conclusion, and so in the reasons. */
static void
test_full_check (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  const char *names[] = { "ext4", "xfs" };
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbVerdict *v;

  g_assert_false (fsb_criterion_needed (fsb_catalog_criterion ("full-check"), "nas"));
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("full-check"), "nas"), ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (r, names[i]);

      fs->capacity_initial.percent = 95;
      add_power_cut (fs, 20, 0, 0, 20);
      add_bit_rot (fs, 12, 0, 12);
      for (guint k = 0; k < 3; k++)
        {
          const char *const metrics[] = { "checker_s", "fsck_clean", "fsck_used_bytes" };
          /* XFS's checker found damage once in three */
          const double values[] = { i == 0 ? 2.0 + 0.01 * k : 8.0 + 0.01 * k, i == 1 && k == 2 ? 0 : 1, 6e8 };

          add_sample (fs, "fsck-full", metrics, values, G_N_ELEMENTS (values));
        }
    }
  rec = fsb_recommend (r, FSB_USE_CASE_NAS);
  dump_recommendation (rec);
  v = fsb_recommendation_get_verdict (rec, "full-check");
  g_assert_nonnull (v);
  g_assert_cmpfloat (v->weight, ==, 1);
  g_assert_cmpint (v->kind, ==, FSB_VERDICT_WINNER);
  g_assert_cmpstr (v->winner, ==, "ext4");
  g_assert_nonnull (strstr (v->conclusion, "The checker of XFS found damage on the full filesystem in 1 of 3 checks, "
                                           "although nothing was damaged."));
  g_assert_null (strstr (v->conclusion, "ext4 found damage"));
  g_assert_true (strings_contain (rec->reasons, v->conclusion));
}

/* The report's safety sections: a section whose every task failed is
 * shown with its errors, not left out; the checker on a full filesystem
 * has its section, with what it read. */
static void
test_report_sections (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  const char *names[] = { "ext4", "xfs" };
  g_autofree char *md = NULL;
  g_autofree char *html = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (r, names[i]);
      FsbTaskResult *task = fsb_fs_result_get_task (fs, "power-cut", TRUE);
      FsbSample *failed = fsb_sample_new ();
      const char *const metrics[] = { "checker_s", "fsck_clean", "fsck_used_bytes", "fsck_used_inodes" };
      const double values[] = { 2.5, 1, 6e8, 4131 };

      fs->capacity_initial.percent = 95;
      failed->error = g_strdup ("Could not mount the copy on purpose");
      g_ptr_array_add (task->samples, failed);
      add_sample (fs, "fsck-full", metrics, values, G_N_ELEMENTS (values));
    }
  md = report_string (r, FSB_REPORT_MARKDOWN);
  g_assert_nonnull (strstr (md, "### Power cuts"));
  g_assert_nonnull (strstr (md, "“Power cuts” failed on XFS: Could not mount the copy on purpose"));
  g_assert_nonnull (strstr (md, "### Checking a full filesystem"));
  g_assert_nonnull (strstr (md, "| Check a full filesystem | Space in use the checker read (bytes) | 600.0" NBSP "MB | 600.0" NBSP "MB |"));
  g_assert_nonnull (strstr (md, "| Check a full filesystem | Files and folders the checker read (inodes) | 4,131 | 4,131 |"));
  html = report_string (r, FSB_REPORT_HTML);
  g_assert_nonnull (strstr (html, "Could not mount the copy on purpose"));
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/recommend-safety/words", test_words);
  g_test_add_func ("/recommend-safety/lost-file-loses", test_lost_file_loses);
  g_test_add_func ("/recommend-safety/when-measured", test_when_measured);
  g_test_add_func ("/recommend-safety/full-check", test_full_check);
  g_test_add_func ("/recommend-safety/report-sections", test_report_sections);
  return g_test_run ();
}
