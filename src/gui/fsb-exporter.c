/* fsb-exporter.c: the report of a run or a comparison, written where the user says */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-error.h"
#include "fsb-exporter.h"
#include "fsb-recommend.h"
#include "fsb-report.h"

typedef struct {
  GPtrArray *results;   /* of FsbResult*: one, or the runs of a comparison */
  char     **labels;
  char      *format;
  char      *use_case;
  char      *path;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_ptr_array_unref (job->results);
  g_strfreev (job->labels);
  g_free (job->format);
  g_free (job->use_case);
  g_free (job->path);
  g_free (job);
}

/* PDF and HTML draw every chart: off the main loop. */
static void
export_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ExportJob *job = task_data;
  GError *error = NULL;
  FsbReportOptions options;
  FsbReportFormat format;

  if (!fsb_report_format_from_id (job->format, &format))
    {
      g_task_return_new_error (task, FSB_ERROR, FSB_ERROR_INVALID,
                               /* Translators: %s is a report format id, "html" */
                               _("FS Bench cannot write reports as “%s”."), job->format);
      return;
    }
  /* The UI language (options.language stays NULL): safe off the main thread. */
  fsb_report_options_init (&options);
  if (!fsb_use_case_from_id (job->use_case, &options.use_case))
    options.use_case = FSB_USE_CASE_SERVER;
  if (g_cancellable_set_error_if_cancelled (cancellable, &error)
      || !fsb_report_write ((FsbResult * const *) job->results->pdata, (const char * const *) job->labels,
                            job->results->len, format, &options, job->path, &error))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_strdup (job->path), g_free);
}

static void
chooser_response_cb (GtkNativeDialog *chooser, int response, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  ExportJob *job = g_task_get_task_data (task);

  if (response == GTK_RESPONSE_ACCEPT)
    job->path = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  if (job->path == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Nothing was exported."));
      return;
    }
  g_task_run_in_thread (task, export_thread);
}

void
fsb_exporter_run_async (GtkWindow           *parent,
                        FsbResult           *result,
                        GPtrArray           *runs,
                        const char          *format,
                        const char          *use_case,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  ExportJob *job = g_new0 (ExportJob, 1);
  GtkFileChooserNative *chooser;
  const FsbReportFormatInfo *info;
  g_autofree char *name = NULL;
  g_autofree char *stamp = NULL;

  g_return_if_fail (result != NULL);

  g_task_set_source_tag (task, fsb_exporter_run_async);
  if (runs != NULL)
    /* A comparison report from the runs themselves, with the differences;
     * the report names each run by what differs. */
    job->results = g_ptr_array_ref (runs);
  else
    {
      job->results = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_result_unref);
      g_ptr_array_add (job->results, fsb_result_ref (result));
    }
  job->format = g_strdup (format);
  job->use_case = g_strdup (use_case);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);

  chooser = gtk_file_chooser_native_new (_("Export the report"), parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_do_overwrite_confirmation (GTK_FILE_CHOOSER (chooser), TRUE);
  stamp = result->created != NULL ? g_strndup (result->created, 10) : g_strdup ("report");
  info = fsb_report_format_lookup (format);
  /* Translators: the default file name of a report; %s is a date */
  name = g_strdup_printf (_("fsbench-%s.%s"), stamp, info != NULL ? info->extension : format);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), task);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

char *
fsb_exporter_run_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
