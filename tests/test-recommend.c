/* test-recommend.c: verdicts from crafted results: winner, tie or not
 * measured, with intervals, confidence and words that match the numbers */
#include "config.h"

#include <math.h>

#include "fsb-engine.h"
#include "fsb-recommend.h"
#include "report-common.h"

#define ADD(fs, id, cpu, ...) G_STMT_START { \
  const double v_[] = { __VA_ARGS__ }; \
  add_task (fs, id, v_, G_N_ELEMENTS (v_), cpu); \
} G_STMT_END

/* A core-only run says nothing about databases: not measured, and which
 * groups it lacks. */
static void
test_not_measured (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *o;
  JsonArray *missing;

  add_group (ext4, "core", 1.0, 0.01);
  add_group (xfs, "core", 2.0, 0.01);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_NOT_MEASURED);
  g_assert_null (rec->best);
  g_assert_null (rec->unsettled);
  g_assert_cmpuint (g_strv_length (rec->missing_groups), ==, 3);
  g_assert_cmpstr (rec->missing_groups[0], ==, "random-io");
  g_assert_cmpstr (rec->missing_groups[1], ==, "sync-write");
  g_assert_cmpstr (rec->missing_groups[2], ==, "sqlite");
  g_assert_nonnull (strstr (rec->headline, "Not measured"));
  g_assert_true (strings_contain (rec->notes, "Random I/O, Durable writes and SQLite database"));

  node = fsb_recommendation_to_json (rec);
  o = json_node_get_object (node);
  g_assert_cmpstr (json_object_get_string_member (o, "verdict"), ==, "not-measured");
  g_assert_true (json_object_get_null_member (o, "winner"));
  g_assert_true (json_object_get_null_member (o, "confidence"));
  missing = json_object_get_array_member (o, "missing_groups");
  g_assert_cmpuint (json_array_get_length (missing), ==, 3);
  g_assert_cmpstr (json_array_get_string_element (missing, 0), ==, "random-io");

  /* XFS is twice as slow with big files: the same run does say so for media, once
   * its groups ran. */
  g_clear_pointer (&rec, fsb_recommendation_free);
  rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_NOT_MEASURED);
  g_assert_cmpstr (rec->missing_groups[0], ==, "small-files");
  g_assert_cmpstr (rec->missing_groups[1], ==, "random-io");
  g_assert_null (rec->missing_groups[2]);
}

/* ext4 is clearly ahead in every criterion a database needs. */
static void
test_clear_winner (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbVerdict *v;

  ext4->capacity_initial.percent = 93.0;
  xfs->capacity_initial.percent = 94.0;
  add_group (ext4, "random-io", 1.0, 0.02);
  add_group (xfs, "random-io", 2.8, 0.02);
  add_group (ext4, "sync-write", 1.0, 0.02);
  add_group (xfs, "sync-write", 1.18, 0.02);
  add_group (ext4, "sqlite", 1.0, 0.02);
  add_group (xfs, "sqlite", 1.5, 0.02);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);

  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_WINNER);
  g_assert_cmpstr (rec->best, ==, "ext4");
  g_assert_cmpint (rec->confidence, ==, FSB_CONFIDENCE_HIGH);
  g_assert_true (rec->settled);
  g_assert_null (rec->unsettled);
  g_assert_cmpstr (rec->headline, ==, "ext4 suits databases and random I/O best");
  g_assert_true (strings_contain (rec->notes, "Confidence is high"));
  g_assert_cmpfloat (rec->ratio_low, >, 1.05);

  /* Words that match the numbers: times faster, or percent faster. */
  v = fsb_recommendation_get_verdict (rec, "random-io");
  g_assert_cmpint (v->kind, ==, FSB_VERDICT_WINNER);
  g_assert_cmpfloat_with_epsilon (v->ratio, 2.8, 1e-9);
  g_assert_cmpfloat (v->ratio_low, <, 2.8);
  g_assert_cmpfloat (v->ratio_high, >, 2.8);
  g_assert_cmpstr (v->conclusion, ==, "ext4 is the fastest with random I/O: 2.8× faster than XFS.");
  v = fsb_recommendation_get_verdict (rec, "sync-write");
  g_assert_cmpstr (v->conclusion, ==, "ext4 commits durable writes the fastest: 18\u00a0% faster than XFS.");
  v = fsb_recommendation_get_verdict (rec, "sqlite");
  g_assert_cmpstr (v->conclusion, ==, "ext4 runs an SQLite database the fastest: 50\u00a0% faster than XFS.");
  /* capacity 1 % apart: within the margin, exact: a settled tie */
  v = fsb_recommendation_get_verdict (rec, "capacity");
  g_assert_cmpint (v->kind, ==, FSB_VERDICT_TIE);
  g_assert_true (v->settled);
  g_assert_cmpstr (v->conclusion, ==, "ext4 and XFS leave about the same usable space (within 2\u00a0% of each other).");
  /* the count line, in the plural: capacity, random I/O, durable writes, SQLite */
  g_assert_true (strings_contain (rec->reasons, "first or tied for first in 4 of 4 criteria"));
}

/* Within 5 % of each other and steady: a tie, settled, no advice. */
static void
test_tie (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbVerdict *v;

  add_group (ext4, "random-io", 1.0, 0.002);
  add_group (xfs, "random-io", 1.022, 0.002);
  add_group (ext4, "sync-write", 1.0, 0.002);
  add_group (xfs, "sync-write", 0.99, 0.002);
  add_group (ext4, "sqlite", 1.0, 0.002);
  add_group (xfs, "sqlite", 1.01, 0.002);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);

  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_TIE);
  g_assert_null (rec->best);
  g_assert_cmpuint (g_strv_length (rec->tied), ==, 2);
  g_assert_cmpint (rec->confidence, ==, FSB_CONFIDENCE_HIGH);
  g_assert_cmpstr (rec->headline, ==, "ext4 and XFS are tied for databases and random I/O");
  /* "within 3 % — a tie", never "2.2 % ahead" */
  v = fsb_recommendation_get_verdict (rec, "random-io");
  g_assert_cmpint (v->kind, ==, FSB_VERDICT_TIE);
  g_assert_cmpstr (v->conclusion, ==, "ext4 and XFS are tied on random I/O (within 3\u00a0% of each other).");
  g_assert_false (strings_contain (rec->reasons, "ahead"));
  g_assert_false (strings_contain (rec->reasons, "choose"));
}

/* One sample each: no interval, so nothing can be told apart. */
static void
test_unclear (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;

  ADD (ext4, "rand-read", 30, 100);
  ADD (xfs, "rand-read", 30, 102.2);
  ADD (ext4, "rand-write", 30, 50);
  ADD (xfs, "rand-write", 30, 51);
  ADD (ext4, "sync-write", 30, 300);
  ADD (xfs, "sync-write", 30, 305);
  ADD (ext4, "sqlite-insert", 30, 200);
  ADD (xfs, "sqlite-insert", 30, 203);
  ADD (ext4, "sqlite-insert-wal", 30, 900);
  ADD (xfs, "sqlite-insert-wal", 30, 890);
  ADD (ext4, "sqlite-lookup", 30, 5000);
  ADD (xfs, "sqlite-lookup", 30, 5050);
  ADD (ext4, "sqlite-update", 30, 400);
  ADD (xfs, "sqlite-update", 30, 404);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_TIE);
  g_assert_cmpint (rec->confidence, ==, FSB_CONFIDENCE_LOW);
  g_assert_false (rec->settled);
  g_assert_cmpuint (g_strv_length (rec->unsettled), ==, 2);
  g_assert_cmpstr (rec->headline, ==, "ext4 and XFS cannot be told apart for databases and random I/O");
  g_assert_true (strings_contain (rec->notes, "Confidence is low"));
  g_assert_true (strings_contain (rec->reasons, "within the uncertainty of the measurements"));
}

/* A section total hides a task: the tree dominates, but XFS deletes the
 * big files 2.8× faster, and that is said. A tie's headline still names
 * what sets one apart: more usable space. */
static void
test_hidden_difference (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbVerdict *v;

  ext4->capacity_initial.percent = 92.7;
  xfs->capacity_initial.percent = 94.7;
  for (guint i = 0; i < 2; i++)
    {
      FsbFsResult *fs = i == 0 ? ext4 : xfs;

      add_group (fs, "core", 1.0, 0.002);
      add_group (fs, "small-files", 1.0, 0.002);
      add_group (fs, "random-io", 1.0, 0.002);
    }
  /* big files: the copies (30 s) dominate; the deletions 1.58 against 0.57 ms */
  g_ptr_array_set_size (fsb_fs_result_get_task (ext4, "big-delete", FALSE)->samples, 0);
  g_ptr_array_set_size (fsb_fs_result_get_task (xfs, "big-delete", FALSE)->samples, 0);
  ADD (ext4, "big-delete", 10, 0.00158, 0.00157, 0.00159);
  ADD (xfs, "big-delete", 10, 0.00057, 0.000571, 0.000569);
  rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  dump_recommendation (rec);

  v = fsb_recommendation_get_verdict (rec, "big-files");
  g_assert_cmpint (v->kind, ==, FSB_VERDICT_TIE);
  g_assert_cmpuint (v->differences->len, ==, 1);
  g_assert_cmpstr (((FsbTaskDifference *) v->differences->pdata[0])->sentence, ==,
                   "In “Delete the big files”, XFS is 2.8× faster than ext4.");
  g_assert_true (strings_contain (rec->reasons, "In “Delete the big files”, XFS is 2.8× faster than ext4."));

  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_TIE);
  /* the headline is the verdict alone; what the tie still tells apart comes next, after the confidence */
  g_assert_cmpstr (rec->headline, ==, "ext4 and XFS are tied for a small home or office server");
  g_assert_cmpuint (rec->notes->len, >=, 2);
  g_assert_cmpstr (rec->notes->pdata[1], ==, "XFS has 2\u00a0% more usable space than ext4.");
}

/* The headline carries the confidence: a clear lead overall, but a
 * criterion left unsettled, says "probably". */
static void
test_probably (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;

  add_group (ext4, "random-io", 1.0, 0.01);
  add_group (xfs, "random-io", 3.0, 0.01);
  ADD (ext4, "sync-write", 30, 300, 250, 350);
  ADD (xfs, "sync-write", 30, 290, 240, 350);
  add_group (ext4, "sqlite", 1.0, 0.01);
  add_group (xfs, "sqlite", 2.0, 0.01);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_WINNER);
  g_assert_cmpint (rec->confidence, ==, FSB_CONFIDENCE_MEDIUM);
  g_assert_cmpstr (rec->headline, ==, "ext4 probably suits databases and random I/O best");
  g_assert_false (fsb_recommendation_get_verdict (rec, "sync-write")->settled);
}

/* Three filesystems: the tie names those not told apart, and the one
 * clearly behind is not among them. */
static void
test_three (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  FsbFsResult *btrfs = fsb_result_add_filesystem (r, "btrfs");
  g_autoptr(FsbRecommendation) rec = NULL;

  add_group (ext4, "random-io", 1.0, 0.002);
  add_group (xfs, "random-io", 1.01, 0.002);
  add_group (btrfs, "random-io", 2.0, 0.002);
  add_group (ext4, "sync-write", 1.0, 0.002);
  add_group (xfs, "sync-write", 1.0, 0.002);
  add_group (btrfs, "sync-write", 2.5, 0.002);
  add_group (ext4, "sqlite", 1.0, 0.002);
  add_group (xfs, "sqlite", 1.0, 0.002);
  add_group (btrfs, "sqlite", 2.0, 0.002);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_TIE);
  g_assert_cmpuint (g_strv_length (rec->tied), ==, 2);
  g_assert_false (g_strv_contains ((const char * const *) rec->tied, "btrfs"));
  g_assert_cmpuint (rec->overall->len, ==, 3);
  g_assert_cmpstr (((FsbScore *) rec->overall->pdata[2])->fs, ==, "btrfs");
  g_assert_cmpint (((FsbScore *) rec->overall->pdata[2])->behind, ==, FSB_COMPARE_BETTER);
}

/* The case: random I/O 3× in ext4's favour, and one of three
 * durable-write samples 10× slower. Judged alone, that sample made the
 * durable-write interval 0.02–62 and the whole verdict "cannot be told
 * apart"; pooled, with the sample flagged, ext4 wins. */
static void
test_outlier_winner (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;

  add_group (ext4, "random-io", 1.0, 0.01);
  add_group (xfs, "random-io", 3.0, 0.01);
  ADD (ext4, "sync-write", 30, 300, 30, 303);
  ADD (xfs, "sync-write", 30, 298, 301, 299);
  add_group (ext4, "sqlite", 1.0, 0.01);
  add_group (xfs, "sqlite", 3.0, 0.01);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_WINNER);
  g_assert_cmpstr (rec->best, ==, "ext4");
  g_assert_cmpint (rec->confidence, >=, FSB_CONFIDENCE_MEDIUM);
  /* flagged, not dropped: said so, naming the task */
  g_assert_cmpuint (fsb_recommendation_get_verdict (rec, "sync-write")->n_flagged, ==, 1);
  g_assert_cmpstrv (fsb_recommendation_get_verdict (rec, "sync-write")->flagged_tasks,
                    ((const char *[]) { "sync-write", NULL }));
  g_assert_true (strings_contain (rec->notes, "1 sample lay far from the others of its task: the verdict leaves it out"));
}

/* Dominance: ext4 and XFS lean each their way on the margin (their
 * comparison stays open), Btrfs is clearly behind on small files, within
 * 5 % of ext4 on the rest, and ahead nowhere. It is behind, said so, and
 * never among the tied. */
static void
test_dominated (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  FsbFsResult *btrfs = fsb_result_add_filesystem (r, "btrfs");
  g_autoptr(FsbRecommendation) rec = NULL;
  const double ahead[] = { 0.3, 0.95 };

  ext4->capacity_initial.percent = xfs->capacity_initial.percent = btrfs->capacity_initial.percent = 93;
  add_group (ext4, "core", 1.0, 0.01);
  add_group (xfs, "core", 1.05, 0.01);
  add_group (btrfs, "core", 1.0, 0.01);
  add_group (ext4, "random-io", 1.0, 0.01);
  add_group (xfs, "random-io", 0.95, 0.01);
  add_group (btrfs, "random-io", 1.03, 0.01);
  add_group (ext4, "small-files", 1.0, 0.01);
  add_group (xfs, "small-files", 1.02, 0.01);
  add_group (btrfs, "small-files", 3.2, 0.01);
  rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  dump_recommendation (rec);
  g_assert_nonnull (rec->dominated);
  g_assert_cmpstrv (rec->dominated, ((const char *[]) { "btrfs", NULL }));
  g_assert_true (rec->tied == NULL || !g_strv_contains ((const char * const *) rec->tied, "btrfs"));
  g_assert_cmpstr (rec->best, !=, "btrfs");
  g_assert_true (strings_contain (rec->reasons, "Btrfs is behind ext4: it is ahead of it in no criterion this use case "
                                         "weighs, and clearly behind in “Small files”."));
  for (guint i = 0; i < rec->overall->len; i++)
    if (g_strcmp0 (((FsbScore *) rec->overall->pdata[i])->fs, "btrfs") == 0)
      g_assert_cmpint (((FsbScore *) rec->overall->pdata[i])->behind, ==, FSB_COMPARE_BETTER);

  /* ahead somewhere (random I/O, clearly): no longer dominated, in the
   * comparison; nor perhaps ahead by more than 5 %, unproven (5.3 %
   * faster, the interval reaching both sides of the margin), since the
   * lead may be real (the default runs on a second VM: XFS listed 35-50 %
   * faster, unsettled in most runs, while ext4 deleted small files 2.5x
   * faster; dominance named ext4 in three runs, XFS in one) */
  for (guint k = 0; k < G_N_ELEMENTS (ahead); k++)
    {
      g_ptr_array_set_size (fsb_fs_result_get_task (btrfs, "rand-read", FALSE)->samples, 0);
      g_ptr_array_set_size (fsb_fs_result_get_task (btrfs, "rand-write", FALSE)->samples, 0);
      add_group (btrfs, "random-io", ahead[k], 0.01);
      g_clear_pointer (&rec, fsb_recommendation_free);
      rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
      dump_recommendation (rec);
      g_assert_true (rec->dominated == NULL || !g_strv_contains ((const char * const *) rec->dominated, "btrfs"));
    }
}

/* Dominated, yet ahead in the weighted total by its small leads: XFS
 * within 2.5 % ahead of ext4 on five criteria (inside the margin, settled
 * so), ext4 clearly 10 % faster with small files. The winner leads the
 * comparison, the dominated one comes after it, clearly behind, whatever
 * its total. */
static void
test_dominated_order (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;
  FsbScore *first, *second;

  ext4->capacity_initial.percent = xfs->capacity_initial.percent = 93;
  add_group (ext4, "core", 1.0, 0.005);
  add_group (xfs, "core", 0.975, 0.005);
  add_group (ext4, "random-io", 1.0, 0.005);
  add_group (xfs, "random-io", 0.975, 0.005);
  add_group (ext4, "small-files", 1.0, 0.005);
  add_group (xfs, "small-files", 1.10, 0.005);
  rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  dump_recommendation (rec);
  g_assert_cmpstrv (rec->dominated, ((const char *[]) { "xfs", NULL }));
  g_assert_cmpstr (rec->best, ==, "ext4");
  g_assert_cmpstr (rec->leader, ==, "ext4");
  first = rec->overall->pdata[0];
  second = rec->overall->pdata[1];
  g_assert_cmpstr (first->fs, ==, "ext4");
  g_assert_cmpfloat (first->ratio, ==, 1);
  g_assert_cmpstr (second->fs, ==, "xfs");
  g_assert_cmpint (second->behind, ==, FSB_COMPARE_BETTER);
  /* its total is ahead: only the dominance puts it behind */
  g_assert_cmpfloat (second->ratio, <, 1);
  g_assert_true (rec->by_dominance);
  g_assert_true (second->dominated);
  g_assert_false (first->dominated);
}

/* An open verdict says what would settle it: the rounds by the intervals'
 * shrinking, their time at this run's pace, and the budget to ask for; a
 * difference small for its noise says that no count of rounds can be
 * promised. */
static void
test_settle_hint (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *settle;

  ADD (ext4, "mkfs", 10, 0.2, 0.2, 0.2);
  ADD (xfs, "mkfs", 10, 0.2, 0.2, 0.2);
  add_group (ext4, "random-io", 1.0, 0.25);
  add_group (xfs, "random-io", 1.4, 0.25);
  add_group (ext4, "sync-write", 1.0, 0.25);
  add_group (xfs, "sync-write", 1.4, 0.25);
  /* SQLite's four tasks pool into a narrower interval than durable
   * writes' one: at ±90 % (±70 % leaves it a round from settled, now
   * that a lead settles once its interval is wholly above 1) the overall
   * lead stays open for a few rounds */
  add_group (ext4, "sqlite", 1.0, 0.9);
  add_group (xfs, "sqlite", 1.4, 0.9);
  fsb_result_add_pace (r, "rand-read", 30, 30);   /* 6 cycles of 5 s */
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);
  g_assert_false (rec->settled);
  g_assert_cmpuint (rec->settle_rounds, >, 3);
  g_assert_cmpuint (rec->settle_rounds, <=, 30);
  g_assert_cmpfloat_with_epsilon (rec->settle_seconds, (rec->settle_rounds - 3) * 2 * 5.0, 1e-9);
  g_assert_cmpfloat (rec->settle_budget_s, >=, 30 + rec->settle_seconds);
  g_assert_true (strings_contain (rec->notes, "more rounds of ext4 and XFS could settle it"));
  g_assert_nonnull (rec->settle_note);
  g_assert_true (strings_contain (rec->notes, rec->settle_note));
  node = fsb_recommendation_to_json (rec);
  settle = json_object_get_object_member (json_node_get_object (node), "settle");
  g_assert_cmpint (json_object_get_int_member (settle, "rounds"), ==, rec->settle_rounds);

  /* 5.5 % apart, the interval far wider than the half point it would have to clear */
  g_clear_pointer (&rec, fsb_recommendation_free);
  g_ptr_array_set_size (xfs->tasks, 0);
  ADD (xfs, "mkfs", 10, 0.2, 0.2, 0.2);
  add_group (xfs, "random-io", 1.055, 0.25);
  add_group (xfs, "sync-write", 1.055, 0.25);
  add_group (xfs, "sqlite", 1.055, 0.7);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);
  g_assert_false (rec->settled);
  g_assert_cmpuint (rec->settle_rounds, ==, 0);
  g_assert_nonnull (strstr (rec->settle_note, "it would take many more rounds"));
  g_assert_true (strings_contain (rec->notes, "it would take many more rounds to tell whether one is ahead"));
}

/* The margin's edge (1.05) tells a lead from a small lead, by the point
 * estimate: 4.5 % ahead for certain is a tie that holds a small lead, 6 %
 * a winner; either is settled, and refinable while its 95 % interval
 * holds the edge. 30 % ahead, or 1 % apart and steady, is not. */
static void
set_xfs (FsbFsResult *xfs, double ratio, double noise)
{
  const char *groups[] = { "random-io", "sync-write", "sqlite" };

  g_ptr_array_set_size (xfs->tasks, 0);
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    add_group (xfs, groups[g], ratio, noise);
}

static void
test_refinable (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;
  g_autoptr(JsonNode) node = NULL;
  const FsbScore *second;

  set_xfs (ext4, 1.0, 0.03);
  set_xfs (xfs, 1.045, 0.03);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);
  second = rec->overall->pdata[1];
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_TIE);
  g_assert_true (rec->settled);
  g_assert_true (rec->small_lead);
  g_assert_true (second->small_lead);
  g_assert_cmpint (second->behind, ==, FSB_COMPARE_EQUIVALENT);
  g_assert_cmpfloat (second->ratio_low, >, 1);
  g_assert_cmpfloat (second->ratio_high, >, 1.05);
  g_assert_true (second->near_margin);
  g_assert_cmpstr (rec->refinable[0], ==, "ext4");
  g_assert_cmpstr (rec->refinable[1], ==, "xfs");
  g_assert_null (rec->refinable[2]);
  g_assert_true (strings_contain (rec->notes, "ext4 is ahead overall, but by 4.5 %, less than the 5 % that "
                                              "counts as a difference"));
  g_assert_cmpstr (rec->headline, ==, "ext4 and XFS are tied for databases and random I/O");
  node = fsb_recommendation_to_json (rec);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_node_get_object (node), "refinable")),
                    ==, 2);

  /* 6 % ahead: a winner, its interval still reaching below the edge */
  g_clear_pointer (&rec, fsb_recommendation_free);
  set_xfs (xfs, 1.06, 0.03);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);
  second = rec->overall->pdata[1];
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_WINNER);
  g_assert_false (second->small_lead);
  g_assert_cmpfloat (second->ratio_low, <, 1.05);
  g_assert_true (second->near_margin);
  g_assert_nonnull (rec->refinable);

  /* 30 % ahead: beyond the edge at every level */
  g_clear_pointer (&rec, fsb_recommendation_free);
  set_xfs (xfs, 1.3, 0.03);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_WINNER);
  g_assert_false (((FsbScore *) rec->overall->pdata[1])->near_margin);
  g_assert_null (rec->refinable);

  /* 1 % apart and steady: a settled tie, within the margin at 95 % */
  g_clear_pointer (&rec, fsb_recommendation_free);
  set_xfs (xfs, 1.01, 0.002);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_TIE);
  g_assert_true (rec->settled);
  g_assert_false (rec->small_lead);
  g_assert_null (rec->refinable);
}

/* Leans are not a lead: 15 % slower in every criterion, none of them
 * clearly (each interval spans 1), adds up overall to an interval wholly
 * above 1; no criterion won, no winner. */
static void
test_leans_are_not_a_lead (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *twin = fsb_result_add_filesystem (r, "ext4-2");
  g_autoptr(FsbRecommendation) rec = NULL;
  const char *groups[] = { "core", "small-files", "random-io" };

  ext4->capacity_initial.percent = twin->capacity_initial.percent = 93;
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      add_group (ext4, groups[g], 1.0, 0.18);
      add_group (twin, groups[g], 1.15, 0.18);
    }
  rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  dump_recommendation (rec);
  for (guint i = 0; i < rec->verdicts->len; i++)
    g_assert_cmpint (((FsbVerdict *) rec->verdicts->pdata[i])->kind, ==, FSB_VERDICT_TIE);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_TIE);
  g_assert_null (rec->best);
  g_assert_false (rec->settled);
  /* the weighted mean alone would have named ext4 */
  g_assert_cmpfloat (((FsbScore *) rec->overall->pdata[1])->ratio_low, >, 1);
}

static void
test_single (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbVerdict *big;

  ext4->capacity_initial.percent = 93.9;
  ADD (ext4, "big-copy-in", 40, 30.0, 30.5, 31.0);
  ADD (ext4, "big-recopy", 40, 20.0, 20.5, 21.0);
  rec = fsb_recommend (r, FSB_USE_CASE_MEDIA);
  dump_recommendation (rec);

  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_NOT_MEASURED);
  g_assert_nonnull (strstr (rec->headline, "Only ext4"));
  g_assert_cmpuint (rec->reasons->len, ==, 0);
  big = fsb_recommendation_get_verdict (rec, "big-files");
  g_assert_null (big->runner_up);
  g_assert_null (big->tied);
  /* the figure: 30.5 + 20.5 seconds */
  g_assert_cmpstr (big->conclusion, ==, "ext4 needed 51\u00a0s for the big file tasks.");
}

static void
test_nothing (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  g_autoptr(FsbRecommendation) rec = NULL;

  fsb_result_add_filesystem (r, "ext4");
  fsb_result_add_filesystem (r, "xfs");
  rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  g_assert_null (rec->best);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_NOT_MEASURED);
  g_assert_cmpuint (rec->verdicts->len, ==, 0);
  g_assert_nonnull (rec->headline);
}

/* A filesystem that failed: the tasks it missed put it behind. */
static void
test_failure (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *jfs = fsb_result_add_filesystem (r, "jfs");
  g_autoptr(FsbRecommendation) rec = NULL;

  add_group (ext4, "random-io", 1.0, 0.01);
  add_group (ext4, "sync-write", 1.0, 0.01);
  add_group (ext4, "sqlite", 1.0, 0.01);
  ADD (jfs, "rand-read", 40, 2000, 2010, 2020);
  jfs->error = g_strdup ("mount: unknown filesystem type 'jfs'");
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);
  g_assert_cmpstr (rec->best, ==, "ext4");
  g_assert_true (strings_contain (rec->notes, "JFS could not finish"));
  /* never "0 % faster than JFS": it has no figure to compare */
  g_assert_true (strings_contain (rec->reasons, "ahead of JFS, which did not measure every task"));
  g_assert_false (strings_contain (rec->reasons, "0\u00a0% faster"));
}

/* The JSON of `fsbench-cli recommend --json`. */
static void
test_json (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonObject *o, *c;
  JsonArray *criteria, *ci;
  FsbUseCase uc;

  add_group (ext4, "random-io", 1.0, 0.02);
  add_group (xfs, "random-io", 2.0, 0.02);
  add_group (ext4, "sync-write", 1.0, 0.02);
  add_group (xfs, "sync-write", 2.0, 0.02);
  add_group (ext4, "sqlite", 1.0, 0.02);
  add_group (xfs, "sqlite", 2.0, 0.02);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  node = fsb_recommendation_to_json (rec);
  o = json_node_get_object (node);

  for (guint i = 0; i < FSB_N_USE_CASES; i++)
    {
      g_assert_true (fsb_use_case_from_id (fsb_use_case_id (i), &uc));
      g_assert_cmpint (uc, ==, i);
      g_assert_nonnull (fsb_use_case_title (i));
    }
  g_assert_false (fsb_use_case_from_id ("gaming", &uc));
  /* weights keyed by criterion and use case, never by position */
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("random-io"), "database"), ==, 4);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("sync-write"), "database"), ==, 4);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("sqlite"), "database"), ==, 4);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("big-files"), "database"), ==, 0);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("git"), "developer"), ==, 3);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("photos"), "media"), ==, 2);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("transfer"), "media"), ==, 1);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("capacity"), "server"), ==, 2);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("cpu"), "server"), ==, 0);

  g_assert_cmpstr (json_object_get_string_member (o, "use_case"), ==, "database");
  g_assert_cmpstr (json_object_get_string_member (o, "verdict"), ==, "winner");
  g_assert_cmpstr (json_object_get_string_member (o, "winner"), ==, "ext4");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "tied")), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "missing_groups")), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (o, "confidence"), ==, "high");
  criteria = json_object_get_array_member (o, "criteria");
  g_assert_cmpuint (json_array_get_length (criteria), ==, rec->verdicts->len);
  c = json_array_get_object_element (criteria, 0);
  g_assert_cmpstr (json_object_get_string_member (c, "id"), ==, "random-io");
  g_assert_cmpstr (json_object_get_string_member (c, "verdict"), ==, "winner");
  g_assert_cmpstr (json_object_get_string_member (c, "winner"), ==, "ext4");
  g_assert_true (json_object_has_member (c, "tied"));
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (c, "ratio"), 2.0, 1e-9);
  ci = json_object_get_array_member (c, "ci95");
  g_assert_cmpuint (json_array_get_length (ci), ==, 2);
  g_assert_cmpfloat (json_array_get_double_element (ci, 0), <, 2.0);
  g_assert_cmpfloat (json_array_get_double_element (ci, 1), >, 2.0);
}

/* Merged comparisons can hold two filesystems of the same name ("ntfs"
 * and "ntfs3" both show as "NTFS · run A"): each keeps its own scores. */
static void
test_same_names (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *a = fsb_result_add_filesystem (r, "NTFS · run A");
  FsbFsResult *b = fsb_result_add_filesystem (r, "XFS · run B");
  FsbFsResult *c = fsb_result_add_filesystem (r, "NTFS · run A");
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbVerdict *v;

  add_group (a, "random-io", 1.0, 0.002);
  add_group (b, "random-io", 2.0, 0.002);
  add_group (c, "random-io", 1.001, 0.002);
  add_group (a, "sync-write", 1.0, 0.002);
  add_group (b, "sync-write", 2.0, 0.002);
  add_group (c, "sync-write", 1.001, 0.002);
  add_group (a, "sqlite", 1.0, 0.002);
  add_group (b, "sqlite", 2.0, 0.002);
  add_group (c, "sqlite", 1.001, 0.002);
  rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  dump_recommendation (rec);

  g_assert_cmpuint (rec->overall->len, ==, 3);
  v = fsb_recommendation_get_verdict (rec, "random-io");
  g_assert_cmpuint (v->ranking->len, ==, 3);
  g_assert_nonnull (v->tied);
  g_assert_cmpuint (g_strv_length (v->tied), ==, 2);
  g_assert_true (g_strv_contains ((const char * const *) v->tied, "NTFS · run A (2)"));
  g_assert_false (strings_contain (rec->reasons, " and  "));
  /* the result itself keeps its names */
  g_assert_cmpstr (c->name, ==, "NTFS · run A");
}

/* The data took space in each sample of the tasks that bring it in. */
static void
set_data_space (FsbFsResult *fs, double written, double on_disk)
{
  const char *ids[] = { "big-copy-in", "tree-copy-in" };

  for (guint t = 0; t < G_N_ELEMENTS (ids); t++)
    {
      FsbTaskResult *task = fsb_fs_result_get_task (fs, ids[t], FALSE);

      for (guint i = 0; i < task->samples->len; i++)
        {
          fsb_sample_set (task->samples->pdata[i], "bytes", written / 2);
          fsb_sample_set (task->samples->pdata[i], "space_used_bytes", on_disk / 2);
        }
    }
}

/* A variant named by the verdict says what it is, and the space the test
 * data took counts among the reasons: "zstd is Btrfs mounted with
 * compress=zstd:1", "62 % less space than ext4"; a twin is no variant. */
static void
test_variant_space (void)
{
  g_autoptr(FsbResult) r = crafted_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *zstd = fsb_result_add_filesystem (r, "zstd");
  FsbFsResult *twin = fsb_result_add_filesystem (r, "ext4 (2)");
  g_autoptr(FsbRecommendation) rec = NULL;
  const char *groups[] = { "core", "small-files", "random-io" };

  zstd->fs_type = g_strdup ("btrfs");
  zstd->mount_requested = g_strdup ("compress=zstd:1");
  twin->fs_type = g_strdup ("ext4");
  ext4->capacity_initial.percent = zstd->capacity_initial.percent = twin->capacity_initial.percent = 93;
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      add_group (ext4, groups[g], 1.0, 0.01);
      add_group (zstd, groups[g], 1.0, 0.01);
      add_group (twin, groups[g], 1.0, 0.01);
    }
  set_data_space (ext4, 95e6, 95e6);
  set_data_space (twin, 95e6, 92e6);
  set_data_space (zstd, 95e6, 36e6);
  rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  dump_recommendation (rec);
  g_assert_cmpint (rec->verdict, ==, FSB_VERDICT_TIE);
  g_assert_true (strings_contain (rec->reasons, "zstd is Btrfs mounted with compress=zstd:1."));
  g_assert_false (strings_contain (rec->reasons, "ext4 (2) is"));
  g_assert_true (strings_contain (rec->reasons, "zstd stored the test data in 62\u00a0% less space than ext4 (36.0\u00a0MB against 95.0\u00a0MB)."));
  g_assert_true (strings_contain (rec->reasons, "zstd stored the test data in 61\u00a0% less space than ext4 (2)"));

  /* within 10 % of each other: nothing to say */
  g_clear_pointer (&rec, fsb_recommendation_free);
  set_data_space (zstd, 95e6, 90e6);
  rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  g_assert_false (strings_contain (rec->reasons, "less space than"));
}

/* A transfer's figure and interval come from its own copies: sources that
 * agree do not make noisy copies certain. Results that kept the median
 * alone are scored from the spread across sources, as they were. */
static void
test_transfer_samples (void)
{
  static const struct { double into_ext4[3], into_xfs[3]; gboolean settled; } cases[] = {
    { { 70, 100, 130 }, { 80, 110, 140 }, FALSE },
    { { 99, 100, 101 }, { 109, 110, 111 }, TRUE },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(FsbResult) r = crafted_result ();
      g_autoptr(FsbResult) medians = crafted_result ();
      g_autoptr(FsbRecommendation) rec = NULL, old = NULL;
      const char *names[] = { "ext4", "xfs" };
      const FsbVerdict *v, *vo;

      for (guint f = 0; f < 2; f++)
        {
          fsb_result_add_filesystem (r, names[f]);
          fsb_result_add_filesystem (medians, names[f]);
        }
      /* from either source, the same copies */
      for (guint f = 0; f < 2; f++)
        {
          add_transfer (r, names[f], "ext4", cases[c].into_ext4, 3);
          add_transfer (r, names[f], "xfs", cases[c].into_xfs, 3);
          add_transfer (medians, names[f], "ext4", &cases[c].into_ext4[1], 1);
          add_transfer (medians, names[f], "xfs", &cases[c].into_xfs[1], 1);
        }
      rec = fsb_recommend (r, FSB_USE_CASE_MEDIA);
      old = fsb_recommend (medians, FSB_USE_CASE_MEDIA);
      dump_recommendation (rec);
      v = fsb_recommendation_get_verdict (rec, "transfer");
      vo = fsb_recommendation_get_verdict (old, "transfer");
      g_assert_nonnull (v);
      g_assert_nonnull (vo);
      g_assert_cmpstr (((FsbScore *) v->ranking->pdata[0])->fs, ==, "xfs");
      g_assert_cmpfloat_with_epsilon (v->ratio, 1.1, 1e-9);
      g_assert_cmpfloat_with_epsilon (vo->ratio, 1.1, 1e-9);
      g_assert_cmpfloat_with_epsilon (((FsbScore *) v->ranking->pdata[0])->value, 110, 1e-9);
      g_assert_cmpfloat_with_epsilon (((FsbScore *) vo->ranking->pdata[0])->value, 110, 1e-9);
      g_assert_cmpint (v->settled, ==, cases[c].settled);
      /* the median alone: sources that agree look exact, however the copies spread */
      g_assert_true (vo->settled);
    }
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/recommend/not-measured", test_not_measured);
  g_test_add_func ("/recommend/clear-winner", test_clear_winner);
  g_test_add_func ("/recommend/tie", test_tie);
  g_test_add_func ("/recommend/transfer-samples", test_transfer_samples);
  g_test_add_func ("/recommend/unclear", test_unclear);
  g_test_add_func ("/recommend/hidden-difference", test_hidden_difference);
  g_test_add_func ("/recommend/probably", test_probably);
  g_test_add_func ("/recommend/three", test_three);
  g_test_add_func ("/recommend/outlier-winner", test_outlier_winner);
  g_test_add_func ("/recommend/dominated", test_dominated);
  g_test_add_func ("/recommend/dominated-order", test_dominated_order);
  g_test_add_func ("/recommend/settle-hint", test_settle_hint);
  g_test_add_func ("/recommend/leans", test_leans_are_not_a_lead);
  g_test_add_func ("/recommend/refinable", test_refinable);
  g_test_add_func ("/recommend/single", test_single);
  g_test_add_func ("/recommend/nothing", test_nothing);
  g_test_add_func ("/recommend/failure", test_failure);
  g_test_add_func ("/recommend/json", test_json);
  g_test_add_func ("/recommend/same-names", test_same_names);
  g_test_add_func ("/recommend/variant-space", test_variant_space);
  return g_test_run ();
}
