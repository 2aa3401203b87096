/* fsb-recommend.c: which filesystem suits the user's use case, and why */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-aging-loss.h"
#include "fsb-format.h"
#include "fsb-recommend.h"
#include "fsb-stats.h"

/* The sentences live in tables below, translated with _() at run time. */
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

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

  for (guint i = 0; i < result->filesystems->len; i++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, i);

      for (guint j = 0; j < fs->tasks->len; j++)
        {
          FsbTaskResult *task = g_ptr_array_index (fs->tasks, j);

          if (g_strcmp0 (fsb_task_criterion (task->id), criterion) == 0 &&
              !g_ptr_array_find_with_equal_func (ids, task->id, g_str_equal, NULL))
            g_ptr_array_add (ids, g_strdup (task->id));
        }
    }
  /* g_ptr_array_sort is stable since GLib 2.76 only; ids are unique anyway */
  g_ptr_array_sort (ids, compare_task_ids);
  return ids;
}

/* Scoring ---------------------------------------------------------------- */

static void
score_free (FsbScore *s)
{
  g_free (s->fs);
  g_free (s);
}

static void
verdict_free (FsbVerdict *v)
{
  g_ptr_array_unref (v->ranking);
  g_free (v->winner);
  g_free (v->runner_up);
  g_strfreev (v->tied);
  g_free (v->conclusion);
  g_free (v);
}

void
fsb_recommendation_free (FsbRecommendation *self)
{
  if (self == NULL)
    return;
  g_free (self->best);
  g_free (self->headline);
  g_ptr_array_unref (self->reasons);
  g_ptr_array_unref (self->notes);
  g_ptr_array_unref (self->verdicts);
  g_ptr_array_unref (self->overall);
  g_free (self);
}

static int
compare_scores (gconstpointer a, gconstpointer b)
{
  const FsbScore *x = *(FsbScore * const *) a, *y = *(FsbScore * const *) b;

  if (x->score != y->score)
    return x->score < y->score ? 1 : -1;
  return g_strcmp0 (x->fs, y->fs);
}

/* Per filesystem accumulators while scoring a criterion. */
typedef struct {
  double sum, sum_min, sum_max, value;
  double total, total_min, total_max;   /* of the raw times */
  guint  n_values;
  gboolean any;
} Acc;

/* Scores the tasks of a section on their headline metric, or (metric !=
 * NULL) every timed task on that metric with lower better (CPU). Times
 * score by their sum, as the user lives through them one after the
 * other (copy, copy again, delete); rates and CPU by the mean of each
 * task's ratio to the best. */
static GPtrArray *
score_tasks (FsbResult *result, GPtrArray *task_ids, const char *cpu_metric)
{
  guint n_fs = result->filesystems->len;
  g_autofree Acc *acc = g_new0 (Acc, n_fs);
  GPtrArray *ranking = g_ptr_array_new_with_free_func ((GDestroyNotify) score_free);
  const char *value_metric = NULL;
  gboolean value_is_sum = TRUE;
  guint n_tasks = 0;

  for (guint t = 0; t < task_ids->len; t++)
    {
      const char *id = task_ids->pdata[t];
      gboolean higher = FALSE;
      const char *metric = cpu_metric != NULL ? cpu_metric : fsb_task_metric (id, &higher);
      g_autofree FsbStats *stats = g_new0 (FsbStats, n_fs);
      g_autofree gboolean *have = g_new0 (gboolean, n_fs);
      double best = NAN;
      gboolean any = FALSE;

      for (guint f = 0; f < n_fs; f++)
        {
          FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
          FsbTaskResult *task = fsb_fs_result_get_task (fs, id, FALSE);

          if (task != NULL && fsb_task_result_stats (task, metric, &stats[f]))
            {
              have[f] = any = TRUE;
              if (isnan (best) || (higher ? stats[f].median > best : stats[f].median < best))
                best = stats[f].median;
            }
        }
      if (!any)
        continue;
      n_tasks++;
      if (value_metric == NULL)
        {
          value_metric = metric;
          /* times add up; rates and percents are averaged */
          value_is_sum = cpu_metric == NULL && !higher && g_str_has_suffix (metric, "_s");
        }

      for (guint f = 0; f < n_fs; f++)
        {
          double s, lo, hi;

          if (!have[f])
            continue;
          if (cpu_metric != NULL)
            {
              /* +1 keeps idle tasks (0 %) from dominating */
              s = (best + 1) / (stats[f].median + 1);
              lo = (best + 1) / (stats[f].max + 1);
              hi = (best + 1) / (stats[f].min + 1);
            }
          else if (higher)
            {
              s = best > 0 ? stats[f].median / best : 1;
              lo = best > 0 ? stats[f].min / best : 1;
              hi = best > 0 ? stats[f].max / best : 1;
            }
          else
            {
              s = stats[f].median > 0 ? best / stats[f].median : 1;
              lo = stats[f].max > 0 ? best / stats[f].max : 1;
              hi = stats[f].min > 0 ? best / stats[f].min : 1;
            }
          acc[f].sum += s;
          acc[f].sum_min += lo;
          acc[f].sum_max += hi;
          acc[f].value += stats[f].median;
          acc[f].total += stats[f].median;
          acc[f].total_min += stats[f].min;
          acc[f].total_max += stats[f].max;
          acc[f].n_values++;
          acc[f].any = TRUE;
        }
    }

  if (value_is_sum && n_tasks > 0)
    {
      double best = 0;

      for (guint f = 0; f < n_fs; f++)
        if (acc[f].n_values == n_tasks && (best == 0 || acc[f].total < best))
          best = acc[f].total;
      for (guint f = 0; f < n_fs; f++)
        {
          /* a filesystem that missed a step of the cycle scores 0 */
          gboolean complete = acc[f].n_values == n_tasks && best > 0;
          acc[f].sum = complete && acc[f].total > 0 ? best / acc[f].total * n_tasks : 0;
          acc[f].sum_min = complete && acc[f].total_max > 0 ? best / acc[f].total_max * n_tasks : 0;
          acc[f].sum_max = complete && acc[f].total_min > 0 ? best / acc[f].total_min * n_tasks : 0;
        }
    }

  for (guint f = 0; f < n_fs && n_tasks > 0; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      FsbScore *score;

      if (!acc[f].any)
        continue;
      score = g_new0 (FsbScore, 1);
      score->fs = g_strdup (fs->name);
      /* a task the filesystem failed or never reached scores 0 */
      score->score = acc[f].sum / n_tasks;
      score->score_min = acc[f].sum_min / n_tasks;
      score->score_max = acc[f].sum_max / n_tasks;
      score->value = value_is_sum ? acc[f].value : acc[f].value / acc[f].n_values;
      score->metric = value_metric;
      g_ptr_array_add (ranking, score);
    }
  return ranking;
}

static GPtrArray *
score_capacity (FsbResult *result)
{
  GPtrArray *ranking = g_ptr_array_new_with_free_func ((GDestroyNotify) score_free);
  double best = 0;

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      best = MAX (best, fs->capacity_initial.percent);
    }
  for (guint f = 0; f < result->filesystems->len && best > 0; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      FsbScore *score;

      if (fs->capacity_initial.percent <= 0)
        continue;
      score = g_new0 (FsbScore, 1);
      score->fs = g_strdup (fs->name);
      score->value = fs->capacity_initial.percent;
      score->score = score->value / best;
      /* statvfs is exact, but figures that round alike read as equal */
      score->score_min = (score->value - 0.05) / best;
      score->score_max = (score->value + 0.05) / best;
      score->metric = "percent";
      g_ptr_array_add (ranking, score);
    }
  return ranking;
}

static GPtrArray *
score_transfers (FsbResult *result)
{
  GPtrArray *ranking = g_ptr_array_new_with_free_func ((GDestroyNotify) score_free);
  double best = 0;

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
      FsbStats stats;
      FsbScore *score;

      for (guint i = 0; i < result->transfers->len; i++)
        {
          FsbTransfer *t = g_ptr_array_index (result->transfers, i);
          if (g_strcmp0 (t->to, fs->name) == 0)
            g_array_append_val (values, t->mb_per_s);
        }
      if (values->len == 0)
        continue;
      fsb_stats_compute ((double *) values->data, values->len, &stats);
      score = g_new0 (FsbScore, 1);
      score->fs = g_strdup (fs->name);
      score->value = stats.median;
      /* keep the raw figures; normalized below */
      score->score = stats.median;
      score->score_min = stats.min;
      score->score_max = stats.max;
      score->metric = "mb_per_s";
      best = MAX (best, stats.median);
      g_ptr_array_add (ranking, score);
    }
  for (guint i = 0; i < ranking->len && best > 0; i++)
    {
      FsbScore *s = ranking->pdata[i];
      s->score /= best;
      s->score_min /= best;
      s->score_max /= best;
    }
  return ranking;
}

static gboolean
scores_overlap (const FsbScore *a, const FsbScore *b)
{
  FsbStats x = { .min = a->score_min, .max = a->score_max };
  FsbStats y = { .min = b->score_min, .max = b->score_max };

  return fsb_stats_overlap (&x, &y);
}

static char *
format_figure (double value, const char *metric)
{
  if (g_strcmp0 (metric, "percent") == 0)
    return fsb_format_percent (value, 2);  /* capacity: 99.95 % against 99.83 % */
  if (g_strcmp0 (metric, "cpu_percent") == 0)
    return fsb_format_percent (value, fabs (value) >= 10 ? 0 : 1);
  if (metric != NULL && g_str_has_suffix (metric, "_s") && strcmp (metric, "files_per_s") != 0)
    return fsb_format_duration (value);
  return fsb_format_value_unit (value, metric);
}

/* "18 %": how far ahead a score is, as the other's time over ours. */
static char *
format_lead (double ours, double theirs)
{
  g_autofree char *number = NULL;
  double lead = theirs > 0 ? (ours / theirs - 1) * 100 : 0;

  number = fsb_format_number (lead, lead >= 10 ? 0 : 1);
  return g_strconcat (number, "\u00a0%", NULL);
}

static FsbVerdict *
make_verdict (FsbResult *result, const FsbCriterionSpec *criterion, FsbUseCase use_case)
{
  FsbVerdict *v;
  g_autoptr(GPtrArray) ranking = NULL;
  const FsbCriterionText *text = &criterion->text;
  FsbScore *first, *second;

  if (criterion->score == FSB_SCORE_CAPACITY)
    ranking = score_capacity (result);
  else if (criterion->score == FSB_SCORE_TRANSFER)
    ranking = score_transfers (result);
  else if (criterion->score == FSB_SCORE_AGED)
    ranking = fsb_aging_ranking (result);
  else if (criterion->score == FSB_SCORE_CPU)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
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
      ranking = score_tasks (result, ids, "cpu_percent");
    }
  else
    {
      g_autoptr(GPtrArray) ids = fsb_result_section_tasks (result, criterion->id);
      ranking = score_tasks (result, ids, NULL);
    }
  if (ranking->len == 0)
    return NULL;
  g_ptr_array_sort (ranking, compare_scores);

  v = g_new0 (FsbVerdict, 1);
  v->criterion = criterion;
  v->weight = fsb_criterion_weight (criterion, fsb_use_case_id (use_case));
  v->ranking = g_steal_pointer (&ranking);
  first = v->ranking->pdata[0];
  second = v->ranking->len > 1 ? v->ranking->pdata[1] : NULL;
  v->winner = g_strdup (first->fs);
  v->runner_up = second != NULL ? g_strdup (second->fs) : NULL;

  if (second == NULL)
    {
      g_autofree char *figure = format_figure (first->value, first->metric);
      v->conclusion = g_strdup_printf (_(text->single), fsb_format_fs_name (first->fs), figure);
      return v;
    }

  {
    g_autoptr(GPtrArray) names = g_ptr_array_new ();
    g_autoptr(GStrvBuilder) tied = g_strv_builder_new ();
    g_autofree char *choice = NULL;

    g_ptr_array_add (names, (gpointer) fsb_format_fs_name (first->fs));
    g_strv_builder_add (tied, first->fs);
    for (guint i = 1; i < v->ranking->len; i++)
      {
        FsbScore *s = v->ranking->pdata[i];
        if (scores_overlap (first, s))
          {
            g_ptr_array_add (names, (gpointer) fsb_format_fs_name (s->fs));
            g_strv_builder_add (tied, s->fs);
          }
      }
    if (names->len > 1)
      v->tied = g_strv_builder_end (tied);
    else
      {
        /* As the study does ("choose JFS or XFS"), name the close
         * followers too: within 10 % (0.5 % for capacity), three at most. */
        double close = criterion->score == FSB_SCORE_CAPACITY ? 0.995 : 0.9;

        for (guint i = 1; i < v->ranking->len && names->len < 3; i++)
          {
            FsbScore *s = v->ranking->pdata[i];
            if (first->score > 0 && s->score / first->score >= close)
              g_ptr_array_add (names, (gpointer) fsb_format_fs_name (s->fs));
          }
      }

    choice = fsb_format_join_names ((const char * const *) names->pdata, names->len, TRUE);
    v->conclusion = g_strdup_printf (_(text->choose), choice);
    if (v->tied != NULL)
      {
        char *sentence = g_strconcat (v->conclusion, " ",
                                      _("Their results overlap, so the difference is not meaningful."), NULL);
        g_free (v->conclusion);
        v->conclusion = sentence;
      }
  }
  return v;
}

const FsbVerdict *
fsb_recommendation_get_verdict (const FsbRecommendation *self, const char *criterion)
{
  for (guint i = 0; i < self->verdicts->len; i++)
    {
      const FsbVerdict *v = self->verdicts->pdata[i];
      if (g_strcmp0 (v->criterion->id, criterion) == 0)
        return v;
    }
  return NULL;
}

static const FsbScore *
find_score (const FsbVerdict *v, const char *fs, guint *rank)
{
  for (guint i = 0; i < v->ranking->len; i++)
    {
      const FsbScore *s = v->ranking->pdata[i];
      if (g_strcmp0 (s->fs, fs) == 0)
        {
          if (rank != NULL)
            *rank = i;
          return s;
        }
    }
  return NULL;
}

static int
compare_verdicts_by_weight (gconstpointer a, gconstpointer b)
{
  const FsbVerdict *x = *(FsbVerdict * const *) a, *y = *(FsbVerdict * const *) b;

  if (x->weight != y->weight)
    return x->weight < y->weight ? 1 : -1;
  return (x->order > y->order) - (x->order < y->order);
}

/* The reason a verdict gives for (or against) the best filesystem. */
static char *
reason_for (const FsbVerdict *v, const char *best)
{
  const FsbCriterionText *text = &v->criterion->text;
  guint rank = 0;
  const FsbScore *ours = find_score (v, best, &rank);
  const FsbScore *top = v->ranking->pdata[0];
  const FsbScore *next = v->ranking->len > 1 ? v->ranking->pdata[1] : NULL;

  if (ours == NULL || next == NULL)
    return NULL;
  if (v->tied != NULL && g_strv_contains ((const char * const *) v->tied, best))
    {
      g_autoptr(GPtrArray) others = g_ptr_array_new ();
      g_autofree char *list = NULL;

      for (guint i = 0; v->tied[i] != NULL; i++)
        if (g_strcmp0 (v->tied[i], best) != 0)
          g_ptr_array_add (others, (gpointer) fsb_format_fs_name (v->tied[i]));
      list = fsb_format_join_names ((const char * const *) others->pdata, others->len, FALSE);
      return g_strdup_printf (_(text->even), list);
    }
  if (rank == 0)
    {
      g_autofree char *a = NULL, *b = NULL;

      if (v->criterion->quotes_values)
        {
          a = format_figure (ours->value, ours->metric);
          b = format_figure (next->value, next->metric);
          return g_strdup_printf (_(text->first), a, b);
        }
      a = format_lead (ours->score, next->score);
      return g_strdup_printf (_(text->first), a, fsb_format_fs_name (next->fs));
    }
  if (rank == 1)
    {
      g_autofree char *a = NULL, *b = NULL;

      if (v->criterion->quotes_values)
        {
          a = format_figure (ours->value, ours->metric);
          b = format_figure (top->value, top->metric);
          return g_strdup_printf (_(text->second), a, b);
        }
      a = format_lead (top->score, ours->score);
      return g_strdup_printf (_(text->second), a, fsb_format_fs_name (top->fs));
    }
  if (v->criterion->score == FSB_SCORE_CPU)
    {
      /* as the study ends: not the most economical, but here is how far */
      g_autofree char *a = format_figure (ours->value, ours->metric);
      g_autofree char *b = format_figure (top->value, top->metric);
      /* Translators: CPU use of the recommended filesystem, then that of the most economical one, then its name */
      return g_strdup_printf (_("not the most economical with the CPU: %s against %s for %s"),
                              a, b, fsb_format_fs_name (top->fs));
    }
  return NULL;
}

/* Scores, verdicts and reasons name filesystems by their name, so two
 * with the same name (a comparison that merged "ntfs" and "ntfs3" into
 * "NTFS · run A" twice) would be one: its reasons compared it with itself
 * ("as fast as  with file trees"). Such names get a number on a copy. */
static FsbResult *
with_unique_names (FsbResult *result)
{
  FsbResult *copy;
  gboolean unique = TRUE;

  for (guint i = 0; i < result->filesystems->len && unique; i++)
    for (guint j = i + 1; j < result->filesystems->len && unique; j++)
      if (g_strcmp0 (((FsbFsResult *) result->filesystems->pdata[i])->name,
                     ((FsbFsResult *) result->filesystems->pdata[j])->name) == 0)
        unique = FALSE;
  if (unique)
    return fsb_result_ref (result);

  copy = fsb_result_copy (result);
  for (guint i = 0; i < copy->filesystems->len; i++)
    {
      FsbFsResult *fs = copy->filesystems->pdata[i];
      guint n = 1;

      for (guint j = 0; j < i; j++)
        if (g_strcmp0 (((FsbFsResult *) result->filesystems->pdata[j])->name,
                       ((FsbFsResult *) result->filesystems->pdata[i])->name) == 0)
          n++;
      if (n > 1)
        {
          /* Translators: a filesystem's name, then which of that name it is: "NTFS (2)" */
          char *name = g_strdup_printf (_("%s (%u)"), fs->name, n);
          g_free (fs->name);
          fs->name = name;
        }
    }
  return copy;
}

FsbRecommendation *
fsb_recommend (FsbResult *original, FsbUseCase use_case)
{
  g_autoptr(FsbResult) result = NULL;
  FsbRecommendation *self;
  guint n_fs;
  g_autofree double *sum = NULL, *sum_min = NULL, *sum_max = NULL;
  double total_weight = 0;

  g_return_val_if_fail (original != NULL, NULL);
  g_return_val_if_fail (use_case < FSB_N_USE_CASES, NULL);

  result = with_unique_names (original);
  self = g_new0 (FsbRecommendation, 1);
  self->use_case = use_case;
  self->reasons = g_ptr_array_new_with_free_func (g_free);
  self->notes = g_ptr_array_new_with_free_func (g_free);
  self->verdicts = g_ptr_array_new_with_free_func ((GDestroyNotify) verdict_free);
  self->overall = g_ptr_array_new_with_free_func ((GDestroyNotify) score_free);
  n_fs = self->n_filesystems = result->filesystems->len;

  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      FsbVerdict *v = make_verdict (result, fsb_catalog_nth_criterion (c), use_case);
      if (v != NULL)
        {
          v->order = c;
          g_ptr_array_add (self->verdicts, v);
        }
    }

  /* Failures come first among the notes: they explain gaps everywhere. */
  for (guint f = 0; f < n_fs; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      if (fs->error != NULL)
        /* Translators: %s is a filesystem; the reason follows in the report */
        g_ptr_array_add (self->notes, g_strdup_printf (_("%s could not finish the run; the tasks it missed count against it."),
                                                       fsb_format_fs_name (fs->name)));
    }

  if (self->verdicts->len == 0)
    {
      self->headline = g_strdup (_("Nothing was measured, so there is nothing to recommend"));
      return self;
    }

  /* The weighted overall score. */
  sum = g_new0 (double, n_fs);
  sum_min = g_new0 (double, n_fs);
  sum_max = g_new0 (double, n_fs);
  for (guint i = 0; i < self->verdicts->len; i++)
    {
      FsbVerdict *v = self->verdicts->pdata[i];

      if (v->weight <= 0)
        continue;
      total_weight += v->weight;
      for (guint f = 0; f < n_fs; f++)
        {
          FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
          const FsbScore *s = find_score (v, fs->name, NULL);
          if (s != NULL)
            {
              sum[f] += v->weight * s->score;
              sum_min[f] += v->weight * s->score_min;
              sum_max[f] += v->weight * s->score_max;
            }
        }
    }
  for (guint f = 0; f < n_fs && total_weight > 0; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      FsbScore *s = g_new0 (FsbScore, 1);

      s->fs = g_strdup (fs->name);
      s->score = sum[f] / total_weight;
      s->score_min = sum_min[f] / total_weight;
      s->score_max = sum_max[f] / total_weight;
      s->value = s->score * 100;
      s->metric = "percent";
      g_ptr_array_add (self->overall, s);
    }
  g_ptr_array_sort (self->overall, compare_scores);

  if (self->overall->len == 0)
    {
      self->headline = g_strdup (_("Nothing this use case weighs was measured, so there is nothing to recommend"));
      return self;
    }

  self->best = g_strdup (((FsbScore *) self->overall->pdata[0])->fs);
  if (n_fs == 1)
    {
      /* Translators: %s is the only filesystem in the result */
      self->headline = g_strdup_printf (_("Only %s was measured, so there is nothing to compare it with"),
                                        fsb_format_fs_name (self->best));
      g_ptr_array_add (self->notes, g_strdup (_("Run the comparison with two or more filesystems to get a recommendation.")));
      return self;
    }
  self->headline = g_strdup_printf (fsb_use_case_headline (use_case), fsb_format_fs_name (self->best));

  /* Reasons: first how many sections it leads, then by weight. */
  {
    guint wins = 0, counted = 0;
    g_autoptr(GPtrArray) by_weight = g_ptr_array_new ();

    for (guint i = 0; i < self->verdicts->len; i++)
      {
        FsbVerdict *v = self->verdicts->pdata[i];
        if (v->weight <= 0 || v->ranking->len < 2)
          continue;
        counted++;
        if (g_strcmp0 (v->winner, self->best) == 0 ||
            (v->tied != NULL && g_strv_contains ((const char * const *) v->tied, self->best)))
          wins++;
        g_ptr_array_add (by_weight, v);
      }
    if (counted > 1)
      g_ptr_array_add (self->reasons,
                       g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     /* Translators: first %u is how many criteria it leads or shares the lead in, second the total */
                                                     "first or tied for first in %u of %u criterion",
                                                     "first or tied for first in %u of %u criteria", counted),
                                        wins, counted));
    g_ptr_array_sort (by_weight, compare_verdicts_by_weight);
    for (guint i = 0; i < by_weight->len; i++)
      {
        char *reason = reason_for (by_weight->pdata[i], self->best);
        if (reason != NULL)
          g_ptr_array_add (self->reasons, reason);
      }
  }

  /* Is the overall lead meaningful? */
  {
    FsbScore *a = self->overall->pdata[0], *b = self->overall->pdata[1];
    if (scores_overlap (a, b))
      g_ptr_array_add (self->notes,
                       /* Translators: both %s are filesystems */
                       g_strdup_printf (_("%s is only slightly ahead of %s overall: their results overlap, so either is a sound choice."),
                                        fsb_format_fs_name (a->fs), fsb_format_fs_name (b->fs)));
  }

  /* Ties, section by section. */
  for (guint i = 0; i < self->verdicts->len; i++)
    {
      FsbVerdict *v = self->verdicts->pdata[i];
      g_autoptr(GPtrArray) names = NULL;
      g_autofree char *list = NULL;

      /* ties in what this use case does not weigh are in their sections */
      if (v->tied == NULL || v->weight <= 0)
        continue;
      names = g_ptr_array_new ();
      for (guint j = 0; v->tied[j] != NULL; j++)
        g_ptr_array_add (names, (gpointer) fsb_format_fs_name (v->tied[j]));
      list = fsb_format_join_names ((const char * const *) names->pdata, names->len, FALSE);
      g_ptr_array_add (self->notes, g_strdup_printf (_(v->criterion->text.tied), list));
    }
  return self;
}

/* Output ----------------------------------------------------------------- */

static void
add_score_json (JsonBuilder *b, const FsbScore *s)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "filesystem");
  json_builder_add_string_value (b, s->fs);
  json_builder_set_member_name (b, "score");
  json_builder_add_double_value (b, s->score);
  json_builder_set_member_name (b, "score_min");
  json_builder_add_double_value (b, s->score_min);
  json_builder_set_member_name (b, "score_max");
  json_builder_add_double_value (b, s->score_max);
  json_builder_set_member_name (b, "value");
  json_builder_add_double_value (b, s->value);
  json_builder_set_member_name (b, "metric");
  json_builder_add_string_value (b, s->metric);
  json_builder_end_object (b);
}

static void
add_strings_json (JsonBuilder *b, const char *key, GPtrArray *strings)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value (b, strings->pdata[i]);
  json_builder_end_array (b);
}

JsonNode *
fsb_recommendation_to_json (const FsbRecommendation *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "use_case");
  json_builder_add_string_value (b, fsb_use_case_id (self->use_case));
  json_builder_set_member_name (b, "best");
  if (self->best != NULL)
    json_builder_add_string_value (b, self->best);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "headline");
  json_builder_add_string_value (b, self->headline);
  add_strings_json (b, "reasons", self->reasons);
  add_strings_json (b, "notes", self->notes);

  json_builder_set_member_name (b, "criteria");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->verdicts->len; i++)
    {
      const FsbVerdict *v = self->verdicts->pdata[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, v->criterion->id);
      json_builder_set_member_name (b, "weight");
      json_builder_add_double_value (b, v->weight);
      json_builder_set_member_name (b, "winner");
      json_builder_add_string_value (b, v->winner);
      json_builder_set_member_name (b, "runner_up");
      if (v->runner_up != NULL)
        json_builder_add_string_value (b, v->runner_up);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "tied");
      json_builder_begin_array (b);
      for (guint j = 0; v->tied != NULL && v->tied[j] != NULL; j++)
        json_builder_add_string_value (b, v->tied[j]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "conclusion");
      json_builder_add_string_value (b, v->conclusion);
      json_builder_set_member_name (b, "ranking");
      json_builder_begin_array (b);
      for (guint j = 0; j < v->ranking->len; j++)
        add_score_json (b, v->ranking->pdata[j]);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "overall");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->overall->len; i++)
    add_score_json (b, self->overall->pdata[i]);
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
fsb_recommendation_to_text (const FsbRecommendation *self)
{
  GString *s = g_string_new (self->headline);

  g_string_append_c (s, '\n');
  for (guint i = 0; i < self->reasons->len; i++)
    g_string_append_printf (s, "  • %s\n", (char *) self->reasons->pdata[i]);
  for (guint i = 0; i < self->notes->len; i++)
    g_string_append_printf (s, "%s\n", (char *) self->notes->pdata[i]);
  return g_string_free (s, FALSE);
}
