/* fsb-plan-aging.c: the plan's aging phase: its level, the room it needs,
 * its steps and their time */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-age.h"
#include "fsb-catalog.h"
#include "fsb-error.h"
#include "fsb-plan-private.h"

#define MiB (G_GUINT64_CONSTANT (1024) * 1024)
/* A first guess at how fast the aging files are written, and how large
 * they are on average (the truncated size distribution's mean is about
 * 200 kB), for the estimate. */
#define AGING_RATE 150e6
#define AGING_MEAN_FILE 200e3
#define AGING_FILE_SECONDS 0.0003
/* Creating 4 KiB files until the filesystem is full. */
#define FIT_FILES_PER_S 15000.0

gboolean
fsb_plan_set_age (FsbPlan *self, const char *level, GError **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (!fsb_age_known (level))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %s is what the user typed; the list is not translated */
                   _("Unknown aging level “%s” (known: none, light, heavy)"), level != NULL ? level : "");
      return FALSE;
    }
  g_free (self->age);
  self->age = g_strdup (level);
  return TRUE;
}

/* What the fill leaves free: the peak of the tasks that run aged, a tenth
 * more, and room for the filesystem to breathe. */
static guint64
reserve_bytes (guint64 data)
{
  return data + data / 10 + 64 * MiB;
}

guint64
fsb_plan_aging_needed_bytes (FsbPlan *self, guint64 data, guint64 base)
{
  const FsbAgeSpec *spec = fsb_age_spec (self->age);
  double image;

  if (spec == NULL)
    return base;
  /* The fill takes its share of the usable space, which is about 85 % of
   * the image once metadata, journal and reserved blocks are counted. */
  image = reserve_bytes (data) / (1 - spec->fill) / 0.85;
  if (image >= (double) FSB_SIZE_MAX)
    return FSB_SIZE_MAX;
  return MAX (base, ((guint64) image + 64 * MiB - 1) / (64 * MiB) * (64 * MiB));
}

gboolean
fsb_plan_aging_estimate (FsbPlan *self, const FsbSizes *sizes, FsbPlanAging *aging)
{
  const FsbAgeSpec *spec = fsb_age_spec (self->age);
  FsbTargetSpec target = { 0 };
  guint64 data;
  double files;

  g_return_val_if_fail (self != NULL && aging != NULL, FALSE);
  memset (aging, 0, sizeof *aging);
  if (spec == NULL)
    return FALSE;
  if (sizes == NULL)
    sizes = self->sizes;

  data = fsb_plan_peak_bytes (self, sizes);
  aging->reserve_bytes = MIN (reserve_bytes (MIN (data, FSB_SIZE_MAX / 2)), FSB_SIZE_MAX);

  if (fsb_target_spec_parse (self->target_spec, &target, NULL) && target.image && target.size_bytes > 0)
    aging->target_bytes = target.size_bytes;
  else
    aging->target_bytes = fsb_plan_needed_bytes (self, sizes);
  fsb_target_spec_clear (&target);

  aging->fill_bytes = (guint64) (spec->fill * 0.85 * aging->target_bytes);
  aging->written_bytes = (guint64) (aging->fill_bytes * (1 + spec->rounds * spec->churn));
  aging->max_file_bytes = MAX (aging->fill_bytes / 32, MiB);
  files = aging->written_bytes / AGING_MEAN_FILE;
  /* the writes, the files, a flush per round, two remounts and the free-space tools */
  aging->age_seconds = aging->written_bytes / AGING_RATE + files * AGING_FILE_SECONDS + spec->rounds * 0.5 + 3;
  aging->fit_time_limit = fsb_sizes_has (sizes, "fit-time-limit") ? fsb_sizes_get (sizes, "fit-time-limit") : 30;
  aging->fit_seconds = 3 + MIN (aging->target_bytes / 8192.0 / FIT_FILES_PER_S, aging->fit_time_limit);
  return TRUE;
}

double
fsb_plan_aging_extend (FsbPlan *self, const FsbSizes *sizes, GPtrArray *tasks,
                       guint *per_fs_steps, double *per_fs_seconds)
{
  FsbPlanAging aging;
  g_autoptr(GPtrArray) aged = g_ptr_array_new ();
  double seconds;

  *per_fs_steps = 0;
  *per_fs_seconds = 0;
  if (tasks->len == 0 || !fsb_plan_aging_estimate (self, sizes, &aging))
    return 0;

  /* The data tasks again, with the aging before them, ahead of umount. */
  g_ptr_array_add (aged, (gpointer) FSB_AGE_STEP);
  seconds = fsb_plan_paced (self, FSB_AGE_STEP, aging.age_seconds);
  for (guint i = 0; i < tasks->len; i++)
    {
      const FsbTaskSpec *t = fsb_catalog_task (tasks->pdata[i], NULL);

      if (t == NULL || t->run == NULL)
        continue;
      g_ptr_array_add (aged, (gpointer) fsb_task_aged_id (t->id));
      seconds += fsb_plan_paced (self, fsb_task_aged_id (t->id), fsb_task_estimate (t, sizes));
    }
  for (guint i = 0; i < aged->len; i++)
    g_ptr_array_insert (tasks, (gint) tasks->len - 1, aged->pdata[i]);

  *per_fs_steps = 1;
  *per_fs_seconds = fsb_plan_paced (self, FSB_FIT_STEP, aging.fit_seconds);
  return seconds;
}

void
fsb_plan_aging_to_json (FsbPlan *self, JsonBuilder *b)
{
  const FsbAgeSpec *spec = fsb_age_spec (self->age);
  FsbPlanAging aging;

  json_builder_set_member_name (b, "age");
  json_builder_add_string_value (b, self->age);
  json_builder_set_member_name (b, "aging");
  if (!fsb_plan_aging_estimate (self, NULL, &aging))
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "level");
  json_builder_add_string_value (b, spec->id);
  json_builder_set_member_name (b, "fill_percent_target");
  json_builder_add_double_value (b, spec->fill * 100);
  json_builder_set_member_name (b, "rounds");
  json_builder_add_int_value (b, spec->rounds);
  json_builder_set_member_name (b, "churn_percent");
  json_builder_add_double_value (b, spec->churn * 100);
  json_builder_set_member_name (b, "reserve_bytes");
  json_builder_add_int_value (b, (gint64) aging.reserve_bytes);
  json_builder_set_member_name (b, "fill_bytes");
  json_builder_add_int_value (b, (gint64) aging.fill_bytes);
  json_builder_set_member_name (b, "written_bytes");
  json_builder_add_int_value (b, (gint64) aging.written_bytes);
  json_builder_set_member_name (b, "estimated_seconds_per_cycle");
  json_builder_add_double_value (b, round (aging.age_seconds * 10) / 10);
  json_builder_set_member_name (b, "files_that_fit");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "time_limit_seconds");
  json_builder_add_double_value (b, aging.fit_time_limit);
  json_builder_set_member_name (b, "estimated_seconds");
  json_builder_add_double_value (b, round (aging.fit_seconds * 10) / 10);
  json_builder_end_object (b);
  json_builder_end_object (b);
}
