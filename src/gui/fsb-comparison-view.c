/* fsb-comparison-view.c: the changes between runs, per filesystem, from the engine's comparison */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-catalog.h"
#include "fsb-comparison-view.h"
#include "fsb-format.h"
#include "fsb-gui-util.h"
#include "fsb-history.h"

struct _FsbComparisonView
{
  GtkBox parent_instance;

  FsbComparison *cmp;
};

G_DEFINE_FINAL_TYPE (FsbComparisonView, fsb_comparison_view, GTK_TYPE_BOX)

static GtkWidget *
wrapped_label (const char *text, const char *style_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 90);
  if (style_class != NULL)
    gtk_style_context_add_class (gtk_widget_get_style_context (label), style_class);
  return label;
}

static const char *
row_name (const FsbComparisonRow *row)
{
  if (g_strcmp0 (row->task, "capacity-initial") == 0)
    return _("After mkfs");
  if (g_strcmp0 (row->task, "capacity-residual") == 0)
    return _("After deleting everything");
  return fsb_task_display_name (row->task);
}

/* Task | Filesystem | each run | the change of each run after the first: the report's table. */
static GtkWidget *
section_table (FsbComparisonView *self, const char *section, GPtrArray *rows)
{
  FsbComparison *cmp = self->cmp;
  guint n_cols = 2 + cmp->n_runs + (cmp->n_runs - 1);
  g_autofree GType *types = g_new (GType, n_cols);
  g_autoptr(GtkListStore) store = NULL;
  GtkWidget *view;
  guint col = 0;

  for (guint c = 0; c < n_cols; c++)
    types[c] = G_TYPE_STRING;
  store = gtk_list_store_newv ((int) n_cols, types);
  for (guint r = 0; r < rows->len; r++)
    {
      const FsbComparisonRow *row = rows->pdata[r];
      GtkTreeIter iter;

      gtk_list_store_append (store, &iter);
      gtk_list_store_set (store, &iter, 0, row_name (row), 1, fsb_format_fs_name (row->fs), -1);
      for (guint i = 0, c = 2; i < cmp->n_runs; i++)
        {
          g_autofree char *value = fsb_comparison_format_value (row, i);

          gtk_list_store_set (store, &iter, c++, value, -1);
          if (i > 0)
            {
              g_autofree char *change = fsb_comparison_format_change (row, i);
              gtk_list_store_set (store, &iter, c++, change, -1);
            }
        }
    }

  view = gtk_tree_view_new_with_model (GTK_TREE_MODEL (store));
  for (guint c = 0; c < n_cols; c++)
    {
      GtkCellRenderer *cell = gtk_cell_renderer_text_new ();
      const char *title;
      GtkTreeViewColumn *column;

      if (c == 0)
        title = _("Task");
      else if (c == 1)
        title = _("Filesystem");
      else
        {
          /* run i's value at 2 + 2i - 1 (i > 0) or 2; its change right after */
          guint k = c - 2;
          guint run = (k + 1) / 2;
          gboolean change = k > 0 && k % 2 == 0;

          title = change ? _("Change") : cmp->labels[run];
          g_object_set (cell, "xalign", 1.0, NULL);
        }
      column = gtk_tree_view_column_new_with_attributes (title, cell, "text", col++, NULL);
      gtk_tree_view_column_set_resizable (column, TRUE);
      gtk_tree_view_append_column (GTK_TREE_VIEW (view), column);
    }
  {
    /* Translators: %s is a report section, "Big files" */
    g_autofree char *name = g_strdup_printf (_("Changes: %s"), fsb_criterion_title (section));
    fsb_gui_set_accessible_name (view, name);
  }
  return view;
}

static void
fill (FsbComparisonView *self)
{
  FsbComparison *cmp = self->cmp;
  g_autofree char *differs = g_strdup_printf (_("The runs differ in %s. The first is the reference."), cmp->what_differs);

  gtk_container_add (GTK_CONTAINER (self), wrapped_label (differs, "fsb-headline"));
  for (guint i = 0; i < cmp->warnings->len; i++)
    gtk_container_add (GTK_CONTAINER (self), wrapped_label (cmp->warnings->pdata[i], "fsb-warning"));
  for (guint s = 0; s < fsb_catalog_n_criteria (); s++)
    {
      const FsbCriterionSpec *section = fsb_catalog_nth_criterion (s);
      g_autoptr(GPtrArray) rows = fsb_comparison_section_rows (cmp, section->id);
      GtkWidget *frame;

      if (rows->len == 0)
        continue;
      gtk_container_add (GTK_CONTAINER (self), wrapped_label (_(section->title), "fsb-section-title"));
      if (g_ptr_array_find_with_equal_func (cmp->incomparable_sections, section->id, g_str_equal, NULL))
        gtk_container_add (GTK_CONTAINER (self),
                           wrapped_label (_("The runs used different data here: their figures stand side by side, but "
                                            "the tasks are not the same work, so no change is computed across them."),
                                          "dim-label"));
      frame = gtk_frame_new (NULL);
      gtk_container_add (GTK_CONTAINER (frame), section_table (self, section->id, rows));
      gtk_container_add (GTK_CONTAINER (self), frame);
    }
  gtk_widget_show_all (GTK_WIDGET (self));
}

static void
fsb_comparison_view_finalize (GObject *object)
{
  FsbComparisonView *self = FSB_COMPARISON_VIEW (object);

  g_clear_pointer (&self->cmp, fsb_comparison_free);
  G_OBJECT_CLASS (fsb_comparison_view_parent_class)->finalize (object);
}

static void
fsb_comparison_view_class_init (FsbComparisonViewClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = fsb_comparison_view_finalize;
}

static void
fsb_comparison_view_init (FsbComparisonView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 8);
}

GtkWidget *
fsb_comparison_view_new (FsbComparison *cmp)
{
  FsbComparisonView *self = g_object_new (FSB_TYPE_COMPARISON_VIEW, NULL);

  g_return_val_if_fail (cmp != NULL, NULL);
  self->cmp = cmp;
  fsb_gui_set_accessible_name (GTK_WIDGET (self), _("Changes between the runs"));
  fill (self);
  return GTK_WIDGET (self);
}

static int
older_first (gconstpointer a, gconstpointer b)
{
  const FsbResult *x = *(FsbResult * const *) a, *y = *(FsbResult * const *) b;

  return g_strcmp0 (x->created, y->created);
}

GtkWidget *
fsb_comparison_view_new_for_runs (GPtrArray *runs, FsbResult **merged, GError **error)
{
  FsbComparison *cmp;

  g_return_val_if_fail (runs != NULL && runs->len > 0 && merged != NULL, NULL);
  g_ptr_array_sort (runs, older_first);
  cmp = fsb_comparison_new ((FsbResult * const *) runs->pdata, runs->len);
  *merged = fsb_history_merge (runs, (const char * const *) cmp->labels, error);
  if (*merged == NULL)
    {
      fsb_comparison_free (cmp);
      return NULL;
    }
  return fsb_comparison_view_new (cmp);
}
