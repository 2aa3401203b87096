/* fsb-plan-from-result.c: plans made from an earlier result: the groups
 * it lacks, merged into it, or the same comparison again with the rounds
 * and time its open verdict needs */
#include "config.h"

#include "fsb-catalog.h"
#include "fsb-plan.h"
#include "fsb-plan-private.h"

/* A plan with result's sizes and contenders (fsb_plan_new_for_missing,
 * fsb_plan_new_to_settle). */
static FsbPlan *
plan_like (FsbResult *result, GError **error)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();

  /* the same sizes, so the groups measure what the first run would have
   * (first: the full profile would choose every group) */
  if (result->profile != NULL && fsb_profile_known (result->profile))
    fsb_plan_set_profile (plan, result->profile, NULL);
  for (guint i = 0; result->sizes != NULL && i < fsb_sizes_count (result->sizes); i++)
    {
      double v;
      const char *id = fsb_sizes_nth (result->sizes, i, &v);

      if (fsb_catalog_param (id, NULL) != NULL)
        fsb_sizes_set (plan->sizes, id, v);
    }
  /* the same data */
  fsb_result_data_kind (result, &plan->data);
  /* the same series */
  fsb_plan_series_from_result (plan, result);
  /* the same contenders, as they were made and mounted */
  fsb_plan_set_contenders_of (plan, result);
  if (!fsb_plan_check_filesystems (plan, error))
    return NULL;
  return g_steal_pointer (&plan);
}

FsbPlan *
fsb_plan_new_for_missing (FsbResult *result, const char *use_case, const char *const *groups,
                          const char *target_spec, GError **error)
{
  g_autoptr(FsbPlan) plan = NULL;

  g_return_val_if_fail (result != NULL, NULL);
  plan = plan_like (result, error);
  if (plan == NULL ||
      !fsb_plan_set_use_case (plan, use_case, error) ||
      !fsb_plan_set_workloads (plan, groups, error) ||
      (target_spec != NULL && !fsb_plan_set_target (plan, target_spec, error)))
    return NULL;
  plan->merge_into = fsb_result_ref (result);
  if (!fsb_plan_validate (plan, error))
    return NULL;
  return g_steal_pointer (&plan);
}

FsbPlan *
fsb_plan_new_to_settle (FsbResult *result, const char *use_case, guint rounds, double time_budget_s,
                        const char *target_spec, GError **error)
{
  g_autoptr(FsbPlan) plan = NULL;

  g_return_val_if_fail (result != NULL, NULL);
  plan = plan_like (result, error);
  if (plan == NULL ||
      !fsb_plan_set_use_case (plan, use_case, error) ||
      (result->workloads != NULL && !fsb_plan_set_workloads (plan, (const char *const *) result->workloads, error)) ||
      (target_spec != NULL && !fsb_plan_set_target (plan, target_spec, error)) ||
      !fsb_plan_set_repeat (plan, "auto", error))
    return NULL;
  plan->repeat_max = CLAMP (MAX (rounds, (guint) FSB_DEFAULT_REPEAT_MAX), FSB_MIN_AUTO_REPETITIONS, FSB_MAX_REPETITIONS);
  plan->time_budget_s = time_budget_s;
  if (!fsb_plan_validate (plan, error))
    return NULL;
  return g_steal_pointer (&plan);
}
