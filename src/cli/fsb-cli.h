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

/* Targets (fsb-cli-devices.c) */
int  fsb_cli_devices       (int argc, char **argv);
int  fsb_cli_filesystems   (int argc, char **argv);
int  fsb_cli_check         (int argc, char **argv);
int  fsb_cli_clean         (int argc, char **argv);

/* Reports (fsb-cli-report.c) */
int  fsb_cli_report        (int argc, char **argv);
int  fsb_cli_recommend     (int argc, char **argv);

/* fsb-cli-run.c */
int      fsb_cli_run       (int argc, char **argv);
int      fsb_cli_dataset   (int argc, char **argv);

G_END_DECLS

G_BEGIN_DECLS

#include <gio/gio.h>

/* SIGINT and SIGTERM cancel this cancellable (needs a running main loop);
 * the command then cleans up and exits 130. */
void     fsb_cli_cancel_on_signals    (GCancellable *cancellable);
gboolean fsb_cli_was_signalled        (void);
/* In a terminal, registers a polkit text agent for this process, so the
 * user can type a password there, as udisksctl does. */
void     fsb_cli_register_polkit_agent (void);
/* From now on g_print () and g_printerr () replace control characters
 * (ESC, OSC, C1) before they reach the terminal. */
void     fsb_cli_sanitize_output      (void);
/* Our own terminal control (the progress bar's "\r\033[K"), on stderr. */
void     fsb_cli_terminal             (const char *sequence);
/* "Cleaned N leftovers of an earlier run." when N > 0. */
void     fsb_cli_print_cleaned        (guint cleaned);
/* Before a command sets up a target: cleans what an earlier run that
 * crashed left behind (fsb_target_clean_leftovers ()) and says so; a
 * failure is only printed, the command goes on. Blocks. */
guint    fsb_cli_clean_leftovers      (void);

G_END_DECLS
