/* fsb-cli.c: fsbench-cli, the command-line twin of the window */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "fsb-engine.h"
#include "fsb-cli.h"

typedef struct {
  const char   *name;
  const char   *summary;   /* N_() */
  FsbCliCommand run;
} Command;

static const Command commands[] = {
  { "check",       N_("Format, mount and unmount one filesystem on a target, with timings"), fsb_cli_check },
  { "clean",       N_("Clean what an interrupted run left behind"), fsb_cli_clean },
  { "devices",     N_("List disks and partitions, and which can be used"), fsb_cli_devices },
  { "filesystems", N_("List the filesystems this system can format and mount"), fsb_cli_filesystems },
  { "history",     N_("List, show or delete the runs kept in the history"), fsb_cli_history },
  { "plan",        N_("Say what a run would do, its space and its time, without running it"), fsb_cli_plan },
  { "recommend",   N_("Say which filesystem suits a use case, and why"), fsb_cli_recommend },
  { "report",      N_("Write a report from results, or compare several"), fsb_cli_report },
  { "run",         N_("Compare filesystems: format, copy, list, search and delete"), fsb_cli_run },
  { "dataset",     N_("Write a profile's source data to a folder, for other tools"), fsb_cli_dataset },
  { NULL, NULL, NULL },
};

int
fsb_cli_fail (const GError *error)
{
  /* Translators: the prefix of every error message of the command-line tool */
  g_printerr (_("fsbench-cli: %s\n"), error->message);
  return fsb_error_to_exit_status (error);
}

gboolean
fsb_cli_parse (GOptionContext *context, int *argc, char ***argv, int *status)
{
  g_autoptr(GError) error = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr (_("fsbench-cli: %s\n"), error->message);
      /* Translators: %s is the command, “fsbench-cli run”; keep --help as it is */
      g_printerr (_("Run “%s --help” to see the options.\n"), g_get_prgname ());
      *status = 2;
      return FALSE;
    }
  return TRUE;
}

static char *
commands_description (void)
{
  GString *s = g_string_new (_("Commands:"));

  g_string_append_c (s, '\n');
  for (guint i = 0; commands[i].name != NULL; i++)
    g_string_append_printf (s, "  %-14s %s\n", commands[i].name, _(commands[i].summary));
  g_string_append_c (s, '\n');
  g_string_append (s, _("Run “fsbench-cli COMMAND --help” for a command’s options."));
  g_string_append_c (s, '\n');
  g_string_append (s, _("Exit status: 0 success, 1 failure during the run, 2 bad usage or a refused target, "
                        "3 not authorized, 130 cancelled."));
  return g_string_free (s, FALSE);
}

int
main (int argc, char **argv)
{
  gboolean version = FALSE;
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *description = NULL;
  int status = 0;
  const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, N_("Show the version and exit"), NULL },
    { NULL }
  };

  fsb_engine_init ();
  fsb_cli_sanitize_output ();
  g_set_prgname ("fsbench-cli");
  g_set_application_name (_("FS Bench"));

  /* A subcommand takes the rest of the line. */
  if (argc > 1 && argv[1][0] != '-')
    {
      for (guint i = 0; commands[i].name != NULL; i++)
        if (strcmp (argv[1], commands[i].name) == 0)
          {
            /* Its usage line and its errors name it: “fsbench-cli run [OPTION…]”. */
            g_autofree char *prgname = g_strdup_printf ("fsbench-cli %s", commands[i].name);

            g_set_prgname (prgname);
            return commands[i].run (argc - 1, argv + 1);
          }

      /* Translators: %s is what the user typed */
      g_printerr (_("fsbench-cli: unknown command “%s”\n"), argv[1]);
      /* Translators: %s is the program, “fsbench-cli”; keep --help as it is */
      g_printerr (_("Run “%s --help” to see the commands.\n"), "fsbench-cli");
      return 2;
    }

  /* Translators: the argument placeholder in "fsbench-cli COMMAND [OPTION…]" */
  context = g_option_context_new (_("COMMAND [OPTION…]"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context,
                                _("Compare filesystems on a disk image or a spare partition: "
                                  "format, copy, list, search and delete, measured honestly."));
  description = commands_description ();
  g_option_context_set_description (context, description);
  if (!fsb_cli_parse (context, &argc, &argv, &status))
    return status;

  if (version)
    {
      g_print ("fsbench-cli %s\n", fsb_engine_version ());
      return 0;
    }

  {
    g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
    g_printerr ("%s", help);
  }
  return 2;
}
