/* fsb-json.c: JSON text that every reader can read back */
#include "config.h"

#include <string.h>

#include <math.h>

#include "fsb-json.h"
#include "fsb-text.h"

static gboolean
is_token_char (char c)
{
  return g_ascii_isalnum (c) || c == '.' || c == '+' || c == '-';
}

/* One bare token (a number, true, false, null, or json-glib's "inf.0"),
 * as it should have been written. */
static void
append_token (GString *out, const char *token, gsize len)
{
  if (memchr (token, 'n', len) != NULL && !(len == 4 && memcmp (token, "null", 4) == 0))
    {
      /* "inf.0", "-inf.0", "nan.0", "-nan.0" */
      g_string_append (out, "null");
      return;
    }
  if ((memchr (token, 'e', len) != NULL || memchr (token, 'E', len) != NULL)
      && len > 2 && token[len - 2] == '.' && token[len - 1] == '0'
      && g_ascii_isdigit (token[0] == '-' ? token[1] : token[0]))
    len -= 2;   /* "1e+308.0" */
  g_string_append_len (out, token, len);
}

char *
fsb_json_to_data (JsonNode *root, gboolean pretty, gsize *length)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *raw = NULL;
  GString *out;
  gsize len = 0;

  json_generator_set_pretty (gen, pretty);
  json_generator_set_root (gen, root);
  raw = json_generator_to_data (gen, &len);
  out = g_string_sized_new (len + 1);

  for (gsize i = 0; i < len; )
    {
      char c = raw[i];

      if (c == '"')
        {
          /* a string, copied as it is; json-glib escapes its quotes */
          gsize start = i++;
          while (i < len && raw[i] != '"')
            i += raw[i] == '\\' ? 2 : 1;
          i = MIN (i + 1, len);
          g_string_append_len (out, raw + start, i - start);
        }
      else if (is_token_char (c))
        {
          gsize start = i;
          while (i < len && is_token_char (raw[i]))
            i++;
          append_token (out, raw + start, i - start);
        }
      else
        {
          g_string_append_c (out, c);
          i++;
        }
    }
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

void
fsb_json_add_string (JsonBuilder *b, const char *key, const char *value)
{
  json_builder_set_member_name (b, key);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

void
fsb_json_add_uint (JsonBuilder *b, const char *key, guint64 value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_int_value (b, (gint64) MIN (value, (guint64) G_MAXINT64));
}

void
fsb_json_add_double (JsonBuilder *b, const char *key, double value)
{
  json_builder_set_member_name (b, key);
  if (isfinite (value))
    json_builder_add_double_value (b, value == 0 ? 0.0 : value);   /* never "-0.0", which no reader takes */
  else
    json_builder_add_null_value (b);
}

void
fsb_json_add_bool (JsonBuilder *b, const char *key, gboolean value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_boolean_value (b, value);
}

JsonNode *
fsb_json_sanitized_copy (JsonNode *node)
{
  JsonNode *copy;

  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *in = json_node_get_object (node), *out = json_object_new ();
      g_autoptr(GList) members = json_object_get_members (in);

      for (GList *l = members; l != NULL; l = l->next)
        {
          g_autofree char *key = fsb_text_sanitize (l->data, -1);
          json_object_set_member (out, key, fsb_json_sanitized_copy (json_object_get_member (in, l->data)));
        }
      copy = json_node_new (JSON_NODE_OBJECT);
      json_node_take_object (copy, out);
      return copy;
    }
  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *in = json_node_get_array (node), *out = json_array_new ();

      for (guint i = 0; i < json_array_get_length (in); i++)
        json_array_add_element (out, fsb_json_sanitized_copy (json_array_get_element (in, i)));
      copy = json_node_new (JSON_NODE_ARRAY);
      json_node_take_array (copy, out);
      return copy;
    }
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    {
      g_autofree char *text = fsb_text_sanitize (json_node_get_string (node), -1);

      copy = json_node_new (JSON_NODE_VALUE);
      json_node_set_string (copy, text);
      return copy;
    }
  return json_node_copy (node);
}
