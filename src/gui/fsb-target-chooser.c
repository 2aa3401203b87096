/* fsb-target-chooser.c: where to test: a disk image, or a partition the user confirms */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-confirm-dialog.h"
#include "fsb-device.h"
#include "fsb-device-identity.h"
#include "fsb-folder-button.h"
#include "fsb-gui-util.h"
#include "fsb-sizes.h"
#include "fsb-target.h"
#include "fsb-target-chooser.h"

/* Image sizes are whole GiB, the unit the engine shows them in. */
#define GIB (G_GUINT64_CONSTANT (1) << 30)

struct _FsbTargetChooser
{
  GtkBox parent_instance;

  GtkWidget *target_list;
  GtkWidget *image_row;
  GtkWidget *image_radio;
  GtkWidget *image_size;
  GtkWidget *image_folder;

  FsbDeviceMonitor *monitor;
  /* device name → its GtkListBoxRow (data "device"); a row stays while
   * its device is the same, so a screen reader never loses its place */
  GHashTable       *rows;
  FsbDevice        *chosen;     /* a confirmed partition, or NULL for the image */
  gboolean          reverting;
};

G_DEFINE_FINAL_TYPE (FsbTargetChooser, fsb_target_chooser, GTK_TYPE_BOX)

enum { PROBLEM, CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
emit_changed (FsbTargetChooser *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
choose_image (FsbTargetChooser *self)
{
  self->reverting = TRUE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->image_radio), TRUE);
  self->reverting = FALSE;
  g_clear_pointer (&self->chosen, fsb_device_free);
  emit_changed (self);
}

static void
confirm_response_cb (GtkDialog *dialog, int response, gpointer user_data)
{
  g_autoptr(FsbTargetChooser) self = user_data;
  const FsbDevice *device = g_object_get_data (G_OBJECT (dialog), "device");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_clear_pointer (&self->chosen, fsb_device_free);
      self->chosen = fsb_device_copy (device);
      emit_changed (self);
    }
  else
    choose_image (self);
  gtk_widget_destroy (GTK_WIDGET (dialog));
}

static void
target_radio_toggled_cb (FsbTargetChooser *self, GtkToggleButton *radio)
{
  const FsbDevice *device = g_object_get_data (G_OBJECT (radio), "device");
  GtkWidget *dialog;

  if (self->reverting || !gtk_toggle_button_get_active (radio))
    return;
  if (device == NULL)
    {
      g_clear_pointer (&self->chosen, fsb_device_free);
      emit_changed (self);
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

static GtkWidget *
device_row_new (FsbTargetChooser *self, const FsbDevice *device)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *radio;
  GtkWidget *detail;
  g_autofree char *size = fsb_size_format (device->size);
  g_autofree char *contents = fsb_gui_describe_contents (device);
  g_autofree char *text = NULL;
  g_autofree char *detail_text = NULL;
  g_autofree char *image_name = NULL;
  const char *model = device->model != NULL && device->model[0] != '\0' ? device->model : _("Unknown disk");

  if (device->backing_file != NULL)
    {
      g_autofree char *base = g_path_get_basename (device->backing_file);
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
  /* a mount point in a reason is one long word: let it break anywhere */
  gtk_label_set_line_wrap_mode (GTK_LABEL (detail), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (detail), 70);
  gtk_widget_set_margin_start (detail, 26);
  gtk_style_context_add_class (gtk_widget_get_style_context (detail), "dim-label");
  gtk_container_add (GTK_CONTAINER (box), detail);
  g_signal_connect_object (radio, "toggled", G_CALLBACK (target_radio_toggled_cb), self, G_CONNECT_SWAPPED);

  gtk_style_context_add_class (gtk_widget_get_style_context (box), "fsb-row");
  gtk_container_add (GTK_CONTAINER (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  g_object_set_data_full (G_OBJECT (row), "device", fsb_device_copy (device), (GDestroyNotify) fsb_device_free);
  gtk_widget_show_all (row);
  return row;
}

static const FsbDevice *
find_device (GPtrArray *devices, const char *name)
{
  for (guint i = 0; i < devices->len; i++)
    if (g_strcmp0 (((FsbDevice *) g_ptr_array_index (devices, i))->device, name) == 0)
      return g_ptr_array_index (devices, i);
  return NULL;
}

/* Rows for devices (in order, after the image's row): the rows of devices
 * that did not change stay; the others go or come. */
static void
update_rows (FsbTargetChooser *self, GPtrArray *devices)
{
  g_autoptr(GList) rows = gtk_container_get_children (GTK_CONTAINER (self->target_list));

  for (GList *l = rows; l != NULL; l = l->next)
    {
      const FsbDevice *shown = g_object_get_data (l->data, "device");
      const FsbDevice *now;

      if (l->data == self->image_row)
        continue;
      now = find_device (devices, shown->device);
      if (now == NULL || !fsb_device_equal (shown, now))
        {
          g_hash_table_remove (self->rows, shown->device);
          gtk_widget_destroy (l->data);
        }
    }
  for (guint i = 0; i < devices->len; i++)
    {
      const FsbDevice *device = g_ptr_array_index (devices, i);
      GtkWidget *row;

      if (g_hash_table_contains (self->rows, device->device))
        continue;
      row = device_row_new (self, device);
      g_hash_table_insert (self->rows, ((FsbDevice *) g_object_get_data (G_OBJECT (row), "device"))->device, row);
      gtk_list_box_insert (GTK_LIST_BOX (self->target_list), row, (int) i + 1);
    }
}

static void
devices_changed_cb (FsbTargetChooser *self)
{
  g_autoptr(GPtrArray) devices = fsb_device_monitor_list (self->monitor);
  gboolean chosen_present = FALSE;

  update_rows (self, devices);
  for (guint i = 0; i < devices->len; i++)
    {
      const FsbDevice *device = g_ptr_array_index (devices, i);

      if (self->chosen != NULL && device->usable && g_strcmp0 (self->chosen->device, device->device) == 0)
        chosen_present = TRUE;
    }

  if (self->chosen != NULL && !chosen_present)
    {
      /* Translators: %s is a device, "/dev/sdb1" */
      g_autofree char *what = g_strdup_printf (_("%s is gone or can no longer be used"), self->chosen->device);
      choose_image (self);
      g_signal_emit (self, signals[PROBLEM], 0, what,
                     _("FS Bench will use a disk image instead. Plug the drive in again to choose it."));
    }
}

void
fsb_target_chooser_set_client (FsbTargetChooser *self, UDisksClient *client)
{
  g_return_if_fail (FSB_IS_TARGET_CHOOSER (self));
  g_return_if_fail (UDISKS_IS_CLIENT (client));

  if (self->monitor != NULL)
    return;
  self->monitor = fsb_device_monitor_new (client);
  /* as fsbench-cli devices lists them, listed in a thread */
  fsb_device_monitor_set_offered_only (self->monitor,
                                       fsb_folder_button_get_folder (FSB_FOLDER_BUTTON (self->image_folder)));
  g_signal_connect_object (self->monitor, "changed", G_CALLBACK (devices_changed_cb), self, G_CONNECT_SWAPPED);
}

/* A number of GiB, or a size with its unit as everywhere ("500M", "2 GB"),
 * rounded to whole GiB. */
static int
image_size_input_cb (GtkSpinButton *spin, double *value, gpointer user_data)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_entry_get_text (GTK_ENTRY (spin))));
  char *end = NULL;
  double v;
  guint64 bytes;

  if (text[0] == '\0' || g_strcmp0 (text, _("automatic")) == 0)
    {
      *value = 0;
      return TRUE;
    }
  v = g_strtod (text, &end);
  if (end != text && *end == '\0')
    {
      *value = v;
      return TRUE;
    }
  if (!fsb_size_parse (text, &bytes, NULL))
    return GTK_INPUT_ERROR;
  *value = MAX (1, (bytes + GIB / 2) / GIB);
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
image_folder_set_cb (FsbTargetChooser *self)
{
  choose_image (self);
  /* images in the new folder are FS Bench's own */
  if (self->monitor != NULL)
    fsb_device_monitor_set_offered_only (self->monitor,
                                         fsb_folder_button_get_folder (FSB_FOLDER_BUTTON (self->image_folder)));
}

/* 0: automatic, from the plan */
static guint64
image_bytes (FsbTargetChooser *self)
{
  double gib = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->image_size));

  return gib < 0.5 ? 0 : (guint64) (gib + 0.5) * GIB;
}

void
fsb_target_chooser_load (FsbTargetChooser *self, GSettings *settings)
{
  g_autofree char *folder = g_settings_get_string (settings, "image-folder");

  g_return_if_fail (FSB_IS_TARGET_CHOOSER (self));

  if (folder[0] == '\0' || !g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_free (folder);
      folder = fsb_target_default_image_dir ();
      g_mkdir_with_parents (folder, 0700);
    }
  fsb_folder_button_set_folder (FSB_FOLDER_BUTTON (self->image_folder), folder);
  gtk_adjustment_set_value (gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (self->image_size)),
                            (double) ((g_settings_get_uint64 (settings, "image-size") + GIB / 2) / GIB));
}

void
fsb_target_chooser_save (FsbTargetChooser *self, GSettings *settings)
{
  const char *folder = fsb_folder_button_get_folder (FSB_FOLDER_BUTTON (self->image_folder));

  g_return_if_fail (FSB_IS_TARGET_CHOOSER (self));

  g_settings_set_uint64 (settings, "image-size", image_bytes (self));
  g_settings_set_string (settings, "image-folder", folder != NULL ? folder : "");
}

gboolean
fsb_target_chooser_fill_plan (FsbTargetChooser *self, FsbPlan *plan, GError **error)
{
  g_return_val_if_fail (FSB_IS_TARGET_CHOOSER (self), FALSE);

  g_clear_pointer (&plan->confirmed_device, fsb_device_identity_free);
  if (self->chosen != NULL)
    {
      /* the user typed its name in the confirmation dialog; the device as
       * it was then: every format checks that it is still the same */
      plan->destroy_confirmed = TRUE;
      plan->confirmed_device = fsb_device_identity_copy (self->chosen->identity);
      return fsb_plan_set_target (plan, self->chosen->device, error);
    }
  plan->destroy_confirmed = FALSE;
  fsb_plan_set_image (plan, image_bytes (self),
                      fsb_folder_button_get_folder (FSB_FOLDER_BUTTON (self->image_folder)));
  return TRUE;
}

char *
fsb_target_chooser_describe (FsbTargetChooser *self, guint n)
{
  guint64 bytes = image_bytes (self);

  g_return_val_if_fail (FSB_IS_TARGET_CHOOSER (self), NULL);

  if (self->chosen != NULL)
    /* Translators: the number of filesystems, then a device, "/dev/sdb1" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Testing %u filesystem on %s",
                                         "Comparing %u filesystems on %s", n), n, self->chosen->device);
  if (bytes > 0)
    {
      g_autofree char *size = fsb_size_format (bytes);
      /* Translators: the number of filesystems, then a size, "4.0 GiB" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Testing %u filesystem on a %s disk image",
                                           "Comparing %u filesystems on a %s disk image", n), n, size);
    }
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Testing %u filesystem on a disk image",
                                       "Comparing %u filesystems on a disk image", n), n);
}

static void
fsb_target_chooser_dispose (GObject *object)
{
  FsbTargetChooser *self = FSB_TARGET_CHOOSER (object);

  g_clear_object (&self->monitor);
  g_clear_pointer (&self->rows, g_hash_table_unref);
  G_OBJECT_CLASS (fsb_target_chooser_parent_class)->dispose (object);
}

static void
fsb_target_chooser_finalize (GObject *object)
{
  FsbTargetChooser *self = FSB_TARGET_CHOOSER (object);

  g_clear_pointer (&self->chosen, fsb_device_free);
  G_OBJECT_CLASS (fsb_target_chooser_parent_class)->finalize (object);
}

static void
fsb_target_chooser_class_init (FsbTargetChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fsb_target_chooser_dispose;
  object_class->finalize = fsb_target_chooser_finalize;

  signals[PROBLEM] = g_signal_new ("problem", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (FSB_TYPE_FOLDER_BUTTON);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-target-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbTargetChooser, target_list);
  gtk_widget_class_bind_template_child (widget_class, FsbTargetChooser, image_row);
  gtk_widget_class_bind_template_child (widget_class, FsbTargetChooser, image_radio);
  gtk_widget_class_bind_template_child (widget_class, FsbTargetChooser, image_size);
  gtk_widget_class_bind_template_child (widget_class, FsbTargetChooser, image_folder);
  gtk_widget_class_bind_template_callback (widget_class, target_radio_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, image_size_input_cb);
  gtk_widget_class_bind_template_callback (widget_class, image_size_output_cb);
  gtk_widget_class_bind_template_callback (widget_class, image_folder_set_cb);
}

static void
fsb_target_chooser_init (FsbTargetChooser *self)
{
  GtkWidget *label;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_hash_table_new (g_str_hash, g_str_equal);
  /* on a narrow window the image's line keeps its controls: the words wrap */
  label = gtk_bin_get_child (GTK_BIN (self->image_radio));
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* room for "automatic" in every language ("автоматически") */
  gtk_entry_set_width_chars (GTK_ENTRY (self->image_size),
                             MAX (9, (int) g_utf8_strlen (_("automatic"), -1) + 2));
  g_signal_connect_object (self->image_size, "value-changed", G_CALLBACK (emit_changed), self, G_CONNECT_SWAPPED);
}
