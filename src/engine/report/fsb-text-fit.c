/* fsb-text-fit.c: a text cut to what a layout can show, before pango sees it */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fsb-text-fit.h"

/* The narrowest advance counted on, in ems: DejaVu Sans' "i" and "l" are
 * 0.28 em. Text of narrower characters is cut before it fills its lines. */
#define NARROWEST_EM 0.25
/* A line of DejaVu Sans is 1.27 em from ascent to descent. */
#define LINE_EM      1.3
/* A break chance at least this often; a hash of 64 hex digits keeps none. */
#define RUN_CHARS    160
#define ZWSP         "\u200b"
#define ELLIPSIS     "…"

static gboolean
is_break_chance (gunichar c)
{
  return g_unichar_isspace (c) || c == 0x200b;
}

char *
fsb_text_fit (const char *text, double width, double size, guint max_lines)
{
  g_autofree char *valid = NULL;
  gsize per_line, budget, chars = 0, run = 0;
  guint breaks = 0;
  GString *out;

  if (text == NULL)
    return NULL;
  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);
  max_lines = MAX (max_lines, 1);
  per_line = width > 0 && size > 0 ? (gsize) ceil (width / (size * NARROWEST_EM)) : FSB_TEXT_FIT_LINE_CHARS;
  budget = max_lines * MAX (per_line, 1);
  out = g_string_sized_new (MIN (strlen (text), budget * 4) + 8);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (chars == budget || (c == '\n' && ++breaks == max_lines && p[1] != '\0'))
        {
          g_string_append (out, ELLIPSIS);
          break;
        }
      if (is_break_chance (c))
        run = 0;
      else if (++run > RUN_CHARS)
        {
          g_string_append (out, ZWSP);
          run = 1;
        }
      g_string_append_len (out, p, g_utf8_next_char (p) - p);
      chars++;
    }
  return g_string_free (out, FALSE);
}

double
fsb_text_fit_height (double size, guint max_lines)
{
  return MAX (max_lines, 1) * size * LINE_EM;
}
