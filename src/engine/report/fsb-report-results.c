/* fsb-report-results.c: one result's sections, as the study writes them:
 * each section's table of tasks with its chart and conclusion, capacity,
 * the transfers between filesystems, CPU and page faults. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-report-private.h"
#include "fsb-data-space.h"
#include "fsb-host-state.h"
#include "fsb-stats.h"

/* beside a filesystem whose task has a disturbed sample (fsb-host-state.c) */
#define DISTURBED_MARK "†"

/* Below this median a time is too short to measure well. */
#define SHORT_TASK_SECONDS 0.1

/* The largest median of a task over the filesystems: its figures share that one's unit. */
static double
task_reference (FsbResult *r, const char *id, const char *metric)
{
  double ref = 0;

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbTaskResult *task = fsb_fs_result_get_task (r->filesystems->pdata[f], id, FALSE);
      FsbStats s;

      if (task != NULL && fsb_task_result_stats (r, task, metric, &s) && isfinite (s.median))
        ref = MAX (ref, s.median);
    }
  return ref;
}

/* The largest median of the section's timed tasks, in seconds: every time
 * of its table is in that one's unit, so that a column reads in one unit
 * ("0.071 s" above "0.083 s", not "82.7 ms"). */
static double
section_time_reference (FsbResult *r, GPtrArray *ids)
{
  double ref = 0, scale;

  for (guint t = 0; t < ids->len; t++)
    {
      const char *metric = fsb_task_metric (ids->pdata[t], NULL);

      if (fsb_format_metric_is_time (metric, &scale))
        ref = MAX (ref, task_reference (r, ids->pdata[t], metric) * scale);
    }
  return ref;
}

/* The median, in the unit of the table's largest time, starred when unsteady. */
static char *
stat_cell (const FsbStats *s, const char *metric, double reference)
{
  double scale;
  g_autofree char *v = fsb_format_metric_is_time (metric, &scale)
                       ? fsb_format_time_as (s->median * scale, reference * scale)
                       : fsb_format_value_unit (s->median, metric);

  return s->spread_large ? g_strconcat (v, "*", NULL) : g_steal_pointer (&v);
}

/* The whisker's ends, as the chart draws them. */
static char *
range_cell (const FsbStats *s, const char *metric, double reference)
{
  double scale, low, high;

  fsb_chart_interval (s, &low, &high);
  if (fsb_format_metric_is_time (metric, &scale))
    return fsb_format_time_range (low * scale, high * scale, s->median * scale, reference * scale);
  {
    g_autofree char *lo = fsb_format_value (low, metric), *hi = fsb_format_value (high, metric);
    const char *unit = fsb_metric_unit (metric);
    return *unit != '\0' ? g_strconcat (lo, "–", hi, "\u00a0", unit, NULL) : g_strconcat (lo, "–", hi, NULL);
  }
}

/* MB/s: the median over the repetitions of the bytes each moved ÷ its time. */
static gboolean
task_throughput (const FsbTaskResult *task, double *mb_per_s)
{
  g_autoptr(GArray) rates = g_array_new (FALSE, FALSE, sizeof (double));
  FsbStats s;

  for (guint i = 0; i < task->samples->len; i++)
    {
      const FsbSample *sample = task->samples->pdata[i];
      double bytes, wall;

      if (sample->error == NULL && fsb_sample_get (sample, "bytes", &bytes) && fsb_sample_get (sample, "wall_s", &wall) &&
          bytes >= 1e6 && wall > 0 && isfinite (bytes / wall))
        {
          double rate = bytes / wall / 1e6;
          g_array_append_val (rates, rate);
        }
    }
  if (rates->len == 0)
    return FALSE;
  fsb_stats_compute ((const double *) rates->data, rates->len, &s);
  *mb_per_s = s.median;
  return TRUE;
}

static gboolean
any_throughput (FsbResult *r, GPtrArray *ids)
{
  double rate;

  for (guint t = 0; t < ids->len; t++)
    for (guint f = 0; f < r->filesystems->len; f++)
      {
        FsbTaskResult *task = fsb_fs_result_get_task (r->filesystems->pdata[f], ids->pdata[t], FALSE);
        if (task != NULL && task_throughput (task, &rate))
          return TRUE;
      }
  return FALSE;
}

static gboolean
any_metric (FsbResult *r, GPtrArray *ids, const char *metric)
{
  FsbStats s;

  for (guint t = 0; t < ids->len; t++)
    for (guint f = 0; f < r->filesystems->len; f++)
      {
        FsbTaskResult *task = fsb_fs_result_get_task (r->filesystems->pdata[f], ids->pdata[t], FALSE);
        if (task != NULL && fsb_task_result_stats (r, task, metric, &s))
          return TRUE;
      }
  return FALSE;
}

/* TRUE when some task's headline is not a rate in MB/s already: only then
 * does a column of throughput say something its median does not. */
static gboolean
any_headline_besides (GPtrArray *ids, const char *metric)
{
  for (guint t = 0; t < ids->len; t++)
    if (g_strcmp0 (fsb_task_metric (ids->pdata[t], NULL), metric) != 0)
      return TRUE;
  return FALSE;
}

/* "0.11 / 0.42 / 1.30 ms": a task's median latencies at p50, p95 and p99,
 * in the unit of the slowest. */
static char *
latency_cell (FsbResult *r, FsbTaskResult *task)
{
  static const char *const metrics[] = { "latency_p50_ms", "latency_p95_ms", "latency_p99_ms" };
  char *parts[G_N_ELEMENTS (metrics)] = { NULL };   /* freed below: g_autofree on an array frees only its first */
  FsbStats s[G_N_ELEMENTS (metrics)];
  char *cell;

  for (guint i = 0; i < G_N_ELEMENTS (metrics); i++)
    if (!fsb_task_result_stats (r, task, metrics[i], &s[i]))
      return g_strdup ("—");
  for (guint i = 0; i < G_N_ELEMENTS (metrics); i++)
    {
      char *nbsp;

      parts[i] = fsb_format_time_as (s[i].median * 1e-3, s[2].median * 1e-3);
      /* the unit once, after the last */
      if (i + 1 < G_N_ELEMENTS (metrics) && (nbsp = strstr (parts[i], "\u00a0")) != NULL)
        *nbsp = '\0';
    }
  /* Translators: a task's median latencies at the 50th, 95th and 99th percentiles: "0.11 / 0.42 / 1.30 ms" */
  cell = g_strdup_printf (C_("latency percentiles", "%s / %s / %s"), parts[0], parts[1], parts[2]);
  for (guint i = 0; i < G_N_ELEMENTS (metrics); i++)
    g_free (parts[i]);
  return cell;
}

/* The whiskers are 95 % intervals when every figure of the chart has one. */
static const char *
range_title_of (FsbResult *r, const FsbChartOptions *o)
{
  /* xgettext:no-c-format */
  return fsb_chart_uses_intervals (r, o) ? _("95 % interval") : _("Min–max");
}

static const char *
range_title (FsbResult *r, const char *section)
{
  FsbChartOptions o = { .kind = FSB_CHART_SECTION, .section = section };

  return range_title_of (r, &o);
}

static void
add_short_note (FsbDocument *doc, GPtrArray *short_tasks)
{
  g_autofree char *names = NULL;
  g_autofree char *limit = NULL;
  g_autoptr(GPtrArray) quoted = g_ptr_array_new_with_free_func (g_free);

  if (short_tasks->len == 0)
    return;
  /* each name in the language's quotes, so that a list of names reads as
   * one: «Смонтировать» и «Размонтировать» */
  for (guint i = 0; i < short_tasks->len; i++)
    g_ptr_array_add (quoted, g_strdup_printf (C_("quoted data", "“%s”"), (const char *) short_tasks->pdata[i]));
  names = fsb_format_join_names ((const char * const *) quoted->pdata, quoted->len, FALSE);
  limit = fsb_format_duration (SHORT_TASK_SECONDS);
  fsb_doc_add_take (doc, FSB_BLOCK_NOTE, g_strdup_printf (
      /* Translators: the first %s is a list of tasks, the second a time ("0.1 s") */
      g_dngettext (GETTEXT_PACKAGE,
                   /* Translators: a task’s name, then a short time, “10 ms” */
                   "%s took less than %s on at least one filesystem. A time so short is hard to measure well: "
                   "the timer, the scheduler and the host’s flushes weigh on it as much as the filesystem does, "
                   "so read it as a rough figure, or run a larger profile.",
                   "%s took less than %s on at least one filesystem. Times so short are hard to measure well: "
                   "the timer, the scheduler and the host’s flushes weigh on them as much as the filesystem does, "
                   "so read them as rough figures, or run a larger profile.", short_tasks->len),
      names, limit));
}

/* The estimate of a task's device bytes on the log scale, or (a series
 * with a 0: a task that wrote nothing in some repetition) of the bytes
 * themselves; both on the scale of the one that needs it. */
static gboolean
device_estimates (FsbResult *r, FsbTaskResult *a, FsbTaskResult *b, FsbStats *sa, FsbStats *sb,
                  FsbLogEstimate *diff)
{
  if (a == NULL || b == NULL || !fsb_task_result_stats (r, a, "device_write_bytes", sa) ||
      !fsb_task_result_stats (r, b, "device_write_bytes", sb) || sa->n < 2 || sb->n < 2)
    return FALSE;
  if (sa->positive && sb->positive)
    fsb_log_estimate_diff (&sa->estimate, &sb->estimate, diff);
  else
    {
      /* the linear model of fsb_stats_compute, for both */
      FsbLogEstimate la = { sa->median, G_PI / 2 * sa->stdev * sa->stdev / sa->n, sa->n - 1 };
      FsbLogEstimate lb = { sb->median, G_PI / 2 * sb->stdev * sb->stdev / sb->n, sb->n - 1 };

      fsb_log_estimate_diff (&la, &lb, diff);
    }
  return TRUE;
}

/* Under the device table: for each task, each two contenders of one
 * filesystem type (a variant and its filesystem, twins), whether the disk
 * wrote clearly fewer bytes for one, or the same within the 95 %
 * interval: what a mount option such as noatime changes, said from the
 * data. */
static void
add_device_comparisons (FsbDocument *doc, FsbResult *r, GPtrArray *ids)
{
  FsbBlock *list = NULL;

  for (guint t = 0; t < ids->len; t++)
    for (guint i = 0; i < r->filesystems->len; i++)
      for (guint j = i + 1; j < r->filesystems->len; j++)
        {
          FsbFsResult *a = r->filesystems->pdata[i], *b = r->filesystems->pdata[j];
          FsbStats sa, sb;
          FsbLogEstimate diff;
          double half;
          g_autofree char *ba = NULL, *bb = NULL;
          const char *task = fsb_task_display_name (ids->pdata[t]);

          if (g_strcmp0 (fsb_fs_result_type (a), fsb_fs_result_type (b)) != 0 ||
              !device_estimates (r, fsb_fs_result_get_task (a, ids->pdata[t], FALSE),
                                 fsb_fs_result_get_task (b, ids->pdata[t], FALSE), &sa, &sb, &diff))
            continue;
          if (list == NULL)
            list = fsb_doc_add_list (doc, FSB_BLOCK_LIST);
          half = isfinite (diff.var) && diff.df > 0 ? fsb_t_quantile (0.975, diff.df) * sqrt (diff.var) : INFINITY;
          /* the fewer first */
          if (diff.log > 0)
            {
              FsbStats swap = sa;
              FsbFsResult *other = a;

              sa = sb;
              sb = swap;
              a = b;
              b = other;
            }
          ba = fsb_format_metric (sa.median, "device_write_bytes");
          bb = fsb_format_metric (sb.median, "device_write_bytes");
          if (fabs (diff.log) > half)
            g_ptr_array_add (list->items,
                             /* Translators: a task, a filesystem, another, then the bytes the disk wrote for
                              * each: "In “List the tree”, noatime had the disk write fewer bytes than ext4:
                              * 0 bytes against 41.0 kB, more than the 95 % interval explains." */
                             g_strdup_printf (_("In “%s”, %s had the disk write fewer bytes than %s: %s against %s, "
                                                "more than the 95 %% interval explains."),
                                              task, fsb_format_fs_name (a->name), fsb_format_fs_name (b->name), ba, bb));
          else
            g_ptr_array_add (list->items,
                             /* Translators: a task, a filesystem, another, then the bytes the disk wrote for
                              * each: "In “Find files”, ext4 and noatime had the disk write the same bytes within
                              * the 95 % interval: 12.3 kB against 12.5 kB." */
                             g_strdup_printf (_("In “%s”, %s and %s had the disk write the same bytes within the "
                                                "95 %% interval: %s against %s."),
                                              task, fsb_format_fs_name (a->name), fsb_format_fs_name (b->name), ba, bb));
        }
}

/* What the disk itself received for each task of the section: a task per
 * row, a filesystem per column, the median bytes written and, for a task
 * that says what it wrote, the write amplification. */
static void
add_device_table (FsbDocument *doc, FsbResult *r, const char *section)
{
  g_autoptr(GPtrArray) ids = fsb_result_section_tasks (r, section);
  FsbBlock *table;
  GPtrArray *header;

  if (!any_metric (r, ids, "device_write_bytes"))
    return;
  fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH,
               _("The bytes each task had the disk write, flushes included, as the block device counts them; "
                 "in brackets, for the tasks that write data, how many bytes the disk wrote for each byte "
                 "written (the write amplification)."));
  table = fsb_doc_add_table (doc, 0, _("Task"), NULL);
  header = table->items->pdata[0];
  for (guint f = 0; f < r->filesystems->len; f++)
    g_ptr_array_add (header, g_strdup (fsb_format_fs_name (((FsbFsResult *) r->filesystems->pdata[f])->name)));
  table->numeric = ((G_GUINT64_CONSTANT (1) << header->len) - 1) & ~G_GUINT64_CONSTANT (0x1);
  for (guint t = 0; t < ids->len; t++)
    {
      GPtrArray *row = NULL;

      for (guint f = 0; f < r->filesystems->len; f++)
        {
          FsbTaskResult *task = fsb_fs_result_get_task (r->filesystems->pdata[f], ids->pdata[t], FALSE);
          FsbStats w, wa;
          g_autofree char *bytes = NULL;

          if (row == NULL)
            {
              row = fsb_doc_table_row (table);
              g_ptr_array_add (row, g_strdup (fsb_task_display_name (ids->pdata[t])));
            }
          if (task == NULL || !fsb_task_result_stats (r, task, "device_write_bytes", &w))
            {
              g_ptr_array_add (row, g_strdup ("—"));
              continue;
            }
          bytes = fsb_format_metric (w.median, "device_write_bytes");
          if (fsb_task_result_stats (r, task, "write_amplification", &wa))
            {
              g_autofree char *times = fsb_format_ratio (wa.median);
              /* Translators: bytes the disk wrote, then the write amplification, “12.0 MB (1.02×)” */
              g_ptr_array_add (row, g_strdup_printf (_("%s (%s)"), bytes, times));
            }
          else
            g_ptr_array_add (row, g_steal_pointer (&bytes));
        }
    }
  add_device_comparisons (doc, r, ids);
}

static void
add_section_table (FsbDocument *doc, FsbResult *r, const char *section)
{
  g_autoptr(GPtrArray) ids = fsb_result_section_tasks (r, section);
  /* random I/O: its headline is MB/s already; its operations per second
   * and its latencies are what a database feels */
  gboolean rates = any_throughput (r, ids) && any_headline_besides (ids, "mb_per_s");
  gboolean iops_column = any_metric (r, ids, "iops"), latency_column = any_metric (r, ids, "latency_p99_ms");
  gboolean cpu_column = any_metric (r, ids, "cpu_percent"), faults_column = any_metric (r, ids, "minor_faults");
  g_autofree char *cpu = fsb_doc_column_title (_("CPU"), "cpu_percent");
  FsbBlock *table = fsb_doc_add_table (doc, 0, _("Task"), _("Filesystem"), _("Median"), range_title (r, section), NULL);
  GPtrArray *header = table->items->pdata[0];

  /* columns that would hold only dashes (mkfs has no CPU share of its own) are left out */
  if (rates)
    g_ptr_array_add (header, g_strdup (fsb_metric_display_name ("mb_per_s")));
  if (iops_column)
    g_ptr_array_add (header, fsb_doc_column_title (fsb_metric_display_name ("iops"), "iops"));
  if (latency_column)
    /* Translators: a column: the latencies at the 50th, 95th and 99th percentiles */
    g_ptr_array_add (header, g_strdup (_("Latency p50 / p95 / p99")));
  if (cpu_column)
    g_ptr_array_add (header, g_strdup (cpu));
  if (faults_column)
    g_ptr_array_add (header, g_strdup (_("Page faults")));
  table->numeric = ((G_GUINT64_CONSTANT (1) << header->len) - 1) & ~G_GUINT64_CONSTANT (0x3);
  g_autoptr(GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) short_tasks = g_ptr_array_new ();
  double time_reference = section_time_reference (r, ids);
  gboolean any_disturbed = FALSE;

  for (guint t = 0; t < ids->len; t++)
    {
      const char *id = ids->pdata[t];
      const char *task_metric = fsb_task_metric (id, NULL);
      double scale, reference = fsb_format_metric_is_time (task_metric, &scale) ? time_reference / scale : 0;

      for (guint f = 0; f < r->filesystems->len; f++)
        {
          FsbFsResult *fs = r->filesystems->pdata[f];
          FsbTaskResult *task = fsb_fs_result_get_task (fs, id, FALSE);
          FsbStats s, c, pf;
          double rate;
          GPtrArray *row;
          gboolean disturbed = FALSE;

          if (task == NULL)
            continue;
          for (guint i = 0; i < task->samples->len; i++)
            {
              FsbSample *sample = task->samples->pdata[i];

              disturbed |= fsb_sample_disturbed (sample);
              if (sample->error != NULL)
                g_ptr_array_add (failures,
                                 /* Translators: a task, a filesystem and the error it gave */
                                 g_strdup_printf (_("“%s” failed on %s: %s"), fsb_task_display_name (id),
                                                  fsb_format_fs_name (fs->name), sample->error));
            }
          row = fsb_doc_table_row (table);
          g_ptr_array_add (row, g_strdup (fsb_task_display_name (id)));
          /* the mark of a row with samples taken during a disturbance, explained below the table */
          g_ptr_array_add (row, disturbed ? g_strdup_printf ("%s %s", fsb_format_fs_name (fs->name), DISTURBED_MARK)
                                          : g_strdup (fsb_format_fs_name (fs->name)));
          any_disturbed |= disturbed;
          if (fsb_task_result_stats (r, task, task_metric, &s))
            {
              g_ptr_array_add (row, stat_cell (&s, task_metric, reference));
              g_ptr_array_add (row, range_cell (&s, task_metric, reference));
              if (fsb_format_metric_is_time (task_metric, &scale) && s.median * scale < SHORT_TASK_SECONDS &&
                  !g_ptr_array_find (short_tasks, fsb_task_display_name (id), NULL))
                g_ptr_array_add (short_tasks, (gpointer) fsb_task_display_name (id));
            }
          else
            {
              g_ptr_array_add (row, g_strdup (_("failed")));
              g_ptr_array_add (row, g_strdup ("—"));
            }
          if (rates)
            g_ptr_array_add (row, task_throughput (task, &rate) ? fsb_format_value_unit (rate, "mb_per_s") : g_strdup ("—"));
          if (iops_column)
            g_ptr_array_add (row, fsb_task_result_stats (r, task, "iops", &c)
                                    ? fsb_format_value (c.median, "iops") : g_strdup ("—"));
          if (latency_column)
            g_ptr_array_add (row, latency_cell (r, task));
          if (cpu_column)
            g_ptr_array_add (row, fsb_task_result_stats (r, task, "cpu_percent", &c)
                                    ? fsb_format_value (c.median, "cpu_percent") : g_strdup ("—"));
          if (faults_column)
            g_ptr_array_add (row, fsb_task_result_stats (r, task, "minor_faults", &pf)
                                    ? fsb_format_value (pf.median, "minor_faults") : g_strdup ("—"));
        }
    }
  add_short_note (doc, short_tasks);
  if (any_disturbed)
    fsb_doc_add_take (doc, FSB_BLOCK_NOTE, g_strdup_printf (
        /* Translators: %s is the mark put beside a filesystem's name in the table, “†” */
        _("%s: some repetitions of this task were taken while the machine was disturbed (CPU taken by the host, "
          "other files written back, other programs on every core, the machine running slow, the disk under the "
          "target answering slowly). The figures leave them out when at least two others were quiet; the result "
          "file and the CSV of every sample keep them, with their cause."),
        DISTURBED_MARK));
  for (guint i = 0; i < failures->len; i++)
    fsb_doc_add (doc, FSB_BLOCK_NOTE, failures->pdata[i]);
}

/* What the source data took on each filesystem, against what was written:
 * compression makes it less, metadata and part-filled blocks more. */
static void
add_data_space_table (FsbDocument *doc, FsbResult *r)
{
  FsbBlock *table = NULL;

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      guint64 written, on_disk;
      GPtrArray *row;

      if (!fsb_data_space (r, fs, &written, &on_disk))
        continue;
      if (table == NULL)
        {
          fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH,
                       _("The space the source data took on each filesystem, against the bytes written: "
                         "compression makes it less, metadata and partly filled blocks make it more."));
          table = fsb_doc_add_table (doc, 0x0e, _("Filesystem"), _("Data written"), _("Space used"),
                                     _("Share of what was written"), NULL);
        }
      row = fsb_doc_table_row (table);
      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
      g_ptr_array_add (row, fsb_format_size (written));
      g_ptr_array_add (row, fsb_format_size (on_disk));
      g_ptr_array_add (row, fsb_format_percent (100.0 * (double) on_disk / (double) written, 0));
    }
}

static void
add_capacity_table (FsbDocument *doc, FsbResult *r)
{
  FsbBlock *table = fsb_doc_add_table (doc, 0x3e, _("Filesystem"), _("After mkfs"), _("After deleting everything"),
                                       _("Change"), _("Usable space"), _("Free inodes"), NULL);
  g_autoptr(GPtrArray) on_demand = g_ptr_array_new ();

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      gboolean residual = fs->capacity_residual.percent > 0;
      GPtrArray *row;

      if (fs->capacity_initial.percent <= 0)
        continue;
      row = fsb_doc_table_row (table);
      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
      g_ptr_array_add (row, fsb_format_percent (fs->capacity_initial.percent, 2));
      g_ptr_array_add (row, residual ? fsb_format_percent (fs->capacity_residual.percent, 2) : g_strdup ("—"));
      /* a difference of two shares: in percentage points */
      g_ptr_array_add (row, residual ? fsb_format_points (fs->capacity_residual.percent - fs->capacity_initial.percent)
                                     : g_strdup ("—"));
      g_ptr_array_add (row, fsb_format_size (fs->capacity_initial.avail_bytes));
      if (fs->capacity_initial.total_inodes == 0)
        {
          /* Translators: in the column of free inodes, for a filesystem that makes them as needed (Btrfs) */
          g_ptr_array_add (row, g_strdup (_("on demand")));
          g_ptr_array_add (on_demand, (gpointer) fsb_format_fs_name (fs->name));
        }
      else
        g_ptr_array_add (row, fsb_format_number ((double) fs->capacity_initial.free_inodes, 0));
    }
  if (on_demand->len > 0)
    {
      g_autofree char *names = fsb_format_join_names ((const char * const *) on_demand->pdata, on_demand->len, FALSE);
      fsb_doc_add_take (doc, FSB_BLOCK_PARAGRAPH, g_strdup_printf (
          /* Translators: %s is one filesystem or a list ("Btrfs") */
          g_dngettext (GETTEXT_PACKAGE,
                       /* Translators: %s lists filesystems, “Btrfs” or “Btrfs and XFS” */
                       "%s allocates inodes on demand, as files are created: it has no fixed number of them, so "
                       "it reports none free, and that is no shortage.",
                       "%s allocate inodes on demand, as files are created: they have no fixed number of them, so "
                       "they report none free, and that is no shortage.", on_demand->len),
          names));
    }
}

static void
add_transfer_table (FsbDocument *doc, FsbResult *r)
{
  g_autofree char *speed = fsb_doc_column_title (fsb_metric_display_name ("mb_per_s"), "mb_per_s");
  FsbChartOptions o = { .kind = FSB_CHART_TRANSFER };
  gboolean spread = FALSE;
  FsbBlock *table;
  FsbStats s;

  /* the copies' spread, where a pair was copied more than once (results
   * that kept the median alone have none) */
  for (guint i = 0; i < r->transfers->len; i++)
    spread = spread || (fsb_transfer_stats (r, r->transfers->pdata[i], &s) && s.n > 1);
  table = spread ? fsb_doc_add_table (doc, 0xc, _("From"), _("To"), speed, range_title_of (r, &o), NULL)
                 : fsb_doc_add_table (doc, 0x4, _("From"), _("To"), speed, NULL);
  for (guint i = 0; i < r->transfers->len; i++)
    {
      FsbTransfer *t = r->transfers->pdata[i];
      GPtrArray *row = fsb_doc_table_row (table);
      gboolean have = fsb_transfer_stats (r, t, &s);

      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (t->from)));
      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (t->to)));
      g_ptr_array_add (row, have ? fsb_format_value (s.median, "mb_per_s") : g_strdup ("—"));
      if (spread)
        g_ptr_array_add (row, have && s.n > 1 ? range_cell (&s, "mb_per_s", s.median) : g_strdup ("—"));
    }
}

static void
add_conclusion (FsbDocument *doc, const FsbRecommendation *rec, const char *criterion)
{
  const FsbVerdict *v = fsb_recommendation_get_verdict (rec, criterion);

  if (v != NULL && v->conclusion != NULL)
    fsb_doc_add (doc, FSB_BLOCK_CONCLUSION, v->conclusion);
  /* what the section's total hides */
  if (v != NULL && v->differences->len > 0)
    {
      FsbBlock *list = fsb_doc_add_list (doc, FSB_BLOCK_LIST);
      for (guint i = 0; i < v->differences->len; i++)
        g_ptr_array_add (list->items, g_strdup (((FsbTaskDifference *) v->differences->pdata[i])->sentence));
    }
}

/* CPU per task: the share of the time and the CPU seconds, with the page faults. */
static void
add_cpu_table (FsbDocument *doc, FsbResult *r, gboolean faults)
{
  g_autofree char *cpu = fsb_doc_column_title (_("CPU"), "cpu_percent");
  FsbBlock *table = faults
    ? fsb_doc_add_table (doc, 0x1c, _("Task"), _("Filesystem"), cpu, fsb_metric_display_name ("cpu_s"),
                         _("Page faults"), NULL)
    : fsb_doc_add_table (doc, 0xc, _("Task"), _("Filesystem"), cpu, fsb_metric_display_name ("cpu_s"), NULL);

  double reference = 0;

  /* the column of CPU time in one unit, its largest's */
  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      g_autoptr(GPtrArray) part = fsb_result_section_tasks (r, fsb_catalog_nth_criterion (c)->id);

      for (guint t = 0; t < part->len; t++)
        reference = MAX (reference, task_reference (r, part->pdata[t], "cpu_s"));
    }
  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      g_autoptr(GPtrArray) part = fsb_result_section_tasks (r, fsb_catalog_nth_criterion (c)->id);

      for (guint t = 0; t < part->len; t++)
        {
          const char *id = part->pdata[t];

          for (guint f = 0; f < r->filesystems->len; f++)
            {
              FsbFsResult *fs = r->filesystems->pdata[f];
              FsbTaskResult *task = fsb_fs_result_get_task (fs, id, FALSE);
              FsbStats pc, cs, pf;
              GPtrArray *row;

              if (task == NULL || !fsb_task_result_stats (r, task, "cpu_percent", &pc))
                continue;
              row = fsb_doc_table_row (table);
              g_ptr_array_add (row, g_strdup (fsb_task_display_name (id)));
              g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
              g_ptr_array_add (row, fsb_format_value (pc.median, "cpu_percent"));
              g_ptr_array_add (row, fsb_task_result_stats (r, task, "cpu_s", &cs)
                                      ? fsb_format_time_as (cs.median, reference) : g_strdup ("—"));
              if (faults)
                g_ptr_array_add (row, fsb_task_result_stats (r, task, "minor_faults", &pf)
                                        ? fsb_format_value (pf.median, "minor_faults") : g_strdup ("—"));
            }
        }
    }
}

static void
add_cpu_section (FsbDocument *doc, FsbResult *r, const FsbRecommendation *rec)
{
  FsbChartOptions cpu = { .kind = FSB_CHART_CPU, .section = NULL };
  FsbChartOptions faults = { .kind = FSB_CHART_FAULTS, .section = NULL };
  gboolean any_faults;
  FsbBlock *head;
  guint first;

  if (!fsb_chart_has_data (r, &cpu))
    return;
  any_faults = fsb_chart_has_data (r, &faults) && fsb_chart_get_max (r, &faults) > 0;
  head = fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, fsb_criterion_title ("cpu"));
  head->id = g_strdup ("cpu");
  first = doc->blocks->len;
  fsb_doc_add_chart (doc, r, FSB_CHART_CPU, NULL, "cpu", fsb_metric_display_name ("cpu_percent"), TRUE);
  head->keep = doc->blocks->len - first;
  add_cpu_table (doc, r, any_faults);
  if (any_faults)
    fsb_doc_add_chart (doc, r, FSB_CHART_FAULTS, NULL, "faults", fsb_metric_display_name ("minor_faults"), TRUE);
  else if (fsb_chart_has_data (r, &faults))
    fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH,
                 _("No task caused a minor page fault on any filesystem, so the chart of page faults is left out."));
  add_conclusion (doc, rec, "cpu");
}

void
fsb_doc_add_results (FsbDocument *doc, FsbResult *r, const FsbRecommendation *rec)
{
  /* The results on a page of their own; the sections then flow, each kept
   * on one page (heading, chart, table and conclusion) when it fits. */
  fsb_doc_add (doc, FSB_BLOCK_PAGE_BREAK, NULL);
  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Results"));
  for (guint s = 0; s < fsb_catalog_n_criteria (); s++)
    {
      const FsbCriterionSpec *section = fsb_catalog_nth_criterion (s);
      const char *title = _(section->title);
      FsbBlock *head;
      guint first;

      if (!fsb_doc_section_has_data (r, section))
        continue;
      head = fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, title);
      head->id = g_strdup (section->id);
      first = doc->blocks->len;
      if (section->score == FSB_SCORE_CAPACITY)
        {
          fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH,
                     _("The usable space is the share of the blocks available to files, right after mkfs "
                       "and again after every file was deleted."));
          fsb_doc_add_chart (doc, r, FSB_CHART_CAPACITY, section->id, section->id, title, FALSE);
          add_capacity_table (doc, r);
          add_data_space_table (doc, r);
        }
      else if (section->score == FSB_SCORE_TRANSFER)
        {
          fsb_doc_add_chart (doc, r, FSB_CHART_TRANSFER, section->id, section->id, title, FALSE);
          add_transfer_table (doc, r);
        }
      else if (section->score == FSB_SCORE_AGED)
        fsb_document_add_aging (doc, r, rec);
      else
        {
          const char *series = fsb_doc_section_series (r, section->id);

          if (section->method != NULL)
            fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH, _(section->method));
          /* a series is drawn task by task, against its counts */
          if (series != NULL)
            fsb_document_add_scaling (doc, r, section->id, series);
          else
            fsb_doc_add_chart (doc, r, FSB_CHART_SECTION, section->id, section->id, title, FALSE);
          add_section_table (doc, r, section->id);
          if (section->method != NULL)
            fsb_doc_add_figures (doc, r, section->id);
          add_device_table (doc, r, section->id);
        }
      add_conclusion (doc, rec, section->id);
      head->keep = doc->blocks->len - first;
    }

  /* CPU and memory, over every task, as the study notes them per section. */
  add_cpu_section (doc, r, rec);
}
