/* test-plan.c: profiles, validation and the size a plan needs */
#include "config.h"

#include <glib-object.h>

#include "fsb-engine.h"
#include "fsb-plan-private.h"

static void
test_profiles (void)
{
  const FsbProfile *quick = fsb_profile_lookup ("quick");
  const FsbProfile *standard = fsb_profile_lookup ("standard");
  const FsbProfile *seed = fsb_profile_lookup ("seed");
  const char *const *names = fsb_profile_names ();

  g_assert_nonnull (quick);
  g_assert_nonnull (standard);
  g_assert_nonnull (seed);
  g_assert_null (fsb_profile_lookup ("huge"));
  g_assert_cmpuint (g_strv_length ((char **) names), ==, 4);
  for (guint i = 0; names[i] != NULL; i++)
    g_assert_nonnull (fsb_profile_lookup (names[i]));

  /* The study's exact sizes. */
  g_assert_cmpuint (seed->big_file_bytes, ==, 700000000);
  g_assert_cmpuint (seed->tree_files, ==, 7500);
  g_assert_cmpuint (seed->tree_dirs, ==, 900);
  g_assert_cmpuint (seed->tree_total_bytes, ==, 1900000000);
  g_assert_cmpuint (seed->tree_min_file, ==, 10000);
  g_assert_cmpuint (seed->tree_max_file, ==, 5000000);
  g_assert_cmpuint (seed->kernel_files, ==, 38755);
  g_assert_cmpuint (seed->randio_files, ==, 128);
  g_assert_cmpuint (seed->randio_requests, ==, 40000);
  g_assert_cmpuint (seed->delete_count, >=, 5);

  /* quick is a twentieth, standard a quarter: same mean file size. */
  g_assert_cmpuint (quick->big_file_bytes * 20, ==, seed->big_file_bytes);
  g_assert_cmpuint (quick->tree_files * 20, ==, seed->tree_files);
  g_assert_cmpuint (quick->tree_dirs * 20, ==, seed->tree_dirs);
  g_assert_cmpuint (quick->tree_total_bytes * 20, ==, seed->tree_total_bytes);
  g_assert_cmpuint (standard->tree_files * 4, ==, seed->tree_files);
  g_assert_cmpuint (standard->tree_total_bytes * 4, ==, seed->tree_total_bytes);
  g_assert_cmpuint (standard->big_file_bytes * 4, ==, seed->big_file_bytes);
}

static void
test_defaults_and_groups (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (plan->profile_name, ==, "quick");
  g_assert_cmpuint (plan->repetitions, ==, 3);
  g_assert_true (fsb_plan_has_group (plan, "core"));
  g_assert_false (fsb_plan_has_group (plan, "random-io"));

  g_assert_true (fsb_plan_set_profile (plan, "full", &error));
  g_assert_no_error (error);
  g_assert_true (fsb_plan_has_group (plan, "core"));
  g_assert_true (fsb_plan_has_group (plan, "random-io"));
  g_assert_true (fsb_plan_has_group (plan, "kernel-tree"));
  g_assert_cmpuint (plan->profile.tree_files, ==, fsb_profile_lookup ("standard")->tree_files);

  g_assert_false (fsb_plan_set_profile (plan, "bogus", &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);

  /* custom keeps the sizes in force, for the caller to edit. */
  g_assert_true (fsb_plan_set_profile (plan, "custom", &error));
  g_assert_cmpstr (plan->profile_name, ==, "custom");
  g_assert_cmpuint (plan->profile.tree_files, ==, fsb_profile_lookup ("standard")->tree_files);
}

static void
test_validate (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;

  g_assert_false (fsb_plan_validate (plan, &error));   /* no filesystem */
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);

  g_strfreev (plan->filesystems);
  plan->filesystems = g_strsplit ("ext4,xfs", ",", -1);
  g_assert_true (fsb_plan_validate (plan, &error));
  g_assert_no_error (error);

  g_strfreev (plan->filesystems);
  plan->filesystems = g_strsplit ("ext4,ext4", ",", -1);
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);

  g_strfreev (plan->filesystems);
  plan->filesystems = g_strsplit ("ext4;rm -rf", ",", -1);
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);

  g_strfreev (plan->filesystems);
  plan->filesystems = g_strsplit ("ext4", ",", -1);
  plan->repetitions = 0;
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);
  plan->repetitions = 3;

  plan->workloads = g_strsplit ("core,nonsense", ",", -1);
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);
  g_clear_pointer (&plan->workloads, g_strfreev);

  /* A tree that cannot hold its total with its size limits. */
  fsb_plan_set_profile (plan, "custom", NULL);
  plan->profile.tree_total_bytes = plan->profile.tree_files * plan->profile.tree_max_file + 1;
  g_assert_false (fsb_plan_validate (plan, &error));
  g_clear_error (&error);
  fsb_plan_set_profile (plan, "quick", NULL);

  plan->source_dir = g_strdup ("/nonexistent/fsbench");
  g_assert_false (fsb_plan_validate (plan, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND);
}

static void
test_needed_bytes (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  guint64 quick, standard, full;

  quick = fsb_plan_needed_bytes (plan);
  /* Two copies of the tree, and room for XFS's minimum size. */
  g_assert_cmpuint (quick, >=, 2 * plan->profile.tree_total_bytes);
  g_assert_cmpuint (quick, >=, 300 * 1000 * 1000);
  g_assert_cmpuint (quick % (64 * 1024 * 1024), ==, 0);
  fsb_plan_set_profile (plan, "standard", NULL);
  standard = fsb_plan_needed_bytes (plan);
  g_assert_cmpuint (standard, >, quick);
  fsb_plan_set_profile (plan, "full", NULL);
  full = fsb_plan_needed_bytes (plan);
  g_assert_cmpuint (full, >, standard);
  g_assert_cmpuint (full, >=, (guint64) plan->profile.randio_files * plan->profile.randio_file_bytes);

  /* A bigger tree (a user's folder) needs a bigger target. */
  {
    FsbProfile big = plan->profile;
    big.tree_total_bytes *= 10;
    g_assert_cmpuint (fsb_plan_needed_bytes_for (plan, &big), >, full + 9 * plan->profile.tree_total_bytes);
    g_assert_cmpuint (fsb_plan_needed_bytes_for (plan, &plan->profile), ==, full);
  }
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plan/profiles", test_profiles);
  g_test_add_func ("/plan/defaults-and-groups", test_defaults_and_groups);
  g_test_add_func ("/plan/validate", test_validate);
  g_test_add_func ("/plan/needed-bytes", test_needed_bytes);
  return g_test_run ();
}
