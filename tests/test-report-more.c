/* test-report-more.c: comparisons, print and phone layout of the HTML, machine details, the chart's bands and its long texts */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-engine.h"
#include "fsb-chart.h"
#include "fsb-chart-private.h"
#include "fsb-comparison.h"
#include "fsb-format.h"
#include "fsb-machine.h"
#include "fsb-png.h"
#include "fsb-report.h"
#include "report-common.h"

static guint
count_between (const char *from, const char *to, const char *needle)
{
  guint n = 0;

  for (const char *p = g_strstr_len (from, to - from, needle); p != NULL; p = g_strstr_len (p + 1, to - p - 1, needle))
    n++;
  return n;
}

static void
test_comparison (void)
{
  FsbResult *results[2] = { load_fixture ("study.json"), load_fixture ("study-after.json") };
  const char *labels[] = { "before.json", "after.json" };
  g_autoptr(GError) error = NULL;
  g_autofree char *html = fsb_report_to_string (results, labels, 2, FSB_REPORT_HTML, NULL, &error);
  g_autofree char *md = fsb_report_to_string (results, labels, 2, FSB_REPORT_MARKDOWN, NULL, &error);
  g_autofree char *csv = fsb_report_to_string (results, labels, 2, FSB_REPORT_CSV, NULL, &error);
  g_autoptr(FsbComparison) cmp = fsb_comparison_new (results, 2);

  g_assert_no_error (error);
  g_assert_nonnull (strstr (html, "Comparison of 2 results"));
  /* the columns are named by what differs: the date and the kernel, not the file */
  g_assert_true (g_strv_contains ((const char * const *) cmp->differs, "kernel"));
  g_assert_false (g_strv_contains ((const char * const *) cmp->differs, "profile"));
  g_assert_cmpstr (cmp->labels[0], ==, "29 November 2026 · 6.1.0-27-amd64");
  g_assert_cmpstr (cmp->labels[1], ==, "30 November 2026 · 6.12.0-1-amd64");
  /* the tables' columns go by the runs' short keys, said once above them */
  g_assert_nonnull (strstr (html, "<th class=\"num\">r1</th><th class=\"num\">r2</th>"));
  g_assert_nonnull (strstr (html, "<dt>r1</dt>\n<dd>29 November 2026 · 6.1.0-27-amd64 (the reference)</dd>"));
  g_assert_nonnull (strstr (html, "<dt>r2</dt>\n<dd>30 November 2026 · 6.12.0-1-amd64</dd>"));
  g_assert_null (strstr (html, "<th>29 November 2026 · 6.1.0-27-amd64</th>"));
  g_assert_nonnull (strstr (html, ">before.json</td>"));
  g_assert_nonnull (strstr (html, "<th class=\"num\">Change</th>"));
  g_assert_cmpuint (cmp->warnings->len, ==, 0);
  /* the second run is about 8 % faster, beyond the noise of three repetitions */
  g_assert_nonnull (strstr (md, "| Copy a big file in | XFS | 34.7" NBSP "s | 31.8" NBSP "s | 1.09× faster (1.06–1.12×) |"));
  /* the CPU section and the capacity after deleting are compared too */
  g_assert_nonnull (strstr (html, "id=\"cpu\""));
  g_assert_nonnull (strstr (md, "| After deleting everything | XFS | 99.93" NBSP "% | 99.93" NBSP "% | no change |"));
  assert_self_contained (html);
  g_assert_cmpuint (count (csv, "\r\nbefore.json,"), ==, count (csv, "\r\nafter.json,"));
  fsb_result_unref (results[0]);
  fsb_result_unref (results[1]);
}

/* The HTML of a comparison: printed, every table fits the page's width and no box scrolls; on a
 * phone each row is a card whose cells carry their column's header. */
static void
test_html_print_and_narrow (void)
{
  FsbResult *results[2] = { load_fixture ("study.json"), load_fixture ("study-after.json") };
  g_autoptr(GError) error = NULL;
  g_autofree char *html = fsb_report_to_string (results, NULL, 2, FSB_REPORT_HTML, NULL, &error);
  const char *print, *narrow, *p;
  guint cells = 0;

  g_assert_no_error (error);
  print = strstr (html, "@media print{");
  narrow = strstr (html, "@media (max-width:600px){");
  g_assert_nonnull (print);
  g_assert_nonnull (narrow);
  g_assert_nonnull (strstr (print, ".scroll{overflow:visible;"));
  g_assert_nonnull (strstr (print, "break-after:avoid"));
  g_assert_nonnull (strstr (print, "figure,.chart-part,tr{break-inside:avoid"));
  g_assert_nonnull (strstr (narrow, "content:attr(data-label)"));
  g_assert_nonnull (strstr (narrow, "tr,td{display:block"));
  /* every body cell of every table is labelled with its column's header */
  for (p = strstr (html, "<td"); p != NULL; p = strstr (p + 1, "<td"))
    {
      const char *end = strchr (p, '>');
      g_autofree char *tag = g_strndup (p, end - p);
      g_assert_nonnull (strstr (tag, " data-label=\""));
      cells++;
    }
  g_assert_cmpuint (cells, >, 50);
  g_assert_nonnull (strstr (html, " data-label=\"Change\">"));
  fsb_result_unref (results[0]);
  fsb_result_unref (results[1]);
}

/* Two profiles: the same task names, other work. No change across them. */
static void
test_comparison_profiles (void)
{
  FsbResult *results[2] = { load_fixture ("quick.json"), load_fixture ("standard.json") };
  g_autoptr(GError) error = NULL;
  g_autofree char *md = fsb_report_to_string (results, NULL, 2, FSB_REPORT_MARKDOWN, NULL, &error);
  g_autoptr(FsbComparison) cmp = fsb_comparison_new (results, 2);
  guint incomparable = 0, computed = 0;

  g_assert_no_error (error);
  g_assert_true (g_strv_contains ((const char * const *) cmp->differs, "profile"));
  g_assert_nonnull (strstr (cmp->labels[0], "Quick"));
  g_assert_nonnull (strstr (cmp->labels[1], "Standard"));
  for (guint i = 0; i < cmp->rows->len; i++)
    {
      FsbComparisonRow *row = cmp->rows->pdata[i];
      const FsbWorkloadGroup *group = NULL;

      fsb_catalog_task (row->task, &group);
      if (group != NULL && strcmp (group->id, "core") == 0)
        {
          g_assert_cmpint (row->change[1].kind, ==, FSB_CHANGE_INCOMPARABLE);
          incomparable++;
        }
      else if (row->change[1].kind != FSB_CHANGE_INCOMPARABLE && row->change[1].kind != FSB_CHANGE_MISSING)
        computed++;
    }
  g_assert_cmpuint (incomparable, >, 0);
  /* a warning that names the difference, and a profile row */
  g_assert_cmpuint (cmp->warnings->len, >=, 1);
  g_assert_nonnull (strstr (md, "on other data than the reference (Size of the big file: 35.0" NBSP "MB against 175.0" NBSP "MB)"));
  g_assert_nonnull (strstr (md, "| Profile | Quick | Standard |"));
  g_assert_nonnull (strstr (md, "| Data | a big file of 35.0" NBSP "MB; a tree of 375 files in 45 folders, 95.0" NBSP "MB in all; "
                               "made of random bytes, which no filesystem can compress |"));
  g_assert_nonnull (strstr (md, "| Copy a big file in | XFS |"));
  /* no speed-up claimed for the core tasks in the Markdown either */
  {
    g_auto(GStrv) lines = g_strsplit (md, "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++)
      if (g_str_has_prefix (lines[i], "| Copy a big file in |") || g_str_has_prefix (lines[i], "| Delete the trees |"))
        {
          g_assert_null (strstr (lines[i], "faster"));
          g_assert_null (strstr (lines[i], "slower"));
          g_assert_nonnull (strstr (lines[i], "not comparable: other data"));
        }
  }
  /* nor in the CSV: no ratio for the core tasks of other data */
  {
    g_autofree char *csv = fsb_report_to_string (results, NULL, 2, FSB_REPORT_CSV, NULL, &error);
    g_autoptr(GPtrArray) rows = parse_csv (csv);
    guint seen = 0;

    g_assert_no_error (error);
    for (guint i = 1; i < rows->len; i++)
      {
        GPtrArray *row = rows->pdata[i];

        if (g_str_equal (row->pdata[3], "big-copy-in") && g_str_equal (row->pdata[8], "r2"))
          {
            g_assert_cmpstr (row->pdata[9], ==, "");
            g_assert_cmpstr (row->pdata[10], ==, "incomparable");
            seen++;
          }
      }
    g_assert_cmpuint (seen, >, 0);
  }
  g_test_message ("%u changes not computed, %u computed", incomparable, computed);
  fsb_result_unref (results[0]);
  fsb_result_unref (results[1]);
}

/* A fleet: a database run on each host, named by --label. */
static FsbResult *
host_result (const char *label, const char *disk, double ext4_slowness)
{
  FsbResult *r = fsb_result_new ();
  FsbFsResult *ext4 = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *xfs = fsb_result_add_filesystem (r, "xfs");

  r->repetitions = 3;
  r->complete = TRUE;
  g_free (r->created);
  r->created = g_strdup ("2026-12-01T10:00:00Z");
  r->label = g_strdup (label);
  r->machine.kernel = g_strdup ("Linux 6.1.0-27-amd64 x86_64");
  r->target.kind = g_strdup ("image");
  r->target.device_model = g_strdup (disk);
  ext4->capacity_initial.percent = xfs->capacity_initial.percent = 94.0;
  add_group (ext4, "random-io", ext4_slowness, 0.02);
  add_group (xfs, "random-io", 1.0, 0.02);
  add_group (ext4, "sync-write", ext4_slowness, 0.02);
  add_group (xfs, "sync-write", 1.0, 0.02);
  add_group (ext4, "sqlite", ext4_slowness, 0.02);
  add_group (xfs, "sqlite", 1.0, 0.02);
  return r;
}

/* Each column is a host, by its label; its disk and kernel are rows; the
 * overall table says who wins on each host and on the most. */
/* The overview under a study's verdict: a row per filesystem with its
 * figure in each criterion, the criterion's winner strong, the leader's lead
 * and the repetitions; the Markdown has its own compact block instead. */
static void
test_glance (void)
{
  FsbResult *result = load_fixture ("study.json");
  FsbReportOptions options;
  g_autoptr(GError) error = NULL;
  g_autofree char *html = NULL, *md = NULL;
  const char *glance, *end, *verdict;

  fsb_report_options_init (&options);
  options.use_case = FSB_USE_CASE_DESKTOP;
  html = fsb_report_to_string (&result, NULL, 1, FSB_REPORT_HTML, &options, &error);
  g_assert_no_error (error);
  md = fsb_report_to_string (&result, NULL, 1, FSB_REPORT_MARKDOWN, &options, &error);
  g_assert_no_error (error);
  verdict = strstr (html, "<p class=\"verdict\">");
  glance = strstr (html, "<div class=\"scroll\"><table class=\"glance\">");
  g_assert_nonnull (verdict);
  g_assert_nonnull (glance);
  /* right under the verdict, before anything else */
  g_assert_null (g_strstr_len (strchr (verdict, '\n') + 1, glance - strchr (verdict, '\n') - 1, "<p"));
  end = strstr (glance, "</table>");
  g_assert_cmpuint (count_between (glance, end, "<tr>"), ==, 5);
  g_assert_nonnull (g_strstr_len (glance, end - glance, "<th class=\"num\">Big files</th>"));
  g_assert_nonnull (g_strstr_len (glance, end - glance, "<th class=\"num\">Each task ran</th>"));
  /* XFS copies and deletes big files clearly fastest: its figure stands out, no one else's there */
  g_assert_nonnull (g_strstr_len (glance, end - glance, "<td class=\"num best\" data-label=\"Big files\"><strong>68.0\u00a0s</strong>"));
  g_assert_cmpuint (count_between (glance, end, "data-label=\"Big files\"><strong>"), ==, 1);
  g_assert_cmpuint (count_between (glance, end, ">3 times</td>"), ==, 4);
  g_assert_null (strstr (md, "Each task ran |"));
  fsb_result_unref (result);
}

static void
test_comparison_fleet (void)
{
  FsbResult *results[3] = { host_result ("web-1", "Samsung SSD 870", 0.5), host_result ("web-2", "Samsung SSD 870", 0.5),
                            host_result ("db-3", "WDC WD40EFRX", 2.0) };
  FsbReportOptions options;
  g_autoptr(GError) error = NULL;
  g_autofree char *two = NULL, *three = NULL;

  fsb_report_options_init (&options);
  options.use_case = FSB_USE_CASE_DATABASE;
  two = fsb_report_to_string (results, NULL, 2, FSB_REPORT_MARKDOWN, &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (two, "|  | web-1 | web-2 |"));
  g_assert_nonnull (strstr (two, "| Disk | Samsung SSD 870 | Samsung SSD 870 |"));
  g_assert_nonnull (strstr (two, "| Kernel | Linux 6.1.0-27-amd64 x86_64 |"));
  g_assert_nonnull (strstr (two, "| Best filesystem | web-1 | web-2 | Overall |"));
  g_assert_nonnull (strstr (two, "| Database and random I/O | ext4 | ext4 | ext4, on 2 of 2 |"));
  g_assert_nonnull (strstr (two, "**For “Database and random I/O”, ext4 is the best filesystem on each of the 2 results.**"));

  three = fsb_report_to_string (results, NULL, 3, FSB_REPORT_MARKDOWN, &options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (three, "| Disk | Samsung SSD 870 | Samsung SSD 870 | WDC WD40EFRX |"));
  g_assert_nonnull (strstr (three, "| Database and random I/O | ext4 | ext4 | XFS | ext4, on 2 of 3 |"));
  g_assert_nonnull (strstr (three, "**For “Database and random I/O”, ext4 is the best filesystem on the most results: 2 of 3.**"));

  /* one host each: no filesystem ahead */
  {
    FsbResult *split[2] = { results[0], results[2] };
    g_autofree char *md = fsb_report_to_string (split, NULL, 2, FSB_REPORT_MARKDOWN, &options, &error);

    g_assert_no_error (error);
    g_assert_nonnull (strstr (md, "| Database and random I/O | ext4 | XFS | ext4 and XFS, on 1 of 2 each |"));
    g_assert_nonnull (strstr (md, "no filesystem is the best on more results than the others: ext4 and XFS on 1 of 2 each."));
  }
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    fsb_result_unref (results[i]);
}

/* Machine details ---------------------------------------------------------- */

static void
test_machine_details (void)
{
  g_autoptr(FsbResult) r = load_fixture ("quick.json");
  g_autoptr(FsbResult) back = NULL;
  g_autofree char *json = NULL, *md = NULL;
  g_autoptr(GError) error = NULL;
  FsbMachine probed = { 0 };

  /* what the probe finds here: it always says something about virtualization */
  fsb_machine_probe (&probed);
  g_assert_nonnull (probed.virtualization);
  g_test_message ("virtualization: %s; kernel options: %s", probed.virtualization,
                  probed.kernel_cmdline != NULL ? probed.kernel_cmdline : "(none)");
  g_assert_true (probed.kernel_cmdline == NULL || strstr (probed.kernel_cmdline, "root=") == NULL);
  fsb_machine_clear (&probed);

  /* additive fields, written and read back */
  r->machine.virtualization = g_strdup ("kvm");
  r->label = g_strdup ("bench 7, after the upgrade");
  r->machine.kernel_cmdline = g_strdup ("console=ttyS0 mitigations=off quiet elevator=none -- --init");
  r->target.rotational = 1;
  r->target.scheduler = g_strdup ("mq-deadline");
  r->target.logical_block = 512;
  r->target.physical_block = 4096;
  ((FsbFsResult *) r->filesystems->pdata[0])->capacity_initial.block_size = 4096;
  json = fsb_result_to_data (r, NULL);
  back = fsb_result_load_from_data (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->machine.virtualization, ==, "kvm");
  g_assert_cmpstr (back->label, ==, "bench 7, after the upgrade");
  g_assert_cmpint (back->target.rotational, ==, 1);
  g_assert_cmpstr (back->target.scheduler, ==, "mq-deadline");
  g_assert_cmpuint (back->target.physical_block, ==, 4096);
  g_assert_cmpuint (((FsbFsResult *) back->filesystems->pdata[0])->capacity_initial.block_size, ==, 4096);

  md = report_string (back, FSB_REPORT_MARKDOWN);
  g_assert_nonnull (strstr (md, "- **Disk type:** rotating"));
  g_assert_nonnull (strstr (md, "- **I/O scheduler:** mq-deadline"));
  g_assert_nonnull (strstr (md, "- **Sectors:** 512 bytes logical, 4096 physical"));
  g_assert_nonnull (strstr (md, "- **Virtualization:** a virtual machine (kvm)"));
  /* only the options that bear on I/O, not the console or init's */
  g_assert_nonnull (strstr (md, "- **Kernel options:** mitigations=off elevator=none\n"));
  g_assert_nonnull (strstr (md, "ext4 (mke2fs 1.47.0 (5-Feb-2023)), 4.0" NBSP "KiB blocks,"));
}

/* Charts ----------------------------------------------------------------- */

/* A delete of half a millisecond beside copies of a tenth of a second: on
 * one linear axis its bars would be invisible, so it gets an axis of its own. */
static void
test_chart_bands (void)
{
  g_autoptr(FsbResult) r = load_fixture ("quick.json");
  FsbChartOptions o = { .kind = FSB_CHART_SECTION, .section = "big-files" };
  Model m;
  double h_one, h_two;

  fsb_chart_model_build (&m, r, &o);
  g_assert_cmpuint (m.bands->len, ==, 1);   /* 5 ms beside 0.17 s: within 20 times */
  fsb_chart_model_clear (&m);
  h_one = fsb_chart_get_height (r, &o, 700);

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbTaskResult *task = fsb_fs_result_get_task (r->filesystems->pdata[f], "big-delete", FALSE);
      for (guint i = 0; i < task->samples->len; i++)
        {
          FsbSample *s = task->samples->pdata[i];
          double v;
          fsb_sample_get (s, "wall_s", &v);
          fsb_sample_set (s, "wall_s", v * 0.04);
        }
    }
  fsb_chart_model_build (&m, r, &o);
  g_assert_cmpuint (m.bands->len, ==, 2);
  /* the copies first, then the delete, each band under its own axis */
  g_assert_cmpuint (g_array_index (m.bands, Band, 0).n_rows, ==, 2);
  g_assert_cmpuint (g_array_index (m.bands, Band, 1).n_rows, ==, 1);
  g_assert_cmpstr (((Row *) m.rows->pdata[2])->label, ==, "Delete the big files");
  g_assert_cmpfloat (g_array_index (m.bands, Band, 0).max_value / g_array_index (m.bands, Band, 1).max_value, >, 20);
  /* three samples each: the whiskers are the medians' 95 % intervals */
  g_assert_true (m.intervals);
  fsb_chart_model_clear (&m);
  h_two = fsb_chart_get_height (r, &o, 700);
  g_assert_cmpfloat (h_two, >, h_one);   /* room for the second axis */

  /* each value in its task's unit, as the table writes it */
  {
    g_autofree char *svg = fsb_chart_to_svg (r, &o, 700, 0, NULL);
    g_assert_nonnull (svg);
  }
}

/* A caption of 60,000 characters (a hostile "created" or processor) was
 * wrapped in full: hundreds of lines, seconds of pango a chart. */
static void
test_chart_long_caption (void)
{
  g_autoptr(FsbResult) r = load_fixture ("quick.json");
  g_autoptr(GString) caption = g_string_new (NULL);
  FsbChartOptions o = { .kind = FSB_CHART_SECTION, .section = "big-files", .font_size = 11,
                        .caption = "AMD EPYC, 2 cores · 1 December 2026" };
  double h_short, h_long;

  h_short = fsb_chart_get_height (r, &o, 700);
  while (caption->len < 60000)
    g_string_append (caption, "filesystem ");
  o.caption = caption->str;
  h_long = fsb_chart_get_height (r, &o, 700);
  g_test_message ("chart height: %.0f with a short caption, %.0f with a long one", h_short, h_long);
  /* three lines of small text at most, ellipsized */
  g_assert_cmpfloat (h_long - h_short, <=, 3 * 11 * 1.3);
  {
    g_autofree char *svg = fsb_chart_to_svg (r, &o, 700, 0, NULL);
    g_assert_nonnull (svg);
  }
}

/* The comparison's CSV: a key per run, as both runs are "run.json" here,
 * each figure's ratio to the first run's and the comparison's change. */
static void
test_comparison_csv (void)
{
  FsbResult *results[2] = { host_result ("web-1", "Samsung SSD 870", 0.5), host_result ("web-1", "Samsung SSD 870", 1.0) };
  const char *labels[] = { "run.json", "run.json" };
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = fsb_report_to_string (results, labels, 2, FSB_REPORT_CSV, NULL, &error);
  g_autoptr(GPtrArray) rows = NULL;
  guint n[2] = { 0, 0 }, checked = 0;

  g_assert_no_error (error);
  rows = parse_csv (csv);
  g_assert_true (g_str_has_prefix (csv, "result,filesystem,section,task,metric,statistic,value,unit,run,ratio,change\r\n"));
  for (guint i = 1; i < rows->len; i++)
    {
      GPtrArray *row = rows->pdata[i];
      const char *run = row->pdata[8], *ratio = row->pdata[9], *change = row->pdata[10];

      g_assert_cmpuint (row->len, ==, 11);
      g_assert_cmpstr (row->pdata[0], ==, "run.json");
      g_assert_true (g_str_equal (run, "r1") || g_str_equal (run, "r2"));
      n[run[1] - '1']++;
      if (g_str_equal (run, "r1"))
        {
          g_assert_cmpstr (ratio, ==, "1");
          g_assert_cmpstr (change, ==, "");
        }
      if (g_str_equal (row->pdata[3], "rand-read") && g_str_equal (row->pdata[4], "mb_per_s") &&
          g_str_equal (row->pdata[5], "median") && g_str_equal (run, "r2"))
        {
          /* ext4 went from 2000 to 1000 MB/s; XFS stayed at 1000 */
          g_assert_cmpstr (row->pdata[6], ==, "1000");
          g_assert_cmpstr (ratio, ==, g_str_equal (row->pdata[1], "ext4") ? "0.5" : "1");
          g_assert_cmpstr (change, ==, g_str_equal (row->pdata[1], "ext4") ? "worse" : "noise");
          checked++;
        }
    }
  g_assert_cmpuint (checked, ==, 2);
  g_assert_cmpuint (n[0], ==, n[1]);
  g_assert_cmpuint (n[0], >, 0);

  /* the samples' CSV has the same keys, in its last column */
  {
    g_autofree char *samples = fsb_report_to_string (results, labels, 2, FSB_REPORT_SAMPLES_CSV, NULL, &error);
    g_autoptr(GPtrArray) sample_rows = NULL;
    GPtrArray *header;

    g_assert_no_error (error);
    sample_rows = parse_csv (samples);
    header = sample_rows->pdata[0];
    g_assert_cmpstr (header->pdata[header->len - 1], ==, "run");
    g_assert_cmpstr (((GPtrArray *) sample_rows->pdata[1])->pdata[header->len - 1], ==, "r1");
    g_assert_cmpstr (((GPtrArray *) sample_rows->pdata[sample_rows->len - 1])->pdata[header->len - 1], ==, "r2");
  }
  fsb_result_unref (results[0]);
  fsb_result_unref (results[1]);
}

/* Clamped intervals ------------------------------------------------------ */

/* A 2-core machine: a mount of 0 and 50 ms (its interval reaches below 0)
 * and a copy that kept 20 % and 190 % of the CPU busy (its interval
 * reaches past 200 %). */
static FsbResult *
scattered_result (void)
{
  FsbResult *r = fsb_result_new ();
  FsbFsResult *fs = fsb_result_add_filesystem (r, "ext4");
  const double wall[] = { 0, 0.05 }, cpu[] = { 20, 190 };
  const char *tasks[] = { "mount", "big-copy-in" };

  r->machine.cores = 2;
  r->complete = TRUE;
  for (guint t = 0; t < G_N_ELEMENTS (tasks); t++)
    {
      FsbTaskResult *task = fsb_fs_result_get_task (fs, tasks[t], TRUE);

      for (guint i = 0; i < 2; i++)
        {
          FsbSample *sample = fsb_sample_new ();

          fsb_sample_set (sample, "wall_s", t == 0 ? wall[i] : 10 + i);
          fsb_sample_set (sample, "cpu_percent", t == 0 ? 5 : cpu[i]);
          g_ptr_array_add (task->samples, sample);
        }
    }
  return r;
}

static const char *
csv_value (GPtrArray *rows, const char *task, const char *metric, const char *statistic)
{
  for (guint i = 1; i < rows->len; i++)
    {
      GPtrArray *row = rows->pdata[i];

      if (g_strcmp0 (row->pdata[3], task) == 0 && g_strcmp0 (row->pdata[4], metric) == 0 &&
          g_strcmp0 (row->pdata[5], statistic) == 0)
        return row->pdata[6];
    }
  return NULL;
}

static void
test_clamped_csv_chart (void)
{
  g_autoptr(FsbResult) r = scattered_result ();
  g_autofree char *csv = report_string (r, FSB_REPORT_CSV);
  g_autoptr(GPtrArray) rows = parse_csv (csv);
  FsbChartOptions o = { .kind = FSB_CHART_CPU };
  Model m;

  g_assert_cmpstr (csv_value (rows, "mount", "wall_s", "median"), ==, "0.025");
  g_assert_cmpstr (csv_value (rows, "mount", "wall_s", "ci95_low"), ==, "0");
  g_assert_cmpstr (csv_value (rows, "big-copy-in", "cpu_percent", "ci95_high"), ==, "200");
  /* the CPU chart's whiskers, and so its axis, stop at the same 200 % */
  fsb_chart_model_build (&m, r, &o);
  g_assert_cmpfloat (m.max_value, <=, 200);
  for (guint b = 0; b < m.bands->len; b++)
    g_assert_cmpfloat (g_array_index (m.bands, Band, b).max_value, <=, 200);
  fsb_chart_model_clear (&m);
}

/* fsb_png_encode: what cairo reads back is every pixel drawn, at any
 * height (the halves are deflated apart); an image not opaque is left to
 * cairo's writer. */
typedef struct {
  GString *png;
  gsize    offset;
} PngReader;

static cairo_status_t
read_png_cb (void *closure, unsigned char *data, unsigned int length)
{
  PngReader *r = closure;

  if (r->offset + length > r->png->len)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, r->png->str + r->offset, length);
  r->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

static void
test_png_encode (void)
{
  const int sizes[][2] = { { 1, 1 }, { 3, 2 }, { 97, 61 }, { 640, 333 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      int w = sizes[i][0], h = sizes[i][1];
      cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      g_autoptr(GString) png = g_string_new ("kept");
      PngReader reader = { png, 4 };
      cairo_surface_t *back;
      cairo_t *cr = cairo_create (image);
      guint32 *pixels;

      /* opaque, every pixel its own colour, with flat runs between */
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_flush (image);
      pixels = (guint32 *) cairo_image_surface_get_data (image);
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          if ((x + y) % 3 != 0)
            pixels[y * cairo_image_surface_get_stride (image) / 4 + x] = 0xff000000u | (guint32) (x * 7919 + y * 104729);
      cairo_surface_mark_dirty (image);

      g_assert_true (fsb_png_encode (image, png));
      g_assert_true (g_str_has_prefix (png->str, "kept\x89PNG"));
      back = cairo_image_surface_create_from_png_stream (read_png_cb, &reader);
      g_assert_cmpint (cairo_surface_status (back), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (back), ==, w);
      g_assert_cmpint (cairo_image_surface_get_height (back), ==, h);
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          {
            guint32 a = pixels[y * cairo_image_surface_get_stride (image) / 4 + x];
            guint32 b = ((guint32 *) cairo_image_surface_get_data (back))[y * cairo_image_surface_get_stride (back) / 4 + x];

            g_assert_cmphex (a & 0xffffff, ==, b & 0xffffff);
          }
      cairo_surface_destroy (back);

      /* one pixel not opaque, in the second half: nothing is written */
      pixels[(h - 1) * cairo_image_surface_get_stride (image) / 4 + w - 1] = 0x80402010;
      cairo_surface_mark_dirty (image);
      g_string_assign (png, "kept");
      g_assert_false (fsb_png_encode (image, png));
      g_assert_cmpstr (png->str, ==, "kept");
      cairo_surface_destroy (image);
    }
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/report/comparison", test_comparison);
  g_test_add_func ("/report/html-print-and-narrow", test_html_print_and_narrow);
  g_test_add_func ("/report/comparison-profiles", test_comparison_profiles);
  g_test_add_func ("/report/comparison-fleet", test_comparison_fleet);
  g_test_add_func ("/report/glance", test_glance);
  g_test_add_func ("/report/comparison-csv", test_comparison_csv);
  g_test_add_func ("/report/machine-details", test_machine_details);
  g_test_add_func ("/chart/bands", test_chart_bands);
  g_test_add_func ("/chart/long-caption", test_chart_long_caption);
  g_test_add_func ("/chart/png-encode", test_png_encode);
  g_test_add_func ("/report/clamped-intervals", test_clamped_csv_chart);
  return g_test_run ();
}
