/* fsb-history-page.c: earlier runs: open one, or compare several */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fsb-gui-util.h"
#include "fsb-history.h"
#include "fsb-history-page.h"

struct _FsbHistoryPage
{
  GtkBox parent_instance;

  GtkWidget *list;
  GtkWidget *undo_bar;
  GtkWidget *undo_label;

  GCancellable *cancellable;
  guint         generation;  /* of the newest listing asked for */
  /* path → GtkListBoxRow, whose data "entry" is its FsbHistoryEntry. A new
   * listing keeps the rows of the runs still there, ticks included. */
  GHashTable   *rows;
  GHashTable   *deleting;    /* paths being deleted in a thread */
  guint         n_selected;
  /* A deleted run stays on disk, its row hidden, until the undo bar goes. */
  char         *pending_path;
  GtkWidget    *pending_row;
  guint         pending_timeout;
};

G_DEFINE_FINAL_TYPE (FsbHistoryPage, fsb_history_page, GTK_TYPE_BOX)

enum { PROP_0, PROP_N_SELECTED, N_PROPS };
static GParamSpec *properties[N_PROPS];

static FsbHistoryEntry *
row_entry (GtkWidget *row)
{
  return g_object_get_data (G_OBJECT (row), "entry");
}

/* The row's tick box; NULL for a file that could not be read. */
static GtkToggleButton *
row_check (GtkWidget *row)
{
  return g_object_get_data (G_OBJECT (row), "check");
}

static gboolean
row_is_ticked (GtkWidget *row)
{
  return row_check (row) != NULL && gtk_widget_get_visible (row) && gtk_toggle_button_get_active (row_check (row));
}

static void
check_toggled_cb (FsbHistoryPage *self)
{
  g_autoptr(GList) rows = gtk_container_get_children (GTK_CONTAINER (self->list));
  guint n = 0;

  for (GList *l = rows; l != NULL; l = l->next)
    if (row_is_ticked (l->data))
      n++;
  if (n != self->n_selected)
    {
      self->n_selected = n;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SELECTED]);
    }
}

static void
hide_undo_bar (FsbHistoryPage *self)
{
  g_clear_handle_id (&self->pending_timeout, g_source_remove);
  gtk_widget_hide (self->undo_bar);
  g_clear_pointer (&self->pending_path, g_free);
  self->pending_row = NULL;
}

static void
deleted_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(FsbHistoryPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (G_FILE (source));

  if (!g_file_delete_finish (G_FILE (source), res, &error) && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    g_warning ("Could not delete %s: %s", path, error->message);
  g_hash_table_remove (self->deleting, path);
}

/* Deletes the run for good: the undo bar went away. In a thread, unless
 * the page is going (then at once, before the process may end). */
static void
commit_delete (FsbHistoryPage *self, gboolean now)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (self->pending_path == NULL)
    return;
  file = g_file_new_for_path (self->pending_path);
  if (now)
    {
      if (!g_file_delete (file, NULL, &error) && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_warning ("Could not delete %s: %s", self->pending_path, error->message);
    }
  else
    {
      /* listings that finish before the file is gone leave it out */
      g_hash_table_add (self->deleting, g_strdup (self->pending_path));
      g_file_delete_async (file, G_PRIORITY_DEFAULT, NULL, deleted_cb, g_object_ref (self));
    }
  if (self->pending_row != NULL)
    {
      g_hash_table_remove (self->rows, row_entry (self->pending_row)->path);
      gtk_widget_destroy (self->pending_row);
    }
  hide_undo_bar (self);
}

static gboolean
undo_timeout_cb (gpointer user_data)
{
  FsbHistoryPage *self = user_data;

  self->pending_timeout = 0;
  commit_delete (self, FALSE);
  return G_SOURCE_REMOVE;
}

static void
undo_clicked_cb (FsbHistoryPage *self)
{
  if (self->pending_row != NULL)
    gtk_widget_show (self->pending_row);
  hide_undo_bar (self);
}

static void
delete_clicked_cb (GtkButton *button, FsbHistoryPage *self)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);
  GtkToggleButton *check = row_check (row);
  FsbHistoryEntry *entry = row_entry (row);
  g_autofree char *text = NULL;

  /* one undo at a time: the run deleted before goes for good */
  commit_delete (self, FALSE);
  if (check != NULL)
    gtk_toggle_button_set_active (check, FALSE);
  gtk_widget_hide (row);
  self->pending_path = g_strdup (entry->path);
  self->pending_row = row;
  if (entry->summary != NULL)
    {
      g_autofree char *label = fsb_history_label (entry->summary);
      /* Translators: %s is a run's date and time */
      text = g_strdup_printf (_("The run of %s was deleted."), label);
    }
  else
    {
      g_autofree char *basename = g_path_get_basename (entry->path);
      /* Translators: %s is a file name */
      text = g_strdup_printf (_("%s was deleted."), basename);
    }
  gtk_label_set_text (GTK_LABEL (self->undo_label), text);
  gtk_widget_show (self->undo_bar);
  self->pending_timeout = g_timeout_add_seconds (10, undo_timeout_cb, self);
}

static GtkWidget *
delete_button_new (FsbHistoryPage *self, const char *what)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic", GTK_ICON_SIZE_BUTTON);
  /* Translators: %s describes a run, or names its file */
  g_autofree char *name = g_strdup_printf (_("Delete %s"), what);

  gtk_widget_set_tooltip_text (button, _("Delete this run from the history"));
  fsb_gui_set_accessible_name (button, name);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_signal_connect_object (button, "clicked", G_CALLBACK (delete_clicked_cb), self, 0);
  return button;
}

/* The row takes the entry. */
static GtkWidget *
entry_row_new (FsbHistoryPage *self, FsbHistoryEntry *entry)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  g_autofree char *basename = g_path_get_basename (entry->path);

  g_object_set_data_full (G_OBJECT (row), "entry", entry, (GDestroyNotify) fsb_history_entry_free);

  if (entry->summary != NULL)
    {
      g_autofree char *text = fsb_history_describe (entry->summary);
      GtkWidget *check = gtk_check_button_new_with_label (text);
      GtkWidget *open = gtk_button_new_with_mnemonic (_("_Open"));
      /* Translators: %s describes a run: its date, filesystems and machine */
      g_autofree char *open_name = g_strdup_printf (_("Open %s"), text);

      gtk_widget_set_hexpand (check, TRUE);
      gtk_label_set_ellipsize (GTK_LABEL (gtk_bin_get_child (GTK_BIN (check))), PANGO_ELLIPSIZE_END);
      gtk_widget_set_tooltip_text (check, entry->path);
      g_object_set_data (G_OBJECT (row), "check", check);
      g_signal_connect_object (check, "toggled", G_CALLBACK (check_toggled_cb), self, G_CONNECT_SWAPPED);
      gtk_container_add (GTK_CONTAINER (box), check);

      gtk_actionable_set_action_name (GTK_ACTIONABLE (open), "win.open-run");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (open), "s", entry->path);
      fsb_gui_set_accessible_name (open, open_name);
      gtk_container_add (GTK_CONTAINER (box), open);
      gtk_container_add (GTK_CONTAINER (box), delete_button_new (self, text));
    }
  else
    {
      /* Translators: %s is a file name; the reason follows on the next line */
      g_autofree char *head = g_strdup_printf (_("“%s” cannot be read."), basename);
      g_autofree char *text = g_strjoin ("\n", head, entry->problem, NULL);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_sensitive (label, FALSE);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_container_add (GTK_CONTAINER (box), label);
      gtk_container_add (GTK_CONTAINER (box), delete_button_new (self, basename));
    }

  gtk_style_context_add_class (gtk_widget_get_style_context (box), "fsb-row");
  gtk_container_add (GTK_CONTAINER (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_show_all (row);
  return row;
}

/* Rows for the runs of a new listing (newest first): the rows of the runs
 * still there stay as they are, ticks and all; the others go or come. */
static void
update_rows (FsbHistoryPage *self, GPtrArray *entries)
{
  g_autoptr(GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GList) rows = gtk_container_get_children (GTK_CONTAINER (self->list));

  for (guint i = 0; i < entries->len; i++)
    {
      FsbHistoryEntry *entry = g_ptr_array_index (entries, i);
      GtkWidget *row = g_hash_table_lookup (self->rows, entry->path);

      /* A file that became readable (or not) gets a new row. */
      if (row != NULL && (row_entry (row)->summary != NULL) == (entry->summary != NULL))
        g_hash_table_add (listed, row_entry (row)->path);
    }
  for (GList *l = rows; l != NULL; l = l->next)
    if (!g_hash_table_contains (listed, row_entry (l->data)->path))
      {
        g_hash_table_remove (self->rows, row_entry (l->data)->path);
        gtk_widget_destroy (l->data);
      }

  for (guint i = 0, position = 0; i < entries->len; i++)
    {
      FsbHistoryEntry *entry = g_ptr_array_index (entries, i);
      GtkWidget *row;

      if (g_hash_table_contains (self->deleting, entry->path))
        continue;
      position++;
      if (g_hash_table_contains (self->rows, entry->path))
        continue;
      entries->pdata[i] = NULL;   /* the row takes it */
      row = entry_row_new (self, entry);
      g_hash_table_insert (self->rows, entry->path, row);
      gtk_list_box_insert (GTK_LIST_BOX (self->list), row, (int) position - 1);
    }
}

typedef struct {
  FsbHistoryPage *self;
  guint           generation;
} Listing;

static void
listed_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Listing *listing = user_data;
  g_autoptr(FsbHistoryPage) self = listing->self;
  guint generation = listing->generation;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = fsb_history_list_finish (result, &error);

  g_free (listing);

  /* Listings run in threads and may finish out of order: only the newest counts. */
  if (entries == NULL || g_cancellable_is_cancelled (self->cancellable) || generation != self->generation)
    return;

  commit_delete (self, FALSE);
  update_rows (self, entries);
  check_toggled_cb (self);
}

void
fsb_history_page_reload (FsbHistoryPage *self)
{
  Listing *listing;

  g_return_if_fail (FSB_IS_HISTORY_PAGE (self));

  /* the deleted run must not come back in the new listing */
  commit_delete (self, FALSE);
  listing = g_new0 (Listing, 1);
  listing->self = g_object_ref (self);
  listing->generation = ++self->generation;
  fsb_history_list_async (self->cancellable, listed_cb, listing);
}

FsbResult *
fsb_history_page_lookup (FsbHistoryPage *self, const char *path)
{
  GtkWidget *row;

  g_return_val_if_fail (FSB_IS_HISTORY_PAGE (self), NULL);

  row = g_hash_table_lookup (self->rows, path);
  return row != NULL ? row_entry (row)->summary : NULL;
}

GStrv
fsb_history_page_get_selected (FsbHistoryPage *self)
{
  g_autoptr(GStrvBuilder) paths = g_strv_builder_new ();
  g_autoptr(GList) rows = NULL;

  g_return_val_if_fail (FSB_IS_HISTORY_PAGE (self), g_strv_builder_end (paths));

  rows = gtk_container_get_children (GTK_CONTAINER (self->list));
  for (GList *l = rows; l != NULL; l = l->next)
    if (row_is_ticked (l->data))
      g_strv_builder_add (paths, row_entry (l->data)->path);
  return g_strv_builder_end (paths);
}

static void
fsb_history_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FsbHistoryPage *self = FSB_HISTORY_PAGE (object);

  switch (prop_id)
    {
    case PROP_N_SELECTED:
      g_value_set_uint (value, self->n_selected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fsb_history_page_dispose (GObject *object)
{
  FsbHistoryPage *self = FSB_HISTORY_PAGE (object);

  g_cancellable_cancel (self->cancellable);
  commit_delete (self, TRUE);
  G_OBJECT_CLASS (fsb_history_page_parent_class)->dispose (object);
}

static void
fsb_history_page_finalize (GObject *object)
{
  FsbHistoryPage *self = FSB_HISTORY_PAGE (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->rows, g_hash_table_unref);
  g_clear_pointer (&self->deleting, g_hash_table_unref);
  G_OBJECT_CLASS (fsb_history_page_parent_class)->finalize (object);
}

static void
fsb_history_page_class_init (FsbHistoryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = fsb_history_page_get_property;
  object_class->dispose = fsb_history_page_dispose;
  object_class->finalize = fsb_history_page_finalize;

  properties[PROP_N_SELECTED] = g_param_spec_uint ("n-selected", NULL, NULL, 0, G_MAXUINT, 0,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-history-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbHistoryPage, list);
  gtk_widget_class_bind_template_child (widget_class, FsbHistoryPage, undo_bar);
  gtk_widget_class_bind_template_child (widget_class, FsbHistoryPage, undo_label);
  gtk_widget_class_bind_template_callback (widget_class, undo_clicked_cb);
}

static void
fsb_history_page_init (FsbHistoryPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* GTK makes the bar a close button, hidden here but still seen by screen readers */
  fsb_gui_name_info_bar_close_button (GTK_INFO_BAR (self->undo_bar), _("Close the message"));
  self->cancellable = g_cancellable_new ();
  self->rows = g_hash_table_new (g_str_hash, g_str_equal);
  self->deleting = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}
