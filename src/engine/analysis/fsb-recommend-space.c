/* fsb-recommend-space.c: what a verdict says of the contenders beyond
 * speed: what a variant the verdict names is, and the space the test data
 * took on each (a compressing variant stores text in a third of it) */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "fsb-data-space.h"
#include "fsb-format.h"
#include "fsb-recommend-private.h"

/* Less space than this share of another's is worth a reason. */
#define SPACE_REASON_BELOW 0.9
/* Reasons of space, at most. */
#define MAX_SPACE_REASONS 3

/* "zstd is Btrfs mounted with compress=zstd:1.": a contender the verdict
 * names that is not a plain filesystem; NULL for a plain one or a twin. */
static char *
describe_variant (FsbFsResult *fs)
{
  const char *name = fsb_format_fs_name (fs->name), *type = fsb_format_fs_name (fsb_fs_result_type (fs));
  gboolean mount = fs->mount_requested != NULL && *fs->mount_requested != '\0';
  gboolean mkfs = fs->mkfs_options != NULL && *fs->mkfs_options != '\0';

  if (g_strcmp0 (fsb_fs_result_type (fs), fs->name) == 0)
    return NULL;
  if (mount && mkfs)
    /* Translators: a variant's name, its filesystem, its mount options, then its mkfs options:
     * "nj is ext4 mounted with noatime and made with the mkfs options -O ^has_journal." */
    return g_strdup_printf (_("%s is %s mounted with %s and made with the mkfs options %s."), name, type,
                            fs->mount_requested, fs->mkfs_options);
  if (mount)
    /* Translators: a variant's name, its filesystem, then its mount options: "zstd is Btrfs mounted with
     * compress=zstd:1." */
    return g_strdup_printf (_("%s is %s mounted with %s."), name, type, fs->mount_requested);
  if (mkfs)
    /* Translators: a variant's name, its filesystem, then its mkfs options: "nj is ext4 made with the mkfs
     * options -O ^has_journal." */
    return g_strdup_printf (_("%s is %s made with the mkfs options %s."), name, type, fs->mkfs_options);
  return NULL;
}

static gboolean
named (FsbRecommendation *self, const char *fs)
{
  return g_strcmp0 (self->best, fs) == 0 ||
         (self->tied != NULL && g_strv_contains ((const char *const *) self->tied, fs));
}

/* "zstd stored the test data in 62 % less space than ext4 (36 MB
 * against 95 MB).": the contender that used the least space against each
 * that used clearly more. The figures are statvfs's, exact; the data are
 * the same bytes on each. */
static void
space_reasons (FsbRecommendation *self, FsbResult *result)
{
  FsbFsResult *least = NULL;
  guint64 least_bytes = 0, written, on_disk;
  guint said = 0;

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = result->filesystems->pdata[f];

      if (fs->error == NULL && fsb_data_space (result, fs, &written, &on_disk) && on_disk > 0 &&
          (least == NULL || on_disk < least_bytes))
        {
          least = fs;
          least_bytes = on_disk;
        }
    }
  for (guint f = 0; least != NULL && f < result->filesystems->len && said < MAX_SPACE_REASONS; f++)
    {
      FsbFsResult *fs = result->filesystems->pdata[f];
      g_autofree char *percent = NULL, *small = NULL, *large = NULL;

      if (fs == least || fs->error != NULL || !fsb_data_space (result, fs, &written, &on_disk) ||
          (double) least_bytes >= SPACE_REASON_BELOW * (double) on_disk)
        continue;
      percent = fsb_format_percent (floor ((1 - (double) least_bytes / on_disk) * 100 + 0.5), 0);
      small = g_format_size (least_bytes);
      large = g_format_size (on_disk);
      g_ptr_array_add (self->reasons,
                       /* Translators: a filesystem, a percentage, another filesystem, then the two sizes:
                        * "zstd stored the test data in 62 % less space than ext4 (36 MB against 95 MB)." */
                       g_strdup_printf (_("%s stored the test data in %s less space than %s (%s against %s)."),
                                        fsb_format_fs_name (least->name), percent, fsb_format_fs_name (fs->name),
                                        small, large));
      said++;
    }
}

void
fsb_recommend_contender_reasons (FsbRecommendation *self, FsbResult *result)
{
  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = result->filesystems->pdata[f];
      char *sentence = named (self, fs->name) ? describe_variant (fs) : NULL;

      if (sentence != NULL)
        g_ptr_array_add (self->reasons, sentence);
    }
  space_reasons (self, result);
}
