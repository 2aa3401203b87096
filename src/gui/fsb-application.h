/* fsb-application.h: the GtkApplication */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FSB_TYPE_APPLICATION (fsb_application_get_type ())
G_DECLARE_FINAL_TYPE (FsbApplication, fsb_application, FSB, APPLICATION, GtkApplication)

FsbApplication *fsb_application_new (void);

G_END_DECLS
