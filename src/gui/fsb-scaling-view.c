/* fsb-scaling-view.c: on a section's page, how each filesystem scales over
 * the series its tasks ran (issue 28): a task to choose and its chart,
 * the engine's scaling chart as the report draws it */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-catalog.h"
#include "fsb-chart-view.h"
#include "fsb-gui-util.h"
#include "fsb-job.h"
#include "fsb-scaling.h"
#include "fsb-scaling-view.h"

struct _FsbScalingView
{
  GtkBox parent_instance;

  char      *section;
  GtkWidget *tasks;    /* GtkComboBoxText: the section's tasks that ran a series, by id */
  GtkWidget *chart;    /* FsbChartView, FSB_CHART_VIEW_SCALING */
};

G_DEFINE_FINAL_TYPE (FsbScalingView, fsb_scaling_view, GTK_TYPE_BOX)

static void
task_changed_cb (FsbScalingView *self)
{
  fsb_chart_view_set_task (FSB_CHART_VIEW (self->chart), gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->tasks)));
}

gboolean
fsb_scaling_view_set_result (FsbScalingView *self, FsbResult *result)
{
  const char *conditions[] = { FSB_CONDITION_JOBS, FSB_CONDITION_IODEPTH };
  guint n = 0;

  g_return_val_if_fail (FSB_IS_SCALING_VIEW (self), FALSE);

  g_signal_handlers_block_by_func (self->tasks, task_changed_cb, self);
  gtk_combo_box_text_remove_all (GTK_COMBO_BOX_TEXT (self->tasks));
  for (guint c = 0; result != NULL && c < G_N_ELEMENTS (conditions); c++)
    {
      g_autoptr(GPtrArray) tasks = fsb_scaling_tasks (result, conditions[c]);

      for (guint i = 0; i < tasks->len; i++)
        if (g_strcmp0 (fsb_task_criterion (tasks->pdata[i]), self->section) == 0)
          {
            gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (self->tasks), tasks->pdata[i],
                                       fsb_task_display_name (tasks->pdata[i]));
            n++;
          }
    }
  g_signal_handlers_unblock_by_func (self->tasks, task_changed_cb, self);
  fsb_chart_view_set_result (FSB_CHART_VIEW (self->chart), n > 0 ? result : NULL);
  if (n > 0)
    gtk_combo_box_set_active (GTK_COMBO_BOX (self->tasks), 0);
  gtk_widget_set_visible (GTK_WIDGET (self), n > 0);
  return n > 0;
}

GtkWidget *
fsb_scaling_view_new (const char *section)
{
  FsbScalingView *self = g_object_new (FSB_TYPE_SCALING_VIEW, "orientation", GTK_ORIENTATION_VERTICAL,
                                       "spacing", 6, NULL);
  const FsbCriterionSpec *criterion = fsb_catalog_criterion (section);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("How it _scales"));
  g_autofree char *name = NULL;

  self->section = g_strdup (section);
  self->tasks = gtk_combo_box_text_new ();
  self->chart = fsb_chart_view_new ();
  fsb_chart_view_set_kind (FSB_CHART_VIEW (self->chart), FSB_CHART_VIEW_SCALING);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->tasks);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_style_context_add_class (gtk_widget_get_style_context (label), "heading");
  /* Translators: the menu of a section's tasks whose scaling chart shows; %s is the section, "Many at once" */
  name = g_strdup_printf (_("Scaling of: %s"), criterion != NULL ? _(criterion->title) : section);
  fsb_gui_set_accessible_name (self->tasks, name);
  g_clear_pointer (&name, g_free);
  /* Translators: %s is a report section, "Many at once" */
  name = g_strdup_printf (_("Scaling chart: %s"), criterion != NULL ? _(criterion->title) : section);
  fsb_gui_set_accessible_name (self->chart, name);
  g_signal_connect_swapped (self->tasks, "changed", G_CALLBACK (task_changed_cb), self);
  gtk_container_add (GTK_CONTAINER (row), label);
  gtk_container_add (GTK_CONTAINER (row), self->tasks);
  gtk_container_add (GTK_CONTAINER (self), row);
  gtk_container_add (GTK_CONTAINER (self), self->chart);
  gtk_widget_show_all (GTK_WIDGET (self));
  /* hidden until a result has a series for it, whatever shows its page */
  gtk_widget_hide (GTK_WIDGET (self));
  gtk_widget_set_no_show_all (GTK_WIDGET (self), TRUE);
  return GTK_WIDGET (self);
}

static void
fsb_scaling_view_finalize (GObject *object)
{
  FsbScalingView *self = FSB_SCALING_VIEW (object);

  g_free (self->section);
  G_OBJECT_CLASS (fsb_scaling_view_parent_class)->finalize (object);
}

static void
fsb_scaling_view_class_init (FsbScalingViewClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = fsb_scaling_view_finalize;
}

static void
fsb_scaling_view_init (FsbScalingView *self)
{
}
