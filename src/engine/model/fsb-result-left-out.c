/* fsb-result-left-out.c: the groups a plan chose that this system could
 * not run (a program they need is missing), kept as data in the result */
#include "config.h"

#include "fsb-catalog.h"
#include "fsb-json.h"
#include "fsb-result-private.h"

/* A result lists at most as many groups as the catalog has. */
#define MOST_LEFT_OUT 1000

void
fsb_left_out_free (FsbLeftOut *left)
{
  if (left == NULL)
    return;
  g_free (left->group);
  g_free (left->program);
  g_free (left->package);
  g_free (left->feature);
  g_free (left);
}

static void
add (FsbResult *self, const FsbLeftOut *from)
{
  FsbLeftOut *left = g_new0 (FsbLeftOut, 1);

  left->group = g_strdup (from->group);
  left->program = g_strdup (from->program);
  left->package = g_strdup (from->package);
  left->feature = g_strdup (from->feature);
  left->error_code = from->error_code;
  g_ptr_array_add (self->left_out, left);
}

void
fsb_result_set_workloads (FsbResult *self, const char *const *chosen)
{
  g_autoptr(GStrvBuilder) run = g_strv_builder_new ();

  g_return_if_fail (self != NULL && chosen != NULL);

  g_ptr_array_set_size (self->left_out, 0);
  for (guint i = 0; chosen[i] != NULL; i++)
    {
      FsbLeftOut lacks;

      if (fsb_group_lacks (chosen[i], &lacks))
        add (self, &lacks);
      else
        g_strv_builder_add (run, chosen[i]);
    }
  g_strfreev (self->workloads);
  self->workloads = g_strv_builder_end (run);
}

void
fsb_result_left_out_to_json (JsonBuilder *b, const FsbResult *self)
{
  if (self->left_out->len == 0)
    return;
  json_builder_set_member_name (b, "left_out");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->left_out->len; i++)
    {
      const FsbLeftOut *left = self->left_out->pdata[i];

      json_builder_begin_object (b);
      fsb_json_add_string (b, "group", left->group);
      if (left->program != NULL)
        fsb_json_add_string (b, "missing_program", left->program);
      if (left->package != NULL)
        fsb_json_add_string (b, "package", left->package);
      if (left->feature != NULL)
        {
          fsb_json_add_string (b, "refused_feature", left->feature);
          json_builder_set_member_name (b, "errno");
          json_builder_add_int_value (b, left->error_code);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

void
fsb_result_left_out_from_json (FsbResult *self, JsonArray *left)
{
  for (guint i = 0; left != NULL && i < json_array_get_length (left) && i < MOST_LEFT_OUT; i++)
    {
      JsonNode *n = json_array_get_element (left, i);
      g_autofree char *group = NULL, *program = NULL, *package = NULL, *feature = NULL;
      FsbLeftOut read = { 0 };
      JsonObject *o;

      if (!JSON_NODE_HOLDS_OBJECT (n))
        continue;
      o = json_node_get_object (n);
      read.group = group = fsb_result_json_string (o, "group");
      read.program = program = fsb_result_json_string (o, "missing_program");
      read.package = package = fsb_result_json_string (o, "package");
      read.feature = feature = fsb_result_json_string (o, "refused_feature");
      /* an errno is a small positive number; anything else says nothing */
      if (json_object_has_member (o, "errno") && JSON_NODE_HOLDS_VALUE (json_object_get_member (o, "errno")) &&
          json_node_get_value_type (json_object_get_member (o, "errno")) == G_TYPE_INT64)
        read.error_code = (int) CLAMP (json_object_get_int_member (o, "errno"), 0, 4095);
      /* a group that is not ours, or no reason: not ours to show */
      if (group != NULL && fsb_catalog_group (group) != NULL && (program != NULL || feature != NULL))
        add (self, &read);
    }
}

void
fsb_result_left_out_copy (FsbResult *copy, const FsbResult *self)
{
  for (guint i = 0; i < self->left_out->len; i++)
    {
      add (copy, self->left_out->pdata[i]);
    }
}
