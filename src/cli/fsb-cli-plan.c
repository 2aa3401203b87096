/* fsb-cli-plan.c: the run options, shared by `run`, `plan` and `dataset`,
 * and `fsbench-cli plan`: what a run would do, without running it */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fsb-age.h"
#include "fsb-catalog.h"
#include "fsb-cli.h"
#include "fsb-custom.h"
#include "fsb-engine.h"
#include "fsb-runner.h"
#include "fsb-format.h"
#include "fsb-history.h"
#include "fsb-json.h"
#include "fsb-job.h"
#include "fsb-plan.h"
#include "fsb-recommend.h"

void
fsb_cli_plan_options_clear (FsbCliPlanOptions *o)
{
  g_clear_pointer (&o->fs, g_free);
  g_clear_pointer (&o->target, g_free);
  g_clear_pointer (&o->profile, g_free);
  g_clear_pointer (&o->source, g_free);
  g_clear_pointer (&o->workloads, g_free);
  g_clear_pointer (&o->use_case, g_free);
  g_clear_pointer (&o->repeat, g_free);
  g_clear_pointer (&o->age, g_free);
  g_clear_pointer (&o->jobs, g_free);
  g_clear_pointer (&o->iodepth, g_free);
  g_clear_pointer (&o->label, g_free);
  g_clear_pointer (&o->data, g_free);
  g_clear_pointer (&o->custom, g_strfreev);
  g_clear_pointer (&o->variants, g_strfreev);
  g_clear_pointer (&o->sizes, g_strfreev);
  g_clear_pointer (&o->big_file, g_free);
  g_clear_pointer (&o->tree_size, g_free);
  g_clear_pointer (&o->tree_files, g_free);
  g_clear_pointer (&o->tree_dirs, g_free);
  g_clear_pointer (&o->entries, g_free);
}

/* The sizes' options: `--size ID=VALUE` for any group's size, and the four
 * of the core study as options of their own. */
static void
add_size_entries (GArray *entries, FsbCliPlanOptions *o)
{
  const GOptionEntry sizes[] = {
    { "size", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->sizes,
      N_("Set one size of a workload group (repeatable; “plan --json” lists them)"), N_("ID=SIZE") },
    { "big-file", 0, 0, G_OPTION_ARG_STRING, &o->big_file,
      N_("Size of the big file (and of the file copied between filesystems)"), N_("SIZE") },
    { "tree-size", 0, 0, G_OPTION_ARG_STRING, &o->tree_size, N_("Total size of the file tree"), N_("SIZE") },
    { "tree-files", 0, 0, G_OPTION_ARG_STRING, &o->tree_files, N_("Number of files in the tree"), N_("N") },
    { "tree-dirs", 0, 0, G_OPTION_ARG_STRING, &o->tree_dirs, N_("Number of folders in the tree"), N_("N") },
  };
  g_array_append_vals (entries, sizes, G_N_ELEMENTS (sizes));
}

GOptionEntry *
fsb_cli_plan_entries (FsbCliPlanOptions *o, FsbCliPlanFlags flags)
{
  GArray *entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  const GOptionEntry profile[] = {
    { "profile", 0, 0, G_OPTION_ARG_STRING, &o->profile,
      N_("Data sizes: quick (the default), standard, seed or full"), N_("PROFILE") },
    { "data", 0, 0, G_OPTION_ARG_STRING, &o->data,
      N_("What the generated files are made of: random (the default, incompressible), "
         "text (compresses about 3:1) or mixed (a home folder: media and documents)"), N_("KIND") },
  };
  const GOptionEntry run[] = {
    { "fs", 0, 0, G_OPTION_ARG_STRING, &o->fs,
      N_("Filesystems and variants to compare, separated by commas (a filesystem listed twice is compared with itself)"),
      N_("ext4,xfs,…") },
    { "variant", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->variants,
      N_("Define a variant that --fs may name: a filesystem with mount options, mkfs options or both (repeatable)"),
      N_("NAME=FS;mount=OPTIONS;mkfs=ARGS") },
    { "target", 0, 0, G_OPTION_ARG_STRING, &o->target,
      N_("Where to run: image[:SIZE][@DIR] (the default) or a partition such as /dev/sdb1"), N_("TARGET") },
    { "yes-destroy-data", 0, 0, G_OPTION_ARG_NONE, &o->yes,
      N_("Confirm that everything on the partition given as target may be destroyed"), NULL },
    { "repeat", 0, 0, G_OPTION_ARG_STRING, &o->repeat,
      N_("Repetitions of each filesystem’s cycle: auto (the default: at least 3, more until the verdict is settled) "
         "or a fixed number"), N_("auto|N") },
    { "repeat-max", 0, 0, G_OPTION_ARG_INT, &o->repeat_max,
      N_("With --repeat auto: the most repetitions (default 10)"), N_("N") },
    { "time-budget", 0, 0, G_OPTION_ARG_DOUBLE, &o->time_budget,
      N_("With --repeat auto: start no more repetitions once the run would take longer than this "
         "(default: 2.5 times as long as the first 3, a quick run at most 90 s)"), N_("SECONDS") },
    { "source", 0, 0, G_OPTION_ARG_FILENAME, &o->source, N_("Copy this folder as the file tree instead of generated data"), N_("DIR") },
    { "workloads", 0, 0, G_OPTION_ARG_STRING, &o->workloads,
      N_("Workload groups, separated by commas (default: those the use case needs); "
         "+GROUP and -GROUP add to them or take away"), N_("GROUPS") },
    { "use-case", 'u', 0, G_OPTION_ARG_STRING, &o->use_case,
      N_("What the disk is for: desktop, server (the default), database, small-files, media, nas or developer; "
         "runs the groups it needs"), N_("USE") },
    { "custom", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->custom,
      N_("Also run this shell command in the mounted filesystem and time it (repeatable)"), N_("NAME=COMMAND") },
    { "direct-io", 0, 0, G_OPTION_ARG_NONE, &o->direct,
      N_("Random I/O with O_DIRECT, bypassing the page cache, instead of buffered"), NULL },
    { "age", 0, 0, G_OPTION_ARG_STRING, &o->age,
      /* xgettext:no-c-format */
      N_("Also run the tasks on an aged filesystem: none (the default), light (60 % full) or heavy (85 % full)"),
      N_("LEVEL") },
    { "jobs", 0, 0, G_OPTION_ARG_STRING, &o->jobs,
      N_("Also run work by several jobs at once, as a series over these counts (quick: 1,4; otherwise 1,2,4,8)"),
      N_("COUNTS") },
    { "iodepth", 0, 0, G_OPTION_ARG_STRING, &o->iodepth,
      N_("Also run random I/O with this many requests in flight, as a series (quick: 1,32; otherwise 1,8,32)"),
      N_("COUNTS") },
    { "label", 0, 0, G_OPTION_ARG_STRING, &o->label,
      N_("Name the result, as reports and comparisons will call it (a host’s name, say); default: its date"),
      N_("NAME") },
  };

  if (flags & FSB_CLI_PLAN_RUN)
    g_array_append_vals (entries, run, G_N_ELEMENTS (run));
  g_array_append_vals (entries, profile, G_N_ELEMENTS (profile));
  add_size_entries (entries, o);
  g_free (o->entries);
  o->entries = (GOptionEntry *) g_array_free (entries, FALSE);
  return o->entries;
}

static gboolean
usage_error (GError **error, const char *message)
{
  g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, message);
  return FALSE;
}

/* --profile, then the sizes over it. */
static gboolean
apply_sizes (FsbPlan *plan, FsbCliPlanOptions *o, GError **error)
{
  if (o->profile != NULL && !fsb_plan_set_profile (plan, o->profile, error))
    return FALSE;
  if (o->data != NULL && !fsb_plan_set_data (plan, o->data, error))
    return FALSE;
  if (o->big_file != NULL &&
      (!fsb_plan_set_size_text (plan, "big-file", o->big_file, error) ||
       !fsb_plan_set_size_text (plan, "transfer-size", o->big_file, error)))
    return FALSE;
  if ((o->tree_size != NULL && !fsb_plan_set_size_text (plan, "tree-size", o->tree_size, error)) ||
      (o->tree_files != NULL && !fsb_plan_set_size_text (plan, "tree-files", o->tree_files, error)) ||
      (o->tree_dirs != NULL && !fsb_plan_set_size_text (plan, "tree-dirs", o->tree_dirs, error)))
    return FALSE;
  for (guint i = 0; o->sizes != NULL && o->sizes[i] != NULL; i++)
    if (!fsb_plan_set_size_text (plan, NULL, o->sizes[i], error))
      return FALSE;
  return TRUE;
}

FsbPlan *
fsb_cli_plan_build (FsbCliPlanOptions *o, FsbCliPlanFlags flags, GError **error)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();

  if (!apply_sizes (plan, o, error))
    return NULL;
  if (!(flags & FSB_CLI_PLAN_RUN))
    return g_steal_pointer (&plan);

  if (o->fs == NULL)
    {
      usage_error (error, _("Say which filesystems to compare with --fs, for example --fs ext4,xfs,btrfs"));
      return NULL;
    }
  for (guint i = 0; o->variants != NULL && o->variants[i] != NULL; i++)
    if (!fsb_plan_add_variant (plan, o->variants[i], error))
      return NULL;
  {
    g_auto(GStrv) names = g_strsplit (o->fs, ",", -1);
    if (!fsb_plan_set_filesystems (plan, (const char *const *) names, error))
      return NULL;
    if (!fsb_runner_check_contenders (plan, error))
      return NULL;
  }
  if (o->repeat != NULL && !fsb_plan_set_repeat (plan, o->repeat, error))
    return NULL;
  if (o->repeat_max != 0)
    {
      if (o->repeat_max < FSB_MIN_AUTO_REPETITIONS || o->repeat_max > FSB_MAX_REPETITIONS)
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: the smallest and the largest number allowed */
                       _("The number of repetitions must be between %u and %u"),
                       FSB_MIN_AUTO_REPETITIONS, FSB_MAX_REPETITIONS);
          return NULL;
        }
      plan->repeat_max = (guint) o->repeat_max;
    }
  if (o->time_budget >= 0)
    plan->time_budget_s = o->time_budget;
  else if (o->time_budget != -1)
    {
      usage_error (error, _("The time budget must be a number of seconds"));
      return NULL;
    }
  /* The use case first: its groups are the ones --workloads changes. */
  if (o->use_case != NULL && !fsb_plan_set_use_case (plan, o->use_case, error))
    return NULL;
  if (o->workloads != NULL)
    {
      g_auto(GStrv) groups = g_strsplit (o->workloads, ",", -1);
      if (!fsb_plan_set_workloads (plan, (const char *const *) groups, error))
        return NULL;
    }
  /* A series asked for brings its groups. */
  if (o->jobs != NULL && !fsb_plan_set_series (plan, FSB_CONDITION_JOBS, o->jobs, error))
    return NULL;
  if (o->iodepth != NULL && !fsb_plan_set_series (plan, FSB_CONDITION_IODEPTH, o->iodepth, error))
    return NULL;
  if (o->jobs != NULL)
    fsb_plan_add_series_groups (plan, FSB_CONDITION_JOBS);
  if (o->iodepth != NULL)
    fsb_plan_add_series_groups (plan, FSB_CONDITION_IODEPTH);
  if (o->target != NULL && !fsb_plan_set_target (plan, o->target, error))
    return NULL;
  if (o->age != NULL && !fsb_plan_set_age (plan, o->age, error))
    return NULL;
  if (!fsb_plan_set_label (plan, o->label, error))
    return NULL;
  plan->destroy_confirmed = o->yes;
  plan->direct_io = o->direct;
  for (guint i = 0; o->custom != NULL && o->custom[i] != NULL; i++)
    {
      g_autofree char *name = NULL, *command = NULL;

      if (!fsb_custom_parse (o->custom[i], &name, &command, error))
        return NULL;
      fsb_plan_add_custom (plan, name, command);
    }
  /* Typed on this command line by the user: that is the confirmation. */
  plan->custom_confirmed = TRUE;
  plan->source_dir = g_strdup (o->source);
  if (!fsb_plan_validate (plan, error))
    return NULL;
  return g_steal_pointer (&plan);
}

/* fsbench-cli plan ------------------------------------------------------------ */

static const char *
use_case_title (const char *id)
{
  FsbUseCase use_case;

  return fsb_use_case_from_id (id, &use_case) ? fsb_use_case_title (use_case) : id;
}

/* What --age adds: the aging in each repetition, before the aged tasks,
 * and the count of small files once per filesystem. */
static void
print_aging (FsbPlan *plan)
{
  const FsbAgeSpec *spec = fsb_age_spec (plan->age);
  FsbPlanAging aging;
  g_autofree char *percent = NULL, *written = NULL, *time = NULL, *fit = NULL;

  if (spec == NULL || !fsb_plan_aging_estimate (plan, NULL, &aging))
    return;
  percent = fsb_format_percent (spec->fill * 100, 0);
  written = fsb_size_format (aging.written_bytes);
  time = fsb_format_duration (aging.age_seconds);
  fit = fsb_format_duration (aging.fit_time_limit);
  g_print (g_dngettext (GETTEXT_PACKAGE,
                        /* Translators: how full the disk is made, the rounds of churn, the data written
                         * and the time it takes; the tasks marked @aged in the list above follow it */
                        "The “age” step fills the filesystem to %s, then deletes and writes files for %u round "
                        "(%s written, about %s); the tasks marked @aged then run on it again.\n",
                        "The “age” step fills the filesystem to %s, then deletes and writes files for %u rounds "
                        "(%s written, about %s); the tasks marked @aged then run on it again.\n", spec->rounds),
           percent, spec->rounds, written, time);
  /* Translators: %s is a time limit, "30 s" */
  g_print (_("After its repetitions, each filesystem is created once more and filled with 4 KiB files, "
             "to count how many fit (for at most %s).\n"), fit);
}

void
fsb_cli_print_left_out (FILE *stream, FsbPlan *plan)
{
  for (guint i = 0; plan->workloads != NULL && plan->workloads[i] != NULL; i++)
    {
      FsbLeftOut lacks;
      g_autofree char *line = NULL;

      if (!fsb_group_lacks (plan->workloads[i], &lacks))
        continue;
      line = fsb_left_out_sentence (&lacks);
      fprintf (stream, "%s\n", line);
    }
}

static void
print_plan (FsbPlan *plan)
{
  FsbPlanEstimate est;
  FsbTargetSpec target = { 0 };
  g_autofree char *space = NULL, *size = NULL, *time = NULL, *fs = NULL;
  g_autofree char *big = NULL, *tree = NULL, *groups = NULL;
  guint n_all;
  const FsbWorkloadGroup *const *all = fsb_catalog_groups (&n_all);

  fsb_plan_estimate (plan, NULL, &est);
  groups = g_strjoinv (", ", plan->workloads);
  fsb_target_spec_parse (plan->target_spec, &target, NULL);
  space = fsb_size_format (est.space_needed_bytes);
  size = fsb_size_format (est.target_size_bytes);
  time = fsb_format_duration (est.estimated_seconds);
  fs = g_strjoinv (", ", plan->filesystems);
  big = fsb_size_format (fsb_sizes_get_u64 (plan->sizes, "big-file"));
  tree = fsb_size_format (fsb_sizes_get_u64 (plan->sizes, "tree-size"));

  if (target.image)
    {
      g_autofree char *dir = target.path != NULL ? g_filename_display_name (target.path) : NULL;

      if (est.images_at_once > 1 && dir != NULL)
        g_print (g_dngettext (GETTEXT_PACKAGE,
                              /* Translators: how many disk images, the size of each, then the folder they go to */
                              "Target: %u disk image of %s in %s, one for each filesystem, which take turns task by task\n",
                              "Target: %u disk images of %s in %s, one for each filesystem, which take turns task by task\n",
                              est.images_at_once),
                 est.images_at_once, size, dir);
      else if (est.images_at_once > 1)
        g_print (g_dngettext (GETTEXT_PACKAGE,
                              /* Translators: how many disk images, then the size of each */
                              "Target: %u disk image of %s in the cache folder, one for each filesystem, which take turns task by task\n",
                              "Target: %u disk images of %s in the cache folder, one for each filesystem, which take turns task by task\n",
                              est.images_at_once),
                 est.images_at_once, size);
      else if (dir != NULL)
        /* Translators: an image's size, then the folder it goes to */
        g_print (_("Target: a disk image of %s in %s\n"), size, dir);
      else
        /* Translators: %s is an image's size */
        g_print (_("Target: a disk image of %s in the cache folder\n"), size);
    }
  else
    /* Translators: %s is a device, such as /dev/sdb1 */
    g_print (_("Target: the partition %s, erased\n"), target.path);
  if (plan->repeat_auto)
    /* Translators: a list of filesystems, then the least and the most repetitions */
    g_print (_("Filesystems: %s, %u to %u repetitions each, interleaved, as many as the verdict needs\n"),
             fs, plan->repetitions, plan->repeat_max);
  else
    /* Translators: a list of filesystems, then how many repetitions */
    g_print (g_dngettext (GETTEXT_PACKAGE, "Filesystems: %s, %u repetition each\n",
                          "Filesystems: %s, %u repetitions each\n", plan->repetitions), fs, plan->repetitions);
  /* Translators: a use case, “Small home or office server”, then the workload groups it runs */
  g_print (_("Use case: %s, with the groups %s\n"), use_case_title (plan->use_case), groups);
  /* Translators: a profile's name: "Quick" */
  g_print (_("Sizes: %s\n"), fsb_profile_title (plan->profile_name));
  if (plan->source_dir != NULL)
    {
      g_autofree char *src = g_filename_display_name (plan->source_dir);
      /* Translators: the big file's size, then the user's folder */
      g_print (_("Test data: a big file of %s, and the folder %s as the file tree\n"), big, src);
    }
  else
    /* Translators: the big file's size, then the tree's files, folders and size */
    g_print (_("Test data: a big file of %s, and a tree of %u files in %u folders, %s\n"), big,
             fsb_sizes_get_uint (plan->sizes, "tree-files"), fsb_sizes_get_uint (plan->sizes, "tree-dirs"), tree);
  fsb_cli_print_left_out (stdout, plan);
  g_print ("%s\n", _("Each repetition, on each filesystem:"));
  for (guint i = 0; i < est.tasks->len; i++)
    g_print ("  %-18s %s\n", (const char *) est.tasks->pdata[i], fsb_task_display_name (est.tasks->pdata[i]));
  for (guint i = 0; i < plan->custom_commands->len; i++)
    {
      const FsbCustomCommand *c = plan->custom_commands->pdata[i];
      g_autofree char *id = g_strconcat ("custom:", c->name, NULL);
      g_print ("  %-18s %s\n", id, c->command);
    }
  print_aging (plan);
  for (guint g = 0; g < n_all; g++)
    if (all[g]->across_plan != NULL && fsb_plan_has_group (plan, all[g]->id))
      g_print ("%s\n", _(all[g]->across_plan));
  /* Translators: the space the run needs on the target */
  g_print (_("Space needed on the target: %s\n"), space);
  if (plan->repeat_auto)
    {
      g_autofree char *most = fsb_format_duration (est.estimated_seconds_max);
      /* Translators: how long the run is expected to take with the least repetitions, then at most */
      g_print (_("Estimated time: about %s, at most about %s\n"), time, most);
    }
  else
    /* Translators: how long the run is expected to take, "about 1 min 10 s" */
    g_print (_("Estimated time: about %s\n"), time);
  if (est.paced_by != NULL)
    {
      g_autofree char *when = fsb_history_label (plan->pace_from);
      /* Translators: %s is the date and time of an earlier run, "2 Dec 2026, 04:30" */
      g_print (_("The time follows how long each step took in the run of %s on the same disk.\n"), when);
    }
  else
    g_print ("%s\n", _("The time is a first guess: after a run on this disk, it follows how long each step took there."));
  fsb_target_spec_clear (&target);
  fsb_plan_estimate_clear (&est);
}

int
fsb_cli_plan (int argc, char **argv)
{
  g_auto(FsbCliPlanOptions) o = FSB_CLI_PLAN_OPTIONS_INIT;
  gboolean as_json = FALSE;
  const GOptionEntry json_entry[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_("Print the plan as JSON"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_option_context_add_main_entries (context, fsb_cli_plan_entries (&o, FSB_CLI_PLAN_RUN), GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, json_entry, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("Say what “run” would do with these options, without running it: "
                                           "the target, the data, each filesystem’s tasks, the space and the time."));
  if (!fsb_cli_parse (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    {
      /* Translators: %s is what the user typed */
      g_set_error (&error, FSB_ERROR, FSB_ERROR_INVALID, _("Unexpected argument “%s”"), argv[1]);
      return fsb_cli_fail (error);
    }
  plan = fsb_cli_plan_build (&o, FSB_CLI_PLAN_RUN, &error);
  if (plan == NULL)
    return fsb_cli_fail (error);
  fsb_history_pace_plan (plan);
  if (as_json)
    {
      g_autoptr(JsonNode) node = fsb_plan_to_json (plan);
      g_autofree char *text = fsb_json_to_data (node, TRUE, NULL);
      g_print ("%s\n", text);
    }
  else
    print_plan (plan);
  return 0;
}
