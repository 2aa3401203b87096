/* fsb-verdict.c: one criterion judged on a result: each filesystem's
 * estimate, the ratios to the leader with their intervals, and the
 * sentence that states them (the rules are in fsb-recommend.h) */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-aging-loss.h"
#include "fsb-format.h"
#include "fsb-host-state.h"
#include "fsb-recommend-private.h"

/* The sentences live in the groups' tables, translated with _() at run time. */
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

/* Differences within a section said aloud, at most. */
#define MAX_DIFFERENCES 3

/* Tasks ------------------------------------------------------------------ */

static int
compare_task_ids (gconstpointer a, gconstpointer b)
{
  const char *x = *(const char * const *) a, *y = *(const char * const *) b;
  guint ox = fsb_task_order (x), oy = fsb_task_order (y);

  return (ox > oy) - (ox < oy);
}

GPtrArray *
fsb_result_section_tasks (FsbResult *result, const char *criterion)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  /* Every id once, in the order first seen. The filesystems of a run have
   * the same tasks in the same order: a task is most often the one at its
   * place among those, and only the others are looked up (32 filesystems
   * of 128 tasks are 4,096 tasks of 128 ids, asked for by every chart). */
  g_autoptr(GPtrArray) unique = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < result->filesystems->len; i++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, i);

      for (guint j = 0; j < fs->tasks->len; j++)
        {
          const char *id = ((FsbTaskResult *) g_ptr_array_index (fs->tasks, j))->id;

          if (j < unique->len && strcmp (unique->pdata[j], id) == 0)
            continue;
          if (g_hash_table_add (seen, (gpointer) id))
            g_ptr_array_add (unique, (gpointer) id);
        }
    }
  for (guint i = 0; i < unique->len; i++)
    if (g_strcmp0 (fsb_task_criterion (unique->pdata[i]), criterion) == 0)
      g_ptr_array_add (ids, g_strdup (unique->pdata[i]));
  /* g_ptr_array_sort is stable since GLib 2.76 only; ids are unique anyway */
  g_ptr_array_sort (ids, compare_task_ids);
  return ids;
}

static gboolean
is_time (const char *metric)
{
  return g_str_has_suffix (metric, "_s") && !g_str_has_suffix (metric, "_per_s");
}

/* The values of a task on one filesystem, shifted by offset (CPU % + 1,
 * so idle tasks do not dominate) and kept positive for logs. */
static GArray *
task_values (FsbFsResult *fs, const char *task_id, const char *metric, double offset)
{
  FsbTaskResult *task = fsb_fs_result_get_task (fs, task_id, FALSE);
  GArray *values = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean drop = task != NULL && fsb_task_result_drops_disturbed (task);

  for (guint i = 0; task != NULL && i < task->samples->len; i++)
    {
      double v;

      if (fsb_sample_counted_value (task->samples->pdata[i], drop, metric, &v))
        {
          v = MAX (v + offset, 1e-9);
          g_array_append_val (values, v);
        }
    }
  return values;
}

/* The round of each value of task_id (blocks[f], of arrays[f]'s length),
 * where the filesystems took turns task by task (repetition_policy.order
 * "turns"): each filesystem that ran the task has one sample of it per
 * cycle that ran it, focused rounds included (fsb_result_task_rounds). A
 * focused round runs only the contenders not yet settled, and a sample
 * left out (failed, disturbed) leaves its round without that contender,
 * so the rounds need not hold every filesystem. */
static gboolean
task_blocks (FsbResult *result, const char *task_id, const char *metric, GPtrArray *arrays, guint **blocks)
{
  if (g_strcmp0 (result->repetition_policy.order, "turns") != 0)
    return FALSE;
  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = result->filesystems->pdata[f];
      FsbTaskResult *task = fsb_fs_result_get_task (fs, task_id, FALSE);
      GArray *v = arrays->pdata[f];
      g_autofree guint *all = NULL;
      guint kept = 0;
      gboolean drop;

      blocks[f] = g_new (guint, MAX (v->len, 1));
      if (v->len == 0)
        continue;
      all = g_new (guint, task->samples->len);
      if (!fsb_result_task_rounds (result, fs, task_id, all, task->samples->len))
        return FALSE;
      drop = fsb_task_result_drops_disturbed (task);
      for (guint j = 0; j < task->samples->len; j++)
        {
          double x;

          if (fsb_sample_counted_value (task->samples->pdata[j], drop, metric, &x))
            blocks[f][kept++] = all[j];
        }
      if (kept != v->len)
        return FALSE;
    }
  return TRUE;
}

guint
fsb_verdict_task_estimates (FsbResult *result, const char *task_id, const char *metric, double offset,
                            FsbLogEstimate *estimates, double *medians, gboolean *have, gboolean *paired)
{
  guint n_fs = result->filesystems->len, k = 0, flagged;
  g_autoptr(GPtrArray) arrays = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autofree const double **values = g_new0 (const double *, MAX (n_fs, 1));
  g_autofree guint *n = g_new0 (guint, MAX (n_fs, 1));
  g_autofree FsbLogEstimate *pooled = g_new0 (FsbLogEstimate, MAX (n_fs, 1));
  g_autofree guint **blocks = g_new0 (guint *, MAX (n_fs, 1));
  g_autofree const guint **present = g_new0 (const guint *, MAX (n_fs, 1));
  gboolean in_rounds;

  for (guint f = 0; f < n_fs; f++)
    g_ptr_array_add (arrays, task_values (result->filesystems->pdata[f], task_id, metric, offset));
  in_rounds = task_blocks (result, task_id, metric, arrays, blocks);
  for (guint f = 0; f < n_fs; f++)
    {
      GArray *v = arrays->pdata[f];

      have[f] = v->len > 0;
      if (!have[f])
        continue;
      values[k] = (const double *) v->data;
      present[k] = blocks[f];
      n[k++] = v->len;
    }
  flagged = in_rounds ? fsb_stats_pool_blocks (values, n, k, present, pooled, NULL)
                      : fsb_stats_pool (values, n, k, pooled, NULL);
  for (guint f = 0, i = 0; f < n_fs; f++)
    {
      FsbStats stats;
      GArray *v = arrays->pdata[f];

      g_free (blocks[f]);
      if (!have[f])
        continue;
      estimates[f] = pooled[i++];
      if (medians != NULL)
        {
          fsb_stats_compute ((const double *) v->data, v->len, &stats);
          medians[f] = stats.median - offset;
        }
    }
  if (paired != NULL)
    *paired = in_rounds;
  return flagged;
}

/* Scoring ---------------------------------------------------------------- */

void
fsb_score_free (FsbScore *s)
{
  g_strfreev (s->tasks);
  g_free (s->coef);
  g_free (s->fs);
  g_free (s);
}

static void
difference_free (FsbTaskDifference *d)
{
  g_free (d->task);
  g_free (d->faster);
  g_free (d->slower);
  g_free (d->sentence);
  g_free (d);
}

void
fsb_verdict_free (FsbVerdict *v)
{
  g_ptr_array_unref (v->ranking);
  g_free (v->winner);
  g_free (v->runner_up);
  g_strfreev (v->tied);
  g_strfreev (v->flagged_tasks);
  g_free (v->conclusion);
  g_ptr_array_unref (v->differences);
  g_free (v);
}

static FsbScore *
score_new (const char *fs, const char *metric)
{
  FsbScore *s = g_new0 (FsbScore, 1);

  s->fs = g_strdup (fs);
  s->metric = metric;
  s->estimate.var = INFINITY;
  s->ratio = s->ratio_low = s->ratio_high = INFINITY;
  s->behind = FSB_COMPARE_BETTER;
  return s;
}

/* The tasks of a section on their headline metric, or (cpu) every timed
 * task on CPU % + 1. Times add up; rates (and CPU) make a geometric mean.
 * flagged (may be NULL) gets how many samples of each task the outlier
 * rule left out of its noise, and the tasks that had any. */
/* The tasks of s and their coefficients: d estimate / d log median (in
 * the estimate's sense, higher is better), and what the noise of the
 * cycles they shared adds to its variance. */
static void
score_parts (FsbResult *result, FsbFsResult *fs, FsbScore *s, GPtrArray *ids, const gboolean *have,
             const double *medians, guint stride, gboolean total, const FsbCycleNoise *noise)
{
  g_autoptr(GStrvBuilder) tasks = g_strv_builder_new ();
  g_autoptr(GArray) coef = g_array_new (FALSE, FALSE, sizeof (double));
  double sum = 0;

  for (guint t = 0; t < ids->len; t++)
    if (have[t * stride])
      sum += medians[t * stride];
  for (guint t = 0; t < ids->len; t++)
    if (have[t * stride])
      {
        /* a total: m_t / Σm (its delta method); a mean of logs: 1 / k */
        double c = total ? (sum > 0 ? medians[t * stride] / sum : 0) : 1.0 / s->n_parts;

        g_strv_builder_add (tasks, ids->pdata[t]);
        g_array_append_val (coef, c);
      }
  s->tasks = g_strv_builder_end (tasks);
  s->coef = (double *) g_array_free (g_steal_pointer (&coef), FALSE);
  s->cycle_var = fsb_cycle_covariance (result, fs, (const char *const *) s->tasks, s->coef, s->n_parts, noise);
  fsb_log_estimate_add (&s->estimate, s->cycle_var, noise != NULL ? noise->df : 0);
}

static GPtrArray *
score_tasks (FsbResult *result, GPtrArray *ids, gboolean cpu, guint *n_flagged, GStrvBuilder *flagged,
             const FsbCycleNoise *noise)
{
  GPtrArray *ranking = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_score_free);
  gboolean all_times = !cpu;
  const char *value_metric = NULL;
  g_autofree FsbLogEstimate *estimates = NULL;
  g_autofree double *medians = NULL;
  g_autofree gboolean *have = NULL;
  guint n_fs;

  for (guint t = 0; t < ids->len && all_times; t++)
    {
      gboolean higher = FALSE;
      all_times = is_time (fsb_task_metric (ids->pdata[t], &higher)) && !higher;
    }
  /* each task's estimates on every filesystem, its noise pooled over them */
  n_fs = result->filesystems->len;
  estimates = g_new0 (FsbLogEstimate, MAX (ids->len * n_fs, 1));
  medians = g_new0 (double, MAX (ids->len * n_fs, 1));
  have = g_new0 (gboolean, MAX (ids->len * n_fs, 1));
  for (guint t = 0; t < ids->len; t++)
    {
      gboolean higher = FALSE;
      const char *metric = cpu ? "cpu_percent" : fsb_task_metric (ids->pdata[t], &higher);

      if (value_metric == NULL)
        value_metric = metric;
      guint out = fsb_verdict_task_estimates (result, ids->pdata[t], metric, cpu ? 1 : 0, estimates + t * n_fs,
                                              medians + t * n_fs, have + t * n_fs, NULL);

      if (out > 0 && flagged != NULL)
        {
          *n_flagged += out;
          g_strv_builder_add (flagged, ids->pdata[t]);
        }
      /* higher is better on the log scale */
      for (guint f = 0; f < n_fs && !all_times && !higher; f++)
        estimates[t * n_fs + f].log = -estimates[t * n_fs + f].log;
    }
  for (guint f = 0; f < n_fs && ids->len > 0; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      g_autoptr(GArray) parts = g_array_new (FALSE, FALSE, sizeof (FsbLogEstimate));
      double sum = 0;
      FsbScore *s;

      for (guint t = 0; t < ids->len; t++)
        if (have[t * n_fs + f])
          {
            sum += medians[t * n_fs + f];
            g_array_append_val (parts, estimates[t * n_fs + f]);
          }
      if (parts->len == 0)
        continue;
      s = score_new (fs->name, value_metric);
      s->complete = parts->len == ids->len;
      s->value = all_times ? sum : sum / parts->len;
      if (all_times)
        {
          fsb_log_estimate_total ((FsbLogEstimate *) parts->data, parts->len, &s->estimate);
          s->estimate.log = -s->estimate.log;
        }
      else
        fsb_log_estimate_mean ((FsbLogEstimate *) parts->data, NULL, parts->len, &s->estimate);
      /* CPU % is not slowed by a slow moment as times are: no shared part */
      s->n_parts = cpu ? 0 : parts->len;
      if (!cpu)
        score_parts (result, fs, s, ids, have + f, medians + f, n_fs, all_times, noise);
      g_ptr_array_add (ranking, s);
    }
  return ranking;
}

/* statvfs is exact: the estimate has no variance. */
static GPtrArray *
score_capacity (FsbResult *result)
{
  GPtrArray *ranking = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_score_free);

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      FsbScore *s;

      if (fs->capacity_initial.percent <= 0)
        continue;
      s = score_new (fs->name, "percent");
      s->complete = TRUE;
      s->value = fs->capacity_initial.percent;
      s->estimate.log = log (s->value);
      s->estimate.var = 0;
      s->estimate.df = INFINITY;
      g_ptr_array_add (ranking, s);
    }
  return ranking;
}

/* The copies into a filesystem from each source are the parts of its
 * score: the mean of their logs, each pair's known from its own samples.
 * Where a pair has no spread of its own (one sample: results that kept the
 * median alone, or one repetition), each pair's median is one sample of the
 * filesystem, and the sources' spread is all there is to go by. */
static GPtrArray *
score_transfers (FsbResult *result)
{
  GPtrArray *ranking = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_score_free);

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      g_autoptr(GArray) medians = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) parts = g_array_new (FALSE, FALSE, sizeof (FsbLogEstimate));
      gboolean own = TRUE;
      FsbStats stats;
      FsbScore *s;

      for (guint i = 0; i < result->transfers->len; i++)
        {
          FsbTransfer *t = g_ptr_array_index (result->transfers, i);
          double v;

          if (g_strcmp0 (t->to, fs->name) != 0 || !fsb_transfer_stats (result, t, &stats))
            continue;
          v = MAX (stats.median, 1e-9);
          g_array_append_val (medians, v);
          g_array_append_val (parts, stats.estimate);
          own = own && stats.n > 1 && stats.positive;
        }
      if (medians->len == 0)
        continue;
      s = score_new (fs->name, "mb_per_s");
      s->complete = TRUE;
      if (own)
        {
          fsb_log_estimate_mean ((FsbLogEstimate *) parts->data, NULL, parts->len, &s->estimate);
          s->value = exp (s->estimate.log);
        }
      else
        {
          fsb_stats_compute ((double *) medians->data, medians->len, &stats);
          s->value = stats.median;
          s->estimate = stats.estimate;
        }
      g_ptr_array_add (ranking, s);
    }
  return ranking;
}

static int
compare_scores (gconstpointer a, gconstpointer b)
{
  const FsbScore *x = *(FsbScore * const *) a, *y = *(FsbScore * const *) b;

  if (x->complete != y->complete)
    return x->complete ? -1 : 1;
  if (x->complete && x->estimate.log != y->estimate.log)
    return x->estimate.log < y->estimate.log ? 1 : -1;
  return g_strcmp0 (x->fs, y->fs);
}

static GPtrArray *
score_criterion (FsbResult *result, const FsbCriterionSpec *criterion, guint *n_flagged, GStrvBuilder *flagged,
                 const FsbCycleNoise *noise)
{
  g_autoptr(GPtrArray) ids = NULL;

  switch (criterion->score)
    {
    case FSB_SCORE_CAPACITY:
      return score_capacity (result);
    case FSB_SCORE_TRANSFER:
      return score_transfers (result);
    case FSB_SCORE_AGED:
      return fsb_aging_ranking (result);
    case FSB_SCORE_DURABILITY:
    case FSB_SCORE_DETECTION:
      return fsb_verdict_score_counts (result, criterion);
    case FSB_SCORE_CPU:
      ids = g_ptr_array_new_with_free_func (g_free);
      for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
        {
          const FsbCriterionSpec *other = fsb_catalog_nth_criterion (c);
          g_autoptr(GPtrArray) part = NULL;

          /* every timed task: not capacity, nor the transfers' matrix */
          if (other->score != FSB_SCORE_TASKS)
            continue;
          part = fsb_result_section_tasks (result, other->id);
          for (guint i = 0; i < part->len; i++)
            g_ptr_array_add (ids, g_strdup (part->pdata[i]));
        }
      return score_tasks (result, ids, TRUE, NULL, NULL, NULL);
    case FSB_SCORE_TASKS:
    default:
      ids = fsb_result_section_tasks (result, criterion->id);
      return score_tasks (result, ids, FALSE, n_flagged, flagged, noise);
    }
}

/* Each against the leader: the ratio, its interval, what it says. */
static void
compare_with_leader (GPtrArray *ranking)
{
  FsbScore *leader = ranking->pdata[0];

  leader->ratio = leader->ratio_low = leader->ratio_high = 1;
  leader->behind = FSB_COMPARE_EQUIVALENT;
  leader->score = 1;
  for (guint i = 1; i < ranking->len; i++)
    {
      FsbScore *s = ranking->pdata[i];
      FsbLogEstimate diff;

      if (!s->complete)
        continue;   /* behind, by the missed tasks */
      fsb_log_estimate_diff (&leader->estimate, &s->estimate, &diff);
      s->ratio = exp (diff.log);
      fsb_log_estimate_interval (&diff, &s->ratio_low, &s->ratio_high);
      s->behind = fsb_log_estimate_compare (&diff, FSB_EQUIVALENCE_MARGIN);
      s->score = 1 / s->ratio;
    }
}

static const FsbScore *
find_score (const FsbVerdict *v, const char *fs)
{
  for (guint i = 0; i < v->ranking->len; i++)
    if (g_strcmp0 (((FsbScore *) v->ranking->pdata[i])->fs, fs) == 0)
      return v->ranking->pdata[i];
  return NULL;
}

double
fsb_verdict_spread (const FsbVerdict *v, char **names)
{
  double worst = 0;

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    for (guint j = i + 1; names[j] != NULL; j++)
      {
        const FsbScore *a = find_score (v, names[i]), *b = find_score (v, names[j]);
        FsbLogEstimate diff;
        double lo, hi;

        if (a == NULL || b == NULL)
          continue;
        fsb_log_estimate_diff (&a->estimate, &b->estimate, &diff);
        fsb_log_estimate_interval (&diff, &lo, &hi);
        worst = MAX (worst, MAX (hi - 1, lo > 0 ? 1 / lo - 1 : INFINITY));
      }
  return worst * 100;
}

/* Differences the verdict hides ------------------------------------------- */

/* A task where some filesystem is clearly ahead of one the verdict puts
 * first (or ties for first): "In “Delete the big files”, XFS is 2.8×
 * faster than ext4." */
static FsbTaskDifference *
task_difference (FsbResult *result, const FsbVerdict *v, const char *task_id)
{
  gboolean higher = FALSE;
  const char *metric = fsb_task_metric (task_id, &higher);
  guint n = result->filesystems->len;
  g_autofree FsbLogEstimate *est = g_new0 (FsbLogEstimate, MAX (n, 1));
  g_autofree double *medians = g_new0 (double, MAX (n, 1));
  g_autofree gboolean *have = g_new0 (gboolean, MAX (n, 1));
  FsbTaskDifference *best = NULL;
  gint lead = -1;

  fsb_verdict_task_estimates (result, task_id, metric, 0, est, medians, have, NULL);
  for (guint f = 0; f < n; f++)
    {
      if (have[f] && !higher)
        est[f].log = -est[f].log;
      if (have[f] && (lead < 0 || est[f].log > est[lead].log))
        lead = (gint) f;
    }
  if (lead < 0 || g_strcmp0 (((FsbFsResult *) result->filesystems->pdata[lead])->name, v->winner) == 0)
    return NULL;
  for (guint f = 0; f < n; f++)
    {
      const char *name = ((FsbFsResult *) result->filesystems->pdata[f])->name;
      gboolean top = v->winner != NULL ? g_strcmp0 (name, v->winner) == 0
                                       : g_strv_contains ((const char * const *) v->tied, name);
      FsbLogEstimate diff;
      double ratio;

      if ((gint) f == lead || !have[f] || !top)
        continue;
      fsb_log_estimate_diff (&est[lead], &est[f], &diff);
      ratio = exp (diff.log);
      if (fsb_log_estimate_compare (&diff, FSB_EQUIVALENCE_MARGIN) != FSB_COMPARE_BETTER ||
          (best != NULL && ratio >= best->ratio))
        continue;
      if (best == NULL)
        best = g_new0 (FsbTaskDifference, 1);
      g_free (best->slower);
      g_free (best->task);
      g_free (best->faster);
      best->task = g_strdup (task_id);
      best->faster = g_strdup (((FsbFsResult *) result->filesystems->pdata[lead])->name);
      best->slower = g_strdup (name);
      best->ratio = ratio;
      fsb_log_estimate_interval (&diff, &best->ratio_low, &best->ratio_high);
    }
  if (best != NULL)
    {
      g_autofree char *ahead = fsb_words_ahead (FSB_SCORE_TASKS, best->ratio, best->slower);
      /* Translators: a task's name, a filesystem, then how far ahead: "In “Delete the big files”, XFS is 2.8× faster than ext4." */
      best->sentence = g_strdup_printf (_("In “%s”, %s is %s."), fsb_task_display_name (task_id),
                                        fsb_format_fs_name (best->faster), ahead);
    }
  return best;
}

static int
compare_differences (gconstpointer a, gconstpointer b)
{
  const FsbTaskDifference *x = *(FsbTaskDifference * const *) a, *y = *(FsbTaskDifference * const *) b;

  return (x->ratio < y->ratio) - (x->ratio > y->ratio);
}

static void
find_differences (FsbResult *result, FsbVerdict *v)
{
  g_autoptr(GPtrArray) ids = NULL;

  if (v->criterion->score != FSB_SCORE_TASKS || v->ranking->len < 2)
    return;
  ids = fsb_result_section_tasks (result, v->criterion->id);
  if (ids->len < 2 && v->kind == FSB_VERDICT_WINNER)
    return;
  for (guint t = 0; t < ids->len; t++)
    {
      FsbTaskDifference *d = task_difference (result, v, ids->pdata[t]);
      if (d != NULL)
        g_ptr_array_add (v->differences, d);
    }
  g_ptr_array_sort (v->differences, compare_differences);
  if (v->differences->len > MAX_DIFFERENCES)
    g_ptr_array_set_size (v->differences, MAX_DIFFERENCES);
}

/* The verdict ------------------------------------------------------------- */

static void
conclude (FsbVerdict *v)
{
  const FsbCriterionText *text = &v->criterion->text;
  const FsbScore *first = v->ranking->pdata[0];

  if (v->ranking->len == 1)
    {
      g_autofree char *figure = fsb_words_figure (first->value, first->metric);
      v->conclusion = g_strdup_printf (_(text->single), fsb_format_fs_name (first->fs), figure);
    }
  else if (v->kind == FSB_VERDICT_WINNER)
    {
      g_autofree char *ahead = fsb_words_ahead (v->criterion->score, v->ratio, v->runner_up);
      v->conclusion = g_strdup_printf (_(text->lead), fsb_format_fs_name (v->winner), ahead);
    }
  else
    {
      gboolean equivalent = TRUE;
      g_autofree char *names = fsb_words_names (v->tied);
      g_autofree char *why = NULL;

      for (guint i = 1; i < v->ranking->len; i++)
        {
          const FsbScore *s = v->ranking->pdata[i];
          if (g_strv_contains ((const char * const *) v->tied, s->fs))
            equivalent &= s->behind == FSB_COMPARE_EQUIVALENT;
        }
      why = fsb_words_tie_reason (equivalent, equivalent ? fsb_verdict_spread (v, v->tied) : 0);
      v->conclusion = g_strdup_printf (_(text->tied), names, why);
    }
}

FsbVerdict *
fsb_verdict_new (FsbResult *result, const FsbCriterionSpec *criterion, const char *use_case,
                 const FsbCycleNoise *noise)
{
  g_autoptr(GStrvBuilder) flagged = g_strv_builder_new ();
  guint n_flagged = 0;
  g_autoptr(GPtrArray) ranking = score_criterion (result, criterion, &n_flagged, flagged, noise);
  g_autoptr(GStrvBuilder) tied = g_strv_builder_new ();
  FsbVerdict *v;
  FsbScore *first;
  gboolean clear = TRUE;

  if (ranking->len == 0)
    return NULL;
  g_ptr_array_sort (ranking, compare_scores);
  first = ranking->pdata[0];
  if (!first->complete)
    return NULL;
  compare_with_leader (ranking);

  v = g_new0 (FsbVerdict, 1);
  v->criterion = criterion;
  v->weight = fsb_criterion_weight (criterion, use_case);
  v->ranking = g_steal_pointer (&ranking);
  v->differences = g_ptr_array_new_with_free_func ((GDestroyNotify) difference_free);
  v->settled = TRUE;
  v->ratio = v->ratio_low = v->ratio_high = NAN;
  v->n_flagged = n_flagged;
  v->flagged_tasks = g_strv_builder_end (flagged);
  for (guint i = 1; i < v->ranking->len; i++)
    {
      FsbScore *s = v->ranking->pdata[i];

      clear &= s->behind == FSB_COMPARE_BETTER;
      v->settled &= s->behind != FSB_COMPARE_UNSETTLED;
    }
  /* Those tied, in the result's order: a list, not a ranking. */
  for (guint f = 0; f < result->filesystems->len; f++)
    {
      const FsbScore *s = find_score (v, ((FsbFsResult *) result->filesystems->pdata[f])->name);

      if (s != NULL && s->behind != FSB_COMPARE_BETTER)
        g_strv_builder_add (tied, s->fs);
    }
  if (v->ranking->len > 1)
    {
      FsbScore *second = v->ranking->pdata[1];

      v->runner_up = g_strdup (second->fs);
      v->ratio = second->ratio;
      v->ratio_low = second->ratio_low;
      v->ratio_high = second->ratio_high;
    }
  v->kind = clear ? FSB_VERDICT_WINNER : FSB_VERDICT_TIE;
  if (clear)
    v->winner = g_strdup (first->fs);
  else
    v->tied = g_strv_builder_end (tied);
  if (criterion->score == FSB_SCORE_DURABILITY || criterion->score == FSB_SCORE_DETECTION)
    v->conclusion = fsb_verdict_counts_words (result, v);   /* the counts, not a lead */
  else
    conclude (v);
  fsb_verdict_checker_words (result, v);
  find_differences (result, v);
  return v;
}
