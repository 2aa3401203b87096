/* fsb-report-md.c: the report in Markdown, for forums and issue trackers */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-report-private.h"
#include "fsb-text.h"

#define CHART_WIDTH 760

/* Every ASCII punctuation character may be escaped with a backslash in
 * CommonMark; these are the ones that start markup anywhere in a line.
 * < > & become entities so no HTML survives. Line breaks become spaces:
 * a field never starts a block of its own. */
char *
fsb_escape_markdown (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *start = text != NULL ? text : "";

  /* "- ", "+ " or "1. " at the start would open a list (also inside a
   * list item); elsewhere these characters are plain text */
  if ((*start == '-' || *start == '+') && (start[1] == ' ' || start[1] == '\0'))
    g_string_append_c (out, '\\');
  else if (g_ascii_isdigit (*start))
    {
      const char *q = start;
      while (g_ascii_isdigit (*q))
        q++;
      if (*q == '.' && (q[1] == ' ' || q[1] == '\0'))
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
        case '\\': case '`': case '*': case '_': case '[': case ']': case '(': case ')':
        case '#': case '!': case '|': case '~': case '{': case '}': case '"': case '\'':
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

/* A file name in a link: percent-encoded, so spaces and brackets are safe. */
static char *
link_target (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);

  return g_uri_escape_string (base, "-_.", FALSE);
}

char *
fsb_report_render_markdown (FsbDocument *doc, const char *png_stem, GError **error)
{
  GString *out = g_string_new (NULL);

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
          if (png_stem != NULL)
            {
              g_autofree char *path = g_strdup_printf ("%s-%s.png", png_stem, b->id);
              g_autofree char *target = link_target (path);

              if (!fsb_chart_write_png (b->result, &b->chart, CHART_WIDTH, 0, 1.5, path, error))
                {
                  g_string_free (out, TRUE);
                  return NULL;
                }
              g_string_append (out, "![");
              append_escaped (out, b->text);
              g_string_append_printf (out, "](%s)\n\n", target);
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
