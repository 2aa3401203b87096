/* fsb-report-document.c: the report as blocks, and what its parts share */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-kernel-cmdline.h"
#include "fsb-report-private.h"

/* Blocks ----------------------------------------------------------------- */

static void
block_free (FsbBlock *block)
{
  g_free (block->text);
  g_free (block->id);
  g_clear_pointer (&block->items, g_ptr_array_unref);
  g_clear_pointer (&block->best, g_array_unref);
  g_clear_pointer (&block->result, fsb_result_unref);
  g_free (block);
}

FsbDocument *
fsb_document_new (void)
{
  FsbDocument *doc = g_new0 (FsbDocument, 1);

  doc->blocks = g_ptr_array_new_with_free_func ((GDestroyNotify) block_free);
  doc->results = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_result_unref);
  return doc;
}

void
fsb_document_free (FsbDocument *doc)
{
  if (doc == NULL)
    return;
  g_free (doc->title);
  g_free (doc->language);
  g_ptr_array_unref (doc->blocks);
  g_ptr_array_unref (doc->results);
  g_clear_pointer (&doc->recommendation, fsb_recommendation_free);
  g_free (doc);
}

FsbBlock *
fsb_doc_add (FsbDocument *doc, FsbBlockKind kind, const char *text)
{
  FsbBlock *block = g_new0 (FsbBlock, 1);

  block->kind = kind;
  block->text = g_strdup (text);
  g_ptr_array_add (doc->blocks, block);
  return block;
}

void
fsb_doc_add_take (FsbDocument *doc, FsbBlockKind kind, char *text)
{
  fsb_doc_add (doc, kind, text);
  g_free (text);
}

FsbBlock *
fsb_doc_add_list (FsbDocument *doc, FsbBlockKind kind)
{
  FsbBlock *block = fsb_doc_add (doc, kind, NULL);

  block->items = g_ptr_array_new_with_free_func (g_free);
  return block;
}

char *
fsb_doc_fact_label (const char *key)
{
  /* Translators: a label before its value, "Processor:"; French puts a
   * no-break space before the colon */
  return g_strdup_printf (C_("fact label", "%s:"), key);
}

void
fsb_doc_add_fact (FsbBlock *facts, const char *key, const char *value)
{
  if (value == NULL || *value == '\0')
    return;
  g_ptr_array_add (facts->items, g_strdup (key));
  g_ptr_array_add (facts->items, g_strdup (value));
}

FsbBlock *
fsb_doc_add_table (FsbDocument *doc, guint64 numeric, ...)
{
  FsbBlock *block = fsb_doc_add (doc, FSB_BLOCK_TABLE, NULL);
  GPtrArray *header = g_ptr_array_new_with_free_func (g_free);
  va_list ap;
  const char *cell;

  block->items = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  block->numeric = numeric;
  va_start (ap, numeric);
  while ((cell = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (header, g_strdup (cell));
  va_end (ap);
  g_ptr_array_add (block->items, header);
  return block;
}

GPtrArray *
fsb_doc_table_row (FsbBlock *table)
{
  GPtrArray *row = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (table->items, row);
  return row;
}

void
fsb_doc_add_chart (FsbDocument *doc, FsbResult *result, FsbChartKind kind, const char *section,
           const char *id, const char *title, gboolean with_title)
{
  FsbBlock *block = fsb_doc_add (doc, FSB_BLOCK_CHART, title);

  block->id = g_strdup (id);
  block->result = fsb_result_ref (result);
  block->chart.kind = kind;
  block->chart.section = section;
  /* a single report's section heading already names the chart */
  block->chart.title = with_title ? block->text : NULL;
}

/* Shared by the study and the comparison --------------------------------- */

char *
fsb_doc_fs_list (FsbResult *result)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < result->filesystems->len; i++)
    g_ptr_array_add (names, (gpointer) fsb_format_fs_name (((FsbFsResult *) result->filesystems->pdata[i])->name));
  return fsb_format_join_names ((const char * const *) names->pdata, names->len, FALSE);
}

char *
fsb_doc_format_date (const char *iso)
{
  return fsb_format_date_time (iso);
}

const FsbScore *
fsb_doc_find_score (GPtrArray *scores, const char *fs)
{
  for (guint i = 0; i < scores->len; i++)
    if (g_strcmp0 (((FsbScore *) scores->pdata[i])->fs, fs) == 0)
      return scores->pdata[i];
  return NULL;
}

char *
fsb_doc_score_figure (GPtrArray *scores, const char *fs)
{
  const FsbScore *s = fsb_doc_find_score (scores, fs);
  double reference = 0;

  if (s == NULL || !s->complete)
    return g_strdup ("—");
  /* the column's unit and a share's decimals are its largest figure's */
  for (guint i = 0; i < scores->len; i++)
    if (((FsbScore *) scores->pdata[i])->complete && isfinite (((FsbScore *) scores->pdata[i])->value))
      reference = MAX (reference, fabs (((FsbScore *) scores->pdata[i])->value));
  return fsb_format_figure_as (s->value, s->metric, reference);
}

GPtrArray *
fsb_doc_summary_verdicts (const FsbRecommendation *rec)
{
  GPtrArray *verdicts = g_ptr_array_new ();

  for (guint i = 0; i < rec->verdicts->len; i++)
    if (((FsbVerdict *) rec->verdicts->pdata[i])->weight > 0)
      g_ptr_array_add (verdicts, rec->verdicts->pdata[i]);
  if (verdicts->len == 0)
    for (guint i = 0; i < rec->verdicts->len; i++)
      g_ptr_array_add (verdicts, rec->verdicts->pdata[i]);
  return verdicts;
}

char *
fsb_doc_run_key (guint i)
{
  return g_strdup_printf ("r%u", i + 1);
}

char *
fsb_doc_result_label (FsbResult *result, const char * const *labels, guint i)
{
  if (labels != NULL && labels[i] != NULL)
    return g_strdup (labels[i]);
  return fsb_doc_format_date (result->created);
}

char *
fsb_doc_describe_target (FsbResult *r)
{
  g_autofree char *size = fsb_format_size (r->target.size_bytes);

  if (g_strcmp0 (r->target.kind, "image") == 0)
    {
      if (r->target.host.filesystem != NULL)
        /* Translators: the first %s is a size, the second a filesystem: "a 4.0 GB disk image on ext4" */
        return g_strdup_printf (_("a %s disk image on %s"), size, fsb_format_fs_name (r->target.host.filesystem));
      /* Translators: %s is a size, “4.0 GB” */
      return g_strdup_printf (_("a %s disk image"), size);
    }
  if (r->target.device != NULL)
    /* Translators: the first %s is a size, the second a device: "the 20 GB partition /dev/sdb1" */
    return g_strdup_printf (_("the %s partition %s"), size, r->target.device);
  /* Translators: %s is a size, “500 GB” */
  return g_strdup_printf (_("a %s partition"), size);
}

char *
fsb_doc_chart_caption (FsbResult *r)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;

  if (r->machine.cpu_model != NULL)
    g_ptr_array_add (parts, r->machine.cores > 0
                            /* Translators: a processor’s model, then its number of cores */
                            ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u core", "%s, %u cores", r->machine.cores),
                                               r->machine.cpu_model, r->machine.cores)
                            : g_strdup (r->machine.cpu_model));
  if (r->machine.distribution != NULL)
    g_ptr_array_add (parts, g_strdup (r->machine.distribution));
  g_ptr_array_add (parts, fsb_doc_describe_target (r));
  g_ptr_array_add (parts, fsb_format_date (r->created));
  /* Translators: %u is how many times each filesystem’s tasks ran */
  g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u repetition", "%u repetitions", r->repetitions),
                                           r->repetitions));
  g_ptr_array_add (parts, g_strdup_printf ("FS Bench %s", r->app_version != NULL ? r->app_version : "?"));
  g_ptr_array_add (parts, NULL);
  /* Translators: joins the parts of a chart's caption */
  return g_strjoinv (C_("caption", " · "), (char **) parts->pdata);
}

gboolean
fsb_doc_section_has_data (FsbResult *r, const FsbCriterionSpec *section)
{
  FsbChartOptions o = { .kind = FSB_CHART_SECTION, .section = section->id };

  if (section->score == FSB_SCORE_CAPACITY)
    o.kind = FSB_CHART_CAPACITY;
  else if (section->score == FSB_SCORE_TRANSFER)
    o.kind = FSB_CHART_TRANSFER;
  else if (section->score == FSB_SCORE_CPU)
    return FALSE;   /* over every task: a section of its own at the end */
  else if (section->score == FSB_SCORE_AGED)
    return fsb_doc_aging_has_data (r);
  if (fsb_chart_has_data (r, &o))
    return TRUE;
  /* a section whose every sample failed still belongs in the report, its errors said */
  if (section->score == FSB_SCORE_TASKS || section->score == FSB_SCORE_DURABILITY
      || section->score == FSB_SCORE_DETECTION)
    {
      g_autoptr(GPtrArray) ids = fsb_result_section_tasks (r, section->id);
      return ids->len > 0;
    }
  return FALSE;
}

char *
fsb_doc_column_title (const char *name, const char *metric)
{
  const char *unit = fsb_metric_unit (metric);

  return *unit != '\0' ? g_strdup_printf (_("%s (%s)"), name, unit) : g_strdup (name);
}

/* The data ---------------------------------------------------------------- */

/* Results from before 0.2 have no sizes, only the dataset's manifest. */
static const struct { const char *id, *manifest; } manifest_keys[] = {
  { "big-file", "big_file_bytes" }, { "tree-size", "tree_bytes" }, { "tree-files", "tree_files" },
  { "tree-dirs", "tree_dirs" }, { "tree-min-file", "tree_min_file" }, { "tree-max-file", "tree_max_file" },
};

gboolean
fsb_doc_result_size (FsbResult *r, const char *id, double *value)
{
  if (r->sizes != NULL && fsb_sizes_has (r->sizes, id))
    {
      *value = fsb_sizes_get (r->sizes, id);
      return TRUE;
    }
  if (r->dataset != NULL && JSON_NODE_HOLDS_OBJECT (r->dataset))
    for (guint i = 0; i < G_N_ELEMENTS (manifest_keys); i++)
      if (strcmp (manifest_keys[i].id, id) == 0)
        {
          JsonNode *n = json_object_get_member (json_node_get_object (r->dataset), manifest_keys[i].manifest);
          if (n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64)
            {
              *value = (double) json_node_get_int (n);
              return *value >= 0;
            }
        }
  return FALSE;
}

char *
fsb_doc_format_param (const FsbParamSpec *param, double value)
{
  switch (param->kind)
    {
    case FSB_PARAM_BYTES:
      return fsb_format_size ((guint64) MAX (value, 0));
    case FSB_PARAM_SECONDS:
      return fsb_format_duration (value);
    case FSB_PARAM_COUNT:
    default:
      return fsb_format_number (value, 0);
    }
}

gboolean
fsb_doc_group_ran (FsbResult *r, const FsbWorkloadGroup *group)
{
  /* a step the runner adds (fsck-full) is not the group's own work */
  for (guint t = 0; t < group->n_tasks; t++)
    for (guint f = 0; f < r->filesystems->len && (group->tasks[t].run != NULL || group->always); f++)
      if (fsb_fs_result_get_task (r->filesystems->pdata[f], group->tasks[t].id, FALSE) != NULL)
        return TRUE;
  return group->across_filesystems && r->transfers->len > 0;
}

/* "a big file of 35.0 MB; a tree of 375 files in 45 folders, 95.0 MB in all", as the study opens. */
char *
fsb_doc_dataset_sentence (FsbResult *r)
{
  double big = 0, tree = 0, files = 0, dirs = 0;
  GString *s = g_string_new (NULL);
  const FsbWorkloadGroup *core = fsb_catalog_group ("core");

  if (core == NULL || !fsb_doc_group_ran (r, core))
    return g_string_free (s, FALSE);
  if (fsb_doc_result_size (r, "big-file", &big) && big > 0)
    {
      g_autofree char *size = fsb_format_size ((guint64) big);
      /* Translators: %s is a size, "35.0 MB" */
      g_string_append_printf (s, _("a big file of %s"), size);
    }
  if (fsb_doc_result_size (r, "tree-files", &files) && files > 0 && fsb_doc_result_size (r, "tree-size", &tree))
    {
      g_autofree char *size = fsb_format_size ((guint64) tree);
      g_autofree char *n_files = fsb_format_number (files, 0);
      g_autofree char *n_dirs = NULL;
      g_autofree char *part = NULL;

      if (fsb_doc_result_size (r, "tree-dirs", &dirs) && dirs > 0)
        {
          g_autofree char *files_part = NULL;

          n_dirs = fsb_format_number (dirs, 0);
          /* Translators: the count of files of a tree, as “a tree of …” says it: “375 files” */
          files_part = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s file", "%s files", (gulong) files), n_files);
          /* Translators: a file tree: the count of its files (“375 files”), of its folders, and its size:
           * "a tree of 375 files in 45 folders, 95.0 MB in all"; the plural follows the folders */
          part = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "a tree of %s in %s folder, %s in all",
                                               "a tree of %s in %s folders, %s in all", (gulong) dirs),
                                  files_part, n_dirs, size);
        }
      else
        /* Translators: a file tree: a count of files and its size */
        part = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "a tree of %s file, %s in all",
                                             "a tree of %s files, %s in all", (gulong) files), n_files, size);
      if (s->len > 0)
        /* Translators: joins the parts of a description of the data: "a big file of 35 MB; a tree of …" */
        g_string_append (s, C_("dataset", "; "));
      g_string_append (s, part);
    }
  if (s->len > 0)
    {
      FsbDataKind kind;

      if (fsb_result_data_kind (r, &kind))
        {
          /* Translators: joins the parts of a description of the data: "a big file of 35 MB; a tree of …" */
          g_string_append (s, C_("dataset", "; "));
          g_string_append (s, fsb_data_kind_phrase (kind));
        }
    }
  return g_string_free (s, FALSE);
}

/* The sizes a group ran with, as facts: "Size of the big file: 35.0 MB". */
FsbBlock *
fsb_doc_add_group_sizes (FsbDocument *doc, FsbResult *r, const FsbWorkloadGroup *group)
{
  FsbBlock *facts = NULL;

  for (guint p = 0; p < group->n_params; p++)
    {
      double value;
      g_autofree char *text = NULL;

      if (!fsb_doc_result_size (r, group->params[p].id, &value))
        continue;
      if (facts == NULL)
        facts = fsb_doc_add_list (doc, FSB_BLOCK_FACTS);
      text = fsb_doc_format_param (&group->params[p], value);
      fsb_doc_add_fact (facts, _(group->params[p].name), text);
    }
  return facts;
}

/* TRUE when both results ran this group's tasks on the same data. */
gboolean
fsb_doc_same_sizes (FsbResult *a, FsbResult *b, const FsbWorkloadGroup *group)
{
  for (guint p = 0; p < group->n_params; p++)
    {
      double x, y;
      gboolean has_x = fsb_doc_result_size (a, group->params[p].id, &x);
      gboolean has_y = fsb_doc_result_size (b, group->params[p].id, &y);

      if (has_x != has_y || (has_x && x != y))
        return FALSE;
    }
  /* without sizes on either side, the profile is all there is to go by */
  if (group->n_params > 0 && (a->sizes == NULL || b->sizes == NULL) && a->dataset == NULL && b->dataset == NULL)
    return g_strcmp0 (a->profile, b->profile) == 0;
  return TRUE;
}

/* Machine details ---------------------------------------------------------- */

char *
fsb_doc_virtualization (FsbResult *r)
{
  const char *v = r->machine.virtualization;
  static const char *const containers[] = { "docker", "podman", "lxc", "lxc-libvirt", "systemd-nspawn", "wsl", "openvz" };

  if (v == NULL)
    return NULL;
  if (strcmp (v, "none") == 0)
    /* Translators: what the machine runs on, when no virtual machine or container was detected */
    return g_strdup (C_("virtualization", "none detected"));
  for (guint i = 0; i < G_N_ELEMENTS (containers); i++)
    if (strcmp (v, containers[i]) == 0)
      /* Translators: %s is a container technology, "docker" */
      return g_strdup_printf (C_("virtualization", "a container (%s)"), v);
  if (strcmp (v, "vm") == 0)
    /* Translators: what the machine runs on */
    return g_strdup (C_("virtualization", "a virtual machine"));
  /* Translators: %s is a hypervisor, "kvm" */
  return g_strdup_printf (C_("virtualization", "a virtual machine (%s)"), v);
}

char *
fsb_doc_disk_kind (FsbResult *r)
{
  if (r->target.rotational == 1)
    /* Translators: the kind of disk: a hard disk that spins */
    return g_strdup (_("rotating"));
  if (r->target.rotational == 0)
    /* Translators: the kind of disk: it does not spin (an SSD, or a virtual disk) */
    return g_strdup (_("not rotating (solid-state or virtual)"));
  return NULL;
}

char *
fsb_doc_sectors (FsbResult *r)
{
  if (r->target.logical_block == 0)
    return NULL;
  if (r->target.physical_block == 0 || r->target.physical_block == r->target.logical_block)
    /* Translators: a disk's sector size, "512 bytes" */
    return g_strdup_printf (_("%u bytes"), r->target.logical_block);
  /* Translators: a disk's sector sizes, "512 bytes logical, 4096 physical" */
  return g_strdup_printf (_("%u bytes logical, %u physical"), r->target.logical_block, r->target.physical_block);
}

/* The options of the kernel's command line that can change the figures
 * (a result keeps no other, but one made in memory may hold more). */
char *
fsb_doc_kernel_options (FsbResult *r)
{
  return fsb_kernel_cmdline_keep (r->machine.kernel_cmdline);
}
