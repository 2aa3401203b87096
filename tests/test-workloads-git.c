/* test-workloads-git.c: the git group on a temporary folder: the source
 * repository is made once from a seed (the same commits each time), its
 * tasks run in order and alone, a missing source fails clearly, and the
 * group leaves nothing behind */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "fsb-catalog.h"
#include "fsb-plan.h"
#include "fsb-test-assert.h"
#include "workloads-fixture.h"

static char *
git_out (const char *repo, const char *args)
{
  g_autofree char *cmd = g_strdup_printf ("git -C '%s' %s", repo, args);
  char *out = NULL;
  int status;

  g_assert_true (g_spawn_command_line_sync (cmd, &out, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_strstrip (out);
}

static const FsbWorkloadGroup *
git_group (Fixture *f)
{
  const FsbWorkloadGroup *g = fsb_catalog_group ("git");

  g_assert_nonnull (g);
  sync_sizes (f);
  fsb_sizes_set (f->sizes, "git-files", 120);
  fsb_sizes_set (f->sizes, "git-commits", 30);
  fsb_sizes_set (f->sizes, "git-changes-per-commit", 4);
  return g;
}

static void
test_group (Fixture *f, gconstpointer data)
{
  const FsbWorkloadGroup *g = git_group (f);
  g_autofree char *source = g_build_filename (f->source, "git", "source.git", NULL);
  g_autofree char *clone = g_build_filename (f->mount, "git", "repo", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) m1 = NULL, m2 = NULL;
  g_autofree char *head1 = NULL, *head2 = NULL, *count = NULL, *files = NULL;
  GStatBuf st1, st2;

  m1 = g->prepare_data (f->sizes, f->source, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (m1);
  head1 = git_out (source, "rev-parse main");
  count = git_out (source, "rev-list --count main");
  g_assert_cmpstr (count, ==, "30");
  /* made again from the same seed elsewhere: the same commit ids */
  {
    g_autofree char *other = g_build_filename (f->root, "other", NULL);
    g_autofree char *other_repo = g_build_filename (other, "git", "source.git", NULL);
    g_autoptr(JsonNode) m3 = g->prepare_data (f->sizes, other, NULL, &error);

    g_assert_no_error (error);
    head2 = git_out (other_repo, "rev-parse main");
    g_assert_cmpstr (head1, ==, head2);
  }
  /* and kept as it is when asked again */
  g_assert_cmpint (g_stat (source, &st1), ==, 0);
  m2 = g->prepare_data (f->sizes, f->source, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (json_node_equal (m1, m2));
  g_assert_cmpint (g_stat (source, &st2), ==, 0);
  g_assert_cmpint (st1.st_ino, ==, st2.st_ino);

  for (guint t = 0; t < g->n_tasks; t++)
    {
      g_autoptr(FsbSample) s = fsb_sample_new ();

      fsb_assert_ok (g->tasks[t].run (&f->ctx, s, &error), error);
      /* the headline, the operation alone, read by the task itself */
      g_assert_cmpfloat (metric (s, g->tasks[t].metric), >, 0);
      g_assert_false (fsb_sample_get (s, "prepared_in_task", NULL));
      if (t == 0)
        {
          /* the whole working tree, with its history */
          g_assert_cmpfloat (metric (s, "files"), >=, 120);
          g_assert_cmpfloat (metric (s, "bytes"), >, 120 * 256);
          files = git_out (clone, "ls-files");
          {
            g_auto(GStrv) lines = g_strsplit (files, "\n", -1);
            g_assert_cmpuint (g_strv_length (lines), ==, 120);
          }
        }
      else if (t == 1)
        {
          g_autofree char *at = git_out (clone, "rev-parse HEAD");
          g_autofree char *middle = git_out (clone, "rev-parse middle^{commit}");
          g_assert_cmpstr (at, ==, middle);
        }
    }
  g_assert_false (g_file_test (clone, G_FILE_TEST_EXISTS));
}

static void
test_alone_and_missing (Fixture *f, gconstpointer data)
{
  const FsbWorkloadGroup *g = git_group (f);
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(FsbSample) bad = fsb_sample_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) m = NULL;
  g_autofree char *source = g_build_filename (f->source, "git", "source.git", NULL);
  FsbTreeCount junk = { 0 };

  /* no repository at all: a clear error, nothing half made */
  g_assert_false (fsb_workload_lookup ("git-clone") (&f->ctx, bad, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "git clone failed"));
  g_clear_error (&error);

  m = g->prepare_data (f->sizes, f->source, NULL, &error);
  g_assert_no_error (error);
  /* the status alone clones first, untimed, and says so */
  fsb_assert_ok (fsb_workload_lookup ("git-status") (&f->ctx, s, &error), error);
  g_assert_cmpfloat (metric (s, "prepared_in_task"), ==, 1);
  g_assert_true (fsb_remove_tree (source, &junk, NULL, NULL));
}

/* Without the git program on the PATH the group says why, and a plan
 * that chose it leaves it out rather than failing; with git, it runs. */
static void
test_no_git (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("PATH"));
  g_autofree char *empty = g_dir_make_tmp ("fsbench-nogit-XXXXXX", NULL);
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autofree char *why = NULL;

  g_assert_true (fsb_plan_set_use_case (plan, "developer", NULL));
  g_assert_true (g_strv_contains ((const char *const *) plan->workloads, "git"));
  g_assert_null (fsb_group_unavailable ("git"));
  g_assert_true (fsb_plan_has_group (plan, "git"));

  g_setenv ("PATH", empty, TRUE);
  why = fsb_group_unavailable ("git");
  g_assert_nonnull (why);
  g_assert_nonnull (strstr (why, "git program is not installed"));
  g_assert_false (fsb_plan_has_group (plan, "git"));
  g_assert_true (fsb_plan_has_group (plan, "build"));
  g_assert_null (fsb_group_unavailable ("build"));
  g_setenv ("PATH", saved, TRUE);
  g_rmdir (empty);
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  ADD ("/git/group", test_group, NULL);
  ADD ("/git/alone-and-missing", test_alone_and_missing, NULL);
  g_test_add_func ("/git/no-git", test_no_git);
  return g_test_run ();
}
