/* fsb-result.c: the result of a run: filesystems, tasks and their samples */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-result-private.h"

G_DEFINE_BOXED_TYPE (FsbResult, fsb_result, fsb_result_ref, fsb_result_unref)

/* Samples ---------------------------------------------------------------- */

FsbSample *
fsb_sample_new (void)
{
  FsbSample *sample = g_new0 (FsbSample, 1);

  sample->metrics = g_array_new (FALSE, FALSE, sizeof (FsbMetric));
  return sample;
}

void
fsb_sample_free (FsbSample *sample)
{
  if (sample == NULL)
    return;
  g_array_unref (sample->metrics);
  g_free (sample->error);
  g_free (sample);
}

FsbSample *
fsb_sample_copy (const FsbSample *sample)
{
  FsbSample *copy = fsb_sample_new ();

  g_array_append_vals (copy->metrics, sample->metrics->data, sample->metrics->len);
  copy->error = g_strdup (sample->error);
  copy->batch = sample->batch;
  return copy;
}

/* How a batch's operations make one sample of a metric that is not a
 * quantity per operation: the machine's state around them
 * (fsb-host-state.c). The bits of "disturbed" are causes: a batch with
 * one disturbed operation is disturbed, for that cause (leaving the
 * operation out instead would mix samples of one tree and of two, which
 * differ); averaged, the speed probe's bit 8 on one operation of two had
 * read as 4, others busy on every core. The others average. */
typedef enum { COMBINE_MEAN, COMBINE_BITS, COMBINE_MOST, COMBINE_LEAST } Combine;

static const struct {
  const char *metric;
  Combine     combine;
} combined[] = {
  { "disturbed", COMBINE_BITS },
  { "machine_slowdown", COMBINE_MOST },   /* the slower end's */
  { "disk_slowdown", COMBINE_MOST },
  { "host_dirty_bytes", COMBINE_MOST },   /* the higher reading */
  { "others_runnable", COMBINE_LEAST },   /* the fewer reading */
};

static Combine
combine_of (const char *metric)
{
  for (guint i = 0; i < G_N_ELEMENTS (combined); i++)
    if (strcmp (combined[i].metric, metric) == 0)
      return combined[i].combine;
  return COMBINE_MEAN;
}

void
fsb_sample_average (FsbSample *sample, GPtrArray *more)
{
  g_return_if_fail (sample != NULL && more != NULL);

  for (guint j = 0; j < sample->metrics->len; j++)
    {
      FsbMetric *m = &g_array_index (sample->metrics, FsbMetric, j);
      Combine how = combine_of (m->name);
      double sum = m->value, v;
      guint n = 1;

      for (guint i = 0; i < more->len; i++)
        if (fsb_sample_get (more->pdata[i], m->name, &v))
          {
            if (how == COMBINE_BITS)
              m->value = (double) ((guint) m->value | (guint) v);
            else if (how == COMBINE_MOST)
              m->value = MAX (m->value, v);
            else if (how == COMBINE_LEAST)
              m->value = MIN (m->value, v);
            sum += v;
            n++;
          }
      if (how == COMBINE_MEAN)
        m->value = sum / n;
    }
  sample->batch = 1 + more->len;
}

void
fsb_sample_set (FsbSample *sample, const char *metric, double value)
{
  const char *name = g_intern_string (metric);
  FsbMetric m = { name, value };

  for (guint i = 0; i < sample->metrics->len; i++)
    {
      FsbMetric *old = &g_array_index (sample->metrics, FsbMetric, i);
      if (old->name == name)
        {
          old->value = value;
          return;
        }
    }
  g_array_append_val (sample->metrics, m);
}

gboolean
fsb_sample_get (const FsbSample *sample, const char *metric, double *value)
{
  if (metric == NULL)
    return FALSE;
  /* a sample has a few metrics: comparing them is quicker than interning
   * metric (a lock and a hash), called for every sample of every task */
  for (guint i = 0; i < sample->metrics->len; i++)
    {
      const FsbMetric *m = &g_array_index (sample->metrics, FsbMetric, i);
      if (m->name == metric || strcmp (m->name, metric) == 0)
        {
          if (value != NULL)
            *value = m->value;
          return TRUE;
        }
    }
  return FALSE;
}

/* Model ------------------------------------------------------------------ */

static void
task_result_free (FsbTaskResult *task)
{
  g_free (task->id);
  g_free (task->command);
  g_ptr_array_unref (task->samples);
  g_free (task);
}

static void
aging_free (FsbAging *aging)
{
  if (aging == NULL)
    return;
  g_free (aging->level);
  g_free (aging->free_space_tool);
  g_array_unref (aging->runs);
  g_free (aging);
}

void
fsb_aging_run_init (FsbAgingRun *run)
{
  memset (run, 0, sizeof *run);
  run->big_file_extents_fresh = run->big_file_extents_aged = -1;
  run->free_fresh.free_extents = run->free_aged.free_extents = -1;
}

FsbAging *
fsb_fs_result_get_aging (FsbFsResult *fs, const char *level, double fill_percent_target)
{
  if (fs->aging == NULL)
    {
      fs->aging = g_new0 (FsbAging, 1);
      fs->aging->level = g_strdup (level);
      fs->aging->fill_percent_target = fill_percent_target;
      fs->aging->runs = g_array_new (FALSE, TRUE, sizeof (FsbAgingRun));
    }
  return fs->aging;
}

const char *
fsb_fs_result_type (const FsbFsResult *fs)
{
  return fs->fs_type != NULL ? fs->fs_type : fs->name;
}

static void
fs_result_free (FsbFsResult *fs)
{
  g_free (fs->name);
  g_free (fs->fs_type);
  g_free (fs->mount_requested);
  g_free (fs->mkfs_version);
  g_free (fs->mkfs_options);
  g_free (fs->mount_options);
  g_free (fs->error);
  g_ptr_array_unref (fs->tasks);
  aging_free (fs->aging);
  g_free (fs->fit.limit);
  g_clear_pointer (&fs->task_index, g_hash_table_unref);
  g_free (fs);
}

static void
transfer_free (FsbTransfer *t)
{
  g_free (t->from);
  g_free (t->to);
  task_result_free (t->task);
  g_free (t);
}

static void
copy_samples (FsbTaskResult *to, const FsbTaskResult *from)
{
  for (guint k = 0; k < from->samples->len; k++)
    g_ptr_array_add (to->samples, fsb_sample_copy (g_ptr_array_index (from->samples, k)));
}

static void
copy_transfers (FsbResult *to, const FsbResult *from)
{
  for (guint i = 0; i < from->transfers->len; i++)
    {
      const FsbTransfer *t = g_ptr_array_index (from->transfers, i);
      copy_samples (fsb_result_get_transfer (to, t->from, t->to, t->task->id)->task, t->task);
    }
}

FsbResult *
fsb_result_new (void)
{
  FsbResult *self = g_new0 (FsbResult, 1);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  self->ref_count = 1;
  self->app_version = g_strdup (PACKAGE_VERSION);
  self->created = g_date_time_format_iso8601 (now);
  self->repetitions = 1;
  self->target.rotational = -1;
  self->filesystems = g_ptr_array_new_with_free_func ((GDestroyNotify) fs_result_free);
  self->transfers = g_ptr_array_new_with_free_func ((GDestroyNotify) transfer_free);
  self->pace = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->left_out = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_left_out_free);
  self->repetition_policy.focused = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_focused_round_free);
  return self;
}

void
fsb_result_add_pace (FsbResult *self, const char *task_id, double guess_s, double taken_s)
{
  FsbPace *pace;

  g_return_if_fail (self != NULL && task_id != NULL);
  if (!(guess_s > 0) || !(taken_s >= 0) || !isfinite (guess_s) || !isfinite (taken_s))
    return;
  pace = g_hash_table_lookup (self->pace, task_id);
  if (pace == NULL)
    {
      pace = g_new0 (FsbPace, 1);
      g_hash_table_insert (self->pace, g_strdup (task_id), pace);
    }
  pace->guess_s += guess_s;
  pace->taken_s += taken_s;
}

double
fsb_result_pace_overall (FsbResult *self)
{
  GHashTableIter iter;
  FsbPace *pace;
  double guess = 0, taken = 0;

  g_return_val_if_fail (self != NULL, 0);
  g_hash_table_iter_init (&iter, self->pace);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &pace))
    {
      guess += pace->guess_s;
      taken += pace->taken_s;
    }
  return guess > 0 ? taken / guess : 0;
}

static void
copy_pace (FsbResult *to, const FsbResult *from)
{
  GHashTableIter iter;
  const char *id;
  FsbPace *pace;

  g_hash_table_iter_init (&iter, from->pace);
  while (g_hash_table_iter_next (&iter, (gpointer *) &id, (gpointer *) &pace))
    fsb_result_add_pace (to, id, pace->guess_s, pace->taken_s);
}

FsbResult *
fsb_result_ref (FsbResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
fsb_machine_clear (FsbMachine *m)
{
  g_free (m->cpu_model);
  g_free (m->board);
  g_free (m->kernel);
  g_free (m->distribution);
  g_free (m->virtualization);
  g_free (m->kernel_cmdline);
}

void
fsb_target_info_clear (FsbTargetInfo *t)
{
  g_free (t->kind);
  g_free (t->device);
  g_free (t->device_model);
  g_free (t->cache_policy);
  g_free (t->cache_policy_text);
  g_free (t->flush_reaches);
  g_free (t->mkfs_by);
  g_free (t->host.filesystem);
  g_free (t->host.source);
  g_free (t->host.mount_point);
  g_free (t->host.mount_options);
  g_free (t->scheduler);
  memset (t, 0, sizeof *t);
  t->rotational = -1;
}

void
fsb_result_unref (FsbResult *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_free (self->app_version);
  g_free (self->label);
  g_free (self->created);
  fsb_machine_clear (&self->machine);
  fsb_target_info_clear (&self->target);
  g_free (self->profile);
  fsb_sizes_free (self->sizes);
  g_strfreev (self->workloads);
  g_ptr_array_unref (self->left_out);
  g_free (self->use_case);
  g_free (self->repetition_policy.mode);
  g_free (self->repetition_policy.stopped);
  g_free (self->repetition_policy.order);
  g_ptr_array_unref (self->repetition_policy.focused);
  g_free (self->age);
  g_clear_pointer (&self->dataset, json_node_unref);
  g_ptr_array_unref (self->filesystems);
  g_ptr_array_unref (self->transfers);
  g_hash_table_unref (self->pace);
  g_free (self);
}

FsbFsResult *
fsb_result_add_filesystem (FsbResult *self, const char *name)
{
  FsbFsResult *fs = g_new0 (FsbFsResult, 1);

  fs->name = g_strdup (name);
  fs->mkfs_options = g_strdup ("");
  fs->tasks = g_ptr_array_new_with_free_func ((GDestroyNotify) task_result_free);
  g_ptr_array_add (self->filesystems, fs);
  return fs;
}

FsbFsResult *
fsb_result_find_filesystem (FsbResult *self, const char *name)
{
  for (guint i = 0; i < self->filesystems->len; i++)
    {
      FsbFsResult *fs = g_ptr_array_index (self->filesystems, i);
      if (g_strcmp0 (fs->name, name) == 0)
        return fs;
    }
  return NULL;
}

GPtrArray *
fsb_result_task_ids (FsbResult *self)
{
  GPtrArray *ids = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint f = 0; f < self->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (self->filesystems, f);

      for (guint t = 0; t < fs->tasks->len; t++)
        {
          const char *id = ((FsbTaskResult *) g_ptr_array_index (fs->tasks, t))->id;

          if (g_hash_table_add (seen, (gpointer) id))
            g_ptr_array_add (ids, (gpointer) id);
        }
    }
  return ids;
}

static void
copy_target (FsbTargetInfo *to, const FsbTargetInfo *from)
{
  to->kind = g_strdup (from->kind);
  to->size_bytes = from->size_bytes;
  to->device = g_strdup (from->device);
  to->device_model = g_strdup (from->device_model);
  to->cache_policy = g_strdup (from->cache_policy);
  to->cache_policy_text = g_strdup (from->cache_policy_text);
  to->direct_io = from->direct_io;
  to->preallocated = from->preallocated;
  to->mkfs_discard = from->mkfs_discard;
  to->flush_reaches = g_strdup (from->flush_reaches);
  to->mkfs_by = g_strdup (from->mkfs_by);
  to->host.filesystem = g_strdup (from->host.filesystem);
  to->host.source = g_strdup (from->host.source);
  to->host.mount_point = g_strdup (from->host.mount_point);
  to->host.mount_options = g_strdup (from->host.mount_options);
  to->host.nocow = from->host.nocow;
  to->host.compressed = from->host.compressed;
  to->residency_max_files = from->residency_max_files;
  to->residency_near_zero_bytes = from->residency_near_zero_bytes;
  to->rotational = from->rotational;
  to->scheduler = g_strdup (from->scheduler);
  to->logical_block = from->logical_block;
  to->physical_block = from->physical_block;
}

FsbResult *
fsb_result_copy (const FsbResult *self)
{
  FsbResult *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = fsb_result_new ();
  g_free (copy->app_version);
  copy->app_version = g_strdup (self->app_version);
  g_free (copy->created);
  copy->created = g_strdup (self->created);
  copy->label = g_strdup (self->label);
  copy->machine.cpu_model = g_strdup (self->machine.cpu_model);
  copy->machine.cores = self->machine.cores;
  copy->machine.ram_bytes = self->machine.ram_bytes;
  copy->machine.board = g_strdup (self->machine.board);
  copy->machine.kernel = g_strdup (self->machine.kernel);
  copy->machine.distribution = g_strdup (self->machine.distribution);
  copy_target (&copy->target, &self->target);
  copy->profile = g_strdup (self->profile);
  copy->sizes = self->sizes != NULL ? fsb_sizes_copy (self->sizes) : NULL;
  copy->repetitions = self->repetitions;
  copy->repetition_policy.mode = g_strdup (self->repetition_policy.mode);
  copy->repetition_policy.min = self->repetition_policy.min;
  copy->repetition_policy.max = self->repetition_policy.max;
  copy->repetition_policy.stopped = g_strdup (self->repetition_policy.stopped);
  copy->repetition_policy.order = g_strdup (self->repetition_policy.order);
  copy->repetition_policy.time_budget_s = self->repetition_policy.time_budget_s;
  fsb_result_focused_copy (copy, self);
  copy->workloads = g_strdupv (self->workloads);
  fsb_result_left_out_copy (copy, self);
  copy->use_case = g_strdup (self->use_case);
  copy->age = g_strdup (self->age);
  copy->dataset = self->dataset != NULL ? json_node_copy (self->dataset) : NULL;
  copy->complete = self->complete;
  copy_pace (copy, self);

  for (guint f = 0; f < self->filesystems->len; f++)
    {
      const FsbFsResult *fs = g_ptr_array_index (self->filesystems, f);
      FsbFsResult *to = fsb_result_add_filesystem (copy, fs->name);

      to->fs_type = g_strdup (fs->fs_type);
      to->mount_requested = g_strdup (fs->mount_requested);
      to->mkfs_version = g_strdup (fs->mkfs_version);
      g_free (to->mkfs_options);
      to->mkfs_options = g_strdup (fs->mkfs_options);
      to->mount_options = g_strdup (fs->mount_options);
      to->capacity_initial = fs->capacity_initial;
      to->capacity_residual = fs->capacity_residual;
      to->error = g_strdup (fs->error);
      if (fs->aging != NULL)
        {
          FsbAging *aging = fsb_fs_result_get_aging (to, fs->aging->level, fs->aging->fill_percent_target);
          aging->free_space_tool = g_strdup (fs->aging->free_space_tool);
          g_array_append_vals (aging->runs, fs->aging->runs->data, fs->aging->runs->len);
        }
      to->fit.files = fs->fit.files;
      to->fit.limit = g_strdup (fs->fit.limit);
      to->fit.seconds = fs->fit.seconds;
      for (guint t = 0; t < fs->tasks->len; t++)
        {
          const FsbTaskResult *task = g_ptr_array_index (fs->tasks, t);
          FsbTaskResult *copied = g_new0 (FsbTaskResult, 1);

          copied->id = g_strdup (task->id);
          copied->command = g_strdup (task->command);
          copied->samples = g_ptr_array_new_full (task->samples->len, (GDestroyNotify) fsb_sample_free);
          copy_samples (copied, task);
          g_ptr_array_add (to->tasks, copied);
        }
    }
  copy_transfers (copy, self);
  return copy;
}

FsbTransfer *
fsb_result_get_transfer (FsbResult *self, const char *from, const char *to, const char *task_id)
{
  FsbTransfer *t;

  g_return_val_if_fail (self != NULL && from != NULL && to != NULL && task_id != NULL, NULL);

  for (guint i = 0; i < self->transfers->len; i++)
    {
      t = g_ptr_array_index (self->transfers, i);
      if (strcmp (t->from, from) == 0 && strcmp (t->to, to) == 0 && strcmp (t->task->id, task_id) == 0)
        return t;
    }
  t = g_new0 (FsbTransfer, 1);
  t->from = g_strdup (from);
  t->to = g_strdup (to);
  t->task = g_new0 (FsbTaskResult, 1);
  t->task->id = g_strdup (task_id);
  t->task->samples = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
  g_ptr_array_add (self->transfers, t);
  return t;
}

/* The index holds every task of fs->tasks, once: a caller that removed
 * or reordered tasks by hand shows as a count that differs. */
static GHashTable *
task_index (FsbFsResult *fs)
{
  if (fs->task_index != NULL && g_hash_table_size (fs->task_index) == fs->tasks->len)
    return fs->task_index;
  g_clear_pointer (&fs->task_index, g_hash_table_unref);
  fs->task_index = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < fs->tasks->len; i++)
    {
      FsbTaskResult *task = g_ptr_array_index (fs->tasks, i);
      /* the first of two with the same id wins, as a linear search did */
      if (!g_hash_table_contains (fs->task_index, task->id))
        g_hash_table_insert (fs->task_index, task->id, task);
    }
  return fs->task_index;
}

FsbTaskResult *
fsb_fs_result_get_task (FsbFsResult *fs, const char *id, gboolean create)
{
  GHashTable *index;
  FsbTaskResult *task;

  g_return_val_if_fail (fs != NULL && id != NULL, NULL);

  index = task_index (fs);
  task = g_hash_table_lookup (index, id);
  if (task != NULL || !create)
    return task;
  task = g_new0 (FsbTaskResult, 1);
  task->id = g_strdup (id);
  task->samples = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
  g_ptr_array_add (fs->tasks, task);
  if (g_hash_table_size (index) + 1 == fs->tasks->len)
    g_hash_table_insert (index, task->id, task);
  return task;
}


/* Two runs of the same filesystems, one after the other: the groups the
 * first lacked, taken from the second. Tasks the first has stay its own;
 * each criterion compares filesystems within one run, so a verdict may
 * rest on groups from both. */
FsbResult *
fsb_result_merge (FsbResult *base, FsbResult *more)
{
  g_autoptr(JsonNode) a = NULL, b = NULL;
  g_autoptr(FsbResult) extra = NULL;
  g_autoptr(GStrvBuilder) groups = g_strv_builder_new ();
  FsbResult *merged;

  g_return_val_if_fail (base != NULL && more != NULL, NULL);
  a = fsb_result_to_json (base);
  b = fsb_result_to_json (more);
  merged = fsb_result_from_json (a, NULL);
  extra = fsb_result_from_json (b, NULL);
  if (merged == NULL || extra == NULL)
    {
      g_clear_pointer (&merged, fsb_result_unref);
      return NULL;
    }
  for (guint f = 0; f < extra->filesystems->len; f++)
    {
      FsbFsResult *from = extra->filesystems->pdata[f];
      FsbFsResult *into = fsb_result_find_filesystem (merged, from->name);

      for (guint t = 0; into != NULL && t < from->tasks->len;)
        {
          FsbTaskResult *task = from->tasks->pdata[t];

          if (fsb_fs_result_get_task (into, task->id, FALSE) == NULL)
            g_ptr_array_add (into->tasks, g_ptr_array_steal_index (from->tasks, t));
          else
            t++;
        }
      if (into != NULL && into->error == NULL && from->error != NULL)
        into->error = g_strdup (from->error);
    }
  if (merged->transfers->len == 0)
    copy_transfers (merged, extra);
  for (guint i = 0; merged->workloads != NULL && merged->workloads[i] != NULL; i++)
    g_strv_builder_add (groups, merged->workloads[i]);
  for (guint i = 0; extra->workloads != NULL && extra->workloads[i] != NULL; i++)
    if (merged->workloads == NULL || !g_strv_contains ((const char *const *) merged->workloads, extra->workloads[i]))
      g_strv_builder_add (groups, extra->workloads[i]);
  g_strfreev (merged->workloads);
  merged->workloads = g_strv_builder_end (groups);
  merged->complete = base->complete && more->complete;
  copy_pace (merged, extra);
  return merged;
}

gboolean
fsb_result_data_kind (FsbResult *self, FsbDataKind *kind)
{
  JsonNode *data = NULL;

  *kind = FSB_DATA_RANDOM;
  if (self->dataset != NULL && JSON_NODE_HOLDS_OBJECT (self->dataset))
    data = json_object_get_member (json_node_get_object (self->dataset), "data");
  if (data == NULL)
    return TRUE;
  return JSON_NODE_HOLDS_VALUE (data) && json_node_get_value_type (data) == G_TYPE_STRING
         && fsb_data_kind_from_id (json_node_get_string (data), kind);
}
