/* fsb-run-cycle.c: the steps of a contender's cycle: mkfs, mount, a task
 * (setup, cold remount, the timed work, its samples), a command of your
 * own, the space left, umount; fsb-run-schedule.c puts them in order */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-custom.h"
#include "fsb-dataset.h"
#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-fs-support-private.h"
#include "fsb-host-state.h"
#include "fsb-machine.h"
#include "fsb-target.h"
#include "fsb-catalog.h"
#include "fsb-group-transfer.h"
#include "fsb-workload.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"
#include "fsb-run-private.h"

/* Tasks that are other readings of another task's operations, run just
 * after it in the cycle: seed 002 took the time until unlink() returned
 * and the system time of the same deletions. Such a task files copies of
 * the other's per-operation samples instead of repeating its work. */
const char *
fsb_run_shared_from (const char *task_id)
{
  const FsbTaskSpec *task = fsb_catalog_task (task_id, NULL);

  if (task == NULL || task->samples_of == NULL)
    return NULL;
  /* an aged task shares with the other aged one */
  return fsb_task_is_aged (task_id) ? fsb_task_aged_id (task->samples_of) : task->samples_of;
}

static gboolean
shares_samples (Run *run, const char *task_id)
{
  GPtrArray *aged = fsb_run_aging_task_ids (run);

  for (guint i = 0; i < run->task_ids->len; i++)
    if (g_strcmp0 (fsb_run_shared_from (run->task_ids->pdata[i]), task_id) == 0)
      return TRUE;
  for (guint i = 0; aged != NULL && i < aged->len; i++)
    if (g_strcmp0 (fsb_run_shared_from (aged->pdata[i]), task_id) == 0)
      return TRUE;
  return FALSE;
}

/* Results ---------------------------------------------------------------- */

/* Files the sample (and any per-operation samples) under the task, tells
 * the caller and saves the partial result; then moves to the next step. */
void
fsb_run_step_done (Run *run, FsbFsResult *fs, FsbSample *sample, GPtrArray *extra)
{
  Step *s = &g_array_index (run->steps, Step, run->step);

  fsb_run_file_sample (run, fs, s->task_id, sample, extra);
  s->actual_s = (g_get_monotonic_time () - run->step_start_us) / 1e6;
  run->step++;
}

void
fsb_run_file_sample (Run *run, FsbFsResult *fs, const char *task_id, FsbSample *sample, GPtrArray *extra)
{
  Event *ev = g_new0 (Event, 1);
  FsbTaskResult *task;

  ev->signal = SIGNAL_TASK_FINISHED;
  ev->filesystem = g_strdup (fs->name);
  ev->task_id = g_strdup (task_id);
  ev->sample = fsb_sample_copy (sample);

  g_mutex_lock (&run->runner->lock);
  task = fsb_fs_result_get_task (fs, task_id, TRUE);
  /* Per-operation samples (delete-latency) are the task's figures; the
   * envelope around them would be an outlier of another kind. */
  if (extra != NULL && extra->len > 0)
    {
      for (guint i = 0; i < extra->len; i++)
        g_ptr_array_add (task->samples, g_steal_pointer (&extra->pdata[i]));
      fsb_sample_free (sample);
    }
  else
    g_ptr_array_add (task->samples, sample);
  /* which of the series waited on a slow disk, now that it has one more */
  fsb_task_result_flag_slow_disk (task);
  g_mutex_unlock (&run->runner->lock);

  fsb_run_post (run, ev);
  fsb_run_save_partial (run);
}

/* mkfs, mount and umount run in udisksd's helpers, not in this thread:
 * only the wall time and the system-wide CPU mean anything. */
static FsbSample *
target_step_sample (FsbMeter *meter, double seconds)
{
  g_autoptr(FsbSample) all = fsb_sample_new ();
  FsbSample *sample = fsb_sample_new ();
  double v = 0;

  fsb_meter_stop (meter, all);
  fsb_sample_get (all, "wall_s", &v);
  fsb_sample_set (sample, "wall_s", seconds > 0 ? seconds : v);
  fsb_sample_get (all, "system_cpu_percent", &v);
  fsb_sample_set (sample, "system_cpu_percent", v);
  for (guint i = 0; fsb_host_state_metrics[i] != NULL; i++)
    if (fsb_sample_get (all, fsb_host_state_metrics[i], &v))
      fsb_sample_set (sample, fsb_host_state_metrics[i], v);
  return sample;
}

/* The cycle of one repetition ------------------------------------------------ */

void
fsb_run_clear_shared (Run *run)
{
  run->shared_id = NULL;
  g_clear_pointer (&run->shared_sample, fsb_sample_free);
  g_clear_pointer (&run->shared_extra, g_ptr_array_unref);
}

/* Keeps copies of what a task measured for the task that shares them. */
static void
keep_shared (Run *run, const char *task_id, FsbSample *sample, GPtrArray *extra)
{
  fsb_run_clear_shared (run);
  if (!shares_samples (run, task_id) || extra->len == 0)
    return;
  run->shared_id = task_id;
  run->shared_contender = run->contender;
  run->shared_sample = fsb_sample_copy (sample);
  run->shared_extra = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
  for (guint i = 0; i < extra->len; i++)
    g_ptr_array_add (run->shared_extra, fsb_sample_copy (extra->pdata[i]));
}

/* A task that reads the operations of the one before it: their samples. */
static void
run_shared_task (Run *run, FsbFsResult *fs)
{
  fsb_run_step_begin (run);
  fsb_run_step_done (run, fs, g_steal_pointer (&run->shared_sample), run->shared_extra);
  fsb_run_clear_shared (run);
}

/* What the block device read and wrote during the timed section, flush
 * included; for a task that says what it wrote, the write amplification:
 * the device's bytes written for each byte the task wrote. Its requests and
 * their time in the device are recorded beside (not shown): the same reads
 * of a cold tree walk took 1.5-3× as long in the device in slow spells of
 * the disk under the image (HACKING.md, "Disturbed samples"). */
static void
record_device_io (Run *run, const FsbTaskSpec *spec, FsbSample *sample, const FsbDeviceIo *before)
{
  FsbDeviceIo after;
  double wrote;

  if (!fsb_target_get_device_io (run->target, &after)
      || after.read_bytes < before->read_bytes || after.written_bytes < before->written_bytes
      || after.reads < before->reads || after.writes < before->writes
      || after.read_ms < before->read_ms || after.write_ms < before->write_ms)
    return;
  fsb_sample_set (sample, "device_read_bytes", (double) (after.read_bytes - before->read_bytes));
  fsb_sample_set (sample, "device_write_bytes", (double) (after.written_bytes - before->written_bytes));
  fsb_sample_set (sample, "device_reads", (double) (after.reads - before->reads));
  fsb_sample_set (sample, "device_writes", (double) (after.writes - before->writes));
  fsb_sample_set (sample, "device_read_s", (after.read_ms - before->read_ms) / 1000.0);
  fsb_sample_set (sample, "device_write_s", (after.write_ms - before->write_ms) / 1000.0);
  if (spec != NULL && spec->bytes_written && fsb_sample_get (sample, "bytes", &wrote) && wrote > 0)
    fsb_sample_set (sample, "write_amplification", (double) (after.written_bytes - before->written_bytes) / wrote);
}

/* One operation of a task: cold caches (outside the time), then the timed
 * section into sample, the task's flush and the host's included. An
 * operation of a batch on another copy of the data needs no remount: that
 * copy is as cold as the remount before the first left it. */
static gboolean
time_once (Run *run, const FsbTaskSpec *spec, FsbTaskFunc func, FsbWorkloadContext *ctx,
           FsbSample *sample, GError **error)
{
  FsbCapacity before = { 0 };
  FsbDeviceIo io_before = { 0 };
  gboolean device_io, ok;
  double disk_slowdown;
  FsbMeter meter;
  guint copies = spec != NULL ? MAX (spec->cold_copies, 1) : 1;

  /* Cold caches: remount, and drop the image's pages from the host; a
   * filesystem nothing has read since its mount needs no remount, which
   * the sample records (just_mounted). */
  if (ctx->batch_index % copies == 0)
    {
      guint remounts = fsb_target_get_remounts (run->target);

      if (!fsb_target_remount_cold (run->target, run->cancellable, error))
        return FALSE;
      if (fsb_target_get_remounts (run->target) == remounts)
        fsb_sample_set (sample, "just_mounted", 1);
    }
  ctx->mount_point = fsb_target_get_mount_point (run->target);

  /* Proof of cold caches: what is still in memory as the clock starts. */
  fsb_run_check_residency (run, ctx->source_dir, sample);
  if (spec != NULL && spec->brings_data && !fsb_target_get_capacity (run->target, &before, error))
    return FALSE;
  device_io = fsb_target_get_device_io (run->target, &io_before);
  if (spec != NULL && !spec->batch)
    fsb_run_prime_memory (run, spec->id, sample);
  /* the disk probe reads the image file, not the loop device: the
   * device's counts stay the task's */
  disk_slowdown = fsb_target_probe_disk (run->target);
  fsb_meter_start (&meter);
  ok = func (ctx, sample, error);
  /* Without direct I/O the task's flush went into the host's page cache
   * of the image: the timed section ends when the image file is flushed. */
  if (ok)
    {
      gboolean flushed = FALSE;
      gint64 start = g_get_monotonic_time ();

      ok = fsb_target_flush_host (run->target, &flushed, error);
      if (flushed)
        fsb_sample_set (sample, "host_flush_s", (g_get_monotonic_time () - start) / 1e6);
    }
  fsb_meter_stop (&meter, sample);
  disk_slowdown = MAX (disk_slowdown, fsb_target_probe_disk (run->target));
  if (disk_slowdown > 0)
    fsb_sample_set (sample, "disk_slowdown", disk_slowdown);
  if (ok && spec != NULL && !spec->batch)
    fsb_run_note_moved (run, spec->id, sample);
  if (ok && device_io)
    record_device_io (run, spec, sample, &io_before);
  /* What the data took on the filesystem, once flushed: the space it
   * no longer has. */
  if (ok && spec != NULL && spec->brings_data)
    {
      FsbCapacity after;

      ok = fsb_target_get_capacity (run->target, &after, error);
      if (ok)
        fsb_sample_set (sample, "space_used_bytes", (double) before.avail_bytes - (double) after.avail_bytes);
    }
  /* The read side's copies go off the target: removed after the task,
   * outside its time. */
  fsb_run_empty_scratch (run);
  return ok;
}

/* A task too short to time alone (FsbTaskSpec.batch): more operations,
 * each after its refill and on cold caches, until the timed
 * sections add up to FSB_BATCH_LEAST_S (at most FSB_BATCH_MOST in all).
 * The sample then holds each metric per operation, its batch size in
 * sample->batch. */
static gboolean
time_batch (Run *run, const FsbTaskSpec *spec, FsbTaskFunc func, FsbWorkloadContext *ctx,
            FsbSample *sample, GError **error)
{
  double first = 0;
  guint k;
  g_autoptr(GPtrArray) more = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);

  if (!fsb_sample_get (sample, "wall_s", &first) || ctx->extra_samples->len > 0)
    return TRUE;
  k = fsb_batch_size (first);
  for (guint i = 1; i < k; i++)
    {
      FsbSample *next = fsb_sample_new ();

      g_ptr_array_add (more, next);
      ctx->batch_index = i;
      if ((spec->refill != NULL && !spec->refill (ctx, NULL, error))
          || !time_once (run, spec, func, ctx, next, error))
        return FALSE;
    }
  fsb_sample_average (sample, more);
  return TRUE;
}

static gboolean
run_task (Run *run, FsbFsResult *fs, const char *task_id, GError **error)
{
  FsbTaskFunc func = fsb_workload_lookup (task_id);
  g_autoptr(GPtrArray) extra = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
  FsbWorkloadContext ctx = { 0 };
  FsbSample *sample;

  FsbTaskFunc setup = fsb_workload_lookup_setup (task_id);
  const FsbTaskSpec *spec = fsb_catalog_task (task_id, NULL);

  if (run->shared_id != NULL && run->shared_contender == run->contender
      && g_strcmp0 (fsb_run_shared_from (task_id), run->shared_id) == 0)
    {
      run_shared_task (run, fs);
      return TRUE;
    }
  fsb_run_clear_shared (run);

  fsb_run_step_begin (run);
  ctx.source_dir = run->source_view != NULL ? run->source_view : run->dataset_dir;
  ctx.scratch_dir = run->scratch_dir;
  ctx.plan = run->plan;
  ctx.sizes = run->sizes;
  ctx.cancellable = run->cancellable;
  ctx.progress = fsb_run_item_progress_cb;
  ctx.progress_data = run;
  ctx.extra_samples = extra;
  fsb_job_key_parse (task_id, &ctx.conditions);
  ctx.mount_options = fsb_plan_get_contender (run->plan, fs->name)->mount_options;
  ctx.mkfs_options = fsb_plan_contender_mkfs (run->plan, fs->name);

  /* What the task needs in place is written before the caches go cold
   * (asking for the mount point makes the remount a real one). */
  if (setup != NULL)
    {
      ctx.mount_point = fsb_target_get_mount_point (run->target);
      if (!setup (&ctx, NULL, error))
        return FALSE;
    }

  sample = fsb_sample_new ();
  if (!time_once (run, spec, func, &ctx, sample, error)
      || (spec != NULL && spec->batch && !time_batch (run, spec, func, &ctx, sample, error)))
    {
      fsb_sample_free (sample);
      return FALSE;
    }
  fsb_run_copy_residency (sample, extra);
  keep_shared (run, task_id, sample, extra);
  fsb_run_step_done (run, fs, sample, extra);
  return TRUE;
}

/* Custom commands: measured from wait4(), like /usr/bin/time; a failing
 * one is a failed task with its stderr, and the cycle goes on. */
gboolean
fsb_run_custom (Run *run, FsbFsResult *fs, guint index, GError **error)
{
  const FsbCustomCommand *cmd = g_ptr_array_index (run->plan->custom_commands, index);
  g_autoptr(GError) local = NULL;
  g_autoptr(FsbSample) all = fsb_sample_new ();
  FsbSample *sample = fsb_sample_new ();
  FsbTaskResult *task;
  FsbMeter meter;
  double cpu = 0;

  fsb_run_step_begin (run);
  if (!fsb_target_remount_cold (run->target, run->cancellable, error))
    {
      fsb_sample_free (sample);
      return FALSE;
    }
  fsb_run_check_residency (run, NULL, sample);
  fsb_meter_start (&meter);
  if (!fsb_custom_run (run->plan, cmd, fsb_target_get_mount_point (run->target), sample,
                       run->cancellable, &local))
    {
      if (g_error_matches (local, FSB_ERROR, FSB_ERROR_CANCELLED))
        {
          fsb_sample_free (sample);
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      if (sample->error == NULL)
        sample->error = g_strdup (local->message);
      /* Translators: a filesystem, then why the command failed */
      fsb_run_log (run, _("A custom command failed on %s: %s"), fs->name, local->message);
    }
  fsb_meter_stop (&meter, all);
  /* The command's own figures come from wait4(); only the system-wide
   * CPU is the meter's. */
  if (fsb_sample_get (all, "system_cpu_percent", &cpu))
    fsb_sample_set (sample, "system_cpu_percent", cpu);
  fsb_run_step_done (run, fs, sample, NULL);

  g_mutex_lock (&run->runner->lock);
  task = fsb_fs_result_get_task (fs, run->custom_ids->pdata[index], FALSE);
  if (task != NULL && task->command == NULL)
    task->command = g_strdup (cmd->command);
  g_mutex_unlock (&run->runner->lock);
  return TRUE;
}


gboolean
fsb_run_mkfs_on_file (FsbPlan *plan)
{
  if (!fsb_target_mkfs_on_file (plan->target_spec))
    return FALSE;
  for (guint f = 0; plan->filesystems[f] != NULL; f++)
    if (fsb_plan_contender_mkfs (plan, plan->filesystems[f]) != NULL)
      return TRUE;
  return FALSE;
}

void
fsb_run_describe_mkfs (Run *run, FsbTargetInfo *info)
{
  guint on_file = 0, n = 0;

  for (guint f = 0; run->plan->filesystems[f] != NULL; f++, n++)
    if (run->mkfs_on_file
        && fsb_target_can_mkfs_file (fsb_plan_get_contender (run->plan, run->plan->filesystems[f])->fs_type))
      on_file++;
  g_free (info->mkfs_by);
  info->mkfs_by = g_strdup (on_file == 0 ? FSB_MKFS_BY_UDISKS : on_file == n ? FSB_MKFS_BY_FILE : FSB_MKFS_BY_BOTH);
  /* mkfs on the file is told not to discard, for every contender alike */
  info->mkfs_discard = on_file < n;
}

gboolean
fsb_run_make_fs (Run *run, FsbTarget *target, const char *label, double *seconds, GError **error)
{
  const FsbContender *c = fsb_plan_get_contender (run->plan, label);
  const char *mkfs = fsb_plan_contender_mkfs (run->plan, label);

  fsb_target_set_mount_options (target, c->mount_options);
  if (run->mkfs_on_file && target == run->target && fsb_target_can_mkfs_file (c->fs_type))
    return fsb_target_format_file (target, c->fs_type, mkfs, seconds, run->cancellable, error);
  return fsb_target_format (target, c->fs_type, mkfs, seconds, run->cancellable, error);
}

gboolean
fsb_run_mkfs_step (Run *run, FsbFsResult *fs, GError **error)
{
  FsbMeter meter;
  double seconds = 0;

  fsb_run_clear_shared (run);
  fsb_run_step_begin (run);
  fsb_meter_start (&meter);
  if (!fsb_run_make_fs (run, run->target, fs->name, &seconds, error))
    return FALSE;
  fsb_run_step_done (run, fs, target_step_sample (&meter, seconds), NULL);
  fsb_run_aging_after_mkfs (run, fs);
  return TRUE;
}

gboolean
fsb_run_mount_step (Run *run, FsbFsResult *fs, gboolean whole, GError **error)
{
  FsbCapacity capacity;
  FsbMeter meter;
  double seconds = 0;

  fsb_run_step_begin (run);
  fsb_meter_start (&meter);
  if (!fsb_target_mount (run->target, &seconds, run->cancellable, error))
    return FALSE;
  fsb_run_step_done (run, fs, target_step_sample (&meter, seconds), NULL);
  /* a focused round reads nothing else: the capacities are a whole one's */
  if (!whole)
    return TRUE;
  if (!fsb_target_get_capacity (run->target, &capacity, error))
    return FALSE;
  g_mutex_lock (&run->runner->lock);
  fs->capacity_initial = capacity;
  g_free (fs->mount_options);
  fs->mount_options = g_strdup (fsb_target_get_mount_options (run->target));
  g_mutex_unlock (&run->runner->lock);
  return TRUE;
}

gboolean
fsb_run_task_step (Run *run, FsbFsResult *fs, const char *task_id, GError **error)
{
  if (!run_task (run, fs, task_id, error))
    return FALSE;
  fsb_run_aging_after_task (run, fs, task_id);
  return fsb_run_check_full_after (run, fs, task_id, error);
}

gboolean
fsb_run_residual (Run *run, FsbFsResult *fs, GError **error)
{
  FsbCapacity capacity;

  /* What is left once everything is deleted: remount first, so space
   * freed in the background (XFS, Btrfs) is counted. */
  if (!fsb_target_remount_cold (run->target, run->cancellable, error) ||
      !fsb_target_get_capacity (run->target, &capacity, error))
    return FALSE;
  g_mutex_lock (&run->runner->lock);
  fs->capacity_residual = capacity;
  g_mutex_unlock (&run->runner->lock);
  return TRUE;
}

gboolean
fsb_run_umount_step (Run *run, FsbFsResult *fs, GError **error)
{
  FsbMeter meter;
  double seconds = 0;

  fsb_run_step_begin (run);
  fsb_meter_start (&meter);
  if (!fsb_target_unmount (run->target, &seconds, run->cancellable, error))
    return FALSE;
  fsb_run_step_done (run, fs, target_step_sample (&meter, seconds), NULL);
  return TRUE;
}
