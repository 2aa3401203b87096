/* fsb-job.c: conditions as data, and the one key that names a task under them */
#include "config.h"

#include <string.h>

#include "fsb-job.h"
#include "fsb-json.h"

/* Jobs and depths past this are typing errors, not conditions. */
#define MOST_AT_ONCE 4096

gboolean
fsb_conditions_is_default (const FsbConditions *c)
{
  return c == NULL || (!c->aged && c->jobs == 0 && c->iodepth == 0);
}

const char *
fsb_job_key (const char *task, const FsbConditions *c)
{
  g_autoptr(GString) key = NULL;

  if (task == NULL || fsb_conditions_is_default (c))
    return g_intern_string (task);
  key = g_string_new (task);
  if (c->aged)
    g_string_append (key, "@" FSB_CONDITION_AGED);
  if (c->jobs > 0)
    g_string_append_printf (key, "@" FSB_CONDITION_JOBS "=%u", c->jobs);
  if (c->iodepth > 0)
    g_string_append_printf (key, "@" FSB_CONDITION_IODEPTH "=%u", c->iodepth);
  return g_intern_string (key->str);
}

static gboolean
parse_count (const char *text, const char *name, guint *count)
{
  gsize n = strlen (name);
  guint64 value;

  if (strncmp (text, name, n) != 0 || text[n] != '=')
    return FALSE;
  if (!g_ascii_string_to_unsigned (text + n + 1, 10, 1, MOST_AT_ONCE, &value, NULL))
    return FALSE;
  *count = (guint) value;
  return TRUE;
}

const char *
fsb_job_key_parse (const char *key, FsbConditions *c)
{
  FsbConditions parsed = { 0 };
  g_autofree char *task = NULL;
  g_auto(GStrv) parts = NULL;
  const char *at;

  if (c != NULL)
    *c = parsed;
  if (key == NULL || (at = strchr (key, '@')) == NULL)
    return g_intern_string (key);
  if (at == key)
    return NULL;
  task = g_strndup (key, at - key);
  parts = g_strsplit (at + 1, "@", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      if (strcmp (parts[i], FSB_CONDITION_AGED) == 0 && !parsed.aged)
        parsed.aged = TRUE;
      else if (!(parsed.jobs == 0 && parse_count (parts[i], FSB_CONDITION_JOBS, &parsed.jobs)) &&
               !(parsed.iodepth == 0 && parse_count (parts[i], FSB_CONDITION_IODEPTH, &parsed.iodepth)))
        return NULL;
    }
  if (c != NULL)
    *c = parsed;
  return g_intern_string (task);
}

void
fsb_conditions_build_json (JsonBuilder *b, const FsbConditions *c)
{
  if (fsb_conditions_is_default (c))
    return;
  json_builder_set_member_name (b, "conditions");
  json_builder_begin_object (b);
  if (c->aged)
    {
      json_builder_set_member_name (b, FSB_CONDITION_AGED);
      json_builder_add_boolean_value (b, TRUE);
    }
  if (c->jobs > 0)
    fsb_json_add_uint (b, FSB_CONDITION_JOBS, c->jobs);
  if (c->iodepth > 0)
    fsb_json_add_uint (b, FSB_CONDITION_IODEPTH, c->iodepth);
  json_builder_end_object (b);
}

static gboolean
read_count (JsonNode *n, guint *count)
{
  double v;

  if (json_node_get_value_type (n) != G_TYPE_INT64 && json_node_get_value_type (n) != G_TYPE_DOUBLE)
    return FALSE;
  v = json_node_get_double (n);
  if (!(v >= 1 && v <= MOST_AT_ONCE) || v != (guint) v)
    return FALSE;
  *count = (guint) v;
  return TRUE;
}

gboolean
fsb_conditions_read_json (JsonObject *o, FsbConditions *c)
{
  FsbConditions read = *c;
  g_autoptr(GList) names = json_object_get_members (o);

  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *n = json_object_get_member (o, l->data);

      if (!JSON_NODE_HOLDS_VALUE (n))
        return FALSE;
      if (strcmp (l->data, FSB_CONDITION_AGED) == 0 && json_node_get_value_type (n) == G_TYPE_BOOLEAN)
        read.aged = json_node_get_boolean (n);
      else if (!(strcmp (l->data, FSB_CONDITION_JOBS) == 0 && read_count (n, &read.jobs)) &&
               !(strcmp (l->data, FSB_CONDITION_IODEPTH) == 0 && read_count (n, &read.iodepth)))
        return FALSE;
    }
  *c = read;
  return TRUE;
}

const char *
fsb_job_key_from_json (const char *id, JsonObject *task)
{
  FsbConditions c;
  const char *base = fsb_job_key_parse (id, &c);
  JsonNode *n = json_object_get_member (task, "conditions");

  if (base == NULL)
    return NULL;
  if (n != NULL && (!JSON_NODE_HOLDS_OBJECT (n) || !fsb_conditions_read_json (json_node_get_object (n), &c)))
    return NULL;
  return fsb_job_key (base, &c);
}
