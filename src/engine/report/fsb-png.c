/* fsb-png.c: an opaque cairo image as a PNG file, quickly */
#include "config.h"

#include <zlib.h>

#include "fsb-png.h"

/* zlib's level: 3 is the fastest whose files stay near cairo's (charts are
 * large flat areas; level 6 halves the speed for a tenth less). */
#define PNG_LEVEL 3
#define PNG_FILTER_NONE 0

static void
append_be32 (GString *out, guint32 v)
{
  const guint8 be[4] = { v >> 24, v >> 16, v >> 8, v };

  g_string_append_len (out, (const char *) be, 4);
}

static void
append_chunk (GString *out, const char *type, const guint8 *data, gsize length)
{
  uLong crc = crc32 (0, (const Bytef *) type, 4);

  if (length > 0)   /* crc32 () of no data gives its initial value */
    crc = crc32 (crc, data, (uInt) length);
  append_be32 (out, (guint32) length);
  g_string_append_len (out, type, 4);
  g_string_append_len (out, (const char *) data, (gssize) length);
  append_be32 (out, (guint32) crc);
}

/* Deflates what z holds into data, flushing as asked. */
static gboolean
pack (z_stream *z, GByteArray *data, int flush)
{
  guint8 chunk[16384];
  int status;

  do
    {
      z->next_out = chunk;
      z->avail_out = sizeof chunk;
      status = deflate (z, flush);
      if (status == Z_STREAM_ERROR)
        return FALSE;
      g_byte_array_append (data, chunk, sizeof chunk - z->avail_out);
    }
  while (z->avail_out == 0);
  return flush != Z_FINISH || status == Z_STREAM_END;
}

/* The image data: each row a filter byte, then R, G, B of each pixel,
 * deflated a row at a time. FALSE when a pixel is not opaque. */
static gboolean
pack_rows (cairo_surface_t *image, int width, int height, z_stream *z, GByteArray *data)
{
  gboolean alpha = cairo_image_surface_get_format (image) == CAIRO_FORMAT_ARGB32;
  int stride = cairo_image_surface_get_stride (image);
  const guint8 *pixels = cairo_image_surface_get_data (image);
  g_autofree guint8 *row = g_malloc (1 + 3 * (gsize) width);

  for (int y = 0; y < height; y++)
    {
      const guint32 *in = (const guint32 *) (pixels + (gsize) y * stride);
      guint8 *o = row;

      *o++ = PNG_FILTER_NONE;
      for (int x = 0; x < width; x++)
        {
          guint32 p = in[x];

          /* premultiplied: opaque pixels are their own colour */
          if (alpha && (p >> 24) != 0xff)
            return FALSE;
          *o++ = p >> 16;
          *o++ = p >> 8;
          *o++ = p;
        }
      z->next_in = row;
      z->avail_in = o - row;
      if (!pack (z, data, y + 1 < height ? Z_NO_FLUSH : Z_FINISH))
        return FALSE;
    }
  return TRUE;
}

gboolean
fsb_png_encode (cairo_surface_t *image, GString *out)
{
  static const char signature[] = "\x89PNG\r\n\x1a\n";
  g_autoptr(GByteArray) data = NULL;
  cairo_format_t format;
  int width, height;
  z_stream z = { 0 };
  gboolean packed;
  guint8 header[13];

  if (cairo_surface_get_type (image) != CAIRO_SURFACE_TYPE_IMAGE)
    return FALSE;
  cairo_surface_flush (image);
  format = cairo_image_surface_get_format (image);
  width = cairo_image_surface_get_width (image);
  height = cairo_image_surface_get_height (image);
  if ((format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) || width <= 0 || height <= 0
      || deflateInit (&z, PNG_LEVEL) != Z_OK)
    return FALSE;
  data = g_byte_array_new ();
  packed = pack_rows (image, width, height, &z, data);
  deflateEnd (&z);
  if (!packed)
    return FALSE;

  /* width, height, 8 bits, RGB, deflate, adaptive filtering, no interlace */
  header[0] = width >> 24, header[1] = width >> 16, header[2] = width >> 8, header[3] = width;
  header[4] = height >> 24, header[5] = height >> 16, header[6] = height >> 8, header[7] = height;
  header[8] = 8, header[9] = 2, header[10] = 0, header[11] = 0, header[12] = 0;
  g_string_append_len (out, signature, sizeof signature - 1);
  append_chunk (out, "IHDR", header, sizeof header);
  append_chunk (out, "IDAT", data->data, data->len);
  append_chunk (out, "IEND", NULL, 0);
  return TRUE;
}
