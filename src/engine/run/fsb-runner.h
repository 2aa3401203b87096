/* fsb-runner.h: runs a plan in a worker thread, posting progress to the caller */
#pragma once

#include <gio/gio.h>

#include "fsb-plan.h"
#include "fsb-result.h"

G_BEGIN_DECLS

typedef struct {
  const char *filesystem;     /* "xfs"; NULL while the test data is prepared */
  const char *task_id;        /* "tree-copy-in"; NULL while the test data is prepared */
  guint       fs_index;       /* 0-based */
  guint       n_filesystems;
  guint       repetition;     /* 1-based */
  guint       repetitions;
  double      fraction;       /* 0..1 of the whole plan */
  double      eta_seconds;    /* < 0 when not yet known */
  const char *message;        /* translated: "copying the file tree (1,240 of 7,500 files)" */
} FsbProgress;

#define FSB_TYPE_RUNNER (fsb_runner_get_type ())
G_DECLARE_FINAL_TYPE (FsbRunner, fsb_runner, FSB, RUNNER, GObject)

/* Signals, all emitted in the main context that called run_async:
 *   "progress"      (const FsbProgress *progress)
 *   "task-finished" (const char *filesystem, const char *task_id, FsbSample *sample)
 *   "log"           (const char *line)   translated, for the details pane
 */
FsbRunner *fsb_runner_new            (FsbPlan             *plan);
FsbPlan   *fsb_runner_get_plan       (FsbRunner           *self);
void       fsb_runner_run_async      (FsbRunner           *self,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
/* On error (cancel included) the target is already cleaned up; the partial
 * result stays available from fsb_runner_get_result(). */
FsbResult *fsb_runner_run_finish     (FsbRunner           *self,
                                      GAsyncResult        *result,
                                      GError             **error);
FsbResult *fsb_runner_get_result     (FsbRunner           *self);   /* a snapshot copy, or NULL */

/* What udisks would refuse of the plan's contenders (mount options it
 * does not allow, mkfs options it cannot pass), refused before anything is
 * made: FSB_ERROR_REFUSED or _UNSUPPORTED. A run checks it first. */
gboolean     fsb_runner_check_contenders (FsbPlan *plan, GError **error);

G_END_DECLS
