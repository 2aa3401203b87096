/* fsb-report-pdf-private.h: what the PDF renderer's files share: the page being drawn, and text on it */
#pragma once

#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "fsb-report-private.h"

G_BEGIN_DECLS

#define MARGIN     56.0   /* points: about 2 cm */
#define FOOTER     20.0
#define BODY_SIZE  10.0
#define TABLE_SIZE  8.5
/* a table too wide for its words at TABLE_SIZE is set smaller, down to this */
#define TABLE_LEAST_SIZE 6.5
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

void   fsb_pdf_set_font       (Pdf *pdf, double size, gboolean bold, gboolean italic);
/* Lays out text (or markup, its texts already fitted and escaped) at a
 * width, in at most max_lines lines, ellipsized; returns its height. */
double fsb_pdf_prepare_layout (Pdf *pdf, PangoLayout *layout, const char *text, gboolean markup, double width,
                               PangoAlignment align, guint max_lines);
/* The same in the page's own layout. */
double fsb_pdf_prepare        (Pdf *pdf, const char *text, gboolean markup, double width, PangoAlignment align,
                               guint max_lines);
/* The footer, then a new page. */
void   fsb_pdf_new_page       (Pdf *pdf);
/* The height left above the page's foot. */
double fsb_pdf_room           (Pdf *pdf);
/* A new page when height does not fit in what is left of this one. */
void   fsb_pdf_ensure         (Pdf *pdf, double height);

/* fsb-report-pdf-table.c: a table, its header again on every page it goes on to */
void   fsb_pdf_table          (Pdf *pdf, const FsbBlock *b);
/* A table's first max_rows rows (the header one of them) and the space
 * around it; past limit, not worked out further. */
double fsb_pdf_table_height   (Pdf *pdf, const FsbBlock *b, double limit, guint max_rows);

G_END_DECLS
