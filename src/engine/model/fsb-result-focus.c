/* fsb-result-focus.c: the focused rounds a result records (rounds past
 * the least that ran only some tasks), and the cycles each task had */
#include "config.h"

#include "fsb-catalog.h"
#include "fsb-json.h"
#include "fsb-result-private.h"
#include "fsb-text.h"

/* A result holds at most this many focused rounds; more are not ours. */
#define MOST_FOCUSED 10000

void
fsb_focused_round_free (FsbFocusedRound *round)
{
  if (round == NULL)
    return;
  g_strfreev (round->filesystems);
  g_strfreev (round->tasks);
  g_free (round);
}

void
fsb_result_add_focused_round (FsbResult *self, const char *const *filesystems, const char *const *tasks)
{
  FsbFocusedRound *round = g_new0 (FsbFocusedRound, 1);

  g_return_if_fail (self != NULL && filesystems != NULL && tasks != NULL);

  round->filesystems = g_strdupv ((char **) filesystems);
  round->tasks = g_strdupv ((char **) tasks);
  g_ptr_array_add (self->repetition_policy.focused, round);
}

guint
fsb_result_whole_cycles (FsbResult *self, FsbFsResult *fs)
{
  FsbTaskResult *mkfs = fsb_fs_result_get_task (fs, "mkfs", FALSE);
  guint cycles = mkfs != NULL ? mkfs->samples->len : 0, focused = 0;

  for (guint i = 0; i < self->repetition_policy.focused->len; i++)
    {
      const FsbFocusedRound *round = self->repetition_policy.focused->pdata[i];

      focused += g_strv_contains ((const char *const *) round->filesystems, fs->name);
    }
  return cycles > focused ? cycles - focused : 0;
}

guint
fsb_result_task_cycles (FsbResult *self, FsbFsResult *fs, const char *task_id)
{
  gboolean own = fsb_task_is_cycle_step (task_id);
  guint cycles = fsb_result_whole_cycles (self, fs);

  for (guint i = 0; i < self->repetition_policy.focused->len; i++)
    {
      const FsbFocusedRound *round = self->repetition_policy.focused->pdata[i];

      cycles += g_strv_contains ((const char *const *) round->filesystems, fs->name) &&
                (own || g_strv_contains ((const char *const *) round->tasks, task_id));
    }
  return cycles;
}

gboolean
fsb_result_task_rounds (FsbResult *self, FsbFsResult *fs, const char *task_id, guint *rounds, guint n)
{
  gboolean own = fsb_task_is_cycle_step (task_id);
  guint whole = fsb_result_whole_cycles (self, fs), base = 0, j = 0;

  if (n != fsb_result_task_cycles (self, fs, task_id))
    return FALSE;
  for (guint f = 0; f < self->filesystems->len; f++)
    base = MAX (base, fsb_result_whole_cycles (self, self->filesystems->pdata[f]));
  for (; j < whole && j < n; j++)
    rounds[j] = j;
  for (guint i = 0; i < self->repetition_policy.focused->len && j < n; i++)
    {
      const FsbFocusedRound *round = self->repetition_policy.focused->pdata[i];

      if (g_strv_contains ((const char *const *) round->filesystems, fs->name) &&
          (own || g_strv_contains ((const char *const *) round->tasks, task_id)))
        rounds[j++] = base + i;
    }
  return j == n;
}

char **
fsb_result_focused_tasks (FsbResult *self)
{
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();

  for (guint i = 0; i < self->repetition_policy.focused->len; i++)
    {
      const FsbFocusedRound *round = self->repetition_policy.focused->pdata[i];

      for (guint t = 0; round->tasks[t] != NULL; t++)
        if (!g_ptr_array_find_with_equal_func (seen, round->tasks[t], g_str_equal, NULL))
          g_ptr_array_add (seen, round->tasks[t]);
    }
  g_ptr_array_add (seen, NULL);
  return g_strdupv ((char **) seen->pdata);
}

static void
add_strings (JsonBuilder *b, const char *key, char **values)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; values[i] != NULL; i++)
    json_builder_add_string_value (b, values[i]);
  json_builder_end_array (b);
}

void
fsb_result_focused_to_json (JsonBuilder *b, const FsbResult *self)
{
  if (self->repetition_policy.focused->len == 0)
    return;
  json_builder_set_member_name (b, "focused");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->repetition_policy.focused->len; i++)
    {
      const FsbFocusedRound *round = self->repetition_policy.focused->pdata[i];

      json_builder_begin_object (b);
      add_strings (b, "filesystems", round->filesystems);
      add_strings (b, "tasks", round->tasks);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

/* The strings of an array member, each passing check; NULL when one does
 * not, or when there is none. */
static char **
read_strings (JsonObject *o, const char *key, gboolean (*check) (const char *))
{
  JsonArray *a = fsb_result_json_array (o, key);
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  guint n = a != NULL ? json_array_get_length (a) : 0;

  if (n == 0 || n > 1000)
    return NULL;
  for (guint i = 0; i < n; i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      const char *s;

      if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_STRING)
        return NULL;
      s = json_node_get_string (e);
      if (!check (s))
        return NULL;
      g_strv_builder_add (b, s);
    }
  return g_strv_builder_end (b);
}

/* A timed task of the catalog: a focused round runs nothing else. */
static gboolean
is_task_id (const char *id)
{
  const FsbTaskSpec *task = fsb_catalog_task (id, NULL);

  return task != NULL && task->run != NULL && !fsb_task_is_aged (id);
}

void
fsb_result_focused_from_json (FsbResult *self, JsonArray *rounds)
{
  guint n = rounds != NULL ? MIN (json_array_get_length (rounds), MOST_FOCUSED) : 0;

  for (guint i = 0; i < n; i++)
    {
      JsonNode *e = json_array_get_element (rounds, i);
      JsonObject *o = JSON_NODE_HOLDS_OBJECT (e) ? json_node_get_object (e) : NULL;
      g_auto(GStrv) filesystems = o != NULL ? read_strings (o, "filesystems", fsb_text_is_label) : NULL;
      g_auto(GStrv) tasks = o != NULL ? read_strings (o, "tasks", is_task_id) : NULL;

      if (filesystems != NULL && tasks != NULL)
        fsb_result_add_focused_round (self, (const char *const *) filesystems, (const char *const *) tasks);
    }
}

void
fsb_result_focused_copy (FsbResult *copy, const FsbResult *self)
{
  for (guint i = 0; i < self->repetition_policy.focused->len; i++)
    {
      const FsbFocusedRound *round = self->repetition_policy.focused->pdata[i];

      fsb_result_add_focused_round (copy, (const char *const *) round->filesystems,
                                    (const char *const *) round->tasks);
    }
}
