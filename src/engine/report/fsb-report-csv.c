/* fsb-report-csv.c: every statistic as CSV, for spreadsheets and scripts */
#include "config.h"

#include <string.h>

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

static void
csv_row (GString *out, const char *label, const char *fs, const char *section, const char *task,
         const char *metric, const char *statistic, double value, const char *unit)
{
  const char *texts[] = { label, fs, section, task, metric, statistic };
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      csv_field (out, texts[i], TRUE);
      g_string_append_c (out, ',');
    }
  /* C numbers: a CSV must read the same in every locale. The shortest
   * form that reads back to the same double: 92.77, not 92.769999999999996. */
  g_ascii_formatd (number, sizeof number, "%.15g", value);
  if (g_ascii_strtod (number, NULL) != value)
    g_ascii_dtostr (number, sizeof number, value);
  csv_field (out, number, FALSE);
  g_string_append_c (out, ',');
  csv_field (out, unit, TRUE);
  g_string_append (out, "\r\n");
}

char *
fsb_report_render_csv (FsbResult * const *results, const char * const *labels, guint n_results)
{
  GString *out = g_string_new ("result,filesystem,section,task,metric,statistic,value,unit\r\n");

  for (guint i = 0; i < n_results; i++)
    {
      FsbResult *r = results[i];
      g_autofree char *label = labels != NULL && labels[i] != NULL ? g_strdup (labels[i])
                                                                    : g_strdup (r->created != NULL ? r->created : "");

      for (guint f = 0; f < r->filesystems->len; f++)
        {
          FsbFsResult *fs = r->filesystems->pdata[f];

          if (fs->capacity_initial.percent > 0)
            csv_row (out, label, fs->name, "capacity", "capacity-initial", "percent", "value",
                     fs->capacity_initial.percent, "%");
          if (fs->capacity_residual.percent > 0)
            csv_row (out, label, fs->name, "capacity", "capacity-residual", "percent", "value",
                     fs->capacity_residual.percent, "%");
          for (guint t = 0; t < fs->tasks->len; t++)
            {
              FsbTaskResult *task = fs->tasks->pdata[t];
              g_autoptr(GPtrArray) metrics = g_ptr_array_new ();

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
              for (guint j = 0; j < metrics->len; j++)
                {
                  const char *metric = metrics->pdata[j];
                  const char *section = fsb_task_criterion (task->id);
                  FsbStats s;

                  if (!fsb_task_result_stats (task, metric, &s))
                    continue;
                  /* units in C: the file is for programs */
                  {
                    const char *unit = NULL;
                    static const struct { const char *m, *u; } units[] = {
                      { "wall_s", "s" }, { "cpu_s", "s" }, { "user_s", "s" }, { "sys_s", "s" },
                      { "cpu_percent", "%" }, { "system_cpu_percent", "%" }, { "minor_faults", "faults" },
                      { "major_faults", "faults" }, { "bytes", "bytes" }, { "files", "files" },
                      { "files_per_s", "files/s" }, { "mb_per_s", "MB/s" }, { "iops", "IOPS" },
                      { "latency_p50_ms", "ms" }, { "latency_p95_ms", "ms" }, { "latency_p99_ms", "ms" },
                      { "latency_max_ms", "ms" },
                    };
                    for (guint u = 0; u < G_N_ELEMENTS (units); u++)
                      if (strcmp (units[u].m, metric) == 0)
                        unit = units[u].u;
                    csv_row (out, label, fs->name, section, task->id, metric, "n", s.n, unit);
                    csv_row (out, label, fs->name, section, task->id, metric, "min", s.min, unit);
                    csv_row (out, label, fs->name, section, task->id, metric, "median", s.median, unit);
                    csv_row (out, label, fs->name, section, task->id, metric, "mean", s.mean, unit);
                    csv_row (out, label, fs->name, section, task->id, metric, "max", s.max, unit);
                    csv_row (out, label, fs->name, section, task->id, metric, "stdev", s.stdev, unit);
                    csv_row (out, label, fs->name, section, task->id, metric, "p99", s.p99, unit);
                  }
                }
            }
        }
      for (guint t = 0; t < r->transfers->len; t++)
        {
          FsbTransfer *tr = r->transfers->pdata[t];
          g_autofree char *task = g_strconcat ("transfer-to:", tr->to, NULL);
          csv_row (out, label, tr->from, "transfer", task, "mb_per_s", "value", tr->mb_per_s, "MB/s");
        }
    }
  return g_string_free (out, FALSE);
}

