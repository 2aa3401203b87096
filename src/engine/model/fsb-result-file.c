/* fsb-result-file.c: a result file's size and shape, bounded before json-glib reads it */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-result-private.h"
#include "fsb-text.h"

static gboolean
fail (GError **error, const char *what)
{
  g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
               /* Translators: %s says what is wrong, e.g. "“filesystems” is not a list" */
               _("This is not a valid FS Bench result: %s"), what);
  return FALSE;
}

/* Before json-glib sees the text: how deep it nests and how many values it
 * holds. json-glib parses (and frees) nested arrays and objects
 * recursively, so a few hundred thousand "[" overflow the stack, and it
 * keeps some 200 bytes per value. No result nests deeper than a dozen
 * levels. Commas and openings outside strings bound the values from above. */
#define MAX_JSON_DEPTH 128

/* A number token at p that is a negative zero in integer form: "-0".
 * json-glib reads it as the integer 0, its sign lost, where "-0.0" stays a
 * double whose sign the checks of each field see. */
static gboolean
is_integer_negative_zero (const char *p, const char *end)
{
  if (end - p < 2 || p[0] != '-' || p[1] != '0')
    return FALSE;
  return end - p == 2 || !(g_ascii_isdigit (p[2]) || p[2] == '.' || p[2] == 'e' || p[2] == 'E');
}

/* The code unit of a "\uXXXX" escape at p (at its backslash), or -1. */
static gint
escaped_unit (const char *p, const char *end)
{
  gint unit = 0;

  if (end - p < 6 || p[0] != '\\' || p[1] != 'u')
    return -1;
  for (int k = 2; k < 6; k++)
    {
      if (!g_ascii_isxdigit (p[k]))
        return -1;
      unit = unit * 16 + g_ascii_xdigit_value (p[k]);
    }
  return unit;
}

/* A "\uD800"–"\uDBFF" escape at p not followed by a "\uDC00"–"\uDFFF"
 * one: half a character, which no text FS Bench writes holds. json-glib
 * 1.6 leaks the string it was reading when such a pair is malformed. */
static gboolean
is_broken_surrogate (const char *p, const char *end)
{
  gint high = escaped_unit (p, end), low;

  if (high < 0xD800 || high > 0xDFFF)
    return FALSE;
  low = escaped_unit (p + 6, end);
  return high > 0xDBFF || low < 0xDC00 || low > 0xDFFF;
}

static gboolean
check_shape (const char *data, gsize length, guint64 *total, GError **error)
{
  guint depth = 0;
  guint64 values = *total + 1;
  gboolean in_string = FALSE, closed = FALSE;
  gsize string_start = 0, start = 0;

  /* One object and nothing after it: json-glib 1.6 leaks a second value
   * ("{}{}", "-0{...}") when it fails on it. */
  while (start < length && g_ascii_isspace (data[start]))
    start++;
  if (start < length && data[start] != '{' && strchr ("[\"-0123456789tfn", data[start]) != NULL)
    return fail (error, _("the top level is not an object"));

  for (gsize i = start; i < length; i++)
    {
      char c = data[i];

      if (closed && !g_ascii_isspace (c))
        {
          g_autofree char *where = g_strdup_printf ("%" G_GSIZE_FORMAT, i);

          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: %s is a position in the file */
                       _("The file goes on after the end of its object (at byte %s); a result is one object"),
                       where);
          return FALSE;
        }

      if (in_string)
        {
          if (c == '\\' && is_broken_surrogate (data + i, data + length))
            {
              g_autofree char *where = g_strdup_printf ("%" G_GSIZE_FORMAT, i);

              g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                           /* Translators: %s is a position in the file; "\\u" escapes are how JSON writes a character by its number */
                           _("The file holds half of a character written as a \\u escape (at byte %s); no result does"),
                           where);
              return FALSE;
            }
          if (c == '\\')
            {
              gint unit = escaped_unit (data + i, data + length);

              i += unit >= 0xD800 && unit <= 0xDBFF ? 11 : 1;  /* past a whole pair */
            }
          else if (c == '"')
            in_string = FALSE;
          if (in_string && i - string_start > FSB_RESULT_MAX_TEXT_BYTES)
            {
              g_autofree char *most = g_format_size_full (FSB_RESULT_MAX_TEXT_BYTES, G_FORMAT_SIZE_IEC_UNITS);
              g_autofree char *where = g_strdup_printf ("%" G_GSIZE_FORMAT, string_start);

              g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                           /* Translators: the first %s is a size ("64.0 KiB"), the second a position in the file */
                           _("The file holds a text longer than %s (at byte %s); no result does"), most, where);
              return FALSE;
            }
          continue;
        }
      if (c == '"')
        {
          in_string = TRUE;
          string_start = i;
        }
      else if (c == '[' || c == '{')
        {
          values++;
          if (++depth > MAX_JSON_DEPTH)
            {
              g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                           /* Translators: %d is a number of levels */
                           _("The file nests lists and objects more than %d levels deep; no result does that"),
                           MAX_JSON_DEPTH);
              return FALSE;
            }
        }
      else if ((c == ']' || c == '}') && depth > 0)
        closed = --depth == 0;
      else if (c == ',')
        values++;
      else if (c == '-' && is_integer_negative_zero (data + i, data + length))
        {
          g_autofree char *where = g_strdup_printf ("%" G_GSIZE_FORMAT, i);

          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: %s is a position in the file */
                       _("The file holds the number -0 (at byte %s); no time, count or rate FS Bench measures is negative"),
                       where);
          return FALSE;
        }
      if (values > FSB_RESULT_MAX_VALUES)
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: %u is a number of values (numbers, texts, lists) */
                       _("The file holds more than %u values; no result has that many"), FSB_RESULT_MAX_VALUES);
          return FALSE;
        }
    }
  *total = values;
  return TRUE;
}

static void
set_too_large (GError **error, const char *display, guint64 size)
{
  g_autofree char *have = g_format_size_full (size, G_FORMAT_SIZE_IEC_UNITS);
  g_autofree char *most = g_format_size_full (FSB_RESULT_MAX_FILE_BYTES, G_FORMAT_SIZE_IEC_UNITS);

  if (display != NULL)
    g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                 /* Translators: a file name, its size, the largest size allowed: "“big.json” is 34.0 MiB; a result file has at most 16.0 MiB" */
                 _("“%s” is %s; a result file has at most %s"), display, have, most);
  else
    g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                 /* Translators: a size, then the largest size allowed */
                 _("The file is %s; a result file has at most %s"), have, most);
}

JsonNode *
fsb_result_parse_bounded (const char *data, gsize length, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local = NULL;
  guint64 values = 0;

  if (length == 0)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("The file is empty"));
      return NULL;
    }
  if (length > FSB_RESULT_MAX_FILE_BYTES)
    {
      set_too_large (error, NULL, length);
      return NULL;
    }
  if (!check_shape (data, length, &values, error))
    return NULL;
  if (!json_parser_load_from_data (parser, data, (gssize) length, &local))
    {
      g_autofree char *reason = fsb_text_sanitize (local->message, -1);
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: %s is the JSON parser's own message */
                   _("The file is not valid JSON (it may be truncated): %s"), reason);
      return NULL;
    }
  if (!JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      fail (error, _("the top level is not an object"));
      return NULL;
    }
  return json_parser_steal_root (parser);
}

FsbResult *
fsb_result_load_from_data (const char *data, gssize length, GError **error)
{
  g_autoptr(JsonNode) root = NULL;

  if (length < 0)
    length = (gssize) strlen (data);
  if (length == 0)
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, _("The file is empty"));
      return NULL;
    }
  if ((guint64) length > FSB_RESULT_MAX_FILE_BYTES)
    {
      set_too_large (error, NULL, (guint64) length);
      return NULL;
    }
  if (fsb_result_journal_detect (data, (gsize) length))
    root = fsb_result_journal_merge (data, (gsize) length, check_shape, error);
  else
    root = fsb_result_parse_bounded (data, (gsize) length, error);
  return root != NULL ? fsb_result_from_json (root, error) : NULL;
}

/* Reads at most the cap and one byte more, whatever the file is (a pipe,
 * /dev/zero): its size on disk is not trusted. */
static char *
read_capped (const char *path, gsize *length, GError **error)
{
  g_autofree char *data = NULL;
  gsize len = 0, size = 64 * 1024;
  struct stat st;
  int fd = open (path, O_RDONLY | O_CLOEXEC);

  if (fd < 0)
    {
      int saved = errno;
      g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved), g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && (guint64) st.st_size > FSB_RESULT_MAX_FILE_BYTES)
    {
      close (fd);
      *length = (gsize) st.st_size;
      return NULL;
    }
  data = g_malloc (size);
  for (;;)
    {
      ssize_t n;

      if (len == size)
        {
          size = MIN (size * 2, (gsize) FSB_RESULT_MAX_FILE_BYTES + 1);
          data = g_realloc (data, size);
        }
      n = read (fd, data + len, size - len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          close (fd);
          g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved), g_strerror (saved));
          return NULL;
        }
      len += (gsize) n;
      if (n == 0 || len > FSB_RESULT_MAX_FILE_BYTES)
        break;
    }
  close (fd);
  *length = len;
  if (len > FSB_RESULT_MAX_FILE_BYTES)
    return NULL;
  return g_steal_pointer (&data);
}

FsbResult *
fsb_result_load (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(GError) local = NULL;
  gsize len = 0;
  FsbResult *result;

  data = read_capped (path, &len, &local);
  if (data == NULL && local == NULL)
    {
      set_too_large (error, display, len);
      return NULL;
    }
  if (data == NULL)
    {
      g_set_error (error, FSB_ERROR,
                   g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT) ? FSB_ERROR_NOT_FOUND : FSB_ERROR_INVALID,
                   /* Translators: the first %s is a file name, the second the reason */
                   _("Cannot read “%s”: %s"), display, local->message);
      return NULL;
    }
  result = fsb_result_load_from_data (data, (gssize) len, &local);
  if (result == NULL)
    {
      g_set_error (error, FSB_ERROR, local->code,
                   /* Translators: the first %s is a file name, the second the problem */
                   _("Cannot load “%s”: %s"), display, local->message);
      return NULL;
    }
  return result;
}
