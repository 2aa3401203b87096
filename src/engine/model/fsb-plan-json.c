/* fsb-plan-json.c: the plan and its estimate, as `fsbench-cli plan --json`
 * prints them */
#include "config.h"

#include <math.h>

#include "fsb-catalog.h"
#include "fsb-plan.h"
#include "fsb-plan-private.h"

JsonNode *
fsb_plan_to_json (FsbPlan *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  FsbPlanEstimate est;
  FsbTargetSpec target = { 0 };
  gboolean target_ok = fsb_target_spec_parse (self->target_spec, &target, NULL);

  fsb_plan_estimate (self, NULL, &est);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "filesystems");
  json_builder_begin_array (b);
  for (guint i = 0; self->filesystems[i] != NULL; i++)
    json_builder_add_string_value (b, self->filesystems[i]);
  json_builder_end_array (b);
  /* what each label of filesystems is: its type and the options asked */
  json_builder_set_member_name (b, "contenders");
  json_builder_begin_array (b);
  for (guint i = 0; self->filesystems[i] != NULL; i++)
    {
      const FsbContender *c = fsb_plan_get_contender (self, self->filesystems[i]);
      const char *mkfs = fsb_plan_contender_mkfs (self, c->label);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, c->label);
      json_builder_set_member_name (b, "type");
      json_builder_add_string_value (b, c->fs_type);
      json_builder_set_member_name (b, "mount_options");
      json_builder_add_string_value (b, c->mount_options);
      json_builder_set_member_name (b, "mkfs_options");
      json_builder_add_string_value (b, mkfs);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "profile");
  json_builder_add_string_value (b, self->profile_name);
  json_builder_set_member_name (b, "use_case");
  json_builder_add_string_value (b, self->use_case);
  if (self->label != NULL)
    {
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, self->label);
    }
  json_builder_set_member_name (b, "repetitions");
  json_builder_add_int_value (b, self->repetitions);
  json_builder_set_member_name (b, "data");
  json_builder_add_string_value (b, fsb_data_kind_id (self->data));
  fsb_plan_aging_to_json (self, b);
  fsb_plan_series_to_json (self, b);
  json_builder_set_member_name (b, "repetition_policy");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "mode");
  json_builder_add_string_value (b, self->repeat_auto ? "auto" : "fixed");
  json_builder_set_member_name (b, "min");
  json_builder_add_int_value (b, self->repetitions);
  json_builder_set_member_name (b, "max");
  json_builder_add_int_value (b, self->repeat_auto ? self->repeat_max : self->repetitions);
  json_builder_set_member_name (b, "time_budget_s");
  if (self->repeat_auto && self->time_budget_s > 0)
    json_builder_add_double_value (b, self->time_budget_s);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "limits");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "repetitions");
  json_builder_begin_array (b);
  json_builder_add_int_value (b, FSB_MIN_REPETITIONS);
  json_builder_add_int_value (b, FSB_MAX_REPETITIONS);
  json_builder_end_array (b);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "workloads");
  json_builder_begin_array (b);
  for (guint i = 0; self->workloads[i] != NULL; i++)
    json_builder_add_string_value (b, self->workloads[i]);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "target");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "spec");
  json_builder_add_string_value (b, self->target_spec);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, target_ok && !target.image ? "partition" : "image");
  json_builder_set_member_name (b, "size_bytes");
  json_builder_add_int_value (b, (gint64) est.target_size_bytes);
  json_builder_set_member_name (b, "images");
  json_builder_add_int_value (b, est.images_at_once);
  json_builder_set_member_name (b, target_ok && !target.image ? "device" : "folder");
  if (target.path != NULL)
    json_builder_add_string_value (b, target.path);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  fsb_target_spec_clear (&target);

  json_builder_set_member_name (b, "dataset");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "big_file_bytes");
  json_builder_add_int_value (b, (gint64) fsb_sizes_get_u64 (self->sizes, "big-file"));
  json_builder_set_member_name (b, "tree_files");
  json_builder_add_int_value (b, fsb_sizes_get_uint (self->sizes, "tree-files"));
  json_builder_set_member_name (b, "tree_dirs");
  json_builder_add_int_value (b, fsb_sizes_get_uint (self->sizes, "tree-dirs"));
  json_builder_set_member_name (b, "tree_bytes");
  json_builder_add_int_value (b, (gint64) fsb_sizes_get_u64 (self->sizes, "tree-size"));
  json_builder_set_member_name (b, "source_dir");
  if (self->source_dir != NULL)
    json_builder_add_string_value (b, self->source_dir);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "sizes");
  json_builder_add_value (b, fsb_sizes_to_json (self->sizes));

  json_builder_set_member_name (b, "tasks");
  json_builder_begin_array (b);
  for (guint i = 0; i < est.tasks->len; i++)
    {
      const char *id = est.tasks->pdata[i];
      const FsbWorkloadGroup *g = NULL;
      const FsbTaskSpec *t = fsb_catalog_task (id, &g);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, id);
      json_builder_set_member_name (b, "group");
      json_builder_add_string_value (b, g != NULL ? g->id : NULL);
      json_builder_set_member_name (b, "criterion");
      json_builder_add_string_value (b, t != NULL ? fsb_task_criterion (id) : NULL);
      json_builder_set_member_name (b, "estimated_seconds");
      json_builder_add_double_value (b, t != NULL && t->estimate != NULL
                                        ? round (fsb_plan_paced (self, id, fsb_task_estimate (t, self->sizes)) * 1000) / 1000 : 0);
      json_builder_end_object (b);
    }
  for (guint i = 0; i < self->custom_commands->len; i++)
    {
      const FsbCustomCommand *c = self->custom_commands->pdata[i];
      g_autofree char *id = g_strconcat ("custom:", c->name, NULL);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, id);
      json_builder_set_member_name (b, "command");
      json_builder_add_string_value (b, c->command);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "steps");
  json_builder_add_int_value (b, est.n_steps);
  json_builder_set_member_name (b, "space_needed_bytes");
  json_builder_add_int_value (b, (gint64) est.space_needed_bytes);
  json_builder_set_member_name (b, "estimated_seconds");
  json_builder_add_double_value (b, round (est.estimated_seconds * 10) / 10);
  json_builder_set_member_name (b, "estimated_seconds_max");
  json_builder_add_double_value (b, round (est.estimated_seconds_max * 10) / 10);
  json_builder_set_member_name (b, "dataset_seconds");
  json_builder_add_double_value (b, round (est.dataset_seconds * 10) / 10);
  /* The run whose pace on this disk the estimate follows, or null. */
  json_builder_set_member_name (b, "estimate_paced_by");
  if (est.paced_by != NULL)
    json_builder_add_string_value (b, est.paced_by);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  fsb_plan_estimate_clear (&est);
  return json_builder_get_root (b);
}
