/* fsb-setup-page.c: where to test, which filesystems, which workload
 *
 * The page holds three choosers and the action bar; the plan is built in
 * one place, fsb_setup_page_build_plan(), from what each chooser says. */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-error.h"
#include "fsb-format.h"
#include "fsb-fs-chooser.h"
#include "fsb-gui-util.h"
#include "fsb-history.h"
#include "fsb-setup-page.h"
#include "fsb-sizes.h"
#include "fsb-target-chooser.h"
#include "fsb-workload-chooser.h"

struct _FsbSetupPage
{
  GtkBox parent_instance;

  GtkWidget *viewport;
  GtkWidget *page_box;
  GtkWidget *target_chooser;
  GtkWidget *fs_chooser;
  GtkWidget *workload_chooser;
  GtkWidget *summary_label;

  GSettings *settings;
  gboolean   can_start;
  /* Complete runs with a pace, newest first: the estimate follows the one
   * made on the chosen disk. Listed in a thread at load. */
  GPtrArray    *paced_runs;
  GCancellable *cancellable;
};

G_DEFINE_FINAL_TYPE (FsbSetupPage, fsb_setup_page, GTK_TYPE_BOX)

enum { PROP_0, PROP_CAN_START, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { PROBLEM, N_SIGNALS };
static guint signals[N_SIGNALS];

static gboolean fill_plan (FsbSetupPage *self, FsbPlan *plan, GError **error);

/* The time and the room the engine expects, under the filesystems. */
static char *
describe_estimate (FsbSetupPage *self)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  FsbPlanEstimate estimate;
  g_autofree char *time = NULL;
  g_autofree char *size = NULL;
  char *text;

  if (!fill_plan (self, plan, NULL))
    return NULL;
  fsb_plan_estimate (plan, NULL, &estimate);
  fsb_workload_chooser_show_costs (FSB_WORKLOAD_CHOOSER (self->workload_chooser), plan);
  time = fsb_gui_format_about (estimate.estimated_seconds);
  if (estimate.target_size_bytes > 0 && estimate.images_at_once > 1)
    {
      size = fsb_size_format (estimate.target_size_bytes);
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: "about 3 minutes", how many disk images (one for each
                                            * filesystem), then the size of each, "1.5 GiB" */
                                           "Takes %s; %u disk image of %s is made, one for each filesystem.",
                                           "Takes %s; %u disk images of %s are made, one for each filesystem.",
                                           estimate.images_at_once),
                              time, estimate.images_at_once, size);
    }
  else if (estimate.target_size_bytes > 0)
    {
      size = fsb_size_format (estimate.target_size_bytes);
      /* Translators: "about 3 minutes", then a size, "1.5 GiB" */
      text = g_strdup_printf (_("Takes %s; the disk image needs %s."), time, size);
    }
  else
    {
      size = fsb_size_format (estimate.space_needed_bytes);
      /* Translators: "about 3 minutes", then a size, "1.5 GiB" */
      text = g_strdup_printf (_("Takes %s and %s on the partition."), time, size);
    }
  fsb_plan_estimate_clear (&estimate);
  return text;
}

static void
update_summary (FsbSetupPage *self)
{
  g_auto(GStrv) names = fsb_fs_chooser_get_names (FSB_FS_CHOOSER (self->fs_chooser));
  guint n = g_strv_length (names);
  gboolean can_start = n > 0;

  if (n > 0)
    {
      g_autofree char *joined = fsb_format_join_names ((const char *const *) names, n, FALSE);
      /* Translators: %s is a list of filesystems, "ext4, XFS and Btrfs" */
      g_autofree char *text = g_strdup_printf (_("Compares %s"), joined);
      g_autofree char *estimate = describe_estimate (self);
      g_autofree char *both = estimate != NULL ? g_strconcat (text, "\n", estimate, NULL) : NULL;

      gtk_label_set_text (GTK_LABEL (self->summary_label), both != NULL ? both : text);
    }
  else if (fsb_fs_chooser_is_ready (FSB_FS_CHOOSER (self->fs_chooser)))
    gtk_label_set_text (GTK_LABEL (self->summary_label), _("Choose at least one filesystem"));

  if (can_start != self->can_start)
    {
      self->can_start = can_start;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_START]);
    }
}

static void
chooser_problem_cb (FsbSetupPage *self, const char *what, const char *todo)
{
  g_signal_emit (self, signals[PROBLEM], 0, what, todo);
}

void
fsb_setup_page_add_run (FsbSetupPage *self, FsbResult *result)
{
  g_return_if_fail (FSB_IS_SETUP_PAGE (self) && result != NULL);

  if (!result->complete || g_hash_table_size (result->pace) == 0)
    return;
  if (self->paced_runs == NULL)
    self->paced_runs = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_result_unref);
  g_ptr_array_insert (self->paced_runs, 0, fsb_result_ref (result));
  update_summary (self);
}

static void
history_listed_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  g_autoptr(FsbSetupPage) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) entries = fsb_history_list_finish (res, &error);
  g_autoptr(GPtrArray) runs = NULL;

  /* Without the history (cancelled, unreadable) the estimate stays a first guess. */
  if (entries == NULL)
    return;
  runs = fsb_history_runs (entries);
  /* Oldest first, so that the newest ends first, before runs added meanwhile. */
  for (guint i = runs->len; i > 0; i--)
    fsb_setup_page_add_run (self, g_ptr_array_index (runs, i - 1));
}

void
fsb_setup_page_load (FsbSetupPage *self)
{
  g_return_if_fail (FSB_IS_SETUP_PAGE (self));

  fsb_target_chooser_load (FSB_TARGET_CHOOSER (self->target_chooser), self->settings);
  fsb_fs_chooser_load (FSB_FS_CHOOSER (self->fs_chooser), self->settings);
  fsb_workload_chooser_load (FSB_WORKLOAD_CHOOSER (self->workload_chooser), self->settings);
  fsb_history_list_async (self->cancellable, history_listed_cb, g_object_ref (self));
}

void
fsb_setup_page_set_client (FsbSetupPage *self, UDisksClient *client)
{
  g_return_if_fail (FSB_IS_SETUP_PAGE (self));

  if (client != NULL)
    fsb_target_chooser_set_client (FSB_TARGET_CHOOSER (self->target_chooser), client);
  fsb_fs_chooser_probe (FSB_FS_CHOOSER (self->fs_chooser), client);
}

/* The plan from what each chooser says; unchecked. */
static gboolean
fill_plan (FsbSetupPage *self, FsbPlan *plan, GError **error)
{
  g_auto(GStrv) filesystems = fsb_fs_chooser_get_ids (FSB_FS_CHOOSER (self->fs_chooser));

  if (filesystems[0] == NULL)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("Choose at least one filesystem to compare."));
      return FALSE;
    }
  {
    g_auto(GStrv) variants = fsb_fs_chooser_get_variants (FSB_FS_CHOOSER (self->fs_chooser));

    for (guint i = 0; variants[i] != NULL; i++)
      if (!fsb_plan_add_variant (plan, variants[i], error))
        return FALSE;
  }
  if (!fsb_plan_set_filesystems (plan, (const char *const *) filesystems, error))
    return FALSE;
  g_clear_pointer (&plan->mkfs_options, g_hash_table_unref);
  plan->mkfs_options = fsb_fs_chooser_get_options (FSB_FS_CHOOSER (self->fs_chooser));
  if (!fsb_workload_chooser_fill_plan (FSB_WORKLOAD_CHOOSER (self->workload_chooser), plan, error)
      || !fsb_target_chooser_fill_plan (FSB_TARGET_CHOOSER (self->target_chooser), plan, error))
    return FALSE;
  if (self->paced_runs != NULL)
    fsb_plan_set_pace (plan, fsb_history_find_pace (self->paced_runs, plan->target_spec));
  return TRUE;
}

FsbPlan *
fsb_setup_page_build_plan (FsbSetupPage *self, GError **error)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();

  g_return_val_if_fail (FSB_IS_SETUP_PAGE (self), NULL);

  if (!fill_plan (self, plan, error) || !fsb_plan_validate (plan, error))
    return NULL;
  return g_steal_pointer (&plan);
}

void
fsb_setup_page_save_choices (FsbSetupPage *self)
{
  g_return_if_fail (FSB_IS_SETUP_PAGE (self));

  g_settings_delay (self->settings);
  fsb_target_chooser_save (FSB_TARGET_CHOOSER (self->target_chooser), self->settings);
  fsb_fs_chooser_save (FSB_FS_CHOOSER (self->fs_chooser), self->settings);
  fsb_workload_chooser_save (FSB_WORKLOAD_CHOOSER (self->workload_chooser), self->settings);
  g_settings_apply (self->settings);
}

char *
fsb_setup_page_describe (FsbSetupPage *self)
{
  g_auto(GStrv) ids = fsb_fs_chooser_get_ids (FSB_FS_CHOOSER (self->fs_chooser));

  g_return_val_if_fail (FSB_IS_SETUP_PAGE (self), NULL);
  return fsb_target_chooser_describe (FSB_TARGET_CHOOSER (self->target_chooser), g_strv_length (ids));
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

  /* A listing still running no longer updates the page. */
  g_cancellable_cancel (self->cancellable);
  G_OBJECT_CLASS (fsb_setup_page_parent_class)->dispose (object);
}

static void
fsb_setup_page_finalize (GObject *object)
{
  FsbSetupPage *self = FSB_SETUP_PAGE (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->paced_runs, g_ptr_array_unref);
  g_clear_object (&self->cancellable);
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

  g_type_ensure (FSB_TYPE_TARGET_CHOOSER);
  g_type_ensure (FSB_TYPE_FS_CHOOSER);
  g_type_ensure (FSB_TYPE_WORKLOAD_CHOOSER);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/fsb-setup-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, viewport);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, page_box);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, target_chooser);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, fs_chooser);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, workload_chooser);
  gtk_widget_class_bind_template_child (widget_class, FsbSetupPage, summary_label);
  gtk_widget_class_bind_template_callback (widget_class, update_summary);
  gtk_widget_class_bind_template_callback (widget_class, chooser_problem_cb);
}

static void
fsb_setup_page_init (FsbSetupPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* the page scrolls to the control that takes the keyboard focus */
  gtk_container_set_focus_vadjustment (GTK_CONTAINER (self->page_box),
                                       gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->viewport)));
  self->settings = g_settings_new (APP_ID);
  self->cancellable = g_cancellable_new ();
}
