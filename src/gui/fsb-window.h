/* fsb-window.h: the main window */
#pragma once

#include <gtk/gtk.h>

#include "fsb-application.h"

G_BEGIN_DECLS

#define FSB_TYPE_WINDOW (fsb_window_get_type ())
G_DECLARE_FINAL_TYPE (FsbWindow, fsb_window, FSB, WINDOW, GtkApplicationWindow)

FsbWindow *fsb_window_new          (FsbApplication *app);
/* An info bar on top of the current page: what happened, what to do. */
void       fsb_window_show_problem (FsbWindow      *self,
                                    GtkMessageType  type,
                                    const char     *what_happened,
                                    const char     *what_to_do);
/* Cancels a run without asking and closes once it has cleaned up. */
void       fsb_window_terminate    (FsbWindow      *self);

G_END_DECLS
