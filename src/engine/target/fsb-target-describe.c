/* fsb-target-describe.c: what the result records about the target */
#include "config.h"

#include <string.h>
#include <sys/sysmacros.h>

#include "fsb-device.h"
#include "fsb-mountinfo.h"
#include "fsb-target-info.h"
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

/* Mount options as mountinfo gives them, each once ("rw" is both a
 * mount and a superblock option). */
static char *
unique_options (const char *options)
{
  g_auto(GStrv) all = g_strsplit (options != NULL ? options : "", ",", -1);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GString *unique = g_string_new (NULL);

  for (guint j = 0; all[j] != NULL; j++)
    if (*all[j] != '\0' && g_hash_table_add (seen, all[j]))
      g_string_append_printf (unique, "%s%s", unique->len > 0 ? "," : "", all[j]);
  return g_string_free (unique, FALSE);
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

/* Only data here: fsb-target-info.h writes the sentences when a report
 * or the window shows them, in the reader's language. */
void
fsb_target_describe (FsbTarget *self, FsbTargetInfo *info)
{
  g_return_if_fail (FSB_IS_TARGET (self));
  g_return_if_fail (info != NULL);

  fsb_target_info_clear (info);
  info->kind = g_strdup (self->kind == FSB_TARGET_IMAGE ? "image" : "partition");
  info->size_bytes = self->size;
  info->device = g_strdup (self->device);
  info->direct_io = fsb_target_get_direct_io (self);
  info->preallocated = fsb_target_get_preallocated (self);
  /* udisks' Format runs mkfs with its default, which discards */
  info->mkfs_discard = TRUE;
  info->flush_reaches = g_strdup (fsb_target_get_flush_reaches (self));

  if (self->kind == FSB_TARGET_IMAGE)
    {
      g_autofree char *dir = self->image_dir != NULL ? g_strdup (self->image_dir) : fsb_target_default_image_dir ();
      g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
      FsbMount *host = fsb_mountinfo_find_path (mounts, self->image_path != NULL ? self->image_path : dir);

      if (host != NULL)
        {
          dev_t dev = fsb_device_number (host->source);
          g_autofree char *compress = NULL;

          info->host.filesystem = g_strdup (host->fstype);
          info->host.source = g_strdup (host->source);
          info->host.mount_point = g_strdup (host->mount_point);
          info->host.mount_options = unique_options (host->options);
          describe_disk (info, dev != 0 ? dev : host->dev);
          compress = fsb_host_compress_options (info->host.mount_options);
          /* A No_COW file is never compressed, whatever the mount says. */
          info->host.compressed = !self->nocow && (self->compressed || compress != NULL);
        }
      info->host.nocow = self->nocow;
      info->cache_policy = g_strdup (self->direct_io ? FSB_CACHE_POLICY_DIRECT_IO : FSB_CACHE_POLICY_FADVISE);
    }
  else
    {
      describe_disk (info, fsb_device_number (self->device));
      info->cache_policy = g_strdup (FSB_CACHE_POLICY_REMOUNT);
    }
}
