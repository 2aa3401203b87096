/* fsb-result-json.c: the result as versioned JSON (reading it back: fsb-result-read.c) */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-job.h"
#include "fsb-json.h"
#include "fsb-result.h"
#include "fsb-result-private.h"
#include "fsb-target-info.h"

/* JSON out --------------------------------------------------------------- */

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
build_capacity (JsonBuilder *b, const char *prefix, const FsbCapacity *c)
{
  g_autofree char *percent = g_strconcat (prefix, "_percent", NULL);
  g_autofree char *detail = g_strdup (prefix);

  fsb_json_add_double (b, percent, c->percent);
  json_builder_set_member_name (b, detail);
  json_builder_begin_object (b);
  fsb_json_add_uint (b, "total_bytes", c->total_bytes);
  fsb_json_add_uint (b, "avail_bytes", c->avail_bytes);
  fsb_json_add_uint (b, "total_inodes", c->total_inodes);
  fsb_json_add_uint (b, "free_inodes", c->free_inodes);
  if (c->block_size > 0)
    fsb_json_add_uint (b, "block_size", c->block_size);
  json_builder_end_object (b);
}

/* How the target was measured, as ids and data (fsb-target-info.h writes
 * the sentences). */
static void
build_target_regime (JsonBuilder *b, const FsbTargetInfo *t)
{
  fsb_json_add_string (b, "cache_policy", t->cache_policy);
  if (t->cache_policy_text != NULL)
    fsb_json_add_string (b, "cache_policy_text", t->cache_policy_text);
  fsb_json_add_bool (b, "direct_io", t->direct_io);
  fsb_json_add_bool (b, "preallocated", t->preallocated);
  fsb_json_add_bool (b, "mkfs_discard", t->mkfs_discard);
  fsb_json_add_string (b, "flush_reaches", t->flush_reaches);
  if (t->mkfs_by != NULL)
    fsb_json_add_string (b, "mkfs_by", t->mkfs_by);
  json_builder_set_member_name (b, "host");
  if (t->host.filesystem != NULL)
    {
      json_builder_begin_object (b);
      fsb_json_add_string (b, "filesystem", t->host.filesystem);
      fsb_json_add_string (b, "source", t->host.source);
      fsb_json_add_string (b, "mount_point", t->host.mount_point);
      fsb_json_add_string (b, "mount_options", t->host.mount_options);
      fsb_json_add_bool (b, "nocow", t->host.nocow);
      fsb_json_add_bool (b, "compressed", t->host.compressed);
      json_builder_end_object (b);
    }
  else
    json_builder_add_null_value (b);
  if (t->residency_max_files > 0)
    {
      json_builder_set_member_name (b, "residency");
      json_builder_begin_object (b);
      fsb_json_add_uint (b, "max_files", t->residency_max_files);
      fsb_json_add_uint (b, "near_zero_bytes", t->residency_near_zero_bytes);
      json_builder_end_object (b);
    }
}

/* The task's samples from the one at from on. */
/* "samples": task's from the from-th on. */
static void
build_samples (JsonBuilder *b, const FsbTaskResult *task, guint from)
{
  json_builder_set_member_name (b, "samples");
  json_builder_begin_array (b);
  for (guint i = from; i < task->samples->len; i++)
    {
      const FsbSample *sample = g_ptr_array_index (task->samples, i);

      json_builder_begin_object (b);
      for (guint j = 0; j < sample->metrics->len; j++)
        {
          const FsbMetric *m = &g_array_index (sample->metrics, FsbMetric, j);
          fsb_json_add_double (b, m->name, m->value);
        }
      if (sample->batch > 1)
        fsb_json_add_uint (b, FSB_SAMPLE_BATCH_KEY, sample->batch);
      if (sample->error != NULL)
        fsb_json_add_string (b, "error", sample->error);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
build_task (JsonBuilder *b, const FsbTaskResult *task, guint from)
{
  FsbConditions conditions;
  const char *id = fsb_job_key_parse (task->id, &conditions);

  /* Only the samples, with the conditions they were taken under:
   * whatever is derived from them (medians, intervals) is computed
   * where it is shown, from these (analysis/). */
  json_builder_begin_object (b);
  fsb_json_add_string (b, "id", id != NULL ? id : task->id);
  fsb_conditions_build_json (b, &conditions);
  if (task->command != NULL)
    fsb_json_add_string (b, "command", task->command);
  build_samples (b, task, from);
  json_builder_end_object (b);
}

typedef enum {
  WHOLE,     /* everything */
  HEADER,    /* no "tasks": what the journal writes first */
  SUMMARY    /* empty "tasks", no dataset: what the history's index keeps */
} Part;

static JsonNode *
build_result (FsbResult *self, Part part)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  fsb_json_add_string (b, "schema", FSB_RESULT_SCHEMA);
  fsb_json_add_string (b, "app_version", self->app_version);
  fsb_json_add_string (b, "created", self->created);
  if (self->label != NULL)
    fsb_json_add_string (b, "label", self->label);
  json_builder_set_member_name (b, "complete");
  json_builder_add_boolean_value (b, self->complete);

  json_builder_set_member_name (b, "machine");
  json_builder_begin_object (b);
  fsb_json_add_string (b, "cpu_model", self->machine.cpu_model);
  fsb_json_add_uint (b, "cores", self->machine.cores);
  fsb_json_add_uint (b, "ram_bytes", self->machine.ram_bytes);
  fsb_json_add_string (b, "board", self->machine.board);
  fsb_json_add_string (b, "kernel", self->machine.kernel);
  fsb_json_add_string (b, "distribution", self->machine.distribution);
  if (self->machine.virtualization != NULL)
    fsb_json_add_string (b, "virtualization", self->machine.virtualization);
  if (self->machine.kernel_cmdline != NULL)
    fsb_json_add_string (b, "kernel_cmdline", self->machine.kernel_cmdline);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "target");
  json_builder_begin_object (b);
  fsb_json_add_string (b, "kind", self->target.kind);
  fsb_json_add_uint (b, "size_bytes", self->target.size_bytes);
  fsb_json_add_string (b, "device", self->target.device);
  fsb_json_add_string (b, "device_model", self->target.device_model);
  build_target_regime (b, &self->target);
  if (self->target.rotational >= 0)
    {
      json_builder_set_member_name (b, "rotational");
      json_builder_add_boolean_value (b, self->target.rotational == 1);
    }
  if (self->target.scheduler != NULL)
    fsb_json_add_string (b, "scheduler", self->target.scheduler);
  if (self->target.logical_block > 0)
    fsb_json_add_uint (b, "logical_block_size", self->target.logical_block);
  if (self->target.physical_block > 0)
    fsb_json_add_uint (b, "physical_block_size", self->target.physical_block);
  json_builder_end_object (b);

  fsb_json_add_string (b, "profile", self->profile);
  if (self->sizes != NULL)
    {
      json_builder_set_member_name (b, "sizes");
      json_builder_add_value (b, fsb_sizes_to_json (self->sizes));
    }
  fsb_json_add_uint (b, "repetitions", self->repetitions);
  if (self->repetition_policy.mode != NULL)
    {
      json_builder_set_member_name (b, "repetition_policy");
      json_builder_begin_object (b);
      fsb_json_add_string (b, "mode", self->repetition_policy.mode);
      fsb_json_add_uint (b, "min", self->repetition_policy.min);
      fsb_json_add_uint (b, "max", self->repetition_policy.max);
      fsb_json_add_string (b, "stopped", self->repetition_policy.stopped);
      if (self->repetition_policy.order != NULL)
        fsb_json_add_string (b, "order", self->repetition_policy.order);
      if (self->repetition_policy.time_budget_s > 0)
        fsb_json_add_double (b, "time_budget_s", self->repetition_policy.time_budget_s);
      fsb_result_focused_to_json (b, self);
      json_builder_end_object (b);
    }
  json_builder_set_member_name (b, "workloads");
  json_builder_begin_array (b);
  for (guint i = 0; self->workloads != NULL && self->workloads[i] != NULL; i++)
    json_builder_add_string_value (b, self->workloads[i]);
  json_builder_end_array (b);
  fsb_result_left_out_to_json (b, self);
  fsb_json_add_string (b, "use_case", self->use_case);
  if (self->age != NULL)
    fsb_json_add_string (b, "age", self->age);
  json_builder_set_member_name (b, "dataset");
  if (self->dataset != NULL && part != SUMMARY)
    json_builder_add_value (b, json_node_copy (self->dataset));
  else
    json_builder_add_null_value (b);

  json_builder_set_member_name (b, "filesystems");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->filesystems->len; i++)
    {
      const FsbFsResult *fs = g_ptr_array_index (self->filesystems, i);

      json_builder_begin_object (b);
      fsb_json_add_string (b, "name", fs->name);
      /* a variant or a twin: its type; a plain filesystem is named by it */
      if (g_strcmp0 (fsb_fs_result_type (fs), fs->name) != 0)
        fsb_json_add_string (b, "type", fsb_fs_result_type (fs));
      fsb_json_add_string (b, "mkfs_version", fs->mkfs_version);
      fsb_json_add_string (b, "mkfs_options", fs->mkfs_options);
      if (fs->mount_requested != NULL)
        fsb_json_add_string (b, "mount_requested", fs->mount_requested);
      fsb_json_add_string (b, "mount_options", fs->mount_options);
      json_builder_set_member_name (b, "capacity");
      json_builder_begin_object (b);
      build_capacity (b, "initial", &fs->capacity_initial);
      build_capacity (b, "residual", &fs->capacity_residual);
      fsb_result_fit_to_json (b, fs);
      json_builder_end_object (b);
      fsb_result_aging_to_json (b, fs);
      if (fs->error != NULL)
        fsb_json_add_string (b, "error", fs->error);
      if (part != HEADER)
        {
          json_builder_set_member_name (b, "tasks");
          json_builder_begin_array (b);
          for (guint j = 0; part == WHOLE && j < fs->tasks->len; j++)
            build_task (b, g_ptr_array_index (fs->tasks, j), 0);
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "transfers");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->transfers->len; i++)
    {
      const FsbTransfer *t = g_ptr_array_index (self->transfers, i);

      json_builder_begin_object (b);
      fsb_json_add_string (b, "from", t->from);
      fsb_json_add_string (b, "to", t->to);
      /* the samples only, as a task's: the figure is computed where it is shown */
      fsb_json_add_string (b, "task", t->task->id);
      build_samples (b, t->task, 0);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  if (g_hash_table_size (self->pace) > 0)
    {
      g_autofree const char **ids = (const char **) g_hash_table_get_keys_as_array (self->pace, NULL);
      guint n = g_hash_table_size (self->pace);

      /* In a stable order, so that two saves of a result are the same file. */
      qsort (ids, n, sizeof *ids, compare_strings);
      json_builder_set_member_name (b, "pace");
      json_builder_begin_object (b);
      for (guint i = 0; i < n; i++)
        {
          const FsbPace *pace = g_hash_table_lookup (self->pace, ids[i]);

          json_builder_set_member_name (b, ids[i]);
          json_builder_begin_object (b);
          fsb_json_add_double (b, "guess_s", round (pace->guess_s * 1000) / 1000);
          fsb_json_add_double (b, "taken_s", round (pace->taken_s * 1000) / 1000);
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
    }

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

JsonNode *
fsb_result_to_json (FsbResult *self)
{
  return build_result (self, WHOLE);
}

JsonNode *
fsb_result_header_to_json (FsbResult *self)
{
  return build_result (self, HEADER);
}

JsonNode *
fsb_result_summary_to_json (FsbResult *self)
{
  return build_result (self, SUMMARY);
}

JsonNode *
fsb_result_task_to_json (const FsbTaskResult *task, guint from)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  build_task (b, task, from);
  return json_builder_get_root (b);
}

char *
fsb_result_to_data (FsbResult *self, gsize *length)
{
  g_autoptr(JsonNode) root = fsb_result_to_json (self);

  return fsb_json_to_data (root, TRUE, length);
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
