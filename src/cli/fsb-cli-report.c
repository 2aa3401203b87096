/* fsb-cli-report.c: `fsbench-cli report` and `fsbench-cli recommend` */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "fsb-catalog.h"
#include "fsb-engine.h"
#include "fsb-format.h"
#include "fsb-json.h"
#include "fsb-recommend.h"
#include "fsb-report.h"
#include "fsb-cli.h"

static gboolean
parse_use_case (const char *id, FsbUseCase *use_case, int *status)
{
  if (id == NULL || fsb_use_case_from_id (id, use_case))
    return TRUE;
  {
    g_autofree char *known = fsb_use_case_ids_text ();
    /* Translators: what the user typed, then the use cases there are, “desktop, server, database” (not translated) */
    g_autofree char *msg = g_strdup_printf (_("unknown use case “%s”: choose one of %s"), id, known);
    *status = fsb_cli_usage_error (msg);
  }
  return FALSE;
}

/* Loads every file, or reports the first that fails, by name. */
static GPtrArray *
load_results (char **paths, int *status)
{
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_result_unref);

  for (guint i = 0; paths != NULL && paths[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      FsbResult *r = fsb_result_load (paths[i], &error);

      if (r == NULL)
        {
          g_printerr (_("fsbench-cli: %s\n"), error->message);
          /* A file given on the line that cannot be read is bad usage. */
          *status = 2;
          return NULL;
        }
      g_ptr_array_add (results, r);
    }
  return g_steal_pointer (&results);
}

static FsbUseCase
default_use_case (FsbResult *result)
{
  FsbUseCase use_case = FSB_USE_CASE_SERVER;

  if (result->use_case != NULL)
    fsb_use_case_from_id (result->use_case, &use_case);
  return use_case;
}

static int
report_run (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *use_case_id = NULL, *lang = NULL;
  guint n_formats;
  const FsbReportFormatInfo *formats = fsb_report_formats (&n_formats);
  g_autoptr(GPtrArray) outputs = g_ptr_array_new_with_free_func (g_free);   /* a path per format, or NULL */
  g_autoptr(GArray) format_entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  gboolean letter = FALSE, csv_locale = FALSE;
  g_auto(GStrv) files = NULL;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(GPtrArray) labels = NULL;
  FsbReportOptions options;
  int status = 0;
  const GOptionEntry entries[] = {
    { "use-case", 'u', 0, G_OPTION_ARG_STRING, &use_case_id,
      N_("Recommend for: desktop, server, database, small-files, media, nas or developer (default: as chosen for the run)"), N_("USE") },
    { "lang", 'l', 0, G_OPTION_ARG_STRING, &lang, N_("Write the report in this language: ru, de, fr, en"), N_("LL") },
    { "letter", 0, 0, G_OPTION_ARG_NONE, &letter, N_("Use US Letter paper for the PDF rather than A4"), NULL },
    { "csv-locale", 0, 0, G_OPTION_ARG_NONE, &csv_locale,
      N_("Write the CSV for a spreadsheet in the report’s language: a UTF-8 byte order mark, and “;” between fields "
         "with decimal commas where the language writes them (German, French, Russian)"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };
  gboolean any = FALSE;

  /* Translators: the arguments of "fsbench-cli report" */
  context = g_option_context_new (_("RESULT.json [MORE.json…] — write a report, or compare several results"));
  /* --html FILE, --pdf FILE, …: one option per format of the table. */
  g_ptr_array_set_size (outputs, n_formats);
  for (guint i = 0; i < n_formats; i++)
    {
      GOptionEntry e = { formats[i].id, 0, 0, G_OPTION_ARG_FILENAME, &outputs->pdata[i], formats[i].description, N_("FILE") };
      g_array_append_val (format_entries, e);
    }
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, (GOptionEntry *) format_entries->data, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Writes the comparison as a study: the machine, the method, each task, the results "
                                  "per section with charts and conclusions, and the recommendation. With two or more "
                                  "results, shows them side by side with the differences. Without an output option, "
                                  "prints the report as Markdown."));
  if (!fsb_cli_parse (context, &argc, &argv, &status))
    return status;
  if (files == NULL || files[0] == NULL)
    return fsb_cli_usage_error (_("name at least one result file"));

  fsb_report_options_init (&options);
  if (!parse_use_case (use_case_id, &options.use_case, &status))
    return status;
  if ((results = load_results (files, &status)) == NULL)
    return status;
  if (use_case_id == NULL)
    options.use_case = default_use_case (results->pdata[0]);
  options.language = lang;
  options.letter = letter;
  options.csv_locale = csv_locale;

  labels = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; files[i] != NULL; i++)
    g_ptr_array_add (labels, g_filename_display_basename (files[i]));

  for (guint i = 0; i < n_formats; i++)
    {
      g_autoptr(GError) error = NULL;

      const char *path = outputs->pdata[i];

      if (path == NULL)
        continue;
      any = TRUE;
      if (!fsb_report_write ((FsbResult * const *) results->pdata, (const char * const *) labels->pdata, results->len,
                             formats[i].format, &options, path, &error))
        return fsb_cli_fail (error);
      {
        g_autofree char *display = g_filename_display_name (path);
        /* Translators: %s is a file name */
        g_print (_("Wrote %s\n"), display);
      }
    }
  if (!any)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = fsb_report_to_string ((FsbResult * const *) results->pdata,
                                                    (const char * const *) labels->pdata, results->len,
                                                    FSB_REPORT_MARKDOWN, &options, &error);
      if (text == NULL)
        return fsb_cli_fail (error);
      g_print ("%s", text);
    }
  return 0;
}

/* How to measure what a use case lacks: the run that gives it a verdict. */
static void
print_missing_command (FsbResult *result, const FsbRecommendation *rec)
{
  g_autoptr(GString) cmd = g_string_new ("fsbench-cli run --fs ");

  if (rec->missing_groups == NULL || rec->missing_groups[0] == NULL || result->filesystems->len == 0)
    return;
  for (guint i = 0; i < result->filesystems->len; i++)
    g_string_append_printf (cmd, "%s%s", i > 0 ? "," : "", ((FsbFsResult *) result->filesystems->pdata[i])->name);
  g_string_append_printf (cmd, " --use-case %s", fsb_use_case_id (rec->use_case));
  if (result->profile != NULL && fsb_profile_known (result->profile))
    g_string_append_printf (cmd, " --profile %s", result->profile);
  g_string_append_printf (cmd, " --output %s.json", fsb_use_case_id (rec->use_case));
  /* Translators: a command line follows */
  g_print (_("To measure it, run:\n  %s\n"), cmd->str);
}

static int
recommend_run (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *use_case_id = NULL;
  gboolean as_json = FALSE;
  g_auto(GStrv) files = NULL;
  g_autoptr(GPtrArray) results = NULL;
  g_autoptr(FsbRecommendation) rec = NULL;
  FsbUseCase use_case;
  int status = 0;
  const GOptionEntry entries[] = {
    { "use-case", 'u', 0, G_OPTION_ARG_STRING, &use_case_id,
      N_("Recommend for: desktop, server, database, small-files, media, nas or developer (default: as chosen for the run)"), N_("USE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &as_json, N_("Print the recommendation as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };

  /* Translators: the arguments of "fsbench-cli recommend" */
  context = g_option_context_new (_("RESULT.json — which filesystem suits a use case, and why"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!fsb_cli_parse (context, &argc, &argv, &status))
    return status;
  if (files == NULL || files[0] == NULL)
    return fsb_cli_usage_error (_("name the result file"));
  if (files[1] != NULL)
    return fsb_cli_usage_error (_("recommend takes one result file; use “report” to compare several"));
  if ((results = load_results (files, &status)) == NULL)
    return status;
  use_case = default_use_case (results->pdata[0]);
  if (!parse_use_case (use_case_id, &use_case, &status))
    return status;

  rec = fsb_recommend (results->pdata[0], use_case);
  if (as_json)
    {
      g_autoptr(JsonNode) node = fsb_recommendation_to_json (rec);
      g_autofree char *text = fsb_json_to_data (node, TRUE, NULL);
      g_print ("%s\n", text);
      return 0;
    }
  {
    g_autofree char *text = fsb_recommendation_to_text (rec);
    g_print ("%s\n", text);
  }
  print_missing_command (results->pdata[0], rec);
  for (guint i = 0; i < rec->verdicts->len; i++)
    {
      const FsbVerdict *v = rec->verdicts->pdata[i];
      /* a section's title on its own line, its conclusion (a sentence) under it */
      g_print ("\n%s\n  %s\n", _(v->criterion->title), v->conclusion);
    }
  return 0;
}

int
fsb_cli_report (int argc, char **argv)
{
  return report_run (argc, argv);
}

int
fsb_cli_recommend (int argc, char **argv)
{
  return recommend_run (argc, argv);
}
