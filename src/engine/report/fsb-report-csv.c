/* fsb-report-csv.c: every statistic as CSV, for spreadsheets and scripts */
#include "config.h"

#include <locale.h>
#include <string.h>

#include "fsb-chart.h"
#include "fsb-comparison.h"
#include "fsb-recommend.h"
#include "fsb-report-private.h"
#include "fsb-stats.h"
#include "fsb-text.h"

/* RFC 4180 quoting, and no formula. A spreadsheet runs a field that
 * starts with = + - @ (or a tab or a carriage return) as a formula, and
 * Excel splits fields on ';' where ',' is the decimal mark (German,
 * French). So every text with a separator (',' or ';'), a quote or a line
 * break is quoted, and one with a formula start is quoted with an
 * apostrophe first, inside the quotes, as OWASP recommends. Control
 * characters never reach the file. */
static void
csv_field (GString *out, const char *text, gboolean is_text)
{
  g_autofree char *clean = fsb_text_sanitize (text != NULL ? text : "", -1);
  gboolean formula = is_text && clean[0] != '\0' && strchr ("=+-@\t\r", clean[0]) != NULL;
  gsize len = strlen (clean);
  gboolean quote = formula || strpbrk (clean, ",;\"\r\n") != NULL
                   || (len > 0 && (clean[0] == ' ' || clean[len - 1] == ' '));

  if (!quote)
    {
      g_string_append (out, clean);
      return;
    }
  g_string_append_c (out, '"');
  if (formula)
    g_string_append_c (out, '\'');
  for (const char *p = clean; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* A comparison's rows carry their run's key ("r2": labels may repeat), and
 * each figure's ratio to the first run's and the comparison's change. */
typedef struct {
  GString       *out;
  const char    *label;
  char          *run;          /* "r1", "r2", …; NULL: a single result */
  guint          index;
  GHashTable    *baseline;     /* fs, task, metric, statistic → the first run's value (double *) */
  GHashTable    *changes;      /* task, fs, metric → its FsbComparisonRow; task, fs → one of them */
} Csv;

static void
csv_number (GString *out, double value)
{
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  /* C numbers: a CSV must read the same in every locale. The shortest
   * form that reads back to the same double: 92.77, not 92.769999999999996. */
  g_ascii_formatd (number, sizeof number, "%.15g", value);
  if (g_ascii_strtod (number, NULL) != value)
    g_ascii_dtostr (number, sizeof number, value);
  csv_field (out, number, FALSE);
}

/* Words for programs, as the statistics' names: not translated. */
static const char *
change_id (FsbChangeKind kind)
{
  switch (kind)
    {
    case FSB_CHANGE_INCOMPARABLE: return "incomparable";
    case FSB_CHANGE_NOISE:        return "noise";
    case FSB_CHANGE_BETTER:       return "better";
    case FSB_CHANGE_WORSE:        return "worse";
    case FSB_CHANGE_SAME:         return "same";
    case FSB_CHANGE_MISSING:
    default:                      return "";
    }
}

/* The ratio to the first run and the change, after a comparison's row. */
static void
csv_compare_fields (Csv *csv, const char *fs, const char *task, const char *metric,
                    const char *statistic, double value)
{
  /* a constant's value is its median: one run's "value" meets another's "median" */
  g_autofree char *key = g_strjoin ("\x1f", fs, task, metric, g_str_equal (statistic, "value") ? "median" : statistic,
                                    NULL);
  g_autofree char *row_key = g_strjoin ("\x1f", task, fs, metric, NULL);
  g_autofree char *task_key = g_strjoin ("\x1f", task, fs, NULL);
  const FsbComparisonRow *row = g_hash_table_lookup (csv->changes, row_key);
  const FsbComparisonRow *any = g_hash_table_lookup (csv->changes, task_key);
  gboolean incomparable = any != NULL && any->change[csv->index].kind == FSB_CHANGE_INCOMPARABLE;
  const double *first = csv->index > 0 ? g_hash_table_lookup (csv->baseline, key) : &value;
  const char *change = "";

  if (csv->index == 0)
    g_hash_table_insert (csv->baseline, g_steal_pointer (&key), g_memdup2 (&value, sizeof value));
  g_string_append_c (csv->out, ',');
  g_string_append (csv->out, csv->run);
  g_string_append_c (csv->out, ',');
  /* other data: a ratio would claim a change that was not measured */
  if (first != NULL && *first != 0 && !incomparable)
    csv_number (csv->out, value / *first);
  g_string_append_c (csv->out, ',');
  if (incomparable)
    change = change_id (FSB_CHANGE_INCOMPARABLE);
  else if (row != NULL && (g_str_equal (statistic, "median") || g_str_equal (statistic, "value")))
    change = change_id (row->change[csv->index].kind);
  g_string_append (csv->out, change);
}

static void
csv_row (Csv *csv, const char *fs, const char *section, const char *task,
         const char *metric, const char *statistic, double value, const char *unit)
{
  const char *texts[] = { csv->label, fs, section, task, metric, statistic };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      csv_field (csv->out, texts[i], TRUE);
      g_string_append_c (csv->out, ',');
    }
  csv_number (csv->out, value);
  g_string_append_c (csv->out, ',');
  csv_field (csv->out, unit, TRUE);
  if (csv->run != NULL)
    csv_compare_fields (csv, fs, task, metric, statistic, value);
  g_string_append (csv->out, "\r\n");
}

/* Units in C: the file is for programs. */
static const char *
metric_unit (const char *metric)
{
  static const struct { const char *m, *u; } units[] = {
    { "wall_s", "s" }, { "cpu_s", "s" }, { "user_s", "s" }, { "sys_s", "s" },
    { "cpu_percent", "%" }, { "system_cpu_percent", "%" }, { "minor_faults", "faults" },
    { "major_faults", "faults" }, { "bytes", "bytes" }, { "files", "files" },
    { "files_per_s", "files/s" }, { "mb_per_s", "MB/s" }, { "iops", "IOPS" }, { "percent", "%" },
  };

  for (guint u = 0; u < G_N_ELEMENTS (units); u++)
    if (strcmp (units[u].m, metric) == 0)
      return units[u].u;
  if (g_str_has_suffix (metric, "_ms"))
    return "ms";
  if (g_str_has_suffix (metric, "_per_s"))
    return "1/s";
  if (g_str_has_suffix (metric, "_s"))
    return "s";
  if (g_str_has_suffix (metric, "_percent"))
    return "%";
  return "";
}

static const char *
result_label (FsbResult *r, const char * const *labels, guint i)
{
  return labels != NULL && labels[i] != NULL ? labels[i] : (r->created != NULL ? r->created : "");
}

/* The metrics of a task's samples, each once, in the order first seen. */
static GPtrArray *
task_metrics (const FsbTaskResult *task)
{
  GPtrArray *metrics = g_ptr_array_new ();

  for (guint k = 0; k < task->samples->len; k++)
    {
      FsbSample *sample = task->samples->pdata[k];
      for (guint j = 0; j < sample->metrics->len; j++)
        {
          const char *name = g_array_index (sample->metrics, FsbMetric, j).name;
          if (!g_ptr_array_find (metrics, name, NULL))
            g_ptr_array_add (metrics, (gpointer) name);
        }
    }
  return metrics;
}

/* The statistics that mean something for these samples: a constant (one
 * repetition, or bytes that never change) is one value; a spread has its
 * median, range, mean and deviation; the 99th percentile only from 100
 * samples up (below that it is the maximum by another name). */
static void
stats_rows (Csv *csv, const char *fs, const char *section, const char *task,
            const char *metric, const FsbStats *s)
{
  const char *unit = metric_unit (metric);

  if (s->min == s->max)
    {
      csv_row (csv, fs, section, task, metric, "value", s->median, unit);
      return;
    }
  csv_row (csv, fs, section, task, metric, "n", s->n, "samples");
  csv_row (csv, fs, section, task, metric, "min", s->min, unit);
  csv_row (csv, fs, section, task, metric, "median", s->median, unit);
  csv_row (csv, fs, section, task, metric, "mean", s->mean, unit);
  csv_row (csv, fs, section, task, metric, "max", s->max, unit);
  csv_row (csv, fs, section, task, metric, "stdev", s->stdev, unit);
  {
    double low, high;
    if (fsb_chart_interval (s, &low, &high))
      {
        csv_row (csv, fs, section, task, metric, "ci95_low", low, unit);
        csv_row (csv, fs, section, task, metric, "ci95_high", high, unit);
      }
  }
  if (s->n >= 100)
    csv_row (csv, fs, section, task, metric, "p99", s->p99, unit);
}

static GHashTable *
comparison_changes (FsbComparison *comparison)
{
  GHashTable *changes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < comparison->rows->len; i++)
    {
      FsbComparisonRow *row = comparison->rows->pdata[i];

      g_hash_table_insert (changes, g_strjoin ("\x1f", row->task, row->fs, row->metric, NULL), row);
      g_hash_table_insert (changes, g_strjoin ("\x1f", row->task, row->fs, NULL), row);
    }
  return changes;
}

char *
fsb_report_render_csv (FsbResult * const *results, const char * const *labels, guint n_results)
{
  gboolean compare = n_results > 1;
  g_autoptr(FsbComparison) comparison = compare ? fsb_comparison_new (results, n_results) : NULL;
  g_autoptr(GHashTable) baseline = compare ? g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free) : NULL;
  g_autoptr(GHashTable) changes = compare ? comparison_changes (comparison) : NULL;
  GString *out = g_string_new ("result,filesystem,section,task,metric,statistic,value,unit");

  /* run: a key of its own, as two runs may have the same label; ratio: the
   * value over the first run's; change: the comparison's, on the medians */
  g_string_append (out, compare ? ",run,ratio,change\r\n" : "\r\n");
  for (guint i = 0; i < n_results; i++)
    {
      FsbResult *r = results[i];
      g_autofree char *run = compare ? fsb_doc_run_key (i) : NULL;
      Csv csv = { out, result_label (r, labels, i), run, i, baseline, changes };
      Csv *c = &csv;

      for (guint f = 0; f < r->filesystems->len; f++)
        {
          FsbFsResult *fs = r->filesystems->pdata[f];

          if (fs->capacity_initial.percent > 0)
            csv_row (c, fs->name, "capacity", "capacity-initial", "percent", "value",
                     fs->capacity_initial.percent, "%");
          if (fs->capacity_residual.percent > 0)
            csv_row (c, fs->name, "capacity", "capacity-residual", "percent", "value",
                     fs->capacity_residual.percent, "%");
          for (guint t = 0; t < fs->tasks->len; t++)
            {
              FsbTaskResult *task = fs->tasks->pdata[t];
              g_autoptr(GPtrArray) metrics = task_metrics (task);

              for (guint j = 0; j < metrics->len; j++)
                {
                  FsbStats s;

                  if (fsb_task_result_stats (r, task, metrics->pdata[j], &s))
                    stats_rows (c, fs->name, fsb_task_criterion (task->id), task->id, metrics->pdata[j], &s);
                }
            }
        }
      for (guint t = 0; t < r->transfers->len; t++)
        {
          FsbTransfer *tr = r->transfers->pdata[t];
          g_autofree char *task = g_strconcat (tr->task->id, "-to:", tr->to, NULL);
          FsbStats s;

          /* one sample (results that kept the median alone): its "value", as then */
          if (fsb_transfer_stats (r, tr, &s))
            stats_rows (c, tr->from, fsb_task_criterion (tr->task->id), task, "mb_per_s", &s);
        }
    }
  return g_string_free (out, FALSE);
}

/* One row per sample: filesystem, task, repetition and every metric, in
 * columns named "wall_s (s)", the unit beside each name. */
char *
fsb_report_render_samples_csv (FsbResult * const *results, const char * const *labels, guint n_results)
{
  GString *out = g_string_new ("result,filesystem,section,task,repetition");
  g_autoptr(GPtrArray) columns = g_ptr_array_new ();

  /* the columns: every metric any sample has, each once */
  for (guint i = 0; i < n_results; i++)
    for (guint f = 0; f < results[i]->filesystems->len; f++)
      {
        FsbFsResult *fs = results[i]->filesystems->pdata[f];
        for (guint t = 0; t < fs->tasks->len; t++)
          {
            g_autoptr(GPtrArray) metrics = task_metrics (fs->tasks->pdata[t]);
            for (guint j = 0; j < metrics->len; j++)
              if (!g_ptr_array_find (columns, metrics->pdata[j], NULL))
                g_ptr_array_add (columns, metrics->pdata[j]);
          }
      }
  for (guint c = 0; c < columns->len; c++)
    {
      const char *unit = metric_unit (columns->pdata[c]);
      g_autofree char *name = *unit != '\0' ? g_strdup_printf ("%s (%s)", (char *) columns->pdata[c], unit)
                                            : g_strdup (columns->pdata[c]);
      g_string_append_c (out, ',');
      csv_field (out, name, FALSE);
    }
  /* several results: the run's key, as in the statistics' CSV */
  g_string_append (out, n_results > 1 ? ",error,run\r\n" : ",error\r\n");

  for (guint i = 0; i < n_results; i++)
    {
      FsbResult *r = results[i];
      const char *label = result_label (r, labels, i);
      g_autofree char *key = fsb_doc_run_key (i);
      g_autofree char *run = n_results > 1 ? g_strconcat (",", key, NULL) : g_strdup ("");

      for (guint f = 0; f < r->filesystems->len; f++)
        {
          FsbFsResult *fs = r->filesystems->pdata[f];

          for (guint t = 0; t < fs->tasks->len; t++)
            {
              FsbTaskResult *task = fs->tasks->pdata[t];

              for (guint k = 0; k < task->samples->len; k++)
                {
                  FsbSample *sample = task->samples->pdata[k];
                  const char *texts[] = { label, fs->name, fsb_task_criterion (task->id), task->id };
                  g_autofree char *rep = g_strdup_printf ("%u", k + 1);

                  for (guint x = 0; x < G_N_ELEMENTS (texts); x++)
                    {
                      csv_field (out, texts[x], TRUE);
                      g_string_append_c (out, ',');
                    }
                  csv_field (out, rep, FALSE);
                  for (guint c = 0; c < columns->len; c++)
                    {
                      double v;
                      g_string_append_c (out, ',');
                      if (fsb_sample_get (sample, columns->pdata[c], &v))
                        csv_number (out, v);
                    }
                  g_string_append_c (out, ',');
                  csv_field (out, sample->error, TRUE);
                  g_string_append (out, run);
                  g_string_append (out, "\r\n");
                }
            }
        }
    }
  return g_string_free (out, FALSE);
}

/* A field that is a C number: "-0.25", "1e-05". */
static gboolean
is_number (const char *field, gsize len)
{
  g_autofree char *copy = g_strndup (field, len);
  char *end = NULL;

  if (len == 0 || !(g_ascii_isdigit (copy[0]) || copy[0] == '-'))
    return FALSE;
  g_ascii_strtod (copy, &end);
  return end != NULL && *end == '\0';
}

/* A spreadsheet opens a CSV in its locale's way: Excel and LibreOffice in
 * German, French or Russian split fields on ';' and read "1,5" as a
 * number, and Excel reads UTF-8 only after a byte order mark. So, where the
 * locale's decimal mark is a comma, the ',' between fields becomes ';' and
 * the point of every number a comma (a text with a separator is quoted,
 * csv_field, and stays as it is); the BOM goes first in any locale.
 * Takes csv. */
char *
fsb_report_csv_for_locale (char *csv)
{
  const char *point = localeconv ()->decimal_point;
  gboolean comma = point != NULL && strcmp (point, ",") == 0;
  GString *out = g_string_sized_new (strlen (csv) + 16);
  const char *p = csv;

  g_string_append (out, "\xef\xbb\xbf");
  if (!comma)
    {
      g_string_append (out, csv);
      g_free (csv);
      return g_string_free (out, FALSE);
    }
  while (*p != '\0')
    {
      const char *start = p;
      gsize len;

      if (*p == '"')
        {
          /* a quoted field, its "" included */
          for (p++; *p != '\0' && !(*p == '"' && p[1] != '"'); p += *p == '"' ? 2 : 1)
            ;
          if (*p == '"')
            p++;
        }
      p += strcspn (p, ",\r\n");
      len = p - start;
      if (is_number (start, len))
        for (gsize k = 0; k < len; k++)
          g_string_append_c (out, start[k] == '.' ? ',' : start[k]);
      else
        g_string_append_len (out, start, len);
      if (*p == ',')
        {
          g_string_append_c (out, ';');
          p++;
        }
      else if (*p != '\0')
        {
          gsize eol = strspn (p, "\r\n");
          g_string_append_len (out, p, eol);
          p += eol;
        }
    }
  g_free (csv);
  return g_string_free (out, FALSE);
}
