/* fsb-group-archive.c: the archive group: the file tree as people move it
 * around, through libarchive (what GNOME's file roller and bsdtar use):
 * unpack it from a tar and from a zstd-compressed tar, and pack it again
 * into a zstd-compressed tar. Files and megabytes per second. The archives
 * are made once from the dataset's tree, into the dataset folder. */
#include "config.h"

#include <archive.h>
#include <archive_entry.h>
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
#include "fsb-workloads-util.h"

#define ARCHIVE_FORMAT "fsbench-archive/1"
#define BLOCK (64 * 1024)

static gboolean
archive_fail (GError **error, struct archive *a, const char *path)
{
  g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
               /* Translators: an archive or a file, then libarchive's message */
               _("The archive “%s” could not be handled: %s"), path,
               a != NULL && archive_error_string (a) != NULL ? archive_error_string (a) : "?");
  return FALSE;
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Writes the tree under dir/name into an archive at path: the entries in
 * a sorted order, times and owners fixed, so the same tree gives the same
 * archive. */
static gboolean
add_dir (struct archive *w, const char *root, const char *rel, FsbTreeCount *count, GCancellable *cancellable,
         GError **error)
{
  g_autofree char *full = g_build_filename (root, rel, NULL);
  g_autoptr(GDir) d = g_dir_open (full, 0, error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint8 *buf = NULL;
  const char *name;

  if (d == NULL)
    return FALSE;
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  buf = g_malloc (BLOCK);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *child = g_build_filename (rel, names->pdata[i], NULL);
      g_autofree char *path = g_build_filename (root, child, NULL);
      struct archive_entry *e;
      GStatBuf st;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (g_lstat (path, &st) < 0)
        return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), path);
      e = archive_entry_new ();
      archive_entry_set_pathname (e, child);
      archive_entry_set_mtime (e, 1145577600, 0);
      archive_entry_set_uid (e, 0);
      archive_entry_set_gid (e, 0);
      if (S_ISDIR (st.st_mode))
        {
          archive_entry_set_filetype (e, AE_IFDIR);
          archive_entry_set_perm (e, 0755);
          if (archive_write_header (w, e) != ARCHIVE_OK)
            {
              archive_entry_free (e);
              return archive_fail (error, w, path);
            }
          archive_entry_free (e);
          count->dirs++;
          if (!add_dir (w, root, child, count, cancellable, error))
            return FALSE;
          continue;
        }
      if (!S_ISREG (st.st_mode))
        {
          archive_entry_free (e);
          continue;
        }
      archive_entry_set_filetype (e, AE_IFREG);
      archive_entry_set_perm (e, 0644);
      archive_entry_set_size (e, st.st_size);
      if (archive_write_header (w, e) != ARCHIVE_OK)
        {
          archive_entry_free (e);
          return archive_fail (error, w, path);
        }
      archive_entry_free (e);
      {
        int fd = open (path, O_RDONLY | O_CLOEXEC);
        ssize_t n;

        if (fd < 0)
          return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), path);
        while ((n = read (fd, buf, BLOCK)) > 0)
          if (archive_write_data (w, buf, (size_t) n) != n)
            {
              close (fd);
              return archive_fail (error, w, path);
            }
        close (fd);
        if (n < 0)
          return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), path);
      }
      count->files++;
      count->bytes += (guint64) st.st_size;
    }
  return TRUE;
}

/* Packs root/rel into path, zstd-compressed or not. */
static gboolean
pack (const char *root, const char *rel, const char *path, gboolean zstd, FsbTreeCount *count,
      GCancellable *cancellable, GError **error)
{
  struct archive *w = archive_write_new ();
  gboolean ok;

  archive_write_set_format_pax_restricted (w);
  if (zstd)
    archive_write_add_filter_zstd (w);
  ok = archive_write_open_filename (w, path) == ARCHIVE_OK || archive_fail (error, w, path);
  ok = ok && add_dir (w, root, rel, count, cancellable, error);
  ok = (archive_write_close (w) == ARCHIVE_OK || !ok || archive_fail (error, w, path)) && ok;
  archive_write_free (w);
  return ok;
}

/* Unpacks path into dir (made), counting what it wrote. */
static gboolean
unpack (const char *path, const char *dir, FsbTreeCount *count, GCancellable *cancellable, GError **error)
{
  struct archive *r = archive_read_new ();
  struct archive *w = archive_write_disk_new ();
  struct archive_entry *e;
  gboolean ok = TRUE;
  int rc;

  archive_read_support_format_tar (r);
  archive_read_support_filter_zstd (r);
  archive_read_support_filter_none (r);
  /* as tar does: times and modes restored; never out of dir: no "..", no
   * links followed; absolute names are refused below, before dir is put
   * in front of them */
  archive_write_disk_set_options (w, ARCHIVE_EXTRACT_TIME | ARCHIVE_EXTRACT_PERM
                                     | ARCHIVE_EXTRACT_SECURE_NODOTDOT | ARCHIVE_EXTRACT_SECURE_SYMLINKS);
  if (g_mkdir_with_parents (dir, 0755) < 0)
    ok = fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), dir);
  if (ok && archive_read_open_filename (r, path, BLOCK) != ARCHIVE_OK)
    ok = archive_fail (error, r, path);
  while (ok && (rc = archive_read_next_header (r, &e)) == ARCHIVE_OK)
    {
      const char *name = archive_entry_pathname (e);
      g_autofree char *dest = NULL;
      const void *block;
      size_t size;
      la_int64_t offset;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
      if (name == NULL || g_path_is_absolute (name))
        {
          ok = archive_fail (error, r, path);
          break;
        }
      dest = g_build_filename (dir, name, NULL);
      archive_entry_set_pathname (e, dest);
      if (archive_write_header (w, e) != ARCHIVE_OK)
        {
          ok = archive_fail (error, w, dest);
          break;
        }
      while ((rc = archive_read_data_block (r, &block, &size, &offset)) == ARCHIVE_OK)
        if (archive_write_data_block (w, block, size, offset) != ARCHIVE_OK)
          {
            ok = archive_fail (error, w, dest);
            break;
          }
      if (ok && rc != ARCHIVE_EOF)
        ok = archive_fail (error, r, path);
      if (ok && archive_write_finish_entry (w) != ARCHIVE_OK)
        ok = archive_fail (error, w, dest);
      if (archive_entry_filetype (e) == AE_IFREG)
        {
          count->files++;
          count->bytes += (guint64) archive_entry_size (e);
        }
      else
        count->dirs++;
    }
  if (ok && rc != ARCHIVE_EOF)
    ok = archive_fail (error, r, path);
  archive_read_free (r);
  archive_write_free (w);
  return ok;
}

/* The archives --------------------------------------------------------------- */

static JsonNode *
manifest_of (const FsbSizes *s)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  fsb_json_add_string (b, "format", ARCHIVE_FORMAT);
  fsb_json_add_uint (b, "tree_files", fsb_sizes_get_uint (s, FSB_SIZE_TREE_FILES));
  fsb_json_add_uint (b, "tree_bytes", fsb_sizes_get_u64 (s, FSB_SIZE_TREE_SIZE));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* dataset_dir/archive/tree.tar and tree.tar.zst, of dataset_dir/tree. */
static JsonNode *
archive_dataset_ensure (const FsbSizes *sizes, const char *dataset_dir, GCancellable *cancellable, GError **error)
{
  g_autofree char *dir = g_build_filename (dataset_dir, "archive", NULL);
  g_autofree char *mpath = g_build_filename (dir, "manifest.json", NULL);
  g_autofree char *tar = g_build_filename (dir, "tree.tar", NULL);
  g_autofree char *zst = g_build_filename (dir, "tree.tar.zst", NULL);
  g_autofree char *tmp_tar = g_strconcat (tar, ".part", NULL);
  g_autofree char *tmp_zst = g_strconcat (zst, ".part", NULL);
  g_autoptr(JsonNode) want = manifest_of (sizes);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *json = NULL;
  FsbTreeCount a = { 0 }, b = { 0 };

  if (json_parser_load_from_file (parser, mpath, NULL) && json_node_equal (json_parser_get_root (parser), want)
      && g_file_test (tar, G_FILE_TEST_IS_REGULAR) && g_file_test (zst, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&want);
  if (g_mkdir_with_parents (dir, 0755) < 0)
    {
      fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), dir);
      return NULL;
    }
  g_unlink (mpath);
  if (!pack (dataset_dir, "tree", tmp_tar, FALSE, &a, cancellable, error)
      || !pack (dataset_dir, "tree", tmp_zst, TRUE, &b, cancellable, error)
      || g_rename (tmp_tar, tar) < 0 || g_rename (tmp_zst, zst) < 0)
    {
      if (error != NULL && *error == NULL)
        fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), tar);
      g_unlink (tmp_tar);
      g_unlink (tmp_zst);
      return NULL;
    }
  json = json_to_string (want, FALSE);
  if (!g_file_set_contents (mpath, json, -1, error))
    return NULL;
  return g_steal_pointer (&want);
}

/* The tasks ------------------------------------------------------------------ */

static void
set_counts (FsbSample *sample, const FsbTreeCount *count, double seconds)
{
  fsb_sample_set (sample, "files", count->files);
  fsb_sample_set (sample, "bytes", count->bytes);
  fsb_sample_set (sample, "io_s", seconds);
  fsb_sample_set (sample, "files_per_s", seconds > 0 ? count->files / seconds : 0);
  fsb_sample_set (sample, "mb_per_s", seconds > 0 ? count->bytes / 1e6 / seconds : 0);
}

static gboolean
unpack_task (FsbWorkloadContext *ctx, FsbSample *sample, const char *archive, const char *into, GError **error)
{
  g_autofree char *src = g_build_filename (ctx->source_dir, "archive", archive, NULL);
  g_autofree char *dst = g_build_filename (ctx->mount_point, "archive", into, NULL);
  FsbTreeCount count = { 0 };
  double start = fsb_now ();

  fsb_drop_file_cache (src);
  if (!unpack (src, dst, &count, ctx->cancellable, error) || !fsb_sync_filesystem (ctx->mount_point, error))
    return FALSE;
  set_counts (sample, &count, fsb_now () - start);
  return TRUE;
}

static gboolean
archive_unpack (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return unpack_task (ctx, sample, "tree.tar", "plain", error);
}

static gboolean
archive_unpack_zstd (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return unpack_task (ctx, sample, "tree.tar.zst", "zstd", error);
}

/* Packs what the first task unpacked; the group's last task, so its files
 * go after it. */
static gboolean
archive_pack (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *root = g_build_filename (ctx->mount_point, "archive", NULL);
  g_autofree char *plain = g_build_filename (root, "plain", NULL);
  g_autofree char *out = g_build_filename (root, "packed.tar.zst", NULL);
  FsbTreeCount count = { 0 }, junk = { 0 };
  double start;

  if (!g_file_test (plain, G_FILE_TEST_IS_DIR))
    {
      FsbTreeCount made = { 0 };
      g_autofree char *src = g_build_filename (ctx->source_dir, "archive", "tree.tar", NULL);

      fsb_sample_set (sample, "prepared_in_task", 1);
      if (!unpack (src, plain, &made, ctx->cancellable, error))
        return FALSE;
    }
  start = fsb_now ();
  if (!pack (root, "plain", out, TRUE, &count, ctx->cancellable, error) || !fsb_sync_filesystem (ctx->mount_point, error))
    return FALSE;
  set_counts (sample, &count, fsb_now () - start);
  return fsb_remove_tree (root, &junk, ctx->cancellable, error) && fsb_sync_filesystem (ctx->mount_point, error);
}

/* The group ---------------------------------------------------------------- */

static double
estimate (const FsbSizes *s)
{
  return 0.3 + fsb_sizes_get (s, FSB_SIZE_TREE_SIZE) / 150e6 + fsb_sizes_get (s, FSB_SIZE_TREE_FILES) / 5000;
}

static const FsbTaskSpec tasks[] = {
  { "archive-unpack", N_("Unpack a tar"),
    N_("Unpacks the file tree from a tar archive, as when installing software or restoring a backup."),
    "archive", "files_per_s", TRUE, archive_unpack, NULL, NULL, estimate, FALSE, TRUE },
  { "archive-unpack-zstd", N_("Unpack a compressed tar"),
    N_("Unpacks the file tree from a zstd-compressed tar archive: decompression and writing at once."),
    "archive", "files_per_s", TRUE, archive_unpack_zstd, NULL, NULL, estimate, FALSE, TRUE },
  { "archive-pack", N_("Pack a compressed tar"),
    N_("Packs the unpacked tree into a zstd-compressed tar archive on the same filesystem."),
    "archive", "files_per_s", TRUE, archive_pack, NULL, NULL, estimate },
};

static const FsbCriterionSpec criteria[] = {
  { "archive", N_("Archives"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s unpacks and packs archives the fastest: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on archives (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s handled %s with archives.") },
    /* a developer's sources and a desktop's downloads come packed */
    { { "desktop", 1 }, { "developer", 2 } } },
};

static guint64
space_needed (const FsbSizes *s)
{
  /* two trees unpacked and one packed */
  return (guint64) MIN (fsb_sizes_get (s, FSB_SIZE_TREE_SIZE) * 3.2 + fsb_sizes_get (s, FSB_SIZE_TREE_FILES) * 8192.0,
                        (double) FSB_SIZE_MAX);
}

const FsbWorkloadGroup fsb_group_archive = {
  .id = "archive",
  .name = N_("Archives"),
  .description = N_("The file tree unpacked from a tar and from a zstd-compressed tar, and packed again (libarchive)."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .space_needed = space_needed,
  .data_dir = "archive",
  .prepare_data = archive_dataset_ensure,
};
