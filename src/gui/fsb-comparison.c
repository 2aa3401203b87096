/* fsb-comparison.c: runs from the history put side by side, for the results page and the export
 *
 * The page shows the merged result; the export writes its comparison
 * report from the runs themselves. One object holds both, so the two
 * can never disagree about which runs are compared. */
#include "config.h"

#include <glib/gi18n.h>

#include "fsb-comparison.h"
#include "fsb-history.h"

struct _FsbComparison
{
  GObject parent_instance;

  GPtrArray *runs;     /* of FsbResult* */
  char     **labels;
  FsbResult *merged;
};

G_DEFINE_FINAL_TYPE (FsbComparison, fsb_comparison, G_TYPE_OBJECT)

FsbComparison *
fsb_comparison_new (GPtrArray *runs, const char *const *labels, GError **error)
{
  g_autoptr(FsbResult) merged = NULL;
  FsbComparison *self;

  g_return_val_if_fail (runs != NULL, NULL);

  merged = fsb_history_merge (runs, labels, error);
  if (merged == NULL)
    return NULL;
  self = g_object_new (FSB_TYPE_COMPARISON, NULL);
  self->runs = g_ptr_array_ref (runs);
  self->labels = g_strdupv ((char **) labels);
  self->merged = g_steal_pointer (&merged);
  return self;
}

FsbResult *
fsb_comparison_get_merged (FsbComparison *self)
{
  g_return_val_if_fail (FSB_IS_COMPARISON (self), NULL);
  return self->merged;
}

GPtrArray *
fsb_comparison_get_runs (FsbComparison *self)
{
  g_return_val_if_fail (FSB_IS_COMPARISON (self), NULL);
  return self->runs;
}

const char *const *
fsb_comparison_get_labels (FsbComparison *self)
{
  g_return_val_if_fail (FSB_IS_COMPARISON (self), NULL);
  return (const char *const *) self->labels;
}

char *
fsb_comparison_describe (FsbComparison *self)
{
  g_return_val_if_fail (FSB_IS_COMPARISON (self), NULL);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Comparing %u run side by side",
                                       "Comparing %u runs side by side", self->runs->len), self->runs->len);
}

static void
fsb_comparison_finalize (GObject *object)
{
  FsbComparison *self = FSB_COMPARISON (object);

  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_strfreev (self->labels);
  g_clear_pointer (&self->merged, fsb_result_unref);
  G_OBJECT_CLASS (fsb_comparison_parent_class)->finalize (object);
}

static void
fsb_comparison_class_init (FsbComparisonClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = fsb_comparison_finalize;
}

static void
fsb_comparison_init (FsbComparison *self)
{
}
