/* fsb-plan.c: the plan spec: defaults, sizes, validation and estimate */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-age.h"
#include "fsb-catalog.h"
#include "fsb-error.h"
#include "fsb-plan.h"
#include "fsb-plan-private.h"
#include "fsb-text.h"

#define MiB (G_GUINT64_CONSTANT (1024) * 1024)
/* A first guess at how fast the test data is written, for the estimate. */
#define DATASET_RATE 300e6

G_DEFINE_BOXED_TYPE (FsbPlan, fsb_plan, fsb_plan_ref, fsb_plan_unref)

static gboolean
invalid (GError **error, const char *message)
{
  g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, message);
  return FALSE;
}

/* Targets ------------------------------------------------------------------ */

gboolean
fsb_target_spec_parse (const char *text, FsbTargetSpec *spec, GError **error)
{
  const char *rest;

  g_return_val_if_fail (spec != NULL, FALSE);
  memset (spec, 0, sizeof *spec);
  if (text == NULL || *text == '\0')
    return invalid (error, _("No target was given"));

  if (g_str_has_prefix (text, "/dev/"))
    {
      spec->path = g_strdup (text);
      return TRUE;
    }
  if (!g_str_has_prefix (text, "image"))
    goto bad;
  spec->image = TRUE;
  rest = text + strlen ("image");
  if (*rest == ':')
    {
      const char *at = strchr (rest, '@');
      g_autofree char *size = g_strndup (rest + 1, at != NULL ? (gsize) (at - rest - 1) : strlen (rest + 1));

      if (!fsb_size_parse (size, &spec->size_bytes, error))
        return FALSE;
      rest = at != NULL ? at : rest + strlen (rest);
    }
  if (*rest == '@')
    {
      const char *dir = rest + 1;

      if (*dir == '\0')
        goto bad;
      if (g_str_has_prefix (dir, "~/"))
        spec->path = g_build_filename (g_get_home_dir (), dir + 2, NULL);
      else
        spec->path = g_canonicalize_filename (dir, NULL);
      rest += strlen (rest);
    }
  if (*rest == '\0')
    return TRUE;

bad:
  fsb_target_spec_clear (spec);
  g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
               /* Translators: %s is what the user typed; keep image, SIZE, FOLDER and /dev/sdb1 as they are */
               _("“%s” is not a target. Use “image”, “image:SIZE”, “image:SIZE@FOLDER” "
                 "or a partition such as /dev/sdb1."), text);
  return FALSE;
}

char *
fsb_target_spec_to_string (const FsbTargetSpec *spec)
{
  GString *s;

  if (!spec->image)
    return g_strdup (spec->path);
  s = g_string_new ("image");
  if (spec->size_bytes > 0)
    g_string_append_printf (s, ":%" G_GUINT64_FORMAT, spec->size_bytes);
  if (spec->path != NULL)
    g_string_append_printf (s, "@%s", spec->path);
  return g_string_free (s, FALSE);
}

void
fsb_target_spec_clear (FsbTargetSpec *spec)
{
  g_clear_pointer (&spec->path, g_free);
}

/* The plan ---------------------------------------------------------------- */

FsbPlan *
fsb_plan_new (void)
{
  FsbPlan *self = g_new0 (FsbPlan, 1);

  self->ref_count = 1;
  self->filesystems = g_new0 (char *, 1);
  self->mkfs_options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->contenders = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_contender_free);
  self->variants = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_contender_free);
  self->profile_name = g_strdup (FSB_DEFAULT_PROFILE);
  self->sizes = fsb_profile_sizes (FSB_DEFAULT_PROFILE);
  self->repeat_auto = g_str_equal (FSB_DEFAULT_REPEAT_MODE, "auto");
  self->repetitions = FSB_DEFAULT_REPETITIONS;
  self->repeat_max = FSB_DEFAULT_REPEAT_MAX;
  self->workloads = fsb_use_case_groups (FSB_DEFAULT_USE_CASE);
  self->target_spec = g_strdup (FSB_DEFAULT_TARGET);
  self->use_case = g_strdup (FSB_DEFAULT_USE_CASE);
  self->age = g_strdup (FSB_DEFAULT_AGE);
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
  g_clear_pointer (&self->pace_from, fsb_result_unref);
  g_strfreev (self->filesystems);
  g_hash_table_unref (self->mkfs_options);
  g_ptr_array_unref (self->contenders);
  g_ptr_array_unref (self->variants);
  g_free (self->profile_name);
  fsb_sizes_free (self->sizes);
  g_strfreev (self->workloads);
  g_free (self->target_spec);
  g_free (self->source_dir);
  g_ptr_array_foreach (self->custom_commands, (GFunc) custom_command_free, NULL);
  g_ptr_array_unref (self->custom_commands);
  g_free (self->use_case);
  g_free (self->label);
  g_free (self->partial_path);
  g_clear_pointer (&self->merge_into, fsb_result_unref);
  g_free (self->age);
  fsb_plan_clear_series (self);
  fsb_device_identity_free (self->confirmed_device);
  g_free (self);
}

gboolean
fsb_plan_set_profile (FsbPlan *self, const char *name, GError **error)
{
  g_autoptr(FsbSizes) sizes = NULL;

  g_return_val_if_fail (self != NULL && name != NULL, FALSE);

  if (strcmp (name, "custom") == 0)
    {
      g_free (self->profile_name);
      self->profile_name = g_strdup (name);
      return TRUE;
    }
  sizes = fsb_profile_sizes (name);
  if (sizes == NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %s is what the user typed; the list is not translated */
                   _("Unknown profile “%s” (known: quick, standard, seed, full, custom)"), name);
      return FALSE;
    }
  g_free (self->profile_name);
  self->profile_name = g_strdup (name);
  fsb_sizes_free (self->sizes);
  self->sizes = g_steal_pointer (&sizes);

  if (strcmp (name, "full") == 0)
    {
      guint n;
      const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);
      g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

      for (guint i = 0; i < n; i++)
        if (!groups[i]->always)
          g_strv_builder_add (b, groups[i]->id);
      g_strfreev (self->workloads);
      self->workloads = g_strv_builder_end (b);
    }
  return TRUE;
}

/* The catalog's range for a size: every plan passes it, however it was
 * made (typed, imported from a result, restored from the settings). */
static gboolean
check_range (const FsbParamSpec *spec, double value, GError **error)
{
  if (!isfinite (value) || value < spec->min || value > spec->max ||
      (spec->kind == FSB_PARAM_COUNT && value != floor (value)))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %s is the name of a size, such as “Size of the big file” */
                   _("%s is out of range"), _(spec->name));
      return FALSE;
    }
  return TRUE;
}

gboolean
fsb_plan_set_size (FsbPlan *self, const char *param, double value, GError **error)
{
  const FsbParamSpec *spec = fsb_catalog_param (param, NULL);

  g_return_val_if_fail (self != NULL && param != NULL, FALSE);
  if (spec == NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %s is what the user typed; `fsbench-cli plan --json` lists the sizes */
                   _("Unknown size “%s” (fsbench-cli plan --json lists them under “sizes”)"), param);
      return FALSE;
    }
  if (!check_range (spec, value, error))
    return FALSE;
  fsb_sizes_set (self->sizes, param, value);
  g_free (self->profile_name);
  self->profile_name = g_strdup ("custom");
  return TRUE;
}

gboolean
fsb_plan_set_size_text (FsbPlan *self, const char *param, const char *text, GError **error)
{
  g_autofree char *id = NULL;
  const FsbParamSpec *spec;
  const char *value = text;
  double v;

  g_return_val_if_fail (self != NULL && text != NULL, FALSE);
  if (param == NULL)
    {
      const char *eq = strchr (text, '=');

      if (eq == NULL)
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: %s is what the user typed after --size */
                       _("“%s” is not a size setting: write it like big-file=700M"), text);
          return FALSE;
        }
      id = g_strstrip (g_strndup (text, eq - text));
      value = eq + 1;
      param = id;
    }
  spec = fsb_catalog_param (param, NULL);
  if (spec == NULL)
    return fsb_plan_set_size (self, param, 0, error);
  if (spec->kind == FSB_PARAM_BYTES)
    {
      guint64 bytes;

      if (!fsb_size_parse (value, &bytes, error))
        return FALSE;
      v = (double) bytes;
    }
  else
    {
      char *end = NULL;

      v = g_ascii_strtod (value, &end);
      if (end == value || *end != '\0' || !g_ascii_isdigit (value[0]))
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: the first %s is the name of a size, the second what the user typed */
                       _("%s must be a number, not “%s”"), _(spec->name), value);
          return FALSE;
        }
    }
  return fsb_plan_set_size (self, param, v, error);
}

/* "+kernel-tree,-random-io": changes to the use case's groups. */
static char **
edit_groups (FsbPlan *self, const char *const *changes)
{
  g_auto(GStrv) base = fsb_use_case_groups (self->use_case != NULL ? self->use_case : FSB_DEFAULT_USE_CASE);
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);

  /* in registry order, whatever the order of the changes */
  for (guint g = 0; g < n; g++)
    {
      gboolean on = base != NULL && g_strv_contains ((const char *const *) base, groups[g]->id);

      for (guint i = 0; changes[i] != NULL; i++)
        {
          g_autofree char *c = g_strstrip (g_strdup (changes[i]));
          if (strcmp (c + 1, groups[g]->id) == 0)
            on = c[0] == '+';
        }
      if (on)
        g_strv_builder_add (b, groups[g]->id);
    }
  return g_strv_builder_end (b);
}

gboolean
fsb_plan_set_workloads (FsbPlan *self, const char *const *groups, GError **error)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();
  gboolean edits = groups != NULL && groups[0] != NULL;

  for (guint i = 0; groups != NULL && groups[i] != NULL; i++)
    {
      g_autofree char *id = g_strstrip (g_strdup (groups[i]));
      gboolean edit = id[0] == '+' || id[0] == '-';
      const FsbWorkloadGroup *g = fsb_catalog_group (edit ? id + 1 : id);

      edits &= edit;
      if (*id == '\0')
        continue;
      if (g == NULL || g->always)
        {
          /* Translators: %s is what the user typed */
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID, _("Unknown workload group “%s”"), edit ? id + 1 : id);
          return FALSE;
        }
      if (!g_ptr_array_find (seen, g, NULL))
        {
          g_ptr_array_add (seen, (gpointer) g);
          g_strv_builder_add (b, g->id);
        }
    }
  g_strfreev (self->workloads);
  self->workloads = edits ? edit_groups (self, groups) : g_strv_builder_end (b);
  return TRUE;
}

static gboolean
unknown_use_case (const char *use_case, GError **error)
{
  g_autofree char *known = fsb_use_case_ids_text ();

  g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
               /* Translators: what the user typed, then the use cases there are, “desktop, server, database” (not translated) */
               _("Unknown use case “%s” (known: %s)"), use_case, known);
  return FALSE;
}

gboolean
fsb_plan_set_use_case (FsbPlan *self, const char *use_case, GError **error)
{
  char **groups = fsb_use_case_groups (use_case);

  if (groups == NULL)
    {
      return unknown_use_case (use_case, error);
    }
  g_free (self->use_case);
  self->use_case = g_strdup (use_case);
  g_strfreev (self->workloads);
  self->workloads = groups;
  return TRUE;
}

#define FSB_LABEL_MAX_CHARS 64

gboolean
fsb_plan_set_label (FsbPlan *self, const char *label, GError **error)
{
  gboolean ok = label == NULL || (g_utf8_validate (label, -1, NULL) && g_utf8_strlen (label, -1) <= FSB_LABEL_MAX_CHARS);

  for (const char *p = label; ok && p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    ok = !g_unichar_iscntrl (g_utf8_get_char (p));
  if (!ok)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %u is the most characters a label may have */
                   _("A label is a short name on one line, of %u characters at most"), FSB_LABEL_MAX_CHARS);
      return FALSE;
    }
  g_free (self->label);
  self->label = label != NULL && *label != '\0' ? g_strdup (label) : NULL;
  return TRUE;
}

gboolean
fsb_plan_set_data (FsbPlan *self, const char *kind, GError **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return fsb_data_kind_parse (kind, &self->data, error);
}

gboolean
fsb_plan_set_repeat (FsbPlan *self, const char *text, GError **error)
{
  guint64 n = 0;

  if (g_strcmp0 (text, "auto") == 0)
    {
      self->repeat_auto = TRUE;
      self->repetitions = MAX (self->repetitions, FSB_MIN_AUTO_REPETITIONS);
      return TRUE;
    }
  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, FSB_MIN_REPETITIONS, FSB_MAX_REPETITIONS, &n, NULL))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: “auto” is what the user types, not translated */
                   _("The repetitions must be “auto” or a number between %u and %u"),
                   FSB_MIN_REPETITIONS, FSB_MAX_REPETITIONS);
      return FALSE;
    }
  self->repeat_auto = FALSE;
  self->repetitions = (guint) n;
  return TRUE;
}

gboolean
fsb_plan_set_target (FsbPlan *self, const char *spec, GError **error)
{
  FsbTargetSpec parsed;

  if (!fsb_target_spec_parse (spec, &parsed, error))
    return FALSE;
  fsb_target_spec_clear (&parsed);
  g_free (self->target_spec);
  self->target_spec = g_strdup (spec);
  return TRUE;
}

void
fsb_plan_set_image (FsbPlan *self, guint64 size_bytes, const char *dir)
{
  FsbTargetSpec spec = { TRUE, size_bytes, (char *) dir };

  g_free (self->target_spec);
  self->target_spec = fsb_target_spec_to_string (&spec);
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
  const FsbWorkloadGroup *g;

  g_return_val_if_fail (self != NULL && group != NULL, FALSE);
  g = fsb_catalog_group (group);
  if (g != NULL && g->always)
    return TRUE;
  if (self->workloads == NULL || !g_strv_contains ((const char *const *) self->workloads, group))
    return FALSE;
  /* chosen, but this system cannot run it: left out, not failed */
  {
    g_autofree char *why = fsb_group_unavailable (group);
    return why == NULL;
  }
}

gboolean
fsb_plan_check_sizes (FsbPlan *self, GError **error)
{
  guint n_groups;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n_groups);

  for (guint i = 0; i < fsb_sizes_count (self->sizes); i++)
    {
      double value;
      const char *id = fsb_sizes_nth (self->sizes, i, &value);
      const FsbParamSpec *spec = fsb_catalog_param (id, NULL);

      if (spec != NULL && !check_range (spec, value, error))
        return FALSE;
    }
  for (guint g = 0; g < n_groups; g++)
    if (groups[g]->check_sizes != NULL && fsb_plan_has_group (self, groups[g]->id) &&
        !groups[g]->check_sizes (self->sizes, error))
      return FALSE;
  return TRUE;
}

/* TRUE when this system can run at least one of the chosen groups; else
 * an error that says why for each, a line each. */
static gboolean
any_group_runs (FsbPlan *self, GError **error)
{
  g_autoptr(GString) why = g_string_new (NULL);

  for (guint i = 0; self->workloads[i] != NULL; i++)
    {
      g_autofree char *reason = fsb_group_unavailable (self->workloads[i]);

      if (reason == NULL)
        return TRUE;
      if (why->len > 0)
        g_string_append_c (why, '\n');
      /* Translators: a workload group, “Git repository”, then why this system cannot run it,
       * e.g. “The git program is not installed (Debian package “git”).” */
      g_string_append_printf (why, _("None of the chosen workload groups can run on this system: %s cannot. %s"),
                              fsb_group_title (self->workloads[i]), reason);
    }
  g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, why->str);
  return FALSE;
}

gboolean
fsb_plan_validate (FsbPlan *self, GError **error)
{
  FsbTargetSpec target;

  g_return_val_if_fail (self != NULL, FALSE);

  if (!fsb_plan_check_filesystems (self, error))
    return FALSE;
  if (self->repetitions < FSB_MIN_REPETITIONS || self->repetitions > FSB_MAX_REPETITIONS)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   _("The number of repetitions must be between %u and %u"),
                   FSB_MIN_REPETITIONS, FSB_MAX_REPETITIONS);
      return FALSE;
    }
  if (self->repeat_auto &&
      (self->repetitions < FSB_MIN_AUTO_REPETITIONS || self->repeat_max < self->repetitions ||
       self->repeat_max > FSB_MAX_REPETITIONS))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: the fewest and the most repetitions FS Bench allows */
                   _("Automatic repetitions need at least %u and at most %u, the least not above the most"),
                   FSB_MIN_AUTO_REPETITIONS, FSB_MAX_REPETITIONS);
      return FALSE;
    }
  if (!isfinite (self->time_budget_s) || self->time_budget_s < 0)
    return invalid (error, _("The time budget must be a number of seconds"));
  for (guint i = 0; self->workloads != NULL && self->workloads[i] != NULL; i++)
    {
      const FsbWorkloadGroup *g = fsb_catalog_group (self->workloads[i]);
      if (g == NULL || g->always)
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       _("Unknown workload group “%s”"), self->workloads[i]);
          return FALSE;
        }
    }
  if ((self->workloads == NULL || self->workloads[0] == NULL) && self->custom_commands->len == 0)
    return invalid (error, _("Choose at least one workload group"));
  if (self->custom_commands->len == 0 && !any_group_runs (self, error))
    return FALSE;
  if (self->use_case != NULL && !g_strv_contains ((const char *const []) { FSB_USE_CASE_IDS, NULL }, self->use_case))
    {
      return unknown_use_case (self->use_case, error);
    }

  if (!fsb_age_known (self->age))
    return fsb_plan_set_age (self, self->age, error);
  if (self->data >= FSB_N_DATA_KINDS)
    return invalid (error, _("Unknown kind of data"));

  if (!fsb_plan_check_sizes (self, error))
    return FALSE;

  if (self->source_dir != NULL && !g_file_test (self->source_dir, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *display = g_filename_display_name (self->source_dir);
      g_set_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND,
                   /* Translators: %s is a folder */
                   _("The source folder “%s” does not exist"), display);
      return FALSE;
    }
  if (!fsb_target_spec_parse (self->target_spec, &target, error))
    return FALSE;
  fsb_target_spec_clear (&target);
  if (fsb_plan_needed_bytes (self, NULL) >= FSB_SIZE_MAX)
    return invalid (error, _("These sizes need more space than any disk has"));
  return TRUE;
}

/* The estimate ------------------------------------------------------------- */

/* The groups of a plan that run task by task within each cycle, in
 * registry order: the cycle's own steps first. */
static GPtrArray *
cycle_groups (FsbPlan *self)
{
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    if (!groups[i]->across_filesystems && fsb_plan_has_group (self, groups[i]->id))
      g_ptr_array_add (out, (gpointer) groups[i]);
  return out;
}

/* The room each group needs at its peak. Groups clean up after
 * themselves, but the sum is what a run needs if one did not. */
guint64
fsb_plan_peak_bytes (FsbPlan *self, const FsbSizes *sizes)
{
  g_autoptr(GPtrArray) groups = cycle_groups (self);
  guint64 data = 0;

  for (guint i = 0; i < groups->len; i++)
    {
      const FsbWorkloadGroup *g = groups->pdata[i];
      if (g->space_needed != NULL && !fsb_size_add (data, g->space_needed (sizes), &data))
        return FSB_SIZE_MAX;
    }
  if (self->custom_commands->len > 0 && !fsb_size_add (data, fsb_sizes_get_u64 (sizes, "big-file"), &data))
    return FSB_SIZE_MAX;
  return data;
}

guint64
fsb_plan_needed_bytes (FsbPlan *self, const FsbSizes *sizes)
{
  guint64 data, overhead, peak;

  g_return_val_if_fail (self != NULL, 0);
  if (sizes == NULL)
    sizes = self->sizes;
  data = fsb_plan_peak_bytes (self, sizes);
  if (data >= FSB_SIZE_MAX)
    return FSB_SIZE_MAX;

  /* Metadata, journals and reserved blocks take up to a tenth; the
   * constant covers the smallest sizes mkfs accepts (XFS wants 300 MB). */
  overhead = data / 8 + FSB_MIN_IMAGE_BYTES;
  if (!fsb_size_add (data, overhead + 64 * MiB, &peak))
    return FSB_SIZE_MAX;
  return fsb_plan_aging_needed_bytes (self, data, peak / (64 * MiB) * (64 * MiB));
}

void
fsb_plan_set_pace (FsbPlan *self, FsbResult *result)
{
  g_return_if_fail (self != NULL);
  if (result != NULL)
    fsb_result_ref (result);
  g_clear_pointer (&self->pace_from, fsb_result_unref);
  self->pace_from = result;
}

/* A pace further off than this from the first guesses is not this disk's
 * but an accident of that run (a machine under load, a step that failed). */
#define PACE_MIN 0.02
#define PACE_MAX 50.0

double
fsb_plan_paced (FsbPlan *self, const char *step_id, double guess_s)
{
  const FsbPace *pace;
  double ratio;

  g_return_val_if_fail (self != NULL, guess_s);
  if (self->pace_from == NULL)
    return guess_s;
  pace = step_id != NULL ? g_hash_table_lookup (self->pace_from->pace, step_id) : NULL;
  ratio = pace != NULL ? pace->taken_s / pace->guess_s : fsb_result_pace_overall (self->pace_from);
  if (!(ratio > 0))
    return guess_s;
  return guess_s * CLAMP (ratio, PACE_MIN, PACE_MAX);
}

/* The seconds of a group's tasks over a filesystem's rounds, as paced;
 * their ids into tasks (may be NULL), and how many run once (a first round
 * only) into *once. The cycle's umount comes last, from the estimate. */
static double
group_seconds (FsbPlan *self, const FsbWorkloadGroup *g, const FsbSizes *sizes, GPtrArray *tasks, guint *once)
{
  double seconds = 0;

  for (guint t = 0; t < g->n_tasks; t++)
    if (g->tasks[t].series != NULL)
      seconds += fsb_plan_series_extend (self, sizes, &g->tasks[t], tasks) * self->repetitions;
    /* a step the runner does itself: the cycle's (umount comes last), not one it adds (fsck-full) */
    else if (g->tasks[t].run != NULL || (g->always && strcmp (g->tasks[t].id, "umount") != 0))
      {
        if (tasks != NULL)
          g_ptr_array_add (tasks, (gpointer) g->tasks[t].id);
        if (once != NULL)
          *once += g->tasks[t].once;
        seconds += fsb_plan_paced (self, g->tasks[t].id, g->tasks[t].estimate != NULL ? g->tasks[t].estimate (sizes) : 1.0)
                   * (g->tasks[t].once ? 1 : self->repetitions);
      }
  return seconds;
}

static double
across_seconds (FsbPlan *self, const FsbWorkloadGroup *g, const FsbSizes *sizes, guint n_fs)
{
  return g->estimate_across != NULL ? fsb_plan_paced (self, g->id, g->estimate_across (sizes, n_fs, self->repetitions)) : 0;
}

void
fsb_plan_group_cost (FsbPlan *self, const char *group, double *seconds, guint64 *space_bytes)
{
  const FsbWorkloadGroup *g = fsb_catalog_group (group);
  guint n_fs = self->filesystems != NULL ? g_strv_length (self->filesystems) : 0;

  *seconds = 0;
  *space_bytes = 0;
  if (g == NULL)
    return;
  if (g->across_filesystems)
    {
      *seconds = across_seconds (self, g, self->sizes, n_fs);
      *space_bytes = g->space_across != NULL ? g->space_across (self->sizes) : 0;
      return;
    }
  *seconds = group_seconds (self, g, self->sizes, NULL, NULL) * n_fs;
  *space_bytes = g->space_needed != NULL ? g->space_needed (self->sizes) : 0;
}

void
fsb_plan_estimate (FsbPlan *self, const FsbSizes *sizes, FsbPlanEstimate *estimate)
{
  g_autoptr(GPtrArray) groups = NULL;
  guint n_fs, n_groups;
  const FsbWorkloadGroup *const *all = fsb_catalog_groups (&n_groups);
  double cycle = 0, rounds = 0, data_bytes, per_fs_seconds = 0;
  guint per_fs_steps = 0, once = 0;
  FsbTargetSpec target = { 0 };

  g_return_if_fail (self != NULL && estimate != NULL);
  memset (estimate, 0, sizeof *estimate);
  if (sizes == NULL)
    sizes = self->sizes;
  n_fs = self->filesystems != NULL ? g_strv_length (self->filesystems) : 0;
  groups = cycle_groups (self);
  estimate->tasks = g_ptr_array_new ();

  /* A cycle: the cycle group's steps around the others' tasks (mkfs and
   * mount first, umount last; those that run once, in the first cycle
   * only), then your own commands. */
  for (guint i = 0; i < groups->len; i++)
    rounds += group_seconds (self, groups->pdata[i], sizes, estimate->tasks, &once);
  cycle += 5.0 * self->custom_commands->len;
  g_ptr_array_add (estimate->tasks, (gpointer) "umount");
  cycle += fsb_plan_paced (self, "umount", 0.5);
  /* Nothing to do in a cycle: no cycles at all (transfers alone). */
  if (estimate->tasks->len == 3 && self->custom_commands->len == 0)
    {
      g_ptr_array_set_size (estimate->tasks, 0);
      cycle = rounds = 0;
    }
  cycle += fsb_plan_aging_extend (self, sizes, estimate->tasks, &per_fs_steps, &per_fs_seconds);
  estimate->n_steps = (estimate->tasks->len * self->repetitions - once * (self->repetitions - 1) + per_fs_steps) * n_fs;
  estimate->estimated_seconds = (cycle * self->repetitions + rounds + per_fs_seconds) * n_fs;
  for (guint i = 0; i < n_groups; i++)
    if (all[i]->across_filesystems && fsb_plan_has_group (self, all[i]->id) && all[i]->estimate_across != NULL)
      {
        estimate->estimated_seconds += across_seconds (self, all[i], sizes, n_fs);
        estimate->n_steps++;
      }

  /* The test data, if it has to be written first. */
  data_bytes = fsb_sizes_get (sizes, "big-file") + (self->source_dir == NULL ? fsb_sizes_get (sizes, "tree-size") : 0);
  for (guint i = 0; i < groups->len; i++)
    if (((const FsbWorkloadGroup *) groups->pdata[i])->prepare_data != NULL)
      data_bytes += ((const FsbWorkloadGroup *) groups->pdata[i])->space_needed (sizes) / 2.0;
  estimate->dataset_seconds = data_bytes / DATASET_RATE;
  estimate->estimated_seconds += estimate->dataset_seconds;
  estimate->estimated_seconds_max = estimate->estimated_seconds;
  if (self->repeat_auto)
    estimate->estimated_seconds_max = self->time_budget_s > 0
      ? MAX (self->time_budget_s, estimate->estimated_seconds)
      : fsb_plan_auto_budget (self, estimate->estimated_seconds);

  estimate->space_needed_bytes = fsb_plan_needed_bytes (self, sizes);
  if (fsb_target_spec_parse (self->target_spec, &target, NULL) && target.image)
    estimate->target_size_bytes = target.size_bytes > 0 ? target.size_bytes
                                  : MAX (FSB_MIN_IMAGE_BYTES, estimate->space_needed_bytes);
  fsb_target_spec_clear (&target);
  if (self->pace_from != NULL && g_hash_table_size (self->pace_from->pace) > 0)
    estimate->paced_by = g_strdup (self->pace_from->created);
}

double
fsb_plan_auto_budget (FsbPlan *self, double least_s)
{
  double most = fsb_profile_most_seconds (self->profile_name);
  double budget = FSB_AUTO_BUDGET_FACTOR * least_s;

  /* the profile's promise first: a machine too slow for it gets no more
   * than its least rounds */
  if (most > 0)
    return MIN (budget, MAX (most, least_s));
  return MAX (budget, FSB_AUTO_BUDGET_LEAST * least_s);
}

void
fsb_plan_estimate_clear (FsbPlanEstimate *estimate)
{
  g_clear_pointer (&estimate->tasks, g_ptr_array_unref);
  g_clear_pointer (&estimate->paced_by, g_free);
}
