/* fsb-run-page.c: the progress of a running comparison, with live charts */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-chart-view.h"
#include "fsb-format.h"
#include "fsb-gui-util.h"
#include "fsb-run-page.h"
#include "fsb-catalog.h"

/* The log view keeps the newest lines only, so appending stays cheap. */
#define MAX_LOG_LINES 2000

struct _FsbRunPage
{
  GtkBox parent_instance;

  GtkWidget     *title;
  GtkWidget     *progress;
  GtkWidget     *eta;
  GtkWidget     *status;
  GtkWidget     *chart;
  GtkWidget     *log_view;
  GtkWidget     *cancel_button;
  GtkTextBuffer *log_buffer;

  FsbRunner *runner;
  FsbResult *live;   /* the samples so far, as the runner sent them */
};

G_DEFINE_FINAL_TYPE (FsbRunPage, fsb_run_page, GTK_TYPE_BOX)

static char *
format_eta (double seconds)
{
  guint s = (guint) (seconds + 0.5);

  if (seconds < 0)
    return g_strdup (_("estimating the time…"));
  if (s < 60)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u second left", "about %u seconds left", s), s);
  if (s < 3600)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u minute left", "about %u minutes left",
                                         (s + 30) / 60), (s + 30) / 60);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %u hour left", "about %u hours left",
                                       (s + 1800) / 3600), (s + 1800) / 3600);
}

static void
progress_cb (FsbRunner *runner, const FsbProgress *p, FsbRunPage *self)
{
  g_autofree char *percent = g_strdup_printf (_("%.0f %%"), CLAMP (p->fraction, 0, 1) * 100.0);
  g_autofree char *eta = format_eta (p->eta_seconds);
  g_autofree char *status = NULL;
  const char *fs = p->filesystem != NULL ? fsb_format_fs_name (p->filesystem) : "";
  const char *task = p->task_id != NULL ? fsb_task_display_name (p->task_id) : "";

  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress), CLAMP (p->fraction, 0, 1));
  gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress), percent);
  gtk_label_set_text (GTK_LABEL (self->eta), eta);
  /* Translators: filesystem · repetition 2 of 3 · what it does now */
  status = g_strdup_printf (_("%s · repetition %u of %u · %s"), fs, p->repetition, p->repetitions,
                            p->message != NULL && p->message[0] != '\0' ? p->message : task);
  gtk_label_set_text (GTK_LABEL (self->status), status);
}

/* Each new sample goes into the page's own result: no copy of the
 * runner's whole result per task. */
static void
task_finished_cb (FsbRunner *runner, const char *filesystem, const char *task_id, gpointer sample, FsbRunPage *self)
{
  FsbFsResult *fs = fsb_result_find_filesystem (self->live, filesystem);
  FsbTaskResult *task;

  if (fs == NULL)
    fs = fsb_result_add_filesystem (self->live, filesystem);
  task = fsb_fs_result_get_task (fs, task_id, TRUE);
  g_ptr_array_add (task->samples, fsb_sample_copy (sample));
  fsb_chart_view_set_result (FSB_CHART_VIEW (self->chart), self->live);
}

static void
log_cb (FsbRunner *runner, const char *line, FsbRunPage *self)
{
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (self->log_buffer, &end);
  gtk_text_buffer_insert (self->log_buffer, &end, line, -1);
  gtk_text_buffer_insert (self->log_buffer, &end, "\n", 1);

  if (gtk_text_buffer_get_line_count (self->log_buffer) > MAX_LOG_LINES)
    {
      GtkTextIter start, cut;

      gtk_text_buffer_get_start_iter (self->log_buffer, &start);
      gtk_text_buffer_get_iter_at_line (self->log_buffer, &cut, MAX_LOG_LINES / 10);
      gtk_text_buffer_delete (self->log_buffer, &start, &cut);
    }
  if (gtk_widget_get_mapped (self->log_view))
    {
      gtk_text_buffer_get_end_iter (self->log_buffer, &end);
      gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->log_view), &end, 0, FALSE, 0, 0);
    }
}

void
fsb_run_page_follow (FsbRunPage *self, FsbRunner *runner, const char *title)
{
  g_autofree char *eta = NULL;

  g_return_if_fail (FSB_IS_RUN_PAGE (self));
  g_return_if_fail (FSB_IS_RUNNER (runner));

  if (self->runner != NULL)
    g_signal_handlers_disconnect_by_data (self->runner, self);
  g_set_object (&self->runner, runner);

  gtk_label_set_text (GTK_LABEL (self->title), title);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress), 0);
  gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress), _("0 %"));
  eta = format_eta (-1);
  gtk_label_set_text (GTK_LABEL (self->eta), eta);
  gtk_label_set_text (GTK_LABEL (self->status), _("Preparing the disk image and the data…"));
  gtk_text_buffer_set_text (self->log_buffer, "", 0);
  gtk_widget_set_sensitive (self->cancel_button, TRUE);
  g_clear_pointer (&self->live, fsb_result_unref);
  self->live = fsb_result_new ();
  fsb_chart_view_set_result (FSB_CHART_VIEW (self->chart), self->live);

  g_signal_connect (runner, "progress", G_CALLBACK (progress_cb), self);
  g_signal_connect (runner, "task-finished", G_CALLBACK (task_finished_cb), self);
  g_signal_connect (runner, "log", G_CALLBACK (log_cb), self);
}

void
fsb_run_page_cancelling (FsbRunPage *self)
{
  gtk_widget_set_sensitive (self->cancel_button, FALSE);
  gtk_label_set_text (GTK_LABEL (self->status), _("Cancelling: unmounting and removing the disk image…"));
}

static void
fsb_run_page_dispose (GObject *object)
{
  FsbRunPage *self = FSB_RUN_PAGE (object);

  if (self->runner != NULL)
    g_signal_handlers_disconnect_by_data (self->runner, self);
  g_clear_object (&self->runner);
  g_clear_pointer (&self->live, fsb_result_unref);
  G_OBJECT_CLASS (fsb_run_page_parent_class)->dispose (object);
}

static void
fsb_run_page_class_init (FsbRunPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fsb_run_page_dispose;

  g_type_ensure (FSB_TYPE_CHART_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-run-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbRunPage, title);
  gtk_widget_class_bind_template_child (widget_class, FsbRunPage, progress);
  gtk_widget_class_bind_template_child (widget_class, FsbRunPage, eta);
  gtk_widget_class_bind_template_child (widget_class, FsbRunPage, status);
  gtk_widget_class_bind_template_child (widget_class, FsbRunPage, chart);
  gtk_widget_class_bind_template_child (widget_class, FsbRunPage, log_view);
  gtk_widget_class_bind_template_child (widget_class, FsbRunPage, log_buffer);
  gtk_widget_class_bind_template_child (widget_class, FsbRunPage, cancel_button);
}

static void
fsb_run_page_init (FsbRunPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
