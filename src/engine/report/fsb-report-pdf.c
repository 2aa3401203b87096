/* fsb-report-pdf.c: the report as a PDF drawn with cairo and pango */
#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-format.h"
#include "fsb-report-private.h"
#include "fsb-text-fit.h"

#define MARGIN     56.0   /* points: about 2 cm */
#define FOOTER     20.0
#define BODY_SIZE  10.0
#define TABLE_SIZE  8.5
#define TABLE_PAD   3.0
#define CHART_FONT  8.5
/* Every text is ellipsized to a few lines: a string of a result file may be
 * 64,000 characters long. Headings take this many lines at most, */
#define HEADING_LINES  3
/* a fact (Processor: …), a list's item or a table cell this many, */
#define FACT_LINES     6
#define ITEM_LINES     6
#define CELL_LINES     6
/* and a paragraph or a note a third of a page. */
#define TEXT_LINES     20

typedef struct {
  cairo_surface_t      *surface;
  cairo_t              *cr;
  PangoLayout          *layout;
  PangoFontDescription *font;
  double                page_w, page_h, content_w, y;
  double                size;    /* the font's */
  guint                 page;
  gboolean              dirty;   /* something is on the current page */
  int                   outline; /* the current heading's outline entry */
  /* What was measured once, for the block's keep_together () and its
   * drawing: a table's column widths (double[n_cols]), a chart's height
   * (double[1]), by block; a cell's natural width and widest word
   * (double[2]), by weight and text. */
  GHashTable           *measured;
  GHashTable           *cell_widths;
} Pdf;

/* A bookmark in the PDF's outline, pointing at the text about to be drawn. */
static int
bookmark (Pdf *pdf, int parent, const char *title)
{
  g_autofree char *link = g_strdup_printf ("page=%u pos=[%g %g]", pdf->page, MARGIN, pdf->y);
  g_autofree char *fitted = fsb_text_fit (title, -1, 1, 1);

  return cairo_pdf_surface_add_outline (pdf->surface, parent, fitted, link, 0);
}

static void
set_font (Pdf *pdf, double size, gboolean bold, gboolean italic)
{
  pdf->size = size;
  pango_font_description_set_absolute_size (pdf->font, size * PANGO_SCALE);
  pango_font_description_set_weight (pdf->font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style (pdf->font, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  pango_layout_set_font_description (pdf->layout, pdf->font);
}

/* Lays out text (or markup, its texts already fitted and escaped) at a
 * width, in at most max_lines lines, ellipsized; returns its height. */
static double
prepare_layout (Pdf *pdf, PangoLayout *layout, const char *text, gboolean markup, double width, PangoAlignment align,
                guint max_lines)
{
  int w, h;

  pango_layout_set_width (layout, width > 0 ? (int) (width * PANGO_SCALE) : -1);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_ellipsize (layout, width > 0 ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
  pango_layout_set_height (layout, (int) (fsb_text_fit_height (pdf->size, max_lines) * PANGO_SCALE));
  pango_layout_set_alignment (layout, align);
  if (markup)
    pango_layout_set_markup (layout, text, -1);
  else
    {
      g_autofree char *fitted = fsb_text_fit (text, width, pdf->size, max_lines);

      pango_layout_set_attributes (layout, NULL);
      pango_layout_set_text (layout, fitted, -1);
    }
  pango_layout_get_size (layout, &w, &h);
  return h / (double) PANGO_SCALE;
}

static double
prepare (Pdf *pdf, const char *text, gboolean markup, double width, PangoAlignment align, guint max_lines)
{
  return prepare_layout (pdf, pdf->layout, text, markup, width, align, max_lines);
}

static void
show_at (Pdf *pdf, double x, double y)
{
  cairo_move_to (pdf->cr, x, y);
  pango_cairo_show_layout (pdf->cr, pdf->layout);
}

/* The footer has a layout of its own: a page break comes in the middle of
 * laying out a block, whose text must survive it. */
static void
footer (Pdf *pdf)
{
  /* Translators: %u is a page number */
  g_autofree char *text = g_strdup_printf (_("Page %u"), pdf->page);
  g_autoptr(PangoLayout) layout = pango_cairo_create_layout (pdf->cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");

  pango_font_description_set_absolute_size (font, 8 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_width (layout, (int) (pdf->content_w * PANGO_SCALE));
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_text (layout, text, -1);
  cairo_set_source_rgb (pdf->cr, 0.45, 0.45, 0.45);
  cairo_move_to (pdf->cr, MARGIN, pdf->page_h - MARGIN + FOOTER * 0.5);
  pango_cairo_show_layout (pdf->cr, layout);
}

static void
new_page (Pdf *pdf)
{
  if (pdf->page > 0)
    {
      footer (pdf);
      cairo_show_page (pdf->cr);
    }
  pdf->page++;
  pdf->y = MARGIN;
  pdf->dirty = FALSE;
}

static double
room (Pdf *pdf)
{
  return pdf->page_h - MARGIN - pdf->y;
}

static void
ensure (Pdf *pdf, double height)
{
  if (height > room (pdf) && pdf->dirty)
    new_page (pdf);
}

/* Returns the text's height. */
static double
paragraph (Pdf *pdf, const char *text, gboolean markup, double size, gboolean bold, gboolean italic,
           double indent, double before, double after, guint max_lines)
{
  double h;

  set_font (pdf, size, bold, italic);
  h = prepare (pdf, text, markup, pdf->content_w - indent, PANGO_ALIGN_LEFT, max_lines);
  if (pdf->dirty)
    pdf->y += before;
  ensure (pdf, h);
  cairo_set_source_rgb (pdf->cr, 0.1, 0.1, 0.1);
  show_at (pdf, MARGIN + indent, pdf->y);
  pdf->y += h + after;
  pdf->dirty = TRUE;
  return h;
}

static void
boxed (Pdf *pdf, const char *text, double size, gboolean bold, gboolean italic, guint32 rgb)
{
  double h;

  set_font (pdf, size, bold, italic);
  h = prepare (pdf, text, FALSE, pdf->content_w - 12, PANGO_ALIGN_LEFT, TEXT_LINES);
  if (pdf->dirty)
    pdf->y += 6;
  ensure (pdf, h + 8);
  cairo_set_source_rgb (pdf->cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
  cairo_rectangle (pdf->cr, MARGIN, pdf->y, 3, h + 8);
  cairo_fill (pdf->cr);
  cairo_set_source_rgb (pdf->cr, 0.1, 0.1, 0.1);
  show_at (pdf, MARGIN + 12, pdf->y + 4);
  pdf->y += h + 8 + 6;
  pdf->dirty = TRUE;
}

/* A table's cells laid out, by column, weight and text: each shaped once
 * however often it comes again (a table of every filesystem repeats the
 * names, the tasks and many figures), at most this many at a time. */
#define MAX_LAID_CELLS 16384

/* The height of a table row in the current font, cells wrapped to width
 * (numeric columns aligned to the right). With laid, each cell's layout
 * is kept there and put in cells, to be drawn as it is. */
static double
row_height (Pdf *pdf, const FsbBlock *b, GPtrArray *row, guint n_cols, const double *width, double pad,
            GHashTable *laid, PangoLayout **cells)
{
  gboolean bold = pango_font_description_get_weight (pdf->font) == PANGO_WEIGHT_BOLD;
  double h = 0;

  for (guint c = 0; c < row->len && c < n_cols; c++)
    {
      gboolean num = c < 64 && (b->numeric & (G_GUINT64_CONSTANT (1) << c)) != 0;
      PangoAlignment align = num ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT;
      g_autofree char *key = NULL;
      PangoLayout *layout;
      int lh;

      if (laid == NULL)
        {
          h = MAX (h, prepare (pdf, row->pdata[c], FALSE, width[c] - 2 * pad, align, CELL_LINES));
          continue;
        }
      key = g_strdup_printf ("%u %c%s", c, bold ? 'b' : 'r', row->pdata[c] != NULL ? (const char *) row->pdata[c] : "");
      layout = g_hash_table_lookup (laid, key);
      if (layout == NULL)
        {
          layout = pango_layout_new (pango_layout_get_context (pdf->layout));
          pango_layout_set_font_description (layout, pdf->font);
          prepare_layout (pdf, layout, row->pdata[c], FALSE, width[c] - 2 * pad, align, CELL_LINES);
          g_hash_table_insert (laid, g_steal_pointer (&key), layout);
        }
      pango_layout_get_size (layout, NULL, &lh);
      h = MAX (h, lh / (double) PANGO_SCALE);
      cells[c] = layout;
    }
  return h + 2 * pad * 0.6;
}

/* Draws a row of height h at pdf->y, its cells laid out by row_height (),
 * then the rule under it: darker under the header. */
static void
draw_row (Pdf *pdf, GPtrArray *row, guint n_cols, const double *width, double pad, double h, gboolean is_header,
          PangoLayout **cells)
{
  double x = MARGIN, gray = is_header ? 0.5 : 0.85;

  for (guint c = 0; c < row->len && c < n_cols; c++)
    {
      cairo_set_source_rgb (pdf->cr, 0.1, 0.1, 0.1);
      cairo_move_to (pdf->cr, x + pad, pdf->y + pad * 0.6);
      pango_cairo_show_layout (pdf->cr, cells[c]);
      x += width[c];
    }
  pdf->y += h;
  cairo_set_source_rgb (pdf->cr, gray, gray, gray);
  cairo_set_line_width (pdf->cr, is_header ? 0.8 : 0.4);
  cairo_move_to (pdf->cr, MARGIN, pdf->y);
  cairo_line_to (pdf->cr, MARGIN + pdf->content_w, pdf->y);
  cairo_stroke (pdf->cr);
}

/* The width of a cell's text on lines of its own (as many as a cell shows). */
static double
text_width (Pdf *pdf, const char *text)
{
  int w;

  prepare (pdf, text, FALSE, -1, PANGO_ALIGN_LEFT, CELL_LINES);
  pango_layout_get_size (pdf->layout, &w, NULL);
  return w / (double) PANGO_SCALE;
}

/* The widest word of a cell: narrower, the cell breaks inside a word
 * ("Déb" over "it"). Each word on a line of its own, in one layout. */
static double
widest_word (Pdf *pdf, const char *text)
{
  g_autofree char *words = fsb_text_fit (text != NULL ? text : "", -1, pdf->size, CELL_LINES);
  int w;

  g_strdelimit (words, " ", '\n');
  pango_layout_set_width (pdf->layout, -1);
  pango_layout_set_ellipsize (pdf->layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_set_height (pdf->layout, -1);
  pango_layout_set_attributes (pdf->layout, NULL);
  pango_layout_set_text (pdf->layout, words, -1);
  pango_layout_get_size (pdf->layout, &w, NULL);
  return w / (double) PANGO_SCALE;
}

/* A cell's natural width and its widest word, in the table's font (bold
 * in the header): measured once for each text, which a table of every
 * filesystem repeats in every row (names, tasks, "—"). */
static const double *
cell_widths (Pdf *pdf, const char *text, gboolean bold)
{
  g_autofree char *key = g_strdup_printf ("%c%s", bold ? 'b' : 'r', text != NULL ? text : "");
  double *widths = g_hash_table_lookup (pdf->cell_widths, key);

  if (widths == NULL)
    {
      widths = g_new (double, 2);
      widths[0] = text_width (pdf, text);
      widths[1] = widest_word (pdf, text);
      g_hash_table_insert (pdf->cell_widths, g_steal_pointer (&key), widths);
    }
  return widths;
}

/* As a browser lays out a table: natural widths when they fit; else every
 * column keeps its widest word, and the room left goes to the columns in
 * proportion to what wrapping takes from them. Only when the words alone
 * are too wide do all shrink alike. */
static void
compute_column_widths (Pdf *pdf, const FsbBlock *b, double *width)
{
  GPtrArray *header = b->items->pdata[0];
  guint n_cols = header->len;
  g_autofree double *least = g_new0 (double, n_cols);
  double total = 0, total_least = 0, wrap = 0;

  for (guint r = 0; r < b->items->len; r++)
    {
      GPtrArray *row = b->items->pdata[r];
      set_font (pdf, TABLE_SIZE, r == 0, FALSE);
      for (guint c = 0; c < row->len && c < n_cols; c++)
        {
          const double *w = cell_widths (pdf, row->pdata[c], r == 0);

          width[c] = MAX (width[c], w[0] + 2 * TABLE_PAD);
          least[c] = MAX (least[c], w[1] + 2 * TABLE_PAD);
        }
    }
  for (guint c = 0; c < n_cols; c++)
    {
      total += width[c];
      total_least += least[c];
      wrap += width[c] - least[c];
    }
  if (total <= pdf->content_w)
    return;
  if (total_least >= pdf->content_w || wrap <= 0)
    {
      for (guint c = 0; c < n_cols; c++)
        width[c] = least[c] * pdf->content_w / total_least;
      return;
    }
  for (guint c = 0; c < n_cols; c++)
    width[c] = least[c] + (width[c] - least[c]) * (pdf->content_w - total_least) / wrap;
}

/* The table's column widths, worked out once. */
static const double *
column_widths (Pdf *pdf, const FsbBlock *b)
{
  double *width = g_hash_table_lookup (pdf->measured, b);

  if (width == NULL)
    {
      width = g_new0 (double, ((GPtrArray *) b->items->pdata[0])->len);
      compute_column_widths (pdf, b, width);
      g_hash_table_insert (pdf->measured, (gpointer) b, width);
    }
  return width;
}

/* The chart's height at the page's width, worked out once. */
static double
chart_height (Pdf *pdf, const FsbBlock *b)
{
  double *height = g_hash_table_lookup (pdf->measured, b);

  if (height == NULL)
    {
      FsbChartOptions options = b->chart;

      options.font_size = CHART_FONT;
      height = g_new (double, 1);
      *height = fsb_chart_get_height (b->result, &options, pdf->content_w);
      g_hash_table_insert (pdf->measured, (gpointer) b, height);
    }
  return *height;
}

static void
table (Pdf *pdf, const FsbBlock *b)
{
  GPtrArray *header = b->items->pdata[0];
  guint n_cols = header->len;
  const double *width = column_widths (pdf, b);
  const double pad = TABLE_PAD;
  /* a row's cells, each laid out once: measured, then drawn */
  g_autoptr(GHashTable) laid = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  g_autofree PangoLayout **cells = g_new0 (PangoLayout *, n_cols);
  g_autofree PangoLayout **header_cells = g_new0 (PangoLayout *, n_cols);

  if (pdf->dirty)
    pdf->y += 6;
  for (guint r = 0; r < b->items->len; r++)
    {
      GPtrArray *row = b->items->pdata[r];
      gboolean is_header = r == 0;
      double h;

      /* the layouts of earlier rows go, never those of this one */
      if (g_hash_table_size (laid) >= MAX_LAID_CELLS)
        g_hash_table_remove_all (laid);
      set_font (pdf, TABLE_SIZE, is_header, FALSE);
      h = row_height (pdf, b, row, n_cols, width, pad, laid, cells);

      if (!is_header && h > room (pdf))
        {
          /* carry on on the next page, under the header again */
          new_page (pdf);
          set_font (pdf, TABLE_SIZE, TRUE, FALSE);
          draw_row (pdf, header, n_cols, width, pad,
                    row_height (pdf, b, header, n_cols, width, pad, laid, header_cells), TRUE, header_cells);
          set_font (pdf, TABLE_SIZE, FALSE, FALSE);
        }
      else if (is_header)
        ensure (pdf, h * 3);

      draw_row (pdf, row, n_cols, width, pad, h, is_header, cells);
      pdf->dirty = TRUE;
    }
  pdf->y += 6;
}

static void
draw_chart_part (Pdf *pdf, const FsbBlock *b, const FsbChartOptions *options, double h)
{
  ensure (pdf, h);
  cairo_save (pdf->cr);
  cairo_translate (pdf->cr, MARGIN, pdf->y);
  fsb_chart_draw (pdf->cr, b->result, options, pdf->content_w, h);
  cairo_restore (pdf->cr);
  pdf->y += h + 8;
  pdf->dirty = TRUE;
}

/* A chart taller than a page goes on in parts, a page each: as many of its
 * rows as fit, each part with its legend and axes, on the whole chart's
 * scales; nothing is drawn past the foot of a page. */
static void
chart (Pdf *pdf, const FsbBlock *b)
{
  FsbChartOptions options = b->chart;
  double h = chart_height (pdf, b), page = pdf->page_h - 2 * MARGIN - 8;
  guint n_rows, first = 0;

  options.font_size = CHART_FONT;
  if (pdf->dirty)
    pdf->y += 8;
  n_rows = h > page ? fsb_chart_get_n_rows (b->result, &options) : 0;
  if (n_rows < 2)
    {
      draw_chart_part (pdf, b, &options, MIN (h, page));
      return;
    }
  while (first < n_rows)
    {
      double avail = room (pdf), part_h = 0;
      guint n = 0;

      /* the most rows that fit the room left, or a fresh page when not one does */
      for (guint k = 1; first + k <= n_rows; k++)
        {
          double kh;

          options.first_row = first;
          options.n_rows = k;
          kh = fsb_chart_get_height (b->result, &options, pdf->content_w);
          if (kh > avail)
            break;
          n = k;
          part_h = kh;
        }
      if (n == 0 && pdf->dirty)
        {
          new_page (pdf);
          continue;
        }
      n = MAX (n, 1);
      options.first_row = first;
      options.n_rows = n;
      if (part_h == 0)
        part_h = MIN (fsb_chart_get_height (b->result, &options, pdf->content_w), page);
      draw_chart_part (pdf, b, &options, part_h);
      first += n;
      if (first < n_rows)
        new_page (pdf);
    }
}

/* Blocks ----------------------------------------------------------------- */

/* "<b>label</b> text", the text fitted to max_lines of the page's width. */
static char *
labelled_markup (Pdf *pdf, const char *label, const char *text, guint max_lines)
{
  g_autofree char *fitted = fsb_text_fit (text, pdf->content_w, BODY_SIZE, max_lines);

  return g_markup_printf_escaped ("<b>%s</b> %s", label, fitted);
}

static void
list_item (Pdf *pdf, const char *text)
{
  double h = paragraph (pdf, text, FALSE, BODY_SIZE, FALSE, FALSE, 14, 1, 1, ITEM_LINES);
  /* the bullet beside the item's first line, on whatever page it landed */
  double top = pdf->y - 1 - h;

  prepare (pdf, "•", FALSE, -1, PANGO_ALIGN_LEFT, 1);
  show_at (pdf, MARGIN + 3, top);
}

static void
draw_block (Pdf *pdf, const FsbBlock *b)
{
  switch (b->kind)
    {
    case FSB_BLOCK_TITLE:
      paragraph (pdf, b->text, FALSE, 20, TRUE, FALSE, 0, 0, 4, HEADING_LINES);
      break;
    case FSB_BLOCK_SUBTITLE:
      paragraph (pdf, b->text, FALSE, 9.5, FALSE, TRUE, 0, 0, 10, HEADING_LINES);
      break;
    case FSB_BLOCK_VERDICT:
      boxed (pdf, b->text, 12, TRUE, FALSE, 0x0072B2);
      break;
    case FSB_BLOCK_HEADING:
      ensure (pdf, 80);
      pdf->outline = bookmark (pdf, CAIRO_PDF_OUTLINE_ROOT, b->text);
      paragraph (pdf, b->text, FALSE, 15, TRUE, FALSE, 0, 14, 6, HEADING_LINES);
      break;
    case FSB_BLOCK_SUBHEADING:
      ensure (pdf, 60);
      bookmark (pdf, pdf->outline, b->text);
      paragraph (pdf, b->text, FALSE, 12, TRUE, FALSE, 0, 10, 4, HEADING_LINES);
      break;
    case FSB_BLOCK_PARAGRAPH:
      paragraph (pdf, b->text, FALSE, BODY_SIZE, FALSE, FALSE, 0, 3, 3, TEXT_LINES);
      break;
    case FSB_BLOCK_NOTE:
      boxed (pdf, b->text, 9, FALSE, TRUE, 0xE69F00);
      break;
    case FSB_BLOCK_CONCLUSION:
      {
        g_autofree char *markup = labelled_markup (pdf, _("Conclusion:"), b->text, TEXT_LINES);
        paragraph (pdf, markup, TRUE, BODY_SIZE, FALSE, FALSE, 0, 6, 4, TEXT_LINES);
      }
      break;
    case FSB_BLOCK_LIST:
      for (guint j = 0; j < b->items->len; j++)
        list_item (pdf, b->items->pdata[j]);
      break;
    case FSB_BLOCK_FACTS:
      for (guint j = 0; j + 1 < b->items->len; j += 2)
        {
          g_autofree char *label = fsb_doc_fact_label (b->items->pdata[j]);
          g_autofree char *markup = labelled_markup (pdf, label, b->items->pdata[j + 1], FACT_LINES);
          paragraph (pdf, markup, TRUE, BODY_SIZE, FALSE, FALSE, 0, 1, 1, FACT_LINES);
        }
      break;
    case FSB_BLOCK_TABLE:
      table (pdf, b);
      break;
    case FSB_BLOCK_CHART:
      chart (pdf, b);
      break;
    case FSB_BLOCK_PAGE_BREAK:
      if (pdf->dirty)
        new_page (pdf);
      break;
    default:
      break;
    }
}

/* What draw_block would take, page breaks aside: to keep a section together. */
static double
text_height (Pdf *pdf, const char *text, gboolean markup, double size, gboolean bold, double indent,
             guint max_lines)
{
  set_font (pdf, size, bold, FALSE);
  return prepare (pdf, text, markup, pdf->content_w - indent, PANGO_ALIGN_LEFT, max_lines);
}

/* Past limit, a table's height is not worked out further. */
static double
block_height (Pdf *pdf, const FsbBlock *b, double limit)
{
  double h = 0;

  switch (b->kind)
    {
    case FSB_BLOCK_SUBHEADING:
      return 10 + text_height (pdf, b->text, FALSE, 12, TRUE, 0, HEADING_LINES) + 4;
    case FSB_BLOCK_PARAGRAPH:
      return 3 + text_height (pdf, b->text, FALSE, BODY_SIZE, FALSE, 0, TEXT_LINES) + 3;
    case FSB_BLOCK_NOTE:
      return 6 + text_height (pdf, b->text, FALSE, 9, FALSE, 12, TEXT_LINES) + 14;
    case FSB_BLOCK_CONCLUSION:
      {
        g_autofree char *markup = labelled_markup (pdf, _("Conclusion:"), b->text, TEXT_LINES);
        return 6 + text_height (pdf, markup, TRUE, BODY_SIZE, FALSE, 0, TEXT_LINES) + 4;
      }
    case FSB_BLOCK_LIST:
      for (guint j = 0; j < b->items->len; j++)
        h += 2 + text_height (pdf, b->items->pdata[j], FALSE, BODY_SIZE, FALSE, 14, ITEM_LINES);
      return h;
    case FSB_BLOCK_TABLE:
      {
        GPtrArray *header = b->items->pdata[0];
        const double *width = column_widths (pdf, b);

        for (guint r = 0; r < b->items->len && h + 12 <= limit; r++)
          {
            set_font (pdf, TABLE_SIZE, r == 0, FALSE);
            h += row_height (pdf, b, b->items->pdata[r], header->len, width, TABLE_PAD, NULL, NULL);
          }
        return h + 12;
      }
    case FSB_BLOCK_CHART:
      return 8 + chart_height (pdf, b) + 8;
    default:
      return 0;
    }
}

/* A section (a block and the ones it keeps) starts on a new page when it
 * would not fit on this one but fits on a page of its own. Taller than a
 * page, it is measured no further: room (pdf) is never more than a page,
 * so the answer is known. */
static void
keep_together (Pdf *pdf, GPtrArray *blocks, guint i)
{
  const FsbBlock *first = blocks->pdata[i];
  double h = 0, page = pdf->page_h - 2 * MARGIN;

  for (guint k = i; k <= i + first->keep && k < blocks->len && h <= page; k++)
    h += block_height (pdf, blocks->pdata[k], page - h);
  if (h > room (pdf) && pdf->dirty && (h <= page || room (pdf) < page * 0.35))
    new_page (pdf);
}

static cairo_status_t
append_cb (void *closure, const unsigned char *data, unsigned int length)
{
  g_string_append_len (closure, (const char *) data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
fsb_report_render_pdf (FsbDocument *doc, const char *path, gboolean letter, GError **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  Pdf pdf = { 0 };
  cairo_status_t status;

  pdf.page_w = letter ? 612 : 595.276;
  pdf.page_h = letter ? 792 : 841.890;
  pdf.content_w = pdf.page_w - 2 * MARGIN;
  /* In memory, then written as a file of our own renamed over the name
   * (g_file_set_contents): a link planted there is replaced, its target
   * never written, and a failed report leaves no half of a PDF. */
  pdf.surface = cairo_pdf_surface_create_for_stream (append_cb, out, pdf.page_w, pdf.page_h);
  status = cairo_surface_status (pdf.surface);
  if (status == CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *title = fsb_text_fit (doc->title, -1, 1, 1);

      cairo_pdf_surface_set_metadata (pdf.surface, CAIRO_PDF_METADATA_TITLE, title);
      cairo_pdf_surface_set_metadata (pdf.surface, CAIRO_PDF_METADATA_CREATOR, "FS Bench");
      pdf.cr = cairo_create (pdf.surface);
      pdf.layout = pango_cairo_create_layout (pdf.cr);
      pdf.font = pango_font_description_from_string ("Sans");
      pdf.outline = CAIRO_PDF_OUTLINE_ROOT;
      pdf.measured = g_hash_table_new_full (NULL, NULL, NULL, g_free);
      pdf.cell_widths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      new_page (&pdf);

      for (guint i = 0; i < doc->blocks->len; i++)
        {
          const FsbBlock *b = doc->blocks->pdata[i];

          if (b->keep > 0)
            keep_together (&pdf, doc->blocks, i);
          draw_block (&pdf, b);
        }
      footer (&pdf);
      g_clear_pointer (&pdf.measured, g_hash_table_unref);
      g_clear_pointer (&pdf.cell_widths, g_hash_table_unref);
      g_clear_object (&pdf.layout);
      pango_font_description_free (pdf.font);
      cairo_destroy (pdf.cr);
      cairo_surface_finish (pdf.surface);
      status = cairo_surface_status (pdf.surface);
    }
  cairo_surface_destroy (pdf.surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_autofree char *display = g_filename_display_name (path);
      g_set_error (error, FSB_ERROR, status == CAIRO_STATUS_WRITE_ERROR ? FSB_ERROR_FAILED : FSB_ERROR_INVALID,
                   _("Cannot write “%s”: %s"), display, cairo_status_to_string (status));
      return FALSE;
    }
  if (!g_file_set_contents (path, out->str, (gssize) out->len, error))
    {
      fsb_error_normalize (error);
      return FALSE;
    }
  return TRUE;
}
