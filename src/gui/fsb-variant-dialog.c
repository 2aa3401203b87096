/* fsb-variant-dialog.c: a variant of a filesystem: a name, and the mount
 * and mkfs options that make it */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-contender.h"
#include "fsb-gui-util.h"
#include "fsb-mount-allow.h"
#include "fsb-variant-dialog.h"

typedef struct {
  GtkWidget *dialog, *type, *name, *mount, *mkfs, *allowed, *error;
  char     **taken;
  FsbVariantAddedFunc added;
  gpointer  user_data;
} VariantDialog;

static void
variant_dialog_free (gpointer data)
{
  VariantDialog *d = data;

  g_strfreev (d->taken);
  g_free (d);
}

static GtkWidget *
add_row (GtkGrid *grid, int row, const char *label, GtkWidget *field)
{
  GtkWidget *title = gtk_label_new_with_mnemonic (label);

  gtk_label_set_xalign (GTK_LABEL (title), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), field);
  gtk_widget_set_hexpand (field, TRUE);
  gtk_grid_attach (grid, title, 0, row, 1, 1);
  gtk_grid_attach (grid, field, 1, row, 1, 1);
  return field;
}

/* What udisks lets this user pass for the chosen filesystem. */
static void
type_changed_cb (VariantDialog *d)
{
  const char *type = gtk_combo_box_get_active_id (GTK_COMBO_BOX (d->type));
  g_auto(GStrv) allowed = type != NULL ? fsb_mount_allowed_options (type) : NULL;
  g_autofree char *list = allowed != NULL ? g_strjoinv (", ", allowed) : NULL;
  g_autofree char *text = NULL;

  if (list != NULL)
    /* Translators: a list of mount options, “noatime, nodiratime, …” */
    text = g_strdup_printf (_("The disk service lets you use: %s."), list);
  gtk_label_set_text (GTK_LABEL (d->allowed), text != NULL ? text : "");
  gtk_widget_set_visible (d->allowed, text != NULL);
}

static char *
spec_of (VariantDialog *d)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_entry_get_text (GTK_ENTRY (d->name))));
  g_autofree char *mount = g_strstrip (g_strdup (gtk_entry_get_text (GTK_ENTRY (d->mount))));
  g_autofree char *mkfs = g_strstrip (g_strdup (gtk_entry_get_text (GTK_ENTRY (d->mkfs))));
  GString *spec = g_string_new (NULL);

  g_string_append_printf (spec, "%s=%s", name, gtk_combo_box_get_active_id (GTK_COMBO_BOX (d->type)));
  if (mount[0] != '\0')
    g_string_append_printf (spec, ";mount=%s", mount);
  if (mkfs[0] != '\0')
    g_string_append_printf (spec, ";mkfs=%s", mkfs);
  return g_string_free (spec, FALSE);
}

/* The variant, or NULL with the reason shown in the dialog. */
static char *
check (VariantDialog *d)
{
  g_autofree char *spec = spec_of (d);
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbContender) c = fsb_contender_parse (spec, &error);

  if (c != NULL && d->taken != NULL && g_strv_contains ((const char *const *) d->taken, c->label))
    /* Translators: %s is the name typed for a variant */
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_EXISTS, _("“%s” is already in the list: choose another name."), c->label);
  else if (c != NULL && c->mount_options == NULL && c->mkfs_options == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                         _("Give the variant mount options, mkfs options or both."));
  else if (c != NULL && c->mount_options != NULL)
    fsb_mount_options_check (c->fs_type, c->mount_options, &error);
  if (error != NULL)
    {
      gtk_label_set_text (GTK_LABEL (d->error), error->message);
      gtk_widget_show (d->error);
      return NULL;
    }
  return g_steal_pointer (&spec);
}

static void
response_cb (GtkDialog *dialog, int response, VariantDialog *d)
{
  g_autofree char *spec = NULL;

  if (response == GTK_RESPONSE_OK && (spec = check (d)) == NULL)
    return;   /* the reason is shown; the dialog stays */
  if (spec != NULL)
    d->added (spec, d->user_data);
  gtk_widget_destroy (GTK_WIDGET (dialog));
}

void
fsb_variant_dialog_show (GtkWindow *parent, const char *const *types, const char *const *type_names,
                         const char *const *taken, FsbVariantAddedFunc added, gpointer user_data)
{
  VariantDialog *d = g_new0 (VariantDialog, 1);
  GtkWidget *area, *grid, *add;

  d->taken = g_strdupv ((char **) taken);
  d->added = added;
  d->user_data = user_data;
  d->dialog = gtk_dialog_new_with_buttons (_("Add a Variant"), parent,
                                           GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_USE_HEADER_BAR,
                                           _("_Cancel"), GTK_RESPONSE_CANCEL, NULL);
  g_object_set_data_full (G_OBJECT (d->dialog), "fsb-variant-dialog", d, variant_dialog_free);
  add = gtk_dialog_add_button (GTK_DIALOG (d->dialog), _("_Add"), GTK_RESPONSE_OK);
  gtk_style_context_add_class (gtk_widget_get_style_context (add), "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (d->dialog), GTK_RESPONSE_OK);
  area = gtk_dialog_get_content_area (GTK_DIALOG (d->dialog));
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  g_object_set (grid, "margin", 18, NULL);
  gtk_container_add (GTK_CONTAINER (area), grid);

  d->type = gtk_combo_box_text_new ();
  for (guint i = 0; types[i] != NULL; i++)
    gtk_combo_box_text_append (GTK_COMBO_BOX_TEXT (d->type), types[i], type_names[i]);
  gtk_combo_box_set_active (GTK_COMBO_BOX (d->type), 0);
  add_row (GTK_GRID (grid), 0, _("_Filesystem"), d->type);
  fsb_gui_set_accessible_name (d->type, _("Filesystem of the variant"));
  d->name = add_row (GTK_GRID (grid), 1, _("_Name"), gtk_entry_new ());
  gtk_entry_set_placeholder_text (GTK_ENTRY (d->name), _("noatime"));
  gtk_entry_set_activates_default (GTK_ENTRY (d->name), TRUE);
  fsb_gui_set_accessible_name (d->name, _("Name of the variant"));
  d->mount = add_row (GTK_GRID (grid), 2, _("_Mount options"), gtk_entry_new ());
  gtk_entry_set_placeholder_text (GTK_ENTRY (d->mount), _("noatime,compress=zstd:1"));
  gtk_entry_set_activates_default (GTK_ENTRY (d->mount), TRUE);
  fsb_gui_set_accessible_name (d->mount, _("Mount options of the variant"));
  d->allowed = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (d->allowed), 0);
  gtk_label_set_line_wrap (GTK_LABEL (d->allowed), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (d->allowed), 50);
  gtk_style_context_add_class (gtk_widget_get_style_context (d->allowed), "dim-label");
  gtk_grid_attach (GTK_GRID (grid), d->allowed, 1, 3, 1, 1);
  d->mkfs = add_row (GTK_GRID (grid), 4, _("mk_fs options"), gtk_entry_new ());
  gtk_entry_set_placeholder_text (GTK_ENTRY (d->mkfs), _("-O ^has_journal"));
  gtk_entry_set_activates_default (GTK_ENTRY (d->mkfs), TRUE);
  fsb_gui_set_accessible_name (d->mkfs, _("mkfs options of the variant"));
  d->error = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (d->error), 0);
  gtk_label_set_line_wrap (GTK_LABEL (d->error), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (d->error), 50);
  gtk_style_context_add_class (gtk_widget_get_style_context (d->error), "error");
  gtk_grid_attach (GTK_GRID (grid), d->error, 0, 5, 2, 1);
  fsb_gui_set_accessible_name (d->error, _("Why the variant cannot be added"));

  g_signal_connect_swapped (d->type, "changed", G_CALLBACK (type_changed_cb), d);
  g_signal_connect (d->dialog, "response", G_CALLBACK (response_cb), d);
  gtk_widget_show_all (grid);
  gtk_widget_hide (d->error);
  type_changed_cb (d);
  gtk_widget_show (d->dialog);
}
