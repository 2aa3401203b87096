/* fsb-png.h: an opaque cairo image as a PNG file, quickly */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Appends image (CAIRO_FORMAT_ARGB32 or RGB24) to out as an 8-bit RGB PNG:
 * the pixels cairo_surface_write_to_png () writes, in some four times less
 * time (one filter for every row, the one a flat chart packs best, where
 * libpng tries five on each; the two halves deflated at once). FALSE, out
 * untouched, for an image with any pixel not opaque, or of another format:
 * cairo's writer keeps those. */
gboolean fsb_png_encode (cairo_surface_t *image, GString *out);

G_END_DECLS
