/* fsb-result-aging.c: a filesystem's aging and the small files that fit,
 * in the result's JSON. Additive: files without them load as before. Only
 * what was measured is written: each repetition's figures; the medians and
 * the speed kept are derived where they are shown (analysis/). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fsb-result-private.h"

/* Out ---------------------------------------------------------------------- */

static void
add_number (JsonBuilder *b, const char *key, double value)
{
  json_builder_set_member_name (b, key);
  if (!isfinite (value))
    json_builder_add_null_value (b);
  else if (value == floor (value) && fabs (value) < 9e15)
    json_builder_add_int_value (b, (gint64) value);
  else
    json_builder_add_double_value (b, value);
}

static void
add_free_space (JsonBuilder *b, const char *key, const FsbFreeSpace *f)
{
  json_builder_set_member_name (b, key);
  if (f->free_extents < 0)
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_object (b);
  add_number (b, "free_extents", (double) f->free_extents);
  add_number (b, "free_bytes", (double) f->free_bytes);
  add_number (b, "mean_free_extent_bytes", f->mean_extent_bytes);
  add_number (b, "free_in_large_extents_percent", f->large_percent);
  json_builder_end_object (b);
}

static void
add_extents (JsonBuilder *b, const char *key, gint64 extents)
{
  add_number (b, key, extents >= 0 ? (double) extents : NAN);
}

static void
add_run (JsonBuilder *b, const FsbAgingRun *run)
{
  add_number (b, "fill_percent_reached", run->fill_percent_reached);
  add_number (b, "rounds", run->rounds);
  add_number (b, "files_written", (double) run->files_written);
  add_number (b, "files_deleted", (double) run->files_deleted);
  add_number (b, "bytes_written", (double) run->bytes_written);
  add_number (b, "dirs", run->dirs);
  add_number (b, "seconds", run->seconds);
}

static void
add_free_space_tool (JsonBuilder *b, const FsbAging *aging)
{
  json_builder_set_member_name (b, "free_space_tool");
  if (aging->free_space_tool != NULL)
    json_builder_add_string_value (b, aging->free_space_tool);
  else
    json_builder_add_null_value (b);
}

static void
add_fragmentation (JsonBuilder *b, const FsbAging *aging, const FsbAgingRun *run)
{
  json_builder_set_member_name (b, "fragmentation");
  json_builder_begin_object (b);
  add_extents (b, "big_file_extents_fresh", run->big_file_extents_fresh);
  add_extents (b, "big_file_extents_aged", run->big_file_extents_aged);
  add_free_space_tool (b, aging);
  add_free_space (b, "free_space_fresh", &run->free_fresh);
  add_free_space (b, "free_space_aged", &run->free_aged);
  json_builder_end_object (b);
}

void
fsb_result_aging_to_json (JsonBuilder *b, const FsbFsResult *fs)
{
  const FsbAging *aging = fs->aging;

  if (aging == NULL)
    return;
  json_builder_set_member_name (b, "aging");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "level");
  json_builder_add_string_value (b, aging->level);
  add_number (b, "fill_percent_target", aging->fill_percent_target);
  json_builder_set_member_name (b, "fragmentation");
  json_builder_begin_object (b);
  add_free_space_tool (b, aging);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "repetitions");
  json_builder_begin_array (b);
  for (guint i = 0; i < aging->runs->len; i++)
    {
      const FsbAgingRun *run = &g_array_index (aging->runs, FsbAgingRun, i);

      json_builder_begin_object (b);
      add_run (b, run);
      add_fragmentation (b, aging, run);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

void
fsb_result_fit_to_json (JsonBuilder *b, const FsbFsResult *fs)
{
  if (fs->fit.limit == NULL)
    return;
  add_number (b, "files_that_fit", (double) fs->fit.files);
  json_builder_set_member_name (b, "files_that_fit_limit");
  json_builder_add_string_value (b, fs->fit.limit);
  json_builder_set_member_name (b, "files_that_fit_lower_bound");
  json_builder_add_boolean_value (b, g_str_equal (fs->fit.limit, "time"));
  add_number (b, "files_that_fit_seconds", fs->fit.seconds);
}

/* In ----------------------------------------------------------------------- */

static double
number (JsonObject *o, const char *key, double fallback)
{
  double v;

  return o != NULL && fsb_result_json_number (o, key, &v) ? v : fallback;
}

static guint64
count (JsonObject *o, const char *key)
{
  double v = number (o, key, 0);

  return v > 0 && v < 9e18 ? (guint64) v : 0;
}

static void
read_free_space (JsonObject *o, const char *key, FsbFreeSpace *f)
{
  JsonObject *fo = o != NULL ? fsb_result_json_object (o, key) : NULL;
  double extents = number (fo, "free_extents", -1);

  f->free_extents = extents >= 0 && extents < 9e18 ? (gint64) extents : -1;
  f->free_bytes = count (fo, "free_bytes");
  f->mean_extent_bytes = number (fo, "mean_free_extent_bytes", 0);
  f->large_percent = CLAMP (number (fo, "free_in_large_extents_percent", 0), 0, 100);
}

static void
read_run (JsonObject *o, FsbAgingRun *run)
{
  JsonObject *frag = fsb_result_json_object (o, "fragmentation");
  double extents;

  fsb_aging_run_init (run);
  run->fill_percent_reached = CLAMP (number (o, "fill_percent_reached", 0), 0, 100);
  run->rounds = (guint) MIN (count (o, "rounds"), 1000000);
  run->files_written = count (o, "files_written");
  run->files_deleted = count (o, "files_deleted");
  run->bytes_written = count (o, "bytes_written");
  run->dirs = (guint) MIN (count (o, "dirs"), G_MAXUINT);
  run->seconds = MAX (number (o, "seconds", 0), 0);
  extents = number (frag, "big_file_extents_fresh", -1);
  run->big_file_extents_fresh = extents >= 0 && extents < 9e18 ? (gint64) extents : -1;
  extents = number (frag, "big_file_extents_aged", -1);
  run->big_file_extents_aged = extents >= 0 && extents < 9e18 ? (gint64) extents : -1;
  read_free_space (frag, "free_space_fresh", &run->free_fresh);
  read_free_space (frag, "free_space_aged", &run->free_aged);
}

void
fsb_result_aging_from_json (FsbFsResult *fs, JsonObject *o, JsonObject *capacity)
{
  JsonObject *ao = fsb_result_json_object (o, "aging");
  g_autofree char *limit = capacity != NULL ? fsb_result_json_string (capacity, "files_that_fit_limit") : NULL;

  /* only the limits FS Bench writes: the window translates them */
  if (limit != NULL && g_strv_contains ((const char *const[]) { "space", "inodes", "time", NULL }, limit))
    {
      fs->fit.limit = g_steal_pointer (&limit);
      fs->fit.files = count (capacity, "files_that_fit");
      fs->fit.seconds = MAX (number (capacity, "files_that_fit_seconds", 0), 0);
    }

  if (ao != NULL)
    {
      g_autofree char *level = fsb_result_json_string (ao, "level");
      JsonArray *reps = fsb_result_json_array (ao, "repetitions");
      JsonObject *frag = fsb_result_json_object (ao, "fragmentation");
      FsbAging *aging = fsb_fs_result_get_aging (fs, level != NULL ? level : "light",
                                                 CLAMP (number (ao, "fill_percent_target", 0), 0, 100));

      aging->free_space_tool = frag != NULL ? fsb_result_json_string (frag, "free_space_tool") : NULL;
      for (guint i = 0; reps != NULL && i < json_array_get_length (reps) && i < 100000; i++)
        {
          JsonNode *n = json_array_get_element (reps, i);
          FsbAgingRun run;

          if (!JSON_NODE_HOLDS_OBJECT (n))
            continue;
          read_run (json_node_get_object (n), &run);
          g_array_append_val (aging->runs, run);
        }
      /* a writer that kept only the summary: one run from it */
      if (reps == NULL)
        {
          FsbAgingRun run;

          read_run (ao, &run);
          g_array_append_val (aging->runs, run);
        }
    }
}
