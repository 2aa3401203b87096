/* fsb-target-describe.c: what the result records about the target */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "fsb-device.h"
#include "fsb-mountinfo.h"
#include "fsb-target-private.h"

/* The sysfs folder of the whole disk holding dev: /sys/devices/.../block/sda. */
static char *
disk_sys_path (dev_t dev)
{
  g_autofree char *sys = g_strdup_printf ("/sys/dev/block/%u:%u", major (dev), minor (dev));
  g_autofree char *real = g_canonicalize_filename (sys, NULL);
  g_autofree char *resolved = NULL;
  g_autofree char *partition = NULL;

  resolved = g_file_read_link (sys, NULL);
  if (resolved != NULL)
    {
      g_free (real);
      real = g_canonicalize_filename (resolved, "/sys/dev/block");
    }
  partition = g_build_filename (real, "partition", NULL);
  return g_file_test (partition, G_FILE_TEST_EXISTS) ? g_path_get_dirname (real) : g_steal_pointer (&real);
}

/* "Samsung SSD 860" for the disk holding dev, from sysfs. */
static char *
disk_model (const char *disk)
{
  g_autofree char *vendor = NULL;
  g_autofree char *model = NULL;
  g_autofree char *path = NULL;

  path = g_build_filename (disk, "device", "vendor", NULL);
  g_file_get_contents (path, &vendor, NULL, NULL);
  g_free (path);
  path = g_build_filename (disk, "device", "model", NULL);
  g_file_get_contents (path, &model, NULL, NULL);
  if (model != NULL)
    {
      g_strstrip (model);
      if (vendor != NULL && *g_strstrip (vendor) != '\0' && !g_str_has_prefix (model, vendor))
        return g_strdup_printf ("%s %s", vendor, model);
      return g_steal_pointer (&model);
    }
  /* virtio and other disks without a model: name the disk. */
  return g_path_get_basename (disk);
}

static char *
queue_value (const char *disk, const char *name)
{
  g_autofree char *path = g_build_filename (disk, "queue", name, NULL);
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  return g_strstrip (contents);
}

/* Whether the disk rotates, its I/O scheduler ("[mq-deadline] none" gives
 * "mq-deadline") and its sector sizes, from its queue in sysfs. */
static void
describe_disk (FsbTargetInfo *info, dev_t dev)
{
  g_autofree char *disk = disk_sys_path (dev);
  g_autofree char *rotational = queue_value (disk, "rotational");
  g_autofree char *scheduler = queue_value (disk, "scheduler");
  g_autofree char *logical = queue_value (disk, "logical_block_size");
  g_autofree char *physical = queue_value (disk, "physical_block_size");

  info->device_model = disk_model (disk);
  info->rotational = rotational == NULL ? -1 : strcmp (rotational, "1") == 0 ? 1 : 0;
  if (scheduler != NULL)
    {
      const char *open = strchr (scheduler, '['), *close = open != NULL ? strchr (open, ']') : NULL;
      info->scheduler = open != NULL && close != NULL ? g_strndup (open + 1, close - open - 1) : g_strdup (scheduler);
    }
  info->logical_block = logical != NULL ? (guint) g_ascii_strtoull (logical, NULL, 10) : 0;
  info->physical_block = physical != NULL ? (guint) g_ascii_strtoull (physical, NULL, 10) : 0;
}

void
fsb_target_describe (FsbTarget *self, FsbTargetInfo *info)
{
  g_return_if_fail (FSB_IS_TARGET (self));
  g_return_if_fail (info != NULL);

  g_free (info->kind);
  g_free (info->device);
  g_free (info->device_model);
  g_free (info->host_filesystem);
  g_free (info->cache_policy);
  info->kind = g_strdup (self->kind == FSB_TARGET_IMAGE ? "image" : "partition");
  info->size_bytes = self->size;
  info->device = g_strdup (self->device);
  g_free (info->scheduler);
  info->device_model = NULL;
  info->host_filesystem = NULL;
  info->scheduler = NULL;
  info->rotational = -1;

  if (self->kind == FSB_TARGET_IMAGE)
    {
      g_autofree char *dir = self->image_dir != NULL ? g_strdup (self->image_dir) : fsb_target_default_image_dir ();
      g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
      FsbMount *host = fsb_mountinfo_find_path (mounts, self->image_path != NULL ? self->image_path : dir);

      if (host != NULL)
        {
          dev_t dev = fsb_device_number (host->source);

          /* Translators: the filesystem a disk image lives on: "ext4 on /dev/vda (/)" */
          info->host_filesystem = g_strdup_printf (_("%s on %s (%s)"), host->fstype, host->source,
                                                   host->mount_point);
          describe_disk (info, dev != 0 ? dev : host->dev);
        }
      if (self->direct_io)
        info->cache_policy = g_strdup (_("A disk image measures a filesystem on top of another one. "
                                         "The loop device used direct I/O, so the host did not cache "
                                         "the image; before each task the filesystem was unmounted and "
                                         "mounted again, and the image file was flushed and dropped "
                                         "from the host’s page cache."));
      else
        info->cache_policy = g_strdup (_("A disk image measures a filesystem on top of another one. "
                                         "Before each task the filesystem was unmounted and mounted "
                                         "again, and the image file was flushed and dropped from the "
                                         "host’s page cache; the loop device could not use direct I/O, "
                                         "so the host may still have cached part of the image."));
    }
  else
    {
      describe_disk (info, fsb_device_number (self->device));
      info->cache_policy = g_strdup (_("Before each task the filesystem was unmounted and mounted "
                                       "again, which empties its caches."));
    }
}

