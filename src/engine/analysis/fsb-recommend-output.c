/* fsb-recommend-output.c: the recommendation as JSON (`fsbench-cli
 * recommend --json`) and as plain text */
#include "config.h"

#include <math.h>
#include <string.h>

#include "fsb-json.h"
#include "fsb-recommend-private.h"

static void
add_strv (JsonBuilder *b, const char *key, char **strv)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; strv != NULL && strv[i] != NULL; i++)
    json_builder_add_string_value (b, strv[i]);
  json_builder_end_array (b);
}

static void
add_strings (JsonBuilder *b, const char *key, GPtrArray *strings)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; i < strings->len; i++)
    json_builder_add_string_value (b, strings->pdata[i]);
  json_builder_end_array (b);
}

/* "ci95": [low, high], or null when unknown. */
static void
add_interval (JsonBuilder *b, double low, double high)
{
  json_builder_set_member_name (b, "ci95");
  if (!isfinite (low) || !isfinite (high))
    {
      json_builder_add_null_value (b);
      return;
    }
  json_builder_begin_array (b);
  json_builder_add_double_value (b, low);
  json_builder_add_double_value (b, high);
  json_builder_end_array (b);
}

static const char *
comparison_id (FsbCompare c)
{
  switch (c)
    {
    case FSB_COMPARE_BETTER:     return "behind";
    case FSB_COMPARE_WORSE:      return "ahead";
    case FSB_COMPARE_EQUIVALENT: return "equivalent";
    case FSB_COMPARE_UNSETTLED:
    default:                     return "unsettled";
    }
}

static void
add_score (JsonBuilder *b, const FsbScore *s)
{
  json_builder_begin_object (b);
  fsb_json_add_string (b, "filesystem", s->fs);
  fsb_json_add_double (b, "value", s->value);
  fsb_json_add_string (b, "metric", s->metric);
  json_builder_set_member_name (b, "complete");
  json_builder_add_boolean_value (b, s->complete);
  /* the leader over this one */
  fsb_json_add_double (b, "ratio", s->ratio);
  add_interval (b, s->ratio_low, s->ratio_high);
  fsb_json_add_string (b, "against_leader", comparison_id (s->behind));
  json_builder_end_object (b);
}

static void
add_verdict (JsonBuilder *b, const FsbVerdict *v)
{
  json_builder_begin_object (b);
  fsb_json_add_string (b, "id", v->criterion->id);
  fsb_json_add_string (b, "verdict", fsb_verdict_kind_id (v->kind));
  fsb_json_add_string (b, "winner", v->winner);
  add_strv (b, "tied", v->tied);
  fsb_json_add_double (b, "ratio", v->ratio);
  add_interval (b, v->ratio_low, v->ratio_high);
  json_builder_set_member_name (b, "settled");
  json_builder_add_boolean_value (b, v->settled);
  fsb_json_add_double (b, "weight", v->weight);
  fsb_json_add_string (b, "runner_up", v->runner_up);
  fsb_json_add_string (b, "conclusion", v->conclusion);
  json_builder_set_member_name (b, "ranking");
  json_builder_begin_array (b);
  for (guint j = 0; j < v->ranking->len; j++)
    add_score (b, v->ranking->pdata[j]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "differences");
  json_builder_begin_array (b);
  for (guint j = 0; j < v->differences->len; j++)
    {
      const FsbTaskDifference *d = v->differences->pdata[j];

      json_builder_begin_object (b);
      fsb_json_add_string (b, "task", d->task);
      fsb_json_add_string (b, "faster", d->faster);
      fsb_json_add_string (b, "slower", d->slower);
      fsb_json_add_double (b, "ratio", d->ratio);
      add_interval (b, d->ratio_low, d->ratio_high);
      fsb_json_add_string (b, "sentence", d->sentence);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

/* A criterion the use case needs whose group did not run. */
static void
add_unmeasured (JsonBuilder *b, const FsbCriterionSpec *criterion, double weight)
{
  json_builder_begin_object (b);
  fsb_json_add_string (b, "id", criterion->id);
  fsb_json_add_string (b, "verdict", fsb_verdict_kind_id (FSB_VERDICT_NOT_MEASURED));
  fsb_json_add_string (b, "winner", NULL);
  add_strv (b, "tied", NULL);
  fsb_json_add_double (b, "ratio", NAN);
  add_interval (b, NAN, NAN);
  fsb_json_add_double (b, "weight", weight);
  json_builder_end_object (b);
}

JsonNode *
fsb_recommendation_to_json (const FsbRecommendation *self)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  const char *use_case = fsb_use_case_id (self->use_case);

  json_builder_begin_object (b);
  fsb_json_add_string (b, "use_case", use_case);
  fsb_json_add_string (b, "verdict", fsb_verdict_kind_id (self->verdict));
  fsb_json_add_string (b, "winner", self->best);
  add_strv (b, "tied", self->tied);
  add_strv (b, "missing_groups", self->missing_groups);
  fsb_json_add_string (b, "confidence", fsb_confidence_id (self->confidence));
  fsb_json_add_string (b, "leader", self->leader);
  fsb_json_add_double (b, "ratio", self->ratio);
  add_interval (b, self->ratio_low, self->ratio_high);
  json_builder_set_member_name (b, "settled");
  json_builder_add_boolean_value (b, self->settled);
  add_strv (b, "unsettled", self->unsettled);
  add_strv (b, "refinable", self->refinable);
  add_strv (b, "dominated", self->dominated);
  if (self->settle_rounds > 0)
    {
      json_builder_set_member_name (b, "settle");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "rounds");
      json_builder_add_int_value (b, self->settle_rounds);
      fsb_json_add_double (b, "extra_s", self->settle_seconds);
      fsb_json_add_double (b, "time_budget_s", self->settle_budget_s);
      json_builder_end_object (b);
    }
  fsb_json_add_string (b, "headline", self->headline);
  add_strings (b, "reasons", self->reasons);
  add_strings (b, "notes", self->notes);

  json_builder_set_member_name (b, "criteria");
  json_builder_begin_array (b);
  for (guint c = 0; c < fsb_catalog_n_criteria (); c++)
    {
      const FsbCriterionSpec *criterion = fsb_catalog_nth_criterion (c);
      const FsbVerdict *v = fsb_recommendation_get_verdict (self, criterion->id);
      const FsbWorkloadGroup *g = fsb_criterion_group (criterion->id);
      double weight = fsb_criterion_weight (criterion, use_case);

      if (v != NULL)
        add_verdict (b, v);
      else if (fsb_criterion_needed (criterion, use_case) && g != NULL && !g->always)
        add_unmeasured (b, criterion, weight);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "overall");
  json_builder_begin_array (b);
  for (guint i = 0; i < self->overall->len; i++)
    add_score (b, self->overall->pdata[i]);
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
fsb_recommendation_to_text (const FsbRecommendation *self)
{
  GString *s = g_string_new (self->headline);

  g_string_append_c (s, '\n');
  for (guint i = 0; i < self->reasons->len; i++)
    g_string_append_printf (s, "  • %s\n", (char *) self->reasons->pdata[i]);
  for (guint i = 0; i < self->notes->len; i++)
    g_string_append_printf (s, "%s\n", (char *) self->notes->pdata[i]);
  return g_string_free (s, FALSE);
}
