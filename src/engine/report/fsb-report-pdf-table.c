/* fsb-report-pdf-table.c: a table in the PDF, its columns as wide as a browser would make them */
#include "config.h"

#include <string.h>

#include "fsb-report-pdf-private.h"
#include "fsb-text-fit.h"

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
          h = MAX (h, fsb_pdf_prepare (pdf, row->pdata[c], FALSE, width[c] - 2 * pad, align, CELL_LINES));
          continue;
        }
      key = g_strdup_printf ("%u %c%s", c, bold ? 'b' : 'r', row->pdata[c] != NULL ? (const char *) row->pdata[c] : "");
      layout = g_hash_table_lookup (laid, key);
      if (layout == NULL)
        {
          layout = pango_layout_new (pango_layout_get_context (pdf->layout));
          pango_layout_set_font_description (layout, pdf->font);
          fsb_pdf_prepare_layout (pdf, layout, row->pdata[c], FALSE, width[c] - 2 * pad, align, CELL_LINES);
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

  fsb_pdf_prepare (pdf, text, FALSE, -1, PANGO_ALIGN_LEFT, CELL_LINES);
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

/* A cell's natural width and its widest word, in the current font (bold
 * in the header): measured once for each text, which a table of every
 * filesystem repeats in every row (names, tasks, "—"). */
static const double *
cell_widths (Pdf *pdf, const char *text, gboolean bold)
{
  g_autofree char *key = g_strdup_printf ("%c%g %s", bold ? 'b' : 'r', pdf->size, text != NULL ? text : "");
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
 * are too wide do all shrink alike, breaking words: returns FALSE then. */
static gboolean
compute_column_widths (Pdf *pdf, const FsbBlock *b, double size, double *width)
{
  GPtrArray *header = b->items->pdata[0];
  guint n_cols = header->len;
  g_autofree double *least = g_new0 (double, n_cols);
  double total = 0, total_least = 0, wrap = 0;

  memset (width, 0, n_cols * sizeof *width);
  for (guint r = 0; r < b->items->len; r++)
    {
      GPtrArray *row = b->items->pdata[r];
      fsb_pdf_set_font (pdf, size, r == 0, FALSE);
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
    return TRUE;
  if (total_least > pdf->content_w || wrap <= 0)
    {
      for (guint c = 0; c < n_cols; c++)
        width[c] = least[c] * pdf->content_w / total_least;
      return total_least <= pdf->content_w;
    }
  for (guint c = 0; c < n_cols; c++)
    width[c] = least[c] + (width[c] - least[c]) * (pdf->content_w - total_least) / wrap;
  return TRUE;
}

/* The table's column widths, and after them its font size, worked out
 * once: a table whose words do not fit side by side (the overview's nine
 * columns, in Russian) is set smaller, down to TABLE_LEAST_SIZE, rather
 * than break them inside ("Файлов-" over "ая"). */
static const double *
column_widths (Pdf *pdf, const FsbBlock *b, double *size)
{
  guint n_cols = ((GPtrArray *) b->items->pdata[0])->len;
  double *width = g_hash_table_lookup (pdf->measured, b);

  if (width == NULL)
    {
      width = g_new0 (double, n_cols + 1);
      width[n_cols] = TABLE_SIZE;
      while (!compute_column_widths (pdf, b, width[n_cols], width) && width[n_cols] > TABLE_LEAST_SIZE)
        width[n_cols] = MAX (width[n_cols] - 0.25, TABLE_LEAST_SIZE);
      g_hash_table_insert (pdf->measured, (gpointer) b, width);
    }
  *size = width[n_cols];
  return width;
}

void
fsb_pdf_table (Pdf *pdf, const FsbBlock *b)
{
  GPtrArray *header = b->items->pdata[0];
  guint n_cols = header->len;
  double size, whole;
  const double *width = column_widths (pdf, b, &size);
  const double pad = TABLE_PAD;
  /* a row's cells, each laid out once: measured, then drawn */
  g_autoptr(GHashTable) laid = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  g_autofree PangoLayout **cells = g_new0 (PangoLayout *, n_cols);
  g_autofree PangoLayout **header_cells = g_new0 (PangoLayout *, n_cols);

  if (pdf->dirty)
    pdf->y += 6;
  /* a short table is not split: on the next page whole (a third of a page at most) */
  whole = fsb_pdf_table_height (pdf, b, (pdf->page_h - 2 * MARGIN) / 3, G_MAXUINT);
  if (whole <= (pdf->page_h - 2 * MARGIN) / 3)
    fsb_pdf_ensure (pdf, whole - 6);
  for (guint r = 0; r < b->items->len; r++)
    {
      GPtrArray *row = b->items->pdata[r];
      gboolean is_header = r == 0;
      double h;

      /* the layouts of earlier rows go, never those of this one */
      if (g_hash_table_size (laid) >= MAX_LAID_CELLS)
        g_hash_table_remove_all (laid);
      fsb_pdf_set_font (pdf, size, is_header, FALSE);
      h = row_height (pdf, b, row, n_cols, width, pad, laid, cells);

      if (!is_header && h > fsb_pdf_room (pdf))
        {
          /* carry on on the next page, under the header again */
          fsb_pdf_new_page (pdf);
          fsb_pdf_set_font (pdf, size, TRUE, FALSE);
          draw_row (pdf, header, n_cols, width, pad,
                    row_height (pdf, b, header, n_cols, width, pad, laid, header_cells), TRUE, header_cells);
          fsb_pdf_set_font (pdf, size, FALSE, FALSE);
        }
      else if (is_header)
        fsb_pdf_ensure (pdf, h * 3);

      draw_row (pdf, row, n_cols, width, pad, h, is_header, cells);
      pdf->dirty = TRUE;
    }
  pdf->y += 6;
}

double
fsb_pdf_table_height (Pdf *pdf, const FsbBlock *b, double limit, guint max_rows)
{
  GPtrArray *header = b->items->pdata[0];
  double size;
  const double *width = column_widths (pdf, b, &size);
  double h = 0;

  for (guint r = 0; r < b->items->len && r < max_rows && h + 12 <= limit; r++)
    {
      fsb_pdf_set_font (pdf, size, r == 0, FALSE);
      h += row_height (pdf, b, b->items->pdata[r], header->len, width, TABLE_PAD, NULL, NULL);
    }
  return h + 12;
}
