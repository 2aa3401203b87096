/* fsb-plan.c: what to run: filesystems × workload groups × repetitions, on a target */
#include "config.h"

#include <glib-object.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-plan-private.h"
#include "fsb-tasks.h"
#include "fsb-text.h"

#define KB (G_GUINT64_CONSTANT (1000))
#define MB (G_GUINT64_CONSTANT (1000) * KB)
#define GB (G_GUINT64_CONSTANT (1000) * MB)
#define MiB (G_GUINT64_CONSTANT (1024) * 1024)

/* The study's sizes (seed 000 for the core, 001 to 004 for the other
 * groups), and the same divided by 4 and by 20. File size limits of the
 * tree stay those of the study at every scale: only counts and totals
 * shrink, so the mix of file sizes is the same. standard and full share
 * their sizes. */
#define STANDARD_SIZES \
    175 * MB, 1875, 225, 10 * KB, 5 * MB, 475 * MB, \
    9689, 141750 * KB, \
    25600, \
    2 * GB, 5, \
    128, 32 * MB, 10000, 10.0, \
    175 * MB

static const FsbProfile profiles[] = {
  { "quick",
    35 * MB, 375, 45, 10 * KB, 5 * MB, 95 * MB,
    1938, 28350 * KB,
    5120,
    400 * MB, 5,
    128, 6400 * KB, 2000, 5.0,
    35 * MB },
  { "standard", STANDARD_SIZES },
  { "seed",
    700 * MB, 7500, 900, 10 * KB, 5 * MB, 1900 * MB,
    38755, 567 * MB,
    102400,
    8 * GB, 5,
    128, 128 * MB, 40000, 20.0,
    700 * MB },
  /* full: standard sizes, every group */
  { "full", STANDARD_SIZES },
};

static const char *const profile_names[] = { "quick", "standard", "seed", "full", NULL };

G_DEFINE_BOXED_TYPE (FsbPlan, fsb_plan, fsb_plan_ref, fsb_plan_unref)

const FsbProfile *
fsb_profile_lookup (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (profiles); i++)
    if (strcmp (profiles[i].name, name) == 0)
      return &profiles[i];
  return NULL;
}

const char *const *
fsb_profile_names (void)
{
  return profile_names;
}

FsbPlan *
fsb_plan_new (void)
{
  FsbPlan *self = g_new0 (FsbPlan, 1);

  self->ref_count = 1;
  self->filesystems = g_new0 (char *, 1);
  self->mkfs_options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->profile_name = g_strdup ("quick");
  self->profile = *fsb_profile_lookup ("quick");
  self->repetitions = 3;
  self->target_spec = g_strdup ("image");
  self->custom_commands = g_ptr_array_new ();
  return self;
}

FsbPlan *
fsb_plan_ref (FsbPlan *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

static void
custom_command_free (FsbCustomCommand *c)
{
  g_free (c->name);
  g_free (c->command);
  g_free (c);
}

void
fsb_plan_unref (FsbPlan *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_strfreev (self->filesystems);
  g_hash_table_unref (self->mkfs_options);
  g_free (self->profile_name);
  g_strfreev (self->workloads);
  g_free (self->target_spec);
  g_free (self->source_dir);
  g_ptr_array_foreach (self->custom_commands, (GFunc) custom_command_free, NULL);
  g_ptr_array_unref (self->custom_commands);
  g_free (self->use_case);
  g_free (self->partial_path);
  fsb_device_identity_free (self->confirmed_device);
  g_free (self);
}

/* "custom" keeps the sizes in force, for the caller to edit; "full" also
 * selects every workload group. */
gboolean
fsb_plan_set_profile (FsbPlan *self, const char *name, GError **error)
{
  const FsbProfile *profile;

  g_return_val_if_fail (self != NULL && name != NULL, FALSE);

  if (strcmp (name, "custom") == 0)
    {
      g_free (self->profile_name);
      self->profile_name = g_strdup (name);
      self->profile.name = "custom";
      return TRUE;
    }

  profile = fsb_profile_lookup (name);
  if (profile == NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %s is what the user typed; the list is not translated */
                   _("Unknown profile “%s” (known: quick, standard, seed, full, custom)"), name);
      return FALSE;
    }
  g_free (self->profile_name);
  self->profile_name = g_strdup (name);
  self->profile = *profile;

  if (strcmp (name, "full") == 0)
    {
      guint n_groups;
      const FsbGroupInfo *groups = fsb_group_catalog (&n_groups);
      g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

      for (guint i = 0; i < n_groups; i++)
        g_strv_builder_add (b, groups[i].id);
      g_strfreev (self->workloads);
      self->workloads = g_strv_builder_end (b);
    }
  return TRUE;
}

void
fsb_plan_add_custom (FsbPlan *self, const char *name, const char *command)
{
  FsbCustomCommand *c = g_new0 (FsbCustomCommand, 1);

  c->name = g_strdup (name);
  c->command = g_strdup (command);
  g_ptr_array_add (self->custom_commands, c);
}

gboolean
fsb_plan_has_group (FsbPlan *self, const char *group)
{
  g_return_val_if_fail (self != NULL && group != NULL, FALSE);

  if (self->workloads == NULL)
    return strcmp (group, "core") == 0;
  return g_strv_contains ((const char *const *) self->workloads, group);
}

/* The room each group needs at its peak. Groups clean up after
 * themselves, but the sum is what a run needs if one did not. */
guint64
fsb_plan_needed_bytes (FsbPlan *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return fsb_plan_needed_bytes_for (self, &self->profile);
}

guint64
fsb_plan_needed_bytes_for (FsbPlan *self, const FsbProfile *p)
{
  guint64 data = 0;

  g_return_val_if_fail (self != NULL && p != NULL, 0);

  if (fsb_plan_has_group (self, "core"))
    /* Both copies of the tree, plus the listing; the big files are
     * deleted before the tree arrives. */
    data += MAX (2 * p->big_file_bytes, 2 * p->tree_total_bytes + 16 * (guint64) p->tree_files * 128);
  if (fsb_plan_has_group (self, "kernel-tree"))
    data += 2 * p->kernel_total_bytes + 2 * (guint64) p->kernel_files * 4096;
  if (fsb_plan_has_group (self, "small-files"))
    data += (guint64) p->small_files * 4096;
  if (fsb_plan_has_group (self, "delete-latency"))
    data += p->delete_file_bytes;
  if (fsb_plan_has_group (self, "random-io"))
    data += (guint64) p->randio_files * p->randio_file_bytes;
  if (fsb_plan_has_group (self, "transfer"))
    data += 2 * p->transfer_bytes;
  if (self->custom_commands->len > 0)
    data += p->big_file_bytes;

  /* Metadata, journals and reserved blocks take up to a tenth; the
   * constant covers the smallest sizes mkfs accepts (XFS wants 300 MB). */
  data += data / 8 + 512 * MiB;
  return (data + 64 * MiB - 1) / (64 * MiB) * (64 * MiB);
}

static gboolean
invalid (GError **error, const char *message)
{
  g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, message);
  return FALSE;
}

gboolean
fsb_plan_validate (FsbPlan *self, GError **error)
{
  const FsbProfile *p = &self->profile;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->filesystems == NULL || self->filesystems[0] == NULL)
    return invalid (error, _("Choose at least one filesystem"));
  for (guint i = 0; self->filesystems[i] != NULL; i++)
    {
      /* as a result file may name it (fsb-text.h) */
      if (!fsb_text_is_fs_name (self->filesystems[i]))
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       _("“%s” is not a filesystem name"), self->filesystems[i]);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (strcmp (self->filesystems[i], self->filesystems[j]) == 0)
          {
            g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                         _("The filesystem “%s” is listed twice"), self->filesystems[i]);
            return FALSE;
          }
    }
  if (self->repetitions < 1 || self->repetitions > 100)
    return invalid (error, _("The number of repetitions must be between 1 and 100"));
  for (guint i = 0; self->workloads != NULL && self->workloads[i] != NULL; i++)
    if (fsb_group_info_lookup (self->workloads[i]) == NULL)
      {
        g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                     _("Unknown workload group “%s”"), self->workloads[i]);
        return FALSE;
      }
  if (self->workloads != NULL && self->workloads[0] == NULL && self->custom_commands->len == 0)
    return invalid (error, _("Choose at least one workload group"));

  if (fsb_plan_has_group (self, "core"))
    {
      if (p->big_file_bytes == 0)
        return invalid (error, _("The big file must not be empty"));
      if (p->tree_files == 0 || p->tree_dirs == 0)
        return invalid (error, _("The file tree needs at least one file and one folder"));
      if (p->tree_min_file > p->tree_max_file)
        return invalid (error, _("The smallest file of the tree is larger than the largest"));
      if (p->tree_total_bytes < p->tree_min_file * p->tree_files ||
          p->tree_total_bytes > p->tree_max_file * p->tree_files)
        return invalid (error, _("The size of the tree does not fit its number of files and their size limits"));
    }

  if (self->source_dir != NULL && !g_file_test (self->source_dir, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *display = g_filename_display_name (self->source_dir);
      g_set_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND,
                   _("The source folder “%s” does not exist"), display);
      return FALSE;
    }
  if (self->target_spec == NULL || *self->target_spec == '\0')
    return invalid (error, _("No target was given"));
  return TRUE;
}
