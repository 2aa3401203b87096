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
  g_free (left);
}

static void
add (FsbResult *self, const char *group, const char *program, const char *package)
{
  FsbLeftOut *left = g_new0 (FsbLeftOut, 1);

  left->group = g_strdup (group);
  left->program = g_strdup (program);
  left->package = g_strdup (package);
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
      const char *program = fsb_group_missing_program (chosen[i]);

      if (program == NULL)
        g_strv_builder_add (run, chosen[i]);
      else
        add (self, chosen[i], program, fsb_catalog_group (chosen[i])->program_package);
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
      fsb_json_add_string (b, "missing_program", left->program);
      if (left->package != NULL)
        fsb_json_add_string (b, "package", left->package);
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
      g_autofree char *group = NULL, *program = NULL, *package = NULL;

      if (!JSON_NODE_HOLDS_OBJECT (n))
        continue;
      group = fsb_result_json_string (json_node_get_object (n), "group");
      program = fsb_result_json_string (json_node_get_object (n), "missing_program");
      package = fsb_result_json_string (json_node_get_object (n), "package");
      /* a group that is not ours, or no reason: not ours to show */
      if (group != NULL && fsb_catalog_group (group) != NULL && program != NULL)
        add (self, group, program, package);
    }
}

void
fsb_result_left_out_copy (FsbResult *copy, const FsbResult *self)
{
  for (guint i = 0; i < self->left_out->len; i++)
    {
      const FsbLeftOut *left = self->left_out->pdata[i];

      add (copy, left->group, left->program, left->package);
    }
}
