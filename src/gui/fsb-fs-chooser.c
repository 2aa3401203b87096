/* fsb-fs-chooser.c: which filesystems to compare, with their mkfs options,
 * and the variants the user made of them */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-contender.h"
#include "fsb-format.h"
#include "fsb-fs-chooser.h"
#include "fsb-fs-support.h"
#include "fsb-gui-util.h"
#include "fsb-variant-dialog.h"

typedef struct {
  char      *id;
  char      *name;
  GtkWidget *check;
  GtkWidget *options;   /* NULL for a filesystem that cannot be used, and a variant */
  char      *variant;   /* a variant's "NAME=FS;mount=…;mkfs=…", else NULL */
  GtkWidget *row;
} FsRow;

struct _FsbFsChooser
{
  GtkBox parent_instance;

  GtkWidget *fs_list;
  GtkWidget *fs_spinner;
  GtkWidget *fs_placeholder;
  GtkWidget *add_variant;

  GCancellable *cancellable;
  GPtrArray    *rows;     /* of FsRow* */
  char        **wanted;   /* ticked last time */
  char        **variants; /* kept from last time, before the probe */
  GSettings    *settings; /* where a variant added or removed is kept at once */
  gboolean      ready;
};

G_DEFINE_FINAL_TYPE (FsbFsChooser, fsb_fs_chooser, GTK_TYPE_BOX)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
fs_row_free (gpointer data)
{
  FsRow *row = data;

  g_free (row->id);
  g_free (row->name);
  g_free (row->variant);
  g_free (row);
}

static gboolean
row_is_ticked (FsRow *row)
{
  return gtk_widget_is_sensitive (row->check) && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (row->check));
}

static void
check_toggled_cb (FsbFsChooser *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static GtkWidget *
info_label_new (const char *text, gboolean wrap)
{
  GtkWidget *info = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (info), 0);
  gtk_widget_set_hexpand (info, TRUE);
  if (wrap)
    {
      gtk_label_set_line_wrap (GTK_LABEL (info), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (info), 60);
    }
  else
    gtk_label_set_ellipsize (GTK_LABEL (info), PANGO_ELLIPSIZE_END);
  gtk_style_context_add_class (gtk_widget_get_style_context (info), "dim-label");
  return info;
}

static GtkWidget *
fs_row_new (FsbFsChooser *self, const FsbFsSupport *fs)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *check = gtk_check_button_new_with_label (fs->display_name);
  FsRow *fs_row = g_new0 (FsRow, 1);

  gtk_widget_set_size_request (check, 110, -1);
  fsb_gui_set_accessible_name (check, fs->display_name);
  gtk_container_add (GTK_CONTAINER (box), check);

  if (fs->usable)
    {
      /* Translators: %s is a filesystem; the field holds extra mkfs options */
      g_autofree char *name = g_strdup_printf (_("Options for %s"), fs->display_name);

      gtk_container_add (GTK_CONTAINER (box),
                         info_label_new (fs->mkfs_version != NULL ? fs->mkfs_version : fs->package, FALSE));
      fs_row->options = gtk_entry_new ();
      gtk_entry_set_placeholder_text (GTK_ENTRY (fs_row->options), _("mkfs options"));
      gtk_entry_set_width_chars (GTK_ENTRY (fs_row->options), 16);
      fsb_gui_set_accessible_name (fs_row->options, name);
      gtk_widget_set_tooltip_text (fs_row->options, _("Extra options for mkfs, such as “-m 1”; empty keeps the defaults"));
      gtk_container_add (GTK_CONTAINER (box), fs_row->options);
      /* Options only for the filesystems that will run: a calmer list. */
      g_object_bind_property (check, "active", fs_row->options, "visible", G_BINDING_SYNC_CREATE);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (check),
                                    self->wanted != NULL && g_strv_contains ((const char *const *) self->wanted, fs->name));
    }
  else
    {
      gtk_widget_set_sensitive (check, FALSE);
      gtk_container_add (GTK_CONTAINER (box), info_label_new (fs->reason, TRUE));
    }
  g_signal_connect_object (check, "toggled", G_CALLBACK (check_toggled_cb), self, G_CONNECT_SWAPPED);

  fs_row->id = g_strdup (fs->name);
  fs_row->name = g_strdup (fs->display_name);
  fs_row->check = check;
  g_ptr_array_add (self->rows, fs_row);

  gtk_style_context_add_class (gtk_widget_get_style_context (box), "fsb-row");
  gtk_container_add (GTK_CONTAINER (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_show_all (row);
  if (fs_row->options != NULL)
    gtk_widget_set_visible (fs_row->options, gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (check)));
  return row;
}

static void
remove_variant_cb (GtkButton *button, FsbFsChooser *self)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);

  for (guint i = 0; i < self->rows->len; i++)
    if (((FsRow *) self->rows->pdata[i])->row == row)
      {
        g_ptr_array_remove_index (self->rows, i);
        break;
      }
  gtk_widget_destroy (row);
  if (self->settings != NULL)
    fsb_fs_chooser_save (self, self->settings);
  g_signal_emit (self, signals[CHANGED], 0);
}

/* A variant's row: its name ticked, what makes it, a button to remove it. */
static void
add_variant_row (FsbFsChooser *self, const char *spec, gboolean ticked)
{
  g_autoptr(FsbContender) c = fsb_contender_parse (spec, NULL);
  GtkWidget *row, *box, *check, *remove;
  GString *what;
  g_autofree char *remove_name = NULL;
  FsRow *fs_row;

  if (c == NULL)
    return;   /* a setting edited by hand into nonsense: dropped */
  what = g_string_new (fsb_format_fs_name (c->fs_type));
  if (c->mount_options != NULL)
    /* Translators: what makes a variant: after its filesystem, its mount options */
    g_string_append_printf (what, _(" · mount: %s"), c->mount_options);
  if (c->mkfs_options != NULL)
    /* Translators: what makes a variant: after its filesystem, its mkfs options */
    g_string_append_printf (what, _(" · mkfs: %s"), c->mkfs_options);
  row = gtk_list_box_row_new ();
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  check = gtk_check_button_new_with_label (c->label);
  gtk_widget_set_size_request (check, 110, -1);
  fsb_gui_set_accessible_name (check, c->label);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (check), ticked);
  gtk_container_add (GTK_CONTAINER (box), check);
  gtk_container_add (GTK_CONTAINER (box), info_label_new (what->str, FALSE));
  g_string_free (what, TRUE);
  remove = gtk_button_new_from_icon_name ("list-remove-symbolic", GTK_ICON_SIZE_BUTTON);
  /* Translators: %s is a variant's name */
  remove_name = g_strdup_printf (_("Remove the variant %s"), c->label);
  fsb_gui_set_accessible_name (remove, remove_name);
  gtk_widget_set_tooltip_text (remove, remove_name);
  g_signal_connect_object (remove, "clicked", G_CALLBACK (remove_variant_cb), self, 0);
  gtk_container_add (GTK_CONTAINER (box), remove);
  g_signal_connect_object (check, "toggled", G_CALLBACK (check_toggled_cb), self, G_CONNECT_SWAPPED);
  gtk_style_context_add_class (gtk_widget_get_style_context (box), "fsb-row");
  gtk_container_add (GTK_CONTAINER (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_show_all (row);
  gtk_container_add (GTK_CONTAINER (self->fs_list), row);

  fs_row = g_new0 (FsRow, 1);
  fs_row->id = g_strdup (c->label);
  fs_row->name = g_strdup (c->label);
  fs_row->check = check;
  fs_row->variant = g_strdup (spec);
  fs_row->row = row;
  g_ptr_array_add (self->rows, fs_row);
}

static void
variant_added_cb (const char *spec, gpointer user_data)
{
  FsbFsChooser *self = user_data;

  add_variant_row (self, spec, TRUE);
  if (self->settings != NULL)
    fsb_fs_chooser_save (self, self->settings);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
add_variant_cb (FsbFsChooser *self)
{
  g_autoptr(GPtrArray) types = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GPtrArray) taken = g_ptr_array_new ();

  for (guint i = 0; i < self->rows->len; i++)
    {
      FsRow *row = self->rows->pdata[i];

      g_ptr_array_add (taken, row->id);
      if (row->variant == NULL && gtk_widget_is_sensitive (row->check))
        {
          g_ptr_array_add (types, row->id);
          g_ptr_array_add (names, row->name);
        }
    }
  g_ptr_array_add (types, NULL);
  g_ptr_array_add (names, NULL);
  g_ptr_array_add (taken, NULL);
  if (types->len == 1)
    return;
  fsb_variant_dialog_show (GTK_WINDOW (gtk_widget_get_toplevel (GTK_WIDGET (self))),
                           (const char *const *) types->pdata, (const char *const *) names->pdata,
                           (const char *const *) taken->pdata, variant_added_cb, self);
}

static void
probe_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  /* Without udisksd, can_format comes from the tools alone. */
  g_task_return_pointer (task, fsb_fs_support_probe (task_data), (GDestroyNotify) g_ptr_array_unref);
}

static void
probe_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  FsbFsChooser *self = FSB_FS_CHOOSER (source);
  g_autoptr(GPtrArray) list = g_task_propagate_pointer (G_TASK (result), NULL);

  if (list == NULL)
    return;   /* cancelled: the chooser is going */
  gtk_spinner_stop (GTK_SPINNER (self->fs_spinner));
  gtk_widget_hide (self->fs_spinner);
  if (list->len == 0)
    {
      gtk_label_set_text (GTK_LABEL (self->fs_placeholder), _("No filesystem can be created here"));
      return;
    }
  for (guint i = 0; i < list->len; i++)
    gtk_container_add (GTK_CONTAINER (self->fs_list), fs_row_new (self, g_ptr_array_index (list, i)));
  for (guint i = 0; self->variants != NULL && self->variants[i] != NULL; i++)
    {
      g_autoptr(FsbContender) c = fsb_contender_parse (self->variants[i], NULL);

      if (c != NULL)
        add_variant_row (self, self->variants[i],
                         self->wanted != NULL && g_strv_contains ((const char *const *) self->wanted, c->label));
    }
  gtk_widget_set_sensitive (self->add_variant, TRUE);
  self->ready = TRUE;
  g_signal_emit (self, signals[CHANGED], 0);
}

void
fsb_fs_chooser_probe (FsbFsChooser *self, UDisksClient *client)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (FSB_IS_FS_CHOOSER (self));

  task = g_task_new (self, self->cancellable, probe_done_cb, NULL);
  g_task_set_check_cancellable (task, TRUE);
  if (client != NULL)
    g_task_set_task_data (task, g_object_ref (client), g_object_unref);
  g_task_run_in_thread (task, probe_thread);
}

void
fsb_fs_chooser_load (FsbFsChooser *self, GSettings *settings)
{
  g_return_if_fail (FSB_IS_FS_CHOOSER (self));

  g_strfreev (self->wanted);
  self->wanted = g_settings_get_strv (settings, "filesystems");
  g_strfreev (self->variants);
  self->variants = g_settings_get_strv (settings, "variants");
  g_set_object (&self->settings, settings);
}

char **
fsb_fs_chooser_get_variants (FsbFsChooser *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (FSB_IS_FS_CHOOSER (self), NULL);
  for (guint i = 0; i < self->rows->len; i++)
    {
      FsRow *row = g_ptr_array_index (self->rows, i);

      if (row->variant != NULL && row_is_ticked (row))
        g_strv_builder_add (builder, row->variant);
    }
  return g_strv_builder_end (builder);
}

static char **
ticked (FsbFsChooser *self, gboolean names)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < self->rows->len; i++)
    {
      FsRow *row = g_ptr_array_index (self->rows, i);

      if (row_is_ticked (row))
        g_strv_builder_add (builder, names ? row->name : row->id);
    }
  return g_strv_builder_end (builder);
}

char **
fsb_fs_chooser_get_ids (FsbFsChooser *self)
{
  g_return_val_if_fail (FSB_IS_FS_CHOOSER (self), NULL);
  return ticked (self, FALSE);
}

char **
fsb_fs_chooser_get_names (FsbFsChooser *self)
{
  g_return_val_if_fail (FSB_IS_FS_CHOOSER (self), NULL);
  return ticked (self, TRUE);
}

GHashTable *
fsb_fs_chooser_get_options (FsbFsChooser *self)
{
  GHashTable *options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  g_return_val_if_fail (FSB_IS_FS_CHOOSER (self), options);

  for (guint i = 0; i < self->rows->len; i++)
    {
      FsRow *row = g_ptr_array_index (self->rows, i);
      g_autofree char *text = NULL;

      if (!row_is_ticked (row) || row->options == NULL)
        continue;
      text = g_strstrip (g_strdup (gtk_entry_get_text (GTK_ENTRY (row->options))));
      if (text[0] != '\0')
        g_hash_table_replace (options, g_strdup (row->id), g_steal_pointer (&text));
    }
  return options;
}

gboolean
fsb_fs_chooser_is_ready (FsbFsChooser *self)
{
  g_return_val_if_fail (FSB_IS_FS_CHOOSER (self), FALSE);
  return self->ready;
}

void
fsb_fs_chooser_save (FsbFsChooser *self, GSettings *settings)
{
  g_auto(GStrv) ids = NULL;

  g_return_if_fail (FSB_IS_FS_CHOOSER (self));

  /* before the probe, what was chosen last time stays */
  if (!self->ready)
    return;
  ids = ticked (self, FALSE);
  g_settings_set_strv (settings, "filesystems", (const char *const *) ids);
  {
    g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
    g_auto(GStrv) variants = NULL;

    for (guint i = 0; i < self->rows->len; i++)
      if (((FsRow *) self->rows->pdata[i])->variant != NULL)
        g_strv_builder_add (builder, ((FsRow *) self->rows->pdata[i])->variant);
    variants = g_strv_builder_end (builder);
    g_settings_set_strv (settings, "variants", (const char *const *) variants);
  }
}

static void
fsb_fs_chooser_dispose (GObject *object)
{
  FsbFsChooser *self = FSB_FS_CHOOSER (object);

  g_cancellable_cancel (self->cancellable);
  G_OBJECT_CLASS (fsb_fs_chooser_parent_class)->dispose (object);
}

static void
fsb_fs_chooser_finalize (GObject *object)
{
  FsbFsChooser *self = FSB_FS_CHOOSER (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_strfreev (self->wanted);
  g_strfreev (self->variants);
  G_OBJECT_CLASS (fsb_fs_chooser_parent_class)->finalize (object);
}

static void
fsb_fs_chooser_class_init (FsbFsChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fsb_fs_chooser_dispose;
  object_class->finalize = fsb_fs_chooser_finalize;

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-fs-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbFsChooser, fs_list);
  gtk_widget_class_bind_template_child (widget_class, FsbFsChooser, fs_spinner);
  gtk_widget_class_bind_template_child (widget_class, FsbFsChooser, fs_placeholder);
  gtk_widget_class_bind_template_child (widget_class, FsbFsChooser, add_variant);
  gtk_widget_class_bind_template_callback (widget_class, add_variant_cb);
}

static void
fsb_fs_chooser_init (FsbFsChooser *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->rows = g_ptr_array_new_with_free_func (fs_row_free);
}
