/* fsb-report-pdf.c: the report as a PDF drawn with cairo and pango */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-format.h"
#include "fsb-report-pdf-private.h"
#include "fsb-text-fit.h"

/* A bookmark in the PDF's outline, pointing at the text about to be drawn. */
static int
bookmark (Pdf *pdf, int parent, const char *title)
{
  g_autofree char *link = g_strdup_printf ("page=%u pos=[%g %g]", pdf->page, MARGIN, pdf->y);
  g_autofree char *fitted = fsb_text_fit (title, -1, 1, 1);

  return cairo_pdf_surface_add_outline (pdf->surface, parent, fitted, link, 0);
}

void
fsb_pdf_set_font (Pdf *pdf, double size, gboolean bold, gboolean italic)
{
  pdf->size = size;
  pango_font_description_set_absolute_size (pdf->font, size * PANGO_SCALE);
  pango_font_description_set_weight (pdf->font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_style (pdf->font, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
  pango_layout_set_font_description (pdf->layout, pdf->font);
}

/* Lays out text (or markup, its texts already fitted and escaped) at a
 * width, in at most max_lines lines, ellipsized; returns its height. */
double
fsb_pdf_prepare_layout (Pdf *pdf, PangoLayout *layout, const char *text, gboolean markup, double width, PangoAlignment align,
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

double
fsb_pdf_prepare (Pdf *pdf, const char *text, gboolean markup, double width, PangoAlignment align, guint max_lines)
{
  return fsb_pdf_prepare_layout (pdf, pdf->layout, text, markup, width, align, max_lines);
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

void
fsb_pdf_new_page (Pdf *pdf)
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

double
fsb_pdf_room (Pdf *pdf)
{
  return pdf->page_h - MARGIN - pdf->y;
}

void
fsb_pdf_ensure (Pdf *pdf, double height)
{
  if (height > fsb_pdf_room (pdf) && pdf->dirty)
    fsb_pdf_new_page (pdf);
}

/* Returns the text's height. */
static double
paragraph (Pdf *pdf, const char *text, gboolean markup, double size, gboolean bold, gboolean italic,
           double indent, double before, double after, guint max_lines)
{
  double h;

  fsb_pdf_set_font (pdf, size, bold, italic);
  h = fsb_pdf_prepare (pdf, text, markup, pdf->content_w - indent, PANGO_ALIGN_LEFT, max_lines);
  if (pdf->dirty)
    pdf->y += before;
  fsb_pdf_ensure (pdf, h);
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

  fsb_pdf_set_font (pdf, size, bold, italic);
  h = fsb_pdf_prepare (pdf, text, FALSE, pdf->content_w - 12, PANGO_ALIGN_LEFT, TEXT_LINES);
  if (pdf->dirty)
    pdf->y += 6;
  fsb_pdf_ensure (pdf, h + 8);
  cairo_set_source_rgb (pdf->cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
  cairo_rectangle (pdf->cr, MARGIN, pdf->y, 3, h + 8);
  cairo_fill (pdf->cr);
  cairo_set_source_rgb (pdf->cr, 0.1, 0.1, 0.1);
  show_at (pdf, MARGIN + 12, pdf->y + 4);
  pdf->y += h + 8 + 6;
  pdf->dirty = TRUE;
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
draw_chart_part (Pdf *pdf, const FsbBlock *b, const FsbChartOptions *options, double h)
{
  fsb_pdf_ensure (pdf, h);
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
      /* the most rows that fit the room left, or a fresh page when not one does */
      guint n = fsb_chart_rows_fitting (b->result, &options, first, pdf->content_w, fsb_pdf_room (pdf));
      double part_h;

      if (n == 0 && pdf->dirty)
        {
          fsb_pdf_new_page (pdf);
          continue;
        }
      options.first_row = first;
      options.n_rows = MAX (n, 1);
      part_h = MIN (fsb_chart_get_height (b->result, &options, pdf->content_w), page);
      draw_chart_part (pdf, b, &options, part_h);
      first += options.n_rows;
      if (first < n_rows)
        fsb_pdf_new_page (pdf);
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

  fsb_pdf_prepare (pdf, "•", FALSE, -1, PANGO_ALIGN_LEFT, 1);
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
      pdf->outline = bookmark (pdf, CAIRO_PDF_OUTLINE_ROOT, b->text);
      paragraph (pdf, b->text, FALSE, 15, TRUE, FALSE, 0, 14, 6, HEADING_LINES);
      break;
    case FSB_BLOCK_SUBHEADING:
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
      fsb_pdf_table (pdf, b);
      break;
    case FSB_BLOCK_CHART:
      chart (pdf, b);
      break;
    case FSB_BLOCK_PAGE_BREAK:
      if (pdf->dirty)
        fsb_pdf_new_page (pdf);
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
  fsb_pdf_set_font (pdf, size, bold, FALSE);
  return fsb_pdf_prepare (pdf, text, markup, pdf->content_w - indent, PANGO_ALIGN_LEFT, max_lines);
}

/* Past limit, a table's height is not worked out further. */
static double
block_height (Pdf *pdf, const FsbBlock *b, double limit)
{
  double h = 0;

  switch (b->kind)
    {
    case FSB_BLOCK_HEADING:
      return 14 + text_height (pdf, b->text, FALSE, 15, TRUE, 0, HEADING_LINES) + 6;
    case FSB_BLOCK_SUBHEADING:
      return 10 + text_height (pdf, b->text, FALSE, 12, TRUE, 0, HEADING_LINES) + 4;
    case FSB_BLOCK_PARAGRAPH:
      return 3 + text_height (pdf, b->text, FALSE, BODY_SIZE, FALSE, 0, TEXT_LINES) + 3;
    case FSB_BLOCK_NOTE:
      return 6 + text_height (pdf, b->text, FALSE, 9, FALSE, 12, TEXT_LINES) + 14;
    case FSB_BLOCK_VERDICT:
      return 6 + text_height (pdf, b->text, FALSE, 12, TRUE, 12, TEXT_LINES) + 14;
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
      return fsb_pdf_table_height (pdf, b, limit, G_MAXUINT);
    case FSB_BLOCK_CHART:
      return 8 + chart_height (pdf, b) + 8;
    default:
      return 0;
    }
}

/* What a block puts on its page before it can go on to the next one: a
 * chart taller than a page its first row, a table its header and first
 * rows, a list or facts their first item; anything else all of it. */
static double
lead_height (Pdf *pdf, const FsbBlock *b)
{
  double page = pdf->page_h - 2 * MARGIN;

  switch (b->kind)
    {
    case FSB_BLOCK_CHART:
      if (chart_height (pdf, b) > page - 8)
        {
          FsbChartOptions options = b->chart;

          options.font_size = CHART_FONT;
          options.first_row = 0;
          options.n_rows = 1;
          return 8 + fsb_chart_get_height (b->result, &options, pdf->content_w) + 8;
        }
      break;
    case FSB_BLOCK_TABLE:
      /* the header and two rows */
      return fsb_pdf_table_height (pdf, b, page, 3);
    case FSB_BLOCK_LIST:
      return b->items->len > 0 ? 2 + text_height (pdf, b->items->pdata[0], FALSE, BODY_SIZE, FALSE, 14, ITEM_LINES) : 0;
    case FSB_BLOCK_FACTS:
      if (b->items->len >= 2)
        {
          g_autofree char *label = fsb_doc_fact_label (b->items->pdata[0]);
          g_autofree char *markup = labelled_markup (pdf, label, b->items->pdata[1], FACT_LINES);
          return 2 + text_height (pdf, markup, TRUE, BODY_SIZE, FALSE, 0, FACT_LINES);
        }
      return 0;
    default:
      break;
    }
  return block_height (pdf, b, page);
}

/* A heading never ends a page: with the headings right under it and the
 * lead of what they head, it starts the next page when they do not fit. */
static void
keep_heading (Pdf *pdf, GPtrArray *blocks, guint i)
{
  double h = 0, page = pdf->page_h - 2 * MARGIN;
  guint k = i;

  for (; k < blocks->len; k++)
    {
      const FsbBlock *b = blocks->pdata[k];

      if (b->kind != FSB_BLOCK_HEADING && b->kind != FSB_BLOCK_SUBHEADING)
        break;
      h += block_height (pdf, b, page);
    }
  if (k < blocks->len)
    h += lead_height (pdf, blocks->pdata[k]);
  if (h > fsb_pdf_room (pdf) && pdf->dirty)
    fsb_pdf_new_page (pdf);
}

/* A section (a block and the ones it keeps) starts on a new page when it
 * would not fit on this one but fits on a page of its own. Taller than a
 * page, it is measured no further: fsb_pdf_room (pdf) is never more than a page,
 * so the answer is known. */
static void
keep_together (Pdf *pdf, GPtrArray *blocks, guint i)
{
  const FsbBlock *first = blocks->pdata[i];
  double h = 0, page = pdf->page_h - 2 * MARGIN;

  for (guint k = i; k <= i + first->keep && k < blocks->len && h <= page; k++)
    h += block_height (pdf, blocks->pdata[k], page - h);
  if (h > fsb_pdf_room (pdf) && pdf->dirty && (h <= page || fsb_pdf_room (pdf) < page * 0.35))
    fsb_pdf_new_page (pdf);
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
      fsb_pdf_new_page (&pdf);

      for (guint i = 0; i < doc->blocks->len; i++)
        {
          const FsbBlock *b = doc->blocks->pdata[i];

          if (b->keep > 0)
            keep_together (&pdf, doc->blocks, i);
          if (b->kind == FSB_BLOCK_HEADING || b->kind == FSB_BLOCK_SUBHEADING)
            keep_heading (&pdf, doc->blocks, i);
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
