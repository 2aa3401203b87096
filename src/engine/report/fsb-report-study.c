/* fsb-report-study.c: one result, written in the order of the study */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-report-private.h"
#include "fsb-stats.h"
#include "fsb-target-info.h"

/* Content ---------------------------------------------------------------- */

static guint
count_tasks (FsbResult *result)
{
  g_autoptr(GPtrArray) ids = fsb_result_task_ids (result);

  return ids->len;
}

/* The fewest and the most repetitions a filesystem had: its cycles. */
static void
repetition_range (FsbResult *r, guint *fewest, guint *most)
{
  *fewest = G_MAXUINT;
  *most = 0;
  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbTaskResult *mkfs = fsb_fs_result_get_task (r->filesystems->pdata[f], "mkfs", FALSE);
      guint n = mkfs != NULL ? mkfs->samples->len : 0;

      if (n == 0)
        continue;
      *fewest = MIN (*fewest, n);
      *most = MAX (*most, n);
    }
  if (*most == 0)
    *fewest = *most = r->repetitions;
}

/* How the repetitions were decided, and why they stopped. */
static char *
describe_policy (FsbResult *r)
{
  const FsbRepetitionPolicy *p = &r->repetition_policy;
  const char *stopped = p->stopped != NULL ? p->stopped : "";

  if (g_strcmp0 (p->mode, "auto") != 0)
    return g_strdup (_("A fixed number, the same for every filesystem."));
  if (g_str_equal (stopped, "settled"))
    /* Translators: the least and the most repetitions */
    return g_strdup_printf (_("Automatic: at least %u and at most %u, interleaved between the filesystems; "
                              "they stopped when the verdict was settled."), p->min, p->max);
  if (g_str_equal (stopped, "max"))
    /* Translators: the least and the most repetitions */
    return g_strdup_printf (_("Automatic: at least %u and at most %u, interleaved between the filesystems; "
                              "they stopped at the most, the verdict still unsettled."), p->min, p->max);
  if (g_str_equal (stopped, "budget"))
    /* Translators: the least and the most repetitions */
    return g_strdup_printf (_("Automatic: at least %u and at most %u, interleaved between the filesystems; "
                              "they stopped when the time budget was spent, the verdict still unsettled."), p->min, p->max);
  /* Translators: the least and the most repetitions */
  return g_strdup_printf (_("Automatic: at least %u and at most %u, interleaved between the filesystems; "
                            "they stopped at the least, since the use case needs groups that did not run."), p->min, p->max);
}

static void
add_machine_facts (FsbDocument *doc, FsbResult *r)
{
  FsbBlock *facts;

  fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, _("Hardware"));
  facts = fsb_doc_add_list (doc, FSB_BLOCK_FACTS);
  if (r->machine.cpu_model != NULL)
    {
      g_autofree char *cpu = r->machine.cores > 0
        ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u core", "%s, %u cores", r->machine.cores),
                           r->machine.cpu_model, r->machine.cores)
        : g_strdup (r->machine.cpu_model);
      fsb_doc_add_fact (facts, _("Processor"), cpu);
    }
  if (r->machine.ram_bytes > 0)
    {
      g_autofree char *ram = g_format_size_full (r->machine.ram_bytes, G_FORMAT_SIZE_IEC_UNITS);
      fsb_doc_add_fact (facts, _("Memory"), ram);
    }
  fsb_doc_add_fact (facts, _("Board"), r->machine.board);
  fsb_doc_add_fact (facts, _("Disk"), r->target.device_model);
  {
    g_autofree char *kind = fsb_doc_disk_kind (r), *sectors = fsb_doc_sectors (r), *virt = fsb_doc_virtualization (r);

    fsb_doc_add_fact (facts, _("Disk type"), kind);
    fsb_doc_add_fact (facts, _("Sectors"), sectors);
    fsb_doc_add_fact (facts, _("I/O scheduler"), r->target.scheduler);
    fsb_doc_add_fact (facts, _("Virtualization"), virt);
  }

  fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, _("Operating system"));
  facts = fsb_doc_add_list (doc, FSB_BLOCK_FACTS);
  fsb_doc_add_fact (facts, _("Distribution"), r->machine.distribution);
  fsb_doc_add_fact (facts, _("Kernel"), r->machine.kernel);
  {
    g_autofree char *options = fsb_doc_kernel_options (r);
    fsb_doc_add_fact (facts, _("Kernel options"), options);
  }

  fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, _("Filesystems"));
  facts = fsb_doc_add_list (doc, FSB_BLOCK_LIST);
  for (guint i = 0; i < r->filesystems->len; i++)
    {
      FsbFsResult *fs = r->filesystems->pdata[i];
      GString *s = g_string_new (fsb_format_fs_name (fs->name));

      if (fs->mkfs_version != NULL)
        g_string_append_printf (s, " (%s)", fs->mkfs_version);
      g_string_append (s, ", ");
      if (fs->capacity_initial.block_size > 0)
        {
          g_autofree char *block = g_format_size_full (fs->capacity_initial.block_size, G_FORMAT_SIZE_IEC_UNITS);
          /* Translators: %s is a size, "4.0 KiB" */
          g_string_append_printf (s, _("%s blocks"), block);
          g_string_append (s, ", ");
        }
      if (fs->mkfs_options != NULL && *fs->mkfs_options != '\0')
        /* Translators: %s are the options given to mkfs */
        g_string_append_printf (s, _("created with the options %s"), fs->mkfs_options);
      else
        g_string_append (s, _("created with the default options"));
      if (fs->mount_options != NULL && *fs->mount_options != '\0')
        {
          g_string_append (s, ", ");
          /* Translators: %s are mount options */
          g_string_append_printf (s, _("mounted with %s"), fs->mount_options);
        }
      g_ptr_array_add (facts->items, g_string_free (s, FALSE));
    }
}

static void
add_method (FsbDocument *doc, FsbResult *r, const FsbRecommendation *rec)
{
  FsbUseCase use_case = rec->use_case;
  FsbBlock *facts, *list;
  g_autofree char *target = fsb_doc_describe_target (r);
  g_autofree char *caches = fsb_target_info_cache_text (&r->target);
  g_autofree char *host = fsb_target_info_host_text (&r->target);
  g_autofree char *profile = fsb_profile_display_name (r->profile);
  g_autofree char *residency = fsb_result_residency_text (r);
  g_autoptr(GPtrArray) warnings = fsb_result_regime_warnings (r);
  g_autofree char *reps = NULL, *policy = describe_policy (r);
  g_autofree char *margin = fsb_format_percent (FSB_EQUIVALENCE_MARGIN * 100, 0);
  guint fewest, most;

  repetition_range (r, &fewest, &most);
  reps = fewest == most
    ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u time", "%u times", most), most)
    /* Translators: the fewest and the most repetitions a filesystem had: "3 to 5 times" */
    : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u to %u time", "%u to %u times", most), fewest, most);

  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Target and method"));
  facts = fsb_doc_add_list (doc, FSB_BLOCK_FACTS);
  fsb_doc_add_fact (facts, _("Target"), target);
  if (g_strcmp0 (r->target.kind, "image") == 0)
    {
      fsb_doc_add_fact (facts, _("Image on"), host);
      fsb_doc_add_fact (facts, _("Loop device"), r->target.device);
    }
  fsb_doc_add_fact (facts, _("Caches"), caches);
  fsb_doc_add_fact (facts, _("Each task ran"), reps);
  fsb_doc_add_fact (facts, _("Repetitions"), policy);
  fsb_doc_add_fact (facts, _("Profile"), profile);
  {
    g_autofree char *data = fsb_doc_dataset_sentence (r);
    fsb_doc_add_fact (facts, _("Data"), data);
  }
  fsb_doc_add_fact (facts, _("Use case"), fsb_use_case_title (use_case));

  if (g_strcmp0 (r->target.kind, "image") == 0)
    {
      fsb_doc_add_take (doc, FSB_BLOCK_NOTE,
              g_strdup_printf (_("The target was a disk image: a file on another filesystem (%s), so every figure "
                                 "measures each filesystem on top of that one, whose own caching and layout take part. "
                                 "The comparison between the filesystems holds; for absolute figures, use a spare partition."),
                               r->target.host.filesystem != NULL ? fsb_format_fs_name (r->target.host.filesystem) : "?"));
    }
  for (guint i = 0; i < warnings->len; i++)
    fsb_doc_add (doc, FSB_BLOCK_NOTE, warnings->pdata[i]);
  if (residency != NULL)
    fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH, residency);
  fsb_doc_add_take (doc, FSB_BLOCK_PARAGRAPH,
            /* Translators: %s is the equivalence margin, "5 %"; keep both "95 %%" as they are (a percent sign) */
            g_strdup_printf (_("Each figure is the median of the repetitions, with its 95 %% interval: the range that holds "
                               "the true median 95 times in 100, from a model of the timings on a log scale, so it is wide "
                               "when the repetitions are few or scattered, and there is none from a single one. Between two "
                               "filesystems, each criterion gives the ratio of their figures with its own interval. One is "
                               "ahead only when the whole interval lies beyond %s; within %s of each other they are tied; "
                               "when the interval reaches both, the measurements cannot tell them apart. A result whose "
                               "repetitions spread over more than a quarter of its median is marked with an asterisk (*)."),
                             margin, margin));

  fsb_doc_add_take (doc, FSB_BLOCK_PARAGRAPH,
            g_strdup_printf (_("The recommendation for the use case “%s” rests on the criteria it needs, weighed as follows:"),
                             fsb_use_case_title (use_case)));
  list = fsb_doc_add_list (doc, FSB_BLOCK_LIST);
  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      const FsbCriterionSpec *criterion = fsb_catalog_nth_criterion (c);
      double w = fsb_criterion_weight (criterion, fsb_use_case_id (use_case));
      g_autofree char *weight = fsb_format_number (w, -1);

      if (w <= 0)
        continue;
      if (fsb_recommendation_get_verdict (rec, criterion->id) != NULL)
        /* Translators: a criterion and its weight: "Big files: ×2" */
        g_ptr_array_add (list->items, g_strdup_printf (_("%s: ×%s"), _(criterion->title), weight));
      else if (fsb_criterion_group (criterion->id) != NULL && !fsb_criterion_group (criterion->id)->always)
        /* Translators: a criterion and its weight, which was not measured: "Random I/O: ×4, not measured" */
        g_ptr_array_add (list->items, g_strdup_printf (_("%s: ×%s, not measured"), _(criterion->title), weight));
    }
}

static void
add_task_descriptions (FsbDocument *doc, FsbResult *r)
{
  guint n_groups;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n_groups);
  g_autoptr(GPtrArray) custom = g_ptr_array_new ();

  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Description of the tasks"));
  for (guint g = 0; g < n_groups; g++)
    {
      FsbBlock *list = NULL;

      const FsbWorkloadGroup *group = groups[g];

      for (guint t = 0; t < group->n_tasks; t++)
        {
          const FsbTaskSpec *task = &group->tasks[t];
          gboolean present = FALSE;

          for (guint f = 0; f < r->filesystems->len && !present; f++)
            present = fsb_fs_result_get_task (r->filesystems->pdata[f], task->id, FALSE) != NULL;
          if (!present)
            continue;
          if (list == NULL)
            {
              fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, _(group->name));
              fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH, _(group->description));
              fsb_doc_add_group_sizes (doc, r, group);
              list = fsb_doc_add_list (doc, FSB_BLOCK_LIST);
            }
          g_ptr_array_add (list->items, g_strdup_printf (
                  /* Translators: a task's name, then what it does */
                  C_("task description", "%s: %s"), _(task->name), _(task->description)));
        }
      /* Groups across filesystems have no tasks of their own. */
      if (group->across_filesystems && group->n_tasks == 0 && r->transfers->len > 0)
        {
          fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, _(group->name));
          fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH, _(group->description));
          fsb_doc_add_group_sizes (doc, r, group);
        }
    }

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      for (guint t = 0; t < fs->tasks->len; t++)
        {
          FsbTaskResult *task = fs->tasks->pdata[t];
          gboolean seen = FALSE;

          if (fsb_catalog_task (task->id, NULL) != NULL)
            continue;
          for (guint i = 0; i < custom->len; i++)
            seen |= g_strcmp0 (((FsbTaskResult *) custom->pdata[i])->id, task->id) == 0;
          if (!seen)
            g_ptr_array_add (custom, task);
        }
    }
  if (custom->len > 0)
    {
      FsbBlock *list;

      fsb_doc_add (doc, FSB_BLOCK_SUBHEADING, fsb_criterion_title ("custom"));
      list = fsb_doc_add_list (doc, FSB_BLOCK_LIST);
      for (guint i = 0; i < custom->len; i++)
        {
          FsbTaskResult *task = custom->pdata[i];
          if (task->command != NULL)
            /* Translators: a custom task's name and the command it runs */
            g_ptr_array_add (list->items, g_strdup_printf (_("%s: runs %s"), fsb_task_display_name (task->id), task->command));
          else
            g_ptr_array_add (list->items, g_strdup (fsb_task_display_name (task->id)));
        }
    }
}

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

      if (task != NULL && fsb_task_result_stats (task, metric, &s) && isfinite (s.median))
        ref = MAX (ref, s.median);
    }
  return ref;
}

/* The median, in the unit of the task's largest one, starred when unsteady. */
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
        if (task != NULL && fsb_task_result_stats (task, metric, &s))
          return TRUE;
      }
  return FALSE;
}

/* The whiskers are 95 % intervals when every figure of the section has one. */
static const char *
range_title (FsbResult *r, const char *section)
{
  FsbChartOptions o = { .kind = FSB_CHART_SECTION, .section = section };

  /* xgettext:no-c-format */
  return fsb_chart_uses_intervals (r, &o) ? _("95 % interval") : _("Min–max");
}

static void
add_short_note (FsbDocument *doc, GPtrArray *short_tasks)
{
  g_autofree char *names = NULL;
  g_autofree char *limit = NULL;

  if (short_tasks->len == 0)
    return;
  names = fsb_format_join_names ((const char * const *) short_tasks->pdata, short_tasks->len, FALSE);
  limit = fsb_format_duration (SHORT_TASK_SECONDS);
  fsb_doc_add_take (doc, FSB_BLOCK_NOTE, g_strdup_printf (
      /* Translators: the first %s is a list of tasks, the second a time ("0.1 s") */
      g_dngettext (GETTEXT_PACKAGE,
                   "%s took less than %s on at least one filesystem. A time so short is hard to measure well: "
                   "the timer, the scheduler and the host’s flushes weigh on it as much as the filesystem does, "
                   "so read it as a rough figure, or run a larger profile.",
                   "%s took less than %s on at least one filesystem. Times so short are hard to measure well: "
                   "the timer, the scheduler and the host’s flushes weigh on them as much as the filesystem does, "
                   "so read them as rough figures, or run a larger profile.", short_tasks->len),
      names, limit));
}

static void
add_section_table (FsbDocument *doc, FsbResult *r, const char *section)
{
  g_autoptr(GPtrArray) ids = fsb_result_section_tasks (r, section);
  gboolean rates = any_throughput (r, ids);
  gboolean cpu_column = any_metric (r, ids, "cpu_percent"), faults_column = any_metric (r, ids, "minor_faults");
  g_autofree char *cpu = fsb_doc_column_title (_("CPU"), "cpu_percent");
  FsbBlock *table = fsb_doc_add_table (doc, 0, _("Task"), _("Filesystem"), _("Median"), range_title (r, section), NULL);
  GPtrArray *header = table->items->pdata[0];

  /* columns that would hold only dashes (mkfs has no CPU share of its own) are left out */
  if (rates)
    g_ptr_array_add (header, g_strdup (fsb_metric_display_name ("mb_per_s")));
  if (cpu_column)
    g_ptr_array_add (header, g_strdup (cpu));
  if (faults_column)
    g_ptr_array_add (header, g_strdup (_("Page faults")));
  table->numeric = ((G_GUINT64_CONSTANT (1) << header->len) - 1) & ~G_GUINT64_CONSTANT (0x3);
  g_autoptr(GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) short_tasks = g_ptr_array_new ();

  for (guint t = 0; t < ids->len; t++)
    {
      const char *id = ids->pdata[t];
      const char *task_metric = fsb_task_metric (id, NULL);
      double reference = task_reference (r, id, task_metric), scale;

      for (guint f = 0; f < r->filesystems->len; f++)
        {
          FsbFsResult *fs = r->filesystems->pdata[f];
          FsbTaskResult *task = fsb_fs_result_get_task (fs, id, FALSE);
          FsbStats s, c, pf;
          double rate;
          GPtrArray *row;

          if (task == NULL)
            continue;
          for (guint i = 0; i < task->samples->len; i++)
            {
              FsbSample *sample = task->samples->pdata[i];
              if (sample->error != NULL)
                g_ptr_array_add (failures,
                                 /* Translators: a task, a filesystem and the error it gave */
                                 g_strdup_printf (_("“%s” failed on %s: %s"), fsb_task_display_name (id),
                                                  fsb_format_fs_name (fs->name), sample->error));
            }
          row = fsb_doc_table_row (table);
          g_ptr_array_add (row, g_strdup (fsb_task_display_name (id)));
          g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
          if (fsb_task_result_stats (task, task_metric, &s))
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
          if (cpu_column)
            g_ptr_array_add (row, fsb_task_result_stats (task, "cpu_percent", &c)
                                    ? fsb_format_value (c.median, "cpu_percent") : g_strdup ("—"));
          if (faults_column)
            g_ptr_array_add (row, fsb_task_result_stats (task, "minor_faults", &pf)
                                    ? fsb_format_value (pf.median, "minor_faults") : g_strdup ("—"));
        }
    }
  add_short_note (doc, short_tasks);
  for (guint i = 0; i < failures->len; i++)
    fsb_doc_add (doc, FSB_BLOCK_NOTE, failures->pdata[i]);
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
  FsbBlock *table = fsb_doc_add_table (doc, 0x4, _("From"), _("To"), speed, NULL);

  for (guint i = 0; i < r->transfers->len; i++)
    {
      FsbTransfer *t = r->transfers->pdata[i];
      GPtrArray *row = fsb_doc_table_row (table);

      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (t->from)));
      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (t->to)));
      g_ptr_array_add (row, fsb_format_value (t->mb_per_s, "mb_per_s"));
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

  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      g_autoptr(GPtrArray) part = fsb_result_section_tasks (r, fsb_catalog_nth_criterion (c)->id);

      for (guint t = 0; t < part->len; t++)
        {
          const char *id = part->pdata[t];
          double reference = task_reference (r, id, "cpu_s");

          for (guint f = 0; f < r->filesystems->len; f++)
            {
              FsbFsResult *fs = r->filesystems->pdata[f];
              FsbTaskResult *task = fsb_fs_result_get_task (fs, id, FALSE);
              FsbStats pc, cs, pf;
              GPtrArray *row;

              if (task == NULL || !fsb_task_result_stats (task, "cpu_percent", &pc))
                continue;
              row = fsb_doc_table_row (table);
              g_ptr_array_add (row, g_strdup (fsb_task_display_name (id)));
              g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
              g_ptr_array_add (row, fsb_format_value (pc.median, "cpu_percent"));
              g_ptr_array_add (row, fsb_task_result_stats (task, "cpu_s", &cs)
                                      ? fsb_format_time_as (cs.median, reference) : g_strdup ("—"));
              if (faults)
                g_ptr_array_add (row, fsb_task_result_stats (task, "minor_faults", &pf)
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

static void
add_results (FsbDocument *doc, FsbResult *r, const FsbRecommendation *rec)
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
          fsb_doc_add_chart (doc, r, FSB_CHART_SECTION, section->id, section->id, title, FALSE);
          add_section_table (doc, r, section->id);
        }
      add_conclusion (doc, rec, section->id);
      head->keep = doc->blocks->len - first;
    }

  /* CPU and memory, over every task, as the study notes them per section. */
  add_cpu_section (doc, r, rec);
}

/* "1.32× (1.10–1.58×)": how far ahead the leader is. */
static char *
overall_cell (const FsbScore *s, gboolean leader)
{
  g_autofree char *ratio = NULL, *lo = NULL, *hi = NULL;

  if (leader || !isfinite (s->ratio))
    return g_strdup ("—");
  ratio = fsb_format_number (s->ratio, 2);
  if (!isfinite (s->ratio_high))
    /* Translators: a ratio without an interval: "1.32×" */
    return g_strdup_printf (_("%s×"), ratio);
  lo = fsb_format_number (s->ratio_low, 2);
  hi = fsb_format_number (s->ratio_high, 2);
  /* Translators: a ratio and its 95 % interval: "1.32× (1.10–1.58×)" */
  return g_strdup_printf (_("%s× (%s–%s×)"), ratio, lo, hi);
}

static void
add_summary (FsbDocument *doc, FsbResult *r, const FsbRecommendation *rec)
{
  FsbBlock *list;

  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Summary"));
  fsb_doc_add (doc, FSB_BLOCK_VERDICT, rec->headline);
  if (rec->reasons->len > 0)
    {
      fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH, _("The reasons:"));
      list = fsb_doc_add_list (doc, FSB_BLOCK_LIST);
      for (guint i = 0; i < rec->reasons->len; i++)
        g_ptr_array_add (list->items, g_strdup (rec->reasons->pdata[i]));
    }
  for (guint i = 0; i < rec->notes->len; i++)
    fsb_doc_add (doc, FSB_BLOCK_NOTE, rec->notes->pdata[i]);
  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      if (fs->error != NULL)
        /* Translators: a filesystem and why it could not finish */
        fsb_doc_add_take (doc, FSB_BLOCK_NOTE, g_strdup_printf (_("%s could not finish: %s"), fsb_format_fs_name (fs->name), fs->error));
    }

  if (rec->overall->len > 1)
    {
      FsbBlock *table = fsb_doc_add_table (doc, 0x2, _("Filesystem"),
                                           /* xgettext:no-c-format */
                                           _("The leader’s lead (95 % interval)"),
                                           _("Compared with the leader"), NULL);
      for (guint i = 0; i < rec->overall->len; i++)
        {
          FsbScore *s = rec->overall->pdata[i];
          GPtrArray *row = fsb_doc_table_row (table);

          g_ptr_array_add (row, g_strdup (fsb_format_fs_name (s->fs)));
          g_ptr_array_add (row, overall_cell (s, i == 0));
          g_ptr_array_add (row, g_strdup (i == 0 ? _("the leader")
                                          : !s->complete ? _("missed tasks")
                                          : s->behind == FSB_COMPARE_BETTER ? _("clearly behind")
                                          : s->behind == FSB_COMPARE_EQUIVALENT ? _("tied")
                                          : _("not told apart")));
        }
      fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH,
                 _("The leader’s lead over each filesystem is the weighted geometric mean of its ratios in the "
                   "criteria the use case needs, with its interval."));
    }
}

void
fsb_document_build_study (FsbDocument *doc, FsbResult *r, FsbUseCase use_case)
{
  g_autoptr(FsbRecommendation) rec = fsb_recommend (r, use_case);
  g_autofree char *names = fsb_doc_fs_list (r);
  g_autofree char *date = fsb_doc_format_date (r->created);
  guint n_tasks = count_tasks (r);

  if (r->machine.distribution != NULL)
    /* Translators: the report's title: a list of filesystems and an operating system */
    doc->title = g_strdup_printf (_("Comparison of the filesystems %s on %s"), names, r->machine.distribution);
  else
    doc->title = g_strdup_printf (_("Comparison of the filesystems %s"), names);
  fsb_doc_add (doc, FSB_BLOCK_TITLE, doc->title);
  fsb_doc_add_take (doc, FSB_BLOCK_SUBTITLE,
            /* Translators: the date of the run and the version of FS Bench */
            g_strdup_printf (_("Measured on %s with FS Bench %s"), date, r->app_version != NULL ? r->app_version : "?"));
  fsb_doc_add (doc, FSB_BLOCK_VERDICT, rec->headline);
  if (!r->complete)
    fsb_doc_add (doc, FSB_BLOCK_NOTE, _("This run did not finish: the figures below are partial."));
  {
    g_autofree char *a = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       "This comparison is based on %u task taken from real life,",
                                                       "This comparison is based on %u tasks taken from real life,", n_tasks),
                                          n_tasks);
    guint fewest, most;
    g_autofree char *b = NULL;

    repetition_range (r, &fewest, &most);
    b = fewest == most
      ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "each run once on every filesystem.",
                                      "each run %u times on every filesystem.", most), most)
      /* Translators: the fewest and the most repetitions a filesystem had */
      : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "each run %u to %u time on every filesystem, as many as the verdict needed.",
                                      "each run %u to %u times on every filesystem, as many as the verdict needed.", most),
                         fewest, most);
    fsb_doc_add_take (doc, FSB_BLOCK_PARAGRAPH, g_strconcat (a, " ", b, NULL));
  }

  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Characteristics"));
  add_machine_facts (doc, r);
  add_method (doc, r, rec);
  add_task_descriptions (doc, r);
  add_results (doc, r, rec);
  add_summary (doc, r, rec);
}
