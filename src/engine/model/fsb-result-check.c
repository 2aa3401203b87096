/* fsb-result-check.c: what values a result may hold, by what they measure */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-contender.h"
#include "fsb-host-state.h"
#include "fsb-result-private.h"
#include "fsb-text.h"

/* The largest values anything FS Bench measures could reach: a task of
 * three years, a rate of 1 PB/s, a count of 10^18 (an exabyte in bytes). */
#define MAX_SECONDS   1e8
#define MAX_MS        (MAX_SECONDS * 1000)
#define MAX_MB_PER_S  1e9
#define MAX_PER_S     1e12
#define MAX_COUNT     1e18
/* A task's CPU time over its wall time counts every core it kept busy, as
 * /usr/bin/time's %CPU does: 100 per core, for up to 1,024 cores. */
#define MAX_CPU_PERCENT 102400.0

typedef enum {
  KIND_TIME,
  KIND_MS,
  KIND_PERCENT,
  KIND_CPU_PERCENT,
  KIND_DATA_RATE,
  KIND_RATE,
  KIND_COUNT,
  KIND_REASON,
} Kind;

static Kind
metric_kind (const char *metric)
{
  if (strcmp (metric, "cpu_percent") == 0)
    return KIND_CPU_PERCENT;
  if (strcmp (metric, "disturbed") == 0)
    return KIND_REASON;
  if (g_str_has_suffix (metric, "_percent"))
    return KIND_PERCENT;
  if (strcmp (metric, "mb_per_s") == 0)
    return KIND_DATA_RATE;
  if (g_str_has_suffix (metric, "_per_s") || strcmp (metric, "iops") == 0)
    return KIND_RATE;
  if (g_str_has_suffix (metric, "_ms"))
    return KIND_MS;
  if (g_str_has_suffix (metric, "_s"))
    return KIND_TIME;
  return KIND_COUNT;
}

static double
kind_max (Kind kind)
{
  switch (kind)
    {
    case KIND_TIME:        return MAX_SECONDS;
    case KIND_MS:          return MAX_MS;
    case KIND_PERCENT:     return 100;
    case KIND_CPU_PERCENT: return MAX_CPU_PERCENT;
    case KIND_DATA_RATE:   return MAX_MB_PER_S;
    case KIND_RATE:        return MAX_PER_S;
    case KIND_REASON:      return FSB_DISTURBED_ALL;
    case KIND_COUNT:
    default:               return MAX_COUNT;
    }
}

static char *
describe (Kind kind, const char *field, double value)
{
  g_autofree char *max = g_strdup_printf ("%.0f", kind_max (kind));

  if (!isfinite (value))
    /* Translators: %s is a field of the file, such as filesystems[0].tasks[2].samples[0].wall_s */
    return g_strdup_printf (_("%s is not a finite number"), field);
  switch (kind)
    {
    case KIND_TIME:
      /* Translators: a field of the file, its value, the largest value allowed */
      return g_strdup_printf (_("%s is %g, and a time must be between 0 and %s seconds"), field, value, max);
    case KIND_MS:
      /* Translators: a field of a result file, its value, then the largest value allowed */
      return g_strdup_printf (_("%s is %g, and a latency must be between 0 and %s milliseconds"), field, value, max);
    case KIND_PERCENT:
      /* Translators: a field of the file and its value */
      return g_strdup_printf (_("%s is %g, and a percentage must be between 0 and 100"), field, value);
    case KIND_CPU_PERCENT:
      /* Translators: a field of a result file, its value, then the largest value allowed */
      return g_strdup_printf (_("%s is %g, and a CPU share must be between 0 and %s %% (100 %% per core)"),
                              field, value, max);
    case KIND_DATA_RATE:
      /* Translators: a field of a result file, its value, then the largest value allowed */
      return g_strdup_printf (_("%s is %g, and a data rate must be between 0 and %s MB/s (1 PB/s)"),
                              field, value, max);
    case KIND_RATE:
      /* Translators: a field of a result file, its value, then the largest value allowed */
      return g_strdup_printf (_("%s is %g, and a rate must be between 0 and %s per second"), field, value, max);
    case KIND_REASON:
      /* Translators: a field of a result file, its value, then the largest value allowed; the
       * field holds the reasons a measurement was disturbed, one bit each */
      return g_strdup_printf (_("%s is %g, and a disturbance code must be a whole number between 0 and %s"),
                              field, value, max);
    case KIND_COUNT:
    default:
      /* Translators: a field of a result file, its value, then the largest value allowed */
      return g_strdup_printf (_("%s is %g, and a count must be between 0 and %s"), field, value, max);
    }
}

void
fsb_metric_range (const char *metric, guint cores, double *min, double *max)
{
  Kind kind;

  g_return_if_fail (metric != NULL && min != NULL && max != NULL);

  kind = metric_kind (metric);
  *min = 0;
  *max = kind_max (kind);
  /* a process keeps at most every core of the machine busy */
  if (kind == KIND_CPU_PERCENT && cores > 0)
    *max = MIN (*max, 100.0 * cores);
}

char *
fsb_metric_check (const char *metric, double value, const char *field)
{
  Kind kind;

  g_return_val_if_fail (metric != NULL && field != NULL, NULL);

  kind = metric_kind (metric);
  /* signbit: -0 is no measurement either */
  if (isfinite (value) && !signbit (value) && value <= kind_max (kind) &&
      (kind != KIND_REASON || floor (value) == value))
    return NULL;
  return describe (kind, field, value);
}

char *
fsb_count_check (double value, const char *field)
{
  g_return_val_if_fail (field != NULL, NULL);

  if (isfinite (value) && !signbit (value) && value <= MAX_COUNT && floor (value) == value)
    return NULL;
  if (isfinite (value) && !signbit (value) && value <= MAX_COUNT)
    /* Translators: a field of the file and its value */
    return g_strdup_printf (_("%s is %g, and a count must be a whole number"), field, value);
  return describe (KIND_COUNT, field, value);
}

char *
fsb_batch_from_json (JsonObject *so, FsbSample *sample, const char *field)
{
  JsonNode *n = json_object_get_member (so, FSB_SAMPLE_BATCH_KEY);
  double v;

  g_return_val_if_fail (so != NULL && sample != NULL && field != NULL, NULL);

  sample->batch = 1;
  /* not a number: not a batch size, as a metric's wrong type is skipped */
  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n)
      || (json_node_get_value_type (n) != G_TYPE_DOUBLE && json_node_get_value_type (n) != G_TYPE_INT64))
    return NULL;
  v = json_node_get_value_type (n) == G_TYPE_DOUBLE ? json_node_get_double (n) : (double) json_node_get_int (n);
  if (isfinite (v) && v >= 1 && v <= FSB_RESULT_MAX_BATCH && floor (v) == v)
    {
      sample->batch = (guint) v;
      return NULL;
    }
  /* Translators: a field of the file, its value, then the largest value allowed */
  return g_strdup_printf (_("%s is %g, and a batch size must be a whole number from 1 to %u"),
                          field, v, (guint) FSB_RESULT_MAX_BATCH);
}

char *
fsb_result_contender_from_json (JsonObject *o, FsbFsResult *fs)
{
  g_autofree char *type = fsb_result_json_string (o, "type");
  g_autofree char *mount = fsb_result_json_string (o, "mount_requested");
  g_autoptr(GError) error = NULL;

  if (type != NULL && !fsb_text_is_fs_name (type))
    /* Translators: %s is the name of a filesystem in the file, “ext4-2” */
    return g_strdup_printf (_("the type of “%s” is not a filesystem name"), fs->name);
  if (mount != NULL && !fsb_contender_check_mount_options (mount, &error))
    /* Translators: a name, “noatime”, then why its options are wrong */
    return g_strdup_printf (_("the mount options of “%s” are wrong: %s"), fs->name, error->message);
  fs->fs_type = g_steal_pointer (&type);
  fs->mount_requested = g_steal_pointer (&mount);
  return NULL;
}

char *
fsb_transfer_check (const FsbTransfer *t, const char *field)
{
  g_return_val_if_fail (t != NULL && field != NULL, NULL);

  if (t->task->samples->len == 0)
    /* Translators: a field of the file, “transfers[3]” */
    return g_strdup_printf (_("%s has no samples"), field);
  for (guint i = 0; i < t->task->samples->len; i++)
    {
      const FsbSample *sample = g_ptr_array_index (t->task->samples, i);
      double v;

      if (!fsb_sample_get (sample, "mb_per_s", &v))
        /* Translators: a field of the file, “transfers[3].samples[1]”, then the name of the rate, “mb_per_s” */
        return g_strdup_printf (_("%s.samples[%u] has no “%s”"), field, i, "mb_per_s");
    }
  return NULL;
}
