/* fsb-importer.c: result files chosen by the user, checked and copied into the history */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-error.h"
#include "fsb-history.h"
#include "fsb-importer.h"

typedef struct {
  GPtrArray *paths;      /* of char*; NULL entries are files that are not local */
  guint      n_failed;
} ImportJob;

static void
import_job_free (ImportJob *job)
{
  g_clear_pointer (&job->paths, g_ptr_array_unref);
  g_free (job);
}

/* Reading and checking files of any size: not on the main thread. */
static void
import_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ImportJob *job = task_data;
  g_autoptr(GString) problems = g_string_new (NULL);

  for (guint i = 0; i < job->paths->len; i++)
    {
      const char *path = job->paths->pdata[i];
      g_autoptr(GError) error = NULL;
      g_autofree char *dest = NULL;

      if (g_cancellable_set_error_if_cancelled (cancellable, &error))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      dest = path != NULL ? fsb_history_import (path, &error) : NULL;
      if (dest == NULL)
        {
          job->n_failed++;
          g_string_append_printf (problems, "%s%s", problems->len > 0 ? "\n" : "",
                                  error != NULL ? error->message : _("Only local files can be imported."));
        }
    }
  if (job->n_failed > 0)
    g_task_return_new_error (task, FSB_ERROR, FSB_ERROR_INVALID, "%s", problems->str);
  else
    g_task_return_boolean (task, TRUE);
}

static void
chooser_response_cb (GtkNativeDialog *chooser, int response, gpointer user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GSList) files = NULL;
  ImportJob *job;

  if (response == GTK_RESPONSE_ACCEPT)
    files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  if (files == NULL)
    {
      /* the user closed the chooser: the caller says nothing */
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Nothing was imported."));
      return;
    }

  job = g_new0 (ImportJob, 1);
  job->paths = g_ptr_array_new_with_free_func (g_free);
  for (GSList *l = files; l != NULL; l = l->next)
    {
      g_ptr_array_add (job->paths, g_file_get_path (l->data));
      g_object_unref (l->data);
    }
  g_task_set_task_data (task, job, (GDestroyNotify) import_job_free);
  g_task_run_in_thread (task, import_thread);
}

void
fsb_importer_run_async (GtkWindow *parent, GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *chooser;

  g_task_set_source_tag (task, fsb_importer_run_async);
  chooser = gtk_file_chooser_native_new (_("Import results"), parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Import"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_filter_set_name (filter, _("FS Bench results (JSON)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), g_object_ref (filter));
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), task);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

gboolean
fsb_importer_run_finish (GAsyncResult *result, guint *n_failed, GError **error)
{
  ImportJob *job;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  job = g_task_get_task_data (G_TASK (result));
  if (n_failed != NULL)
    *n_failed = job != NULL ? job->n_failed : 0;
  return g_task_propagate_boolean (G_TASK (result), error);
}
