/* fsb-cli.h: what the fsbench-cli subcommands share */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Each subcommand parses its own options from argv (argv[0] is the
 * subcommand's name) and returns the process exit status. */
typedef int (*FsbCliCommand) (int argc, char **argv);

/* Prints "fsbench-cli: message" on stderr and returns the exit status for error. */
int  fsb_cli_fail          (const GError *error);
/* Parses a GOptionContext for a subcommand, with our translation domain. */
gboolean fsb_cli_parse     (GOptionContext *context, int *argc, char ***argv, int *status);

G_END_DECLS
