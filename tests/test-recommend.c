/* test-recommend.c: recommendations from crafted results */
#include "config.h"

#include "fsb-engine.h"
#include "fsb-recommend.h"

/* Adds a task with one sample per value (wall time or rate), CPU % fixed. */
static void
add_task (FsbFsResult *fs, const char *id, const double *values, guint n, double cpu)
{
  FsbTaskResult *task = fsb_fs_result_get_task (fs, id, TRUE);
  const char *metric = fsb_task_metric (id, NULL);

  for (guint i = 0; i < n; i++)
    {
      FsbSample *s = fsb_sample_new ();
      fsb_sample_set (s, metric, values[i]);
      fsb_sample_set (s, "cpu_percent", cpu);
      fsb_sample_set (s, "minor_faults", 600);
      g_ptr_array_add (task->samples, s);
    }
}

#define ADD(fs, id, cpu, ...) G_STMT_START { \
  const double v_[] = { __VA_ARGS__ }; \
  add_task (fs, id, v_, G_N_ELEMENTS (v_), cpu); \
} G_STMT_END

static FsbResult *
new_result (void)
{
  FsbResult *r = fsb_result_new ();

  r->repetitions = 3;
  r->complete = TRUE;
  return r;
}

static gboolean
contains (GPtrArray *strings, const char *needle)
{
  for (guint i = 0; i < strings->len; i++)
    if (strstr (strings->pdata[i], needle) != NULL)
      return TRUE;
  return FALSE;
}

static void
dump (const FsbRecommendation *rec)
{
  g_autofree char *text = fsb_recommendation_to_text (rec);
  g_test_message ("%s", text);
}

/* XFS is clearly faster with big files and has more room; ext4 a bit
 * faster on the tree, without overlap. */
static FsbResult *
clear_winner (void)
{
  FsbResult *r = new_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");

  ext4->capacity_initial.percent = 92.77;
  xfs->capacity_initial.percent = 99.95;
  ADD (ext4, "big-copy-in", 48, 41.0, 41.2, 41.1);
  ADD (xfs, "big-copy-in", 46, 34.8, 34.9, 35.0);
  ADD (ext4, "big-delete", 10, 2.5, 2.6, 2.4);
  ADD (xfs, "big-delete", 10, 0.02, 0.021, 0.022);
  ADD (ext4, "tree-copy-in", 30, 158.0, 158.5, 159.0);
  ADD (xfs, "tree-copy-in", 33, 166.0, 166.5, 167.0);
  ADD (ext4, "mkfs", 70, 14.7, 14.8, 14.6);
  ADD (xfs, "mkfs", 65, 0.7, 0.71, 0.69);
  return r;
}

static void
test_clear_winner (void)
{
  g_autoptr(FsbResult) r = clear_winner ();
  g_autoptr(FsbRecommendation) rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  const FsbVerdict *big, *tree, *cap;

  dump (rec);
  g_assert_cmpstr (rec->best, ==, "xfs");
  g_assert_nonnull (strstr (rec->headline, "XFS"));
  g_assert_nonnull (strstr (rec->headline, "server"));

  big = fsb_recommendation_get_verdict (rec, "big-files");
  g_assert_nonnull (big);
  g_assert_cmpstr (big->winner, ==, "xfs");
  g_assert_cmpstr (big->runner_up, ==, "ext4");
  g_assert_null (big->tied);
  g_assert_nonnull (strstr (big->conclusion, "big files"));

  tree = fsb_recommendation_get_verdict (rec, "tree");
  g_assert_cmpstr (tree->winner, ==, "ext4");
  g_assert_null (tree->tied);

  cap = fsb_recommendation_get_verdict (rec, "capacity");
  g_assert_cmpstr (cap->winner, ==, "xfs");

  /* reasons come from the figures */
  g_assert_true (contains (rec->reasons, "largest usable capacity: 99.95\u00a0% against 92.77\u00a0%"));
  g_assert_true (contains (rec->reasons, "fastest with big files:"));
  g_assert_true (contains (rec->reasons, "ahead of ext4"));
  g_assert_true (contains (rec->reasons, "second fastest with file trees"));
  g_assert_true (contains (rec->reasons, "fastest to create, mount and unmount: 0.7\u00a0s against 14.7\u00a0s"));
  /* plural forms: the count line */
  g_assert_true (contains (rec->reasons, "of 5 criteria"));
  g_assert_false (contains (rec->notes, "tied"));

  /* the ranking is ordered and normalized */
  g_assert_cmpfloat (((FsbScore *) big->ranking->pdata[0])->score, ==, 1.0);
  g_assert_cmpfloat (((FsbScore *) big->ranking->pdata[1])->score, <, 1.0);
}

static void
test_tie (void)
{
  g_autoptr(FsbResult) r = new_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbVerdict *tree, *big;

  /* ranges 10.0–12.0 and 11.5–13.0 overlap: a tie, though ext4's median is lower */
  ADD (ext4, "tree-copy-in", 30, 10.0, 11.0, 12.0);
  ADD (xfs, "tree-copy-in", 30, 11.5, 12.0, 13.0);
  ADD (ext4, "big-copy-in", 40, 30.0, 30.5, 31.0);
  ADD (xfs, "big-copy-in", 40, 20.0, 20.5, 21.0);
  rec = fsb_recommend (r, FSB_USE_CASE_DESKTOP);
  dump (rec);

  tree = fsb_recommendation_get_verdict (rec, "tree");
  g_assert_cmpstr (tree->winner, ==, "ext4");
  g_assert_nonnull (tree->tied);
  g_assert_cmpuint (g_strv_length (tree->tied), ==, 2);
  g_assert_true (g_strv_contains ((const char * const *) tree->tied, "xfs"));
  g_assert_nonnull (strstr (tree->conclusion, "overlap"));
  g_assert_true (contains (rec->notes, "ext4 and XFS are tied on file trees (their results overlap)."));

  big = fsb_recommendation_get_verdict (rec, "big-files");
  g_assert_null (big->tied);
  g_assert_cmpstr (rec->best, ==, "xfs");
  /* the best is tied on trees: the reason says so, without claiming a lead */
  g_assert_true (contains (rec->reasons, "as fast as ext4 with file trees"));

  /* Move XFS's range away: no longer a tie. */
  for (guint i = 0; i < 3; i++)
    {
      FsbTaskResult *t = fsb_fs_result_get_task (xfs, "tree-copy-in", FALSE);
      fsb_sample_set (t->samples->pdata[i], "wall_s", 12.5 + i * 0.1);
    }
  g_clear_pointer (&rec, fsb_recommendation_free);
  rec = fsb_recommend (r, FSB_USE_CASE_DESKTOP);
  tree = fsb_recommendation_get_verdict (rec, "tree");
  g_assert_null (tree->tied);
  g_assert_false (contains (rec->notes, "tied on file trees"));
}

static void
test_single (void)
{
  g_autoptr(FsbResult) r = new_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbVerdict *big;

  ext4->capacity_initial.percent = 93.9;
  ADD (ext4, "big-copy-in", 40, 30.0, 30.5, 31.0);
  ADD (ext4, "big-recopy", 40, 20.0, 20.5, 21.0);
  rec = fsb_recommend (r, FSB_USE_CASE_MEDIA);
  dump (rec);

  g_assert_cmpstr (rec->best, ==, "ext4");
  g_assert_nonnull (strstr (rec->headline, "Only ext4"));
  g_assert_cmpuint (rec->reasons->len, ==, 0);
  g_assert_cmpuint (rec->notes->len, ==, 1);
  big = fsb_recommendation_get_verdict (rec, "big-files");
  g_assert_null (big->runner_up);
  g_assert_null (big->tied);
  /* the figure: 30.5 + 20.5 seconds */
  g_assert_cmpstr (big->conclusion, ==, "ext4 needed 51\u00a0s for the big file tasks.");
}

static void
test_nothing (void)
{
  g_autoptr(FsbResult) r = new_result ();
  g_autoptr(FsbRecommendation) rec = NULL;

  fsb_result_add_filesystem (r, "ext4");
  fsb_result_add_filesystem (r, "xfs");
  rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  g_assert_null (rec->best);
  g_assert_cmpuint (rec->verdicts->len, ==, 0);
  g_assert_nonnull (rec->headline);
}

/* The use case decides: XFS leads big files, ext4 small files. */
static void
test_use_cases (void)
{
  g_autoptr(FsbResult) r = new_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");
  g_autoptr(FsbRecommendation) media = NULL, small = NULL;

  ADD (ext4, "big-copy-in", 40, 30.0, 30.5, 31.0);
  ADD (xfs, "big-copy-in", 40, 20.0, 20.5, 21.0);
  ADD (ext4, "small-create-seq", 40, 9000, 9100, 9200);
  ADD (xfs, "small-create-seq", 40, 6000, 6100, 6200);
  ADD (ext4, "small-stat-seq", 40, 90000, 91000, 92000);
  ADD (xfs, "small-stat-seq", 40, 60000, 61000, 62000);

  media = fsb_recommend (r, FSB_USE_CASE_MEDIA);
  small = fsb_recommend (r, FSB_USE_CASE_SMALL_FILES);
  dump (media);
  dump (small);
  g_assert_cmpstr (media->best, ==, "xfs");
  g_assert_cmpstr (small->best, ==, "ext4");
  /* higher is better for files per second */
  g_assert_cmpstr (fsb_recommendation_get_verdict (small, "small-files")->winner, ==, "ext4");
  g_assert_true (contains (small->reasons, "fastest with small files: 49"));
}

/* A filesystem that failed: its missing tasks count against it. */
static void
test_failure (void)
{
  g_autoptr(FsbResult) r = new_result ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *jfs = fsb_result_add_filesystem (r, "jfs");
  g_autoptr(FsbRecommendation) rec = NULL;

  ADD (ext4, "big-copy-in", 40, 30.0, 30.5, 31.0);
  ADD (ext4, "big-recopy", 40, 30.0, 30.5, 31.0);
  ADD (jfs, "big-copy-in", 40, 29.0, 29.5, 29.9);
  jfs->error = g_strdup ("mount: unknown filesystem type 'jfs'");
  rec = fsb_recommend (r, FSB_USE_CASE_MEDIA);
  dump (rec);
  g_assert_cmpstr (rec->best, ==, "ext4");
  g_assert_true (contains (rec->notes, "JFS could not finish"));
}

static void
test_ids_and_json (void)
{
  g_autoptr(FsbResult) r = clear_winner ();
  g_autoptr(FsbRecommendation) rec = fsb_recommend (r, FSB_USE_CASE_DATABASE);
  g_autoptr(JsonNode) node = fsb_recommendation_to_json (rec);
  JsonObject *o = json_node_get_object (node);
  FsbUseCase uc;

  for (guint i = 0; i < FSB_N_USE_CASES; i++)
    {
      g_assert_true (fsb_use_case_from_id (fsb_use_case_id (i), &uc));
      g_assert_cmpint (uc, ==, i);
      g_assert_nonnull (fsb_use_case_title (i));
    }
  g_assert_false (fsb_use_case_from_id ("gaming", &uc));
  g_assert_cmpstr (fsb_catalog_criterion ("cpu")->id, ==, "cpu");
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("random-io"), "database"), ==, 4);
  /* Weights are keyed by criterion and use case, never by position. */
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("transfer"), "media"), ==, 0);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("big-files"), "media"), ==, 4);
  g_assert_cmpfloat (fsb_criterion_weight (fsb_catalog_criterion ("capacity"), "server"), ==, 2);

  g_assert_cmpstr (json_object_get_string_member (o, "use_case"), ==, "database");
  g_assert_cmpstr (json_object_get_string_member (o, "best"), ==, "xfs");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "criteria")), ==, rec->verdicts->len);
}

/* Merged comparisons can hold two filesystems of the same name ("ntfs"
 * and "ntfs3" both show as "NTFS · run A"): each keeps its own scores,
 * and no reason compares a filesystem with a blank name or itself. */
static void
test_same_names (void)
{
  g_autoptr(FsbResult) r = new_result ();
  FsbFsResult *a = fsb_result_add_filesystem (r, "NTFS · run A");
  FsbFsResult *b = fsb_result_add_filesystem (r, "XFS · run B");
  FsbFsResult *c = fsb_result_add_filesystem (r, "NTFS · run A");
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbVerdict *tree;

  ADD (a, "big-copy-in", 30, 10.0, 11.0, 12.0);
  ADD (b, "big-copy-in", 30, 10.5, 11.5, 12.5);
  ADD (c, "big-copy-in", 30, 20.0, 21.0, 22.0);
  ADD (a, "tree-copy-in", 30, 10.0, 10.1, 10.2);
  ADD (b, "tree-copy-in", 30, 20.0, 20.5, 21.0);
  ADD (c, "tree-copy-in", 30, 10.1, 10.2, 10.3);
  rec = fsb_recommend (r, FSB_USE_CASE_DESKTOP);
  dump (rec);

  g_assert_cmpstr (rec->best, ==, "NTFS · run A");
  g_assert_cmpuint (rec->overall->len, ==, 3);
  tree = fsb_recommendation_get_verdict (rec, "tree");
  g_assert_cmpuint (tree->ranking->len, ==, 3);
  g_assert_nonnull (tree->tied);
  g_assert_cmpuint (g_strv_length (tree->tied), ==, 2);
  g_assert_false (contains (rec->reasons, "as  "));
  g_assert_false (contains (rec->reasons, "as fast as  with"));
  g_assert_true (contains (rec->reasons, "as fast as NTFS · run A (2) with file trees"));
  /* the two keep their own figures: the second is slower with big files */
  g_assert_false (contains (rec->reasons, "as fast as NTFS · run A (2) with big files"));
  /* the result itself keeps its names */
  g_assert_cmpstr (c->name, ==, "NTFS · run A");
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/recommend/clear-winner", test_clear_winner);
  g_test_add_func ("/recommend/tie", test_tie);
  g_test_add_func ("/recommend/single", test_single);
  g_test_add_func ("/recommend/nothing", test_nothing);
  g_test_add_func ("/recommend/use-cases", test_use_cases);
  g_test_add_func ("/recommend/failure", test_failure);
  g_test_add_func ("/recommend/ids-and-json", test_ids_and_json);
  g_test_add_func ("/recommend/same-names", test_same_names);
  return g_test_run ();
}
