/* fsb-window.c: the main window: set up, run, results and history pages
 *
 * The window wires the pages to the engine and to small helpers that do
 * one thing each: FsbImporter, FsbExporter, FsbComparisonView (the
 * engine's comparison of runs), and the two questions (FsbCommandsDialog,
 * FsbStopDialog). Nothing here reads a file
 * or waits for D-Bus on the main loop. */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-commands-dialog.h"
#include "fsb-comparison-view.h"
#include "fsb-error.h"
#include "fsb-exporter.h"
#include "fsb-gui-util.h"
#include "fsb-history.h"
#include "fsb-history-page.h"
#include "fsb-importer.h"
#include "fsb-results-page.h"
#include "fsb-run-page.h"
#include "fsb-runner.h"
#include "fsb-preflight.h"
#include "fsb-services.h"
#include "fsb-setup-page.h"
#include "fsb-stop-dialog.h"
#include "fsb-target.h"
#include "fsb-window.h"

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

  GSettings     *settings;
  GCancellable  *cancellable;      /* the window's background work */
  FsbRunner     *runner;
  GCancellable  *run_cancellable;
  guint          inhibit_cookie;
  gboolean       close_after_run;
  gboolean       starting;         /* the services are checked before a run */
  gboolean       have_client;
  char          *page_before_history;
  GPtrArray     *compared;         /* of FsbResult*: the runs shown side by side, or NULL */
  int            width;            /* the size to remember, when not maximized */
  int            height;
  gboolean       maximized;
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

static gboolean
is_cancelled (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
      || g_error_matches (error, FSB_ERROR, FSB_ERROR_CANCELLED);
}

/* runs: the runs behind a comparison shown (view shows their changes),
 * or NULL for one result. */
static void
show_results (FsbWindow *self, FsbResult *result, const char *note, GPtrArray *runs, GtkWidget *view)
{
  g_clear_pointer (&self->compared, g_ptr_array_unref);
  if (runs != NULL)
    self->compared = g_ptr_array_ref (runs);
  fsb_results_page_show (FSB_RESULTS_PAGE (self->results_page), result, NULL, note, runs != NULL);
  fsb_results_page_set_comparison (FSB_RESULTS_PAGE (self->results_page), view);
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
  ENABLE ("start", can_start && !is_running (self) && !self->starting);
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

/* The system's services, and the disks once udisks2 answers ------------- */

static void
client_ready_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(FsbWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  UDisksClient *client = fsb_udisks_get_client_finish (res, &error);

  if (client == NULL && is_cancelled (error))
    return;
  if (client == NULL)
    fsb_window_show_problem (self, GTK_MESSAGE_ERROR, _("The disk service udisks2 cannot be used"), error->message);
  self->have_client = client != NULL;
  fsb_setup_page_set_client (FSB_SETUP_PAGE (self->setup_page), client);
}

/* The services answer, and what killed runs left is gone, before the
 * drives are listed: a leftover image's loop device is not offered. */
static void
preflight_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(FsbWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_auto(FsbPreflight) report = { 0 };

  if (!fsb_preflight_run_finish (res, &report, &error))
    {
      if (is_cancelled (error))
        return;
      /* Says which service and what to do; the filesystems are still listed. */
      fsb_window_show_problem (self, GTK_MESSAGE_ERROR, error->message, report.problem.advice);
      fsb_setup_page_set_client (FSB_SETUP_PAGE (self->setup_page), NULL);
      return;
    }
  if (report.clean_error != NULL)
    fsb_window_show_problem (self, GTK_MESSAGE_WARNING, _("What an earlier run left could not all be cleaned up"),
                             report.clean_error->message);
  else if (fsb_preflight_cleaned (&report))
    {
      g_autofree char *detail = fsb_gui_describe_cleaned (&report);

      fsb_window_show_problem (self, GTK_MESSAGE_INFO, _("FS Bench cleaned up after a run that was stopped"), detail);
    }
  fsb_udisks_get_client_async (self->cancellable, client_ready_cb, g_object_ref (self));
}

/* Running a comparison -------------------------------------------------- */

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
  fsb_application_notify (FSB_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))), "run-finished",
                          notification);
}

static void
saved_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(FsbWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  FsbResult *saved = NULL;
  g_autofree char *path = fsb_history_save_finish (res, &saved, &error);

  if (path == NULL && is_cancelled (error))
    return;
  if (path == NULL)
    {
      fsb_window_show_problem (self, GTK_MESSAGE_WARNING, _("The results could not be saved to the history"),
                               error->message);
      return;
    }
  /* Only if the page still shows that result. */
  if (fsb_results_page_get_result (FSB_RESULTS_PAGE (self->results_page)) == saved)
    {
      /* Translators: %s is a file path */
      g_autofree char *note = g_strdup_printf (_("Saved in %s"), path);
      fsb_results_page_set_note (FSB_RESULTS_PAGE (self->results_page), note);
    }
}

/* Saved to the history without being asked, in a thread. */
static void
save_to_history (FsbWindow *self, FsbResult *result)
{
  fsb_history_save_async (result, self->cancellable, saved_cb, g_object_ref (self));
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
      show_page (self, "setup");
      if (is_cancelled (error))
        fsb_window_show_problem (self, GTK_MESSAGE_INFO, _("The comparison was cancelled"),
                                 _("Everything it set up was unmounted and removed."));
      else
        {
          fsb_window_show_problem (self, GTK_MESSAGE_ERROR, _("The comparison could not finish"), error->message);
          notify_finished (self, _("The comparison could not finish"), error->message);
        }
      return;
    }

  show_results (self, result, NULL, NULL, NULL);
  show_page (self, "results");
  update_actions (self);
  save_to_history (self, result);
  fsb_setup_page_add_run (FSB_SETUP_PAGE (self->setup_page), result);
  notify_finished (self, _("The comparison is finished"),
                   fsb_results_page_get_headline (FSB_RESULTS_PAGE (self->results_page)));
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
  g_autoptr(FsbPlan) plan = fsb_plan_ref (fsb_commands_dialog_get_plan (FSB_COMMANDS_DIALOG (dialog)));

  gtk_widget_destroy (GTK_WIDGET (dialog));
  if (response == GTK_RESPONSE_ACCEPT && !is_running (self))
    {
      /* the user saw every command and agreed to run them */
      plan->custom_confirmed = TRUE;
      begin_run (self, plan);
    }
}

static void
start_checked_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(FsbWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbPlan) plan = NULL;
  FsbServiceProblem problem;

  self->starting = FALSE;
  update_actions (self);
  if (!fsb_services_check_finish (res, &problem, &error))
    {
      if (!is_cancelled (error))
        fsb_window_show_problem (self, GTK_MESSAGE_ERROR, error->message, problem.advice);
      return;
    }
  /* fixed since the window opened: the drives can be listed now */
  if (!self->have_client)
    fsb_udisks_get_client_async (self->cancellable, client_ready_cb, g_object_ref (self));
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
      GtkWidget *dialog = fsb_commands_dialog_new (GTK_WINDOW (self), plan);

      g_signal_connect_object (dialog, "response", G_CALLBACK (commands_dialog_response_cb), self, 0);
      gtk_widget_show (dialog);
      return;
    }
  begin_run (self, plan);
}

static void
start_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);

  if (is_running (self) || self->starting)
    return;
  hide_problem (self);
  /* A service that stopped since the window opened is named, not met as a
   * raw D-Bus error halfway through the run. */
  self->starting = TRUE;
  update_actions (self);
  fsb_services_check_async (self->cancellable, start_checked_cb, g_object_ref (self));
}

static void
stop_dialog_response_cb (GtkDialog *dialog, int response, FsbWindow *self)
{
  gboolean quitting = fsb_stop_dialog_is_quitting (FSB_STOP_DIALOG (dialog));

  gtk_widget_destroy (GTK_WIDGET (dialog));
  if (response != GTK_RESPONSE_ACCEPT || !is_running (self))
    return;
  self->close_after_run = quitting;
  g_cancellable_cancel (self->run_cancellable);
  fsb_run_page_cancelling (FSB_RUN_PAGE (self->run_page));
}

/* Asks before a run is thrown away; the run goes on meanwhile. */
static void
ask_to_stop (FsbWindow *self, gboolean quitting)
{
  GtkWidget *dialog = fsb_stop_dialog_new (GTK_WINDOW (self), quitting);

  g_signal_connect_object (dialog, "response", G_CALLBACK (stop_dialog_response_cb), self, 0);
  gtk_widget_show (dialog);
}

static void
cancel_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);

  if (is_running (self))
    ask_to_stop (self, FALSE);
}

/* The session ends (SIGTERM), the terminal closes (SIGHUP) or Ctrl+C:
 * no time to ask; a run is cancelled, lets go of its target, and the
 * window goes once it has. */
void
fsb_window_terminate (FsbWindow *self)
{
  g_return_if_fail (FSB_IS_WINDOW (self));

  if (!is_running (self))
    {
      gtk_widget_destroy (GTK_WIDGET (self));
      return;
    }
  self->close_after_run = TRUE;
  g_cancellable_cancel (self->run_cancellable);
  fsb_run_page_cancelling (FSB_RUN_PAGE (self->run_page));
}

/* The size and the maximized state, remembered as GNOME apps do ------- */

static void
window_size_allocate_cb (FsbWindow *self)
{
  if (!self->maximized)
    gtk_window_get_size (GTK_WINDOW (self), &self->width, &self->height);
}

static gboolean
window_state_event_cb (GtkWidget *widget, GdkEventWindowState *event)
{
  FsbWindow *self = FSB_WINDOW (widget);

  self->maximized = (event->new_window_state & GDK_WINDOW_STATE_MAXIMIZED) != 0;
  return GDK_EVENT_PROPAGATE;
}

static void
save_window_state (FsbWindow *self)
{
  /* the size of the last configure event: a resize just before closing
   * counts, even if no allocation followed it yet */
  if (!self->maximized)
    gtk_window_get_size (GTK_WINDOW (self), &self->width, &self->height);
  g_settings_delay (self->settings);
  g_settings_set_boolean (self->settings, "window-maximized", self->maximized);
  if (self->width > 0 && self->height > 0)
    {
      g_settings_set_int (self->settings, "window-width", self->width);
      g_settings_set_int (self->settings, "window-height", self->height);
    }
  g_settings_apply (self->settings);
}

static gboolean
window_delete_event_cb (GtkWidget *widget, GdkEvent *event)
{
  FsbWindow *self = FSB_WINDOW (widget);

  if (is_running (self))
    {
      if (!self->close_after_run)
        ask_to_stop (self, TRUE);
      return GDK_EVENT_STOP;
    }
  save_window_state (self);
  return GDK_EVENT_PROPAGATE;
}

/* Navigation -------------------------------------------------------------- */

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

typedef struct {
  FsbWindow *self;
  char      *path;
} Opening;

static void
run_read_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  Opening *opening = user_data;
  g_autoptr(FsbWindow) self = opening->self;
  g_autofree char *path = opening->path;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) runs = fsb_history_load_finish (res, &error);

  g_free (opening);
  if ((runs == NULL && is_cancelled (error)) || is_running (self))
    return;
  if (runs == NULL)
    {
      fsb_window_show_problem (self, GTK_MESSAGE_ERROR, _("This comparison cannot be opened"), error->message);
      return;
    }
  show_results (self, g_ptr_array_index (runs, 0), path, NULL, NULL);
  show_page (self, "results");
  update_actions (self);
}

static void
open_run_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);
  const char *path = g_variant_get_string (param, NULL);
  const char *paths[] = { path, NULL };
  Opening *opening;

  if (fsb_history_page_lookup (FSB_HISTORY_PAGE (self->history_page), path) == NULL)
    {
      g_autofree char *name = g_filename_display_basename (path);
      /* Translators: %s is a file name */
      g_autofree char *detail = g_strdup_printf (_("%s is no longer in the history."), name);
      fsb_window_show_problem (self, GTK_MESSAGE_ERROR, _("This comparison cannot be opened"), detail);
      return;
    }
  /* The listing read summaries only: the whole result is read now, in a thread. */
  opening = g_new0 (Opening, 1);
  opening->self = g_object_ref (self);
  opening->path = g_strdup (path);
  fsb_history_load_async (paths, self->cancellable, run_read_cb, opening);
}

static void
runs_read_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(FsbWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) runs = fsb_history_load_finish (res, &error);
  g_autoptr(FsbResult) merged = NULL;
  g_autofree char *note = NULL;
  GtkWidget *view;

  if ((runs == NULL && is_cancelled (error)) || is_running (self))
    return;
  /* the engine's comparison, as the report makes it; the oldest run first
   * (runs is sorted so: the export writes them in that order too) */
  view = runs != NULL ? fsb_comparison_view_new_for_runs (runs, &merged, &error) : NULL;
  if (view == NULL)
    {
      fsb_window_show_problem (self, GTK_MESSAGE_ERROR, _("These comparisons cannot be put side by side"),
                               error->message);
      return;
    }
  /* Translators: %u is the number of runs compared */
  note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Comparing %u run side by side",
                                       "Comparing %u runs side by side", runs->len), runs->len);
  show_results (self, merged, note, runs, view);
  show_page (self, "results");
  update_actions (self);
}

static void
compare_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);
  g_auto(GStrv) paths = fsb_history_page_get_selected (FSB_HISTORY_PAGE (self->history_page));

  if (g_strv_length (paths) < 2)
    return;
  fsb_history_load_async ((const char *const *) paths, self->cancellable, runs_read_cb, g_object_ref (self));
}

/* Import and export --------------------------------------------------------- */

static void
imported_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(FsbWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  guint n_failed = 0;

  if (!fsb_importer_run_finish (res, &n_failed, &error) && is_cancelled (error))
    return;
  fsb_history_page_reload (FSB_HISTORY_PAGE (self->history_page));
  if (error != NULL)
    {
      /* Translators: %u is the number of files that could not be imported */
      g_autofree char *what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file could not be imported",
                                                            "%u files could not be imported", n_failed),
                                               n_failed);
      fsb_window_show_problem (self, GTK_MESSAGE_ERROR, what, error->message);
    }
}

static void
import_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);

  fsb_importer_run_async (GTK_WINDOW (self), self->cancellable, imported_cb, g_object_ref (self));
  if (!is_running (self) && g_strcmp0 (gtk_stack_get_visible_child_name (GTK_STACK (self->stack)), "history") != 0)
    show_history_activated (NULL, NULL, self);
}

static void
exported_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(FsbWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = fsb_exporter_run_finish (res, &error);

  if (path == NULL && is_cancelled (error))
    return;
  if (path == NULL)
    fsb_window_show_problem (self, GTK_MESSAGE_ERROR, _("The report could not be written"), error->message);
  else
    {
      /* Translators: %s is a file path */
      g_autofree char *what = g_strdup_printf (_("Saved in %s"), path);
      fsb_window_show_problem (self, GTK_MESSAGE_INFO, what, NULL);
    }
}

static void
export_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  FsbWindow *self = FSB_WINDOW (user_data);
  FsbResultsPage *page = FSB_RESULTS_PAGE (self->results_page);
  FsbResult *result = fsb_results_page_get_result (page);

  if (result == NULL)
    return;
  fsb_exporter_run_async (GTK_WINDOW (self), result, self->compared, g_variant_get_string (param, NULL),
                          fsb_results_page_get_use_case (page), self->cancellable, exported_cb,
                          g_object_ref (self));
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
  fsb_preflight_run_async (FSB_PREFLIGHT_ALL, self->cancellable, preflight_cb, g_object_ref (self));
}

static void
fsb_window_dispose (GObject *object)
{
  FsbWindow *self = FSB_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
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
  g_clear_object (&self->cancellable);
  g_clear_object (&self->runner);
  g_clear_object (&self->run_cancellable);
  g_clear_pointer (&self->compared, g_ptr_array_unref);
  g_free (self->page_before_history);
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
  widget_class->window_state_event = window_state_event_cb;

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
  gtk_widget_class_bind_template_callback (widget_class, window_size_allocate_cb);
  gtk_widget_class_bind_template_callback (widget_class, info_bar_response_cb);
  gtk_widget_class_bind_template_callback (widget_class, stack_visible_child_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, begin_run);   /* the results page's "measure" */
}

static void
fsb_window_init (FsbWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* GTK gives the info bar's close button an icon and no name. */
  fsb_gui_name_info_bar_close_button (GTK_INFO_BAR (self->info_bar), _("Close the message"));

  self->settings = g_settings_new (APP_ID);
  self->cancellable = g_cancellable_new ();
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
