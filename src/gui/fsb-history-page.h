/* fsb-history-page.h: earlier runs: open one, or compare several */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FSB_TYPE_HISTORY_PAGE (fsb_history_page_get_type ())
G_DECLARE_FINAL_TYPE (FsbHistoryPage, fsb_history_page, FSB, HISTORY_PAGE, GtkBox)

/* Property "n-selected": how many runs are ticked for comparison.
 * Rows activate win.open-run with the file's path. */

#include "fsb-result.h"

void       fsb_history_page_reload       (FsbHistoryPage *self);
/* The summary of the run listed with this path (fsb_history_list ());
 * NULL when it is not listed, or cannot be read. */
FsbResult *fsb_history_page_lookup       (FsbHistoryPage *self, const char *path);
/* The paths of the ticked runs, in the list's order. */
GStrv      fsb_history_page_get_selected (FsbHistoryPage *self);

G_END_DECLS
