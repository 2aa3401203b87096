/* fsb-application.h: the GtkApplication */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FSB_TYPE_APPLICATION (fsb_application_get_type ())
G_DECLARE_FINAL_TYPE (FsbApplication, fsb_application, FSB, APPLICATION, GtkApplication)

FsbApplication *fsb_application_new (void);
gboolean fsb_application_can_notify (FsbApplication *self);
gboolean fsb_application_notify (FsbApplication *self, const char *id, GNotification *notification);

G_END_DECLS
