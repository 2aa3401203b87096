/* fsb-setup-page.h: where to test, which filesystems, which workload */
#pragma once

#include <gtk/gtk.h>

#include "fsb-plan.h"

G_BEGIN_DECLS

#define FSB_TYPE_SETUP_PAGE (fsb_setup_page_get_type ())
G_DECLARE_FINAL_TYPE (FsbSetupPage, fsb_setup_page, FSB, SETUP_PAGE, GtkBox)

/* Signals:
 *   "problem" (const char *what_happened, const char *what_to_do)
 * Property "can-start": a target and at least one usable filesystem are chosen. */

/* Loads drives and filesystems (in the background) and the last choices. */
void      fsb_setup_page_load         (FsbSetupPage *self);
FsbPlan  *fsb_setup_page_build_plan   (FsbSetupPage *self, GError **error);
/* Remembers the choices for the next start. */
void      fsb_setup_page_save_choices (FsbSetupPage *self);
/* "3 filesystems on a 4.0 GB disk image", for the run page's title. */
char     *fsb_setup_page_describe     (FsbSetupPage *self);

G_END_DECLS
