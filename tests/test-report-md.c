/* test-report-md.c: the Markdown report: its summary at the top, its bold, its chart links */
#include "config.h"

#include <string.h>

#include "fsb-engine.h"
#include "fsb-format.h"
#include "fsb-recommend.h"
#include "fsb-report.h"
#include "report-common.h"

/* The line of the summary's table for a task ("| Mount | ..."): the first
 * one, as the results' own tables come later and begin the same way. */
static char *
glance_row (const char *md, const char *task_id)
{
  g_autofree char *start = g_strdup_printf ("\n| %s |", fsb_task_display_name (task_id));
  const char *p = strstr (md, start);

  g_assert_nonnull (p);
  p++;
  return g_strndup (p, strchr (p, '\n') - p);
}

/* A figure is bold only where the verdict settled it: never in a tied
 * criterion's rows (the study's file trees: ext3, ReiserFS and XFS tied,
 * though ext3 has the lowest median in "Copy a file tree in"). */
static void
test_bold_settled_only (void)
{
  g_autoptr(FsbResult) r = load_fixture ("study.json");
  g_autoptr(FsbRecommendation) rec = fsb_recommend (r, FSB_USE_CASE_SERVER);
  g_autofree char *md = report_string (r, FSB_REPORT_MARKDOWN);
  guint ties = 0, winners = 0;

  for (guint i = 0; i < rec->verdicts->len; i++)
    {
      const FsbVerdict *v = rec->verdicts->pdata[i];
      g_autoptr(GPtrArray) ids = fsb_result_section_tasks (r, v->criterion->id);

      if (ids->len == 0)
        continue;
      if (v->kind == FSB_VERDICT_TIE)
        {
          ties++;
          for (guint t = 0; t < ids->len; t++)
            {
              g_autofree char *row = glance_row (md, ids->pdata[t]);
              g_assert_null (strstr (row, "**"));
            }
        }
      else
        winners++;
    }
  g_assert_cmpuint (ties, >, 0);
  g_assert_cmpuint (winners, >, 0);
  /* XFS clearly wins big files and is fastest in this task: bold */
  {
    g_autofree char *row = glance_row (md, "big-copy-in");
    g_assert_cmpstr (row, ==, "| Copy a big file in | 37.4" NBSP "s | 42.1" NBSP "s | 35.7" NBSP "s | **34.7" NBSP "s** |");
  }
  /* JFS has the best median of a task XFS wins the criterion of: neither is bold */
  {
    g_autofree char *row = glance_row (md, "big-delete");
    g_assert_null (strstr (row, "**"));
  }
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/report-md/bold-settled-only", test_bold_settled_only);
  return g_test_run ();
}
