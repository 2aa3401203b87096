/* fsb-setup-page.c: where to test, which filesystems, which workload */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "fsb-age.h"
#include "fsb-confirm-dialog.h"
#include "fsb-custom.h"
#include "fsb-device.h"
#include "fsb-error.h"
#include "fsb-fs-support.h"
#include "fsb-format.h"
#include "fsb-gui-util.h"
#include "fsb-setup-page.h"
#include "fsb-target.h"
#include "fsb-target-state.h"
#include "fsb-catalog.h"

#define GB (G_GUINT64_CONSTANT (1000000000))
#define MB (G_GUINT64_CONSTANT (1000000))

typedef struct {
  char      *name;
  GtkWidget *check;
  GtkWidget *options;
} FsRow;

struct _FsbSetupPage
{
  GtkBox parent_instance;

  GtkWidget *viewport;
  GtkWidget *page_box;
  GtkWidget *target_list;
  GtkWidget *image_row;
  GtkWidget *image_radio;
  GtkWidget *image_size;
  GtkWidget *image_folder;
  GtkWidget *fs_list;
  GtkWidget *fs_spinner;
  GtkWidget *fs_placeholder;
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
  GtkWidget *groups_box;
  GtkWidget *commands_box;
  GtkWidget *source_combo;
  GtkWidget *source_folder;
  GtkWidget *summary_label;

  GSettings        *settings;
  FsbDeviceMonitor *monitor;
  GCancellable     *cancellable;
  GPtrArray        *devices;      /* of FsbDevice*, as shown */
  GPtrArray        *fs_rows;      /* of FsRow* */
  GPtrArray        *group_checks; /* of GtkCheckButton*, data "group" */
  FsbDevice        *chosen;       /* a confirmed partition, or NULL for the image */
  gboolean          reverting;
  gboolean          can_start;
};

G_DEFINE_FINAL_TYPE (FsbSetupPage, fsb_setup_page, GTK_TYPE_BOX)

enum { PROP_0, PROP_CAN_START, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { PROBLEM, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
fs_row_free (gpointer data)
{
  FsRow *row = data;

  g_free (row->name);
  g_free (row);
}

static void
update_can_start (FsbSetupPage *self)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *joined = NULL;
  gboolean can_start;

  for (guint i = 0; i < self->fs_rows->len; i++)
    {
      FsRow *row = g_ptr_array_index (self->fs_rows, i);

      if (gtk_widget_is_sensitive (row->check) &&
          gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (row->check)))
        g_ptr_array_add (names, (gpointer) gtk_button_get_label (GTK_BUTTON (row->check)));
    }
  joined = fsb_format_join_names ((const char *const *) names->pdata, names->len, FALSE);

  if (names->len > 0)
    {
      /* Translators: %s is a list of filesystems, "ext4, XFS and Btrfs" */
      g_autofree char *text = g_strdup_printf (_("Compares %s"), joined);
      gtk_label_set_text (GTK_LABEL (self->summary_label), text);
    }
  else if (self->fs_rows->len > 0)
    gtk_label_set_text (GTK_LABEL (self->summary_label), _("Choose at least one filesystem"));

  can_start = names->len > 0;
  if (can_start != self->can_start)
    {
      self->can_start = can_start;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_START]);
    }
}

static void
emit_problem (FsbSetupPage *self, const char *what, const char *todo)
{
  g_signal_emit (self, signals[PROBLEM], 0, what, todo);
}

/* Where to test: the disk image and the drives */

static void
choose_image (FsbSetupPage *self)
{
  self->reverting = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->image_radio), TRUE);
  self->reverting = FALSE;
  g_clear_pointer (&self->chosen, fsb_device_free);
}

static void
confirm_response_cb (GtkDialog *dialog, int response, gpointer user_data)
{
  FsbSetupPage *self = FSB_SETUP_PAGE (user_data);
  const FsbDevice *device = g_object_get_data (G_OBJECT (dialog), "device");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_clear_pointer (&self->chosen, fsb_device_free);
      self->chosen = fsb_device_copy (device);
    }
  else
    choose_image (self);
  gtk_widget_destroy (GTK_WIDGET (dialog));
  g_object_unref (self);
}

static void
target_radio_toggled_cb (FsbSetupPage *self, GtkToggleButton *radio)
{
  const FsbDevice *device = g_object_get_data (G_OBJECT (radio), "device");
  GtkWidget *dialog;

  if (self->reverting || !gtk_toggle_button_get_active (radio))
    return;
  if (device == NULL)
    {
      g_clear_pointer (&self->chosen, fsb_device_free);
      return;
    }
  if (self->chosen != NULL && g_strcmp0 (self->chosen->device, device->device) == 0)
    return;

  /* Nothing destructive without a dialog that names the device and its contents. */
  dialog = fsb_confirm_dialog_new (GTK_WINDOW (gtk_widget_get_toplevel (GTK_WIDGET (self))), device);
  g_object_set_data_full (G_OBJECT (dialog), "device", fsb_device_copy (device),
                          (GDestroyNotify) fsb_device_free);
  g_signal_connect (dialog, "response", G_CALLBACK (confirm_response_cb), g_object_ref (self));
  gtk_widget_show (dialog);
}

/* The file behind a loop device, or NULL. */
static char *
loop_backing_file (const FsbDevice *device)
{
  UDisksClient *client = fsb_udisks_get_client (NULL);
  g_autoptr(UDisksObject) object = NULL;
  UDisksLoop *loop;

  if (client == NULL || device->object_path == NULL)
    return NULL;
  object = udisks_client_get_object (client, device->object_path);
  loop = object != NULL ? udisks_object_peek_loop (object) : NULL;
  if (loop == NULL || udisks_loop_get_backing_file (loop) == NULL || udisks_loop_get_backing_file (loop)[0] == '\0')
    return NULL;
  return g_strdup (udisks_loop_get_backing_file (loop));
}

/* The loop devices runs of FS Bench set up, as their state files record. */
static GHashTable *
recorded_loops (void)
{
  GHashTable *loops = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *dir_path = fsb_target_state_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      JsonNode *root;
      const char *loop;

      if (!g_str_has_suffix (name, ".json") || !json_parser_load_from_file (parser, path, NULL))
        continue;
      root = json_parser_get_root (parser);
      if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
        continue;
      loop = json_object_get_string_member_with_default (json_node_get_object (root), "loop_device", NULL);
      if (loop != NULL)
        g_hash_table_add (loops, g_strdup (loop));
    }
  return loops;
}

/* FS Bench's own loop devices stay out of the list: those its runs
 * recorded, and those on an image it made (fsbench-XXXXXX.img, or any
 * file in the image folder). One the user attached is a target. */
static gboolean
is_our_loop (FsbSetupPage *self, const FsbDevice *device, const char *backing, GHashTable *recorded)
{
  g_autofree char *base = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *image_folder = NULL;
  g_autofree char *cache = NULL;

  if (g_hash_table_contains (recorded, device->device))
    return TRUE;
  if (backing == NULL)
    return FALSE;
  base = g_path_get_basename (backing);
  if (g_pattern_match_simple ("fsbench-??????.img", base))
    return TRUE;
  dir = g_path_get_dirname (backing);
  image_folder = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (self->image_folder));
  cache = g_build_filename (g_get_user_cache_dir (), "fsbench", NULL);
  return g_strcmp0 (dir, image_folder) == 0 || g_strcmp0 (dir, cache) == 0;
}

static GtkWidget *
device_row_new (FsbSetupPage *self, const FsbDevice *device, const char *backing)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *radio;
  GtkWidget *detail;
  g_autofree char *size = g_format_size (device->size);
  g_autofree char *contents = fsb_gui_describe_contents (device);
  g_autofree char *text = NULL;
  g_autofree char *detail_text = NULL;
  g_autofree char *image_name = NULL;
  const char *model = device->model != NULL && device->model[0] != '\0' ? device->model : _("Unknown disk");

  if (backing != NULL)
    {
      g_autofree char *base = g_path_get_basename (backing);
      /* Translators: a loop device's image file, as in "Disk image my.img" */
      model = image_name = g_strdup_printf (_("Disk image %s"), base);
    }

  /* Translators: a disk's model · its device · its size */
  text = g_strdup_printf (_("%s · %s · %s"), model, device->device, size);
  radio = gtk_radio_button_new_with_label_from_widget (GTK_RADIO_BUTTON (self->image_radio), text);
  gtk_label_set_ellipsize (GTK_LABEL (gtk_bin_get_child (GTK_BIN (radio))), PANGO_ELLIPSIZE_END);
  fsb_gui_set_accessible_name (radio, device->device);
  atk_object_set_description (gtk_widget_get_accessible (radio), text);
  g_object_set_data_full (G_OBJECT (radio), "device", fsb_device_copy (device),
                          (GDestroyNotify) fsb_device_free);
  gtk_container_add (GTK_CONTAINER (box), radio);

  if (!device->usable)
    {
      gtk_widget_set_sensitive (radio, FALSE);
      /* Translators: what a device holds, then why it cannot be used */
      detail_text = g_strdup_printf (_("%s. %s"), contents,
                                     device->reason != NULL ? device->reason : _("It cannot be used."));
    }
  else
    {
      detail_text = g_strdup (contents);
      if (self->chosen != NULL && g_strcmp0 (self->chosen->device, device->device) == 0)
        {
          self->reverting = TRUE;
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (radio), TRUE);
          self->reverting = FALSE;
        }
    }
  detail = gtk_label_new (detail_text);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_label_set_line_wrap (GTK_LABEL (detail), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (detail), 70);
  gtk_widget_set_margin_start (detail, 26);
  gtk_style_context_add_class (gtk_widget_get_style_context (detail), "dim-label");
  gtk_container_add (GTK_CONTAINER (box), detail);
  g_signal_connect_object (radio, "toggled", G_CALLBACK (target_radio_toggled_cb), self, G_CONNECT_SWAPPED);

  gtk_style_context_add_class (gtk_widget_get_style_context (box), "fsb-row");
  gtk_container_add (GTK_CONTAINER (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_show_all (row);
  return row;
}

static void
devices_changed_cb (FsbSetupPage *self)
{
  g_autoptr(GList) rows = gtk_container_get_children (GTK_CONTAINER (self->target_list));
  g_autoptr(GHashTable) recorded = recorded_loops ();
  gboolean chosen_present = FALSE;

  for (GList *l = rows; l != NULL; l = l->next)
    if (l->data != self->image_row)
      gtk_widget_destroy (GTK_WIDGET (l->data));

  g_clear_pointer (&self->devices, g_ptr_array_unref);
  self->devices = fsb_device_monitor_list (self->monitor);
  for (guint i = 0; i < self->devices->len; i++)
    {
      const FsbDevice *device = g_ptr_array_index (self->devices, i);
      g_autofree char *backing = NULL;

      if (g_strcmp0 (device->connection, "loop") == 0 || g_str_has_prefix (device->device, "/dev/loop"))
        {
          backing = loop_backing_file (device);
          if (is_our_loop (self, device, backing, recorded))
            continue;
        }
      if (g_str_has_prefix (device->device, "/dev/zram") || device->size == 0)
        continue;
      if (self->chosen != NULL && device->usable && g_strcmp0 (self->chosen->device, device->device) == 0)
        chosen_present = TRUE;
      gtk_container_add (GTK_CONTAINER (self->target_list), device_row_new (self, device, backing));
    }

  if (self->chosen != NULL && !chosen_present)
    {
      g_autofree char *what = g_strdup_printf (_("%s is gone or can no longer be used"), self->chosen->device);
      choose_image (self);
      emit_problem (self, what, _("FS Bench will use a disk image instead. Plug the drive in again to choose it."));
    }
}

static int
image_size_input_cb (GtkSpinButton *spin, double *value, gpointer user_data)
{
  const char *text = gtk_entry_get_text (GTK_ENTRY (spin));
  char *end = NULL;
  double v;

  if (g_strcmp0 (text, _("automatic")) == 0)
    {
      *value = 0;
      return TRUE;
    }
  v = g_strtod (text, &end);
  if (end == text)
    return GTK_INPUT_ERROR;
  *value = v;
  return TRUE;
}

static gboolean
image_size_output_cb (GtkSpinButton *spin, gpointer user_data)
{
  double v = gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin));
  g_autofree char *text = NULL;

  if (v < 0.5)
    text = g_strdup (_("automatic"));
  else
    text = g_strdup_printf ("%.0f", v);
  if (g_strcmp0 (text, gtk_entry_get_text (GTK_ENTRY (spin))) != 0)
    gtk_entry_set_text (GTK_ENTRY (spin), text);
  return TRUE;
}

static void
image_folder_set_cb (FsbSetupPage *self)
{
  choose_image (self);
}

/* Filesystems */

static void
fs_check_toggled_cb (FsbSetupPage *self)
{
  update_can_start (self);
}

static GtkWidget *
fs_row_new (FsbSetupPage *self, const FsbFsSupport *fs, const char *const *wanted)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *check = gtk_check_button_new_with_label (fs->display_name);
  GtkWidget *info;
  FsRow *fs_row = g_new0 (FsRow, 1);

  gtk_widget_set_size_request (check, 110, -1);
  fsb_gui_set_accessible_name (check, fs->display_name);
  gtk_container_add (GTK_CONTAINER (box), check);

  if (fs->usable)
    {
      g_autofree char *name = NULL;

      info = gtk_label_new (fs->mkfs_version != NULL ? fs->mkfs_version : fs->package);
      gtk_label_set_ellipsize (GTK_LABEL (info), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (info, TRUE);
      gtk_label_set_xalign (GTK_LABEL (info), 0);
      gtk_style_context_add_class (gtk_widget_get_style_context (info), "dim-label");
      gtk_container_add (GTK_CONTAINER (box), info);

      fs_row->options = gtk_entry_new ();
      gtk_entry_set_placeholder_text (GTK_ENTRY (fs_row->options), _("mkfs options"));
      gtk_entry_set_width_chars (GTK_ENTRY (fs_row->options), 16);
      /* Translators: %s is a filesystem; the field holds extra mkfs options */
      name = g_strdup_printf (_("Options for %s"), fs->display_name);
      fsb_gui_set_accessible_name (fs_row->options, name);
      gtk_widget_set_tooltip_text (fs_row->options, _("Extra options for mkfs, such as “-m 1”; empty keeps the defaults"));
      gtk_container_add (GTK_CONTAINER (box), fs_row->options);
      /* Options only for the filesystems that will run: a calmer list. */
      g_object_bind_property (check, "active", fs_row->options, "visible", G_BINDING_SYNC_CREATE);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (check), g_strv_contains (wanted, fs->name));
    }
  else
    {
      gtk_widget_set_sensitive (check, FALSE);
      info = gtk_label_new (fs->reason);
      gtk_label_set_line_wrap (GTK_LABEL (info), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (info), 60);
      gtk_label_set_xalign (GTK_LABEL (info), 0);
      gtk_widget_set_hexpand (info, TRUE);
      gtk_style_context_add_class (gtk_widget_get_style_context (info), "dim-label");
      gtk_container_add (GTK_CONTAINER (box), info);
    }
  g_signal_connect_object (check, "toggled", G_CALLBACK (fs_check_toggled_cb), self, G_CONNECT_SWAPPED);

  fs_row->name = g_strdup (fs->name);
  fs_row->check = check;
  g_ptr_array_add (self->fs_rows, fs_row);

  gtk_style_context_add_class (gtk_widget_get_style_context (box), "fsb-row");
  gtk_container_add (GTK_CONTAINER (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_show (row);
  gtk_widget_show (box);
  gtk_widget_show (check);
  gtk_widget_show (info);
  return row;
}

static void
probe_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  UDisksClient *client = fsb_udisks_get_client (&error);

  /* Without udisksd, can_format comes from the tools alone. */
  g_task_return_pointer (task, fsb_fs_support_probe (client), (GDestroyNotify) g_ptr_array_unref);
}

static void
probe_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr(FsbSetupPage) self = user_data;
  g_autoptr(GPtrArray) list = g_task_propagate_pointer (G_TASK (result), NULL);
  g_auto(GStrv) wanted = NULL;

  if (g_cancellable_is_cancelled (self->cancellable))
    return;
  gtk_spinner_stop (GTK_SPINNER (self->fs_spinner));
  gtk_widget_hide (self->fs_spinner);
  if (list == NULL || list->len == 0)
    {
      gtk_label_set_text (GTK_LABEL (self->fs_placeholder), _("No filesystem can be created here"));
      return;
    }
  wanted = g_settings_get_strv (self->settings, "filesystems");
  for (guint i = 0; i < list->len; i++)
    gtk_container_add (GTK_CONTAINER (self->fs_list),
                       fs_row_new (self, g_ptr_array_index (list, i), (const char *const *) wanted));
  update_can_start (self);
}

/* Workload */

/* Your own commands: a name and a shell command per row. ------------- */

static void
remove_command_clicked_cb (GtkButton *button)
{
  gtk_widget_destroy (gtk_widget_get_parent (GTK_WIDGET (button)));
}

static GtkWidget *
command_row_new (FsbSetupPage *self, const char *name, const char *command)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name_entry = gtk_entry_new ();
  GtkWidget *command_entry = gtk_entry_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic", GTK_ICON_SIZE_BUTTON);

  gtk_entry_set_text (GTK_ENTRY (name_entry), name);
  gtk_entry_set_placeholder_text (GTK_ENTRY (name_entry), _("name"));
  gtk_entry_set_width_chars (GTK_ENTRY (name_entry), 10);
  fsb_gui_set_accessible_name (name_entry, _("Command name"));
  gtk_entry_set_text (GTK_ENTRY (command_entry), command);
  /* Translators: an example shell command, shown in an empty entry */
  gtk_entry_set_placeholder_text (GTK_ENTRY (command_entry), _("shell command, such as: tar xf ~/src.tar"));
  gtk_widget_set_hexpand (command_entry, TRUE);
  fsb_gui_set_accessible_name (command_entry, _("Command"));
  gtk_widget_set_tooltip_text (remove, _("Remove this command"));
  fsb_gui_set_accessible_name (remove, _("Remove the command"));
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_command_clicked_cb), NULL);
  g_object_set_data (G_OBJECT (row), "name-entry", name_entry);
  g_object_set_data (G_OBJECT (row), "command-entry", command_entry);
  gtk_container_add (GTK_CONTAINER (row), name_entry);
  gtk_container_add (GTK_CONTAINER (row), command_entry);
  gtk_container_add (GTK_CONTAINER (row), remove);
  gtk_widget_show_all (row);
  return row;
}

static GtkWidget *
add_command_row (FsbSetupPage *self, const char *name, const char *command)
{
  GtkWidget *row = command_row_new (self, name, command);

  gtk_box_pack_start (GTK_BOX (self->commands_box), row, FALSE, FALSE, 0);
  return row;
}

static void
add_command_clicked_cb (FsbSetupPage *self)
{
  GtkWidget *row = add_command_row (self, "", "");

  gtk_widget_grab_focus (g_object_get_data (G_OBJECT (row), "name-entry"));
}

/* The rows with something typed in, as (name, command) pairs. */
static GVariant *
commands_variant (FsbSetupPage *self)
{
  g_autoptr(GList) rows = gtk_container_get_children (GTK_CONTAINER (self->commands_box));
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(ss)"));
  for (GList *l = rows; l != NULL; l = l->next)
    {
      GtkEntry *name = g_object_get_data (l->data, "name-entry");
      GtkEntry *command = g_object_get_data (l->data, "command-entry");
      g_autofree char *n = NULL, *c = NULL;

      if (name == NULL)
        continue;   /* the Add button */
      n = g_strstrip (g_strdup (gtk_entry_get_text (name)));
      c = g_strstrip (g_strdup (gtk_entry_get_text (command)));
      if (n[0] != '\0' || c[0] != '\0')
        g_variant_builder_add (&b, "(ss)", n, c);
    }
  return g_variant_builder_end (&b);
}

static gboolean
add_commands_to_plan (FsbSetupPage *self, FsbPlan *plan, GError **error)
{
  g_autoptr(GVariant) commands = g_variant_ref_sink (commands_variant (self));
  GVariantIter iter;
  const char *n, *c;

  g_variant_iter_init (&iter, commands);
  while (g_variant_iter_next (&iter, "(&s&s)", &n, &c))
    {
      g_autofree char *spec = g_strconcat (n, "=", c, NULL);
      g_autofree char *name = NULL, *command = NULL;

      if (c[0] == '\0')
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: %s is the name the user gave a command */
                       _("Type the shell command to run for “%s”, or remove its row."), n);
          return FALSE;
        }
      if (!fsb_custom_parse (spec, &name, &command, error))
        return FALSE;
      fsb_plan_add_custom (plan, name, command);
    }
  /* Shown and agreed to in a dialog before the run, never here. */
  plan->custom_confirmed = FALSE;
  return TRUE;
}

/* The custom sizes show only with the custom profile. */
static void
profile_changed_cb (FsbSetupPage *self)
{
  const char *profile = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->profile_combo));

  gtk_widget_set_visible (self->custom_row, g_strcmp0 (profile, "custom") == 0);
}

static void
source_changed_cb (FsbSetupPage *self)
{
  gboolean folder = g_strcmp0 (gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->source_combo)), "folder") == 0;

  gtk_widget_set_visible (self->source_folder, folder);
}

static void
load_groups (FsbSetupPage *self)
{
  g_auto(GStrv) wanted = g_settings_get_strv (self->settings, "workloads");
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *check;

      if (groups[i]->always)
        continue;
      check = gtk_check_button_new_with_label (_(groups[i]->name));
      gtk_widget_set_tooltip_text (check, _(groups[i]->description));
      fsb_gui_set_accessible_name (check, _(groups[i]->name));
      g_object_set_data (G_OBJECT (check), "group", (gpointer) groups[i]->id);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (check), g_strv_contains ((const char *const *) wanted, groups[i]->id));
      gtk_widget_show (check);
      gtk_container_add (GTK_CONTAINER (self->groups_box), check);
      g_ptr_array_add (self->group_checks, check);
    }
}

static void
set_folder (GtkWidget *chooser, const char *path)
{
  if (path != NULL && path[0] != '\0' && g_file_test (path, G_FILE_TEST_IS_DIR))
    gtk_file_chooser_set_filename (GTK_FILE_CHOOSER (chooser), path);
}

static void
use_case_changed_cb (FsbSetupPage *self)
{
  g_auto(GStrv) groups = fsb_use_case_groups (gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->use_case_combo)));

  for (guint i = 0; groups != NULL && i < self->group_checks->len; i++)
    {
      GtkWidget *check = g_ptr_array_index (self->group_checks, i);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (check),
                                    g_strv_contains ((const char *const *) groups, g_object_get_data (G_OBJECT (check), "group")));
    }
}

void
fsb_setup_page_load (FsbSetupPage *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  g_autofree char *image_folder = g_settings_get_string (self->settings, "image-folder");
  g_autofree char *source_folder = g_settings_get_string (self->settings, "source-folder");
  g_autofree char *cache = g_build_filename (g_get_user_cache_dir (), "fsbench", NULL);
  UDisksClient *client;

  g_return_if_fail (FSB_IS_SETUP_PAGE (self));

  if (image_folder[0] == '\0')
    {
      g_mkdir_with_parents (cache, 0700);
      set_folder (self->image_folder, cache);
    }
  else
    set_folder (self->image_folder, image_folder);
  gtk_adjustment_set_value (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (self->image_size)),
                            (double) (g_settings_get_uint64 (self->settings, "image-size") / GB));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->repetitions_spin),
                             g_settings_get_uint (self->settings, "repetitions"));
  {
    g_autofree char *mode = g_settings_get_string (self->settings, "repetition-mode");
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->repetitions_auto), g_str_equal (mode, "auto"));
    g_object_bind_property (self->repetitions_auto, "active", self->repetitions_spin, "sensitive",
                            G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  }
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->big_file_spin),
                             (double) (g_settings_get_uint64 (self->settings, "custom-big-file") / MB));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->tree_size_spin),
                             (double) (g_settings_get_uint64 (self->settings, "custom-tree-size") / MB));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->tree_files_spin),
                             g_settings_get_uint (self->settings, "custom-tree-files"));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->tree_dirs_spin),
                             g_settings_get_uint (self->settings, "custom-tree-dirs"));
  g_settings_bind (self->settings, "profile", self->profile_combo, "active-id",
                   G_SETTINGS_BIND_GET | G_SETTINGS_BIND_GET_NO_CHANGES);
  profile_changed_cb (self);
  {
    g_autoptr(GVariant) commands = g_settings_get_value (self->settings, "custom-commands");
    GVariantIter iter;
    const char *n, *c;

    g_variant_iter_init (&iter, commands);
    while (g_variant_iter_next (&iter, "(&s&s)", &n, &c))
      add_command_row (self, n, c);
  }
  g_settings_bind (self->settings, "use-case", self->use_case_combo, "active-id",
                   G_SETTINGS_BIND_GET | G_SETTINGS_BIND_GET_NO_CHANGES);
  g_settings_bind (self->settings, "age", self->age_combo, "active-id",
                   G_SETTINGS_BIND_GET | G_SETTINGS_BIND_GET_NO_CHANGES);
  if (source_folder[0] != '\0')
    {
      set_folder (self->source_folder, source_folder);
      gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->source_combo), "folder");
    }
  load_groups (self);
  /* From now on, a use case chosen chooses the groups it needs. */
  g_signal_connect_object (self->use_case_combo, "changed", G_CALLBACK (use_case_changed_cb), self, G_CONNECT_SWAPPED);

  client = fsb_udisks_get_client (&error);
  if (client == NULL)
    emit_problem (self, _("The disk service (udisks2) is not running"),
                  _("Only a disk image can be used. Start udisksd, or install the udisks2 package, then restart FS Bench."));
  else
    {
      self->monitor = fsb_device_monitor_new (client);
      g_signal_connect_object (self->monitor, "changed", G_CALLBACK (devices_changed_cb), self, G_CONNECT_SWAPPED);
      devices_changed_cb (self);
    }

  task = g_task_new (NULL, self->cancellable, probe_done_cb, g_object_ref (self));
  g_task_run_in_thread (task, probe_thread);
}

static char **
checked_groups (FsbSetupPage *self)
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

static char **
checked_filesystems (FsbSetupPage *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < self->fs_rows->len; i++)
    {
      FsRow *row = g_ptr_array_index (self->fs_rows, i);

      if (gtk_widget_is_sensitive (row->check) &&
          gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (row->check)))
        g_strv_builder_add (builder, row->name);
    }
  return g_strv_builder_end (builder);
}

static guint64
image_bytes (FsbSetupPage *self)
{
  double gb = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->image_size));

  return gb < 0.5 ? 0 : (guint64) (gb + 0.5) * GB;
}

static char *
target_spec (FsbSetupPage *self)
{
  g_autofree char *folder = NULL;
  GString *spec;
  guint64 bytes;

  if (self->chosen != NULL)
    return g_strdup (self->chosen->device);

  spec = g_string_new ("image");
  bytes = image_bytes (self);
  if (bytes > 0)
    g_string_append_printf (spec, ":%" G_GUINT64_FORMAT "G", bytes / GB);
  folder = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (self->image_folder));
  if (folder != NULL)
    g_string_append_printf (spec, "@%s", folder);
  return g_string_free (spec, FALSE);
}

static guint64
spin_mb (GtkWidget *spin)
{
  return (guint64) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)) * MB;
}

FsbPlan *
fsb_setup_page_build_plan (FsbSetupPage *self, GError **error)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_auto(GStrv) filesystems = checked_filesystems (self);
  g_auto(GStrv) groups = checked_groups (self);
  const char *profile = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->profile_combo));
  g_autoptr(GVariant) commands = NULL;

  g_return_val_if_fail (FSB_IS_SETUP_PAGE (self), NULL);

  if (filesystems[0] == NULL)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("Choose at least one filesystem to compare."));
      return NULL;
    }
  if (groups[0] == NULL && g_variant_n_children (g_variant_ref_sink (commands = commands_variant (self))) == 0)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("Choose at least one group of tasks, or add a command of your own."));
      return NULL;
    }
  if (!fsb_plan_set_profile (plan, profile != NULL ? profile : "quick", error))
    return NULL;
  if (g_strcmp0 (profile, "custom") == 0)
    {
      /* as fsbench-cli run --big-file --tree-size --tree-files --tree-dirs */
      if (!fsb_plan_set_size (plan, "big-file", spin_mb (self->big_file_spin), error) ||
          !fsb_plan_set_size (plan, "transfer-size", spin_mb (self->big_file_spin), error) ||
          !fsb_plan_set_size (plan, "tree-size", spin_mb (self->tree_size_spin), error) ||
          !fsb_plan_set_size (plan, "tree-files", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->tree_files_spin)), error) ||
          !fsb_plan_set_size (plan, "tree-dirs", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->tree_dirs_spin)), error))
        return NULL;
    }

  if (!add_commands_to_plan (self, plan, error))
    return NULL;

  g_strfreev (plan->filesystems);
  plan->filesystems = g_steal_pointer (&filesystems);
  g_strfreev (plan->workloads);
  plan->workloads = g_steal_pointer (&groups);
  /* automatic: the engine's least and most */
  plan->repeat_auto = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->repetitions_auto));
  if (!plan->repeat_auto)
    plan->repetitions = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->repetitions_spin));
  g_free (plan->use_case);
  plan->use_case = g_strdup (gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->use_case_combo)));
  if (!fsb_plan_set_age (plan, gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->age_combo)), error))
    return NULL;
  g_free (plan->target_spec);
  plan->target_spec = target_spec (self);
  plan->destroy_confirmed = self->chosen != NULL;

  if (plan->mkfs_options == NULL)
    plan->mkfs_options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < self->fs_rows->len; i++)
    {
      FsRow *row = g_ptr_array_index (self->fs_rows, i);
      const char *options = row->options != NULL ? gtk_entry_get_text (GTK_ENTRY (row->options)) : "";

      if (options[0] != '\0' && g_strv_contains ((const char *const *) plan->filesystems, row->name))
        g_hash_table_replace (plan->mkfs_options, g_strdup (row->name), g_strstrip (g_strdup (options)));
    }

  g_clear_pointer (&plan->source_dir, g_free);
  if (g_strcmp0 (gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->source_combo)), "folder") == 0)
    {
      plan->source_dir = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (self->source_folder));
      if (plan->source_dir == NULL)
        {
          g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID,
                               _("Choose the folder to copy, or use generated files."));
          return NULL;
        }
    }

  if (!fsb_plan_validate (plan, error))
    return NULL;
  return g_steal_pointer (&plan);
}

void
fsb_setup_page_save_choices (FsbSetupPage *self)
{
  g_auto(GStrv) filesystems = checked_filesystems (self);
  g_auto(GStrv) groups = checked_groups (self);
  g_autofree char *image_folder = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (self->image_folder));
  g_autofree char *source_folder = NULL;
  const char *id;

  g_settings_delay (self->settings);
  g_settings_set_strv (self->settings, "filesystems", (const char *const *) filesystems);
  g_settings_set_strv (self->settings, "workloads", (const char *const *) groups);
  if ((id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->profile_combo))) != NULL)
    g_settings_set_string (self->settings, "profile", id);
  if ((id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->use_case_combo))) != NULL)
    g_settings_set_string (self->settings, "use-case", id);
  if ((id = gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->age_combo))) != NULL)
    g_settings_set_string (self->settings, "age", id);
  g_settings_set_value (self->settings, "custom-commands", commands_variant (self));
  g_settings_set_uint64 (self->settings, "custom-big-file", spin_mb (self->big_file_spin));
  g_settings_set_uint64 (self->settings, "custom-tree-size", spin_mb (self->tree_size_spin));
  g_settings_set_uint (self->settings, "custom-tree-files",
                       gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->tree_files_spin)));
  g_settings_set_uint (self->settings, "custom-tree-dirs",
                       gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->tree_dirs_spin)));
  g_settings_set_uint (self->settings, "repetitions",
                       gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (self->repetitions_spin)));
  g_settings_set_string (self->settings, "repetition-mode",
                         gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->repetitions_auto)) ? "auto" : "fixed");
  g_settings_set_uint64 (self->settings, "image-size", image_bytes (self));
  g_settings_set_string (self->settings, "image-folder", image_folder != NULL ? image_folder : "");
  if (g_strcmp0 (gtk_combo_box_get_active_id (GTK_COMBO_BOX (self->source_combo)), "folder") == 0)
    source_folder = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (self->source_folder));
  g_settings_set_string (self->settings, "source-folder", source_folder != NULL ? source_folder : "");
  g_settings_apply (self->settings);
}

char *
fsb_setup_page_describe (FsbSetupPage *self)
{
  g_auto(GStrv) filesystems = checked_filesystems (self);
  guint n = g_strv_length (filesystems);
  guint64 bytes = image_bytes (self);

  if (self->chosen != NULL)
    /* Translators: the number of filesystems, then a device, "/dev/sdb1" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Testing %u filesystem on %s",
                                         "Comparing %u filesystems on %s", n), n, self->chosen->device);
  if (bytes > 0)
    {
      g_autofree char *size = g_format_size (bytes);
      /* Translators: the number of filesystems, then a size, "4.0 GB" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Testing %u filesystem on a %s disk image",
                                           "Comparing %u filesystems on a %s disk image", n), n, size);
    }
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Testing %u filesystem on a disk image",
                                       "Comparing %u filesystems on a disk image", n), n);
}

static void
fsb_setup_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FsbSetupPage *self = FSB_SETUP_PAGE (object);

  switch (prop_id)
    {
    case PROP_CAN_START:
      g_value_set_boolean (value, self->can_start);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fsb_setup_page_dispose (GObject *object)
{
  FsbSetupPage *self = FSB_SETUP_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->monitor);
  G_OBJECT_CLASS (fsb_setup_page_parent_class)->dispose (object);
}

static void
fsb_setup_page_finalize (GObject *object)
{
  FsbSetupPage *self = FSB_SETUP_PAGE (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->devices, g_ptr_array_unref);
  g_clear_pointer (&self->fs_rows, g_ptr_array_unref);
  g_clear_pointer (&self->group_checks, g_ptr_array_unref);
  g_clear_pointer (&self->chosen, fsb_device_free);
  G_OBJECT_CLASS (fsb_setup_page_parent_class)->finalize (object);
}

static void
fsb_setup_page_class_init (FsbSetupPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = fsb_setup_page_get_property;
  object_class->dispose = fsb_setup_page_dispose;
  object_class->finalize = fsb_setup_page_finalize;

  properties[PROP_CAN_START] =
    g_param_spec_boolean ("can-start", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[PROBLEM] = g_signal_new ("problem", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-setup-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, target_list);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, image_row);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, image_radio);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, image_size);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, image_folder);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, fs_list);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, fs_spinner);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, fs_placeholder);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, profile_combo);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, viewport);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, page_box);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, custom_row);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, commands_box);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, big_file_spin);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, tree_size_spin);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, tree_files_spin);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, tree_dirs_spin);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, repetitions_spin);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, repetitions_auto);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, use_case_combo);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, age_combo);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, groups_box);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, source_combo);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, source_folder);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, summary_label);
  gtk_widget_class_bind_template_callback (widget_class, target_radio_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, image_size_input_cb);
  gtk_widget_class_bind_template_callback (widget_class, profile_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_command_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, image_size_output_cb);
  gtk_widget_class_bind_template_callback (widget_class, image_folder_set_cb);
  gtk_widget_class_bind_template_callback (widget_class, source_changed_cb);
}

static void
fsb_setup_page_init (FsbSetupPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* room for "automatic" in every language ("автоматически") */
  gtk_entry_set_width_chars (GTK_ENTRY (self->image_size),
                             MAX (9, (int) g_utf8_strlen (_("automatic"), -1) + 2));
  /* the page scrolls to the control that takes the keyboard focus */
  gtk_container_set_focus_vadjustment (GTK_CONTAINER (self->page_box),
                                       gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->viewport)));

  /* the engine's levels and their names */
  for (const char *const *level = fsb_age_levels (); *level != NULL; level++)
    {
      g_autofree char *title = fsb_age_title (*level);
      gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (self->age_combo), *level, title);
    }
  gtk_combo_box_set_active_id (GTK_COMBO_BOX (self->age_combo), FSB_DEFAULT_AGE);

  self->settings = g_settings_new (APP_ID);
  self->cancellable = g_cancellable_new ();
  self->fs_rows = g_ptr_array_new_with_free_func (fs_row_free);
  self->group_checks = g_ptr_array_new ();
}
