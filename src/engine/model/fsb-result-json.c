/* fsb-result-json.c: the result as versioned JSON, written and read back */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-result.h"
#include "fsb-result-private.h"
#include "fsb-stats.h"

/* JSON out --------------------------------------------------------------- */

static void
add_string (JsonBuilder *b, const char *key, const char *value)
{
  json_builder_set_member_name (b, key);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
add_uint (JsonBuilder *b, const char *key, guint64 value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_int_value (b, (gint64) value);
}

static void
add_double (JsonBuilder *b, const char *key, double value)
{
  json_builder_set_member_name (b, key);
  if (isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
build_capacity (JsonBuilder *b, const char *prefix, const FsbCapacity *c)
{
  g_autofree char *percent = g_strconcat (prefix, "_percent", NULL);
  g_autofree char *detail = g_strdup (prefix);

  add_double (b, percent, c->percent);
  json_builder_set_member_name (b, detail);
  json_builder_begin_object (b);
  add_uint (b, "total_bytes", c->total_bytes);
  add_uint (b, "avail_bytes", c->avail_bytes);
  add_uint (b, "total_inodes", c->total_inodes);
  add_uint (b, "free_inodes", c->free_inodes);
  json_builder_end_object (b);
}

static void
build_stats (JsonBuilder *b, const FsbStats *s)
{
  json_builder_begin_object (b);
  add_uint (b, "n", s->n);
  add_double (b, "min", s->min);
  add_double (b, "median", s->median);
  add_double (b, "mean", s->mean);
  add_double (b, "max", s->max);
  add_double (b, "stdev", s->stdev);
  add_double (b, "p99", s->p99);
  /* The median's 95 % interval (fsb-stats.c); null with a single sample. */
  add_double (b, "ci95_low", s->ci95_low);
  add_double (b, "ci95_high", s->ci95_high);
  json_builder_set_member_name (b, "spread_large");
  json_builder_add_boolean_value (b, s->spread_large);
  json_builder_end_object (b);
}

static void
build_task (JsonBuilder *b, const FsbTaskResult *task)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  json_builder_begin_object (b);
  add_string (b, "id", task->id);
  if (task->command != NULL)
    add_string (b, "command", task->command);
  json_builder_set_member_name (b, "samples");
  json_builder_begin_array (b);
  for (guint i = 0; i < task->samples->len; i++)
    {
      const FsbSample *sample = g_ptr_array_index (task->samples, i);

      json_builder_begin_object (b);
      for (guint j = 0; j < sample->metrics->len; j++)
        {
          const FsbMetric *m = &g_array_index (sample->metrics, FsbMetric, j);
          add_double (b, m->name, m->value);
          if (!g_ptr_array_find (names, m->name, NULL))
            g_ptr_array_add (names, (gpointer) m->name);
        }
      if (sample->error != NULL)
        add_string (b, "error", sample->error);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  /* Stats are derived, written for readers of the file; loading ignores them. */
  json_builder_set_member_name (b, "stats");
  json_builder_begin_object (b);
  for (guint i = 0; i < names->len; i++)
    {
      FsbStats s;
      if (fsb_task_result_stats (task, names->pdata[i], &s))
        {
          json_builder_set_member_name (b, names->pdata[i]);
          build_stats (b, &s);
        }
    }
  json_builder_end_object (b);
  json_builder_end_object (b);
}

JsonNode *
fsb_result_to_json (FsbResult *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  add_string (b, "schema", FSB_RESULT_SCHEMA);
  add_string (b, "app_version", self->app_version);
  add_string (b, "created", self->created);
  json_builder_set_member_name (b, "complete");
  json_builder_add_boolean_value (b, self->complete);

  json_builder_set_member_name (b, "machine");
  json_builder_begin_object (b);
  add_string (b, "cpu_model", self->machine.cpu_model);
  add_uint (b, "cores", self->machine.cores);
  add_uint (b, "ram_bytes", self->machine.ram_bytes);
  add_string (b, "board", self->machine.board);
  add_string (b, "kernel", self->machine.kernel);
  add_string (b, "distribution", self->machine.distribution);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "target");
  json_builder_begin_object (b);
  add_string (b, "kind", self->target.kind);
  add_uint (b, "size_bytes", self->target.size_bytes);
  add_string (b, "device", self->target.device);
  add_string (b, "device_model", self->target.device_model);
  add_string (b, "host_filesystem", self->target.host_filesystem);
  add_string (b, "cache_policy", self->target.cache_policy);
  json_builder_end_object (b);

  add_string (b, "profile", self->profile);
  if (self->sizes != NULL)
    {
      json_builder_set_member_name (b, "sizes");
      json_builder_add_value (b, fsb_sizes_to_json (self->sizes));
    }
  add_uint (b, "repetitions", self->repetitions);
  if (self->repetition_policy.mode != NULL)
    {
      json_builder_set_member_name (b, "repetition_policy");
      json_builder_begin_object (b);
      add_string (b, "mode", self->repetition_policy.mode);
      add_uint (b, "min", self->repetition_policy.min);
      add_uint (b, "max", self->repetition_policy.max);
      add_string (b, "stopped", self->repetition_policy.stopped);
      if (self->repetition_policy.time_budget_s > 0)
        add_double (b, "time_budget_s", self->repetition_policy.time_budget_s);
      json_builder_end_object (b);
    }
  json_builder_set_member_name (b, "workloads");
  json_builder_begin_array (b);
  for (guint i = 0; self->workloads != NULL && self->workloads[i] != NULL; i++)
    json_builder_add_string_value (b, self->workloads[i]);
  json_builder_end_array (b);
  add_string (b, "use_case", self->use_case);
  if (self->age != NULL)
    add_string (b, "age", self->age);
  json_builder_set_member_name (b, "dataset");
  if (self->dataset != NULL)
    json_builder_add_value (b, json_node_copy (self->dataset));
  else
    json_builder_add_null_value (b);

  json_builder_set_member_name (b, "filesystems");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->filesystems->len; i++)
    {
      const FsbFsResult *fs = g_ptr_array_index (self->filesystems, i);

      json_builder_begin_object (b);
      add_string (b, "name", fs->name);
      add_string (b, "mkfs_version", fs->mkfs_version);
      add_string (b, "mkfs_options", fs->mkfs_options);
      add_string (b, "mount_options", fs->mount_options);
      json_builder_set_member_name (b, "capacity");
      json_builder_begin_object (b);
      build_capacity (b, "initial", &fs->capacity_initial);
      build_capacity (b, "residual", &fs->capacity_residual);
      fsb_result_fit_to_json (b, fs);
      json_builder_end_object (b);
      fsb_result_aging_to_json (b, fs);
      if (fs->error != NULL)
        add_string (b, "error", fs->error);
      json_builder_set_member_name (b, "tasks");
      json_builder_begin_array (b);
      for (guint j = 0; j < fs->tasks->len; j++)
        build_task (b, g_ptr_array_index (fs->tasks, j));
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "transfers");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->transfers->len; i++)
    {
      const FsbTransfer *t = g_ptr_array_index (self->transfers, i);

      json_builder_begin_object (b);
      add_string (b, "from", t->from);
      add_string (b, "to", t->to);
      add_double (b, "mb_per_s", t->mb_per_s);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
fsb_result_to_data (FsbResult *self, gsize *length)
{
  g_autoptr(JsonNode) root = fsb_result_to_json (self);
  g_autoptr(JsonGenerator) gen = json_generator_new ();

  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, length);
}

gboolean
fsb_result_save (FsbResult *self, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize len = 0;

  data = fsb_result_to_data (self, &len);
  if (!g_file_set_contents (path, data, (gssize) len, error))
    {
      fsb_error_normalize (error);
      return FALSE;
    }
  return TRUE;
}

/* JSON in ---------------------------------------------------------------- */

/* The loader trusts nothing: every member is checked for its type, so a
 * file from another machine (or a fuzzer) gives an error, never a crash. */

static gboolean
fail (GError **error, const char *what)
{
  g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
               /* Translators: %s says what is wrong, e.g. "“filesystems” is not a list" */
               _("This is not a valid FS Bench result: %s"), what);
  return FALSE;
}

static char *
get_string (JsonObject *o, const char *key)
{
  JsonNode *n = json_object_get_member (o, key);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return NULL;
  return g_strdup (json_node_get_string (n));
}

static gboolean
get_number (JsonObject *o, const char *key, double *out)
{
  JsonNode *n = json_object_get_member (o, key);
  GType t;

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n))
    return FALSE;
  t = json_node_get_value_type (n);
  if (t == G_TYPE_DOUBLE)
    *out = json_node_get_double (n);
  else if (t == G_TYPE_INT64)
    *out = (double) json_node_get_int (n);
  else
    return FALSE;
  return isfinite (*out);
}

static guint64
get_uint (JsonObject *o, const char *key)
{
  double v = 0;

  if (!get_number (o, key, &v) || v < 0)
    return 0;
  return v > (double) G_MAXINT64 ? G_MAXINT64 : (guint64) v;
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

/* The same for the other files of the result (fsb-result-private.h). */
char *
fsb_result_json_string (JsonObject *o, const char *key)
{
  return get_string (o, key);
}

gboolean
fsb_result_json_number (JsonObject *o, const char *key, double *out)
{
  return get_number (o, key, out);
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

static void
read_capacity (JsonObject *cap, const char *prefix, FsbCapacity *c)
{
  g_autofree char *percent = g_strconcat (prefix, "_percent", NULL);
  JsonObject *detail = get_object (cap, prefix);

  get_number (cap, percent, &c->percent);
  if (detail != NULL)
    {
      c->total_bytes = get_uint (detail, "total_bytes");
      c->avail_bytes = get_uint (detail, "avail_bytes");
      c->total_inodes = get_uint (detail, "total_inodes");
      c->free_inodes = get_uint (detail, "free_inodes");
    }
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
read_task (FsbFsResult *fs, JsonNode *node, GError **error)
{
  JsonObject *o;
  JsonArray *samples;
  g_autofree char *id = NULL;
  FsbTaskResult *task;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, _("a task is not an object"));
  o = json_node_get_object (node);
  id = get_string (o, "id");
  samples = get_array (o, "samples");
  if (id == NULL || *id == '\0')
    return fail (error, _("a task has no id"));
  if (samples == NULL)
    return fail (error, _("a task has no samples"));

  task = fsb_fs_result_get_task (fs, id, TRUE);
  task->command = get_string (o, "command");
  for (guint i = 0; i < json_array_get_length (samples); i++)
    {
      JsonNode *sn = json_array_get_element (samples, i);
      JsonObject *so;
      g_autoptr(GList) members = NULL;
      FsbSample *sample;

      if (!JSON_NODE_HOLDS_OBJECT (sn))
        return fail (error, _("a sample is not an object"));
      so = json_node_get_object (sn);
      sample = fsb_sample_new ();
      members = json_object_get_members (so);
      for (GList *l = members; l != NULL; l = l->next)
        {
          double v;
          /* metric names are interned for good: take only names shaped
           * like ours, so a hostile file cannot grow the quark table */
          if (metric_name_is_valid (l->data) && get_number (so, l->data, &v))
            fsb_sample_set (sample, l->data, v);
        }
      sample->error = get_string (so, "error");
      g_ptr_array_add (task->samples, sample);
    }
  return TRUE;
}

static gboolean
read_filesystem (FsbResult *self, JsonNode *node, GError **error)
{
  JsonObject *o, *cap;
  JsonArray *tasks;
  g_autofree char *name = NULL;
  FsbFsResult *fs;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, _("a filesystem entry is not an object"));
  o = json_node_get_object (node);
  name = get_string (o, "name");
  if (name == NULL || *name == '\0')
    return fail (error, _("a filesystem has no name"));
  tasks = get_array (o, "tasks");
  if (tasks == NULL)
    return fail (error, _("a filesystem has no task list"));

  fs = fsb_result_add_filesystem (self, name);
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
      read_capacity (cap, "initial", &fs->capacity_initial);
      read_capacity (cap, "residual", &fs->capacity_residual);
    }
  fsb_result_aging_from_json (fs, o, cap);
  for (guint i = 0; i < json_array_get_length (tasks); i++)
    if (!read_task (fs, json_array_get_element (tasks, i), error))
      return FALSE;
  return TRUE;
}

/* Optional (results before 0.3 lack it); only the known words are kept. */
static void
read_repetition_policy (FsbResult *self, JsonObject *p)
{
  g_autofree char *mode = NULL, *stopped = NULL;
  double budget = 0;

  if (p == NULL)
    return;
  mode = get_string (p, "mode");
  stopped = get_string (p, "stopped");
  if (!g_strv_contains ((const char *const []) { "auto", "fixed", NULL }, mode != NULL ? mode : ""))
    return;
  self->repetition_policy.mode = g_steal_pointer (&mode);
  self->repetition_policy.min = (guint) MIN (get_uint (p, "min"), 1000);
  self->repetition_policy.max = (guint) MIN (get_uint (p, "max"), 1000);
  if (stopped != NULL &&
      g_strv_contains ((const char *const []) { "settled", "max", "budget", "fixed", "not-measured", NULL }, stopped))
    self->repetition_policy.stopped = g_steal_pointer (&stopped);
  if (get_number (p, "time_budget_s", &budget) && isfinite (budget) && budget > 0)
    self->repetition_policy.time_budget_s = budget;
}

FsbResult *
fsb_result_from_json (JsonNode *root, GError **error)
{
  g_autoptr(FsbResult) self = NULL;
  g_autofree char *schema = NULL;
  JsonObject *o, *machine, *target, *sizes;
  JsonArray *fss, *transfers, *workloads;
  JsonNode *n;

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
  if (g_strcmp0 (schema, FSB_RESULT_SCHEMA) != 0)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: the first %s is a version tag found in the file, the second the one expected */
                   _("This result has the format “%s”, which this version of FS Bench cannot read (it reads “%s”)"),
                   schema, FSB_RESULT_SCHEMA);
      return NULL;
    }
  fss = get_array (o, "filesystems");
  if (fss == NULL)
    {
      fail (error, _("“filesystems” is missing or not a list"));
      return NULL;
    }

  self = fsb_result_new ();
  g_free (self->app_version);
  self->app_version = get_string (o, "app_version");
  g_free (self->created);
  self->created = get_string (o, "created");
  n = json_object_get_member (o, "complete");
  self->complete = n != NULL && JSON_NODE_HOLDS_VALUE (n) &&
                   json_node_get_value_type (n) == G_TYPE_BOOLEAN && json_node_get_boolean (n);

  if ((machine = get_object (o, "machine")) != NULL)
    {
      self->machine.cpu_model = get_string (machine, "cpu_model");
      self->machine.cores = (guint) MIN (get_uint (machine, "cores"), G_MAXUINT);
      self->machine.ram_bytes = get_uint (machine, "ram_bytes");
      self->machine.board = get_string (machine, "board");
      self->machine.kernel = get_string (machine, "kernel");
      self->machine.distribution = get_string (machine, "distribution");
    }
  if ((target = get_object (o, "target")) != NULL)
    {
      self->target.kind = get_string (target, "kind");
      self->target.size_bytes = get_uint (target, "size_bytes");
      self->target.device = get_string (target, "device");
      self->target.device_model = get_string (target, "device_model");
      self->target.host_filesystem = get_string (target, "host_filesystem");
      self->target.cache_policy = get_string (target, "cache_policy");
    }
  self->profile = get_string (o, "profile");
  if ((sizes = get_object (o, "sizes")) != NULL)
    {
      g_autoptr(GList) keys = json_object_get_members (sizes);

      self->sizes = fsb_sizes_new ();
      for (GList *l = keys; l != NULL; l = l->next)
        {
          double v;
          /* Ids as the catalog spells them; anything else is not a size. */
          if (size_id_is_valid (l->data) && get_number (sizes, l->data, &v) && v >= 0)
            fsb_sizes_set (self->sizes, l->data, v);
        }
    }
  self->repetitions = (guint) MIN (get_uint (o, "repetitions"), G_MAXUINT);
  read_repetition_policy (self, get_object (o, "repetition_policy"));
  self->use_case = get_string (o, "use_case");
  self->age = get_string (o, "age");
  if ((workloads = get_array (o, "workloads")) != NULL)
    {
      g_autoptr(GStrvBuilder) sb = g_strv_builder_new ();
      for (guint i = 0; i < json_array_get_length (workloads); i++)
        {
          JsonNode *w = json_array_get_element (workloads, i);
          if (JSON_NODE_HOLDS_VALUE (w) && json_node_get_value_type (w) == G_TYPE_STRING)
            g_strv_builder_add (sb, json_node_get_string (w));
        }
      self->workloads = g_strv_builder_end (sb);
    }
  n = json_object_get_member (o, "dataset");
  if (n != NULL && JSON_NODE_HOLDS_OBJECT (n))
    self->dataset = json_node_copy (n);

  for (guint i = 0; i < json_array_get_length (fss); i++)
    if (!read_filesystem (self, json_array_get_element (fss, i), error))
      return NULL;

  if ((transfers = get_array (o, "transfers")) != NULL)
    for (guint i = 0; i < json_array_get_length (transfers); i++)
      {
        JsonNode *tn = json_array_get_element (transfers, i);
        JsonObject *to;
        g_autofree char *from = NULL, *dest = NULL;
        double mbps = 0;

        if (!JSON_NODE_HOLDS_OBJECT (tn))
          {
            fail (error, _("a transfer is not an object"));
            return NULL;
          }
        to = json_node_get_object (tn);
        from = get_string (to, "from");
        dest = get_string (to, "to");
        if (from == NULL || dest == NULL || !get_number (to, "mb_per_s", &mbps))
          {
            fail (error, _("a transfer lacks “from”, “to” or “mb_per_s”"));
            return NULL;
          }
        fsb_result_add_transfer (self, from, dest, mbps);
      }

  return g_steal_pointer (&self);
}

/* json-glib parses (and frees) nested arrays and objects recursively, so
 * a file of a few hundred thousand "[" overflows the stack. No result
 * nests deeper than a dozen levels; refuse anything past this. */
#define MAX_JSON_DEPTH 128

static gboolean
nested_too_deeply (const char *data, gsize length)
{
  guint depth = 0;
  gboolean in_string = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (in_string)
        {
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (++depth > MAX_JSON_DEPTH)
            return TRUE;
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  return FALSE;
}

FsbResult *
fsb_result_load_from_data (const char *data, gssize length, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local = NULL;

  if (length < 0)
    length = (gssize) strlen (data);
  if (length == 0)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("The file is empty"));
      return NULL;
    }
  if (nested_too_deeply (data, (gsize) length))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %d is a number of levels */
                   _("The file nests lists and objects more than %d levels deep; no result does that"), MAX_JSON_DEPTH);
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data, length, &local))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %s is the JSON parser's own message */
                   _("The file is not valid JSON (it may be truncated): %s"), local->message);
      return NULL;
    }
  return fsb_result_from_json (json_parser_get_root (parser), error);
}

FsbResult *
fsb_result_load (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(GError) local = NULL;
  gsize len = 0;
  FsbResult *result;

  if (!g_file_get_contents (path, &data, &len, &local))
    {
      g_set_error (error, FSB_ERROR,
                   g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT) ? FSB_ERROR_NOT_FOUND : FSB_ERROR_INVALID,
                   /* Translators: the first %s is a file name, the second the reason */
                   _("Cannot read “%s”: %s"), display, local->message);
      return NULL;
    }
  result = fsb_result_load_from_data (data, (gssize) len, &local);
  if (result == NULL)
    {
      g_set_error (error, FSB_ERROR, local->code,
                   /* Translators: the first %s is a file name, the second the problem */
                   _("Cannot load “%s”: %s"), display, local->message);
      return NULL;
    }
  return result;
}
