/* fsb-device-identity.c: the partition a user confirmed for erasing, as it was then */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "fsb-device-identity.h"

FsbDeviceIdentity *
fsb_device_identity_new (void)
{
  FsbDeviceIdentity *id = g_new0 (FsbDeviceIdentity, 1);

  id->drive_serial = g_strdup ("");
  id->drive_wwn = g_strdup ("");
  id->part_uuid = g_strdup ("");
  id->loop_backing = g_strdup ("");
  return id;
}

FsbDeviceIdentity *
fsb_device_identity_copy (const FsbDeviceIdentity *identity)
{
  FsbDeviceIdentity *copy;

  if (identity == NULL)
    return NULL;
  copy = g_memdup2 (identity, sizeof *identity);
  copy->device = g_strdup (identity->device);
  copy->drive_serial = g_strdup (identity->drive_serial);
  copy->drive_wwn = g_strdup (identity->drive_wwn);
  copy->part_uuid = g_strdup (identity->part_uuid);
  copy->loop_backing = g_strdup (identity->loop_backing);
  return copy;
}

void
fsb_device_identity_free (FsbDeviceIdentity *identity)
{
  if (identity == NULL)
    return;
  g_free (identity->device);
  g_free (identity->drive_serial);
  g_free (identity->drive_wwn);
  g_free (identity->part_uuid);
  g_free (identity->loop_backing);
  g_free (identity);
}

char *
fsb_device_identity_compare (const FsbDeviceIdentity *confirmed, const FsbDeviceIdentity *now)
{
  const char *what = NULL;

  g_return_val_if_fail (confirmed != NULL, NULL);

  if (now == NULL)
    /* Translators: %s is a device: "/dev/sdb1" */
    return g_strdup_printf (_("%s is gone."), confirmed->device);
  if (g_strcmp0 (confirmed->device, now->device) != 0)
    /* Translators: the device confirmed, then the name it has now */
    return g_strdup_printf (_("%s is now called %s."), confirmed->device, now->device);
  if (g_strcmp0 (confirmed->drive_serial, now->drive_serial) != 0
      || g_strcmp0 (confirmed->drive_wwn, now->drive_wwn) != 0)
    what = _("It is on another drive.");
  else if (g_strcmp0 (confirmed->loop_backing, now->loop_backing) != 0)
    what = _("Another file is attached to it.");
  else if (g_strcmp0 (confirmed->part_uuid, now->part_uuid) != 0 || confirmed->part_number != now->part_number)
    what = _("It is another partition.");
  else if (confirmed->offset != now->offset || confirmed->size != now->size)
    what = _("It starts elsewhere on the disk or has another size.");
  return what != NULL ? g_strdup (what) : NULL;
}
