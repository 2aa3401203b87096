/* fsb-cli-history.c: `fsbench-cli history`: the runs the window keeps too */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "fsb-cli.h"
#include "fsb-engine.h"
#include "fsb-history.h"
#include "fsb-json.h"
#include "fsb-recommend.h"

static int
list_runs (gboolean as_json)
{
  g_autoptr(GPtrArray) entries = fsb_history_list (NULL);
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_array (b);
  for (guint i = 0; i < entries->len; i++)
    {
      FsbHistoryEntry *e = entries->pdata[i];
      g_autofree char *id = fsb_history_entry_id (e);
      g_autofree char *text = e->summary != NULL ? fsb_history_describe (e->summary) : g_strdup (e->problem);

      if (!as_json)
        {
          fsb_cli_print_clean (stdout, "%s  %s\n", id, text);
          continue;
        }
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, id);
      json_builder_set_member_name (b, "path");
      json_builder_add_string_value (b, e->path);
      json_builder_set_member_name (b, "created");
      if (e->summary != NULL && e->summary->created != NULL)
        json_builder_add_string_value (b, e->summary->created);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "readable");
      json_builder_add_boolean_value (b, e->summary != NULL);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  if (as_json)
    {
      g_autoptr(JsonNode) root = json_builder_get_root (b);
      g_autofree char *text = fsb_json_to_data (root, TRUE, NULL);
      g_print ("%s\n", text);
    }
  else if (entries->len == 0)
    g_print ("%s\n", _("The history is empty: runs are kept there when they finish."));
  return 0;
}

static int
show_run (const char *id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = fsb_history_find (id, &error);
  g_autoptr(FsbResult) result = NULL;
  g_autoptr(FsbRecommendation) rec = NULL;
  g_autofree char *description = NULL, *text = NULL;
  FsbUseCase use_case = FSB_USE_CASE_SERVER;

  if (path == NULL || (result = fsb_result_load (path, &error)) == NULL)
    return fsb_cli_fail (error);
  description = fsb_history_describe (result);
  fsb_cli_print_clean (stdout, "%s\n%s\n\n", path, description);
  fsb_cli_print_result (result);
  if (result->use_case != NULL)
    fsb_use_case_from_id (result->use_case, &use_case);
  rec = fsb_recommend (result, use_case);
  text = fsb_recommendation_to_text (rec);
  fsb_cli_print_clean (stdout, "%s\n", text);
  return 0;
}

static int
delete_run (const char *id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = fsb_history_find (id, &error);

  if (path == NULL || !fsb_history_delete (path, &error))
    return fsb_cli_fail (error);
  /* Translators: %s is a run's id, as "fsbench-cli history" lists it */
  g_print (_("Deleted %s\n"), id);
  return 0;
}

int
fsb_cli_history (int argc, char **argv)
{
  gboolean as_json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_("List the runs as JSON"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  /* Translators: the arguments of "fsbench-cli history" */
  context = g_option_context_new (_("[list | show RUN | delete RUN] — the runs kept in the history"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("The runs that finished, as the window’s history shows them: "
                                           "list them, show one with its results and recommendation, "
                                           "or delete one. RUN is an id from the list."));
  if (!fsb_cli_parse (context, &argc, &argv, &status))
    return status;
  if (argc < 2 || strcmp (argv[1], "list") == 0)
    return argc <= 2 ? list_runs (as_json) : fsb_cli_usage_error (_("“list” takes no argument"));
  if ((strcmp (argv[1], "show") == 0 || strcmp (argv[1], "delete") == 0) && argc != 3)
    return fsb_cli_usage_error (_("name one run, by the id “fsbench-cli history” lists"));
  if (strcmp (argv[1], "show") == 0)
    return show_run (argv[2]);
  if (strcmp (argv[1], "delete") == 0)
    return delete_run (argv[2]);
  g_set_error (&error, FSB_ERROR, FSB_ERROR_INVALID,
               /* Translators: %s is what the user typed */
               _("Unknown history command “%s”: use list, show or delete"), argv[1]);
  return fsb_cli_fail (error);
}
