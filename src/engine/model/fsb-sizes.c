/* fsb-sizes.c: the sizes of a plan, and the one rule for reading a size */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-sizes.h"

typedef struct {
  const char *id;   /* interned */
  double      value;
} Entry;

struct _FsbSizes {
  GArray *entries;   /* of Entry, a handful: a linear search is the fastest */
};

FsbSizes *
fsb_sizes_new (void)
{
  FsbSizes *self = g_new0 (FsbSizes, 1);

  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  return self;
}

FsbSizes *
fsb_sizes_copy (const FsbSizes *self)
{
  FsbSizes *copy = fsb_sizes_new ();

  g_return_val_if_fail (self != NULL, copy);
  g_array_append_vals (copy->entries, self->entries->data, self->entries->len);
  return copy;
}

void
fsb_sizes_free (FsbSizes *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->entries);
  g_free (self);
}

static Entry *
find (const FsbSizes *self, const char *id)
{
  const char *interned = g_intern_string (id);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);
      if (e->id == interned)
        return e;
    }
  return NULL;
}

gboolean
fsb_sizes_has (const FsbSizes *self, const char *id)
{
  g_return_val_if_fail (self != NULL && id != NULL, FALSE);
  return find (self, id) != NULL;
}

double
fsb_sizes_get (const FsbSizes *self, const char *id)
{
  Entry *e;

  g_return_val_if_fail (self != NULL && id != NULL, 0);
  e = find (self, id);
  return e != NULL ? e->value : 0;
}

guint64
fsb_sizes_get_u64 (const FsbSizes *self, const char *id)
{
  double v = fsb_sizes_get (self, id);

  return v > 0 && v < (double) G_MAXUINT64 ? (guint64) (v + 0.5) : 0;
}

guint
fsb_sizes_get_uint (const FsbSizes *self, const char *id)
{
  double v = fsb_sizes_get (self, id);

  return v > 0 && v <= (double) G_MAXUINT ? (guint) MIN (v + 0.5, (double) G_MAXUINT) : 0;
}

void
fsb_sizes_set (FsbSizes *self, const char *id, double value)
{
  Entry *e;

  g_return_if_fail (self != NULL && id != NULL);
  e = find (self, id);
  if (e != NULL)
    e->value = value;
  else
    {
      Entry n = { g_intern_string (id), value };
      g_array_append_val (self->entries, n);
    }
}

guint
fsb_sizes_count (const FsbSizes *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->entries->len;
}

const char *
fsb_sizes_nth (const FsbSizes *self, guint i, double *value)
{
  Entry *e;

  g_return_val_if_fail (self != NULL && i < self->entries->len, NULL);
  e = &g_array_index (self->entries, Entry, i);
  if (value != NULL)
    *value = e->value;
  return e->id;
}

gboolean
fsb_sizes_equal (const FsbSizes *a, const FsbSizes *b)
{
  if (a->entries->len != b->entries->len)
    return FALSE;
  for (guint i = 0; i < a->entries->len; i++)
    {
      Entry *e = &g_array_index (a->entries, Entry, i);
      Entry *f = find (b, e->id);
      if (f == NULL || f->value != e->value)
        return FALSE;
    }
  return TRUE;
}

JsonNode *
fsb_sizes_to_json (const FsbSizes *self)
{
  JsonObject *o = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);
      if (e->value == floor (e->value) && fabs (e->value) < 9007199254740992.0)
        json_object_set_int_member (o, e->id, (gint64) e->value);
      else
        json_object_set_double_member (o, e->id, e->value);
    }
  json_node_take_object (node, o);
  return node;
}

/* Sizes as people type them ------------------------------------------------ */

static gboolean
bad_size (GError **error, const char *text)
{
  g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
               /* Translators: %s is what the user typed; keep the examples as they are */
               _("“%s” is not a size: give a positive number with a unit, such as 512M, 4G, 1.5GiB or 700MB"),
               text);
  return FALSE;
}

gboolean
fsb_size_parse (const char *text, guint64 *bytes, GError **error)
{
  static const char units[] = "KMGT";
  g_autofree char *copy = NULL;
  char *end = NULL;
  const char *u;
  double value, unit = 1;

  g_return_val_if_fail (bytes != NULL, FALSE);

  if (text == NULL)
    return bad_size (error, "");
  copy = g_strstrip (g_strdup (text));
  /* Only plain decimal numbers: strtod also reads "nan", "inf" and hex. */
  if (copy[0] == '\0' || !(g_ascii_isdigit (copy[0]) || (copy[0] == '.' && g_ascii_isdigit (copy[1]))))
    return bad_size (error, text);
  for (const char *c = copy; *c != '\0' && (g_ascii_isdigit (*c) || *c == '.'); c++)
    end = (char *) c + 1;
  if (*end == 'e' || *end == 'E' || *end == 'x' || *end == 'X')
    return bad_size (error, text);
  value = g_ascii_strtod (copy, &end);
  while (*end == ' ')
    end++;
  if (*end != '\0')
    {
      u = strchr (units, g_ascii_toupper (*end));
      if (u == NULL)
        return bad_size (error, text);
      end++;
      if (*end == '\0' || g_ascii_strcasecmp (end, "iB") == 0)
        unit = pow (1024, (double) (u - units + 1));
      else if (g_ascii_strcasecmp (end, "B") == 0)
        unit = pow (1000, (double) (u - units + 1));
      else
        return bad_size (error, text);
    }
  value *= unit;
  if (!isfinite (value) || value < 1)
    return bad_size (error, text);
  if (value > (double) FSB_SIZE_MAX)
    {
      g_autofree char *max = fsb_size_format (FSB_SIZE_MAX);
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   /* Translators: the first %s is what the user typed, the second the largest size allowed */
                   _("“%s” is too large: sizes go up to %s"), text, max);
      return FALSE;
    }
  *bytes = (guint64) (value + 0.5);
  return TRUE;
}

char *
fsb_size_format (guint64 bytes)
{
  return g_format_size_full (bytes, G_FORMAT_SIZE_IEC_UNITS);
}

gboolean
fsb_size_add (guint64 a, guint64 b, guint64 *sum)
{
  guint64 s;

  if (!g_uint64_checked_add (&s, a, b) || s > FSB_SIZE_MAX)
    return FALSE;
  *sum = s;
  return TRUE;
}
