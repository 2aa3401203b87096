/* fsb-group-photos.c: the photos group, as a photo manager uses a disk:
 * a camera's card imported into dated folders (YYYY/MM-DD, the date read
 * from each photo's header), a small thumbnail written for each into one
 * flat folder, as the freedesktop thumbnail cache keeps them; then the
 * library browsed on a cold cache: its folders listed, every photo's
 * metadata read and every thumbnail read whole. The photos are generated
 * once into the dataset folder from a seed: a JPEG header with the date
 * they were taken, then bytes no compression shrinks, as a JPEG's. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-dataset.h"
#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-json.h"
#include "fsb-rng.h"
#include "fsb-workloads-util.h"

/* Its sizes. */
#define PHOTOS_COUNT "photos"
#define PHOTOS_MIN   "photo-min-size"
#define PHOTOS_MAX   "photo-max-size"

#define PHOTOS_FORMAT "fsbench-photos/1"
#define HEADER_BYTES 64         /* what the import reads the date from */
#define CHUNK (1 << 20)
#define THUMB_MIN 12288         /* a 256-pixel JPEG: 12 to 32 KB */
#define THUMB_SPAN 20480
#define FIRST_DAY 1546300800    /* 2019-01-01: five years of photos from there */
#define SPAN_SECONDS (5 * 365 * 86400.0)

static guint
n_photos (const FsbSizes *s)
{
  return MAX (fsb_sizes_get_uint (s, PHOTOS_COUNT), 1);
}

static guint64
seed_of (const FsbSizes *s)
{
  return fsb_seed_from ("photos", n_photos (s),
                        fsb_sizes_get_uint (s, PHOTOS_MIN) ^ (fsb_sizes_get_uint (s, PHOTOS_MAX) << 20));
}

/* Photo i's size and the moment it was taken: in the order of the card,
 * a few hours apart on average, over five years. */
static void
photo_facts (const FsbSizes *s, guint64 seed, guint i, guint64 *size, GDateTime **taken)
{
  guint64 min = fsb_sizes_get_uint (s, PHOTOS_MIN), max = fsb_sizes_get_uint (s, PHOTOS_MAX);
  FsbRng rng;

  fsb_rng_init (&rng, seed ^ ((guint64) (i + 1) * 0x9E3779B97F4A7C15ull));
  *size = min + fsb_rng_below (&rng, max - min + 1);
  if (taken != NULL)
    *taken = g_date_time_new_from_unix_utc (FIRST_DAY + (gint64) (SPAN_SECONDS * i / n_photos (s))
                                            + (gint64) fsb_rng_below (&rng, 12 * 3600));
}

static char *
source_path (const char *dir, guint i)
{
  return g_strdup_printf ("%s/IMG_%05u.JPG", dir, i);
}

/* SOI, then an APP1 segment whose text holds the date as Exif writes it,
 * "2021:07:14 18:02:51". */
static void
photo_header (guint8 header[HEADER_BYTES], GDateTime *taken)
{
  g_autofree char *date = g_date_time_format (taken, "%Y:%m:%d %H:%M:%S");

  memset (header, 0, HEADER_BYTES);
  memcpy (header, "\xff\xd8\xff\xe1\x00\x3c" "Exif\0\0" "DateTimeOriginal=", 29);
  memcpy (header + 29, date, 19);
}

static gboolean
write_photo (const char *path, const FsbSizes *sizes, guint64 seed, guint i, guint8 *buf, GError **error)
{
  g_autoptr(GDateTime) taken = NULL;
  FsbDatasetStream stream;
  guint64 size, done = 0;
  int fd;

  photo_facts (sizes, seed, i, &size, &taken);
  fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), path);
  fsb_dataset_stream_init_kind (&stream, seed, i, FSB_DATA_RANDOM);
  while (done < size)
    {
      gsize n = (gsize) MIN ((guint64) CHUNK, size - done);

      fsb_dataset_stream_fill (&stream, buf, n);
      if (done == 0)
        photo_header (buf, taken);
      if (write (fd, buf, n) != (ssize_t) n)
        {
          int saved = errno;

          close (fd);
          return fsb_errno_fail (error, saved ? saved : ENOSPC, _("Cannot write “%s”: %s"), path);
        }
      done += n;
    }
  if (close (fd) < 0)
    return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), path);
  return TRUE;
}

static JsonNode *
manifest_of (const FsbSizes *s, guint64 seed)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  fsb_json_add_string (b, "format", PHOTOS_FORMAT);
  fsb_json_add_uint (b, "seed", seed);
  fsb_json_add_uint (b, "photos", n_photos (s));
  fsb_json_add_uint (b, "min_bytes", fsb_sizes_get_uint (s, PHOTOS_MIN));
  fsb_json_add_uint (b, "max_bytes", fsb_sizes_get_uint (s, PHOTOS_MAX));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* The card's photos, written into tmp. */
static gboolean
make_card (const char *tmp, gconstpointer data, GCancellable *cancellable, GError **error)
{
  const FsbSizes *sizes = data;
  g_autofree guint8 *buf = g_malloc (CHUNK);
  guint64 seed = seed_of (sizes);

  for (guint i = 0; i < n_photos (sizes); i++)
    {
      g_autofree char *path = source_path (tmp, i);

      if (g_cancellable_set_error_if_cancelled (cancellable, error) || !write_photo (path, sizes, seed, i, buf, error))
        return FALSE;
    }
  return TRUE;
}

/* dataset_dir/photos/card: the camera's card, made when missing or made
 * from other sizes. */
static JsonNode *
photos_dataset_ensure (const FsbSizes *sizes, const char *dataset_dir, GCancellable *cancellable, GError **error)
{
  g_autoptr(JsonNode) want = manifest_of (sizes, seed_of (sizes));

  return fsb_dataset_group_folder (dataset_dir, "photos", "card", want, make_card, sizes, cancellable, error);
}

/* The tasks ------------------------------------------------------------------ */

static char *
library_root (FsbWorkloadContext *ctx)
{
  return g_build_filename (ctx->mount_point, "photos", NULL);
}

/* "2021/07-14/IMG_00042.JPG" from the header's date; NULL when the file
 * has none, as a photo manager sets aside what it cannot date. */
static char *
dated_name (const guint8 *header, gsize n, guint i)
{
  char date[11] = { 0 };
  int y, mo, d;

  if (n < 48 || memcmp (header, "\xff\xd8\xff\xe1", 4) != 0 || memcmp (header + 12, "DateTimeOriginal=", 17) != 0)
    return NULL;
  memcpy (date, header + 29, 10);
  if (sscanf (date, "%4d:%2d:%2d", &y, &mo, &d) != 3 || y < 1900 || mo < 1 || mo > 12 || d < 1 || d > 31)
    return NULL;
  return g_strdup_printf ("%04d/%02d-%02d/IMG_%05u.JPG", y, mo, d, i);
}

/* The thumbnail's name: the MD5 of the photo's place in the library, as
 * the freedesktop cache names them by URI. */
static char *
thumb_path (const char *root, const char *name)
{
  g_autofree char *md5 = g_compute_checksum_for_string (G_CHECKSUM_MD5, name, -1);

  return g_strdup_printf ("%s/thumbnails/%s.png", root, md5);
}

static gboolean
write_all (int fd, const guint8 *buf, gsize n, const char *path, GError **error)
{
  while (n > 0)
    {
      ssize_t w = write (fd, buf, n);

      if (w <= 0)
        return fsb_errno_fail (error, w < 0 ? errno : ENOSPC, _("Cannot write “%s”: %s"), path);
      buf += w;
      n -= (gsize) w;
    }
  return TRUE;
}

/* A 256-pixel PNG's worth of bytes made from the photo's first chunk. */
static gboolean
write_thumb (const char *path, const guint8 *photo, gsize n, guint i, guint64 *bytes, GError **error)
{
  guint8 thumb[THUMB_MIN + THUMB_SPAN];
  gsize size;
  guint64 tail = 0;
  FsbRng rng;
  int fd;

  memcpy (&tail, photo + n - MIN (n, 8), MIN (n, 8));
  fsb_rng_init (&rng, (guint64) i ^ tail);
  size = THUMB_MIN + (gsize) fsb_rng_below (&rng, THUMB_SPAN);
  fsb_rng_fill (&rng, thumb, size);
  memcpy (thumb, "\x89PNG\r\n\x1a\n", 8);
  fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), path);
  if (!write_all (fd, thumb, size, path, error))
    {
      close (fd);
      return FALSE;
    }
  if (close (fd) < 0)
    return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), path);
  *bytes += size;
  return TRUE;
}

/* Imports photo i: reads its date, copies it into its day's folder and
 * writes its thumbnail; bytes counts what it wrote. */
static gboolean
import_one (const char *card, const char *root, guint i, guint8 *buf, guint64 *bytes, GError **error)
{
  g_autofree char *src = source_path (card, i);
  g_autofree char *name = NULL, *dst = NULL, *parent = NULL, *thumb = NULL;
  gboolean first = TRUE, ok = TRUE;
  ssize_t r = 0;
  int in, out = -1;

  fsb_drop_file_cache (src);
  in = open (src, O_RDONLY | O_CLOEXEC);
  if (in < 0)
    return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), src);
  while (ok && (r = read (in, buf, CHUNK)) > 0)
    {
      if (first)
        {
          name = dated_name (buf, (gsize) r, i);
          if (name == NULL)
            {
              close (in);
              g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                           /* Translators: a file's path */
                           _("“%s” is not a photo with the date it was taken."), src);
              return FALSE;
            }
          dst = g_build_filename (root, name, NULL);
          parent = g_path_get_dirname (dst);
          thumb = thumb_path (root, name);
          if (g_mkdir_with_parents (parent, 0755) < 0)
            {
              close (in);
              return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), parent);
            }
          out = open (dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
          if (out < 0)
            {
              close (in);
              return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), dst);
            }
          ok = write_thumb (thumb, buf, (gsize) r, i, bytes, error);
          first = FALSE;
        }
      ok = ok && write_all (out, buf, (gsize) r, dst, error);
      *bytes += ok ? (guint64) r : 0;
    }
  if (ok && r < 0)
    ok = fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), src);
  close (in);
  if (first)
    {
      if (ok)
        g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED, _("“%s” is not a photo with the date it was taken."), src);
      return FALSE;
    }
  if (close (out) < 0 && ok)
    ok = fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), dst);
  return ok;
}

static gboolean
import_library (FsbWorkloadContext *ctx, guint64 *bytes, GError **error)
{
  g_autofree char *root = library_root (ctx);
  g_autofree char *thumbs = g_build_filename (root, "thumbnails", NULL);
  g_autofree char *card = g_build_filename (ctx->source_dir, "photos", "card", NULL);
  g_autofree guint8 *buf = g_malloc (CHUNK);
  guint photos = n_photos (ctx->sizes);

  if (g_mkdir_with_parents (thumbs, 0755) < 0)
    return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), thumbs);
  for (guint i = 0; i < photos; i++)
    {
      if (!import_one (card, root, i, buf, bytes, error))
        return FALSE;
      if (ctx->progress != NULL)
        ctx->progress (i + 1, photos, ctx->progress_data);
      if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        {
          fsb_error_normalize (error);
          return FALSE;
        }
    }
  return fsb_sync_filesystem (ctx->mount_point, error);
}

/* The library the browsing reads, imported untimed when missing. */
static gboolean
photos_setup (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *root = library_root (ctx);
  guint64 junk = 0;

  return g_file_test (root, G_FILE_TEST_IS_DIR) || import_library (ctx, &junk, error);
}

static gboolean
photos_import (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  guint64 bytes = 0;
  double start = fsb_now ();
  double seconds;

  if (!import_library (ctx, &bytes, error))
    return FALSE;
  seconds = fsb_now () - start;
  fsb_sample_set (sample, FSB_OP_S, seconds);
  fsb_sample_set (sample, "files", n_photos (ctx->sizes));
  fsb_sample_set (sample, "bytes", bytes);
  fsb_sample_set (sample, "mb_per_s", seconds > 0 ? bytes / 1e6 / seconds : 0);
  return TRUE;
}

static gboolean
read_whole (const char *path, guint8 *buf, guint64 *bytes, GError **error)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  ssize_t r;

  if (fd < 0)
    return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), path);
  while ((r = read (fd, buf, CHUNK)) > 0)
    *bytes += (guint64) r;
  close (fd);
  return r == 0 || fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), path);
}

/* One day's folder: each photo's metadata, then its thumbnail. */
static gboolean
browse_day (const char *root, const char *year, const char *day, guint8 *buf, guint *photos, guint64 *bytes,
            GError **error)
{
  g_autofree char *dir = g_build_filename (root, year, day, NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, error);
  const char *entry;

  if (d == NULL)
    return FALSE;
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, entry, NULL);
      g_autofree char *name = g_strdup_printf ("%s/%s/%s", year, day, entry);
      g_autofree char *thumb = thumb_path (root, name);
      GStatBuf st;

      if (g_stat (path, &st) < 0)
        return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), path);
      if (!read_whole (thumb, buf, bytes, error))
        return FALSE;
      (*photos)++;
    }
  return TRUE;
}

/* The group's last task: the library goes after it, untimed. */
static gboolean
photos_browse (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *root = library_root (ctx);
  g_autofree guint8 *buf = g_malloc (CHUNK);
  g_autoptr(GDir) years = NULL;
  const char *year;
  guint64 bytes = 0;
  guint photos = 0;
  FsbTreeCount junk = { 0 };
  double start;

  if (!g_file_test (root, G_FILE_TEST_IS_DIR))
    {
      fsb_sample_set (sample, "prepared_in_task", 1);
      if (!photos_setup (ctx, NULL, error))
        return FALSE;
    }
  start = fsb_now ();
  years = g_dir_open (root, 0, error);
  if (years == NULL)
    return FALSE;
  while ((year = g_dir_read_name (years)) != NULL)
    {
      g_autofree char *ydir = g_build_filename (root, year, NULL);
      g_autoptr(GDir) days = NULL;
      const char *day;

      if (strcmp (year, "thumbnails") == 0)
        continue;
      if ((days = g_dir_open (ydir, 0, error)) == NULL)
        return FALSE;
      while ((day = g_dir_read_name (days)) != NULL)
        if (!browse_day (root, year, day, buf, &photos, &bytes, error))
          return FALSE;
    }
  fsb_sample_set (sample, FSB_OP_S, fsb_now () - start);
  fsb_sample_set (sample, "files", photos);
  fsb_sample_set (sample, "bytes", bytes);
  return fsb_remove_tree (root, &junk, ctx->cancellable, error) && fsb_sync_filesystem (ctx->mount_point, error);
}

/* The group ---------------------------------------------------------------- */

static double
library_bytes (const FsbSizes *s)
{
  return n_photos (s) * (fsb_sizes_get (s, PHOTOS_MIN) + fsb_sizes_get (s, PHOTOS_MAX)) / 2;
}

static double
estimate_import (const FsbSizes *s)
{
  return 0.2 + library_bytes (s) / 120e6;
}

static double
estimate_browse (const FsbSizes *s)
{
  return 0.1 + n_photos (s) / 3000.0;
}

static const FsbTaskSpec tasks[] = {
  { "photos-import", N_("Import photos"),
    N_("Imports photos from a camera's card into a folder for each day they were taken, and writes a "
       "thumbnail for each, as a photo manager does."),
    "photos", FSB_OP_S, FALSE, photos_import, NULL, NULL, estimate_import, TRUE, TRUE },
  { "photos-browse", N_("Browse the photos"),
    N_("Lists the photo library's folders on a cold cache and reads every thumbnail, as a photo "
       "manager opening the library."),
    "photos", FSB_OP_S, FALSE, photos_browse, photos_setup, NULL, estimate_browse },
};

static const FsbCriterionSpec criteria[] = {
  { "photos", N_("Photo library"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s imports and browses photos the fastest: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on the photo library (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s needed %s for the photo library.") },
    { { "desktop", 1 }, { "media", 2 } } },
};

static const FsbMetricSpec metrics[] = {
  FSB_OP_S_METRIC,
};

static const FsbParamSpec params[] = {
  { PHOTOS_COUNT, N_("Photos to import"), FSB_PARAM_COUNT, { 12, 60, 240 }, 1, 100000 },
  { PHOTOS_MIN, N_("Size of the smallest photo"), FSB_PARAM_BYTES, { 3e6, 3e6, 3e6 }, 64, 1e9 },
  { PHOTOS_MAX, N_("Size of the largest photo"), FSB_PARAM_BYTES, { 12e6, 12e6, 12e6 }, 64, 1e9 },
};

static gboolean
check_sizes (FsbSizes *s, GError **error)
{
  if (fsb_sizes_get (s, PHOTOS_MIN) > fsb_sizes_get (s, PHOTOS_MAX))
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID,
                           _("The smallest photo is larger than the largest"));
      return FALSE;
    }
  return TRUE;
}

static guint64
space_needed (const FsbSizes *s)
{
  /* the library in 4 KiB blocks, a thumbnail for each, the folders */
  return (guint64) MIN (library_bytes (s) * 1.05 + n_photos (s) * 40960.0 + 16e6, (double) FSB_SIZE_MAX);
}

const FsbWorkloadGroup fsb_group_photos = {
  .id = "photos",
  .name = N_("Photo library"),
  .description = N_("Photos of several megabytes imported into dated folders with their thumbnails, then browsed on a cold cache."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .metrics = metrics, .n_metrics = G_N_ELEMENTS (metrics),
  .space_needed = space_needed,
  .check_sizes = check_sizes,
  .data_dir = "photos",
  .prepare_data = photos_dataset_ensure,
};
