/* fsb-cli.h: what the fsbench-cli subcommands share */
#pragma once

#include <glib.h>
#include <stdio.h>

#include "fsb-plan.h"
#include "fsb-result.h"

G_BEGIN_DECLS

/* Each subcommand parses its own options from argv (argv[0] is the
 * subcommand's name) and returns the process exit status. */
typedef int (*FsbCliCommand) (int argc, char **argv);

/* Prints "fsbench-cli: message" on stderr and returns the exit status for error. */
int  fsb_cli_fail          (const GError *error);
/* Prints "fsbench-cli: message" on stderr and returns 2 (bad usage). */
int  fsb_cli_usage_error   (const char *message);
/* Text from a result file, without the control characters that would
 * drive a terminal (they become U+FFFD). */
char *fsb_cli_clean_text   (const char *text);
void  fsb_cli_print_clean  (FILE *stream, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* The table of a result's medians (fsb-cli-run.c), on stdout. */
void  fsb_cli_print_result (FsbResult *result);

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

/* The options that say what to run (fsb-cli-plan.c): `run` and `plan`
 * take them all, `dataset` only the sizes. */
typedef enum {
  FSB_CLI_PLAN_SIZES = 0,
  FSB_CLI_PLAN_RUN   = 1 << 0,
} FsbCliPlanFlags;

typedef struct {
  char         *fs, *target, *profile, *source, *workloads, *use_case, *age, *label, *data;
  char         *jobs, *iodepth;   /* series: "1,2,4" */
  char        **custom, **sizes, **variants;
  char         *big_file, *tree_size, *tree_files, *tree_dirs;
  char         *repeat;       /* "auto" or a count */
  int           repeat_max;   /* 0: the engine's */
  double        time_budget;  /* < 0: none given */
  gboolean      yes, direct;
  GOptionEntry *entries;
} FsbCliPlanOptions;

#define FSB_CLI_PLAN_OPTIONS_INIT { .time_budget = -1 }

GOptionEntry *fsb_cli_plan_entries       (FsbCliPlanOptions *o, FsbCliPlanFlags flags);
/* The plan the options say, validated (with FSB_CLI_PLAN_RUN); NULL and
 * FSB_ERROR_INVALID otherwise. */
FsbPlan      *fsb_cli_plan_build         (FsbCliPlanOptions *o, FsbCliPlanFlags flags, GError **error);
void          fsb_cli_plan_options_clear (FsbCliPlanOptions *o);
/* The chosen groups this system cannot run, each with why, on stream:
 * the run leaves them out. */
void          fsb_cli_print_left_out     (FILE *stream, FsbPlan *plan);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (FsbCliPlanOptions, fsb_cli_plan_options_clear)

int      fsb_cli_plan      (int argc, char **argv);

/* fsb-cli-run.c, fsb-cli-dataset.c */
int      fsb_cli_run       (int argc, char **argv);
int      fsb_cli_dataset   (int argc, char **argv);

/* fsb-cli-history.c */
int      fsb_cli_history   (int argc, char **argv);

G_END_DECLS

G_BEGIN_DECLS

#include <gio/gio.h>

#include "fsb-preflight.h"

/* SIGINT, SIGTERM and SIGHUP (the terminal closed) cancel this cancellable
 * (needs a running main loop); the command then cleans up and exits 130. */
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
/* Before a command touches a disk: the engine's preflight for flags
 * (fsb_preflight_run ()), with a polkit agent registered first, since
 * cleaning may need one. A missing service is named, with what to do,
 * and gives 2. What was cleaned is said ("Cleaned 3 leftovers of an
 * earlier run."); what could not be is printed, and the command goes on.
 * Returns 0 or the exit status; report, when not NULL, receives what the
 * preflight found. Blocks. */
int      fsb_cli_preflight            (FsbPreflightFlags flags,
                                       FsbPreflight     *report);

G_END_DECLS
