/* fsb-setup-page.h: where to test, which filesystems, which workload */
#pragma once

#include <gtk/gtk.h>
#include <udisks/udisks.h>

#include "fsb-plan.h"

G_BEGIN_DECLS

#define FSB_TYPE_SETUP_PAGE (fsb_setup_page_get_type ())
G_DECLARE_FINAL_TYPE (FsbSetupPage, fsb_setup_page, FSB, SETUP_PAGE, GtkBox)

/* Signals:
 *   "problem" (const char *what_happened, const char *what_to_do)
 * Property "can-start": a target and at least one usable filesystem are chosen. */

/* The last choices. */
void      fsb_setup_page_load         (FsbSetupPage *self);
/* Lists the drives and probes the filesystems once the system's services
 * are known; client is NULL without udisks2 (only what needs no udisks2). */
void      fsb_setup_page_set_client   (FsbSetupPage *self, UDisksClient *client);
FsbPlan  *fsb_setup_page_build_plan   (FsbSetupPage *self, GError **error);
/* A run just made: the estimate follows its pace on its disk from now on. */
void      fsb_setup_page_add_run      (FsbSetupPage *self, FsbResult *result);
/* Remembers the choices for the next start. */
void      fsb_setup_page_save_choices (FsbSetupPage *self);
/* "Comparing 3 filesystems on a 4.0 GiB disk image", for the run page's title. */
char     *fsb_setup_page_describe     (FsbSetupPage *self);

G_END_DECLS
