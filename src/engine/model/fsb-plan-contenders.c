/* fsb-plan-contenders.c: the contenders of a plan: the filesystems and
 * variants it lists, each under a label of its own */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-plan.h"
#include "fsb-plan-private.h"
#include "fsb-text.h"

static FsbContender *
find (GPtrArray *list, const char *label)
{
  for (guint i = 0; list != NULL && i < list->len; i++)
    if (g_strcmp0 (((FsbContender *) list->pdata[i])->label, label) == 0)
      return list->pdata[i];
  return NULL;
}

gboolean
fsb_plan_add_variant (FsbPlan *self, const char *text, GError **error)
{
  g_autoptr(FsbContender) variant = fsb_contender_parse (text, error);

  if (variant == NULL)
    return FALSE;
  if (find (self->variants, variant->label) != NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %s is the name of a variant */
                   _("The variant “%s” is defined twice"), variant->label);
      return FALSE;
    }
  g_ptr_array_add (self->variants, g_steal_pointer (&variant));
  return TRUE;
}

/* A filesystem listed more than once is compared with itself (an A/A
 * comparison): each of its twins is labelled with its place among them,
 * "ext4 (1)", "ext4 (2)", as the report calls filesystems of one name
 * from different runs. A label is data, not a sentence: never translated.
 * Results of before this rule name the second "ext4-2"; they still load. */
static void
label_twins (GPtrArray *list)
{
  for (guint i = 0; i < list->len; i++)
    {
      FsbContender *c = list->pdata[i];
      g_autofree char *type = g_strdup (c->label);
      guint n = 0;

      if (g_strcmp0 (c->label, c->fs_type) != 0 || c->mount_options != NULL || c->mkfs_options != NULL)
        continue;
      for (guint j = i + 1; j < list->len; j++)
        if (g_strcmp0 (((FsbContender *) list->pdata[j])->label, type) == 0)
          n++;
      for (guint j = i, k = 1; n > 0 && j < list->len; j++)
        {
          FsbContender *twin = list->pdata[j];

          if (g_strcmp0 (twin->label, type) != 0)
            continue;
          g_free (twin->label);
          twin->label = g_strdup_printf ("%s (%u)", type, k++);
        }
    }
}

gboolean
fsb_plan_set_filesystems (FsbPlan *self, const char *const *names, GError **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_contender_free);
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (names[i]));
      FsbContender *variant = find (self->variants, name);
      FsbContender *c;

      if (*name == '\0')
        continue;
      if (!fsb_text_is_fs_name (name))
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: %s is what the user typed */
                       _("“%s” is not a filesystem name"), name);
          return FALSE;
        }
      if (variant != NULL && find (list, name) != NULL)
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: %s is the name of a variant */
                       _("The variant “%s” is listed twice"), name);
          return FALSE;
        }
      c = variant != NULL ? fsb_contender_copy (variant) : fsb_contender_new (name, name);
      g_ptr_array_add (list, c);
    }
  label_twins (list);
  for (guint i = 0; i < list->len; i++)
    g_strv_builder_add (labels, ((FsbContender *) list->pdata[i])->label);
  g_strfreev (self->filesystems);
  self->filesystems = g_strv_builder_end (labels);
  g_ptr_array_unref (self->contenders);
  self->contenders = g_steal_pointer (&list);
  return fsb_plan_check_filesystems (self, error);
}

void
fsb_plan_set_contenders_of (FsbPlan *self, FsbResult *result)
{
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();

  g_ptr_array_set_size (self->contenders, 0);
  for (guint i = 0; i < result->filesystems->len; i++)
    {
      const FsbFsResult *fs = result->filesystems->pdata[i];
      FsbContender *c = fsb_contender_new (fs->name, fsb_fs_result_type (fs));

      if (fs->mount_requested != NULL && *fs->mount_requested != '\0')
        c->mount_options = g_strdup (fs->mount_requested);
      if (fs->mkfs_options != NULL && *fs->mkfs_options != '\0')
        c->mkfs_options = g_strdup (fs->mkfs_options);
      g_strv_builder_add (labels, c->label);
      g_ptr_array_add (self->contenders, c);
    }
  g_strfreev (self->filesystems);
  self->filesystems = g_strv_builder_end (labels);
}

const FsbContender *
fsb_plan_get_contender (FsbPlan *self, const char *label)
{
  FsbContender *c = find (self->contenders, label);

  /* a list set directly (the window's, an older caller's): plain filesystems */
  if (c == NULL)
    {
      c = fsb_contender_new (label, label);
      g_ptr_array_add (self->contenders, c);
    }
  return c;
}

const char *
fsb_plan_contender_mkfs (FsbPlan *self, const char *label)
{
  const FsbContender *c = fsb_plan_get_contender (self, label);

  if (c->mkfs_options != NULL)
    return c->mkfs_options;
  return g_hash_table_lookup (self->mkfs_options, c->fs_type);
}

gboolean
fsb_plan_check_filesystems (FsbPlan *self, GError **error)
{
  if (self->filesystems == NULL || self->filesystems[0] == NULL)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("Choose at least one filesystem"));
      return FALSE;
    }
  for (guint i = 0; self->filesystems[i] != NULL; i++)
    {
      /* as a result file may name it (fsb-text.h): what a run writes, loads */
      if (!fsb_text_is_label (self->filesystems[i]))
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: %s is what the user typed */
                       _("“%s” is not a filesystem name"), self->filesystems[i]);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (strcmp (self->filesystems[i], self->filesystems[j]) == 0)
          {
            g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                         /* Translators: %s is a filesystem type, “ext4” */
                         _("The filesystem “%s” is listed twice"), self->filesystems[i]);
            return FALSE;
          }
      /* a list set directly is of plain filesystems: made here, in the
       * caller's thread, not later by the run's first lookup */
      fsb_plan_get_contender (self, self->filesystems[i]);
    }
  return TRUE;
}
