/* fsb-workload-chooser.c: how big, how often, for what use, which tasks, which data */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-commands-editor.h"
#include "fsb-error.h"
#include "fsb-folder-button.h"
#include "fsb-gui-util.h"
#include "fsb-age.h"
#include "fsb-catalog.h"
#include "fsb-dataset.h"
#include "fsb-job.h"
#include "fsb-series-row.h"
#include "fsb-group-transfer.h"
#include "fsb-sizes.h"
#include "fsb-workload-chooser.h"

#define MB (G_GUINT64_CONSTANT (1000000))

struct _FsbWorkloadChooser
{
  GtkBox parent_instance;

  GtkWidget *profile_combo;
  GtkWidget *custom_row;
  GtkWidget *big_file_spin;
  GtkWidget *tree_size_spin;
  GtkWidget *tree_files_spin;
  GtkWidget *tree_dirs_spin;
  GtkWidget *repetitions_spin;
  GtkWidget *repetitions_auto;
  GtkWidget *use_case_combo;
  GtkWidget *age_combo;
  GtkWidget *data_combo;
  GtkWidget *groups_box;
  GtkWidget *commands;
  GtkWidget *source_combo;
  GtkWidget *source_folder;

  GPtrArray *group_checks;   /* of GtkCheckButton*, data "group" */
  GtkWidget *series_rows[2]; /* the jobs at once, the requests in flight (fsb-series-row.c) */
};

G_DEFINE_FINAL_TYPE (FsbWorkloadChooser, fsb_workload_chooser, GTK_TYPE_BOX)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Something the plan's size or duration depends on changed. */
static void
emit_changed (FsbWorkloadChooser *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static int
spin_int (GtkWidget *spin)
{
  return gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin));
}

static guint64
spin_mb (GtkWidget *spin)
{
  return (guint64) spin_int (spin) * MB;
}

static gboolean
is_custom (FsbWorkloadChooser *self)
{
  return g_strcmp0 (gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->profile_combo)), "custom") == 0;
}

static gboolean
uses_folder (FsbWorkloadChooser *self)
{
  return g_strcmp0 (gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->source_combo)), "folder") == 0;
}

static char **checked_groups (FsbWorkloadChooser *self);

/* The custom sizes show only with the custom profile; the series' first
 * items say the counts this size runs. */
static void
profile_changed_cb (FsbWorkloadChooser *self)
{
  const char *profile = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->profile_combo));

  gtk_widget_set_visible (self->custom_row, is_custom (self));
  for (guint i = 0; i < G_N_ELEMENTS (self->series_rows); i++)
    fsb_series_row_set_profile (self->series_rows[i], profile != NULL ? profile : FSB_DEFAULT_PROFILE);
  emit_changed (self);
}

/* A series' counts can be chosen while a group that runs it is ticked. */
static void
groups_changed_cb (FsbWorkloadChooser *self)
{
  g_auto(GStrv) groups = checked_groups (self);

  for (guint i = 0; i < G_N_ELEMENTS (self->series_rows); i++)
    fsb_series_row_set_groups (self->series_rows[i], (const char *const *) groups);
  emit_changed (self);
}

static void
source_changed_cb (FsbWorkloadChooser *self)
{
  gtk_widget_set_visible (self->source_folder, uses_folder (self));
  emit_changed (self);
}

static void
add_groups (FsbWorkloadChooser *self, const char *const *wanted)
{
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *why = NULL;
      GtkWidget *check, *box, *cost;

      /* the cycle's own steps run with every plan: nothing to choose */
      if (groups[i]->always)
        continue;
      why = fsb_group_unavailable (groups[i]->id);
      check = gtk_check_button_new_with_label (_(groups[i]->name));
      /* a group this system cannot run is greyed out, and says why */
      gtk_widget_set_tooltip_text (check, why != NULL ? why : _(groups[i]->description));
      gtk_widget_set_sensitive (check, why == NULL);
      fsb_gui_set_accessible_name (check, _(groups[i]->name));
      g_object_set_data (G_OBJECT (check), "group", (gpointer) groups[i]->id);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (check), why == NULL && g_strv_contains (wanted, groups[i]->id));
      g_signal_connect_object (check, "toggled", G_CALLBACK (groups_changed_cb), self, G_CONNECT_SWAPPED);
      /* under it, the room and the time it takes (fsb_workload_chooser_show_costs) */
      box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      cost = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (cost), 0);
      gtk_widget_set_margin_start (cost, 24);
      gtk_widget_set_sensitive (cost, why == NULL);
      gtk_style_context_add_class (gtk_widget_get_style_context (cost), "dim-label");
      g_object_set_data (G_OBJECT (check), "cost", cost);
      gtk_container_add (GTK_CONTAINER (box), check);
      gtk_container_add (GTK_CONTAINER (box), cost);
      gtk_widget_show_all (box);
      gtk_widget_hide (cost);   /* until there is a plan to cost it in */
      gtk_container_add (GTK_CONTAINER (self->groups_box), box);
      g_ptr_array_add (self->group_checks, check);
    }
}

void
fsb_workload_chooser_show_costs (FsbWorkloadChooser *self, FsbPlan *plan)
{
  g_return_if_fail (FSB_IS_WORKLOAD_CHOOSER (self));

  for (guint i = 0; i < self->group_checks->len; i++)
    {
      GtkWidget *check = g_ptr_array_index (self->group_checks, i);
      GtkWidget *cost = g_object_get_data (G_OBJECT (check), "cost");
      g_autofree char *size = NULL;
      g_autofree char *time = NULL;
      g_autofree char *text = NULL;
      guint64 bytes;
      double seconds;

      fsb_plan_group_cost (plan, g_object_get_data (G_OBJECT (check), "group"), &seconds, &bytes);
      size = fsb_size_format (bytes);
      time = fsb_gui_format_about (seconds);
      /* Translators: what a group of tasks takes in the plan: the room it needs on the disk, "640 MiB", then its
       * time, "about 3 minutes" */
      text = g_strdup_printf (_("%s, %s"), size, time);
      gtk_label_set_text (GTK_LABEL (cost), text);
      gtk_widget_show (cost);
    }
}

/* A use case chosen chooses the groups it needs; the user may change them. */
static void
use_case_changed_cb (FsbWorkloadChooser *self)
{
  g_auto(GStrv) groups = fsb_use_case_groups (gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->use_case_combo)));

  for (guint i = 0; groups != NULL && i < self->group_checks->len; i++)
    {
      GtkWidget *check = g_ptr_array_index (self->group_checks, i);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (check),
                                    gtk_widget_get_sensitive (check)
                                    && g_strv_contains ((const char *const *) groups, g_object_get_data (G_OBJECT (check), "group")));
    }
}

static char **
checked_groups (FsbWorkloadChooser *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < self->group_checks->len; i++)
    {
      GtkWidget *check = g_ptr_array_index (self->group_checks, i);

      if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (check)))
        g_strv_builder_add (builder, g_object_get_data (G_OBJECT (check), "group"));
    }
  return g_strv_builder_end (builder);
}

void
fsb_workload_chooser_load (FsbWorkloadChooser *self, GSettings *settings)
{
  g_auto(GStrv) wanted = g_settings_get_strv (settings, "workloads");
  g_autofree char *source = g_settings_get_string (settings, "source-folder");
  g_autoptr(GVariant) commands = g_settings_get_value (settings, "custom-commands");

  g_return_if_fail (FSB_IS_WORKLOAD_CHOOSER (self));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->repetitions_spin), g_settings_get_uint (settings, "repetitions"));
  {
    g_autofree char *mode = g_settings_get_string (settings, "repetition-mode");
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->repetitions_auto), g_str_equal (mode, "auto"));
  }
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->big_file_spin),
                             (double) (g_settings_get_uint64 (settings, "custom-big-file") / MB));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->tree_size_spin),
                             (double) (g_settings_get_uint64 (settings, "custom-tree-size") / MB));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->tree_files_spin), g_settings_get_uint (settings, "custom-tree-files"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->tree_dirs_spin), g_settings_get_uint (settings, "custom-tree-dirs"));
  g_settings_bind (settings, "profile", self->profile_combo, "active-id",
                   G_SETTINGS_BIND_GET | G_SETTINGS_BIND_GET_NO_CHANGES);
  g_settings_bind (settings, "use-case", self->use_case_combo, "active-id",
                   G_SETTINGS_BIND_GET | G_SETTINGS_BIND_GET_NO_CHANGES);
  g_settings_bind (settings, "age", self->age_combo, "active-id",
                   G_SETTINGS_BIND_GET | G_SETTINGS_BIND_GET_NO_CHANGES);
  g_settings_bind (settings, "data", self->data_combo, "active-id",
                   G_SETTINGS_BIND_GET | G_SETTINGS_BIND_GET_NO_CHANGES);
  profile_changed_cb (self);
  fsb_commands_editor_set_commands (FSB_COMMANDS_EDITOR (self->commands), commands);
  if (source[0] != '\0' && g_file_test (source, G_FILE_TEST_IS_DIR))
    {
      fsb_folder_button_set_folder (FSB_FOLDER_BUTTON (self->source_folder), source);
      gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->source_combo), "folder");
    }
  add_groups (self, (const char *const *) wanted);
  for (guint i = 0; i < G_N_ELEMENTS (self->series_rows); i++)
    fsb_series_row_load (self->series_rows[i], settings);
  groups_changed_cb (self);
  /* From now on, a use case chosen chooses the groups it needs. */
  g_signal_connect_object (self->use_case_combo, "changed", G_CALLBACK (use_case_changed_cb), self, G_CONNECT_SWAPPED);
}

void
fsb_workload_chooser_save (FsbWorkloadChooser *self, GSettings *settings)
{
  g_auto(GStrv) groups = checked_groups (self);
  const char *source = uses_folder (self) ? fsb_folder_button_get_folder (FSB_FOLDER_BUTTON (self->source_folder)) : NULL;
  const char *id;

  g_return_if_fail (FSB_IS_WORKLOAD_CHOOSER (self));

  g_settings_set_strv (settings, "workloads", (const char *const *) groups);
  if ((id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->profile_combo))) != NULL)
    g_settings_set_string (settings, "profile", id);
  if ((id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->use_case_combo))) != NULL)
    g_settings_set_string (settings, "use-case", id);
  if ((id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->age_combo))) != NULL)
    g_settings_set_string (settings, "age", id);
  if ((id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->data_combo))) != NULL)
    g_settings_set_string (settings, "data", id);
  g_settings_set_value (settings, "custom-commands",
                        fsb_commands_editor_get_commands (FSB_COMMANDS_EDITOR (self->commands)));
  g_settings_set_uint64 (settings, "custom-big-file", spin_mb (self->big_file_spin));
  g_settings_set_uint64 (settings, "custom-tree-size", spin_mb (self->tree_size_spin));
  g_settings_set_uint (settings, "custom-tree-files", spin_int (self->tree_files_spin));
  g_settings_set_uint (settings, "custom-tree-dirs", spin_int (self->tree_dirs_spin));
  g_settings_set_uint (settings, "repetitions", spin_int (self->repetitions_spin));
  g_settings_set_string (settings, "repetition-mode",
                         gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->repetitions_auto)) ? "auto" : "fixed");
  g_settings_set_string (settings, "source-folder", source != NULL ? source : "");
  for (guint i = 0; i < G_N_ELEMENTS (self->series_rows); i++)
    fsb_series_row_save (self->series_rows[i], settings);
}

/* The custom sizes, as `fsbench-cli run --size` sets them; the engine
 * checks each against its range and fits the tree's file sizes. */
static gboolean
apply_custom_sizes (FsbWorkloadChooser *self, FsbPlan *plan, GError **error)
{
  const struct { const char *param; GtkWidget *spin; double unit; } sizes[] = {
    { FSB_SIZE_BIG_FILE, self->big_file_spin, MB },
    /* the file copied between filesystems is the big file */
    { FSB_SIZE_TRANSFER, self->big_file_spin, MB },
    { FSB_SIZE_TREE_SIZE, self->tree_size_spin, MB },
    { FSB_SIZE_TREE_FILES, self->tree_files_spin, 1 },
    { FSB_SIZE_TREE_DIRS, self->tree_dirs_spin, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (!fsb_plan_set_size (plan, sizes[i].param, spin_int (sizes[i].spin) * sizes[i].unit, error))
      return FALSE;
  return TRUE;
}

/* The spins' ranges are the parameters' own. */
static void
set_range (GtkWidget *spin, const char *param, double unit)
{
  const FsbParamSpec *spec = fsb_catalog_param (param, NULL);

  if (spec != NULL)
    gtk_spin_button_set_range (GTK_SPIN_BUTTON (spin), MAX (1, spec->min / unit), spec->max / unit);
}

gboolean
fsb_workload_chooser_fill_plan (FsbWorkloadChooser *self, FsbPlan *plan, GError **error)
{
  g_auto(GStrv) groups = checked_groups (self);
  const char *profile = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->profile_combo));

  g_return_val_if_fail (FSB_IS_WORKLOAD_CHOOSER (self), FALSE);

  if (!fsb_plan_set_profile (plan, profile != NULL ? profile : FSB_DEFAULT_PROFILE, error))
    return FALSE;
  if (is_custom (self) && !apply_custom_sizes (self, plan, error))
    return FALSE;
  if (!fsb_commands_editor_fill_plan (FSB_COMMANDS_EDITOR (self->commands), plan, error))
    return FALSE;
  if (groups[0] == NULL && plan->custom_commands->len == 0)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID,
                           _("Choose at least one group of tasks, or add a command of your own."));
      return FALSE;
    }
  if (!fsb_plan_set_workloads (plan, (const char *const *) groups, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (self->series_rows); i++)
    if (!fsb_series_row_fill_plan (self->series_rows[i], plan, error))
      return FALSE;
  /* automatic: the engine's least and most */
  plan->repeat_auto = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->repetitions_auto));
  if (!plan->repeat_auto)
    plan->repetitions = spin_int (self->repetitions_spin);
  g_free (plan->use_case);
  plan->use_case = g_strdup (gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->use_case_combo)));
  if (!fsb_plan_set_age (plan, gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->age_combo)), error) ||
      !fsb_plan_set_data (plan, gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->data_combo)), error))
    return FALSE;

  g_clear_pointer (&plan->source_dir, g_free);
  if (uses_folder (self))
    {
      const char *folder = fsb_folder_button_get_folder (FSB_FOLDER_BUTTON (self->source_folder));

      if (folder == NULL)
        {
          g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID,
                               _("Choose the folder to copy, or use generated files."));
          return FALSE;
        }
      plan->source_dir = g_strdup (folder);
    }
  return TRUE;
}

static void
fsb_workload_chooser_finalize (GObject *object)
{
  FsbWorkloadChooser *self = FSB_WORKLOAD_CHOOSER (object);

  g_clear_pointer (&self->group_checks, g_ptr_array_unref);
  G_OBJECT_CLASS (fsb_workload_chooser_parent_class)->finalize (object);
}

static void
fsb_workload_chooser_class_init (FsbWorkloadChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = fsb_workload_chooser_finalize;

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (FSB_TYPE_COMMANDS_EDITOR);
  g_type_ensure (FSB_TYPE_FOLDER_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-workload-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, profile_combo);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, custom_row);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, big_file_spin);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, tree_size_spin);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, tree_files_spin);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, tree_dirs_spin);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, repetitions_spin);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, repetitions_auto);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, use_case_combo);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, age_combo);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, data_combo);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, groups_box);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, commands);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, source_combo);
  gtk_widget_class_bind_template_child (widget_class, FsbWorkloadChooser, source_folder);
  gtk_widget_class_bind_template_callback (widget_class, profile_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, source_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, emit_changed);
}

/* The series' rows go under the groups of tasks, whose tasks they count. */
static void
add_series_rows (FsbWorkloadChooser *self)
{
  const char *conditions[] = { FSB_CONDITION_JOBS, FSB_CONDITION_IODEPTH };
  GtkWidget *groups_row = gtk_widget_get_ancestor (self->groups_box, GTK_TYPE_LIST_BOX_ROW);
  GtkListBox *list = GTK_LIST_BOX (gtk_widget_get_parent (groups_row));
  int at = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (groups_row));

  G_STATIC_ASSERT (G_N_ELEMENTS (conditions) == G_N_ELEMENTS (self->series_rows));
  for (guint i = 0; i < G_N_ELEMENTS (conditions); i++)
    {
      self->series_rows[i] = fsb_series_row_new (conditions[i]);
      gtk_list_box_insert (list, self->series_rows[i], at + 1 + (int) i);
      g_signal_connect_object (fsb_series_row_get_combo (self->series_rows[i]), "changed",
                               G_CALLBACK (emit_changed), self, G_CONNECT_SWAPPED);
    }
}

static void
fsb_workload_chooser_init (FsbWorkloadChooser *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->group_checks = g_ptr_array_new ();
  add_series_rows (self);
  g_object_bind_property (self->repetitions_auto, "active", self->repetitions_spin, "sensitive",
                          G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  /* the profiles, their names and the limits are the engine's */
  for (const char *const *id = fsb_profile_names (); *id != NULL; id++)
    gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (self->profile_combo), *id, fsb_profile_title (*id));
  gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (self->profile_combo), "custom", fsb_profile_title ("custom"));
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->profile_combo), FSB_DEFAULT_PROFILE);
  for (const char *const *level = fsb_age_levels (); *level != NULL; level++)
    {
      g_autofree char *title = fsb_age_title (*level);
      gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (self->age_combo), *level, title);
    }
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->age_combo), FSB_DEFAULT_AGE);
  g_signal_connect_object (self->age_combo, "changed", G_CALLBACK (emit_changed), self, G_CONNECT_SWAPPED);
  for (FsbDataKind kind = FSB_DATA_RANDOM; kind < FSB_N_DATA_KINDS; kind++)
    gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (self->data_combo), fsb_data_kind_id (kind),
                               fsb_data_kind_title (kind));
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->data_combo), FSB_DEFAULT_DATA);
  g_signal_connect_object (self->data_combo, "changed", G_CALLBACK (emit_changed), self, G_CONNECT_SWAPPED);
  gtk_spin_button_set_range (GTK_SPIN_BUTTON (self->repetitions_spin), FSB_MIN_REPETITIONS, FSB_MAX_REPETITIONS);
  set_range (self->big_file_spin, FSB_SIZE_BIG_FILE, MB);
  set_range (self->tree_size_spin, FSB_SIZE_TREE_SIZE, MB);
  set_range (self->tree_files_spin, FSB_SIZE_TREE_FILES, 1);
  set_range (self->tree_dirs_spin, FSB_SIZE_TREE_DIRS, 1);
  for (guint i = 0; i < 5; i++)
    {
      GtkWidget *spins[] = { self->repetitions_spin, self->big_file_spin, self->tree_size_spin,
                             self->tree_files_spin, self->tree_dirs_spin };

      g_signal_connect_object (spins[i], "value-changed", G_CALLBACK (emit_changed), self, G_CONNECT_SWAPPED);
    }
}
