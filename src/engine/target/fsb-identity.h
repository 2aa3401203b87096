/* fsb-identity.h: what tells a partition apart, and the check before every format (private) */
#pragma once

#include <gio/gio.h>

#include "fsb-device-identity.h"

G_BEGIN_DECLS

/* The identity of the block device named device ("/dev/sdb1"), asked of
 * udisksd now (GetManagedObjects), not of a cache that may lag behind a
 * replug; object_path receives its udisks object. FSB_ERROR_NOT_FOUND
 * when there is none. */
FsbDeviceIdentity *fsb_identity_read    (const char  *device,
                                         char       **object_path,
                                         GError     **error);
/* Right before a format: the device named in confirmed is still that very
 * device (fsb_device_identity_compare ()), and still one that may be
 * erased (fsb_device_lookup ()). Else FSB_ERROR_REFUSED saying what
 * changed. object_path receives the object to format. */
gboolean           fsb_identity_recheck (const FsbDeviceIdentity *confirmed,
                                         guint64                  needed_bytes,
                                         char                   **object_path,
                                         GError                 **error);

G_END_DECLS
