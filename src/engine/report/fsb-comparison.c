/* fsb-comparison.c: several runs against the first: what differs, and each change */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-chart.h"
#include "fsb-comparison.h"
#include "fsb-format.h"
#include "fsb-recommend.h"
#include "fsb-report-private.h"
#include "fsb-stats.h"
#include "fsb-target-info.h"

/* Labels: each run named by what differs ---------------------------------- */

/* "Linux 6.1.0-27-amd64 x86_64" gives "6.1.0-27-amd64". */
static char *
kernel_release (const char *kernel)
{
  g_auto(GStrv) words = NULL;

  if (kernel == NULL)
    return g_strdup ("?");
  words = g_strsplit (kernel, " ", -1);
  if (g_strv_length (words) >= 2 && strcmp (words[0], "Linux") == 0)
    return g_strdup (words[1]);
  return g_strdup (kernel);
}

static char *
profile_label (FsbResult *r)
{
  if (r->profile == NULL)
    return g_strdup ("?");
  return g_strdup (fsb_profile_known (r->profile) ? fsb_profile_title (r->profile) : r->profile);
}

static gboolean
same_data (FsbResult *a, FsbResult *b)
{
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);

  if (g_strcmp0 (a->profile, b->profile) != 0)
    return FALSE;
  for (guint g = 0; g < n; g++)
    if (!fsb_doc_same_sizes (a, b, groups[g]))
      return FALSE;
  return TRUE;
}

static char *
machine_label (FsbResult *r)
{
  return g_strdup (r->machine.cpu_model != NULL ? r->machine.cpu_model : (r->machine.board != NULL ? r->machine.board : "?"));
}

static char *
target_label (FsbResult *r)
{
  g_autofree char *size = fsb_format_size (r->target.size_bytes);

  if (g_strcmp0 (r->target.kind, "image") == 0)
    /* Translators: a run's target in its short name: "1.6 GB image" */
    return g_strdup_printf (_("%s image"), size);
  /* Translators: a run's target in its short name: "20.0 GB partition" */
  return g_strdup_printf (_("%s partition"), size);
}

static char *
day_of (FsbResult *r)
{
  return fsb_format_date (r->created);
}

typedef struct {
  const char *id;
  char     *(*label) (FsbResult *r);
  gboolean  (*same)  (FsbResult *a, FsbResult *b);
} Attribute;

static gboolean
same_machine (FsbResult *a, FsbResult *b)
{
  return g_strcmp0 (a->machine.cpu_model, b->machine.cpu_model) == 0 && g_strcmp0 (a->machine.board, b->machine.board) == 0 &&
         a->machine.ram_bytes == b->machine.ram_bytes;
}

static gboolean
same_kernel (FsbResult *a, FsbResult *b)
{
  return g_strcmp0 (a->machine.kernel, b->machine.kernel) == 0;
}

static gboolean
same_target (FsbResult *a, FsbResult *b)
{
  return g_strcmp0 (a->target.kind, b->target.kind) == 0 && a->target.size_bytes == b->target.size_bytes &&
         g_strcmp0 (a->target.device_model, b->target.device_model) == 0;
}

static gboolean
same_day (FsbResult *a, FsbResult *b)
{
  g_autofree char *x = day_of (a), *y = day_of (b);

  return g_strcmp0 (x, y) == 0;
}

/* How the caches and the flush were handled, and where the image lay. */
static char *
regime_label (FsbResult *r)
{
  return fsb_target_info_regime_label (&r->target);
}

static gboolean
same_regime (FsbResult *a, FsbResult *b)
{
  return fsb_target_info_same_regime (&a->target, &b->target);
}

static const Attribute attributes[] = {
  { "machine", machine_label, same_machine },
  { "kernel", NULL, same_kernel },
  { "profile", profile_label, same_data },
  { "target", target_label, same_target },
  { "regime", regime_label, same_regime },
};

static void
make_labels (FsbComparison *self)
{
  g_autoptr(GStrvBuilder) differs = g_strv_builder_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  gboolean any_same_day = FALSE;
  gboolean differ[G_N_ELEMENTS (attributes)] = { FALSE };

  for (guint a = 0; a < G_N_ELEMENTS (attributes); a++)
    {
      for (guint i = 1; i < self->n_runs && !differ[a]; i++)
        differ[a] = !attributes[a].same (self->runs[0], self->runs[i]);
      if (differ[a])
        g_strv_builder_add (differs, attributes[a].id);
    }
  for (guint i = 0; i < self->n_runs; i++)
    for (guint j = i + 1; j < self->n_runs; j++)
      any_same_day |= same_day (self->runs[i], self->runs[j]);
  g_strv_builder_add (differs, "date");
  self->differs = g_strv_builder_end (differs);

  self->labels = g_new0 (char *, self->n_runs + 1);
  for (guint i = 0; i < self->n_runs; i++)
    {
      FsbResult *r = self->runs[i];
      GString *s = g_string_new (NULL);
      g_autofree char *when = any_same_day ? fsb_format_date_time (r->created) : fsb_format_date (r->created);

      /* A run the user named (run --label: a host of a fleet) goes by that name. */
      if (r->label != NULL && *r->label != '\0')
        {
          self->labels[i] = g_strdup (r->label);
          g_string_free (s, TRUE);
          continue;
        }
      g_string_append (s, when != NULL && *when != '\0' ? when : "?");
      for (guint a = 0; a < G_N_ELEMENTS (attributes); a++)
        if (differ[a])
          {
            g_autofree char *part = attributes[a].label != NULL ? attributes[a].label (r) : kernel_release (r->machine.kernel);
            /* Translators: joins the parts of a run's name: "30 November 2026 · Quick · AMD EPYC" */
            g_string_append (s, C_("run label", " · "));
            g_string_append (s, part);
          }
      self->labels[i] = g_string_free (s, FALSE);
    }
  /* two runs alike in every way but their number */
  for (guint i = 0; i < self->n_runs; i++)
    for (guint j = i + 1; j < self->n_runs; j++)
      if (g_strcmp0 (self->labels[i], self->labels[j]) == 0)
        {
          char *numbered = g_strdup_printf ("%s (%u)", self->labels[j], j + 1);
          g_free (self->labels[j]);
          self->labels[j] = numbered;
        }

  {
    /* Translators: these are items of a list after “What differs between
     * the runs:”, each on its own, as in “machine, kernel and date” */
    static const char *const names_of[] = { NC_("run difference", "machine"), NC_("run difference", "kernel"),
                                            NC_("run difference", "data"), NC_("run difference", "target"),
                                            NC_("run difference", "measuring conditions"),
                                            NC_("run difference", "date") };
    for (guint a = 0; a < G_N_ELEMENTS (attributes); a++)
      if (differ[a])
        g_ptr_array_add (names, (gpointer) g_dpgettext2 (GETTEXT_PACKAGE, "run difference", names_of[a]));
    g_ptr_array_add (names, (gpointer) g_dpgettext2 (GETTEXT_PACKAGE, "run difference",
                                                     names_of[G_N_ELEMENTS (names_of) - 1]));
    self->what_differs = fsb_format_join_names ((const char * const *) names->pdata, names->len, FALSE);
  }
}

/* Which data ------------------------------------------------------------- */

/* TRUE when run b did this group's work on the same data as run a. The
 * cycle (mkfs, mount, capacity) works on the whole target. */
static gboolean
comparable (FsbResult *a, FsbResult *b, const FsbWorkloadGroup *group)
{
  if (group == NULL)
    return TRUE;  /* your own commands */
  if (group->always && a->target.size_bytes != 0 && b->target.size_bytes != 0 &&
      a->target.size_bytes != b->target.size_bytes)
    return FALSE;
  return fsb_doc_same_sizes (a, b, group);
}

/* "Size of the big file: 35.0 MB against 175.0 MB" */
static char *
first_difference (FsbResult *a, FsbResult *b, const FsbWorkloadGroup *group)
{
  if (group->always && a->target.size_bytes != b->target.size_bytes)
    {
      g_autofree char *x = fsb_format_size (a->target.size_bytes), *y = fsb_format_size (b->target.size_bytes);
      /* Translators: what differs between two runs: a quantity, its value in the reference and in the other run */
      return g_strdup_printf (_("Size of the target: %s against %s"), x, y);
    }
  for (guint p = 0; p < group->n_params; p++)
    {
      double x = 0, y = 0;
      gboolean hx = fsb_doc_result_size (a, group->params[p].id, &x), hy = fsb_doc_result_size (b, group->params[p].id, &y);

      if (hx != hy || x != y)
        {
          g_autofree char *vx = hx ? fsb_doc_format_param (&group->params[p], x) : g_strdup ("?");
          g_autofree char *vy = hy ? fsb_doc_format_param (&group->params[p], y) : g_strdup ("?");
          /* Translators: a quantity (“Size of the big file”), its value in the reference and in the other run */
          return g_strdup_printf (_("%s: %s against %s"), _(group->params[p].name), vx, vy);
        }
    }
  {
    g_autofree char *pa = a->profile != NULL ? fsb_profile_display_name (a->profile) : g_strdup ("?");
    g_autofree char *pb = b->profile != NULL ? fsb_profile_display_name (b->profile) : g_strdup ("?");

    /* Translators: what differs between two runs when only the profile's name
     * says it: the profile of the reference, then of the other run */
    return g_strdup_printf (_("Profile: %s against %s"), pa, pb);
  }
}

static void
note_incomparable (FsbComparison *self, guint run, const FsbWorkloadGroup *group, const char *section)
{
  g_autofree char *key = g_strdup_printf ("%u:%s", run, group->id);
  g_autofree char *what = NULL;

  if (!g_ptr_array_find_with_equal_func (self->incomparable_sections, section, g_str_equal, NULL))
    g_ptr_array_add (self->incomparable_sections, (gpointer) section);
  for (guint i = 0; i < self->warnings->len; i++)
    if (g_str_has_prefix (self->warnings->pdata[i], key))
      return;
  what = first_difference (self->runs[0], self->runs[run], group);
  {
    /* Translators: the first %s is a run's name, the second a workload group ("Core study"), the third what differs */
    g_autofree char *text = g_strdup_printf (_("“%s” ran “%s” on other data than the reference (%s): its figures are "
                                               "shown, but no change is computed for them."),
                                             self->labels[run], _(group->name), what);
    /* the key is stripped once every warning is in */
    g_ptr_array_add (self->warnings, g_strdup_printf ("%s\x1f%s", key, text));
  }
}

/* Rows ------------------------------------------------------------------- */

static void
row_free (FsbComparisonRow *row)
{
  g_free (row->task);
  g_free (row->fs);
  g_free (row->median);
  g_free (row->low);
  g_free (row->high);
  g_free (row->estimate);
  g_free (row->change);
  g_free (row);
}

static void
compute_change (FsbComparisonRow *row, guint i, gboolean interval)
{
  FsbChange *c = &row->change[i];
  double ref = row->median[0], v = row->median[i];

  if (isnan (ref) || isnan (v) || (row->scale == FSB_COMPARE_RATIO && (ref <= 0 || v <= 0)))
    {
      c->kind = FSB_CHANGE_MISSING;
      return;
    }
  c->interval = interval;
  if (row->scale == FSB_COMPARE_RATIO)
    {
      const FsbLogEstimate *better = row->higher_is_better ? &row->estimate[i] : &row->estimate[0];
      const FsbLogEstimate *worse = row->higher_is_better ? &row->estimate[0] : &row->estimate[i];

      c->value = row->higher_is_better ? v / ref : ref / v;
      if (isfinite (better->var) && isfinite (worse->var))
        {
          /* the ratio's own 95 % interval, as the verdict has it (fsb-stats.c) */
          FsbLogEstimate d;
          fsb_log_estimate_diff (better, worse, &d);
          fsb_log_estimate_interval (&d, &c->low, &c->high);
        }
      else if (row->higher_is_better)
        {
          c->low = row->low[i] / MAX (row->high[0], 1e-300);
          c->high = row->high[i] / MAX (row->low[0], 1e-300);
        }
      else
        {
          c->low = row->low[0] / MAX (row->high[i], 1e-300);
          c->high = row->high[0] / MAX (row->low[i], 1e-300);
        }
      if (interval && c->low <= 1 && 1 <= c->high)
        c->kind = FSB_CHANGE_NOISE;
      else
        c->kind = c->value > 1 ? FSB_CHANGE_BETTER : c->value < 1 ? FSB_CHANGE_WORSE : FSB_CHANGE_SAME;
      return;
    }
  c->value = v - ref;
  c->low = row->low[i] - row->high[0];
  c->high = row->high[i] - row->low[0];
  if (interval && c->low <= 0 && 0 <= c->high)
    c->kind = FSB_CHANGE_NOISE;
  else if (fabs (c->value) < 0.005)
    c->kind = FSB_CHANGE_SAME;
  else
    c->kind = (c->value > 0) == row->higher_is_better ? FSB_CHANGE_BETTER : FSB_CHANGE_WORSE;
}

static FsbComparisonRow *
row_new (FsbComparison *self, const char *section, const char *task, const char *fs, const char *metric)
{
  FsbComparisonRow *row = g_new0 (FsbComparisonRow, 1);

  row->section = section;
  row->task = g_strdup (task);
  row->fs = g_strdup (fs);
  row->metric = metric;
  row->n_runs = self->n_runs;
  row->median = g_new (double, self->n_runs);
  row->low = g_new (double, self->n_runs);
  row->high = g_new (double, self->n_runs);
  row->estimate = g_new (FsbLogEstimate, self->n_runs);
  row->change = g_new0 (FsbChange, self->n_runs);
  for (guint i = 0; i < self->n_runs; i++)
    {
      row->median[i] = row->low[i] = row->high[i] = NAN;
      row->estimate[i] = (FsbLogEstimate) { 0, INFINITY, 0 };
    }
  return row;
}

/* Fills and judges a row; group: whose data the task ran on. */
static void
finish_row (FsbComparison *self, FsbComparisonRow *row, const guint *n_samples, const FsbWorkloadGroup *group)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->n_runs; i++)
    any |= !isnan (row->median[i]);
  if (!any)
    {
      row_free (row);
      return;
    }
  for (guint i = 1; i < self->n_runs; i++)
    {
      if (!isnan (row->median[0]) && !isnan (row->median[i]) && group != NULL &&
          !comparable (self->runs[0], self->runs[i], group))
        {
          row->change[i].kind = FSB_CHANGE_INCOMPARABLE;
          note_incomparable (self, i, group, row->section);
          continue;
        }
      compute_change (row, i, n_samples[0] > 1 && n_samples[i] > 1);
    }
  g_ptr_array_add (self->rows, row);
}

static GPtrArray *
all_filesystems (FsbComparison *self)
{
  GPtrArray *names = g_ptr_array_new ();

  for (guint i = 0; i < self->n_runs; i++)
    for (guint f = 0; f < self->runs[i]->filesystems->len; f++)
      {
        const char *name = ((FsbFsResult *) self->runs[i]->filesystems->pdata[f])->name;
        if (!g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL))
          g_ptr_array_add (names, (gpointer) name);
      }
  return names;
}

static GPtrArray *
section_tasks (FsbComparison *self, const char *section)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < self->n_runs; i++)
    {
      g_autoptr(GPtrArray) part = fsb_result_section_tasks (self->runs[i], section);
      for (guint j = 0; j < part->len; j++)
        if (!g_ptr_array_find_with_equal_func (ids, part->pdata[j], g_str_equal, NULL))
          g_ptr_array_add (ids, g_strdup (part->pdata[j]));
    }
  return ids;
}

static void
add_task_rows (FsbComparison *self, const char *section, const char *id, const char *metric,
               gboolean higher, FsbCompareScale scale, GPtrArray *fs_names)
{
  const FsbWorkloadGroup *group = NULL;
  g_autofree guint *n = g_new0 (guint, self->n_runs);

  fsb_catalog_task (id, &group);
  for (guint f = 0; f < fs_names->len; f++)
    {
      FsbComparisonRow *row = row_new (self, section, id, fs_names->pdata[f], metric);

      row->higher_is_better = higher;
      row->scale = scale;
      for (guint i = 0; i < self->n_runs; i++)
        {
          FsbFsResult *fs = fsb_result_find_filesystem (self->runs[i], fs_names->pdata[f]);
          FsbTaskResult *task = fs != NULL ? fsb_fs_result_get_task (fs, id, FALSE) : NULL;
          FsbStats s;

          n[i] = 0;
          if (task != NULL && fsb_task_result_stats (self->runs[i], task, metric, &s) && isfinite (s.median))
            {
              row->median[i] = s.median;
              fsb_chart_interval (&s, &row->low[i], &row->high[i]);
              if (s.positive)
                row->estimate[i] = s.estimate;
              n[i] = s.n;
            }
        }
      finish_row (self, row, n, group);
    }
}

static void
add_capacity_rows (FsbComparison *self, const char *section, GPtrArray *fs_names)
{
  const FsbWorkloadGroup *cycle = NULL;
  g_autofree guint *n = g_new0 (guint, self->n_runs);

  fsb_catalog_task ("mkfs", &cycle);
  for (guint k = 0; k < 2; k++)
    for (guint f = 0; f < fs_names->len; f++)
      {
        FsbComparisonRow *row = row_new (self, section, k == 0 ? "capacity-initial" : "capacity-residual",
                                         fs_names->pdata[f], "percent");

        row->higher_is_better = TRUE;
        row->scale = FSB_COMPARE_POINTS;
        for (guint i = 0; i < self->n_runs; i++)
          {
            FsbFsResult *fs = fsb_result_find_filesystem (self->runs[i], fs_names->pdata[f]);
            const FsbCapacity *c = fs == NULL ? NULL : k == 0 ? &fs->capacity_initial : &fs->capacity_residual;

            n[i] = 1;
            if (c != NULL && c->percent > 0)
              row->median[i] = row->low[i] = row->high[i] = c->percent;
          }
        finish_row (self, row, n, cycle);
      }
}

FsbComparison *
fsb_comparison_new (FsbResult * const *runs, guint n_runs)
{
  FsbComparison *self = g_new0 (FsbComparison, 1);
  g_autoptr(GPtrArray) fs_names = NULL;

  g_return_val_if_fail (runs != NULL && n_runs > 0, NULL);
  self->n_runs = n_runs;
  self->runs = g_new0 (FsbResult *, n_runs);
  for (guint i = 0; i < n_runs; i++)
    self->runs[i] = fsb_result_ref (runs[i]);
  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) row_free);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  self->incomparable_sections = g_ptr_array_new ();
  make_labels (self);
  fs_names = all_filesystems (self);

  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      const FsbCriterionSpec *section = fsb_catalog_nth_criterion (c);
      g_autoptr(GPtrArray) ids = NULL;

      if (section->score == FSB_SCORE_CAPACITY)
        {
          add_capacity_rows (self, section->id, fs_names);
          continue;
        }
      if (section->score == FSB_SCORE_TRANSFER)
        continue;   /* between the filesystems of one run */
      if (section->score == FSB_SCORE_CPU)
        {
          /* the CPU share of every task, section by section */
          for (guint s = 0; s < fsb_catalog_n_criteria (); s++)
            {
              const FsbCriterionSpec *other = fsb_catalog_nth_criterion (s);
              g_autoptr(GPtrArray) part = NULL;

              if (other->score != FSB_SCORE_TASKS)
                continue;
              part = section_tasks (self, other->id);
              for (guint t = 0; t < part->len; t++)
                add_task_rows (self, section->id, part->pdata[t], "cpu_percent", FALSE, FSB_COMPARE_POINTS, fs_names);
            }
          continue;
        }
      ids = section_tasks (self, section->id);
      for (guint t = 0; t < ids->len; t++)
        {
          gboolean higher = FALSE;
          const char *metric = fsb_task_metric (ids->pdata[t], &higher);
          add_task_rows (self, section->id, ids->pdata[t], metric, higher, FSB_COMPARE_RATIO, fs_names);
        }
    }

  /* the warnings without their sorting keys */
  for (guint i = 0; i < self->warnings->len; i++)
    {
      char *w = self->warnings->pdata[i];
      char *text = g_strdup (strchr (w, '\x1f') + 1);
      g_free (w);
      self->warnings->pdata[i] = text;
    }
  return self;
}

void
fsb_comparison_free (FsbComparison *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n_runs; i++)
    fsb_result_unref (self->runs[i]);
  g_free (self->runs);
  g_strfreev (self->labels);
  g_strfreev (self->differs);
  g_free (self->what_differs);
  g_ptr_array_unref (self->rows);
  g_ptr_array_unref (self->warnings);
  g_ptr_array_unref (self->incomparable_sections);
  g_free (self);
}

GPtrArray *
fsb_comparison_section_rows (FsbComparison *self, const char *section)
{
  GPtrArray *rows = g_ptr_array_new ();

  for (guint i = 0; i < self->rows->len; i++)
    if (g_strcmp0 (((FsbComparisonRow *) self->rows->pdata[i])->section, section) == 0)
      g_ptr_array_add (rows, self->rows->pdata[i]);
  return rows;
}

/* Words ------------------------------------------------------------------ */

char *
fsb_comparison_format_value (const FsbComparisonRow *row, guint run)
{
  return fsb_comparison_format_value_as (row, run, NAN);
}

double
fsb_comparison_time_reference (GPtrArray *rows)
{
  double reference = 0, scale;

  for (guint r = 0; r < rows->len; r++)
    {
      const FsbComparisonRow *row = rows->pdata[r];

      if (fsb_format_metric_is_time (row->metric, &scale))
        for (guint i = 0; i < row->n_runs; i++)
          if (!isnan (row->median[i]))
            reference = MAX (reference, row->median[i] * scale);
    }
  return reference;
}

char *
fsb_comparison_format_value_as (const FsbComparisonRow *row, guint run, double reference_s)
{
  double v = row->median[run], scale, reference = 0;

  if (isnan (v))
    return g_strdup ("—");
  if (g_strcmp0 (row->metric, "percent") == 0)
    return fsb_format_percent (v, 2);
  if (fsb_format_metric_is_time (row->metric, &scale))
    {
      if (!isnan (reference_s))
        return fsb_format_time_as (v * scale, reference_s);
      /* the figures of a row share the unit of its largest */
      for (guint i = 0; i < row->n_runs; i++)
        if (!isnan (row->median[i]))
          reference = MAX (reference, row->median[i]);
      return fsb_format_time_as (v * scale, reference * scale);
    }
  return fsb_format_value_unit (v, row->metric);
}

static char *
ratio_interval (double low, double high)
{
  return fsb_format_ratio_range (low, high);
}

char *
fsb_comparison_format_change (const FsbComparisonRow *row, guint run)
{
  const FsbChange *c = &row->change[run];
  g_autofree char *interval = NULL;
  g_autofree char *amount = NULL;

  if (run == 0 || c->kind == FSB_CHANGE_MISSING)
    return g_strdup ("—");
  if (c->kind == FSB_CHANGE_INCOMPARABLE)
    /* Translators: in the column of changes, when the runs used different data */
    return g_strdup (_("not comparable: other data"));

  if (row->scale == FSB_COMPARE_POINTS)
    {
      amount = fsb_format_points (c->value);
      if (c->kind == FSB_CHANGE_SAME)
        /* Translators: a change in percentage points, the same in both runs */
        return g_strdup (C_("change", "no change"));
      if (c->kind == FSB_CHANGE_NOISE)
        /* Translators: %s is a difference in percentage points, "+1.2 pp" */
        return g_strdup_printf (_("%s, within noise"), amount);
      if (g_strcmp0 (row->metric, "cpu_percent") == 0)
        return g_strdup_printf (c->kind == FSB_CHANGE_BETTER
                                /* Translators: %s is a difference in percentage points, “−1.2 pp” */
                                ? _("%s, less CPU")
                                /* Translators: %s is a difference in percentage points, “+1.2 pp” */
                                : _("%s, more CPU"), amount);
      return g_strdup_printf (c->kind == FSB_CHANGE_BETTER
                              /* Translators: %s is a difference in percentage points, “+1.2 pp” */
                              ? _("%s, better")
                              /* Translators: %s is a difference in percentage points, “−1.2 pp” */
                              : _("%s, worse"), amount);
    }

  switch (c->kind)
    {
    case FSB_CHANGE_NOISE:
      interval = ratio_interval (c->low, c->high);
      /* Translators: %s is the interval of the speed-up, "0.92–1.10×" */
      return g_strdup_printf (_("within noise (%s)"), interval);
    case FSB_CHANGE_SAME:
      return g_strdup (C_("change", "no change"));
    case FSB_CHANGE_BETTER:
      amount = fsb_format_ratio (c->value);
      if (!c->interval)
        /* Translators: %s is a ratio, "2.8×" */
        return g_strdup_printf (_("%s faster"), amount);
      interval = ratio_interval (c->low, c->high);
      /* Translators: the first %s is a ratio, "2.8×", the second its interval, "2.1–3.5×" */
      return g_strdup_printf (_("%s faster (%s)"), amount, interval);
    case FSB_CHANGE_WORSE:
    default:
      amount = fsb_format_ratio (1 / c->value);
      if (!c->interval)
        /* Translators: %s is a percentage, “12 %” */
        return g_strdup_printf (_("%s slower"), amount);
      interval = ratio_interval (1 / c->high, 1 / c->low);
      /* Translators: %s is a percentage, “12 %” */
      return g_strdup_printf (_("%s slower (%s)"), amount, interval);
    }
}
