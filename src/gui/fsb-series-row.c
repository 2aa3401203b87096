/* fsb-series-row.c: a row of the workload options that chooses the counts
 * a series runs at (issue 28): the jobs at once, the requests in flight */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-catalog.h"
#include "fsb-gui-util.h"
#include "fsb-job.h"
#include "fsb-series-row.h"

/* The size's own counts come first (id "default"); then these. */
typedef struct {
  const char *condition;
  const char *key;            /* its GSettings key: the counts as `--jobs` takes them, "" for the size's own */
  const char *label;
  const char *description;
  const char *choices[5];
} SeriesRowSpec;

static const SeriesRowSpec specs[] = {
  { FSB_CONDITION_JOBS, "jobs", N_("_Jobs at once"),
    N_("How many jobs write, read and create files together in the tasks of the group, one count after another, "
       "to show how each filesystem keeps its speed as the jobs grow"),
    { "1,2", "1,2,4", "1,2,4,8", "1,4,16", NULL } },
  { FSB_CONDITION_IODEPTH, "iodepth", N_("_Requests in flight"),
    N_("How many random reads or writes wait at once in the queue of the group's tasks, one depth after another: "
       "an SSD answers deep queues far faster than one request at a time"),
    { "1,8", "1,8,32", "1,32,128", "1,4,16,64", NULL } },
};

static const SeriesRowSpec *
spec_of (GtkWidget *row)
{
  return g_object_get_data (G_OBJECT (row), "spec");
}

static GtkWidget *
combo_of (GtkWidget *row)
{
  return g_object_get_data (G_OBJECT (row), "combo");
}

/* The first group whose tasks run the series: the one to tick for it. */
static const FsbWorkloadGroup *
series_group (const char *condition)
{
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);

  for (guint g = 0; g < n; g++)
    if (fsb_group_has_series (groups[g], condition))
      return groups[g];
  return NULL;
}

static char *
title_of (const char *condition, const char *counts)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  const guint *values;
  guint n;

  if (!fsb_plan_set_series (plan, condition, counts, NULL))
    return NULL;
  values = fsb_plan_series (plan, condition, &n);
  return fsb_series_title (condition, values, n);
}

GtkWidget *
fsb_series_row_new (const char *condition)
{
  const SeriesRowSpec *spec = NULL;
  GtkWidget *row, *box, *label, *combo;

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    if (g_strcmp0 (specs[i].condition, condition) == 0)
      spec = &specs[i];
  g_return_val_if_fail (spec != NULL, NULL);

  row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_style_context_add_class (gtk_widget_get_style_context (box), "fsb-row");
  combo = gtk_combo_box_text_new ();
  label = gtk_label_new_with_mnemonic (_(spec->label));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), combo);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_tooltip_text (label, _(spec->description));
  fsb_gui_set_accessible_name (combo, gtk_label_get_text (GTK_LABEL (label)));
  gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (combo), "default", "");
  for (guint i = 0; spec->choices[i] != NULL; i++)
    {
      g_autofree char *title = title_of (condition, spec->choices[i]);

      gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (combo), spec->choices[i], title);
    }
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (combo), "default");
  gtk_container_add (GTK_CONTAINER (box), label);
  gtk_container_add (GTK_CONTAINER (box), combo);
  gtk_container_add (GTK_CONTAINER (row), box);
  gtk_widget_show_all (row);
  g_object_set_data (G_OBJECT (row), "spec", (gpointer) spec);
  g_object_set_data (G_OBJECT (row), "combo", combo);
  return row;
}

GtkComboBox *
fsb_series_row_get_combo (GtkWidget *row)
{
  return GTK_COMBO_BOX (combo_of (row));
}

void
fsb_series_row_set_profile (GtkWidget *row, const char *profile)
{
  const SeriesRowSpec *spec = spec_of (row);
  GtkComboBoxText *combo = GTK_COMBO_BOX_TEXT (combo_of (row));
  gboolean was_default = g_strcmp0 (gtk_combo_box_get_active_id (GTK_COMBO_BOX (combo)), "default") == 0;
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autofree char *counts = NULL;
  g_autofree char *title = NULL;
  const guint *values;
  guint n;

  /* the custom sizes run the standard counts */
  if (!fsb_plan_set_profile (plan, profile, NULL))
    fsb_plan_set_profile (plan, FSB_DEFAULT_PROFILE, NULL);
  values = fsb_plan_series (plan, spec->condition, &n);
  counts = fsb_series_title (spec->condition, values, n);
  /* Translators: the first choice of a series: the counts the chosen size runs, "1 and 4 jobs" */
  title = g_strdup_printf (_("%s, as the size chooses"), counts);
  /* the menu's first item, rewritten; the choice stays */
  gtk_combo_box_text_remove (combo, 0);
  gtk_combo_box_text_prepend (combo, "default", title);
  if (was_default)
    gtk_combo_box_set_active_id (GTK_COMBO_BOX (combo), "default");
}

void
fsb_series_row_set_groups (GtkWidget *row, const char *const *groups)
{
  const SeriesRowSpec *spec = spec_of (row);
  const FsbWorkloadGroup *group = series_group (spec->condition);
  gboolean runs = FALSE;
  g_autofree char *hint = NULL;

  for (guint i = 0; groups != NULL && groups[i] != NULL && !runs; i++)
    runs = fsb_group_has_series (fsb_catalog_group (groups[i]), spec->condition);
  gtk_widget_set_sensitive (combo_of (row), runs);
  if (!runs && group != NULL)
    /* Translators: the tooltip of a series' menu while the group that runs it is not ticked; %s is the
     * group's name, "Many at once" */
    hint = g_strdup_printf (_("Tick “%s” among the tasks to choose its counts."), _(group->name));
  gtk_widget_set_tooltip_text (combo_of (row), hint);
}

gboolean
fsb_series_row_fill_plan (GtkWidget *row, FsbPlan *plan, GError **error)
{
  const char *id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (combo_of (row)));

  if (id == NULL || g_str_equal (id, "default"))
    return TRUE;
  return fsb_plan_set_series (plan, spec_of (row)->condition, id, error);
}

void
fsb_series_row_load (GtkWidget *row, GSettings *settings)
{
  g_autofree char *counts = g_settings_get_string (settings, spec_of (row)->key);

  /* counts the menu does not offer (a hand-edited key) keep the size's own */
  if (counts[0] == '\0' || !gtk_combo_box_set_active_id (GTK_COMBO_BOX (combo_of (row)), counts))
    gtk_combo_box_set_active_id (GTK_COMBO_BOX (combo_of (row)), "default");
}

void
fsb_series_row_save (GtkWidget *row, GSettings *settings)
{
  const char *id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (combo_of (row)));

  g_settings_set_string (settings, spec_of (row)->key,
                         id == NULL || g_str_equal (id, "default") ? "" : id);
}
