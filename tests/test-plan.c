/* test-plan.c: profiles, sizes, validation, the estimate and the size a plan needs */
#include "config.h"

#include <glib-object.h>
#include <math.h>

#include "fsb-catalog.h"
#include "fsb-engine.h"
#include "fsb-plan.h"
#include "fsb-test-assert.h"

static double
size_of (const char *profile, const char *id)
{
  g_autoptr(FsbSizes) s = fsb_profile_sizes (profile);

  g_assert_nonnull (s);
  g_assert_true (fsb_sizes_has (s, id));
  return fsb_sizes_get (s, id);
}

static void
test_profiles (void)
{
  const char *const *names = fsb_profile_names ();

  g_assert_null (fsb_profile_sizes ("huge"));
  g_assert_cmpuint (g_strv_length ((char **) names), ==, 4);
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr(FsbSizes) s = fsb_profile_sizes (names[i]);
      g_assert_nonnull (s);
      g_assert_true (fsb_profile_known (names[i]));
    }

  /* The study's exact sizes. */
  g_assert_cmpfloat (size_of ("seed", "big-file"), ==, 700000000);
  g_assert_cmpfloat (size_of ("seed", "tree-files"), ==, 7500);
  g_assert_cmpfloat (size_of ("seed", "tree-dirs"), ==, 900);
  g_assert_cmpfloat (size_of ("seed", "tree-size"), ==, 1900000000);
  g_assert_cmpfloat (size_of ("seed", "tree-min-file"), ==, 10000);
  g_assert_cmpfloat (size_of ("seed", "tree-max-file"), ==, 5000000);
  g_assert_cmpfloat (size_of ("seed", "kernel-files"), ==, 38755);
  g_assert_cmpfloat (size_of ("seed", "randio-files"), ==, 128);
  g_assert_cmpfloat (size_of ("seed", "randio-requests"), ==, 40000);
  g_assert_cmpfloat (size_of ("seed", "delete-count"), >=, 5);

  /* quick is a twentieth, standard a quarter: same mean file size. */
  g_assert_cmpfloat (size_of ("quick", "big-file") * 20, ==, size_of ("seed", "big-file"));
  g_assert_cmpfloat (size_of ("quick", "tree-files") * 20, ==, size_of ("seed", "tree-files"));
  g_assert_cmpfloat (size_of ("quick", "tree-dirs") * 20, ==, size_of ("seed", "tree-dirs"));
  g_assert_cmpfloat (size_of ("quick", "tree-size") * 20, ==, size_of ("seed", "tree-size"));
  g_assert_cmpfloat (size_of ("standard", "tree-files") * 4, ==, size_of ("seed", "tree-files"));
  g_assert_cmpfloat (size_of ("standard", "tree-size") * 4, ==, size_of ("seed", "tree-size"));
  g_assert_cmpfloat (size_of ("standard", "big-file") * 4, ==, size_of ("seed", "big-file"));
  /* full runs every group at the standard sizes. */
  g_assert_cmpfloat (size_of ("full", "tree-size"), ==, size_of ("standard", "tree-size"));
}

static void
test_defaults_and_groups (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (plan->profile_name, ==, FSB_DEFAULT_PROFILE);
  g_assert_cmpuint (plan->repetitions, ==, FSB_DEFAULT_REPETITIONS);
  g_assert_true (plan->repeat_auto);
  g_assert_cmpuint (plan->repeat_max, ==, FSB_DEFAULT_REPEAT_MAX);
  g_assert_cmpstr (plan->use_case, ==, FSB_DEFAULT_USE_CASE);
  g_assert_cmpstr (plan->target_spec, ==, "image");
  /* the default use case's groups: a small server */
  g_assert_true (fsb_plan_has_group (plan, "core"));
  g_assert_true (fsb_plan_has_group (plan, "small-files"));
  g_assert_true (fsb_plan_has_group (plan, "random-io"));
  g_assert_true (fsb_plan_has_group (plan, "cycle"));   /* always */
  g_assert_false (fsb_plan_has_group (plan, "kernel-tree"));

  fsb_assert_ok (fsb_plan_set_profile (plan, "full", &error), error);
  g_assert_true (fsb_plan_has_group (plan, "core"));
  g_assert_true (fsb_plan_has_group (plan, "random-io"));
  g_assert_true (fsb_plan_has_group (plan, "kernel-tree"));
  g_assert_true (fsb_plan_has_group (plan, "transfer"));
  g_assert_false (g_strv_contains ((const char *const *) plan->workloads, "cycle"));
  g_assert_cmpfloat (fsb_sizes_get (plan->sizes, "tree-files"), ==, size_of ("standard", "tree-files"));

  g_assert_false (fsb_plan_set_profile (plan, "bogus", &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);

  /* custom keeps the sizes in force, for the caller to edit. */
  g_assert_true (fsb_plan_set_profile (plan, "custom", &error));
  g_assert_cmpstr (plan->profile_name, ==, "custom");
  g_assert_cmpfloat (fsb_sizes_get (plan->sizes, "tree-files"), ==, size_of ("standard", "tree-files"));

  /* Groups: known ones only, each once, the cycle's own never chosen. */
  g_assert_true (fsb_plan_set_workloads (plan, (const char *const []) { "random-io", " core", "random-io", NULL }, &error));
  g_assert_cmpuint (g_strv_length (plan->workloads), ==, 2);
  g_assert_false (fsb_plan_set_workloads (plan, (const char *const []) { "cycle", NULL }, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (fsb_plan_set_workloads (plan, (const char *const []) { "nonsense", NULL }, &error));
  g_clear_error (&error);
}

/* Each use case runs the groups it needs; the user adds or takes away. */
static void
test_use_case_groups (void)
{
  static const struct { const char *use_case, *groups; } needs[] = {
    { "desktop", "core,kernel-tree,small-files,archive,photos" },
    { "server", "core,small-files,random-io" },
    { "database", "random-io,sync-write,sqlite" },
    { "small-files", "kernel-tree,small-files" },
    { "media", "core,delete-latency,photos,transfer" },
    { "nas", "safety" },
    { "developer", "kernel-tree,small-files,git,archive,build" },
  };
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (needs); i++)
    {
      g_auto(GStrv) groups = fsb_use_case_groups (needs[i].use_case);
      g_autofree char *joined = g_strjoinv (",", groups);

      g_assert_cmpstr (joined, ==, needs[i].groups);
      fsb_assert_ok (fsb_plan_set_use_case (plan, needs[i].use_case, &error), error);
      g_assert_cmpstr (plan->use_case, ==, needs[i].use_case);
      g_free (joined);
      joined = g_strjoinv (",", plan->workloads);
      g_assert_cmpstr (joined, ==, needs[i].groups);
    }
  g_assert_null (fsb_use_case_groups ("gaming"));
  g_assert_false (fsb_plan_set_use_case (plan, "gaming", &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  /* the known ones, from the one list */
  g_assert_nonnull (strstr (error->message, "(known: desktop, server, database, small-files, media, nas, developer)"));
  g_clear_error (&error);

  /* +GROUP and -GROUP change the use case's groups, in registry order */
  g_assert_true (fsb_plan_set_use_case (plan, "database", NULL));
  g_assert_true (fsb_plan_set_workloads (plan, (const char *const []) { "+core", "-random-io", NULL }, &error));
  {
    g_autofree char *joined = g_strjoinv (",", plan->workloads);
    g_assert_cmpstr (joined, ==, "core,sync-write,sqlite");
  }
  g_assert_false (fsb_plan_set_workloads (plan, (const char *const []) { "+nonsense", NULL }, &error));
  g_clear_error (&error);
  /* mixed with plain ids, the list is the list */
  g_assert_true (fsb_plan_set_workloads (plan, (const char *const []) { "core", "+transfer", NULL }, &error));
  g_assert_cmpuint (g_strv_length (plan->workloads), ==, 2);
}

/* A plan for the groups a result lacks: its filesystems and sizes. */
static void
test_for_missing (void)
{
  g_autoptr(FsbResult) r = fsb_result_new ();
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;

  fsb_result_add_filesystem (r, "ext4");
  fsb_result_add_filesystem (r, "xfs");
  r->profile = g_strdup ("custom");
  r->sizes = fsb_profile_sizes ("quick");
  fsb_sizes_set (r->sizes, "sync-commits", 77);
  plan = fsb_plan_new_for_missing (r, "database", (const char *const []) { "sync-write", NULL }, "image@/tmp", &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan);
  g_assert_cmpuint (g_strv_length (plan->filesystems), ==, 2);
  g_assert_cmpstr (plan->filesystems[1], ==, "xfs");
  g_assert_cmpuint (g_strv_length (plan->workloads), ==, 1);
  g_assert_cmpstr (plan->workloads[0], ==, "sync-write");
  g_assert_cmpstr (plan->use_case, ==, "database");
  g_assert_cmpfloat (fsb_sizes_get (plan->sizes, "sync-commits"), ==, 77);
  g_assert_true (plan->merge_into == r);
  g_clear_pointer (&plan, fsb_plan_unref);
  g_assert_null (fsb_plan_new_for_missing (r, "gaming", (const char *const []) { "sync-write", NULL }, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
}

/* The same comparison again, to settle an open verdict: its contenders
 * (twins too), groups and sizes, afresh, with the rounds and the time. */
static void
test_to_settle (void)
{
  g_autoptr(FsbResult) r = fsb_result_new ();
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;

  fsb_result_add_filesystem (r, "ext4");
  fsb_result_add_filesystem (r, "ext4-2")->fs_type = g_strdup ("ext4");
  r->profile = g_strdup ("quick");
  r->sizes = fsb_profile_sizes ("quick");
  fsb_sizes_set (r->sizes, "sync-commits", 77);
  r->workloads = g_strdupv ((char *[]) { "random-io", "sync-write", NULL });
  plan = fsb_plan_new_to_settle (r, "database", 14, 130, "image@/tmp", &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (plan->filesystems, ((const char *[]) { "ext4", "ext4-2", NULL }));
  g_assert_cmpstr (fsb_plan_get_contender (plan, "ext4-2")->fs_type, ==, "ext4");
  g_assert_cmpstrv (plan->workloads, ((const char *[]) { "random-io", "sync-write", NULL }));
  g_assert_cmpfloat (fsb_sizes_get (plan->sizes, "sync-commits"), ==, 77);
  g_assert_true (plan->repeat_auto);
  g_assert_cmpuint (plan->repeat_max, ==, 14);
  g_assert_cmpfloat (plan->time_budget_s, ==, 130);
  g_assert_null (plan->merge_into);
  g_clear_pointer (&plan, fsb_plan_unref);
  /* fewer rounds than the default most keep the default */
  plan = fsb_plan_new_to_settle (r, "database", 5, 60, NULL, &error);
  g_assert_cmpuint (plan->repeat_max, ==, FSB_DEFAULT_REPEAT_MAX);
}

/* An imported result's sizes pass the catalog's ranges like typed ones:
 * a study.json asking for 1e8 s of sync writes and 4294967295 commits is
 * refused before a run of “4295 hours” starts, naming the size. So is a
 * plan whose sizes were set behind the setters' back. */
static void
test_for_missing_checks_ranges (void)
{
  const char *hostile[][2] = { { "sync-seconds", "1e8" }, { "sync-commits", "4294967295" },
                               { "randio-seconds", "1e8" }, { "sync-commits", "2.5" } };

  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"schema\": \"fsbench-result/1\", \"profile\": \"custom\", "
                                               "\"sizes\": {\"%s\": %s}, \"filesystems\": [{\"name\": \"ext4\", "
                                               "\"tasks\": []}]}", hostile[i][0], hostile[i][1]);
      g_autoptr(GError) error = NULL;
      g_autoptr(FsbResult) r = fsb_result_load_from_data (json, -1, &error);
      g_autoptr(FsbPlan) plan = NULL;
      const FsbParamSpec *spec = fsb_catalog_param (hostile[i][0], NULL);

      g_assert_no_error (error);
      g_assert_nonnull (spec);
      g_test_message ("%s = %s", hostile[i][0], hostile[i][1]);
      plan = fsb_plan_new_for_missing (r, "database", (const char *const []) { "sync-write", "random-io", NULL },
                                       "image@/tmp", &error);
      g_assert_null (plan);
      g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, "out of range"));
      g_assert_nonnull (strstr (error->message, spec->name));
    }
  {
    g_autoptr(FsbPlan) plan = fsb_plan_new ();
    g_autoptr(GError) error = NULL;

    g_assert_true (fsb_plan_set_workloads (plan, (const char *const []) { "core", NULL }, &error));
    g_assert_true (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", NULL }, &error));
    fsb_assert_ok (fsb_plan_validate (plan, &error), error);
    fsb_sizes_set (plan->sizes, "big-file", -1);
    g_assert_false (fsb_plan_validate (plan, &error));
    g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "out of range"));
  }
}

/* Counts run once (FsbTaskSpec.once): the safety group's seconds and
 * steps do not grow with the repetitions, a timed group's do; every group
 * has a cost, whether chosen or not. */
static void
test_once (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  FsbPlanEstimate one, three;
  double safety_1, safety_3, small_1, small_3;
  guint64 room;

  g_assert_true (fsb_plan_set_workloads (plan, (const char *const []) { "safety", NULL }, NULL));
  g_assert_true (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", "xfs", NULL }, NULL));
  g_assert_true (fsb_plan_set_repeat (plan, "1", NULL));
  fsb_plan_estimate (plan, NULL, &one);
  fsb_plan_group_cost (plan, "safety", &safety_1, &room);
  fsb_plan_group_cost (plan, "small-files", &small_1, &room);
  g_assert_cmpuint (room, >, 0);
  g_assert_true (fsb_plan_set_repeat (plan, "3", NULL));
  fsb_plan_estimate (plan, NULL, &three);
  fsb_plan_group_cost (plan, "safety", &safety_3, &room);
  fsb_plan_group_cost (plan, "small-files", &small_3, &room);
  /* mkfs, mount, power-cut, bit-rot, umount: the two counted tasks once */
  g_assert_cmpuint (one.n_steps, ==, 2 * 5);
  g_assert_cmpuint (three.n_steps, ==, 2 * (5 * 3 - 2 * 2));
  g_assert_cmpfloat_with_epsilon (safety_3, safety_1, 1e-9);
  g_assert_cmpfloat_with_epsilon (small_3, 3 * small_1, 1e-9);
  g_assert_cmpuint (room, >, 0);
  g_assert_cmpfloat (three.estimated_seconds - one.estimated_seconds, <, safety_1 / 2);
  fsb_plan_estimate_clear (&one);
  fsb_plan_estimate_clear (&three);
}

/* --repeat: auto (at least 3, at most 10) or a fixed count. */
static void
test_repeat (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;

  fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", NULL }, NULL);
  g_assert_true (fsb_plan_set_repeat (plan, "5", &error));
  g_assert_false (plan->repeat_auto);
  g_assert_cmpuint (plan->repetitions, ==, 5);
  g_assert_true (fsb_plan_validate (plan, &error));
  g_assert_true (fsb_plan_set_repeat (plan, "1", &error));
  g_assert_true (fsb_plan_validate (plan, &error));
  g_assert_true (fsb_plan_set_repeat (plan, "auto", &error));
  g_assert_true (plan->repeat_auto);
  g_assert_cmpuint (plan->repetitions, ==, FSB_MIN_AUTO_REPETITIONS);
  g_assert_true (fsb_plan_validate (plan, &error));
  for (guint i = 0; i < 4; i++)
    {
      const char *bad[] = { "0", "101", "many", "" };
      g_assert_false (fsb_plan_set_repeat (plan, bad[i], &error));
      g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
      g_clear_error (&error);
    }
  /* auto: the least at least 3, not above the most */
  plan->repetitions = 2;
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);
  plan->repetitions = 3;
  plan->repeat_max = 2;
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);
  plan->repeat_max = 10;
  plan->time_budget_s = -1;
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);
  plan->time_budget_s = 60;
  g_assert_true (fsb_plan_validate (plan, &error));
}

/* One unit rule: K M G T and KiB…TiB binary, KB…TB decimal. */
static void
test_size_parse (void)
{
  static const struct { const char *text; guint64 bytes; } good[] = {
    { "1000", 1000 }, { "4G", G_GUINT64_CONSTANT (4) << 30 }, { "4GiB", G_GUINT64_CONSTANT (4) << 30 },
    { "4gib", G_GUINT64_CONSTANT (4) << 30 }, { "4GB", 4000000000 }, { "512M", 512 << 20 },
    { "1.5T", G_GUINT64_CONSTANT (3) << 39 }, { "700MB", 700000000 }, { " 2K ", 2048 }, { "1 KiB", 1024 },
    { "0.5K", 512 },
  };
  static const char *const bad[] = {
    "", "0", "-1", "nan", "NaN", "inf", "-inf", "1e9", "0x10", "4X", "4GG", "4Gi", "M", ".", "4 G B",
    "99999999999999999999T", "2P", "1.1e308", "0.1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr(GError) error = NULL;
      guint64 v = 0;

      fsb_assert_ok (fsb_size_parse (good[i].text, &v, &error), error);
      g_assert_cmpuint (v, ==, good[i].bytes);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      guint64 v = 42;

      if (fsb_size_parse (bad[i], &v, &error))
        g_error ("“%s” was read as %" G_GUINT64_FORMAT, bad[i], v);
      g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
      g_assert_cmpuint (v, ==, 42);
    }
  {
    g_autofree char *text = fsb_size_format (G_GUINT64_CONSTANT (4) << 30);
    g_assert_cmpstr (text, ==, "4.0\u00a0GiB");
  }
  {
    guint64 sum = 7;
    g_assert_false (fsb_size_add (G_MAXUINT64, 1, &sum));
    g_assert_false (fsb_size_add (FSB_SIZE_MAX, 1, &sum));
    g_assert_cmpuint (sum, ==, 7);
    g_assert_true (fsb_size_add (1, 2, &sum));
    g_assert_cmpuint (sum, ==, 3);
  }
}

static void
test_sizes (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;

  fsb_assert_ok (fsb_plan_set_size_text (plan, NULL, "big-file=1G", &error), error);
  g_assert_cmpstr (plan->profile_name, ==, "custom");
  g_assert_cmpfloat (fsb_sizes_get (plan->sizes, "big-file"), ==, 1073741824.0);
  g_assert_true (fsb_plan_set_size_text (plan, "tree-files", "12", &error));
  g_assert_cmpfloat (fsb_sizes_get (plan->sizes, "tree-files"), ==, 12);

  /* Counts are whole, ranges hold, ids are known, values finite. */
  g_assert_false (fsb_plan_set_size_text (plan, "tree-files", "1.5", &error));
  g_clear_error (&error);
  g_assert_false (fsb_plan_set_size_text (plan, "tree-files", "nan", &error));
  g_clear_error (&error);
  g_assert_false (fsb_plan_set_size_text (plan, "tree-files", "0", &error));
  g_clear_error (&error);
  g_assert_false (fsb_plan_set_size_text (plan, NULL, "no-such-size=3", &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (fsb_plan_set_size_text (plan, NULL, "big-file", &error));
  g_clear_error (&error);
  g_assert_false (fsb_plan_set_size (plan, "big-file", NAN, &error));
  g_clear_error (&error);
  g_assert_false (fsb_plan_set_size (plan, "big-file", INFINITY, &error));
  g_clear_error (&error);
  g_assert_false (fsb_plan_set_size (plan, "randio-seconds", 1e9, &error));
  g_clear_error (&error);
}

static void
test_target_spec (void)
{
  FsbTargetSpec spec;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (fsb_target_spec_parse ("image", &spec, &error));
  g_assert_true (spec.image);
  g_assert_cmpuint (spec.size_bytes, ==, 0);
  g_assert_null (spec.path);

  g_assert_true (fsb_target_spec_parse ("image:4G@/tmp", &spec, &error));
  g_assert_cmpuint (spec.size_bytes, ==, G_GUINT64_CONSTANT (4) << 30);
  g_assert_cmpstr (spec.path, ==, "/tmp");
  text = fsb_target_spec_to_string (&spec);
  g_assert_cmpstr (text, ==, "image:4294967296@/tmp");
  fsb_target_spec_clear (&spec);

  g_assert_true (fsb_target_spec_parse ("/dev/sdb1", &spec, &error));
  g_assert_false (spec.image);
  g_assert_cmpstr (spec.path, ==, "/dev/sdb1");
  fsb_target_spec_clear (&spec);

  for (guint i = 0; i < 5; i++)
    {
      const char *bad[] = { "image:nan", "image:99999999999999999999T", "disk", "image@", "image:4G:5G" };
      g_assert_false (fsb_target_spec_parse (bad[i], &spec, &error));
      g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
      g_clear_error (&error);
    }
}

static void
test_validate (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;

  g_assert_false (fsb_plan_validate (plan, &error));   /* no filesystem */
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);

  g_assert_true (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", " xfs", NULL }, &error));
  fsb_assert_ok (fsb_plan_validate (plan, &error), error);

  /* the same filesystem twice makes twins, compared with each other (A/A) */
  fsb_assert_ok (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", "xfs", "ext4", "ext4", NULL }, &error), error);
  g_assert_cmpstrv (plan->filesystems, ((const char *[]) { "ext4 (1)", "xfs", "ext4 (2)", "ext4 (3)", NULL }));
  g_assert_cmpstr (fsb_plan_get_contender (plan, "ext4 (3)")->fs_type, ==, "ext4");
  g_assert_cmpstr (fsb_plan_get_contender (plan, "ext4 (1)")->fs_type, ==, "ext4");
  g_assert_true (fsb_plan_validate (plan, &error));
  /* a label as a result may hold it, not as a user types a filesystem */
  g_assert_false (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4 (2)", NULL }, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4;rm -rf", NULL }, &error));
  g_clear_error (&error);

  g_assert_true (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", NULL }, &error));
  plan->repeat_auto = FALSE;
  plan->repetitions = 0;
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);
  plan->repetitions = FSB_MAX_REPETITIONS + 1;
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);
  plan->repetitions = 3;

  g_free (plan->use_case);
  plan->use_case = g_strdup ("gaming");
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);
  g_free (plan->use_case);
  plan->use_case = g_strdup ("database");

  /* A tree that cannot hold its total with its size limits. */
  g_assert_true (fsb_plan_set_size (plan, "tree-size",
                                    fsb_sizes_get (plan->sizes, "tree-files") * fsb_sizes_get (plan->sizes, "tree-max-file") + 1,
                                    &error));
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);
  /* A small custom tree gets small files. */
  g_assert_true (fsb_plan_set_size (plan, "tree-size", 2000, &error));
  g_assert_true (fsb_plan_validate (plan, &error));
  g_assert_cmpfloat (fsb_sizes_get (plan->sizes, "tree-min-file") * fsb_sizes_get (plan->sizes, "tree-files"), <=, 2000);
  fsb_plan_set_profile (plan, "quick", NULL);

  g_assert_false (fsb_plan_set_target (plan, "image:nan", &error));
  g_clear_error (&error);
  g_assert_true (fsb_plan_set_target (plan, "image:1G", &error));

  plan->source_dir = g_strdup ("/nonexistent/fsbench");
  g_assert_false (fsb_plan_validate (plan, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND);
}

static void
test_needed_bytes (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(FsbSizes) big = NULL;
  guint64 quick, standard, full;

  quick = fsb_plan_needed_bytes (plan, NULL);
  /* Two copies of the tree, and room for XFS's minimum size. */
  g_assert_cmpuint (quick, >=, 2 * fsb_sizes_get_u64 (plan->sizes, "tree-size"));
  g_assert_cmpuint (quick, >=, 300 * 1000 * 1000);
  g_assert_cmpuint (quick % (64 * 1024 * 1024), ==, 0);
  fsb_plan_set_profile (plan, "standard", NULL);
  standard = fsb_plan_needed_bytes (plan, NULL);
  g_assert_cmpuint (standard, >, quick);
  fsb_plan_set_profile (plan, "full", NULL);
  full = fsb_plan_needed_bytes (plan, NULL);
  g_assert_cmpuint (full, >, standard);
  g_assert_cmpuint (full, >=, fsb_sizes_get_u64 (plan->sizes, "randio-files") * fsb_sizes_get_u64 (plan->sizes, "randio-file-size"));

  /* A bigger tree (a user's folder) needs a bigger target. */
  big = fsb_sizes_copy (plan->sizes);
  fsb_sizes_set (big, "tree-size", 10 * fsb_sizes_get (plan->sizes, "tree-size"));
  g_assert_cmpuint (fsb_plan_needed_bytes (plan, big), >, full + 9 * fsb_sizes_get_u64 (plan->sizes, "tree-size"));
  g_assert_cmpuint (fsb_plan_needed_bytes (plan, plan->sizes), ==, full);

  /* Sums that would overflow stop at the bound, and the plan says so. */
  g_assert_true (fsb_plan_set_size (plan, "big-file", 1099511627776.0, NULL));
  g_assert_true (fsb_plan_set_size (plan, "kernel-size", 1099511627776.0, NULL));
  g_assert_true (fsb_plan_set_size (plan, "randio-files", 100000, NULL));
  g_assert_true (fsb_plan_set_size (plan, "randio-file-size", 1099511627776.0, NULL));
  g_assert_cmpuint (fsb_plan_needed_bytes (plan, NULL), ==, FSB_SIZE_MAX);
  {
    g_autoptr(GError) error = NULL;
    fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", NULL }, NULL);
    g_assert_false (fsb_plan_validate (plan, &error));
    g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  }
}

static void
test_estimate (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  FsbPlanEstimate q, s;
  g_autoptr(JsonNode) json = NULL;
  JsonObject *o;

  fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", "xfs", NULL }, NULL);
  fsb_plan_set_workloads (plan, (const char *const []) { "core", NULL }, NULL);
  fsb_plan_estimate (plan, NULL, &q);
  /* mkfs, mount, the eight core tasks, umount. */
  g_assert_cmpuint (q.tasks->len, ==, 11);
  g_assert_cmpstr (q.tasks->pdata[0], ==, "mkfs");
  g_assert_cmpstr (q.tasks->pdata[1], ==, "mount");
  g_assert_cmpstr (q.tasks->pdata[2], ==, "big-copy-in");
  g_assert_cmpstr (q.tasks->pdata[10], ==, "umount");
  g_assert_cmpuint (q.n_steps, ==, 11 * 2 * 3);
  g_assert_cmpfloat (q.estimated_seconds, >, 10);
  g_assert_cmpfloat (q.estimated_seconds, <, 300);
  g_assert_cmpuint (q.space_needed_bytes, ==, fsb_plan_needed_bytes (plan, NULL));
  g_assert_cmpuint (q.target_size_bytes, ==, MAX (FSB_MIN_IMAGE_BYTES, q.space_needed_bytes));
  /* automatic repetitions: the least, then up to the quick profile's 90 s */
  g_assert_cmpfloat_with_epsilon (q.estimated_seconds_max, fsb_plan_auto_budget (plan, q.estimated_seconds), 1e-9);
  g_assert_cmpfloat (q.estimated_seconds_max, >=, q.estimated_seconds * FSB_AUTO_BUDGET_LEAST);
  g_assert_cmpfloat (q.estimated_seconds_max, <=, MAX (90, q.estimated_seconds * FSB_AUTO_BUDGET_LEAST));
  plan->time_budget_s = 1e5;
  fsb_plan_estimate (plan, NULL, &s);
  g_assert_cmpfloat (s.estimated_seconds_max, ==, 1e5);
  fsb_plan_estimate_clear (&s);
  plan->time_budget_s = 0;

  fsb_plan_set_profile (plan, "standard", NULL);
  fsb_plan_estimate (plan, NULL, &s);
  g_assert_cmpfloat (s.estimated_seconds, >, q.estimated_seconds);
  fsb_plan_estimate_clear (&s);

  /* Groups run in registry order whatever order they were given in. */
  fsb_plan_set_workloads (plan, (const char *const []) { "random-io", "core", NULL }, NULL);
  fsb_plan_estimate (plan, NULL, &s);
  g_assert_cmpstr (s.tasks->pdata[2], ==, "big-copy-in");
  g_assert_cmpstr (s.tasks->pdata[s.tasks->len - 2], ==, "rand-write");
  fsb_plan_estimate_clear (&s);

  /* Transfers alone: no cycle, one step across filesystems. */
  fsb_plan_set_workloads (plan, (const char *const []) { "transfer", NULL }, NULL);
  fsb_plan_estimate (plan, NULL, &s);
  g_assert_cmpuint (s.tasks->len, ==, 0);
  g_assert_cmpuint (s.n_steps, ==, 1);
  g_assert_cmpfloat (s.estimated_seconds, >, 0);
  fsb_plan_estimate_clear (&s);

  fsb_plan_set_workloads (plan, (const char *const []) { "core", NULL }, NULL);
  fsb_plan_set_profile (plan, "quick", NULL);
  fsb_plan_set_image (plan, G_GUINT64_CONSTANT (2) << 30, "/tmp");
  json = fsb_plan_to_json (plan);
  o = json_node_get_object (json);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "target"), "size_bytes"), ==, G_GINT64_CONSTANT (2) << 30);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "dataset"), "big_file_bytes"), ==, 35000000);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "tasks")), ==, 11);
  g_assert_cmpint (json_object_get_int_member (o, "space_needed_bytes"), ==, (gint64) q.space_needed_bytes);
  g_assert_cmpfloat (json_object_get_double_member (o, "estimated_seconds"), >, 0);
  g_assert_true (json_object_has_member (json_object_get_object_member (o, "sizes"), "randio-seconds"));
  fsb_plan_estimate_clear (&q);
}

/* A label is a name on one line: what a report's column can show. */
static void
test_label (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;

  g_assert_null (plan->label);
  g_assert_true (fsb_plan_set_label (plan, "web-1 · Samsung", &error));
  g_assert_cmpstr (plan->label, ==, "web-1 · Samsung");
  g_assert_true (fsb_plan_set_label (plan, "", &error));
  g_assert_null (plan->label);
  g_assert_false (fsb_plan_set_label (plan, "two\nlines", &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (fsb_plan_set_label (plan, "\xff", &error));
  g_clear_error (&error);
  {
    g_autofree char *long_name = g_strnfill (65, 'a');
    g_assert_false (fsb_plan_set_label (plan, long_name, &error));
    g_clear_error (&error);
    long_name[64] = '\0';
    g_assert_true (fsb_plan_set_label (plan, long_name, &error));
  }
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plan/profiles", test_profiles);
  g_test_add_func ("/plan/defaults-and-groups", test_defaults_and_groups);
  g_test_add_func ("/plan/use-case-groups", test_use_case_groups);
  g_test_add_func ("/plan/repeat", test_repeat);
  g_test_add_func ("/plan/label", test_label);
  g_test_add_func ("/plan/for-missing", test_for_missing);
  g_test_add_func ("/plan/to-settle", test_to_settle);
  g_test_add_func ("/plan/for-missing-checks-ranges", test_for_missing_checks_ranges);
  g_test_add_func ("/plan/size-parse", test_size_parse);
  g_test_add_func ("/plan/sizes", test_sizes);
  g_test_add_func ("/plan/target-spec", test_target_spec);
  g_test_add_func ("/plan/validate", test_validate);
  g_test_add_func ("/plan/needed-bytes", test_needed_bytes);
  g_test_add_func ("/plan/estimate", test_estimate);
  g_test_add_func ("/plan/once", test_once);
  return g_test_run ();
}
