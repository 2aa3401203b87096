/* fsb-report-md.c: the report in Markdown, for forums and issue trackers */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-report-private.h"
#include "fsb-stats.h"
#include "fsb-text.h"

#define CHART_WIDTH 760

/* Escapes only what would start markup where the text lands (a line, a
 * list item, a table cell), so "Debian (bookworm)" and "x86_64" stay as
 * they are: with [ and ] escaped no link can form, so ( ) and ! need
 * nothing; _ only opens emphasis at a word's edge; # and list markers
 * only at the start. < > & become entities so no HTML survives. Line
 * breaks become spaces: a field never starts a block of its own. */
char *
fsb_escape_markdown (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *start = text != NULL ? text : "";

  /* "- ", "+ ", "# " or "1. " at the start would open a list or a heading
   * (also inside a list item); elsewhere these characters are plain text */
  if ((*start == '-' || *start == '+' || *start == '#') && (start[1] == ' ' || start[1] == '\0' || *start == '#'))
    g_string_append_c (out, '\\');
  else if (g_ascii_isdigit (*start))
    {
      const char *q = start;
      while (g_ascii_isdigit (*q))
        q++;
      if ((*q == '.' || *q == ')') && (q[1] == ' ' || q[1] == '\0'))
        {
          g_string_append_len (out, start, q - start);
          g_string_append_c (out, '\\');
          start = q;
        }
    }

  for (const char *p = start; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '<': g_string_append (out, "&lt;"); break;
        case '>': g_string_append (out, "&gt;"); break;
        case '&': g_string_append (out, "&amp;"); break;
        case '\n': case '\r': case '\t': g_string_append_c (out, ' '); break;
        case '_':
          /* intraword, as in x86_64 or space_cache, it is plain text */
          if (p > text && g_ascii_isalnum (p[-1]) && g_ascii_isalnum (p[1]))
            g_string_append_c (out, '_');
          else
            g_string_append (out, "\\_");
          break;
        case '\\': case '`': case '*': case '[': case ']': case '|': case '~':
          g_string_append_c (out, '\\');
          g_string_append_c (out, *p);
          break;
        default:
          g_string_append_c (out, *p);
        }
    }
  return g_string_free (out, FALSE);
}

static void
append_escaped (GString *out, const char *text)
{
  g_autofree char *escaped = fsb_escape_markdown (text);

  g_string_append (out, escaped);
}

static void
append_fact (GString *out, const char *key, const char *value)
{
  g_autofree char *label = fsb_doc_fact_label (key);

  if (value == NULL || *value == '\0')
    return;
  g_string_append (out, "- **");
  append_escaped (out, label);
  g_string_append (out, "** ");
  append_escaped (out, value);
  g_string_append_c (out, '\n');
}

static void
append_row (GString *out, GPtrArray *cells)
{
  g_string_append (out, "|");
  for (guint c = 0; c < cells->len; c++)
    {
      g_string_append_c (out, ' ');
      g_string_append (out, cells->pdata[c]);
      g_string_append (out, " |");
    }
  g_string_append_c (out, '\n');
}

/* Each task's median per filesystem: the study in a few lines. A figure is
 * bold only where the verdict settled it: its filesystem clearly wins the
 * criterion and has the task's best median. A tied criterion has none. */
static void
append_glance_table (GString *out, FsbResult *r, const FsbRecommendation *rec)
{
  g_autoptr(GPtrArray) header = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (header, fsb_escape_markdown (_("Task")));
  for (guint f = 0; f < r->filesystems->len; f++)
    g_ptr_array_add (header, fsb_escape_markdown (fsb_format_fs_name (((FsbFsResult *) r->filesystems->pdata[f])->name)));
  append_row (out, header);
  g_string_append (out, "| ---");
  for (guint f = 0; f < r->filesystems->len; f++)
    g_string_append (out, " | ---:");
  g_string_append (out, " |\n");

  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      const char *criterion = fsb_catalog_nth_criterion (c)->id;
      g_autoptr(GPtrArray) ids = fsb_result_section_tasks (r, criterion);
      const FsbVerdict *verdict = rec != NULL ? fsb_recommendation_get_verdict (rec, criterion) : NULL;
      const char *winner = verdict != NULL && verdict->kind == FSB_VERDICT_WINNER ? verdict->winner : NULL;

      for (guint t = 0; t < ids->len; t++)
        {
          gboolean higher = FALSE;
          const char *metric = fsb_task_metric (ids->pdata[t], &higher);
          g_autoptr(GPtrArray) row = g_ptr_array_new_with_free_func (g_free);
          g_autofree double *median = g_new (double, MAX (r->filesystems->len, 1));
          double best = NAN, reference = 0, scale;

          for (guint f = 0; f < r->filesystems->len; f++)
            {
              FsbTaskResult *task = fsb_fs_result_get_task (r->filesystems->pdata[f], ids->pdata[t], FALSE);
              FsbStats st;

              median[f] = task != NULL && fsb_task_result_stats (r, task, metric, &st) ? st.median : NAN;
              if (!isnan (median[f]))
                {
                  reference = MAX (reference, median[f]);
                  if (isnan (best) || (higher ? median[f] > best : median[f] < best))
                    best = median[f];
                }
            }
          g_ptr_array_add (row, fsb_escape_markdown (fsb_task_display_name (ids->pdata[t])));
          for (guint f = 0; f < r->filesystems->len; f++)
            {
              g_autofree char *v = NULL;

              if (isnan (median[f]))
                {
                  g_ptr_array_add (row, g_strdup ("—"));
                  continue;
                }
              v = fsb_format_metric_is_time (metric, &scale) ? fsb_format_time_as (median[f] * scale, reference * scale)
                                                             : fsb_format_value_unit (median[f], metric);
              g_ptr_array_add (row, median[f] == best && winner != NULL
                                    && g_strcmp0 (((FsbFsResult *) r->filesystems->pdata[f])->name, winner) == 0
                                    ? g_strconcat ("**", v, "**", NULL) : g_steal_pointer (&v));
            }
          append_row (out, row);
        }
    }
}

/* A cell of the compact block: one line, nothing that could close its
 * fence, and no HTML even for a forum that would not keep it as code. */
static char *
compact_cell (const char *text)
{
  GString *cell = g_string_new (NULL);

  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '\n': case '\r': case '\t': g_string_append_c (cell, ' '); break;
        case '`': g_string_append_c (cell, '\''); break;
        case '<': g_string_append (cell, "‹"); break;
        case '>': g_string_append (cell, "›"); break;
        default: g_string_append_c (cell, *p);
        }
    }
  return g_string_free (cell, FALSE);
}

/* The figures the verdict weighed, one line per filesystem, leader first:
 * the criteria the use case counts (all of them when it counts none that
 * ran) and where each stands overall. A code block keeps its columns on
 * any forum, as KDiskMark's text export does. */
static void
append_compact (GString *out, FsbResult *r, const FsbRecommendation *rec)
{
  g_autoptr(GPtrArray) verdicts = fsb_doc_summary_verdicts (rec);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autofree char *caption = fsb_doc_chart_caption (r);
  g_autofree guint *width = NULL;
  GPtrArray *header = g_ptr_array_new_with_free_func (g_free);
  gboolean overall = rec->overall->len > 1;
  guint n_columns;

  g_ptr_array_add (header, compact_cell (_("Filesystem")));
  for (guint i = 0; i < verdicts->len; i++)
    g_ptr_array_add (header, compact_cell (_(((FsbVerdict *) verdicts->pdata[i])->criterion->title)));
  if (overall)
    g_ptr_array_add (header, compact_cell (_("Compared with the leader")));
  g_ptr_array_add (rows, header);

  for (guint f = 0; f < r->filesystems->len; f++)
    {
      /* the overall ranking's order when it has every filesystem */
      const char *fs = rec->overall->len == r->filesystems->len ? ((FsbScore *) rec->overall->pdata[f])->fs
                                                               : ((FsbFsResult *) r->filesystems->pdata[f])->name;
      GPtrArray *row = g_ptr_array_new_with_free_func (g_free);

      g_ptr_array_add (row, compact_cell (fsb_format_fs_name (fs)));
      for (guint i = 0; i < verdicts->len; i++)
        {
          g_autofree char *figure = fsb_doc_score_figure (((FsbVerdict *) verdicts->pdata[i])->ranking, fs);

          g_ptr_array_add (row, compact_cell (figure));
        }
      if (overall)
        {
          const FsbScore *s = fsb_doc_find_score (rec->overall, fs);

          g_ptr_array_add (row, compact_cell (s != NULL ? fsb_doc_overall_standing (s, s == rec->overall->pdata[0]) : "—"));
        }
      g_ptr_array_add (rows, row);
    }

  n_columns = header->len;
  width = g_new0 (guint, n_columns);
  for (guint i = 0; i < rows->len; i++)
    for (guint c = 0; c < n_columns; c++)
      width[c] = MAX (width[c], g_utf8_strlen (((GPtrArray *) rows->pdata[i])->pdata[c], -1));

  g_string_append (out, "```\n");
  {
    g_autofree char *headline = compact_cell (rec->headline);
    g_autofree char *line = compact_cell (caption);
    g_string_append_printf (out, "%s\n%s\n\n", headline, line);
  }
  for (guint i = 0; i < rows->len; i++)
    {
      GPtrArray *row = rows->pdata[i];
      GString *line = g_string_new (NULL);

      for (guint c = 0; c < n_columns; c++)
        {
          const char *cell = row->pdata[c];
          guint pad = width[c] - g_utf8_strlen (cell, -1);

          if (c > 0)
            g_string_append (line, "  ");
          /* the names to the left, the figures to the right */
          if (c > 0 && i > 0)
            for (guint k = 0; k < pad; k++)
              g_string_append_c (line, ' ');
          g_string_append (line, cell);
          if (c == 0 || i == 0)
            for (guint k = 0; k < pad; k++)
              g_string_append_c (line, ' ');
        }
      while (line->len > 0 && line->str[line->len - 1] == ' ')
        g_string_truncate (line, line->len - 1);
      g_string_append (out, line->str);
      g_string_append_c (out, '\n');
      g_string_free (line, TRUE);
    }
  g_string_append (out, "```\n\n");
}

/* A block that stands alone when pasted into a forum or an issue: the
 * verdict, the machine, the data and a compact table, as KDiskMark's
 * text export does. */
static void
append_glance (GString *out, FsbDocument *doc, const char *verdict)
{
  FsbResult *r = doc->results->pdata[0];
  g_autofree char *machine = NULL, *target = fsb_doc_describe_target (r), *data = fsb_doc_dataset_sentence (r);
  g_autofree char *reps = fsb_doc_repetitions_text (r);
  g_autofree char *caption = fsb_doc_chart_caption (r);
  GString *m = g_string_new (r->machine.cpu_model != NULL ? r->machine.cpu_model : "?");

  if (r->machine.ram_bytes > 0)
    {
      g_autofree char *ram = g_format_size_full (r->machine.ram_bytes, G_FORMAT_SIZE_IEC_UNITS);
      /* Translators: a separator, then a piece of data about the machine (its memory, system or kernel) */
      g_string_append_printf (m, C_("caption", " · %s"), ram);
    }
  if (r->machine.distribution != NULL)
    g_string_append_printf (m, C_("caption", " · %s"), r->machine.distribution);
  if (r->machine.kernel != NULL)
    g_string_append_printf (m, C_("caption", " · %s"), r->machine.kernel);
  machine = g_string_free (m, FALSE);

  g_string_append (out, "### ");
  /* Translators: the heading of the short summary at the top of the Markdown report, for pasting */
  append_escaped (out, _("In short"));
  g_string_append (out, "\n\n");
  if (verdict != NULL)
    {
      g_string_append (out, "**");
      append_escaped (out, verdict);
      g_string_append (out, "**\n\n");
    }
  if (doc->recommendation != NULL)
    append_compact (out, r, doc->recommendation);
  append_fact (out, _("Machine"), machine);
  append_fact (out, _("Target"), target);
  append_fact (out, _("Data"), data);
  append_fact (out, _("Each task ran"), reps);
  g_string_append_c (out, '\n');
  append_glance_table (out, r, doc->recommendation);
  g_string_append_c (out, '\n');
  g_string_append_c (out, '_');
  {
    /* Translators: under the short summary's table; %s is the chart caption (machine, date, repetitions, version) */
    g_autofree char *line = g_strdup_printf (_("Medians. A figure is in bold where its filesystem clearly wins the "
                                               "criterion and is the best in the task; where the criterion is tied, "
                                               "none is. %s"), caption);
    append_escaped (out, line);
  }
  g_string_append (out, "_\n\n");
}

char *
fsb_report_render_markdown (FsbDocument *doc, const char *png_stem, GError **error)
{
  GString *out = g_string_new (NULL);
  gboolean glanced = FALSE;

  for (guint i = 0; i < doc->blocks->len; i++)
    {
      const FsbBlock *b = doc->blocks->pdata[i];

      switch (b->kind)
        {
        case FSB_BLOCK_TITLE:
          g_string_append (out, "# ");
          append_escaped (out, b->text);
          g_string_append (out, "\n\n");
          break;
        case FSB_BLOCK_SUBTITLE:
          g_string_append_c (out, '_');
          append_escaped (out, b->text);
          g_string_append (out, "_\n\n");
          break;
        case FSB_BLOCK_VERDICT:
          /* a single result opens with its summary, verdict included */
          if (!glanced && doc->results->len == 1)
            {
              append_glance (out, doc, b->text);
              glanced = TRUE;
              break;
            }
          g_string_append (out, "**");
          append_escaped (out, b->text);
          g_string_append (out, "**\n\n");
          break;
        case FSB_BLOCK_HEADING:
          g_string_append (out, "## ");
          append_escaped (out, b->text);
          g_string_append (out, "\n\n");
          break;
        case FSB_BLOCK_SUBHEADING:
          g_string_append (out, "### ");
          append_escaped (out, b->text);
          g_string_append (out, "\n\n");
          break;
        case FSB_BLOCK_PARAGRAPH:
          append_escaped (out, b->text);
          g_string_append (out, "\n\n");
          break;
        case FSB_BLOCK_NOTE:
          g_string_append (out, "> ");
          append_escaped (out, b->text);
          g_string_append (out, "\n\n");
          break;
        case FSB_BLOCK_CONCLUSION:
          g_string_append (out, "**");
          append_escaped (out, _("Conclusion:"));
          g_string_append (out, "** ");
          append_escaped (out, b->text);
          g_string_append (out, "\n\n");
          break;
        case FSB_BLOCK_LIST:
          for (guint j = 0; j < b->items->len; j++)
            {
              g_string_append (out, "- ");
              append_escaped (out, b->items->pdata[j]);
              g_string_append_c (out, '\n');
            }
          g_string_append_c (out, '\n');
          break;
        case FSB_BLOCK_FACTS:
          for (guint j = 0; j + 1 < b->items->len; j += 2)
            {
              g_autofree char *label = fsb_doc_fact_label (b->items->pdata[j]);

              g_string_append (out, "- **");
              append_escaped (out, label);
              g_string_append (out, "** ");
              append_escaped (out, b->items->pdata[j + 1]);
              g_string_append_c (out, '\n');
            }
          g_string_append_c (out, '\n');
          break;
        case FSB_BLOCK_TABLE:
          if (b->glance && doc->recommendation != NULL)
            break;
          for (guint r = 0; r < b->items->len; r++)
            {
              GPtrArray *row = b->items->pdata[r];

              g_string_append (out, "|");
              for (guint c = 0; c < row->len; c++)
                {
                  g_string_append_c (out, ' ');
                  append_escaped (out, row->pdata[c]);
                  g_string_append (out, " |");
                }
              g_string_append_c (out, '\n');
              if (r == 0)
                {
                  g_string_append (out, "|");
                  for (guint c = 0; c < row->len; c++)
                    g_string_append (out, c < 64 && (b->numeric & (G_GUINT64_CONSTANT (1) << c)) ? " ---: |" : " --- |");
                  g_string_append_c (out, '\n');
                }
            }
          g_string_append_c (out, '\n');
          break;
        case FSB_BLOCK_CHART:
          /* Written beside the file and linked by its name alone, so the
           * text and its images move together (a forge, a wiki, a folder).
           * On stdout there is no file to put them beside: none. */
          if (png_stem != NULL)
            {
              g_autofree char *path = g_strdup_printf ("%s-%s.png", png_stem, b->id);
              g_autofree char *caption = fsb_doc_chart_caption (b->result);
              g_autofree char *name = NULL, *link = NULL;
              FsbChartOptions options = b->chart;

              options.title = b->text;
              options.caption = caption;
              if (!fsb_chart_write_png (b->result, &options, CHART_WIDTH, 0, 1.5, path, error))
                {
                  g_string_free (out, TRUE);
                  return NULL;
                }
              name = g_path_get_basename (path);
              link = g_uri_escape_string (name, NULL, FALSE);
              g_string_append (out, "![");
              append_escaped (out, b->text != NULL && *b->text != '\0' ? b->text : b->id);
              g_string_append_printf (out, "](%s)\n\n", link);
            }
          break;
        case FSB_BLOCK_PAGE_BREAK:
        default:
          break;
        }
    }
  /* Nothing from a result file may drive the terminal it is shown in. */
  fsb_text_sanitize_string (out);
  return g_string_free (out, FALSE);
}
