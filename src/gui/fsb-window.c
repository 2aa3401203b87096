/* fsb-window.c: the main window: set up, run, results and history pages */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-error.h"
#include "fsb-custom.h"
#include "fsb-gui-util.h"
#include "fsb-history.h"
#include "fsb-history-page.h"
#include "fsb-results-page.h"
#include "fsb-run-page.h"
#include "fsb-runner.h"
#include "fsb-setup-page.h"
#include "fsb-window.h"
#include "fsb-report.h"

struct _FsbWindow
{
  GtkApplicationWindow parent_instance;

  GtkWidget *stack;
  GtkWidget *menu_button;
  GtkWidget *history_button;
  GtkWidget *back_button;
  GtkWidget *info_bar;
  GtkWidget *info_title;
  GtkWidget *info_detail;
  GtkWidget *setup_page;
  GtkWidget *run_page;
  GtkWidget *results_page;
  GtkWidget *history_page;

  GSettings    *settings;
  FsbRunner    *runner;
  GCancellable *run_cancellable;
  guint         inhibit_cookie;
  gboolean      close_after_run;
  char         *page_before_history;
  GPtrArray    *compared;        /* of FsbResult*: the runs behind a comparison shown, or NULL */
  char        **compared_labels;
};

G_DEFINE_FINAL_TYPE (FsbWindow, fsb_window, GTK_TYPE_APPLICATION_WINDOW)

static void update_actions (FsbWindow *self);

void
fsb_window_show_problem (FsbWindow *self, GtkMessageType type, const char *what_happened, const char *what_to_do)
{
  g_return_if_fail (FSB_IS_WINDOW (self));

  gtk_info_bar_set_message_type (GTK_INFO_BAR (self->info_bar), type);
  gtk_label_set_text (GTK_LABEL (self->info_title), what_happened);
  gtk_label_set_text (GTK_LABEL (self->info_detail), what_to_do != NULL ? what_to_do : "");
  gtk_widget_set_visible (self->info_detail, what_to_do != NULL && what_to_do[0] != '\0');
  gtk_info_bar_set_revealed (GTK_INFO_BAR (self->info_bar), TRUE);
}

static void
hide_problem (FsbWindow *self)
{
  gtk_info_bar_set_revealed (GTK_INFO_BAR (self->info_bar), FALSE);
}

static void
info_bar_response_cb (FsbWindow *self, int response)
{
  hide_problem (self);
}

static void
page_problem_cb (FsbWindow *self, const char *what, const char *todo)
{
  fsb_window_show_problem (self, GTK_MESSAGE_WARNING, what, todo);
}

/* runs and labels: the runs behind a comparison, or NULL for one result. */
static void
show_results (FsbWindow *self, FsbResult *result, const char *note, GPtrArray *runs, char **labels)
{
  g_clear_pointer (&self->compared, g_ptr_array_unref);
  g_clear_pointer (&self->compared_labels, g_strfreev);
  if (runs != NULL)
    {
      self->compared = g_ptr_array_ref (runs);
      self->compared_labels = g_strdupv (labels);
    }
  fsb_results_page_show (FSB_RESULTS_PAGE (self->results_page), result, NULL, note, runs != NULL);
}

static void
show_page (FsbWindow *self, const char *name)
{
  hide_problem (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), name);
}

static void
stack_visible_child_changed_cb (FsbWindow *self)
{
  const char *name = gtk_stack_get_visible_child_name (GTK_STACK (self->stack));

  gtk_widget_set_visible (self->back_button, g_strcmp0 (name, "history") == 0);
  gtk_widget_set_visible (self->history_button, g_strcmp0 (name, "history") != 0);
  update_actions (self);
}

static gboolean
is_running (FsbWindow *self)
{
  return self->runner != NULL;
}

static void
update_actions (FsbWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (GTK_STACK (self->stack));
  gboolean can_start = FALSE;
  guint n_selected = 0;
  GAction *action;

  g_object_get (self->setup_page, "can-start", &can_start, NULL);
  g_object_get (self->history_page, "n-selected", &n_selected, NULL);

#define ENABLE(name, cond) \
  action = g_action_map_lookup_action (G_ACTION_MAP (self), name); \
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), (cond));
  ENABLE ("start", can_start && !is_running (self));
  ENABLE ("cancel", is_running (self));
  ENABLE ("show-history", !is_running (self) && g_strcmp0 (page, "history") != 0);
  ENABLE ("go-back", !is_running (self));
  ENABLE ("new-run", !is_running (self));
  ENABLE ("export", fsb_results_page_get_result (FSB_RESULTS_PAGE (self->results_page)) != NULL);
  ENABLE ("compare", n_selected >= 2);
  ENABLE ("open-run", !is_running (self));
  ENABLE ("import", !is_running (self));
#undef ENABLE
}

/* Running a comparison */

static void
uninhibit (FsbWindow *self)
{
  if (self->inhibit_cookie != 0)
    gtk_application_uninhibit (gtk_window_get_application (GTK_WINDOW (self)), self->inhibit_cookie);
  self->inhibit_cookie = 0;
}

static void
notify_finished (FsbWindow *self, const char *title, const char *body)
{
  g_autoptr(GNotification) notification = NULL;

  /* The user is looking at the window: the page says it all. */
  if (gtk_window_is_active (GTK_WINDOW (self)))
    return;
  notification = g_notification_new (title);
  g_notification_set_body (notification, body);
  g_application_send_notification (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                                   "run-finished", notification);
}

static void
run_finished_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(FsbWindow) self = user_data;
  g_autoptr(FsbRunner) runner = g_steal_pointer (&self->runner);
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) result = fsb_runner_run_finish (runner, res, &error);

  g_clear_object (&self->run_cancellable);
  uninhibit (self);
  update_actions (self);

  if (self->close_after_run)
    {
      gtk_widget_destroy (GTK_WIDGET (self));
      return;
    }

  if (result == NULL)
    {
      gboolean cancelled = g_error_matches (error, FSB_ERROR, FSB_ERROR_CANCELLED) ||
                           g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

      show_page (self, "setup");
      if (cancelled)
        fsb_window_show_problem (self, GTK_MESSAGE_INFO, _("The comparison was cancelled"),
                                 _("Everything it set up was unmounted and removed."));
      else
        {
          fsb_window_show_problem (self, GTK_MESSAGE_ERROR, _("The comparison could not finish"), error->message);
          notify_finished (self, _("The comparison could not finish"), error->message);
        }
      return;
    }

  {
    g_autoptr(GError) save_error = NULL;
    g_autofree char *path = fsb_history_save (result, &save_error);
    g_autofree char *note = NULL;

    if (path != NULL)
      /* Translators: %s is a file path */
      note = g_strdup_printf (_("Saved in %s"), path);
    show_results (self, result, note, NULL, NULL);
    show_page (self, "results");
    update_actions (self);
    if (path == NULL)
      fsb_window_show_problem (self, GTK_MESSAGE_WARNING, _("The results could not be saved to the history"),
                               save_error->message);
    notify_finished (self, _("The comparison is finished"),
                     fsb_results_page_get_headline (FSB_RESULTS_PAGE (self->results_page)));
  }
}

static void
begin_run (FsbWindow *self, FsbPlan *plan)
{
  g_autofree char *title = NULL;

  fsb_setup_page_save_choices (FSB_SETUP_PAGE (self->setup_page));

  title = fsb_setup_page_describe (FSB_SETUP_PAGE (self->setup_page));
  self->runner = fsb_runner_new (plan);
  self->run_cancellable = g_cancellable_new ();
  self->close_after_run = FALSE;
  fsb_run_page_follow (FSB_RUN_PAGE (self->run_page), self->runner, title);
  show_page (self, "run");

  self->inhibit_cookie = gtk_application_inhibit (gtk_window_get_application (GTK_WINDOW (self)),
                                                  GTK_WINDOW (self),
                                                  GTK_APPLICATION_INHIBIT_SUSPEND | GTK_APPLICATION_INHIBIT_IDLE,
                                                  _("Comparing filesystems"));
  fsb_runner_run_async (self->runner, self->run_cancellable, run_finished_cb, g_object_ref (self));
  update_actions (self);
}

static void
commands_dialog_response_cb (GtkDialog *dialog, int response, FsbWindow *self)
{
  g_autoptr(FsbPlan) plan = fsb_plan_ref (g_object_get_data (G_OBJECT (dialog), "plan"));

  gtk_widget_destroy (GTK_WIDGET (dialog));
  if (response == GTK_RESPONSE_ACCEPT && !is_running (self))
    {
      /* the user saw every command and agreed to run them */
      plan->custom_confirmed = TRUE;
      begin_run (self, plan);
    }
}

/* Shell commands run as the user, on every filesystem: show each one and
 * ask first. Not gtk_dialog_run(): the window keeps drawing. */
static void
ask_to_run_commands (FsbWindow *self, FsbPlan *plan)
{
  g_autofree char *text = fsb_custom_describe (plan);
  GtkWidget *dialog;
  GtkWidget *area;
  GtkWidget *view;
  GtkWidget *scrolled;

  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE, "%s",
                                   _("Run these commands?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Each runs with your rights, in the mounted test folder of every filesystem. Run only commands you trust."));
  view = gtk_text_view_new ();
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (view)), text, -1);
  gtk_text_view_set_editable (GTK_TEXT_VIEW (view), FALSE);
  gtk_text_view_set_monospace (GTK_TEXT_VIEW (view), TRUE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (GTK_TEXT_VIEW (view), 6);
  fsb_gui_set_accessible_name (view, _("The commands"));
  scrolled = gtk_scrolled_window_new (NULL, NULL);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 80);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 240);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (scrolled), GTK_SHADOW_IN);
  gtk_container_add (GTK_CONTAINER (scrolled), view);
  area = gtk_message_dialog_get_message_area (GTK_MESSAGE_DIALOG (dialog));
  gtk_container_add (GTK_CONTAINER (area), scrolled);
  gtk_widget_show_all (scrolled);
  gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                          _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Run the commands"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_object_set_data_full (G_OBJECT (dialog), "plan", plan, (GDestroyNotify) fsb_plan_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (commands_dialog_response_cb), self, 0);
  gtk_widget_show (dialog);
}

static void
start_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbPlan) plan = NULL;

  if (is_running (self))
    return;
  plan = fsb_setup_page_build_plan (FSB_SETUP_PAGE (self->setup_page), &error);
  if (plan == NULL)
    {
      fsb_window_show_problem (self, GTK_MESSAGE_ERROR, _("The comparison cannot start"), error->message);
      return;
    }
  if (plan->custom_commands->len > 0 && !plan->custom_confirmed)
    {
      ask_to_run_commands (self, g_steal_pointer (&plan));
      return;
    }
  begin_run (self, plan);
}

static void
cancel_dialog_response_cb (GtkDialog *dialog, int response, FsbWindow *self)
{
  gboolean closing = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "closing"));

  gtk_widget_destroy (GTK_WIDGET (dialog));
  if (response != GTK_RESPONSE_ACCEPT || !is_running (self))
    return;
  self->close_after_run = closing;
  g_cancellable_cancel (self->run_cancellable);
  fsb_run_page_cancelling (FSB_RUN_PAGE (self->run_page));
}

/* Asks before a run is thrown away. Not gtk_dialog_run(): the run goes on
 * and the window keeps drawing while the question is open. */
static void
ask_to_cancel (FsbWindow *self, gboolean closing)
{
  GtkWidget *dialog;
  GtkWidget *stop;

  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, "%s",
                                   closing ? _("Stop the comparison and quit?") : _("Stop the comparison?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("The results measured so far will be lost. FS Bench unmounts and removes everything it set up."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                          _("_Keep running"), GTK_RESPONSE_CANCEL,
                          closing ? _("_Stop and quit") : _("_Stop"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  stop = gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  gtk_style_context_add_class (gtk_widget_get_style_context (stop), "destructive-action");
  g_object_set_data (G_OBJECT (dialog), "closing", GINT_TO_POINTER (closing));
  g_signal_connect_object (dialog, "response", G_CALLBACK (cancel_dialog_response_cb), self, 0);
  gtk_widget_show (dialog);
}

static void
cancel_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);

  if (is_running (self))
    ask_to_cancel (self, FALSE);
}

static gboolean
window_delete_event_cb (GtkWidget *widget, GdkEvent *event)
{
  FsbWindow *self = FSB_WINDOW (widget);
  int width, height;

  if (is_running (self))
    {
      if (!self->close_after_run)
        ask_to_cancel (self, TRUE);
      return GDK_EVENT_STOP;
    }
  gtk_window_get_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)))
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  return GDK_EVENT_PROPAGATE;
}

/* Navigation */

static void
new_run_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  show_page (FSB_WINDOW (user_data), "setup");
}

static void
show_history_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);

  g_free (self->page_before_history);
  self->page_before_history = g_strdup (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)));
  fsb_history_page_reload (FSB_HISTORY_PAGE (self->history_page));
  show_page (self, "history");
}

static void
go_back_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);
  const char *back = self->page_before_history;

  if (back == NULL || g_strcmp0 (back, "run") == 0 || g_strcmp0 (back, "history") == 0)
    back = "setup";
  show_page (self, back);
}

static void
open_run_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);
  const char *path = g_variant_get_string (param, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) result = fsb_result_load (path, &error);

  if (result == NULL)
    {
      fsb_window_show_problem (self, GTK_MESSAGE_ERROR, _("This comparison cannot be opened"), error->message);
      return;
    }
  show_results (self, result, path, NULL, NULL);
  show_page (self, "results");
  update_actions (self);
}

static void
compare_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);
  g_auto(GStrv) labels = NULL;
  g_autoptr(GPtrArray) runs = fsb_history_page_get_selected (FSB_HISTORY_PAGE (self->history_page), &labels);
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) merged = NULL;
  g_autofree char *note = NULL;

  if (runs->len < 2)
    return;
  merged = fsb_history_merge (runs, (const char *const *) labels, &error);
  if (merged == NULL)
    {
      fsb_window_show_problem (self, GTK_MESSAGE_ERROR, _("These comparisons cannot be put side by side"), error->message);
      return;
    }
  note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Comparing %u run side by side",
                                       "Comparing %u runs side by side", runs->len), runs->len);
  show_results (self, merged, note, runs, labels);
  show_page (self, "results");
  update_actions (self);
}

typedef struct {
  GPtrArray *paths;     /* of char*; NULL entries are non-local files */
  GString   *problems;
  guint      n_failed;
} ImportJob;

static void
import_job_free (ImportJob *job)
{
  g_ptr_array_unref (job->paths);
  g_string_free (job->problems, TRUE);
  g_free (job);
}

/* Reading and checking files of any size: not on the main thread. */
static void
import_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ImportJob *job = task_data;

  for (guint i = 0; i < job->paths->len; i++)
    {
      const char *path = job->paths->pdata[i];
      g_autoptr(GError) error = NULL;
      g_autofree char *dest = path != NULL ? fsb_history_import (path, &error) : NULL;

      if (dest == NULL)
        {
          job->n_failed++;
          g_string_append_printf (job->problems, "%s%s", job->problems->len > 0 ? "\n" : "",
                                  error != NULL ? error->message : _("Only local files can be imported."));
        }
    }
  g_task_return_boolean (task, TRUE);
}

static void
import_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (source);
  ImportJob *job = g_task_get_task_data (G_TASK (result));

  fsb_history_page_reload (FSB_HISTORY_PAGE (self->history_page));
  if (job->n_failed > 0)
    fsb_window_show_problem (self, GTK_MESSAGE_ERROR,
                             g_dngettext (GETTEXT_PACKAGE, "A file could not be imported",
                                          "Some files could not be imported", job->n_failed),
                             job->problems->str);
}

static void
import_response_cb (GtkNativeDialog *chooser, int response, gpointer user_data)
{
  g_autoptr(FsbWindow) self = user_data;
  g_autoptr(GSList) files = NULL;
  g_autoptr(GTask) task = NULL;
  ImportJob *job;

  if (response == GTK_RESPONSE_ACCEPT)
    files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  g_object_unref (chooser);
  if (files == NULL)
    return;

  job = g_new0 (ImportJob, 1);
  job->paths = g_ptr_array_new_with_free_func (g_free);
  job->problems = g_string_new (NULL);
  for (GSList *l = files; l != NULL; l = l->next)
    {
      g_ptr_array_add (job->paths, g_file_get_path (l->data));
      g_object_unref (l->data);
    }
  task = g_task_new (self, NULL, import_done_cb, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) import_job_free);
  g_task_run_in_thread (task, import_thread);
}

static void
import_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Import results"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_filter_set_name (filter, _("FS Bench results (JSON)"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), g_object_ref (filter));
  g_signal_connect (chooser, "response", G_CALLBACK (import_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
  if (!is_running (self) && g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)), "history") != 0)
    show_history_activated (NULL, NULL, self);
}

/* Export */

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

static void
export_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ExportJob *job = task_data;
  GError *error = NULL;
  FsbReportOptions options;
  FsbReportFormat format = FSB_REPORT_HTML;
  gboolean ok;

  /* The UI language (options.language stays NULL): safe off the main thread. */
  fsb_report_options_init (&options);
  if (!fsb_use_case_from_id (job->use_case, &options.use_case))
    options.use_case = FSB_USE_CASE_SERVER;
  fsb_report_format_from_id (job->format, &format);
  ok = fsb_report_write ((FsbResult * const *) job->results->pdata, (const char * const *) job->labels,
                         job->results->len, format, &options, job->path, &error);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
export_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(FsbWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  ExportJob *job = g_task_get_task_data (G_TASK (res));

  if (!g_task_propagate_boolean (G_TASK (res), &error))
    {
      /* Translators: %s is a file path */
      g_autofree char *what = g_strdup_printf (_("The report could not be written to %s"), job->path);
      fsb_window_show_problem (self, GTK_MESSAGE_ERROR, what, error->message);
    }
  else
    {
      g_autofree char *what = g_strdup_printf (_("Saved in %s"), job->path);
      fsb_window_show_problem (self, GTK_MESSAGE_INFO, what, NULL);
    }
}

static void
export_response_cb (GtkNativeDialog *chooser, int response, gpointer user_data)
{
  g_autoptr(FsbWindow) self = user_data;
  g_autoptr(GTask) task = NULL;
  ExportJob *job;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    path = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (chooser));
  if (path == NULL)
    {
      g_object_unref (chooser);
      return;
    }
  job = g_new0 (ExportJob, 1);
  if (self->compared != NULL)
    {
      /* A comparison report from the runs themselves, with the differences. */
      job->results = g_ptr_array_ref (self->compared);
      job->labels = g_strdupv (self->compared_labels);
    }
  else
    {
      job->results = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_result_unref);
      g_ptr_array_add (job->results, fsb_result_ref (fsb_results_page_get_result (FSB_RESULTS_PAGE (self->results_page))));
    }
  job->format = g_strdup (g_object_get_data (G_OBJECT (chooser), "format"));
  job->use_case = g_strdup (fsb_results_page_get_use_case (FSB_RESULTS_PAGE (self->results_page)));
  job->path = g_steal_pointer (&path);
  g_object_unref (chooser);

  /* PDF and HTML draw every chart: off the main loop. */
  task = g_task_new (NULL, NULL, export_done_cb, g_object_ref (self));
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  g_task_run_in_thread (task, export_thread);
}

static void
export_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);
  const char *format = g_variant_get_string (param, NULL);
  FsbResult *result = fsb_results_page_get_result (FSB_RESULTS_PAGE (self->results_page));
  GtkFileChooserNative *chooser;
  g_autofree char *name = NULL;
  g_autofree char *stamp = NULL;

  if (result == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Export the report"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_do_overwrite_confirmation (GTK_FILE_CHOOSER (chooser), TRUE);
  stamp = result->created != NULL ? g_strndup (result->created, 10) : g_strdup ("report");
  /* Translators: the default file name of a report; %s is a date */
  name = g_strdup_printf (_("fsbench-%s.%s"), stamp, format);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_object_set_data_full (G_OBJECT (chooser), "format", g_strdup (format), g_free);
  g_signal_connect (chooser, "response", G_CALLBACK (export_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static const GActionEntry win_entries[] = {
  { "start", start_activated },
  { "cancel", cancel_activated },
  { "new-run", new_run_activated },
  { "show-history", show_history_activated },
  { "go-back", go_back_activated },
  { "open-run", open_run_activated, "s" },
  { "compare", compare_activated },
  { "import", import_activated },
  { "export", export_activated, "s" },
};

static void
fsb_window_constructed (GObject *object)
{
  FsbWindow *self = FSB_WINDOW (object);

  G_OBJECT_CLASS (fsb_window_parent_class)->constructed (object);

  update_actions (self);
  fsb_setup_page_load (FSB_SETUP_PAGE (self->setup_page));
}

static void
fsb_window_dispose (GObject *object)
{
  FsbWindow *self = FSB_WINDOW (object);

  if (self->run_cancellable != NULL)
    g_cancellable_cancel (self->run_cancellable);
  uninhibit (self);
  G_OBJECT_CLASS (fsb_window_parent_class)->dispose (object);
}

static void
fsb_window_finalize (GObject *object)
{
  FsbWindow *self = FSB_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->runner);
  g_clear_object (&self->run_cancellable);
  g_free (self->page_before_history);
  g_clear_pointer (&self->compared, g_ptr_array_unref);
  g_strfreev (self->compared_labels);
  G_OBJECT_CLASS (fsb_window_parent_class)->finalize (object);
}

static void
fsb_window_class_init (FsbWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = fsb_window_constructed;
  object_class->dispose = fsb_window_dispose;
  object_class->finalize = fsb_window_finalize;

  g_type_ensure (FSB_TYPE_SETUP_PAGE);
  g_type_ensure (FSB_TYPE_RUN_PAGE);
  g_type_ensure (FSB_TYPE_RESULTS_PAGE);
  g_type_ensure (FSB_TYPE_HISTORY_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, history_button);
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, info_bar);
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, info_title);
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, info_detail);
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, setup_page);
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, run_page);
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, results_page);
  gtk_widget_class_bind_template_child (widget_class, FsbWindow, history_page);
  gtk_widget_class_bind_template_callback (widget_class, window_delete_event_cb);
  gtk_widget_class_bind_template_callback (widget_class, info_bar_response_cb);
  gtk_widget_class_bind_template_callback (widget_class, stack_visible_child_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, begin_run);   /* the results page's "measure" */
}

static void
fsb_window_init (FsbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);
  g_signal_connect_object (self->setup_page, "problem", G_CALLBACK (page_problem_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup_page, "notify::can-start", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history_page, "notify::n-selected", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);
}

FsbWindow *
fsb_window_new (FsbApplication *app)
{
  FsbWindow *self = g_object_new (FSB_TYPE_WINDOW, "application", app, NULL);
  GMenu *menu;

  /* GtkApplication loads ui/gtk/menus.ui by itself; the application is
   * only set once construction is over, hence here. */
  menu = gtk_application_get_menu_by_id (GTK_APPLICATION (app), "primary-menu");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->menu_button), G_MENU_MODEL (menu));
  return self;
}
