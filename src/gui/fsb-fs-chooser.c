/* fsb-fs-chooser.c: which filesystems to compare, with their mkfs options */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-fs-chooser.h"
#include "fsb-fs-support.h"
#include "fsb-gui-util.h"

typedef struct {
  char      *id;
  char      *name;
  GtkWidget *check;
  GtkWidget *options;   /* NULL for a filesystem that cannot be used */
} FsRow;

struct _FsbFsChooser
{
  GtkBox parent_instance;

  GtkWidget *fs_list;
  GtkWidget *fs_spinner;
  GtkWidget *fs_placeholder;

  GCancellable *cancellable;
  GPtrArray    *rows;     /* of FsRow* */
  char        **wanted;   /* ticked last time */
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
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_strfreev (self->wanted);
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
}

static void
fsb_fs_chooser_init (FsbFsChooser *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->rows = g_ptr_array_new_with_free_func (fs_row_free);
}
