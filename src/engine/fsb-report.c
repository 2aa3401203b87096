/* fsb-report.c: the report's content, in the study's order, and its formats */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-format.h"
#include "fsb-report-private.h"

/* Blocks ----------------------------------------------------------------- */

static void
block_free (FsbBlock *block)
{
  g_free (block->text);
  g_free (block->id);
  g_clear_pointer (&block->items, g_ptr_array_unref);
  g_clear_pointer (&block->result, fsb_result_unref);
  g_free (block);
}

void
fsb_document_free (FsbDocument *doc)
{
  if (doc == NULL)
    return;
  g_free (doc->title);
  g_free (doc->language);
  g_ptr_array_unref (doc->blocks);
  g_free (doc);
}

static FsbBlock *
add_block (FsbDocument *doc, FsbBlockKind kind, const char *text)
{
  FsbBlock *block = g_new0 (FsbBlock, 1);

  block->kind = kind;
  block->text = g_strdup (text);
  g_ptr_array_add (doc->blocks, block);
  return block;
}

static void
add_text (FsbDocument *doc, FsbBlockKind kind, char *text)
{
  add_block (doc, kind, text);
  g_free (text);
}

static FsbBlock *
add_list (FsbDocument *doc, FsbBlockKind kind)
{
  FsbBlock *block = add_block (doc, kind, NULL);

  block->items = g_ptr_array_new_with_free_func (g_free);
  return block;
}

static void
add_fact (FsbBlock *facts, const char *key, const char *value)
{
  if (value == NULL || *value == '\0')
    return;
  g_ptr_array_add (facts->items, g_strdup (key));
  g_ptr_array_add (facts->items, g_strdup (value));
}

static FsbBlock *
add_table (FsbDocument *doc, guint64 numeric, ...)
{
  FsbBlock *block = add_block (doc, FSB_BLOCK_TABLE, NULL);
  GPtrArray *header = g_ptr_array_new_with_free_func (g_free);
  va_list ap;
  const char *cell;

  block->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  block->numeric = numeric;
  va_start (ap, numeric);
  while ((cell = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (header, g_strdup (cell));
  va_end (ap);
  g_ptr_array_add (block->items, header);
  return block;
}

static GPtrArray *
table_row (FsbBlock *table)
{
  GPtrArray *row = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (table->items, row);
  return row;
}

static void
add_chart (FsbDocument *doc, FsbResult *result, FsbChartKind kind, FsbSection section,
           const char *id, const char *title, gboolean with_title)
{
  FsbBlock *block = add_block (doc, FSB_BLOCK_CHART, title);

  block->id = g_strdup (id);
  block->result = fsb_result_ref (result);
  block->chart.kind = kind;
  block->chart.section = section;
  /* a single report's section heading already names the chart */
  block->chart.title = with_title ? block->text : NULL;
}

/* Content ---------------------------------------------------------------- */

static char *
fs_list (FsbResult *result)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < result->filesystems->len; i++)
    g_ptr_array_add (names, (gpointer) fsb_format_fs_name (((FsbFsResult *) result->filesystems->pdata[i])->name));
  return fsb_format_join_names ((const char * const *) names->pdata, names->len, FALSE);
}

static char *
format_date (const char *iso)
{
  g_autoptr(GDateTime) dt = iso != NULL ? g_date_time_new_from_iso8601 (iso, NULL) : NULL;

  if (dt == NULL)
    return g_strdup (iso != NULL ? iso : "");
  /* Translators: a date and time in the report, as strftime takes it; %x is the locale's date */
  return g_date_time_format (dt, _("%x, %H:%M"));
}

static char *
result_label (FsbResult *result, const char * const *labels, guint i)
{
  if (labels != NULL && labels[i] != NULL)
    return g_strdup (labels[i]);
  return format_date (result->created);
}

static guint
count_tasks (FsbResult *result)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = result->filesystems->pdata[f];
      for (guint t = 0; t < fs->tasks->len; t++)
        {
          const char *id = ((FsbTaskResult *) fs->tasks->pdata[t])->id;
          if (!g_ptr_array_find_with_equal_func (ids, id, g_str_equal, NULL))
            g_ptr_array_add (ids, (gpointer) id);
        }
    }
  return ids->len;
}

static void
add_machine_facts (FsbDocument *doc, FsbResult *r)
{
  FsbBlock *facts;

  add_block (doc, FSB_BLOCK_SUBHEADING, _("Hardware"));
  facts = add_list (doc, FSB_BLOCK_FACTS);
  if (r->machine.cpu_model != NULL)
    {
      g_autofree char *cpu = r->machine.cores > 0
        ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u core", "%s, %u cores", r->machine.cores),
                           r->machine.cpu_model, r->machine.cores)
        : g_strdup (r->machine.cpu_model);
      add_fact (facts, _("Processor"), cpu);
    }
  if (r->machine.ram_bytes > 0)
    {
      g_autofree char *ram = g_format_size_full (r->machine.ram_bytes, G_FORMAT_SIZE_IEC_UNITS);
      add_fact (facts, _("Memory"), ram);
    }
  add_fact (facts, _("Board"), r->machine.board);
  add_fact (facts, _("Disk"), r->target.device_model);

  add_block (doc, FSB_BLOCK_SUBHEADING, _("Operating system"));
  facts = add_list (doc, FSB_BLOCK_FACTS);
  add_fact (facts, _("Distribution"), r->machine.distribution);
  add_fact (facts, _("Kernel"), r->machine.kernel);

  add_block (doc, FSB_BLOCK_SUBHEADING, _("Filesystems"));
  facts = add_list (doc, FSB_BLOCK_LIST);
  for (guint i = 0; i < r->filesystems->len; i++)
    {
      FsbFsResult *fs = r->filesystems->pdata[i];
      GString *s = g_string_new (fsb_format_fs_name (fs->name));

      if (fs->mkfs_version != NULL)
        g_string_append_printf (s, " (%s)", fs->mkfs_version);
      g_string_append (s, ", ");
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

static char *
describe_target (FsbResult *r)
{
  g_autofree char *size = fsb_format_size (r->target.size_bytes);

  if (g_strcmp0 (r->target.kind, "image") == 0)
    {
      if (r->target.host_filesystem != NULL)
        /* Translators: the first %s is a size, the second a filesystem: "a 4.0 GB disk image on ext4" */
        return g_strdup_printf (_("a %s disk image on %s"), size, fsb_format_fs_name (r->target.host_filesystem));
      return g_strdup_printf (_("a %s disk image"), size);
    }
  if (r->target.device != NULL)
    /* Translators: the first %s is a size, the second a device: "the 20 GB partition /dev/sdb1" */
    return g_strdup_printf (_("the %s partition %s"), size, r->target.device);
  return g_strdup_printf (_("a %s partition"), size);
}

static void
add_method (FsbDocument *doc, FsbResult *r, const FsbRecommendation *rec)
{
  FsbUseCase use_case = rec->use_case;
  FsbBlock *facts, *list;
  g_autofree char *target = describe_target (r);
  g_autofree char *reps = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u time", "%u times", r->repetitions),
                                           r->repetitions);

  add_block (doc, FSB_BLOCK_HEADING, _("Target and method"));
  facts = add_list (doc, FSB_BLOCK_FACTS);
  add_fact (facts, _("Target"), target);
  if (g_strcmp0 (r->target.kind, "image") == 0)
    add_fact (facts, _("Loop device"), r->target.device);
  add_fact (facts, _("Caches"), r->target.cache_policy);
  add_fact (facts, _("Each task ran"), reps);
  add_fact (facts, _("Profile"), r->profile);
  add_fact (facts, _("Use case"), fsb_use_case_title (use_case));

  if (g_strcmp0 (r->target.kind, "image") == 0)
    add_text (doc, FSB_BLOCK_NOTE,
              g_strdup_printf (_("The target was a disk image: a file on another filesystem (%s), so every figure "
                                 "measures each filesystem on top of that one, whose own caching and layout take part. "
                                 "The comparison between the filesystems holds; for absolute figures, use a spare partition."),
                               r->target.host_filesystem != NULL ? fsb_format_fs_name (r->target.host_filesystem) : "?"));
  add_block (doc, FSB_BLOCK_PARAGRAPH,
             _("Each figure is the median of the repetitions, and the range beside it runs from the fastest to the slowest. "
               "When the ranges of two filesystems overlap, they are treated as tied. A range wider than a quarter "
               "of the median is marked with an asterisk (*): that result was unsteady."));

  add_text (doc, FSB_BLOCK_PARAGRAPH,
            g_strdup_printf (_("The recommendation for the use case “%s” weighs the results as follows:"),
                             fsb_use_case_title (use_case)));
  list = add_list (doc, FSB_BLOCK_LIST);
  for (guint c = 0; c < FSB_N_CRITERIA; c++)
    {
      double w = fsb_use_case_weight (use_case, c);
      g_autofree char *weight = fsb_format_number (w, -1);

      /* only what was measured */
      if (w > 0 && fsb_recommendation_get_verdict (rec, c) != NULL)
        /* Translators: a criterion and its weight: "Big files: ×2" */
        g_ptr_array_add (list->items, g_strdup_printf (_("%s: ×%s"), fsb_criterion_title (c), weight));
    }
}

static void
add_task_descriptions (FsbDocument *doc, FsbResult *r)
{
  guint n_groups, n_tasks;
  const FsbGroupInfo *groups = fsb_group_catalog (&n_groups);
  const FsbTaskInfo *tasks = fsb_task_catalog (&n_tasks);
  g_autoptr(GPtrArray) custom = g_ptr_array_new ();

  add_block (doc, FSB_BLOCK_HEADING, _("Description of the tasks"));
  for (guint g = 0; g < n_groups; g++)
    {
      FsbBlock *list = NULL;

      for (guint t = 0; t < n_tasks; t++)
        {
          gboolean present = FALSE;

          if (strcmp (tasks[t].group, groups[g].id) != 0)
            continue;
          for (guint f = 0; f < r->filesystems->len && !present; f++)
            present = fsb_fs_result_get_task (r->filesystems->pdata[f], tasks[t].id, FALSE) != NULL;
          if (!present)
            continue;
          if (list == NULL)
            {
              add_block (doc, FSB_BLOCK_SUBHEADING, _(groups[g].name));
              add_block (doc, FSB_BLOCK_PARAGRAPH, _(groups[g].description));
              list = add_list (doc, FSB_BLOCK_LIST);
            }
          g_ptr_array_add (list->items, g_strdup_printf ("%s: %s", _(tasks[t].name), _(tasks[t].description)));
        }
    }
  if (r->transfers->len > 0)
    {
      const FsbGroupInfo *info = fsb_group_info_lookup ("transfer");
      add_block (doc, FSB_BLOCK_SUBHEADING, _(info->name));
      add_block (doc, FSB_BLOCK_PARAGRAPH, _(info->description));
    }

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      for (guint t = 0; t < fs->tasks->len; t++)
        {
          FsbTaskResult *task = fs->tasks->pdata[t];
          gboolean seen = FALSE;

          if (fsb_task_info_lookup (task->id) != NULL)
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

      add_block (doc, FSB_BLOCK_SUBHEADING, fsb_section_title (FSB_SECTION_CUSTOM));
      list = add_list (doc, FSB_BLOCK_LIST);
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

/* The median and its range with the same decimals, chosen by the median. */
static char *
stat_value (double value, const FsbStats *s, const char *metric)
{
  if (g_str_has_suffix (metric, "_s") && strcmp (metric, "files_per_s") != 0)
    return fsb_format_number (value, fsb_format_decimals_for (s->median));
  return fsb_format_value (value, metric);
}

static char *
stat_cell (const FsbStats *s, const char *metric)
{
  g_autofree char *v = stat_value (s->median, s, metric);
  return s->spread_large ? g_strconcat (v, "*", NULL) : g_steal_pointer (&v);
}

static char *
range_cell (const FsbStats *s, const char *metric)
{
  g_autofree char *lo = stat_value (s->min, s, metric);
  g_autofree char *hi = stat_value (s->max, s, metric);

  return g_strconcat (lo, "–", hi, NULL);
}

static char *
column_title (const char *name, const char *metric)
{
  const char *unit = fsb_metric_unit (metric);

  return *unit != '\0' ? g_strdup_printf (_("%s (%s)"), name, unit) : g_strdup (name);
}

static void
add_section_table (FsbDocument *doc, FsbResult *r, FsbSection section)
{
  g_autoptr(GPtrArray) ids = fsb_result_section_tasks (r, section);
  const char *metric = ids->len > 0 ? fsb_task_metric (ids->pdata[0], NULL) : "wall_s";
  g_autofree char *median = column_title (_("Median"), metric);
  g_autofree char *range = column_title (_("Min–max"), metric);
  g_autofree char *cpu = column_title (_("CPU"), "cpu_percent");
  FsbBlock *table = add_table (doc, 0x3c, _("Task"), _("Filesystem"), median, range, cpu, _("Page faults"), NULL);
  g_autoptr(GPtrArray) failures = g_ptr_array_new_with_free_func (g_free);

  for (guint t = 0; t < ids->len; t++)
    {
      const char *id = ids->pdata[t];
      const char *task_metric = fsb_task_metric (id, NULL);

      for (guint f = 0; f < r->filesystems->len; f++)
        {
          FsbFsResult *fs = r->filesystems->pdata[f];
          FsbTaskResult *task = fsb_fs_result_get_task (fs, id, FALSE);
          FsbStats s, c, pf;
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
          row = table_row (table);
          g_ptr_array_add (row, g_strdup (fsb_task_display_name (id)));
          g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
          if (fsb_task_result_stats (task, task_metric, &s))
            {
              if (g_strcmp0 (fsb_metric_unit (task_metric), fsb_metric_unit (metric)) != 0)
                {
                  g_ptr_array_add (row, fsb_format_value_unit (s.median, task_metric));
                  g_ptr_array_add (row, range_cell (&s, task_metric));
                }
              else
                {
                  g_ptr_array_add (row, stat_cell (&s, task_metric));
                  g_ptr_array_add (row, range_cell (&s, task_metric));
                }
            }
          else
            {
              g_ptr_array_add (row, g_strdup (_("failed")));
              g_ptr_array_add (row, g_strdup ("—"));
            }
          g_ptr_array_add (row, fsb_task_result_stats (task, "cpu_percent", &c)
                                  ? fsb_format_value (c.median, "cpu_percent") : g_strdup ("—"));
          g_ptr_array_add (row, fsb_task_result_stats (task, "minor_faults", &pf)
                                  ? fsb_format_value (pf.median, "minor_faults") : g_strdup ("—"));
        }
    }
  for (guint i = 0; i < failures->len; i++)
    add_block (doc, FSB_BLOCK_NOTE, failures->pdata[i]);
}

static void
add_capacity_table (FsbDocument *doc, FsbResult *r)
{
  FsbBlock *table = add_table (doc, 0x1e, _("Filesystem"), _("After mkfs"), _("After deleting everything"),
                               _("Usable space"), _("Free inodes"), NULL);

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      GPtrArray *row;

      if (fs->capacity_initial.percent <= 0)
        continue;
      row = table_row (table);
      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs->name)));
      g_ptr_array_add (row, fsb_format_percent (fs->capacity_initial.percent, 2));
      g_ptr_array_add (row, fs->capacity_residual.percent > 0 ? fsb_format_percent (fs->capacity_residual.percent, 2)
                                                               : g_strdup ("—"));
      g_ptr_array_add (row, fsb_format_size (fs->capacity_initial.avail_bytes));
      g_ptr_array_add (row, fsb_format_number ((double) fs->capacity_initial.free_inodes, 0));
    }
}

static void
add_transfer_table (FsbDocument *doc, FsbResult *r)
{
  g_autofree char *speed = column_title (fsb_metric_display_name ("mb_per_s"), "mb_per_s");
  FsbBlock *table = add_table (doc, 0x4, _("From"), _("To"), speed, NULL);

  for (guint i = 0; i < r->transfers->len; i++)
    {
      FsbTransfer *t = r->transfers->pdata[i];
      GPtrArray *row = table_row (table);

      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (t->from)));
      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (t->to)));
      g_ptr_array_add (row, fsb_format_value (t->mb_per_s, "mb_per_s"));
    }
}

static gboolean
section_has_data (FsbResult *r, FsbSection section)
{
  FsbChartOptions o = { .kind = FSB_CHART_SECTION, .section = section };

  if (section == FSB_SECTION_CAPACITY)
    o.kind = FSB_CHART_CAPACITY;
  else if (section == FSB_SECTION_TRANSFER)
    o.kind = FSB_CHART_TRANSFER;
  if (fsb_chart_has_data (r, &o))
    return TRUE;
  /* a section whose every sample failed still belongs in the report */
  if (section != FSB_SECTION_CAPACITY && section != FSB_SECTION_TRANSFER)
    {
      g_autoptr(GPtrArray) ids = fsb_result_section_tasks (r, section);
      return ids->len > 0;
    }
  return FALSE;
}

static void
add_conclusion (FsbDocument *doc, const FsbRecommendation *rec, guint criterion)
{
  const FsbVerdict *v = fsb_recommendation_get_verdict (rec, criterion);

  if (v != NULL && v->conclusion != NULL)
    add_block (doc, FSB_BLOCK_CONCLUSION, v->conclusion);
}

static void
add_results (FsbDocument *doc, FsbResult *r, const FsbRecommendation *rec)
{
  gboolean first = TRUE;

  /* each section on a page of its own, the first under the heading */
  add_block (doc, FSB_BLOCK_PAGE_BREAK, NULL);
  add_block (doc, FSB_BLOCK_HEADING, _("Results"));
  for (guint s = 0; s < FSB_N_SECTIONS; s++)
    {
      FsbSection section = (FsbSection) s;
      const char *title = fsb_section_title (section);

      if (!section_has_data (r, section))
        continue;
      if (!first)
        add_block (doc, FSB_BLOCK_PAGE_BREAK, NULL);
      first = FALSE;
      add_block (doc, FSB_BLOCK_SUBHEADING, title)->id = g_strdup (fsb_section_id (section));
      if (section == FSB_SECTION_CAPACITY)
        {
          add_block (doc, FSB_BLOCK_PARAGRAPH,
                     _("The usable space is the share of the blocks available to files, right after mkfs "
                       "and again after every file was deleted."));
          add_chart (doc, r, FSB_CHART_CAPACITY, section, fsb_section_id (section), title, FALSE);
          add_capacity_table (doc, r);
        }
      else if (section == FSB_SECTION_TRANSFER)
        {
          add_chart (doc, r, FSB_CHART_TRANSFER, section, fsb_section_id (section), title, FALSE);
          add_transfer_table (doc, r);
        }
      else
        {
          add_chart (doc, r, FSB_CHART_SECTION, section, fsb_section_id (section), title, FALSE);
          add_section_table (doc, r, section);
        }
      add_conclusion (doc, rec, s);
    }

  /* CPU and memory, over every task, as the study notes them per section. */
  {
    FsbChartOptions cpu = { .kind = FSB_CHART_CPU, .section = FSB_N_SECTIONS };
    FsbChartOptions faults = { .kind = FSB_CHART_FAULTS, .section = FSB_N_SECTIONS };

    if (fsb_chart_has_data (r, &cpu))
      {
        add_block (doc, FSB_BLOCK_PAGE_BREAK, NULL);
        add_block (doc, FSB_BLOCK_SUBHEADING, fsb_criterion_title (FSB_CRITERION_CPU))->id = g_strdup ("cpu");
        add_chart (doc, r, FSB_CHART_CPU, FSB_N_SECTIONS, "cpu", fsb_metric_display_name ("cpu_percent"), TRUE);
        if (fsb_chart_has_data (r, &faults))
          add_chart (doc, r, FSB_CHART_FAULTS, FSB_N_SECTIONS, "faults", fsb_metric_display_name ("minor_faults"), TRUE);
        add_conclusion (doc, rec, FSB_CRITERION_CPU);
      }
  }
}

static void
add_summary (FsbDocument *doc, FsbResult *r, const FsbRecommendation *rec)
{
  FsbBlock *list;

  add_block (doc, FSB_BLOCK_PAGE_BREAK, NULL);
  add_block (doc, FSB_BLOCK_HEADING, _("Summary"));
  add_block (doc, FSB_BLOCK_VERDICT, rec->headline);
  if (rec->reasons->len > 0)
    {
      add_block (doc, FSB_BLOCK_PARAGRAPH, _("The reasons:"));
      list = add_list (doc, FSB_BLOCK_LIST);
      for (guint i = 0; i < rec->reasons->len; i++)
        g_ptr_array_add (list->items, g_strdup (rec->reasons->pdata[i]));
    }
  for (guint i = 0; i < rec->notes->len; i++)
    add_block (doc, FSB_BLOCK_NOTE, rec->notes->pdata[i]);
  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];
      if (fs->error != NULL)
        /* Translators: a filesystem and why it could not finish */
        add_text (doc, FSB_BLOCK_NOTE, g_strdup_printf (_("%s could not finish: %s"), fsb_format_fs_name (fs->name), fs->error));
    }

  if (rec->overall->len > 1)
    {
      FsbBlock *table = add_table (doc, 0x2, _("Filesystem"), _("Overall score"), NULL);
      for (guint i = 0; i < rec->overall->len; i++)
        {
          FsbScore *s = rec->overall->pdata[i];
          GPtrArray *row = table_row (table);
          g_ptr_array_add (row, g_strdup (fsb_format_fs_name (s->fs)));
          g_ptr_array_add (row, fsb_format_percent (s->score * 100, 1));
        }
      add_block (doc, FSB_BLOCK_PARAGRAPH,
                 _("The overall score is the weighted mean of the scores per section, each relative to the best "
                   "filesystem there (100 %)."));
    }
}

static void
build_single (FsbDocument *doc, FsbResult *r, FsbUseCase use_case)
{
  g_autoptr(FsbRecommendation) rec = fsb_recommend (r, use_case);
  g_autofree char *names = fs_list (r);
  g_autofree char *date = format_date (r->created);
  guint n_tasks = count_tasks (r);

  if (r->machine.distribution != NULL)
    /* Translators: the report's title: a list of filesystems and an operating system */
    doc->title = g_strdup_printf (_("Comparison of the filesystems %s on %s"), names, r->machine.distribution);
  else
    doc->title = g_strdup_printf (_("Comparison of the filesystems %s"), names);
  add_block (doc, FSB_BLOCK_TITLE, doc->title);
  add_text (doc, FSB_BLOCK_SUBTITLE,
            /* Translators: the date of the run and the version of FS Bench */
            g_strdup_printf (_("Measured on %s with FS Bench %s"), date, r->app_version != NULL ? r->app_version : "?"));
  add_block (doc, FSB_BLOCK_VERDICT, rec->headline);
  if (!r->complete)
    add_block (doc, FSB_BLOCK_NOTE, _("This run did not finish: the figures below are partial."));
  {
    g_autofree char *a = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       "This comparison is based on %u task taken from real life,",
                                                       "This comparison is based on %u tasks taken from real life,", n_tasks),
                                          n_tasks);
    g_autofree char *b = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       "each run once on every filesystem.",
                                                       "each run %u times on every filesystem.", r->repetitions),
                                          r->repetitions);
    add_text (doc, FSB_BLOCK_PARAGRAPH, g_strconcat (a, " ", b, NULL));
  }

  add_block (doc, FSB_BLOCK_HEADING, _("Characteristics"));
  add_machine_facts (doc, r);
  add_method (doc, r, rec);
  add_task_descriptions (doc, r);
  add_results (doc, r, rec);
  add_summary (doc, r, rec);
}

/* Comparison of several results: side by side, then the differences. */

static const char *
or_dash (const char *s)
{
  return s != NULL && *s != '\0' ? s : "—";
}

static void
build_comparison (FsbDocument *doc, FsbResult * const *results, const char * const *labels, guint n,
                  FsbUseCase use_case)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  FsbBlock *table;
  const char *rows[] = { N_("Processor"), N_("Memory"), N_("Board"), N_("Disk"), N_("Distribution"),
                         N_("Kernel"), N_("Target"), N_("Each task ran"), N_("Date") };

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, result_label (results[i], labels, i));

  doc->title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Comparison of %u result", "Comparison of %u results", n), n);
  add_block (doc, FSB_BLOCK_TITLE, doc->title);
  {
    g_autofree char *list = fsb_format_join_names ((const char * const *) names->pdata, n, FALSE);
    add_text (doc, FSB_BLOCK_SUBTITLE, g_strdup_printf (_("%s, side by side; the first is the reference."), list));
  }

  add_block (doc, FSB_BLOCK_HEADING, _("Characteristics"));
  table = add_block (doc, FSB_BLOCK_TABLE, NULL);
  table->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  {
    GPtrArray *header = table_row (table);
    g_ptr_array_add (header, g_strdup (""));
    for (guint i = 0; i < n; i++)
      g_ptr_array_add (header, g_strdup (names->pdata[i]));
  }
  for (guint k = 0; k < G_N_ELEMENTS (rows); k++)
    {
      GPtrArray *row = table_row (table);
      g_ptr_array_add (row, g_strdup (_(rows[k])));
      for (guint i = 0; i < n; i++)
        {
          FsbResult *r = results[i];
          char *v;
          switch (k)
            {
            case 0: v = g_strdup (or_dash (r->machine.cpu_model)); break;
            case 1: v = r->machine.ram_bytes ? g_format_size_full (r->machine.ram_bytes, G_FORMAT_SIZE_IEC_UNITS) : g_strdup ("—"); break;
            case 2: v = g_strdup (or_dash (r->machine.board)); break;
            case 3: v = g_strdup (or_dash (r->target.device_model)); break;
            case 4: v = g_strdup (or_dash (r->machine.distribution)); break;
            case 5: v = g_strdup (or_dash (r->machine.kernel)); break;
            case 6: v = describe_target (r); break;
            case 7: v = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u time", "%u times", r->repetitions), r->repetitions); break;
            default: v = format_date (r->created); break;
            }
          g_ptr_array_add (row, v);
        }
    }

  add_block (doc, FSB_BLOCK_PAGE_BREAK, NULL);
  add_block (doc, FSB_BLOCK_HEADING, _("Results"));
  for (guint s = 0, first = TRUE; s < FSB_N_SECTIONS; s++)
    {
      FsbSection section = (FsbSection) s;
      gboolean any = FALSE;
      g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < n; i++)
        any |= section_has_data (results[i], section);
      if (!any || section == FSB_SECTION_TRANSFER)
        continue;
      if (!first)
        add_block (doc, FSB_BLOCK_PAGE_BREAK, NULL);
      first = FALSE;
      add_block (doc, FSB_BLOCK_SUBHEADING, fsb_section_title (section))->id = g_strdup (fsb_section_id (section));
      {
        /* one scale for all, so the bars compare across results */
        FsbChartOptions o = { .kind = section == FSB_SECTION_CAPACITY ? FSB_CHART_CAPACITY : FSB_CHART_SECTION,
                              .section = section };
        double axis_max = 0;

        for (guint i = 0; i < n; i++)
          axis_max = MAX (axis_max, fsb_chart_get_max (results[i], &o));
        for (guint i = 0; i < n; i++)
          if (section_has_data (results[i], section))
            {
              g_autofree char *id = g_strdup_printf ("%s-%u", fsb_section_id (section), i + 1);
              add_chart (doc, results[i], o.kind, section, id, names->pdata[i], TRUE);
              ((FsbBlock *) g_ptr_array_index (doc->blocks, doc->blocks->len - 1))->chart.axis_max = axis_max;
            }
      }

      /* The differences against the first result, task by task. */
      table = add_block (doc, FSB_BLOCK_TABLE, NULL);
      table->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
      {
        GPtrArray *header = table_row (table);
        g_ptr_array_add (header, g_strdup (_("Task")));
        g_ptr_array_add (header, g_strdup (_("Filesystem")));
        for (guint i = 0; i < n; i++)
          {
            g_ptr_array_add (header, g_strdup (names->pdata[i]));
            if (i > 0)
              g_ptr_array_add (header, g_strdup (_("Change")));
          }
        table->numeric = ~G_GUINT64_CONSTANT (0x3);
      }
      if (section == FSB_SECTION_CAPACITY)
        g_ptr_array_add (ids, g_strdup ("capacity"));
      for (guint i = 0; i < n && section != FSB_SECTION_CAPACITY; i++)
        {
          g_autoptr(GPtrArray) part = fsb_result_section_tasks (results[i], section);
          for (guint j = 0; j < part->len; j++)
            if (!g_ptr_array_find_with_equal_func (ids, part->pdata[j], g_str_equal, NULL))
              g_ptr_array_add (ids, g_strdup (part->pdata[j]));
        }
      for (guint t = 0; t < ids->len; t++)
        {
          const char *id = ids->pdata[t];
          gboolean higher = FALSE;
          const char *metric = section == FSB_SECTION_CAPACITY ? "percent" : fsb_task_metric (id, &higher);
          g_autoptr(GPtrArray) fs_names = g_ptr_array_new ();

          for (guint i = 0; i < n; i++)
            for (guint f = 0; f < results[i]->filesystems->len; f++)
              {
                const char *name = ((FsbFsResult *) results[i]->filesystems->pdata[f])->name;
                if (!g_ptr_array_find_with_equal_func (fs_names, name, g_str_equal, NULL))
                  g_ptr_array_add (fs_names, (gpointer) name);
              }
          for (guint f = 0; f < fs_names->len; f++)
            {
              GPtrArray *row = table_row (table);
              double ref = NAN;

              g_ptr_array_add (row, g_strdup (section == FSB_SECTION_CAPACITY ? _("After mkfs") : fsb_task_display_name (id)));
              g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs_names->pdata[f])));
              for (guint i = 0; i < n; i++)
                {
                  FsbFsResult *fs = fsb_result_find_filesystem (results[i], fs_names->pdata[f]);
                  FsbTaskResult *task = fs != NULL ? fsb_fs_result_get_task (fs, id, FALSE) : NULL;
                  FsbStats st;
                  double value = NAN;

                  if (section == FSB_SECTION_CAPACITY && fs != NULL && fs->capacity_initial.percent > 0)
                    value = fs->capacity_initial.percent;
                  else if (task != NULL && fsb_task_result_stats (task, metric, &st))
                    value = st.median;
                  g_ptr_array_add (row, isnan (value) ? g_strdup ("—")
                                        : section == FSB_SECTION_CAPACITY ? fsb_format_percent (value, 2)
                                        : fsb_format_value (value, metric));
                  if (i == 0)
                    ref = value;
                  else
                    g_ptr_array_add (row, (isnan (ref) || isnan (value) || ref == 0) ? g_strdup ("—")
                                          : fsb_format_change ((value / ref - 1) * 100));
                }
            }
        }
      if (section != FSB_SECTION_CAPACITY)
        {
          gboolean higher = FALSE;
          fsb_task_metric (ids->len > 0 ? ids->pdata[0] : NULL, &higher);
          add_block (doc, FSB_BLOCK_PARAGRAPH, higher
                     ? _("A positive change means more work done per second than in the first result.")
                     : _("A negative change means the task took less time than in the first result."));
        }
    }

  add_block (doc, FSB_BLOCK_PAGE_BREAK, NULL);
  add_block (doc, FSB_BLOCK_HEADING, _("Summary"));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(FsbRecommendation) rec = fsb_recommend (results[i], use_case);
      FsbBlock *list;

      add_block (doc, FSB_BLOCK_SUBHEADING, names->pdata[i]);
      add_block (doc, FSB_BLOCK_VERDICT, rec->headline);
      list = add_list (doc, FSB_BLOCK_LIST);
      for (guint j = 0; j < rec->reasons->len; j++)
        g_ptr_array_add (list->items, g_strdup (rec->reasons->pdata[j]));
      for (guint j = 0; j < rec->notes->len; j++)
        add_block (doc, FSB_BLOCK_NOTE, rec->notes->pdata[j]);
    }
}

FsbDocument *
fsb_document_build (FsbResult * const *results, const char * const *labels, guint n_results, FsbUseCase use_case)
{
  FsbDocument *doc = g_new0 (FsbDocument, 1);
  const char *lang = setlocale (LC_MESSAGES, NULL);

  doc->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
  /* "ru_RU.UTF-8" gives "ru"; "C" gives "en" */
  doc->language = (lang == NULL || strcmp (lang, "C") == 0 || g_str_has_prefix (lang, "C.") || strcmp (lang, "POSIX") == 0)
                  ? g_strdup ("en") : g_strndup (lang, strcspn (lang, "_.@"));
  if (n_results == 1)
    build_single (doc, results[0], use_case);
  else
    build_comparison (doc, results, labels, n_results, use_case);
  return doc;
}

/* Language --------------------------------------------------------------- */

struct _FsbLanguageSwitch {
  char *locale;     /* setlocale (LC_ALL, NULL) before */
  char *language;   /* $LANGUAGE before, or NULL */
};

FsbLanguageSwitch *
fsb_language_switch (const char *language, GError **error)
{
  g_autoptr(GRegex) valid = g_regex_new ("^[a-z]{2,3}(_[A-Z]{2})?$", 0, 0, NULL);
  g_autofree char *upper = NULL;
  FsbLanguageSwitch *saved;
  const char *found = NULL;
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (language != NULL, NULL);

  if (!g_regex_match (valid, language, 0, NULL))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %s is what the user gave as a language */
                   _("“%s” is not a language code; use one like ru, de, fr or en"), language);
      return NULL;
    }
  if (strchr (language, '_') != NULL)
    {
      g_ptr_array_add (candidates, g_strconcat (language, ".UTF-8", NULL));
      g_ptr_array_add (candidates, g_strconcat (language, ".utf8", NULL));
    }
  else
    {
      upper = g_ascii_strup (language, -1);
      g_ptr_array_add (candidates, g_strdup_printf ("%s_%s.UTF-8", language, upper));
      g_ptr_array_add (candidates, g_strdup_printf ("%s_%s.utf8", language, upper));
      if (strcmp (language, "en") == 0)
        {
          g_ptr_array_add (candidates, g_strdup ("en_GB.UTF-8"));
          g_ptr_array_add (candidates, g_strdup ("C.UTF-8"));
        }
    }

  saved = g_new0 (FsbLanguageSwitch, 1);
  saved->locale = g_strdup (setlocale (LC_ALL, NULL));
  saved->language = g_strdup (g_getenv ("LANGUAGE"));
  for (guint i = 0; i < candidates->len && found == NULL; i++)
    found = setlocale (LC_ALL, candidates->pdata[i]);
  if (found == NULL)
    {
      setlocale (LC_ALL, saved->locale);
      g_free (saved->locale);
      g_free (saved->language);
      g_free (saved);
      g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
                   /* Translators: %s is a language code such as "ru" */
                   _("Cannot write in the language “%s”: no locale for it is installed on this system (see “locale -a”)"),
                   language);
      return NULL;
    }
  g_setenv ("LANGUAGE", language, TRUE);
  /* Setting the domain again drops gettext's cache of looked-up strings. */
  textdomain (GETTEXT_PACKAGE);
  return saved;
}

void
fsb_language_restore (FsbLanguageSwitch *saved)
{
  if (saved == NULL)
    return;
  setlocale (LC_ALL, saved->locale);
  if (saved->language != NULL)
    g_setenv ("LANGUAGE", saved->language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  textdomain (GETTEXT_PACKAGE);
  g_free (saved->locale);
  g_free (saved->language);
  g_free (saved);
}

/* Entry points ----------------------------------------------------------- */

void
fsb_report_options_init (FsbReportOptions *options)
{
  memset (options, 0, sizeof *options);
  options->use_case = FSB_USE_CASE_SERVER;
}

gboolean
fsb_report_format_from_id (const char *id, FsbReportFormat *format)
{
  static const struct { const char *id; FsbReportFormat format; } ids[] = {
    { "html", FSB_REPORT_HTML }, { "pdf", FSB_REPORT_PDF }, { "csv", FSB_REPORT_CSV },
    { "md", FSB_REPORT_MARKDOWN }, { "markdown", FSB_REPORT_MARKDOWN }, { "json", FSB_REPORT_JSON },
  };

  for (guint i = 0; id != NULL && i < G_N_ELEMENTS (ids); i++)
    if (g_ascii_strcasecmp (id, ids[i].id) == 0)
      {
        *format = ids[i].format;
        return TRUE;
      }
  return FALSE;
}

static char *
render_json (FsbResult * const *results, guint n)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  if (n == 1)
    return fsb_result_to_data (results[0], NULL);
  root = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (root, json_array_new ());
  for (guint i = 0; i < n; i++)
    json_array_add_element (json_node_get_array (root), fsb_result_to_json (results[i]));
  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

static char *
render (FsbResult * const *results, const char * const *labels, guint n, FsbReportFormat format,
        const FsbReportOptions *options, const char *path, GError **error)
{
  g_autoptr(FsbDocument) doc = NULL;

  switch (format)
    {
    case FSB_REPORT_CSV:
      return fsb_report_render_csv (results, labels, n);
    case FSB_REPORT_JSON:
      return render_json (results, n);
    case FSB_REPORT_HTML:
      doc = fsb_document_build (results, labels, n, options->use_case);
      return fsb_report_render_html (doc);
    case FSB_REPORT_MARKDOWN:
      {
        g_autofree char *stem = NULL;
        doc = fsb_document_build (results, labels, n, options->use_case);
        if (path != NULL)
          {
            const char *dot = strrchr (path, '.');
            const char *slash = strrchr (path, '/');
            stem = (dot != NULL && (slash == NULL || dot > slash)) ? g_strndup (path, dot - path) : g_strdup (path);
          }
        return fsb_report_render_markdown (doc, stem, error);
      }
    case FSB_REPORT_PDF:
    default:
      doc = fsb_document_build (results, labels, n, options->use_case);
      return fsb_report_render_pdf (doc, path, options->letter, error) ? g_strdup ("") : NULL;
    }
}

static gboolean
check_args (guint n_results, const FsbReportOptions *options, GError **error)
{
  if (n_results == 0)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("A report needs at least one result"));
      return FALSE;
    }
  if (options->use_case >= FSB_N_USE_CASES)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("Unknown use case"));
      return FALSE;
    }
  return TRUE;
}

char *
fsb_report_to_string (FsbResult * const *results, const char * const *labels, guint n_results,
                      FsbReportFormat format, const FsbReportOptions *options, GError **error)
{
  g_autoptr(FsbLanguageSwitch) lang = NULL;
  FsbReportOptions defaults;

  if (options == NULL)
    {
      fsb_report_options_init (&defaults);
      options = &defaults;
    }
  if (!check_args (n_results, options, error))
    return NULL;
  if (format == FSB_REPORT_PDF)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("A PDF report can only be written to a file"));
      return NULL;
    }
  if (options->language != NULL && (lang = fsb_language_switch (options->language, error)) == NULL)
    return NULL;
  return render (results, labels, n_results, format, options, NULL, error);
}

gboolean
fsb_report_write (FsbResult * const *results, const char * const *labels, guint n_results,
                  FsbReportFormat format, const FsbReportOptions *options,
                  const char *path, GError **error)
{
  g_autoptr(FsbLanguageSwitch) lang = NULL;
  g_autofree char *data = NULL;
  FsbReportOptions defaults;

  g_return_val_if_fail (path != NULL, FALSE);
  if (options == NULL)
    {
      fsb_report_options_init (&defaults);
      options = &defaults;
    }
  if (!check_args (n_results, options, error))
    return FALSE;
  if (options->language != NULL && (lang = fsb_language_switch (options->language, error)) == NULL)
    return FALSE;
  data = render (results, labels, n_results, format, options, path, error);
  if (data == NULL)
    return FALSE;
  if (format == FSB_REPORT_PDF)
    return TRUE;
  if (!g_file_set_contents (path, data, -1, error))
    {
      fsb_error_normalize (error);
      return FALSE;
    }
  return TRUE;
}
