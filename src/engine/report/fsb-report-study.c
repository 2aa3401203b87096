/* fsb-report-study.c: one result, written in the order of the study */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-contender.h"
#include "fsb-host-state.h"
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

/* The fewest and the most times a task ran on a filesystem: the cycles
 * that ran it (focused rounds ran some tasks only). */
static void
repetition_range (FsbResult *r, guint *fewest, guint *most)
{
  *fewest = G_MAXUINT;
  *most = 0;
  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];

      if (fsb_result_whole_cycles (r, fs) == 0)
        continue;
      for (guint t = 0; t < fs->tasks->len; t++)
        {
          const char *id = ((FsbTaskResult *) fs->tasks->pdata[t])->id;
          guint n = fsb_result_task_cycles (r, fs, id);

          if (fsb_task_is_cycle_step (id) || n == 0)
            continue;
          *fewest = MIN (*fewest, n);
          *most = MAX (*most, n);
        }
    }
  if (*most == 0)
    *fewest = *most = r->repetitions;
}

char *
fsb_doc_repetitions_text (FsbResult *r)
{
  guint fewest, most;

  repetition_range (r, &fewest, &most);
  return fewest == most
    ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u time", "%u times", most), most)
    /* Translators: the fewest and the most repetitions a filesystem had: "3 to 5 times" */
    : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u to %u time", "%u to %u times", most), fewest, most);
}

/* How the repetitions were decided, and why they stopped. */
static char *
describe_stop (FsbResult *r)
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

/* In what order the filesystems ran (NULL in results before 0.9). */
static const char *
describe_order (FsbResult *r)
{
  if (g_strcmp0 (r->repetition_policy.order, "turns") == 0)
    return _("Task by task: each filesystem had a disk image of its own, and each task ran on every "
             "filesystem one right after the other, in an order that alternated from round to round.");
  if (g_strcmp0 (r->repetition_policy.order, "cycles") == 0)
    return _("A whole repetition at a time: the filesystems took the one target in turn.");
  return NULL;
}

/* The same, and the rounds that ran only the tasks that could settle it. */
static char *
describe_policy (FsbResult *r)
{
  g_autofree char *stop = describe_stop (r);
  g_autofree char *focused = fsb_focused_rounds_note (r);

  return focused != NULL ? g_strconcat (stop, " ", focused, NULL) : g_steal_pointer (&stop);
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
      g_auto(GStrv) missing = fsb_contender_missing_options (fs->mount_requested, fs->mount_options);

      /* a variant or a twin: what it is */
      if (g_strcmp0 (fsb_fs_result_type (fs), fs->name) != 0)
        g_string_append_printf (s, ": %s", fsb_format_fs_name (fsb_fs_result_type (fs)));

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
      if (fs->mount_requested != NULL)
        {
          g_string_append (s, ", ");
          /* Translators: %s are the mount options a variant asked for */
          g_string_append_printf (s, _("asked for %s"), fs->mount_requested);
        }
      if (missing[0] != NULL)
        {
          g_autofree char *list = g_strjoinv (", ", missing);
          g_string_append (s, " — ");
          /* Translators: %s are mount options asked for that the mounted filesystem does not show */
          g_string_append_printf (s, _("%s did not apply"), list);
        }
      g_ptr_array_add (facts->items, g_string_free (s, FALSE));
    }
}

/* How many samples were taken while the machine was disturbed (results
 * without the machine's state say nothing: unknown is not quiet). */
static void
add_disturbed_fact (FsbBlock *facts, FsbResult *r)
{
  FsbDisturbedCount c;
  g_autofree char *text = NULL;

  fsb_result_count_disturbed (r, &c);
  if (c.recorded == 0)
    return;
  text = g_strdup_printf (
      /* Translators: numbers of measurements: disturbed, of all that recorded the machine's state, and
       * how many the figures left out; then how many had each cause (one may have several) */
      _("%u of %u (%u left out of the figures). Causes: CPU taken by the host %u, other files written back %u, "
        "other programs on every core %u, the machine running slow %u, the disk under the target answering "
        "slowly %u."),
      c.disturbed, c.recorded, c.left_out, c.by_reason[0], c.by_reason[1], c.by_reason[2], c.by_reason[3],
      c.by_reason[4]);
  /* Translators: a row title of the report's target and method: measurements taken while the machine was busy */
  fsb_doc_add_fact (facts, _("Disturbed measurements"), text);
}

/* Which tasks were measured as batches (FsbSample.batch), and the
 * largest batch: a sentence, or NULL when none was. */
static char *
batch_sentence (FsbResult *r)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *list = NULL;
  guint most = 1;

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      FsbFsResult *fs = r->filesystems->pdata[f];

      for (guint t = 0; t < fs->tasks->len; t++)
        {
          FsbTaskResult *task = fs->tasks->pdata[t];

          for (guint i = 0; i < task->samples->len; i++)
            {
              guint k = ((FsbSample *) task->samples->pdata[i])->batch;

              most = MAX (most, k);
              if (k > 1 && g_hash_table_add (seen, task->id))
                g_ptr_array_add (names, (gpointer) fsb_task_display_name (task->id));
            }
        }
    }
  if (names->len == 0)
    return NULL;
  list = fsb_format_join_names ((const char *const *) names->pdata, names->len, FALSE);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: %s lists tasks, “List the tree and Find files”; %u is the largest number of operations in one measurement */
                                       "Some tasks are too short to time alone: %s. They were timed as a batch of up to %u operation, "
                                       "each on cold caches (after a remount, or on an untouched copy of the data), the remount "
                                       "outside the timed part; their figure is the time per operation.",
                                       "Some tasks are too short to time alone: %s. They were timed as a batch of up to %u operations, "
                                       "each on cold caches (after a remount, or on an untouched copy of the data), the remount "
                                       "outside the timed part; their figure is the time per operation.", most),
                          list, most);
}

static void
add_method (FsbDocument *doc, FsbResult *r, const FsbRecommendation *rec)
{
  FsbUseCase use_case = rec->use_case;
  FsbBlock *facts, *list;
  g_autofree char *target = fsb_doc_describe_target (r);
  g_autofree char *caches = fsb_target_info_cache_text (&r->target);
  g_autofree char *space = fsb_target_info_space_text (&r->target);
  g_autofree char *host = fsb_target_info_host_text (&r->target);
  g_autofree char *profile = fsb_profile_display_name (r->profile);
  g_autofree char *residency = fsb_result_residency_text (r);
  g_autofree char *batches = batch_sentence (r);
  g_autoptr(GPtrArray) warnings = fsb_result_regime_warnings (r);
  g_autofree char *reps = fsb_doc_repetitions_text (r), *policy = describe_policy (r);
  g_autofree char *margin = fsb_format_percent (FSB_EQUIVALENCE_MARGIN * 100, 0);

  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Target and method"));
  facts = fsb_doc_add_list (doc, FSB_BLOCK_FACTS);
  fsb_doc_add_fact (facts, _("Target"), target);
  if (g_strcmp0 (r->target.kind, "image") == 0)
    {
      fsb_doc_add_fact (facts, _("Image on"), host);
      fsb_doc_add_fact (facts, _("Loop device"), r->target.device);
    }
  fsb_doc_add_fact (facts, _("Caches"), caches);
  /* Translators: a row title of the report's target and method: how the disk image's space was allocated */
  fsb_doc_add_fact (facts, _("Image space"), space);
  {
    g_autofree char *mkfs = fsb_target_info_mkfs_text (&r->target);
    /* Translators: a row title of the report's target and method: how mkfs ran */
    fsb_doc_add_fact (facts, C_("method", "mkfs"), mkfs);
  }
  fsb_doc_add_fact (facts, _("Each task ran"), reps);
  fsb_doc_add_fact (facts, _("Repetitions"), policy);
  /* Translators: a row title of the report's target and method: in what order the filesystems ran */
  fsb_doc_add_fact (facts, _("Order"), describe_order (r));
  fsb_doc_add_fact (facts, _("Profile"), profile);
  {
    g_autofree char *data = fsb_doc_dataset_sentence (r);
    fsb_doc_add_fact (facts, _("Data"), data);
  }
  fsb_doc_add_fact (facts, _("Use case"), fsb_use_case_title (use_case));
  add_disturbed_fact (facts, r);

  if (g_strcmp0 (r->target.kind, "image") == 0)
    {
      fsb_doc_add_take (doc, FSB_BLOCK_NOTE,
              /* Translators: %s names the filesystem holding the image, “ext4 on /dev/vda (/)” */
              g_strdup_printf (_("The target was a disk image: a file on another filesystem (%s), so every figure "
                                 "measures each filesystem on top of that one, whose own caching and layout take part. "
                                 "The comparison between the filesystems holds; for absolute figures, use a spare partition."),
                               r->target.host.filesystem != NULL ? fsb_format_fs_name (r->target.host.filesystem) : "?"));
    }
  for (guint i = 0; i < warnings->len; i++)
    fsb_doc_add (doc, FSB_BLOCK_NOTE, warnings->pdata[i]);
  if (residency != NULL)
    fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH, residency);
  if (batches != NULL)
    fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH, batches);
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
            /* Translators: %s is a use case, “Server” */
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
      else if (fsb_criterion_group (criterion->id) != NULL && !fsb_criterion_group (criterion->id)->always
               && fsb_criterion_needed (criterion, fsb_use_case_id (use_case)))
        /* Translators: a criterion and its weight, which was not measured: "Random I/O: ×4, not measured" */
        g_ptr_array_add (list->items, g_strdup_printf (_("%s: ×%s, not measured"), _(criterion->title), weight));
    }
}

/* The groups the run was asked for that this system could not run: one
 * sentence each, from what the result keeps (the group, and the program missing or the kernel facility refused). */
static void
add_left_out (FsbDocument *doc, FsbResult *r)
{
  for (guint i = 0; i < r->left_out->len; i++)
    {
      const FsbLeftOut *left = r->left_out->pdata[i];

      fsb_doc_add_take (doc, FSB_BLOCK_NOTE, fsb_left_out_sentence (left));
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
              /* not its sizes when only a step the runner adds ran (fsck-full) */
              if (fsb_doc_group_ran (r, group))
                {
                  fsb_doc_add (doc, FSB_BLOCK_PARAGRAPH, _(group->description));
                  fsb_doc_add_group_sizes (doc, r, group);
                }
              /* each task's name, then what it does: a term and its description */
              list = fsb_doc_add_list (doc, FSB_BLOCK_FACTS);
            }
          fsb_doc_add_fact (list, _(task->name), _(task->description));
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

const char *
fsb_doc_overall_standing (const FsbScore *s, gboolean leader)
{
  /* a cell of the column “Compared with the leader”, each on its own */
  return leader ? C_("compared with the leader", "Leader")
       : !s->complete ? C_("compared with the leader", "Missed tasks")
       : s->dominated ? C_("compared with the leader", "Ahead on no criterion")
       : s->behind == FSB_COMPARE_BETTER ? C_("compared with the leader", "Clearly behind")
       : s->behind == FSB_COMPARE_EQUIVALENT ? C_("compared with the leader", "Tied")
       : C_("compared with the leader", "Not told apart");
}

/* The overview under the verdict, one screen high: a row per filesystem,
 * the leader first, with its figure in each criterion the use case counts
 * (all of them when it counts none that ran), the winner's figure strong;
 * the leader's lead over it, a weighted geometric mean with its 95 %
 * interval; and how many times each task ran on it. */
static void
add_glance (FsbDocument *doc, FsbResult *r, const FsbRecommendation *rec)
{
  g_autoptr(GPtrArray) verdicts = NULL;
  FsbBlock *table;
  GPtrArray *header;
  guint n_columns;

  if (r->filesystems->len < 2 || rec->verdicts->len == 0)
    return;
  verdicts = fsb_doc_summary_verdicts (rec);

  table = fsb_doc_add_table (doc, 0, _("Filesystem"), NULL);
  table->glance = TRUE;
  table->best = g_array_new (FALSE, TRUE, sizeof (guint64));
  header = table->items->pdata[0];
  for (guint i = 0; i < verdicts->len; i++)
    g_ptr_array_add (header, g_strdup (_(((FsbVerdict *) verdicts->pdata[i])->criterion->title)));
  /* xgettext:no-c-format */
  g_ptr_array_add (header, g_strdup (_("The leader’s lead (95 % interval)")));
  /* Translators: a column: how many times each task ran on a filesystem */
  g_ptr_array_add (header, g_strdup (_("Each task ran")));
  n_columns = header->len;
  table->numeric = ((G_GUINT64_CONSTANT (1) << MIN (n_columns, 63)) - 1) & ~G_GUINT64_CONSTANT (0x1);
  g_array_set_size (table->best, 1);

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      /* the overall ranking's order when it has every filesystem */
      const char *fs = rec->overall->len == r->filesystems->len ? ((FsbScore *) rec->overall->pdata[f])->fs
                                                               : ((FsbFsResult *) r->filesystems->pdata[f])->name;
      const FsbScore *overall = fsb_doc_find_score (rec->overall, fs);
      FsbFsResult *fs_result = fsb_result_find_filesystem (r, fs);
      GPtrArray *row = fsb_doc_table_row (table);
      guint64 best = 0;
      guint cycles = fs_result != NULL ? fsb_result_whole_cycles (r, fs_result) : 0;

      g_ptr_array_add (row, g_strdup (fsb_format_fs_name (fs)));
      for (guint i = 0; i < verdicts->len; i++)
        {
          const FsbVerdict *v = verdicts->pdata[i];
          g_ptr_array_add (row, fsb_doc_score_figure (v->ranking, fs));
          if (v->kind == FSB_VERDICT_WINNER && g_strcmp0 (v->winner, fs) == 0)
            best |= G_GUINT64_CONSTANT (1) << (i + 1);
        }
      g_ptr_array_add (row, overall != NULL ? overall_cell (overall, overall == rec->overall->pdata[0])
                                            : g_strdup ("—"));
      g_ptr_array_add (row, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u time", "%u times", cycles), cycles));
      g_array_append_val (table->best, best);
    }
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
          g_ptr_array_add (row, g_strdup (fsb_doc_overall_standing (s, i == 0)));
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
    /* Translators: %s lists the filesystems, “ext4, XFS and Btrfs” */
    doc->title = g_strdup_printf (_("Comparison of the filesystems %s"), names);
  fsb_doc_add (doc, FSB_BLOCK_TITLE, doc->title);
  fsb_doc_add_take (doc, FSB_BLOCK_SUBTITLE,
            /* Translators: the date of the run and the version of FS Bench */
            g_strdup_printf (_("Measured on %s with FS Bench %s"), date, r->app_version != NULL ? r->app_version : "?"));
  fsb_doc_add (doc, FSB_BLOCK_VERDICT, rec->headline);
  add_glance (doc, r, rec);
  if (!r->complete)
    fsb_doc_add (doc, FSB_BLOCK_NOTE, _("This run did not finish: the figures below are partial."));
  {
    /* Translators: %u is a number of tasks */
    g_autofree char *a = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                       /* Translators: %u is a number of tasks */
                                                       "This comparison is based on %u task taken from real life.",
                                                       "This comparison is based on %u tasks taken from real life.", n_tasks),
                                          n_tasks);
    guint fewest, most;
    g_autofree char *b = NULL;

    repetition_range (r, &fewest, &most);
    b = fewest == most
      ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      /* Translators: %u is how many times each task ran on each filesystem */
                                      "Each task ran %u time on every filesystem.",
                                      "Each task ran %u times on every filesystem.", most), most)
      : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      /* Translators: the fewest and the most times a task ran on a filesystem */
                                      "Each task ran %u to %u time on every filesystem, as many as the verdict needed.",
                                      "Each task ran %u to %u times on every filesystem, as many as the verdict needed.",
                                      most),
                         fewest, most);
    fsb_doc_add_take (doc, FSB_BLOCK_PARAGRAPH, g_strconcat (a, " ", b, NULL));
  }

  fsb_doc_add (doc, FSB_BLOCK_HEADING, _("Characteristics"));
  add_machine_facts (doc, r);
  add_method (doc, r, rec);
  add_task_descriptions (doc, r);
  add_left_out (doc, r);
  fsb_doc_add_results (doc, r, rec);
  add_summary (doc, r, rec);
  /* the Markdown's summary at the top shows the figures this verdict weighed */
  doc->recommendation = g_steal_pointer (&rec);
}
