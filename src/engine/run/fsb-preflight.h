/* fsb-preflight.h: what both fronts do before they offer a run: the
 * services answer, and what killed runs of this user left is cleaned */
#pragma once

#include <gio/gio.h>

#include "fsb-services.h"
#include "fsb-target.h"

G_BEGIN_DECLS

typedef enum {
  FSB_PREFLIGHT_SERVICES = 1 << 0,   /* the system bus, udisks2, polkit and udev answer */
  FSB_PREFLIGHT_CLEAN    = 1 << 1,   /* killed runs' targets and scratch folders go */
  FSB_PREFLIGHT_ALL      = FSB_PREFLIGHT_SERVICES | FSB_PREFLIGHT_CLEAN,
} FsbPreflightFlags;

/* What the preflight found and did, as data: the fronts word it. */
typedef struct {
  FsbServiceProblem problem;          /* the service that failed, and what to do */
  FsbLeftovers      targets;          /* mounts, loop devices, images of killed runs */
  guint             scratch_folders;  /* killed runs' scratch folders deleted */
  guint64           scratch_bytes;    /* the room they took (RAM, in /dev/shm) */
  GError           *clean_error;      /* something that could not be cleaned; a run may go on */
} FsbPreflight;

/* Checks the services (FSB_PREFLIGHT_SERVICES), then cleans what runs of
 * this user that no longer run left (FSB_PREFLIGHT_CLEAN): the targets
 * their state files record (fsb_target_clean_leftovers ()) and their
 * scratch folders (fsb_scratch_reclaim ()). Never what a live run uses.
 * FALSE only when a service is missing: error (FSB_ERROR_NO_SERVICE) says
 * which in a translated sentence, report->problem what to do, and
 * nothing is cleaned. report is always filled; clear it with
 * fsb_preflight_clear (). Blocks for up to about 20 s: from a main loop,
 * use the async version. */
gboolean  fsb_preflight_run         (FsbPreflightFlags    flags,
                                     FsbPreflight        *report,
                                     GCancellable        *cancellable,
                                     GError             **error);
/* The same in a thread; the callback runs in the caller's main context. */
void      fsb_preflight_run_async   (FsbPreflightFlags    flags,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data);
gboolean  fsb_preflight_run_finish  (GAsyncResult        *result,
                                     FsbPreflight        *report,
                                     GError             **error);
void      fsb_preflight_clear       (FsbPreflight        *report);
/* TRUE when it cleaned anything. */
gboolean  fsb_preflight_cleaned     (const FsbPreflight  *report);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (FsbPreflight, fsb_preflight_clear)

G_END_DECLS
