/* fsb-plan-estimate.c: what a plan takes: the room on the target at its
 * peak, and the time, from the steps' first guesses or the pace of an
 * earlier run on the same disk */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fsb-catalog.h"
#include "fsb-plan.h"
#include "fsb-plan-private.h"

#define MiB (G_GUINT64_CONSTANT (1024) * 1024)
/* A first guess at how fast the test data is written, for the estimate. */
#define DATASET_RATE 300e6

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
        /* a batch (FsbTaskSpec.batch) at its largest */
        seconds += fsb_plan_paced (self, g->tasks[t].id, fsb_task_estimate (&g->tasks[t], sizes))
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
    {
      estimate->target_size_bytes = target.size_bytes > 0 ? target.size_bytes
                                    : MAX (FSB_MIN_IMAGE_BYTES, estimate->space_needed_bytes);
      /* the contenders take turns task by task, each on its own image */
      estimate->images_at_once = estimate->tasks->len > 0 && n_fs > 1 ? n_fs : 1;
    }
  fsb_target_spec_clear (&target);
  if (self->pace_from != NULL && g_hash_table_size (self->pace_from->pace) > 0)
    estimate->paced_by = g_strdup (self->pace_from->created);
}

guint
fsb_plan_images_at_once (FsbPlan *self)
{
  FsbPlanEstimate est;
  guint n;

  fsb_plan_estimate (self, NULL, &est);
  n = est.images_at_once;
  fsb_plan_estimate_clear (&est);
  return n;
}

double
fsb_plan_auto_budget (FsbPlan *self, double least_s)
{
  double most = fsb_profile_most_seconds (self->profile_name);
  double budget = FSB_AUTO_BUDGET_FACTOR * least_s;

  /* the profile's promise is the budget: what the plan says the run may
   * take, and the user accepted, however fast the least rounds were; a
   * machine too slow for it gets no more than its least rounds */
  if (most > 0)
    return MAX (most, least_s);
  return MAX (budget, FSB_AUTO_BUDGET_LEAST * least_s);
}

void
fsb_plan_estimate_clear (FsbPlanEstimate *estimate)
{
  g_clear_pointer (&estimate->tasks, g_ptr_array_unref);
  g_clear_pointer (&estimate->paced_by, g_free);
}
