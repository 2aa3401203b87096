/* fsb-custom.h: custom commands, measured the way /usr/bin/time does */
#pragma once

#include <gio/gio.h>

#include "fsb-plan.h"
#include "fsb-result.h"

G_BEGIN_DECLS

/* How much of a failing command's stderr the result keeps. */
#define FSB_CUSTOM_STDERR_MAX 4096
/* A name makes the task id "custom:NAME", which a result file may hold (fsb-text.h). */
#define FSB_CUSTOM_NAME_MAX 64

/* Splits "NAME=COMMAND". NAME is letters, digits, '-', '_' and '.';
 * the task id becomes "custom:NAME". FSB_ERROR_INVALID otherwise. */
gboolean fsb_custom_parse    (const char  *spec,
                              char       **name,
                              char       **command,
                              GError     **error);

/* "custom:NAME" */
char    *fsb_custom_task_id  (const char  *name);

/* The text to show before asking whether to run a plan's custom commands
 * (a plan or result loaded from a file, someone else's say): one line per
 * command, translated. NULL when the plan has none. */
char    *fsb_custom_describe (const FsbPlan *plan);

/* Adds to plan the custom commands a result recorded (tasks "custom:NAME"
 * with their command), once each, and clears plan->custom_confirmed: they
 * come from a file, maybe someone else's, and must be shown and agreed to
 * before they run. Returns how many were added. */
guint    fsb_custom_add_from_result (FsbPlan         *plan,
                                     const FsbResult *result);

/* Runs command with /bin/sh -c, cwd as its working directory (the mounted
 * target), stdin from /dev/null and stdout discarded. Sets on sample, from
 * wait4()'s rusage of the command: wall_s, user_s, sys_s, cpu_s,
 * cpu_percent, minor_faults, major_faults and exit_status.
 * A command that fails (non-zero exit or a signal) sets sample->error to
 * its stderr (the last FSB_CUSTOM_STDERR_MAX bytes) and returns FALSE with
 * FSB_ERROR_FAILED: that task failed, the run goes on.
 * Refuses (FSB_ERROR_REFUSED) unless plan->custom_confirmed.
 * Cancelling kills the command's process group. */
gboolean fsb_custom_run      (const FsbPlan          *plan,
                              const FsbCustomCommand *command,
                              const char             *cwd,
                              FsbSample              *sample,
                              GCancellable           *cancellable,
                              GError                **error);

G_END_DECLS
