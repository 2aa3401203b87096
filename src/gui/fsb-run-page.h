/* fsb-run-page.h: the progress of a running comparison, with live charts */
#pragma once

#include <gtk/gtk.h>

#include "fsb-runner.h"

G_BEGIN_DECLS

#define FSB_TYPE_RUN_PAGE (fsb_run_page_get_type ())
G_DECLARE_FINAL_TYPE (FsbRunPage, fsb_run_page, FSB, RUN_PAGE, GtkBox)

/* Follows the runner's signals until the next call. title: "Comparing 3 filesystems on…" */
void fsb_run_page_follow     (FsbRunPage *self, FsbRunner *runner, const char *title);
/* After a cancel was asked for: the runner cleans up before it returns. */
void fsb_run_page_cancelling (FsbRunPage *self);

G_END_DECLS
