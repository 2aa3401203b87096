/* fsb-result-read.c: a result read back from JSON, trusting nothing in it */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "fsb-age.h"
#include "fsb-catalog.h"
#include "fsb-error.h"
#include "fsb-job.h"
#include "fsb-json.h"
#include "fsb-kernel-cmdline.h"
#include "fsb-result-private.h"
#include "fsb-target-info.h"
#include "fsb-text.h"

/* A result file may come from anywhere (another machine, a forum, a
 * fuzzer): every member is checked for its type, every value for what it
 * can physically be, every text made harmless to print, and the file's
 * size and shape are bounded before json-glib builds anything. A bad file
 * gives an error naming the field, never a crash, a hang or a blow-up. */

typedef struct {
  GError    **error;
  GString    *field;          /* where we are: "filesystems[0].tasks[2]" */
  GHashTable *metric_names;   /* the different metric names met */
  GHashTable *task_ids;       /* the different task ids met */
} Reader;

static gboolean
fail (GError **error, const char *what)
{
  g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
               /* Translators: %s says what is wrong, e.g. "“filesystems” is not a list" */
               _("This is not a valid FS Bench result: %s"), what);
  return FALSE;
}

static gboolean
fail_take (GError **error, char *what)
{
  fail (error, what);
  g_free (what);
  return FALSE;
}

/* "filesystems[0].tasks[2]" + ".samples[1]": returns the length to go back to. */
static gsize
field_push (Reader *r, const char *key, gint index)
{
  gsize len = r->field->len;

  if (len > 0)
    g_string_append_c (r->field, '.');
  g_string_append (r->field, key);
  if (index >= 0)
    g_string_append_printf (r->field, "[%d]", index);
  return len;
}

static void
field_pop (Reader *r, gsize len)
{
  g_string_truncate (r->field, len);
}

/* The field path of key below where we are, for a message. */
static char *
field_of (Reader *r, const char *key)
{
  return r->field->len > 0 ? g_strconcat (r->field->str, ".", key, NULL) : g_strdup (key);
}

/* A name from the file, as a message may show it. */
static char *
quoted_for_message (const char *text)
{
  g_autofree char *clean = fsb_text_sanitize (text, -1);

  if (g_utf8_strlen (clean, -1) > 40)
    {
      g_autofree char *cut = g_utf8_substring (clean, 0, 40);
      return g_strconcat (cut, "…", NULL);
    }
  return g_steal_pointer (&clean);
}

static char *
get_string (JsonObject *o, const char *key)
{
  JsonNode *n = json_object_get_member (o, key);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return NULL;
  return fsb_text_sanitize (json_node_get_string (n), -1);
}

/* FALSE with *present TRUE: there is a number, but not a finite one. */
static gboolean
get_number (JsonObject *o, const char *key, double *out, gboolean *present)
{
  JsonNode *n = json_object_get_member (o, key);
  GType t;

  *present = FALSE;
  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n))
    return FALSE;
  t = json_node_get_value_type (n);
  if (t == G_TYPE_DOUBLE)
    *out = json_node_get_double (n);
  else if (t == G_TYPE_INT64)
    *out = (double) json_node_get_int (n);
  else
    return FALSE;
  *present = TRUE;
  return isfinite (*out);
}

/* An optional number measured as metric (or a count when metric is NULL):
 * absent or not a number leaves *out; a number outside what it can be is
 * an error naming the field. */
static gboolean
read_value (Reader *r, JsonObject *o, const char *key, const char *metric, double *out)
{
  g_autofree char *field = NULL;
  gboolean present;
  double v = 0;
  char *problem;

  if (!get_number (o, key, &v, &present) && !present)
    return TRUE;
  field = field_of (r, key);
  if (!present || !isfinite (v))
    v = INFINITY;
  problem = metric != NULL ? fsb_metric_check (metric, v, field) : fsb_count_check (v, field);
  if (problem != NULL)
    return fail_take (r->error, problem);
  *out = v;
  return TRUE;
}

static gboolean
read_count (Reader *r, JsonObject *o, const char *key, guint64 *out, guint64 max)
{
  double v = 0;

  if (!read_value (r, o, key, NULL, &v))
    return FALSE;
  *out = (guint64) MIN (v, (double) max);
  return TRUE;
}

static JsonObject *
get_object (JsonObject *o, const char *key)
{
  JsonNode *n = json_object_get_member (o, key);

  return (n != NULL && JSON_NODE_HOLDS_OBJECT (n)) ? json_node_get_object (n) : NULL;
}

static JsonArray *
get_array (JsonObject *o, const char *key)
{
  JsonNode *n = json_object_get_member (o, key);

  return (n != NULL && JSON_NODE_HOLDS_ARRAY (n)) ? json_node_get_array (n) : NULL;
}

/* The same for the other readers of the result (fsb-result-private.h). */
char *
fsb_result_json_string (JsonObject *o, const char *key)
{
  return get_string (o, key);
}

gboolean
fsb_result_json_number (JsonObject *o, const char *key, double *out)
{
  gboolean present;

  return get_number (o, key, out, &present);
}

JsonObject *
fsb_result_json_object (JsonObject *o, const char *key)
{
  return get_object (o, key);
}

JsonArray *
fsb_result_json_array (JsonObject *o, const char *key)
{
  return get_array (o, key);
}

/* key NULL: the list is where we are. */
static gboolean
too_many (Reader *r, const char *key, guint n, guint max)
{
  g_autofree char *field = NULL;

  if (n <= max)
    return FALSE;
  field = key != NULL ? field_of (r, key) : g_strdup (r->field->str);
  return !fail_take (r->error,
                     /* Translators: a field of the file (a list), then the most it may hold */
                     g_strdup_printf (_("%s holds more than %u entries; no result has that many"), field, max));
}

static gboolean
read_capacity (Reader *r, JsonObject *cap, const char *prefix, FsbCapacity *c)
{
  g_autofree char *percent = g_strconcat (prefix, "_percent", NULL);
  JsonObject *detail = get_object (cap, prefix);
  gboolean ok = read_value (r, cap, percent, percent, &c->percent);

  if (ok && detail != NULL)
    {
      gsize mark = field_push (r, prefix, -1);

      ok = read_count (r, detail, "total_bytes", &c->total_bytes, G_MAXUINT64)
        && read_count (r, detail, "avail_bytes", &c->avail_bytes, G_MAXUINT64)
        && read_count (r, detail, "total_inodes", &c->total_inodes, G_MAXUINT64)
        && read_count (r, detail, "free_inodes", &c->free_inodes, G_MAXUINT64)
        && read_count (r, detail, "block_size", &c->block_size, G_MAXUINT32);
      field_pop (r, mark);
    }
  return ok;
}

/* "big-file": lower case, digits and '-'. */
static gboolean
size_id_is_valid (const char *name)
{
  gsize n = 0;

  for (const char *p = name; *p != '\0'; p++, n++)
    if (n >= 48 || !(g_ascii_islower (*p) || g_ascii_isdigit (*p) || *p == '-'))
      return FALSE;
  return n > 0;
}

/* The plan's sizes: ids as the catalog spells them, a count's range. */
static gboolean
read_sizes (Reader *r, FsbResult *self, JsonObject *sizes)
{
  g_autoptr(GList) keys = json_object_get_members (sizes);
  gsize mark = field_push (r, "sizes", -1);
  gboolean ok = !too_many (r, NULL, g_list_length (keys), FSB_RESULT_MAX_SIZES);

  self->sizes = fsb_sizes_new ();
  for (GList *l = keys; l != NULL && ok; l = l->next)
    {
      double v = NAN;

      /* anything else is not a size */
      if (!size_id_is_valid (l->data))
        continue;
      ok = read_value (r, sizes, l->data, "count", &v);
      if (ok && !isnan (v))
        fsb_sizes_set (self->sizes, l->data, v);
    }
  field_pop (r, mark);
  return ok;
}

static gboolean
metric_name_is_valid (const char *name)
{
  gsize n = 0;

  for (const char *p = name; *p != '\0'; p++, n++)
    if (n >= 48 || !(g_ascii_islower (*p) || g_ascii_isdigit (*p) || *p == '_'))
      return FALSE;
  return n > 0;
}

static gboolean
read_sample (Reader *r, FsbSample *sample, JsonObject *so)
{
  g_autoptr(GList) members = json_object_get_members (so);
  g_autofree char *field = field_of (r, FSB_SAMPLE_BATCH_KEY);
  char *problem = fsb_batch_from_json (so, sample, field);

  if (problem != NULL || too_many (r, NULL, g_list_length (members), FSB_RESULT_MAX_METRICS))
    return problem != NULL ? fail_take (r->error, problem) : FALSE;
  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      double v = NAN;

      /* Metric names are interned for good: only names shaped like ours,
       * and not too many, so a hostile file cannot grow the quark table. */
      if (!metric_name_is_valid (name) || strcmp (name, FSB_SAMPLE_BATCH_KEY) == 0)
        continue;
      if (!read_value (r, so, name, name, &v))
        return FALSE;
      if (isnan (v))
        continue;   /* not a number: not a metric */
      if (!g_hash_table_contains (r->metric_names, name))
        {
          if (g_hash_table_size (r->metric_names) >= FSB_RESULT_MAX_METRIC_NAMES)
            return fail_take (r->error,
                              /* Translators: %u is a number of names */
                              g_strdup_printf (_("it names more than %u different metrics"),
                                               FSB_RESULT_MAX_METRIC_NAMES));
          g_hash_table_add (r->metric_names, g_strdup (name));
        }
      fsb_sample_set (sample, name, v);
    }
  sample->error = get_string (so, "error");
  return TRUE;
}

/* id (the member key of where we are) in the character set of task ids. */
static gboolean
check_task_id (Reader *r, const char *id, const char *key)
{
  g_autofree char *field = NULL, *shown = NULL;

  if (fsb_text_is_task_id (id))
    return TRUE;
  field = field_of (r, key);
  shown = quoted_for_message (id);
  return fail_take (r->error,
                    /* Translators: a field of the file, then its value */
                    g_strdup_printf (_("%s is “%s”, which is not a task id (letters, digits, “-”, “_”, “.” and “:”, and “@aged” at the end)"),
                                     field, shown));
}

/* The samples of a task (at most max in all) into task->samples. */
static gboolean
read_samples (Reader *r, FsbTaskResult *task, JsonArray *samples, guint max)
{
  if (too_many (r, "samples", task->samples->len + json_array_get_length (samples), max))
    return FALSE;
  for (guint i = 0; i < json_array_get_length (samples); i++)
    {
      JsonNode *sn = json_array_get_element (samples, i);
      FsbSample *sample;
      gsize mark;
      gboolean ok;

      if (!JSON_NODE_HOLDS_OBJECT (sn))
        return fail (r->error, _("a sample is not an object"));
      sample = fsb_sample_new ();
      g_ptr_array_add (task->samples, sample);
      mark = field_push (r, "samples", (gint) i);
      ok = read_sample (r, sample, json_node_get_object (sn));
      field_pop (r, mark);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_task (Reader *r, FsbFsResult *fs, JsonNode *node)
{
  JsonObject *o;
  JsonArray *samples;
  g_autofree char *id = NULL;
  const char *key = NULL;
  FsbTaskResult *task;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (r->error, _("a task is not an object"));
  o = json_node_get_object (node);
  id = get_string (o, "id");
  samples = get_array (o, "samples");
  if (id == NULL || *id == '\0')
    return fail (r->error, _("a task has no id"));
  if (!check_task_id (r, id, "id"))
    return FALSE;
  if ((key = fsb_job_key_from_json (id, o)) == NULL)
    {
      g_autofree char *field = field_of (r, "conditions");
      /* Translators: a field of the file, “filesystems[0].tasks[2].conditions” */
      return fail_take (r->error, g_strdup_printf (_("%s holds a condition this version of FS Bench does not know"),
                                                   field));
    }
  if (samples == NULL)
    return fail (r->error, _("a task has no samples"));
  /* Tables and charts have a row per task id: their number bounds a report. */
  if (!g_hash_table_contains (r->task_ids, key))
    {
      if (g_hash_table_size (r->task_ids) >= FSB_RESULT_MAX_TASKS)
        return fail_take (r->error,
                          /* Translators: %u is a number of tasks */
                          g_strdup_printf (_("it names more than %u different tasks"), FSB_RESULT_MAX_TASKS));
      g_hash_table_add (r->task_ids, g_strdup (key));
    }

  task = fsb_fs_result_get_task (fs, key, TRUE);
  g_free (task->command);
  task->command = get_string (o, "command");
  return read_samples (r, task, samples, FSB_RESULT_MAX_SAMPLES);
}

static gboolean
read_filesystem (Reader *r, FsbResult *self, JsonNode *node)
{
  JsonObject *o, *cap;
  JsonArray *tasks;
  g_autofree char *name = NULL;
  g_autofree char *shown = NULL;
  FsbFsResult *fs;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (r->error, _("a filesystem entry is not an object"));
  o = json_node_get_object (node);
  name = get_string (o, "name");
  if (name == NULL || *name == '\0')
    return fail (r->error, _("a filesystem has no name"));
  if (!fsb_text_is_label (name))
    {
      g_autofree char *field = field_of (r, "name");
      g_autofree char *value = quoted_for_message (name);
      return fail_take (r->error,
                        /* Translators: a field of the file, then its value */
                        g_strdup_printf (_("%s is “%s”, which is not a filesystem name (letters, digits, “-” and “_”)"),
                                         field, value));
    }
  if (fsb_result_find_filesystem (self, name) != NULL)
    return fail_take (r->error,
                      /* Translators: %s is a filesystem name */
                      g_strdup_printf (_("the filesystem “%s” appears twice"), name));
  tasks = get_array (o, "tasks");
  if (tasks == NULL)
    return fail (r->error, _("a filesystem has no task list"));
  if (too_many (r, "tasks", json_array_get_length (tasks), FSB_RESULT_MAX_TASKS))
    return FALSE;

  fs = fsb_result_add_filesystem (self, name);
  if ((shown = fsb_result_contender_from_json (o, fs)) != NULL)
    return fail_take (r->error, g_steal_pointer (&shown));
  fs->mkfs_version = get_string (o, "mkfs_version");
  g_free (fs->mkfs_options);
  fs->mkfs_options = get_string (o, "mkfs_options");
  if (fs->mkfs_options == NULL)
    fs->mkfs_options = g_strdup ("");
  fs->mount_options = get_string (o, "mount_options");
  fs->error = get_string (o, "error");
  cap = get_object (o, "capacity");
  if (cap != NULL)
    {
      gsize mark = field_push (r, "capacity", -1);
      gboolean ok = read_capacity (r, cap, "initial", &fs->capacity_initial)
                 && read_capacity (r, cap, "residual", &fs->capacity_residual);

      field_pop (r, mark);
      if (!ok)
        return FALSE;
    }
  fsb_result_aging_from_json (fs, o, cap);
  for (guint i = 0; i < json_array_get_length (tasks); i++)
    {
      gsize mark = field_push (r, "tasks", (gint) i);
      gboolean ok = read_task (r, fs, json_array_get_element (tasks, i));

      field_pop (r, mark);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_transfer (Reader *r, FsbResult *self, JsonNode *tn)
{
  JsonObject *to;
  JsonArray *samples;
  g_autofree char *from = NULL, *dest = NULL, *task_id = NULL, *problem = NULL;
  double mbps = NAN;
  FsbTransfer *t;

  if (!JSON_NODE_HOLDS_OBJECT (tn))
    return fail (r->error, _("a transfer is not an object"));
  to = json_node_get_object (tn);
  from = get_string (to, "from");
  dest = get_string (to, "to");
  task_id = get_string (to, "task");
  samples = get_array (to, "samples");
  /* before the samples were kept: the median alone */
  if (samples == NULL && !read_value (r, to, "mb_per_s", "mb_per_s", &mbps))
    return FALSE;
  if (from == NULL || dest == NULL || (samples == NULL && isnan (mbps)))
    return fail (r->error, _("a transfer lacks “from”, “to” or its samples"));
  if (!fsb_text_is_label (from) || !fsb_text_is_label (dest))
    {
      g_autofree char *shown = quoted_for_message (fsb_text_is_label (from) ? dest : from);
      return fail_take (r->error,
                        /* Translators: a field of the file, then its value */
                        g_strdup_printf (_("%s is “%s”, which is not a filesystem name (letters, digits, “-” and “_”)"),
                                         r->field->str, shown));
    }
  if (task_id != NULL && !check_task_id (r, task_id, "task"))
    return FALSE;
  /* before 0.9, transfers did not name their group: the only one there was */
  if (task_id == NULL && fsb_catalog_first_across_group () != NULL)
    task_id = g_strdup (fsb_catalog_first_across_group ()->id);
  if (task_id == NULL)
    return fail (r->error, _("a transfer lacks “from”, “to” or its samples"));
  t = fsb_result_get_transfer (self, from, dest, task_id);
  if (samples == NULL)
    {
      FsbSample *sample = fsb_sample_new ();

      fsb_sample_set (sample, "mb_per_s", mbps);
      g_ptr_array_add (t->task->samples, sample);
      return TRUE;
    }
  if (!read_samples (r, t->task, samples, FSB_RESULT_MAX_TRANSFER_SAMPLES))
    return FALSE;
  if ((problem = fsb_transfer_check (t, r->field->str)) != NULL)
    return fail (r->error, problem);
  return TRUE;
}

static gboolean
get_bool (JsonObject *o, const char *key)
{
  JsonNode *n = json_object_get_member (o, key);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_BOOLEAN &&
         json_node_get_boolean (n);
}

/* How the target was measured. Every member is optional: older results
 * stored sentences instead (cache_policy, host_filesystem), which
 * fsb-target-info maps to ids. */
static gboolean
read_target_regime (Reader *r, FsbTargetInfo *t, JsonObject *target)
{
  g_autofree char *policy = get_string (target, "cache_policy");
  g_autofree char *old_host = get_string (target, "host_filesystem");
  JsonObject *host = get_object (target, "host");
  JsonObject *residency = get_object (target, "residency");

  t->direct_io = get_bool (target, "direct_io");
  t->preallocated = get_bool (target, "preallocated");
  /* Older results lack it: they had mkfs's default. */
  t->mkfs_discard = !json_object_has_member (target, "mkfs_discard") || get_bool (target, "mkfs_discard");
  t->flush_reaches = get_string (target, "flush_reaches");
  t->mkfs_by = get_string (target, "mkfs_by");
  t->cache_policy_text = get_string (target, "cache_policy_text");
  if (host != NULL)
    {
      t->host.filesystem = get_string (host, "filesystem");
      t->host.source = get_string (host, "source");
      t->host.mount_point = get_string (host, "mount_point");
      t->host.mount_options = get_string (host, "mount_options");
      t->host.nocow = get_bool (host, "nocow");
      t->host.compressed = get_bool (host, "compressed");
    }
  if (residency != NULL)
    {
      gsize mark = field_push (r, "target.residency", -1);
      guint64 max_files = 0;
      gboolean ok = read_count (r, residency, "max_files", &max_files, G_MAXUINT) &&
                    read_count (r, residency, "near_zero_bytes", &t->residency_near_zero_bytes, G_MAXUINT64);

      field_pop (r, mark);
      if (!ok)
        return FALSE;
      t->residency_max_files = (guint) max_files;
    }
  fsb_target_info_read_legacy (t, policy, old_host);
  return TRUE;
}

/* Optional (results before 0.3 lack it); only the known words are kept,
 * and counts past 1000 repetitions are not ours. */
static gboolean
read_repetition_policy (Reader *r, FsbResult *self, JsonObject *p)
{
  g_autofree char *mode = NULL, *stopped = NULL, *order = NULL;
  guint64 min = 0, max = 0;
  double budget = 0;
  gboolean present;

  if (p == NULL)
    return TRUE;
  mode = get_string (p, "mode");
  stopped = get_string (p, "stopped");
  if (!g_strv_contains ((const char *const []) { "auto", "fixed", NULL }, mode != NULL ? mode : ""))
    return TRUE;
  if (!read_count (r, p, "min", &min, 1000) || !read_count (r, p, "max", &max, 1000))
    return FALSE;
  self->repetition_policy.mode = g_steal_pointer (&mode);
  self->repetition_policy.min = (guint) min;
  self->repetition_policy.max = (guint) max;
  if (stopped != NULL &&
      g_strv_contains ((const char *const []) { "settled", "max", "budget", "fixed", "not-measured", NULL }, stopped))
    self->repetition_policy.stopped = g_steal_pointer (&stopped);
  order = get_string (p, "order");
  if (order != NULL && g_strv_contains ((const char *const []) { "turns", "cycles", NULL }, order))
    self->repetition_policy.order = g_steal_pointer (&order);
  if (get_number (p, "time_budget_s", &budget, &present) && budget > 0 && budget < 1e9)
    self->repetition_policy.time_budget_s = budget;
  fsb_result_focused_from_json (self, get_array (p, "focused"));
  return TRUE;
}

/* Optional, and only advice for the next estimate: what does not look
 * like the runner's own figures is left out, never a reason to refuse. */
static void
read_pace (FsbResult *self, JsonObject *p)
{
  g_autoptr(GList) ids = p != NULL ? json_object_get_members (p) : NULL;

  for (GList *l = ids; l != NULL && g_hash_table_size (self->pace) < FSB_RESULT_MAX_TASKS; l = l->next)
    {
      JsonNode *n = json_object_get_member (p, l->data);
      JsonObject *step = n != NULL && JSON_NODE_HOLDS_OBJECT (n) ? json_node_get_object (n) : NULL;
      double guess = NAN, taken = NAN;
      gboolean present;

      if (step == NULL || !fsb_text_is_step_id (l->data)
          || !get_number (step, "guess_s", &guess, &present) || !get_number (step, "taken_s", &taken, &present)
          || !(guess > 0 && guess <= 1e7) || !(taken >= 0 && !signbit (taken) && taken <= 1e7))
        continue;
      fsb_result_add_pace (self, l->data, guess, taken);
    }
}

static gboolean
read_top (Reader *r, FsbResult *self, JsonObject *o)
{
  JsonObject *machine, *target;
  JsonArray *fss, *transfers, *workloads;
  JsonNode *n;
  guint64 count = 0;

  fss = get_array (o, "filesystems");
  if (fss == NULL)
    return fail (r->error, _("“filesystems” is missing or not a list"));
  if (too_many (r, "filesystems", json_array_get_length (fss), FSB_RESULT_MAX_FILESYSTEMS))
    return FALSE;

  g_free (self->app_version);
  self->app_version = get_string (o, "app_version");
  g_free (self->created);
  self->created = get_string (o, "created");
  n = json_object_get_member (o, "complete");
  self->complete = n != NULL && JSON_NODE_HOLDS_VALUE (n) &&
                   json_node_get_value_type (n) == G_TYPE_BOOLEAN && json_node_get_boolean (n);

  if ((machine = get_object (o, "machine")) != NULL)
    {
      gsize mark = field_push (r, "machine", -1);
      gboolean ok;

      self->machine.cpu_model = get_string (machine, "cpu_model");
      ok = read_count (r, machine, "cores", &count, G_MAXUINT)
        && read_count (r, machine, "ram_bytes", &self->machine.ram_bytes, G_MAXUINT64);
      self->machine.cores = (guint) count;
      self->machine.board = get_string (machine, "board");
      self->machine.kernel = get_string (machine, "kernel");
      self->machine.distribution = get_string (machine, "distribution");
      self->machine.virtualization = get_string (machine, "virtualization");
      {
        /* results written before kept most of it: what names the machine goes */
        g_autofree char *cmdline = get_string (machine, "kernel_cmdline");
        self->machine.kernel_cmdline = fsb_kernel_cmdline_keep (cmdline);
      }
      field_pop (r, mark);
      if (!ok)
        return FALSE;
    }
  if ((target = get_object (o, "target")) != NULL)
    {
      gsize mark = field_push (r, "target", -1);
      guint64 logical = 0, physical = 0;
      gboolean ok = read_count (r, target, "size_bytes", &self->target.size_bytes, G_MAXUINT64)
                 && read_count (r, target, "logical_block_size", &logical, G_MAXUINT32)
                 && read_count (r, target, "physical_block_size", &physical, G_MAXUINT32);
      JsonNode *rotational = json_object_get_member (target, "rotational");

      field_pop (r, mark);
      self->target.logical_block = (guint) logical;
      self->target.physical_block = (guint) physical;
      if (rotational != NULL && JSON_NODE_HOLDS_VALUE (rotational) &&
          json_node_get_value_type (rotational) == G_TYPE_BOOLEAN)
        self->target.rotational = json_node_get_boolean (rotational) ? 1 : 0;
      self->target.scheduler = get_string (target, "scheduler");
      if (!ok)
        return FALSE;
      self->target.kind = get_string (target, "kind");
      self->target.device = get_string (target, "device");
      self->target.device_model = get_string (target, "device_model");
      if (!read_target_regime (r, &self->target, target))
        return FALSE;
    }
  self->profile = get_string (o, "profile");
  self->age = get_string (o, "age");
  if (self->age != NULL && !fsb_age_known (self->age))
    g_clear_pointer (&self->age, g_free);   /* not one of ours: no aging claimed */
  if (get_object (o, "sizes") != NULL && !read_sizes (r, self, get_object (o, "sizes")))
    return FALSE;
  count = 0;
  if (!read_count (r, o, "repetitions", &count, G_MAXUINT))
    return FALSE;
  self->repetitions = (guint) count;
  if (!read_repetition_policy (r, self, get_object (o, "repetition_policy")))
    return FALSE;
  self->use_case = get_string (o, "use_case");
  self->label = get_string (o, "label");
  if ((workloads = get_array (o, "workloads")) != NULL)
    {
      g_autoptr(GStrvBuilder) sb = g_strv_builder_new ();
      for (guint i = 0; i < json_array_get_length (workloads); i++)
        {
          JsonNode *w = json_array_get_element (workloads, i);
          if (JSON_NODE_HOLDS_VALUE (w) && json_node_get_value_type (w) == G_TYPE_STRING)
            {
              g_autofree char *clean = fsb_text_sanitize (json_node_get_string (w), -1);
              g_strv_builder_add (sb, clean);
            }
        }
      self->workloads = g_strv_builder_end (sb);
    }
  fsb_result_left_out_from_json (self, get_array (o, "left_out"));
  n = json_object_get_member (o, "dataset");
  if (n != NULL && JSON_NODE_HOLDS_OBJECT (n))
    self->dataset = fsb_json_sanitized_copy (n);   /* the dataset's manifest, as it is */

  for (guint i = 0; i < json_array_get_length (fss); i++)
    {
      gsize mark = field_push (r, "filesystems", (gint) i);
      gboolean ok = read_filesystem (r, self, json_array_get_element (fss, i));

      field_pop (r, mark);
      if (!ok)
        return FALSE;
    }

  if ((transfers = get_array (o, "transfers")) != NULL)
    {
      if (too_many (r, "transfers", json_array_get_length (transfers), FSB_RESULT_MAX_TRANSFERS))
        return FALSE;
      for (guint i = 0; i < json_array_get_length (transfers); i++)
        {
          gsize mark = field_push (r, "transfers", (gint) i);
          gboolean ok = read_transfer (r, self, json_array_get_element (transfers, i));

          field_pop (r, mark);
          if (!ok)
            return FALSE;
        }
    }
  read_pace (self, get_object (o, "pace"));
  return TRUE;
}

FsbResult *
fsb_result_from_json (JsonNode *root, GError **error)
{
  g_autoptr(FsbResult) self = NULL;
  g_autofree char *schema = NULL;
  Reader r = { 0 };
  JsonObject *o;
  gboolean ok;

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      fail (error, _("the top level is not an object"));
      return NULL;
    }
  o = json_node_get_object (root);
  schema = get_string (o, "schema");
  if (schema == NULL)
    {
      fail (error, _("it has no “schema” member"));
      return NULL;
    }
  if (g_strcmp0 (schema, FSB_RESULT_SCHEMA) != 0 && g_strcmp0 (schema, FSB_RESULT_SCHEMA_1) != 0)
    {
      g_autofree char *shown = quoted_for_message (schema);
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: the first %s is a version tag found in the file, the second the one expected */
                   _("This result has the format “%s”, which this version of FS Bench cannot read (it reads “%s”)"),
                   shown, FSB_RESULT_SCHEMA);
      return NULL;
    }

  self = fsb_result_new ();
  r.error = error;
  r.field = g_string_new (NULL);
  r.metric_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  r.task_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  ok = read_top (&r, self, o);
  g_string_free (r.field, TRUE);
  g_hash_table_unref (r.metric_names);
  g_hash_table_unref (r.task_ids);
  return ok ? g_steal_pointer (&self) : NULL;
}
