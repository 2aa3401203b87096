/* fsb-cli-dataset.c: `fsbench-cli dataset`: the exact source data of a
 * profile, to run the same workload with other tools */
#include "config.h"

#include <glib/gi18n.h>
#include <unistd.h>

#include "fsb-cli.h"
#include "fsb-dataset.h"
#include "fsb-engine.h"

typedef struct {
  GMainLoop *loop;
  GError    *error;
} DatasetState;

typedef struct {
  FsbDatasetSpec spec;
  char      *dir;
  JsonNode  *summary;
} DatasetJob;

static void
dataset_job_free (DatasetJob *job)
{
  g_free (job->dir);
  g_clear_pointer (&job->summary, json_node_unref);
  g_free (job);
}

static void
dataset_progress_cb (guint64 done, guint64 total, gpointer user_data)
{
  static gint64 last;
  gint64 now = g_get_monotonic_time ();

  if (now - last < 250000 && done < total)
    return;
  last = now;
  if (isatty (STDERR_FILENO))
    {
      /* Back to the start of the line, and clear it. */
      fsb_cli_terminal ("\r\033[K");
      /* Translators: megabytes written and in all */
      g_printerr (_("Writing the dataset: %.0f of %.0f MB"), done / 1e6, total / 1e6);
    }
}

static void
dataset_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  DatasetJob *job = task_data;
  GError *error = NULL;

  if (fsb_dataset_ensure (&job->spec, job->dir, FALSE, dataset_progress_cb, NULL,
                          &job->summary, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
dataset_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  DatasetState *st = user_data;

  g_task_propagate_boolean (G_TASK (res), &st->error);
  g_main_loop_quit (st->loop);
}

int
fsb_cli_dataset (int argc, char **argv)
{
  g_auto(FsbCliPlanOptions) o = FSB_CLI_PLAN_OPTIONS_INIT;
  g_autofree char *opt_out = NULL;
  const GOptionEntry entries[] = {
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &opt_out, N_("The folder to write big.img, tree/ and manifest.json into"), N_("DIR") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GTask) task = NULL;
  g_autofree char *display = NULL;
  DatasetJob *job;
  DatasetState st = { 0 };
  int status = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, fsb_cli_plan_entries (&o, FSB_CLI_PLAN_SIZES), GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("Write the exact source data of a profile, so the same workload "
                                           "can be run with other tools."));
  if (!fsb_cli_parse (context, &argc, &argv, &status))
    return status;
  if (opt_out == NULL)
    g_set_error_literal (&error, FSB_ERROR, FSB_ERROR_INVALID, _("Say where to write the dataset with --out DIR"));
  else if ((plan = fsb_cli_plan_build (&o, FSB_CLI_PLAN_SIZES, &error)) != NULL)
    fsb_plan_check_sizes (plan, &error);
  if (error != NULL)
    return fsb_cli_fail (error);

  fsb_cli_cancel_on_signals (cancellable);
  job = g_new0 (DatasetJob, 1);
  fsb_dataset_spec_init (&job->spec, plan->sizes);
  job->spec.data = plan->data;
  job->dir = g_strdup (opt_out);
  st.loop = loop;
  task = g_task_new (NULL, cancellable, dataset_done_cb, &st);
  g_task_set_task_data (task, job, (GDestroyNotify) dataset_job_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, dataset_thread);
  g_main_loop_run (loop);
  if (isatty (STDERR_FILENO))
    fsb_cli_terminal ("\r\033[K");

  if (st.error != NULL)
    {
      status = fsb_cli_fail (st.error);
      g_clear_error (&st.error);
      return status;
    }

  display = g_filename_display_name (opt_out);
  {
    JsonObject *summary_o = json_node_get_object (job->summary);
    /* Translators: the folder, then the size of the big file, then the tree's
     * files, folders and size */
    g_print (_("%s: big.img (%.1f MB) and tree/ (%u files in %u folders, %.1f MB)\n"),
             display,
             json_object_get_int_member (summary_o, "big_file_bytes") / 1e6,
             (guint) json_object_get_int_member (summary_o, "tree_files"),
             (guint) json_object_get_int_member (summary_o, "tree_dirs"),
             json_object_get_int_member (summary_o, "tree_bytes") / 1e6);
    g_print ("sha256 %s\n", json_object_get_string_member (summary_o, "sha256"));
  }
  return 0;
}
