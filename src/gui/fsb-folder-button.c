/* fsb-folder-button.c: a button that shows a folder and lets the user choose another
 *
 * Not a GtkFileChooserButton: that one keeps a hidden file chooser, whose
 * places sidebar measures every mount the system makes, ours included,
 * and warns when a mount goes before it looked. The chooser here exists
 * only while it is open. */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-folder-button.h"

struct _FsbFolderButton
{
  GtkButton parent_instance;

  GtkWidget *label;

  char                 *folder;
  char                 *title;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (FsbFolderButton, fsb_folder_button, GTK_TYPE_BUTTON)

enum { PROP_0, PROP_FOLDER, PROP_TITLE, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { FOLDER_SET, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
update_label (FsbFolderButton *self)
{
  g_autofree char *name = self->folder != NULL ? g_filename_display_basename (self->folder) : NULL;
  g_autofree char *path = self->folder != NULL ? g_filename_display_name (self->folder) : NULL;

  gtk_label_set_text (GTK_LABEL (self->label), name != NULL ? name : _("(None)"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), path);
  atk_object_set_description (gtk_widget_get_accessible (GTK_WIDGET (self)), path != NULL ? path : "");
}

const char *
fsb_folder_button_get_folder (FsbFolderButton *self)
{
  g_return_val_if_fail (FSB_IS_FOLDER_BUTTON (self), NULL);
  return self->folder;
}

void
fsb_folder_button_set_folder (FsbFolderButton *self, const char *folder)
{
  g_return_if_fail (FSB_IS_FOLDER_BUTTON (self));

  if (g_strcmp0 (folder, self->folder) == 0)
    return;
  g_free (self->folder);
  self->folder = g_strdup (folder);
  update_label (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDER]);
}

static void
chooser_response_cb (GtkNativeDialog *chooser, int response, FsbFolderButton *self)
{
  g_autofree char *folder = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    folder = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (folder != NULL)
    {
      fsb_folder_button_set_folder (self, folder);
      g_signal_emit (self, signals[FOLDER_SET], 0);
    }
}

static void
fsb_folder_button_clicked (GtkButton *button)
{
  FsbFolderButton *self = FSB_FOLDER_BUTTON (button);
  GtkWidget *toplevel = gtk_widget_get_toplevel (GTK_WIDGET (self));

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (self->title,
                                               GTK_IS_WINDOW (toplevel) ? GTK_WINDOW (toplevel) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                               _("_Select"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  if (self->folder != NULL)
    gtk_file_chooser_set_filename (GTK_FILE_CHOOSER (self->chooser), self->folder);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (chooser_response_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
fsb_folder_button_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FsbFolderButton *self = FSB_FOLDER_BUTTON (object);

  switch (prop_id)
    {
    case PROP_FOLDER:
      g_value_set_string (value, self->folder);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fsb_folder_button_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FsbFolderButton *self = FSB_FOLDER_BUTTON (object);

  switch (prop_id)
    {
    case PROP_FOLDER:
      fsb_folder_button_set_folder (self, g_value_get_string (value));
      break;
    case PROP_TITLE:
      g_free (self->title);
      self->title = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fsb_folder_button_dispose (GObject *object)
{
  FsbFolderButton *self = FSB_FOLDER_BUTTON (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  G_OBJECT_CLASS (fsb_folder_button_parent_class)->dispose (object);
}

static void
fsb_folder_button_finalize (GObject *object)
{
  FsbFolderButton *self = FSB_FOLDER_BUTTON (object);

  g_free (self->folder);
  g_free (self->title);
  G_OBJECT_CLASS (fsb_folder_button_parent_class)->finalize (object);
}

static void
fsb_folder_button_class_init (FsbFolderButtonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkButtonClass *button_class = GTK_BUTTON_CLASS (klass);

  object_class->get_property = fsb_folder_button_get_property;
  object_class->set_property = fsb_folder_button_set_property;
  object_class->dispose = fsb_folder_button_dispose;
  object_class->finalize = fsb_folder_button_finalize;
  button_class->clicked = fsb_folder_button_clicked;

  properties[PROP_FOLDER] = g_param_spec_string ("folder", NULL, NULL, NULL,
                                                 G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[FOLDER_SET] = g_signal_new ("folder-set", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-folder-button.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbFolderButton, label);
}

static void
fsb_folder_button_init (FsbFolderButton *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_label (self);
}
