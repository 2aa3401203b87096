/* fsb-plan-series.c: the series a plan runs its series tasks over (issue
 * 28): the jobs at once (`--jobs 1,2,4`) and the queue depths
 * (`--iodepth 1,8,32`), each task once at every value, keyed by it. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "fsb-catalog.h"
#include "fsb-error.h"
#include "fsb-format.h"
#include "fsb-job.h"
#include "fsb-json.h"
#include "fsb-plan.h"
#include "fsb-plan-private.h"

typedef struct {
  const char *condition;
  guint       most;                  /* the largest value a series may hold */
  guint       quick[4], other[4];    /* the defaults, 0-terminated */
} SeriesSpec;

/* Quick keeps the series short: its two ends. */
static const SeriesSpec series_specs[] = {
  { FSB_CONDITION_JOBS, 64, { 1, 4 }, { 1, 2, 4, 8 } },
  { FSB_CONDITION_IODEPTH, 256, { 1, 32 }, { 1, 8, 32 } },
};

#define MOST_VALUES 8

static const SeriesSpec *
spec_of (const char *condition)
{
  for (guint i = 0; i < G_N_ELEMENTS (series_specs); i++)
    if (g_strcmp0 (series_specs[i].condition, condition) == 0)
      return &series_specs[i];
  return NULL;
}

static GArray **
slot_of (FsbPlan *self, const char *condition)
{
  return strcmp (condition, FSB_CONDITION_JOBS) == 0 ? &self->series_jobs : &self->series_iodepth;
}

const guint *
fsb_plan_series (FsbPlan *self, const char *condition, guint *n)
{
  const SeriesSpec *spec = spec_of (condition);
  GArray *set;
  const guint *values;

  g_return_val_if_fail (self != NULL && spec != NULL && n != NULL, NULL);
  set = *slot_of (self, condition);
  if (set != NULL)
    {
      *n = set->len;
      return (const guint *) set->data;
    }
  values = g_strcmp0 (self->profile_name, "quick") == 0 ? spec->quick : spec->other;
  for (*n = 0; *n < G_N_ELEMENTS (spec->quick) && values[*n] != 0; (*n)++)
    ;
  return values;
}

static gint
compare_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

static void
set_values (FsbPlan *self, const char *condition, GArray *values)
{
  GArray **slot = slot_of (self, condition);

  g_array_sort (values, compare_uint);
  g_clear_pointer (slot, g_array_unref);
  *slot = values;
}

gboolean
fsb_group_has_series (const FsbWorkloadGroup *group, const char *condition)
{
  for (guint t = 0; group != NULL && t < group->n_tasks; t++)
    if (g_strcmp0 (group->tasks[t].series, condition) == 0)
      return TRUE;
  return FALSE;
}

void
fsb_plan_add_series_groups (FsbPlan *self, const char *condition)
{
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();

  for (guint g = 0; g < n; g++)
    {
      g_autofree char *why = NULL;

      if (g_strv_contains ((const char *const *) self->workloads, groups[g]->id) ||
          (fsb_group_has_series (groups[g], condition) && (why = fsb_group_unavailable (groups[g]->id)) == NULL))
        g_strv_builder_add (b, groups[g]->id);
    }
  g_strfreev (self->workloads);
  self->workloads = g_strv_builder_end (b);
}

gboolean
fsb_plan_set_series (FsbPlan *self, const char *condition, const char *text, GError **error)
{
  const SeriesSpec *spec = spec_of (condition);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto(GStrv) parts = NULL;

  g_return_val_if_fail (self != NULL && spec != NULL && text != NULL, FALSE);
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      guint64 v;
      guint value;
      g_autofree char *item = g_strstrip (g_strdup (parts[i]));

      if (!g_ascii_string_to_unsigned (item, 10, 1, spec->most, &v, NULL))
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: what the user typed, then the largest count allowed; e.g. “--jobs 1,2,x” */
                       _("“%s” is not a list of counts from 1 to %u, such as “1,2,4”."), text, spec->most);
          return FALSE;
        }
      value = (guint) v;
      for (guint k = 0; k < values->len; k++)
        if (g_array_index (values, guint, k) == value)
          value = 0;
      if (value != 0)
        g_array_append_val (values, value);
    }
  if (values->len == 0 || values->len > MOST_VALUES)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: what the user typed, then the most values a series may have */
                   _("“%s” must list from 1 to %u counts."), text, MOST_VALUES);
      return FALSE;
    }
  set_values (self, condition, g_steal_pointer (&values));
  return TRUE;
}

void
fsb_plan_clear_series (FsbPlan *self)
{
  g_clear_pointer (&self->series_jobs, g_array_unref);
  g_clear_pointer (&self->series_iodepth, g_array_unref);
}

const char *
fsb_plan_series_key (const char *task, const char *condition, guint value)
{
  FsbConditions c = { 0 };

  if (strcmp (condition, FSB_CONDITION_JOBS) == 0)
    c.jobs = value;
  else
    c.iodepth = value;
  return fsb_job_key (task, &c);
}

double
fsb_plan_series_extend (FsbPlan *self, const FsbSizes *sizes, const FsbTaskSpec *task, GPtrArray *tasks)
{
  guint n;
  const guint *values = fsb_plan_series (self, task->series, &n);
  double seconds = 0;

  for (guint i = 0; i < n; i++)
    {
      const char *key = fsb_plan_series_key (task->id, task->series, values[i]);

      if (tasks != NULL)
        g_ptr_array_add (tasks, (gpointer) key);
      seconds += fsb_plan_paced (self, key, task->estimate != NULL ? task->estimate (sizes) : 1.0);
    }
  return seconds;
}

void
fsb_plan_series_from_result (FsbPlan *self, FsbResult *result)
{
  g_autoptr(GPtrArray) keys = fsb_result_task_ids (result);
  g_autoptr(GArray) jobs = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) depths = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < keys->len; i++)
    {
      FsbConditions c;

      if (fsb_job_key_parse (keys->pdata[i], &c) == NULL)
        continue;
      for (guint pass = 0; pass < 2; pass++)
        {
          GArray *set = pass == 0 ? jobs : depths;
          guint v = pass == 0 ? c.jobs : c.iodepth;
          gboolean seen = v == 0;

          for (guint k = 0; k < set->len && !seen; k++)
            seen = g_array_index (set, guint, k) == v;
          if (!seen)
            g_array_append_val (set, v);
        }
    }
  if (jobs->len > 0)
    set_values (self, FSB_CONDITION_JOBS, g_steal_pointer (&jobs));
  if (depths->len > 0)
    set_values (self, FSB_CONDITION_IODEPTH, g_steal_pointer (&depths));
}

gboolean
fsb_plan_has_series (FsbPlan *self, const char *condition)
{
  for (guint g = 0; self->workloads[g] != NULL; g++)
    if (fsb_group_has_series (fsb_catalog_group (self->workloads[g]), condition))
      return TRUE;
  return FALSE;
}

char *
fsb_series_title (const char *condition, const guint *values, guint n)
{
  g_autoptr(GPtrArray) counts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;
  guint last;

  g_return_val_if_fail (spec_of (condition) != NULL && n > 0, NULL);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (counts, fsb_format_number (values[i], 0));
  list = fsb_format_join_names ((const char *const *) counts->pdata, n, FALSE);
  last = values[n - 1];
  if (strcmp (condition, FSB_CONDITION_JOBS) == 0)
    /* Translators: a series of jobs run at once, "1, 2 and 4 jobs"; the number decides the plural is the last */
    return g_strdup_printf (ngettext ("%s job", "%s jobs", last), list);
  /* Translators: a series of queue depths, "1, 8 and 32 requests in flight"; the plural follows the last number */
  return g_strdup_printf (ngettext ("%s request in flight", "%s requests in flight", last), list);
}

void
fsb_plan_series_to_json (FsbPlan *self, JsonBuilder *b)
{
  gboolean any = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (series_specs); i++)
    any |= fsb_plan_has_series (self, series_specs[i].condition);
  if (!any)
    return;
  json_builder_set_member_name (b, "series");
  json_builder_begin_object (b);
  for (guint i = 0; i < G_N_ELEMENTS (series_specs); i++)
    {
      guint n;
      const guint *values;

      if (!fsb_plan_has_series (self, series_specs[i].condition))
        continue;
      values = fsb_plan_series (self, series_specs[i].condition, &n);
      json_builder_set_member_name (b, series_specs[i].condition);
      json_builder_begin_array (b);
      for (guint k = 0; k < n; k++)
        json_builder_add_int_value (b, values[k]);
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
}
