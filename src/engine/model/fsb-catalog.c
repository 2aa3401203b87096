/* fsb-catalog.c: the registry of workload groups and the lookups over it */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-age.h"
#include "fsb-catalog.h"
#include "fsb-job.h"

/* Criteria of no group: they read every group's results. */
/* Criteria of no group: they read every group's results. Your own
 * commands count for every use case when you ran some (they are never
 * missing); CPU economy is shown, not counted: on a shared machine it
 * measures the neighbours as much as the filesystem. */
static const FsbCriterionSpec criterion_custom = {
  "custom", N_("Custom commands"), FSB_SCORE_TASKS,
  /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
  { N_("%s ran your own commands the fastest: %s."),
    /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
    N_("%s are tied on your own commands (%s)."),
    /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
    N_("%s needed %s for your own commands.") },
  { { "desktop", 1 }, { "server", 1 }, { "database", 1 }, { "small-files", 1 }, { "media", 1 }, { "nas", 1 }, { "developer", 1 } },
};

static const FsbCriterionSpec criterion_cpu = {
  "cpu", N_("CPU economy"), FSB_SCORE_CPU,
  /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
  { N_("%s uses the least CPU: %s."),
    /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
    N_("%s use the CPU alike (%s)."),
    /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
    N_("%s used %s of the CPU on average.") },
  { { NULL, 0 } },
};

typedef struct {
  GPtrArray  *groups;      /* of const FsbWorkloadGroup* */
  GPtrArray  *criteria;    /* of const FsbCriterionSpec*, in report order */
  GHashTable *tasks;       /* id → const FsbTaskSpec* */
  GHashTable *task_group;  /* id → const FsbWorkloadGroup* */
  GHashTable *task_order;  /* id → order + 1 */
  GHashTable *params;      /* id → const FsbParamSpec* */
  GHashTable *metrics;     /* id → const FsbMetricSpec* */
  GHashTable *param_group; /* id → const FsbWorkloadGroup* */
} Catalog;

static GMutex catalog_lock;
static Catalog *catalog;

static gboolean
index_group (Catalog *c, const FsbWorkloadGroup *g)
{
  for (guint i = 0; i < c->groups->len; i++)
    if (strcmp (((const FsbWorkloadGroup *) c->groups->pdata[i])->id, g->id) == 0)
      return FALSE;
  for (guint i = 0; i < g->n_tasks; i++)
    if (g_hash_table_contains (c->tasks, g->tasks[i].id))
      return FALSE;
  for (guint i = 0; i < g->n_criteria; i++)
    for (guint j = 0; j < c->criteria->len; j++)
      if (strcmp (((const FsbCriterionSpec *) c->criteria->pdata[j])->id, g->criteria[i].id) == 0)
        return FALSE;

  g_ptr_array_add (c->groups, (gpointer) g);
  for (guint i = 0; i < g->n_tasks; i++)
    {
      g_hash_table_insert (c->tasks, (gpointer) g->tasks[i].id, (gpointer) &g->tasks[i]);
      g_hash_table_insert (c->task_group, (gpointer) g->tasks[i].id, (gpointer) g);
      g_hash_table_insert (c->task_order, (gpointer) g->tasks[i].id,
                           GUINT_TO_POINTER (g_hash_table_size (c->task_order) + 1));
    }
  /* The groups' criteria stay ahead of custom and cpu. */
  for (guint i = 0; i < g->n_criteria; i++)
    g_ptr_array_insert (c->criteria, (gint) c->criteria->len - 2, (gpointer) &g->criteria[i]);
  for (guint i = 0; i < g->n_params; i++)
    if (!g_hash_table_contains (c->params, g->params[i].id))
      {
        g_hash_table_insert (c->params, (gpointer) g->params[i].id, (gpointer) &g->params[i]);
        g_hash_table_insert (c->param_group, (gpointer) g->params[i].id, (gpointer) g);
      }
  for (guint i = 0; i < g->n_metrics; i++)
    g_hash_table_insert (c->metrics, (gpointer) g->metrics[i].id, (gpointer) &g->metrics[i]);
  return TRUE;
}

static Catalog *
ensure_catalog (void)
{
  g_mutex_lock (&catalog_lock);
  if (catalog == NULL)
    {
      Catalog *c = g_new0 (Catalog, 1);

      c->groups = g_ptr_array_new ();
      c->criteria = g_ptr_array_new ();
      g_ptr_array_add (c->criteria, (gpointer) &criterion_custom);
      g_ptr_array_add (c->criteria, (gpointer) &criterion_cpu);
      c->tasks = g_hash_table_new (g_str_hash, g_str_equal);
      c->task_group = g_hash_table_new (g_str_hash, g_str_equal);
      c->task_order = g_hash_table_new (g_str_hash, g_str_equal);
      c->params = g_hash_table_new (g_str_hash, g_str_equal);
      c->param_group = g_hash_table_new (g_str_hash, g_str_equal);
      c->metrics = g_hash_table_new (g_str_hash, g_str_equal);
      catalog = c;
    }
  g_mutex_unlock (&catalog_lock);
  return catalog;
}

/* Every lookup: the built-in groups are registered by fsb_engine_init (),
 * from above; the model names none of them. */
static Catalog *
get_catalog (void)
{
  Catalog *c = ensure_catalog ();

  if (c->groups->len == 0)
    g_critical ("The catalog has no workload group: call fsb_engine_init () first");
  return c;
}

gboolean
fsb_catalog_register_group (const FsbWorkloadGroup *group)
{
  Catalog *c = ensure_catalog ();
  gboolean ok;

  g_return_val_if_fail (group != NULL && group->id != NULL, FALSE);
  g_mutex_lock (&catalog_lock);
  ok = index_group (c, group);
  g_mutex_unlock (&catalog_lock);
  return ok;
}

const FsbWorkloadGroup *const *
fsb_catalog_groups (guint *n_groups)
{
  Catalog *c = get_catalog ();

  if (n_groups != NULL)
    *n_groups = c->groups->len;
  return (const FsbWorkloadGroup *const *) c->groups->pdata;
}

const FsbWorkloadGroup *
fsb_catalog_first_across_group (void)
{
  Catalog *c = get_catalog ();

  for (guint i = 0; i < c->groups->len; i++)
    if (((const FsbWorkloadGroup *) c->groups->pdata[i])->across_filesystems)
      return c->groups->pdata[i];
  return NULL;
}

const FsbWorkloadGroup *
fsb_catalog_group (const char *id)
{
  Catalog *c = get_catalog ();

  for (guint i = 0; id != NULL && i < c->groups->len; i++)
    if (strcmp (((const FsbWorkloadGroup *) c->groups->pdata[i])->id, id) == 0)
      return c->groups->pdata[i];
  return NULL;
}

guint
fsb_batch_size (double first_s)
{
  if (!(first_s > 0))
    return FSB_BATCH_MOST;
  if (first_s >= FSB_BATCH_LEAST_S)
    return 1;
  return (guint) MIN (ceil (FSB_BATCH_LEAST_S / first_s), FSB_BATCH_MOST);
}

double
fsb_task_estimate (const FsbTaskSpec *task, const FsbSizes *sizes)
{
  double one;
  guint copies;

  g_return_val_if_fail (task != NULL, 1.0);
  one = task->estimate != NULL ? task->estimate (sizes) : 1.0;
  if (!task->batch)
    return one;
  copies = MAX (task->cold_copies, 1);
  return one * ((FSB_BATCH_MOST + copies - 1) / copies);
}

const FsbTaskSpec *
fsb_catalog_task (const char *id, const FsbWorkloadGroup **group)
{
  Catalog *c = get_catalog ();

  /* a key under conditions is its task's */
  if (id != NULL && strchr (id, '@') != NULL)
    id = fsb_job_key_parse (id, NULL);
  if (group != NULL)
    *group = id != NULL ? g_hash_table_lookup (c->task_group, id) : NULL;
  return id != NULL ? g_hash_table_lookup (c->tasks, id) : NULL;
}

guint
fsb_catalog_n_criteria (void)
{
  return get_catalog ()->criteria->len;
}

const FsbCriterionSpec *
fsb_catalog_nth_criterion (guint i)
{
  Catalog *c = get_catalog ();

  g_return_val_if_fail (i < c->criteria->len, NULL);
  return c->criteria->pdata[i];
}

const FsbCriterionSpec *
fsb_catalog_criterion (const char *id)
{
  Catalog *c = get_catalog ();

  for (guint i = 0; id != NULL && i < c->criteria->len; i++)
    if (strcmp (((const FsbCriterionSpec *) c->criteria->pdata[i])->id, id) == 0)
      return c->criteria->pdata[i];
  return NULL;
}

const FsbParamSpec *
fsb_catalog_param (const char *id, const FsbWorkloadGroup **group)
{
  Catalog *c = get_catalog ();

  if (group != NULL)
    *group = id != NULL ? g_hash_table_lookup (c->param_group, id) : NULL;
  return id != NULL ? g_hash_table_lookup (c->params, id) : NULL;
}

static const FsbUseCaseWeight *
find_weight (const FsbCriterionSpec *criterion, const char *use_case)
{
  for (guint i = 0; use_case != NULL && i < FSB_MAX_USE_CASE_WEIGHTS && criterion->weights[i].use_case != NULL; i++)
    if (strcmp (criterion->weights[i].use_case, use_case) == 0)
      return &criterion->weights[i];
  return NULL;
}

double
fsb_criterion_weight (const FsbCriterionSpec *criterion, const char *use_case)
{
  const FsbUseCaseWeight *w;

  g_return_val_if_fail (criterion != NULL, 0);
  w = find_weight (criterion, use_case);
  return w != NULL ? w->weight : 0;
}

gboolean
fsb_criterion_needed (const FsbCriterionSpec *criterion, const char *use_case)
{
  const FsbUseCaseWeight *w;

  g_return_val_if_fail (criterion != NULL, FALSE);
  w = find_weight (criterion, use_case);
  return w != NULL && w->weight > 0 && !w->when_measured;
}

const FsbWorkloadGroup *
fsb_criterion_group (const char *criterion)
{
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);

  for (guint g = 0; criterion != NULL && g < n; g++)
    for (guint i = 0; i < groups[g]->n_criteria; i++)
      if (strcmp (groups[g]->criteria[i].id, criterion) == 0)
        return groups[g];
  return NULL;
}

char **
fsb_use_case_groups (const char *use_case)
{
  guint n;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n);
  g_autoptr(GStrvBuilder) b = NULL;

  if (use_case == NULL || !g_strv_contains ((const char *const []) { FSB_USE_CASE_IDS, NULL }, use_case))
    return NULL;
  b = g_strv_builder_new ();
  for (guint g = 0; g < n; g++)
    {
      gboolean needed = FALSE;

      for (guint i = 0; i < groups[g]->n_criteria && !groups[g]->always; i++)
        needed |= fsb_criterion_needed (&groups[g]->criteria[i], use_case);
      if (needed)
        g_strv_builder_add (b, groups[g]->id);
    }
  return g_strv_builder_end (b);
}

const char *
fsb_group_missing_program (const char *id)
{
  const FsbWorkloadGroup *g = id != NULL ? fsb_catalog_group (id) : NULL;
  g_autofree char *path = NULL;

  if (g == NULL || g->program == NULL)
    return NULL;
  path = g_find_program_in_path (g->program);
  return path == NULL ? g->program : NULL;
}

const char *
fsb_group_refused_feature (const char *id, int *error_code)
{
  const FsbWorkloadGroup *g = id != NULL ? fsb_catalog_group (id) : NULL;
  int refused;

  if (g == NULL || g->feature == NULL || g->feature_refused == NULL || (refused = g->feature_refused ()) == 0)
    return NULL;
  if (error_code != NULL)
    *error_code = refused;
  return g->feature;
}

static char *
program_reason (const char *program, const char *package)
{
  if (package == NULL)
    /* Translators: a program's name, “git” */
    return g_strdup_printf (_("The %s program is not installed."), program);
  /* Translators: a program's name, “git”, then the Debian package that has it */
  return g_strdup_printf (_("The %s program is not installed (Debian package “%s”)."), program, package);
}

char *
fsb_left_out_reason (const FsbLeftOut *left)
{
  if (left->program != NULL)
    return program_reason (left->program, left->package);
  /* Translators: a facility of the kernel, “io_uring”, then the system's reason, “Operation not permitted” */
  return g_strdup_printf (_("This system does not allow %s: %s."), left->feature,
                          g_strerror (left->error_code > 0 ? left->error_code : EPERM));
}

gboolean
fsb_group_lacks (const char *id, FsbLeftOut *left)
{
  const FsbWorkloadGroup *g = id != NULL ? fsb_catalog_group (id) : NULL;

  memset (left, 0, sizeof *left);
  if (g == NULL)
    return FALSE;
  left->group = (char *) g->id;
  left->program = (char *) fsb_group_missing_program (id);
  left->package = left->program != NULL ? (char *) g->program_package : NULL;
  if (left->program == NULL)
    left->feature = (char *) fsb_group_refused_feature (id, &left->error_code);
  return left->program != NULL || left->feature != NULL;
}

char *
fsb_left_out_sentence (const FsbLeftOut *left)
{
  g_autofree char *why = fsb_left_out_reason (left);

  /* Translators: a workload group, “Git repository”, then why this system cannot run it */
  return g_strdup_printf (_("Left out: %s. %s"), fsb_group_title (left->group), why);
}

char *
fsb_group_unavailable (const char *id)
{
  FsbLeftOut left;

  return fsb_group_lacks (id, &left) ? fsb_left_out_reason (&left) : NULL;
}

char *
fsb_use_case_ids_text (void)
{
  return g_strjoinv (", ", (char **) (const char *const []) { FSB_USE_CASE_IDS, NULL });
}

/* Profiles ---------------------------------------------------------------- */

static const char *const profile_names[] = { "quick", "standard", "seed", "full", NULL };

const char *const *
fsb_profile_names (void)
{
  return profile_names;
}

gboolean
fsb_profile_known (const char *name)
{
  return name != NULL && g_strv_contains (profile_names, name);
}

FsbSizes *
fsb_profile_sizes (const char *name)
{
  FsbProfileSize which;
  guint n_groups;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n_groups);
  FsbSizes *sizes;

  if (g_strcmp0 (name, "quick") == 0)
    which = FSB_PROFILE_QUICK;
  else if (g_strcmp0 (name, "standard") == 0 || g_strcmp0 (name, "full") == 0)
    which = FSB_PROFILE_STANDARD;
  else if (g_strcmp0 (name, "seed") == 0)
    which = FSB_PROFILE_SEED;
  else
    return NULL;

  sizes = fsb_sizes_new ();
  for (guint g = 0; g < n_groups; g++)
    for (guint i = 0; i < groups[g]->n_params; i++)
      if (!fsb_sizes_has (sizes, groups[g]->params[i].id))
        fsb_sizes_set (sizes, groups[g]->params[i].id, groups[g]->params[i].values[which]);
  return sizes;
}

double
fsb_profile_most_seconds (const char *name)
{
  /* what the quick profile is for: an answer in a minute and a half */
  return g_strcmp0 (name, "quick") == 0 ? 90 : 0;
}

const char *
fsb_profile_title (const char *name)
{
  if (g_strcmp0 (name, "quick") == 0)
    return C_("profile", "Quick");
  if (g_strcmp0 (name, "standard") == 0)
    return C_("profile", "Standard");
  if (g_strcmp0 (name, "seed") == 0)
    return C_("profile", "The studies’ sizes");
  if (g_strcmp0 (name, "full") == 0)
    return C_("profile", "Full");
  if (g_strcmp0 (name, "custom") == 0)
    return C_("profile", "Custom sizes");
  return name;
}

/* Task ids ---------------------------------------------------------------- */

gboolean
fsb_task_is_cycle_step (const char *id)
{
  const FsbWorkloadGroup *group = NULL;
  const FsbTaskSpec *task = fsb_catalog_task (id, &group);

  return task != NULL && task->run == NULL && group != NULL && group->always;
}

gboolean
fsb_task_is_aged (const char *id)
{
  FsbConditions c;

  return fsb_job_key_parse (id, &c) != NULL && c.aged;
}

const char *
fsb_task_base_id (const char *id)
{
  const char *base = fsb_job_key_parse (id, NULL);

  return base != NULL ? base : g_intern_string (id);
}

const char *
fsb_task_aged_id (const char *id)
{
  FsbConditions c;
  const char *base = fsb_job_key_parse (id, &c);

  if (base == NULL)
    return g_intern_string (id);
  c.aged = TRUE;
  return fsb_job_key (base, &c);
}

const char *
fsb_task_criterion (const char *id)
{
  const FsbTaskSpec *task = fsb_catalog_task (id, NULL);
  const FsbWorkloadGroup *across;

  if (task != NULL && fsb_task_is_aged (id))
    return FSB_AGED_CRITERION;
  if (task != NULL)
    return task->criterion;
  /* A group across contenders is one step, named as the group, not a task. */
  across = fsb_catalog_group (id);
  if (across != NULL && across->across_filesystems && across->n_criteria > 0)
    return across->criteria[0].id;
  return "custom";
}

const char *
fsb_task_metric (const char *id, gboolean *higher_is_better)
{
  const FsbTaskSpec *task = fsb_catalog_task (id, NULL);

  if (higher_is_better != NULL)
    *higher_is_better = task != NULL && task->higher_is_better;
  return task != NULL ? task->metric : "wall_s";
}

const char *
fsb_task_display_name (const char *id)
{
  const FsbTaskSpec *task;
  const FsbWorkloadGroup *across;

  g_return_val_if_fail (id != NULL, NULL);

  if (g_str_has_prefix (id, "custom:"))
    return id + strlen ("custom:");
  across = fsb_catalog_group (id);
  if (across != NULL && across->across_name != NULL)
    return _(across->across_name);
  if (strcmp (id, FSB_AGE_STEP) == 0)
    return _("Age the filesystem");
  if (strcmp (id, FSB_FIT_STEP) == 0)
    return _("Count the small files that fit");
  task = fsb_catalog_task (id, NULL);
  if (task != NULL && strchr (id, '@') != NULL)
    {
      g_autofree char *name = g_strdup (_(task->name));
      FsbConditions c;

      fsb_job_key_parse (id, &c);
      if (c.jobs > 0)
        {
          char *with = g_strdup_printf (/* Translators: a task's name, run by several jobs at once:
                                         * "Write streams at once (4 jobs)" */
                                        ngettext ("%s (%u job)", "%s (%u jobs)", c.jobs), name, c.jobs);
          g_free (name);
          name = with;
        }
      if (c.iodepth > 0)
        {
          char *with = g_strdup_printf (/* Translators: a task's name, with that many requests in
                                         * flight at once: "Random reads, queued (depth 32)" */
                                        _("%s (depth %u)"), name, c.iodepth);
          g_free (name);
          name = with;
        }
      if (c.aged)
        {
          /* Translators: a task's name, run again on the filesystem once it was
           * filled and churned: "Copy a big file in (aged)" */
          char *with = g_strdup_printf (_("%s (aged)"), name);
          g_free (name);
          name = with;
        }
      /* one string per task and language: kept, like the catalog */
      return g_intern_string (name);
    }
  return task != NULL ? _(task->name) : id;
}

guint
fsb_task_order (const char *id)
{
  Catalog *c = get_catalog ();
  FsbConditions cond = { 0 };
  guint order;

  if (id != NULL && strchr (id, '@') != NULL)
    id = fsb_job_key_parse (id, &cond);
  order = id != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (c->task_order, id)) : 0;
  if (order == 0)
    return G_MAXUINT;
  order = order - 1 + (cond.aged ? g_hash_table_size (c->task_order) : 0);
  /* a series in the order of its counts, after the task's own conditions */
  return order * 65536 + MIN (cond.jobs, 255u) * 256 + MIN (cond.iodepth, 255u);
}

const char *
fsb_criterion_title (const char *id)
{
  const FsbCriterionSpec *c = fsb_catalog_criterion (id);

  return c != NULL ? _(c->title) : id;
}

const char *
fsb_group_title (const char *id)
{
  const FsbWorkloadGroup *g = fsb_catalog_group (id);

  return g != NULL ? _(g->name) : id;
}

/* Metrics ----------------------------------------------------------------- */

/* The figures the runner sets on every sample; the groups add their own. */
static const FsbMetricSpec common_metrics[] = {
  { "wall_s", N_("Time"), N_("s") },
  { "cpu_s", N_("CPU time"), N_("s") },
  { "user_s", N_("User time"), N_("s") },
  { "sys_s", N_("System time"), N_("s") },
  { "cpu_percent", N_("CPU"), N_("%") },
  { "system_cpu_percent", N_("System-wide CPU"), N_("%") },
  { "minor_faults", N_("Minor page faults"), N_("faults") },
  { "major_faults", N_("Major page faults"), N_("faults") },
  { "bytes", N_("Data"), N_("bytes") },
  { "space_used_bytes", N_("Space used"), N_("bytes") },
  { "device_read_bytes", N_("Read from the disk"), N_("bytes") },
  { "device_write_bytes", N_("Written to the disk"), N_("bytes") },
  { "write_amplification", N_("Write amplification"), N_("×") },
  { "files", N_("Files"), N_("files") },
  { "mb_per_s", N_("Throughput"), N_("MB/s") },
  { "percent", N_("Available space"), N_("%") },
};

static const FsbMetricSpec *
metric_lookup (const char *metric)
{
  if (metric == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (common_metrics); i++)
    if (strcmp (common_metrics[i].id, metric) == 0)
      return &common_metrics[i];
  return g_hash_table_lookup (get_catalog ()->metrics, metric);
}

const char *
fsb_metric_unit (const char *metric)
{
  const FsbMetricSpec *info = metric_lookup (metric);

  return info != NULL ? _(info->unit) : "";
}

const char *
fsb_metric_display_name (const char *metric)
{
  const FsbMetricSpec *info = metric_lookup (metric);

  return info != NULL ? _(info->name) : metric;
}
