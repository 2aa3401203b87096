/* fsb-report-html.c: the report as one self-contained HTML file */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-report-private.h"

/* Two drawings of each chart: one for a page, one for a phone, shown by
 * a media query. Both at a font that stays at least 9 px high where they
 * show: the wide one from 720 px up (scaled to at least 0.88), the narrow
 * one filling a phone's 340 px or scrolling in its box below that. */
#define CHART_WIDTH        760
#define CHART_NARROW_WIDTH 340
/* what the narrow drawing may shrink to on a 320 px phone, rather than
 * scroll: its smallest text, 0.9 of CHART_FONT at 340 px, is 9 px there */
#define CHART_NARROW_LEAST 284
#define CHART_FONT         12
#define NARROW_BELOW       "720px"

static const char css[] =
  "body{font:15px/1.5 system-ui,-apple-system,'Segoe UI',Cantarell,'DejaVu Sans',sans-serif;"
  "color:#1a1a1a;background:#fff;margin:0}"
  "main{max-width:52em;margin:0 auto;padding:2em 1.5em}"
  "h1{font-size:1.8em;line-height:1.2;margin:0 0 .2em}"
  "h2{font-size:1.4em;margin:1.6em 0 .4em;border-bottom:1px solid #ccc}"
  "h3{font-size:1.15em;margin:1.3em 0 .3em}"
  "p,li,dd,dt,h1,h2,h3{overflow-wrap:break-word}"
  ".subtitle{color:#555;margin:0 0 1em}"
  ".verdict{font-size:1.15em;font-weight:bold;background:#eef5fb;border-left:4px solid #0072B2;padding:.5em .8em}"
  /* the overview at the top: a winner's figure stands out */
  "table.glance{font-size:1em}.glance th,.glance th.num{background:#eef5fb;white-space:normal;vertical-align:bottom}"
  "td.best{background:#e3f1e3}"
  ".note{background:#fff7e6;border-left:4px solid #E69F00;padding:.4em .8em}"
  ".conclusion{border-top:1px solid #ddd;padding-top:.4em}"
  "dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.1em 1em;margin:.3em 0}"
  "dl.facts dt{font-weight:bold}dl.facts dd{margin:0;min-width:0;overflow-wrap:anywhere}"
  "li{overflow-wrap:anywhere}"
  /* a table scrolls inside its own box rather than widening the page; on
   * a wide screen the box grows past the text's column, on both sides, to
   * what the table needs, up to the window's width */
  ".scroll{overflow-x:auto;margin:.6em 0;width:max-content;min-width:100%;max-width:calc(100vw - 4em);"
  "position:relative;left:50%;transform:translateX(-50%)}"
  "table{border-collapse:collapse;font-size:.92em}"
  "th,td{padding:.2em .6em;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:top}"
  "th{border-bottom:2px solid #999}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}td.num{white-space:nowrap}"
  "figure{margin:.8em 0}svg{display:block;width:100%;height:auto}"
  ".chart-narrow,.chart-print{display:none}"
  "@media (max-width:" NARROW_BELOW "){main{padding:1.2em 1em}"
  ".scroll{width:auto;max-width:100%;left:0;transform:none}"
  ".chart-wide{display:none}.chart-narrow{display:block;overflow-x:auto}"
  ".chart-narrow svg{min-width:" G_STRINGIFY (CHART_NARROW_LEAST) "px;max-width:480px}"
  "dl.facts{grid-template-columns:minmax(0,1fr)}dl.facts dd{margin:0 0 .3em 1em}"
  /* a task's name on a line or two, the rest of the row scrolls */
  "td:first-child,th:first-child{min-width:9em}}"
  /* a phone: each row a card, each cell on a line of its own after its
   * column's header (data-label), so that nothing is off to the side */
  "@media (max-width:600px){.scroll{overflow-x:visible}table,tbody,tr,td{display:block;width:auto}"
  "thead{display:none}tr{border:1px solid #ccc;border-radius:4px;margin:0 0 .6em;padding:.2em .5em}"
  "td,td.num{border:0;padding:.1em 0;text-align:left;white-space:normal;overflow-wrap:anywhere}"
  "td:first-child{min-width:0;font-weight:bold}"
  "td[data-label]:not([data-label=\"\"])::before{content:attr(data-label) \": \";font-weight:normal;color:#555}}"
  /* paper: the whole table on the page's width, no scrolling box */
  "@media print{body{font-size:11pt}main{max-width:none;padding:0}"
  ".scroll{overflow:visible;width:auto;max-width:none;left:0;transform:none}"
  "table,table.glance{width:100%;table-layout:auto;font-size:8pt}"
  /* a figure and its unit stay on one line ("файлов/" over "с" is no
   * figure); a header wraps between its words */
  "th,td{padding:.1em .3em}th.num{white-space:normal;overflow-wrap:break-word}"
  "thead{display:table-header-group}"
  ".chart-wide{display:block}.chart-narrow{display:none}"
  "figure.tall .chart-wide{display:none}.chart-print{display:block}figure.tall{break-inside:auto}"
  ".page-break{break-before:page;page-break-before:always}"
  "section.keep,figure,.chart-part,tr{break-inside:avoid;page-break-inside:avoid}h2,h3{break-after:avoid}}"
  "@page{margin:18mm}";

static void
append_escaped (GString *out, const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text != NULL ? text : "", -1);

  g_string_append (out, escaped);
}

static void
append_element (GString *out, const char *tag, const char *attrs, const char *text)
{
  g_string_append_printf (out, "<%s%s%s>", tag, attrs != NULL ? " " : "", attrs != NULL ? attrs : "");
  append_escaped (out, text);
  g_string_append_printf (out, "</%s>\n", tag);
}

/* svg with prefix after every id=", href="# and url(#, in one pass (GLib's
 * g_string_replace () moves the rest of the text at each: a chart of many
 * rows has tens of thousands). No two of them can overlap. */
static GString *
prefix_ids (const char *svg, const char *prefix)
{
  static const char *const marks[] = { "id=\"", "href=\"#", "url(#" };
  GString *s = g_string_sized_new (strlen (svg) + strlen (svg) / 8);
  const char *done = svg;

  for (const char *p = svg; *p != '\0'; p++)
    for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
      if (*p == marks[i][0] && strncmp (p, marks[i], strlen (marks[i])) == 0)
        {
          p += strlen (marks[i]);
          g_string_append_len (s, done, p - done);
          g_string_append (s, prefix);
          done = p--;
          break;
        }
  g_string_append (s, done);
  return s;
}

/* cairo names its glyphs and clips "glyph0-1", "clip1" in every SVG; inline
 * in one page those ids would collide, so each drawing gets a prefix. Its
 * size in points becomes a size in pixels that CSS scales; data-text-px
 * is the height of its smallest text at that size, for whoever checks
 * that it stays legible. */
static void
append_drawing (GString *out, const FsbBlock *block, const char *prefix, const char *svg, const char *klass)
{
  g_autofree char *label = g_markup_escape_text (block->text != NULL ? block->text : "", -1);
  const char *p;
  GString *s;
  char smallest[G_ASCII_DTOSTR_BUF_SIZE];

  p = strstr (svg, "<svg");
  if (p == NULL)
    return;
  g_ascii_formatd (smallest, sizeof smallest, "%.2f", CHART_FONT * fsb_chart_smallest_text ());
  s = prefix_ids (p, prefix);
  {
    g_autofree char *svg_to = g_strdup_printf ("<svg role=\"img\" aria-label=\"%s\" data-text-px=\"%s\"", label, smallest);

    g_string_replace (s, "<svg", svg_to, 1);
    g_string_replace (s, "pt\" height=\"", "\" height=\"", 1);
    g_string_replace (s, "pt\" viewBox=", "\" viewBox=", 1);
  }
  g_string_append_printf (out, "<div class=\"%s\">\n", klass);
  g_string_append (out, s->str);
  g_string_append (out, "</div>\n");
  g_string_free (s, TRUE);
}

/* Printed, the wide drawing of a chart taller than a page goes in parts of
 * its rows, each on one page (its legend and axes with it): a page breaks
 * between rows, never through a bar. This is the height of a part, in the
 * drawing's units: a Letter page's text is 920 px tall, the drawing prints
 * at 0.89 of its size (A4: 987 px, 0.87). */
#define PRINT_PART_HEIGHT 900.0

static void
append_print_parts (GString *out, const FsbBlock *block, const FsbChartOptions *options, guint n)
{
  FsbChartOptions part = *options;
  guint n_rows = fsb_chart_get_n_rows (block->result, options);

  g_string_append (out, "<div class=\"chart-print\">\n");
  for (guint first = 0, k = 0; first < n_rows; k++)
    {
      g_autofree char *prefix = g_strdup_printf ("c%up%u-", n, k);
      g_autofree char *svg = NULL;

      part.first_row = first;
      part.n_rows = MAX (1, fsb_chart_rows_fitting (block->result, options, first, CHART_WIDTH, PRINT_PART_HEIGHT));
      svg = fsb_chart_to_svg (block->result, &part, CHART_WIDTH, 0, NULL);
      append_drawing (out, block, prefix, svg, "chart-part");
      first += part.n_rows;
    }
  g_string_append (out, "</div>\n");
}

static void
append_svg (GString *out, const FsbBlock *block, guint n)
{
  g_autofree char *wide = g_strdup_printf ("c%uw-", n);
  g_autofree char *narrow = g_strdup_printf ("c%un-", n);
  const double widths[] = { CHART_WIDTH, CHART_NARROW_WIDTH };
  FsbChartOptions options = block->chart;
  g_auto(GStrv) svgs = NULL;
  gboolean tall;

  options.font_size = CHART_FONT;
  tall = fsb_chart_get_height (block->result, &options, CHART_WIDTH) > PRINT_PART_HEIGHT &&
         fsb_chart_get_n_rows (block->result, &options) > 1;
  svgs = fsb_chart_to_svgs (block->result, &options, widths, G_N_ELEMENTS (widths));
  g_string_append (out, tall ? "<figure class=\"tall\">\n" : "<figure>\n");
  append_drawing (out, block, wide, svgs[0], "chart-wide");
  append_drawing (out, block, narrow, svgs[1], "chart-narrow");
  if (tall)
    append_print_parts (out, block, &options, n);
  g_string_append (out, "</figure>\n");
}

static void
append_table (GString *out, const FsbBlock *block)
{
  g_string_append (out, block->glance ? "<div class=\"scroll\"><table class=\"glance\">\n" : "<div class=\"scroll\"><table>\n");
  for (guint r = 0; r < block->items->len; r++)
    {
      GPtrArray *row = block->items->pdata[r];
      GPtrArray *header = block->items->pdata[0];
      const char *tag = r == 0 ? "th" : "td";

      if (r == 0)
        g_string_append (out, "<thead>");
      else if (r == 1)
        g_string_append (out, "<tbody>");
      g_string_append (out, "<tr>");
      for (guint c = 0; c < row->len; c++)
        {
          gboolean num = c < 64 && (block->numeric & (G_GUINT64_CONSTANT (1) << c)) != 0;
          gboolean strong = block->best != NULL && r < block->best->len && c < 64 &&
                            (g_array_index (block->best, guint64, r) & (G_GUINT64_CONSTANT (1) << c)) != 0;
          g_string_append_printf (out, "<%s%s%s%s", tag, num || strong ? " class=\"" : "",
                                  num ? (strong ? "num best" : "num") : strong ? "best" : "",
                                  num || strong ? "\"" : "");
          /* the column's header, shown before the cell on a narrow screen */
          if (r > 0 && c < header->len)
            {
              g_string_append (out, " data-label=\"");
              append_escaped (out, header->pdata[c]);
              g_string_append_c (out, '"');
            }
          g_string_append_c (out, '>');
          if (strong)
            g_string_append (out, "<strong>");
          append_escaped (out, row->pdata[c]);
          if (strong)
            g_string_append (out, "</strong>");
          g_string_append_printf (out, "</%s>", tag);
        }
      g_string_append (out, "</tr>");
      if (r == 0)
        g_string_append (out, "</thead>\n");
      else
        g_string_append_c (out, '\n');
    }
  if (block->items->len > 1)
    g_string_append (out, "</tbody>");
  g_string_append (out, "</table></div>\n");
}

char *
fsb_report_render_html (FsbDocument *doc)
{
  GString *out = g_string_new ("<!DOCTYPE html>\n");
  guint charts = 0;

  g_string_append (out, "<html lang=\"");
  append_escaped (out, doc->language);
  g_string_append (out, "\">\n<head>\n<meta charset=\"utf-8\">\n"
                        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                        "<meta name=\"generator\" content=\"FS Bench\">\n");
  append_element (out, "title", NULL, doc->title);
  g_string_append_printf (out, "<style>%s</style>\n</head>\n<body>\n<main>\n", css);

  for (guint i = 0, open_until = 0; i < doc->blocks->len; i++)
    {
      const FsbBlock *b = doc->blocks->pdata[i];

      if (b->keep > 0 && open_until == 0)
        {
          g_string_append (out, "<section class=\"keep\">\n");
          open_until = i + b->keep + 1;
        }
      switch (b->kind)
        {
        case FSB_BLOCK_TITLE:
          append_element (out, "h1", NULL, b->text);
          break;
        case FSB_BLOCK_SUBTITLE:
          append_element (out, "p", "class=\"subtitle\"", b->text);
          break;
        case FSB_BLOCK_VERDICT:
          append_element (out, "p", "class=\"verdict\"", b->text);
          break;
        case FSB_BLOCK_HEADING:
          append_element (out, "h2", NULL, b->text);
          break;
        case FSB_BLOCK_SUBHEADING:
          if (b->id != NULL)
            {
              g_autofree char *attr = NULL, *id = g_markup_escape_text (b->id, -1);
              attr = g_strdup_printf ("id=\"%s\"", id);
              append_element (out, "h3", attr, b->text);
            }
          else
            append_element (out, "h3", NULL, b->text);
          break;
        case FSB_BLOCK_PARAGRAPH:
          append_element (out, "p", NULL, b->text);
          break;
        case FSB_BLOCK_NOTE:
          append_element (out, "p", "class=\"note\"", b->text);
          break;
        case FSB_BLOCK_CONCLUSION:
          g_string_append (out, "<p class=\"conclusion\"><strong>");
          append_escaped (out, _("Conclusion:"));
          g_string_append (out, "</strong> ");
          append_escaped (out, b->text);
          g_string_append (out, "</p>\n");
          break;
        case FSB_BLOCK_LIST:
          g_string_append (out, "<ul>\n");
          for (guint j = 0; j < b->items->len; j++)
            append_element (out, "li", NULL, b->items->pdata[j]);
          g_string_append (out, "</ul>\n");
          break;
        case FSB_BLOCK_FACTS:
          g_string_append (out, "<dl class=\"facts\">\n");
          for (guint j = 0; j + 1 < b->items->len; j += 2)
            {
              append_element (out, "dt", NULL, b->items->pdata[j]);
              append_element (out, "dd", NULL, b->items->pdata[j + 1]);
            }
          g_string_append (out, "</dl>\n");
          break;
        case FSB_BLOCK_TABLE:
          append_table (out, b);
          break;
        case FSB_BLOCK_CHART:
          append_svg (out, b, ++charts);
          break;
        case FSB_BLOCK_PAGE_BREAK:
          g_string_append (out, "<div class=\"page-break\"></div>\n");
          break;
        default:
          break;
        }
      if (open_until > 0 && i + 1 == open_until)
        {
          g_string_append (out, "</section>\n");
          open_until = 0;
        }
    }
  g_string_append (out, "</main>\n</body>\n</html>\n");
  return g_string_free (out, FALSE);
}
