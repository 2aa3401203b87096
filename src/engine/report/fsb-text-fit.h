/* fsb-text-fit.h: a text cut to what a layout can show, before pango sees it */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A line laid out at no width (a natural width being measured) holds at
 * most this many characters. */
#define FSB_TEXT_FIT_LINE_CHARS 256

/* A copy of text cut after the characters that could fill max_lines lines
 * of width (at size, both in the same unit; width 0 or less: no width),
 * and after its max_lines-th line break, with "…" where it was cut; in a
 * run of characters with no break chance (a space), a zero-width space
 * every 160 characters. Pango's line breaking takes time growing with the
 * square of an unbreakable run and with the whole text at every line: a
 * text of 64,000 characters took seconds a layout. NULL gives NULL. */
char   *fsb_text_fit        (const char *text, double width, double size, guint max_lines);
/* The height, in the unit of size, of max_lines lines: for
 * pango_layout_set_height (), which ellipsizes what goes beyond it. */
double  fsb_text_fit_height (double size, guint max_lines);

G_END_DECLS
