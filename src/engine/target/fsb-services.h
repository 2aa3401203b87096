/* fsb-services.h: are the system services FS Bench needs there, and do they answer? */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  FSB_SERVICE_NONE,         /* every service answers */
  FSB_SERVICE_SYSTEM_BUS,   /* the system D-Bus */
  FSB_SERVICE_UDISKS,       /* udisks2: images, formats, mounts */
  FSB_SERVICE_POLKIT,       /* polkit: who may do what */
  FSB_SERVICE_UDEV,         /* udev: without it udisks2 never sees a new loop device */
} FsbService;

typedef struct {
  FsbService  service;   /* which one; FSB_SERVICE_NONE when all is well */
  const char *advice;    /* translated: what to do about it, or NULL */
} FsbServiceProblem;

/* Checks, in that order, that the system bus, udisks2, polkit and udev are
 * there and answer (a service the bus can start is started). On the first
 * problem: FALSE, problem says which and what to do, and error
 * (FSB_ERROR_NO_SERVICE) says what happened in a translated sentence.
 * Blocks for at most about 20 seconds: from a main loop, use the async
 * version. problem may be NULL. */
gboolean    fsb_services_check        (FsbServiceProblem *problem,
                                       GCancellable      *cancellable,
                                       GError           **error);
void        fsb_services_check_async  (GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data);
gboolean    fsb_services_check_finish (GAsyncResult      *result,
                                       FsbServiceProblem *problem,
                                       GError           **error);
/* "udisks2", "polkit", "udev", "dbus"; for logs and JSON. */
const char *fsb_service_id            (FsbService     service);

G_END_DECLS
