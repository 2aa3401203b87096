/* fsb-text.c: text from outside made safe to show, and the shape of names and ids */
#include "config.h"

#include <string.h>

#include "fsb-job.h"
#include "fsb-text.h"

#define REPLACEMENT "\xef\xbf\xbd"   /* U+FFFD */

/* Characters a terminal acts on, or that reorder the text around them. */
static gboolean
is_unsafe (gunichar c)
{
  if (c == '\n' || c == '\t')
    return FALSE;
  return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)
      || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

/* Copies text to out with each unsafe character replaced. Without out,
 * only tells whether every character is safe. */
static gboolean
scan (const char *text, gsize length, GString *out)
{
  const char *p = text, *end = text + length, *run = text;

  while (p < end)
    {
      gunichar c;
      gsize step;

      if ((guchar) *p < 0x80)
        {
          c = (guchar) *p;
          step = 1;
        }
      else
        {
          c = g_utf8_get_char_validated (p, end - p);
          step = (c == (gunichar) -1 || c == (gunichar) -2) ? 1 : (gsize) (g_utf8_next_char (p) - p);
          if (c == (gunichar) -1 || c == (gunichar) -2)
            c = 0x80;   /* invalid: as unsafe as a C1 control */
        }
      if (!is_unsafe (c))
        {
          p += step;
          continue;
        }
      if (out == NULL)
        return FALSE;
      g_string_append_len (out, run, p - run);
      g_string_append (out, REPLACEMENT);
      p += step;
      run = p;
    }
  if (out != NULL)
    g_string_append_len (out, run, end - run);
  return TRUE;
}

char *
fsb_text_sanitize (const char *text, gssize length)
{
  GString *out;

  if (text == NULL)
    return NULL;
  if (length < 0)
    length = (gssize) strlen (text);
  if (scan (text, (gsize) length, NULL))
    return g_strndup (text, (gsize) length);
  out = g_string_sized_new ((gsize) length + 16);
  scan (text, (gsize) length, out);
  return g_string_free (out, FALSE);
}

gboolean
fsb_text_is_clean (const char *text, gssize length)
{
  if (text == NULL)
    return TRUE;
  return scan (text, length < 0 ? strlen (text) : (gsize) length, NULL);
}

void
fsb_text_sanitize_string (GString *text)
{
  g_autofree char *clean = NULL;

  if (scan (text->str, text->len, NULL))
    return;
  clean = fsb_text_sanitize (text->str, (gssize) text->len);
  g_string_assign (text, clean);
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '_';
}

gboolean
fsb_text_is_fs_name (const char *name)
{
  gsize n = 0;

  if (name == NULL || !g_ascii_isalnum (*name))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++, n++)
    if (n >= 32 || !is_name_char (*p))
      return FALSE;
  return TRUE;
}

gboolean
fsb_text_is_step_id (const char *id)
{
  gsize n = strlen (id);

  if (n == 0 || n > 64 || g_str_has_prefix (id, "custom:"))
    return FALSE;
  for (gsize i = 0; i < n; i++)
    if (!g_ascii_islower (id[i]) && !g_ascii_isdigit (id[i]) && id[i] != '-' && id[i] != '@' && id[i] != '=')
      return FALSE;
  return TRUE;
}

gboolean
fsb_text_is_label (const char *label)
{
  const char *open = label != NULL ? strstr (label, " (") : NULL;
  g_autofree char *name = NULL;
  gsize digits;

  if (open == NULL)
    return fsb_text_is_fs_name (label);
  digits = strspn (open + 2, "0123456789");
  if (digits < 1 || digits > 2 || open[2] == '0' || strcmp (open + 2 + digits, ")") != 0)
    return FALSE;
  name = g_strndup (label, open - label);
  return fsb_text_is_fs_name (name);
}

gboolean
fsb_text_is_task_id (const char *id)
{
  gsize n = 0;
  gboolean colon = FALSE;

  if (id == NULL || !g_ascii_isalnum (*id))
    return FALSE;
  for (const char *p = id; *p != '\0'; p++, n++)
    {
      if (n >= 128)
        return FALSE;
      if (*p == ':')
        {
          /* one separator, with something after it */
          if (colon || p[1] == '\0')
            return FALSE;
          colon = TRUE;
        }
      else if (*p == '@')
        /* the conditions it ran under, in a key: TASK@CONDITION */
        return fsb_job_key_parse (id, NULL) != NULL;
      else if (!is_name_char (*p) && *p != '.')
        return FALSE;
    }
  return TRUE;
}
