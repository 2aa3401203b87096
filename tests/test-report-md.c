/* test-report-md.c: the Markdown report: its summary at the top, its bold, its chart links */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "fsb-engine.h"
#include "fsb-format.h"
#include "fsb-host-state.h"
#include "fsb-stats.h"
#include "fsb-recommend.h"
#include "fsb-report.h"
#include "fsb-test-assert.h"
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

/* Every image link of the Markdown: its target, as written. */
static GPtrArray *
image_links (const char *md)
{
  GPtrArray *links = g_ptr_array_new_with_free_func (g_free);

  for (const char *p = strstr (md, "!["); p != NULL; p = strstr (p + 2, "!["))
    {
      const char *target = strstr (p, "](");
      const char *end = target != NULL ? strchr (target, ')') : NULL;

      g_assert_nonnull (end);
      g_assert_null (memchr (p, '\n', end - p));
      g_ptr_array_add (links, g_strndup (target + 2, end - target - 2));
    }
  return links;
}

/* The charts written beside the Markdown are linked, each by a relative
 * name that resolves to the file beside it; none is left to "attach". */
static void
test_chart_links (void)
{
  g_autoptr(FsbResult) r = load_fixture ("study.json");
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "my report.md", NULL);
  g_autofree char *md = NULL;
  g_autoptr(GPtrArray) links = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  const char *entry;
  guint n_png = 0;

  /* the order the filesystems ran in is said where the result has it */
  g_free (r->repetition_policy.order);
  r->repetition_policy.order = g_strdup ("turns");
  fsb_assert_ok (fsb_report_write (&r, NULL, 1, FSB_REPORT_MARKDOWN, NULL, path, &error), error);
  g_assert_true (g_file_get_contents (path, &md, NULL, NULL));
  g_assert_null (strstr (md, "attach"));
  g_assert_nonnull (strstr (md, "Task by task: each filesystem had a disk image of its own"));

  links = image_links (md);
  g_assert_cmpuint (links->len, >, 0);
  for (guint i = 0; i < links->len; i++)
    {
      const char *link = links->pdata[i];
      g_autofree char *name = g_uri_unescape_string (link, NULL);
      g_autofree char *file = NULL;

      /* relative, in the same folder, no scheme, no space left unescaped */
      g_assert_nonnull (name);
      g_assert_false (g_path_is_absolute (name));
      g_assert_null (strchr (link, ':'));
      g_assert_null (strchr (link, ' '));
      g_assert_null (strchr (name, '/'));
      g_assert_true (g_str_has_suffix (name, ".png"));
      file = g_build_filename (dir, name, NULL);
      g_assert_true (g_file_test (file, G_FILE_TEST_IS_REGULAR));
    }
  g_assert_nonnull (strstr (md, "![Big files"));
  g_assert_nonnull (strstr (md, "](my%20report-big-files.png)"));

  /* each PNG beside it is linked */
  listing = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((entry = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (entry, ".png"))
      {
        g_autofree char *escaped = g_uri_escape_string (entry, NULL, FALSE);
        g_autofree char *needle = g_strdup_printf ("](%s)", escaped);

        n_png++;
        g_assert_nonnull (strstr (md, needle));
      }
  g_assert_cmpuint (n_png, ==, links->len);
  rm_rf (dir);
}

/* On stdout no chart is written: no link, and nothing about attaching. */
static void
test_no_charts_on_stdout (void)
{
  g_autoptr(FsbResult) r = load_fixture ("study.json");
  g_autofree char *md = report_string (r, FSB_REPORT_MARKDOWN);

  g_assert_null (strstr (md, "!["));
  g_assert_null (strstr (md, ".png"));
  g_assert_null (strstr (md, "attach"));
}

/* The compact block at the top: its lines from the fence's opening to its
 * close; fails unless it comes right after the summary's verdict. */
static GStrv
compact_lines (const char *md)
{
  const char *start = strstr (md, "### In short\n\n**");
  const char *open, *close;
  g_autofree char *body = NULL;

  g_assert_nonnull (start);
  open = strstr (start, "**\n\n```\n");
  g_assert_nonnull (open);
  g_assert_true (open < strstr (start, "- **"));
  open += strlen ("**\n\n```\n");
  close = strstr (open, "\n```\n");
  g_assert_nonnull (close);
  body = g_strndup (open, close - open);
  return g_strsplit (body, "\n", -1);
}

/* One line per filesystem after the header, each starting with its name. */
static guint
check_compact (const char *md, FsbResult *r, const char *header_start)
{
  g_auto(GStrv) lines = compact_lines (md);
  guint header = 0, n = g_strv_length (lines);

  while (header < n && !g_str_has_prefix (lines[header], header_start))
    header++;
  g_assert_cmpuint (header, <, n);
  g_assert_cmpuint (n - header - 1, ==, r->filesystems->len);
  for (guint f = 0; f < r->filesystems->len; f++)
    {
      const char *name = fsb_format_fs_name (((FsbFsResult *) r->filesystems->pdata[f])->name);
      guint found = 0;

      for (guint i = header + 1; i < n; i++)
        if (g_str_has_prefix (lines[i], name) && lines[i][strlen (name)] == ' ')
          found++;
      g_assert_cmpuint (found, ==, 1);
    }
  return header;
}

/* At the top, after the verdict: a block to paste, one line per
 * filesystem with the figures of the criteria the use case weighs and
 * where each stands overall, taken from the verdict's own analysis. */
static void
test_compact_block (void)
{
  g_autoptr(FsbResult) r = load_fixture ("study.json");
  g_autofree char *md = report_string (r, FSB_REPORT_MARKDOWN);
  g_autofree char *db_md = NULL;
  g_autoptr(GError) error = NULL;
  FsbReportOptions options;

  /* a core-only study, not measured for a server: no standing, its figures */
  check_compact (md, r, "Filesystem  Partition capacity  Big files ");
  g_assert_nonnull (strstr (md, "\nXFS         " "           99.95" NBSP "%"));
  g_assert_null (strstr (md, "Compared with the leader  \n"));

  /* with the database groups, XFS twice as fast: the verdict's figures and standing */
  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      double slowness = g_strcmp0 (fs->name, "xfs") == 0 ? 0.5 : 1.0;

      add_group (fs, "random-io", slowness, 0.02);
      add_group (fs, "sync-write", slowness, 0.02);
      add_group (fs, "sqlite", slowness, 0.02);
    }
  fsb_report_options_init (&options);
  options.use_case = FSB_USE_CASE_DATABASE;
  db_md = fsb_report_to_string (&r, NULL, 1, FSB_REPORT_MARKDOWN, &options, &error);
  g_assert_no_error (error);
  {
    guint header = check_compact (db_md, r, "Filesystem ");
    g_auto(GStrv) lines = compact_lines (db_md);

    g_assert_true (g_str_has_prefix (lines[0], "XFS suits databases and random I/O best"));
    g_assert_nonnull (strstr (lines[header], "Random I/O"));
    g_assert_true (g_str_has_suffix (lines[header], "Compared with the leader"));
    /* the leader first */
    g_assert_true (g_str_has_prefix (lines[header + 1], "XFS "));
    g_assert_true (g_str_has_suffix (lines[header + 1], " Leader"));
    g_assert_true (g_str_has_suffix (lines[header + 2], " Clearly behind"));
  }
}

/* What the source data took on each filesystem: shown where the copy-in
 * tasks measured it, and in the data's description, what it is made of. */
static void
test_data_space (void)
{
  g_autoptr(FsbResult) r = load_fixture ("quick.json");
  g_autofree char *before = report_string (r, FSB_REPORT_MARKDOWN);
  g_autofree char *md = NULL;
  g_autoptr(JsonNode) text = json_node_new (JSON_NODE_VALUE);

  /* a study from before: no table, and its data was random */
  g_assert_null (strstr (before, "| Data written | Space used |"));
  g_assert_nonnull (strstr (before, "made of random bytes, which no filesystem can compress"));

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      /* the second filesystem compresses: 40 % of what it wrote */
      double share = f == 1 ? 0.4 : 1.01;
      const char *ids[] = { "big-copy-in", "tree-copy-in" };
      const double bytes[] = { 35e6, 95e6 };

      for (guint t = 0; t < G_N_ELEMENTS (ids); t++)
        {
          FsbTaskResult *task = fsb_fs_result_get_task (fs, ids[t], FALSE);

          g_assert_nonnull (task);
          for (guint i = 0; i < task->samples->len; i++)
            {
              fsb_sample_set (task->samples->pdata[i], "bytes", bytes[t]);
              fsb_sample_set (task->samples->pdata[i], "space_used_bytes", bytes[t] * share * (1 + 0.01 * i));
            }
        }
    }
  json_node_set_string (text, "text");
  json_object_set_member (json_node_get_object (r->dataset), "data", json_node_copy (text));
  md = report_string (r, FSB_REPORT_MARKDOWN);
  g_assert_nonnull (strstr (md, "| Filesystem | Data written | Space used | Share of what was written |"));
  {
    const char *name = fsb_format_fs_name (((FsbFsResult *) r->filesystems->pdata[1])->name);
    g_autofree char *row = g_strdup_printf ("| %s | 130.0" NBSP "MB | 52.5" NBSP "MB | 40" NBSP "%% |", name);
    g_assert_nonnull (strstr (md, row));
  }
  g_assert_nonnull (strstr (md, "made of text that compresses about 3:1"));
  g_assert_null (strstr (md, "made of random bytes"));
}

/* The device table says, per task, whether a variant had the disk write
 * fewer bytes than its filesystem or the same within the interval: the
 * quick study's second filesystem made a variant of the first (noatime),
 * listing the tree with no write at all, finding files with as many. */
static void
test_device_bytes (void)
{
  g_autoptr(FsbResult) r = load_fixture ("quick.json");
  FsbFsResult *plain = r->filesystems->pdata[0], *variant = r->filesystems->pdata[1];
  g_autofree char *md = NULL, *fewer = NULL, *same = NULL;
  const char *name = fsb_format_fs_name (plain->name);

  g_free (variant->name);
  variant->name = g_strdup ("noatime");
  variant->fs_type = g_strdup (plain->name);
  variant->mount_requested = g_strdup ("noatime");
  for (guint f = 0; f < 2; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      const char *ids[] = { "tree-list", "tree-find" };

      for (guint t = 0; t < G_N_ELEMENTS (ids); t++)
        {
          FsbTaskResult *task = fsb_fs_result_get_task (fs, ids[t], FALSE);

          for (guint i = 0; i < task->samples->len; i++)
            fsb_sample_set (task->samples->pdata[i], "device_write_bytes",
                            fs == variant && t == 0 ? 0 : 40960 + 4096 * (i % 2) + (fs == variant ? 4096 : 0));
        }
    }
  md = report_string (r, FSB_REPORT_MARKDOWN);
  fewer = g_strdup_printf ("In “%s”, noatime had the disk write fewer bytes than %s: 0 bytes against ",
                           fsb_task_display_name ("tree-list"), name);
  g_assert_nonnull (strstr (md, fewer));
  same = g_strdup_printf ("In “%s”, %s and noatime had the disk write the same bytes within the 95 "
                          "%% interval", fsb_task_display_name ("tree-find"), name);
  g_assert_nonnull (strstr (md, same));
}

/* A sample taken during a disturbance: left out of the estimate (its
 * task has quiet ones enough), kept in the result, marked in the table,
 * explained below it and counted in Target and method. */
static void
test_disturbed (void)
{
  g_autoptr(FsbResult) r = load_fixture ("quick.json");
  FsbFsResult *fs = r->filesystems->pdata[0];
  FsbTaskResult *task = NULL;
  g_autofree char *md = NULL, *row = NULL, *fact = NULL;
  guint total = 0;
  FsbStats before, after;
  const char *metric;
  double v;

  for (guint t = 0; t < fs->tasks->len && task == NULL; t++)
    if (((FsbTaskResult *) fs->tasks->pdata[t])->samples->len >= 3)
      task = fs->tasks->pdata[t];
  g_assert_nonnull (task);
  metric = fsb_task_metric (task->id, NULL);
  for (guint f = 0; f < r->filesystems->len; f++)
    for (guint t = 0; t < ((FsbFsResult *) r->filesystems->pdata[f])->tasks->len; t++)
      {
        FsbTaskResult *other = ((FsbFsResult *) r->filesystems->pdata[f])->tasks->pdata[t];

        for (guint i = 0; i < other->samples->len; i++, total++)
          fsb_sample_set (other->samples->pdata[i], "disturbed", 0);
      }
  g_assert_true (fsb_task_result_stats (r, task, metric, &before));
  g_assert_true (fsb_sample_get (task->samples->pdata[0], metric, &v));
  fsb_sample_set (task->samples->pdata[0], metric, v * 1000);
  fsb_sample_set (task->samples->pdata[0], "disturbed", FSB_DISTURBED_WRITEBACK | FSB_DISTURBED_SLOW);
  g_assert_true (fsb_task_result_stats (r, task, metric, &after));
  g_assert_cmpuint (after.n, ==, before.n - 1);
  g_assert_cmpfloat (after.max, <, v * 1000);
  g_assert_cmpfloat (after.min, >, v * 1000 / 1e6);

  md = report_string (r, FSB_REPORT_MARKDOWN);
  row = g_strdup_printf ("| %s | %s † |", fsb_task_display_name (task->id), fsb_format_fs_name (fs->name));
  g_assert_nonnull (strstr (md, row));
  g_assert_cmpuint (count (md, " † |"), ==, 1);
  g_assert_nonnull (strstr (md, "†: some repetitions of this task were taken while the machine was disturbed"));
  fact = g_strdup_printf ("1 of %u (1 left out of the figures). Causes: CPU taken by the host 0, other files "
                          "written back 1, other programs on every core 0, the machine running slow 1, the disk "
                          "under the target answering slowly 0.", total);
  g_assert_nonnull (strstr (md, fact));
}

/* The transfer table: each pair's median of its copies, and their
 * interval where a pair was copied more than once; a result that kept the
 * median alone keeps its three columns. */
static void
test_transfer_table (void)
{
  g_autoptr(FsbResult) r = load_fixture ("study.json");
  g_autofree char *before = report_string (r, FSB_REPORT_MARKDOWN);
  g_autofree char *after = NULL;
  const double copies[] = { 97, 100, 102, 99, 101 };

  g_assert_nonnull (strstr (before, "| From | To | Throughput (MB/s) |\n"));
  for (guint i = 0; i < r->transfers->len; i++)
    g_ptr_array_set_size (((FsbTransfer *) r->transfers->pdata[i])->task->samples, 0);
  for (guint i = 0; i < r->transfers->len; i++)
    {
      FsbTransfer *t = r->transfers->pdata[i];
      add_transfer (r, t->from, t->to, copies, G_N_ELEMENTS (copies));
    }
  after = report_string (r, FSB_REPORT_MARKDOWN);
  g_assert_nonnull (strstr (after, "| From | To | Throughput (MB/s) | 95 % interval |\n"));
  /* the median of the five, and its interval: ±2.776 × 1.2533 × 0.01934 / √5 on the log scale */
  g_assert_nonnull (strstr (after, " | 100 | 97–103.1" NBSP "MB/s |\n"));
}

/* The method says which tasks were timed as batches, and the largest
 * batch; nothing when none was. */
static void
test_batch_method (void)
{
  g_autoptr(FsbResult) r = load_fixture ("quick.json");
  g_autofree char *before = report_string (r, FSB_REPORT_MARKDOWN), *md = NULL, *names = NULL;

  g_assert_null (strstr (before, "too short to time alone"));
  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbTaskResult *task = fsb_fs_result_get_task (r->filesystems->pdata[f], "tree-find", FALSE);

      for (guint i = 0; i < task->samples->len; i++)
        ((FsbSample *) task->samples->pdata[i])->batch = 2 + i % 3;
    }
  md = report_string (r, FSB_REPORT_MARKDOWN);
  names = g_strdup_printf ("too short to time alone: %s. They were timed as a batch of up to 4 operations",
                           fsb_task_display_name ("tree-find"));
  g_assert_nonnull (strstr (md, names));
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/report-md/bold-settled-only", test_bold_settled_only);
  g_test_add_func ("/report-md/chart-links", test_chart_links);
  g_test_add_func ("/report-md/no-charts-on-stdout", test_no_charts_on_stdout);
  g_test_add_func ("/report-md/compact-block", test_compact_block);
  g_test_add_func ("/report-md/data-space", test_data_space);
  g_test_add_func ("/report-md/device-bytes", test_device_bytes);
  g_test_add_func ("/report-md/disturbed", test_disturbed);
  g_test_add_func ("/report-md/transfer-table", test_transfer_table);
  g_test_add_func ("/report-md/batch-method", test_batch_method);
  return g_test_run ();
}
