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

/* Rows first to last of the image, as PNG scanlines (a filter byte, then
 * R, G, B of each pixel), deflated without a header: the part of the
 * image data that ends the stream, or else one flushed to a byte's end,
 * which the next part carries on. */
typedef struct {
  cairo_surface_t *image;
  int              first, last;
  gboolean         final;
  GByteArray      *data;
  uLong            adler;     /* of the scanlines */
  gsize            length;    /* of the scanlines */
  gboolean         opaque;    /* FALSE: a pixel is not, and nothing was packed */
  gboolean         packed;
} Part;

static gpointer
pack_part (gpointer user_data)
{
  Part *part = user_data;
  gboolean alpha = cairo_image_surface_get_format (part->image) == CAIRO_FORMAT_ARGB32;
  int width = cairo_image_surface_get_width (part->image);
  int stride = cairo_image_surface_get_stride (part->image);
  const guint8 *pixels = cairo_image_surface_get_data (part->image);
  g_autofree guint8 *row = g_malloc (1 + 3 * (gsize) width);
  z_stream z = { 0 };

  part->opaque = TRUE;
  part->adler = adler32 (0, Z_NULL, 0);
  part->data = g_byte_array_new ();
  /* raw deflate: the zlib header and check are the whole stream's */
  if (deflateInit2 (&z, PNG_LEVEL, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return NULL;
  part->packed = TRUE;
  for (int y = part->first; y < part->last && part->packed; y++)
    {
      const guint32 *in = (const guint32 *) (pixels + (gsize) y * stride);
      guint8 *o = row;

      *o++ = PNG_FILTER_NONE;
      for (int x = 0; x < width; x++)
        {
          guint32 p = in[x];

          /* premultiplied: opaque pixels are their own colour */
          if (alpha && (p >> 24) != 0xff)
            {
              part->opaque = part->packed = FALSE;
              break;
            }
          *o++ = p >> 16;
          *o++ = p >> 8;
          *o++ = p;
        }
      if (!part->packed)
        break;
      part->adler = adler32 (part->adler, row, o - row);
      part->length += o - row;
      z.next_in = row;
      z.avail_in = o - row;
      part->packed = pack (&z, part->data, y + 1 < part->last ? Z_NO_FLUSH : part->final ? Z_FINISH : Z_SYNC_FLUSH);
    }
  if (part->first == part->last && part->final)
    part->packed = pack (&z, part->data, Z_FINISH);
  deflateEnd (&z);
  return NULL;
}

/* The image data as a zlib stream, its two halves deflated at once (the
 * second without the first's dictionary, as pigz does): a chart's PNG
 * takes half the time on two cores, the same bytes on any. */
static GByteArray *
pack_image (cairo_surface_t *image, int height)
{
  Part parts[2] = {
    { image, 0, height / 2, FALSE },
    { image, height / 2, height, TRUE },
  };
  GThread *thread = g_thread_try_new ("fsb-png", pack_part, &parts[1], NULL);
  GByteArray *data = NULL;
  uLong adler;

  pack_part (&parts[0]);
  if (thread != NULL)
    g_thread_join (thread);
  else
    pack_part (&parts[1]);
  if (parts[0].packed && parts[1].packed)
    {
      const guint8 header[2] = { 0x78, 0x01 };   /* deflate, 32 KiB window; its check bits */
      guint8 check[4];

      adler = adler32_combine (parts[0].adler, parts[1].adler, (z_off_t) parts[1].length);
      check[0] = adler >> 24, check[1] = adler >> 16, check[2] = adler >> 8, check[3] = adler;
      data = g_byte_array_sized_new (2 + parts[0].data->len + parts[1].data->len + 4);
      g_byte_array_append (data, header, 2);
      g_byte_array_append (data, parts[0].data->data, parts[0].data->len);
      g_byte_array_append (data, parts[1].data->data, parts[1].data->len);
      g_byte_array_append (data, check, 4);
    }
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    g_clear_pointer (&parts[i].data, g_byte_array_unref);
  return data;
}

gboolean
fsb_png_encode (cairo_surface_t *image, GString *out)
{
  static const char signature[] = "\x89PNG\r\n\x1a\n";
  g_autoptr(GByteArray) data = NULL;
  cairo_format_t format;
  int width, height;
  guint8 header[13];

  if (cairo_surface_get_type (image) != CAIRO_SURFACE_TYPE_IMAGE)
    return FALSE;
  cairo_surface_flush (image);
  format = cairo_image_surface_get_format (image);
  width = cairo_image_surface_get_width (image);
  height = cairo_image_surface_get_height (image);
  if ((format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24) || width <= 0 || height <= 0)
    return FALSE;
  data = pack_image (image, height);
  if (data == NULL)
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
