/* fsb-group-build.c: the build group, after compilebench: a source tree
 * built as a compiler and make do it — every source read and an object
 * file of a plausible size written beside it, then an incremental build
 * that changes 5 % of the sources and builds only those again, then
 * "make clean", which deletes every object. The sources are text
 * generated once into the dataset folder and copied onto the target,
 * untimed, before the first task. */
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

#define BUILD_FILES "build-files"
#define BUILD_FORMAT "fsbench-build/1"
#define MAX_SOURCE 16384
#define CHANGED_SHARE 20   /* one source in 20 changes: 5 % */

static guint
n_files (const FsbSizes *s)
{
  return MAX (fsb_sizes_get_uint (s, BUILD_FILES), 1);
}

/* "m07/unit00042.c" in the sources' folder, and its object, "m07/unit00042.o". */
static char *
source_path (const char *src, guint i, const char *ext)
{
  return g_strdup_printf ("%s/m%02u/unit%05u.%s", src, i % 50, i, ext);
}

/* The same in a tree's "src" folder. */
static char *
unit_path (const char *root, guint i, const char *ext)
{
  g_autofree char *src = g_build_filename (root, "src", NULL);

  return source_path (src, i, ext);
}

static gsize
source_size (guint64 seed, guint i)
{
  FsbRng rng;

  fsb_rng_init (&rng, seed ^ ((guint64) i * 0x9E3779B97F4A7C15ull));
  return 512 + (gsize) fsb_rng_below (&rng, MAX_SOURCE - 512);
}

static gboolean
write_text (const char *path, guint64 seed, guint index, gsize size, GError **error)
{
  FsbDatasetStream text;
  g_autofree guint8 *buf = g_malloc (size);

  fsb_dataset_stream_init_kind (&text, seed, index, FSB_DATA_TEXT);
  fsb_dataset_stream_fill (&text, buf, size);
  return g_file_set_contents (path, (const char *) buf, (gssize) size, error);
}

static JsonNode *
manifest_of (const FsbSizes *s, guint64 seed)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  fsb_json_add_string (b, "format", BUILD_FORMAT);
  fsb_json_add_uint (b, "seed", seed);
  fsb_json_add_uint (b, "files", n_files (s));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static guint64
seed_of (const FsbSizes *s)
{
  return fsb_seed_from ("build", n_files (s), MAX_SOURCE);
}

/* The sources, written into tmp. */
static gboolean
make_sources (const char *tmp, gconstpointer data, GCancellable *cancellable, GError **error)
{
  const FsbSizes *sizes = data;
  guint64 seed = seed_of (sizes);

  for (guint i = 0; i < n_files (sizes); i++)
    {
      g_autofree char *path = source_path (tmp, i, "c");
      g_autofree char *parent = g_path_get_dirname (path);

      if (g_cancellable_set_error_if_cancelled (cancellable, error)
          || (g_mkdir_with_parents (parent, 0755) < 0 && fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), parent))
          || !write_text (path, seed, i, source_size (seed, i), error))
        return FALSE;
    }
  return TRUE;
}

/* dataset_dir/build/src: the sources, made when missing. */
static JsonNode *
build_dataset_ensure (const FsbSizes *sizes, const char *dataset_dir, GCancellable *cancellable, GError **error)
{
  g_autoptr(JsonNode) want = manifest_of (sizes, seed_of (sizes));

  return fsb_dataset_group_folder (dataset_dir, "build", "src", want, make_sources, sizes, cancellable, error);
}

/* The tasks ------------------------------------------------------------------ */

static char *
tree_root (FsbWorkloadContext *ctx)
{
  return g_build_filename (ctx->mount_point, "build", NULL);
}

/* The sources on the target, copied there untimed. */
static gboolean
build_setup (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *root = tree_root (ctx);
  g_autofree char *src = g_build_filename (ctx->source_dir, "build", "src", NULL);
  g_autofree char *dst = g_build_filename (root, "src", NULL);
  FsbTreeCount count = { 0 };

  if (g_file_test (dst, G_FILE_TEST_IS_DIR))
    return TRUE;
  if (g_mkdir_with_parents (root, 0755) < 0)
    return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), root);
  return fsb_copy_tree (src, dst, FALSE, &count, NULL, NULL, 0, ctx->cancellable, error)
         && fsb_sync_filesystem (ctx->mount_point, error);
}

/* Compiles unit i: reads its source, writes an object a little larger
 * (code, symbols, debug information) of bytes no compression shrinks;
 * bytes counts what it wrote. */
static gboolean
compile (const char *root, guint i, guint8 *buf, FsbRng *rng, guint64 *bytes, GError **error)
{
  g_autofree char *src = unit_path (root, i, "c");
  g_autofree char *obj = unit_path (root, i, "o");
  gsize n = 0, size;
  int fd = open (src, O_RDONLY | O_CLOEXEC);
  ssize_t r;

  if (fd < 0)
    return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), src);
  while ((r = read (fd, buf + n, MAX_SOURCE * 2 - n)) > 0)
    n += (gsize) r;
  close (fd);
  if (r < 0)
    return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), src);
  size = n + n / 2;
  fsb_rng_fill (rng, buf, size);
  fd = open (obj, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0 || write (fd, buf, size) != (ssize_t) size)
    {
      int saved = errno;

      if (fd >= 0)
        close (fd);
      return fsb_errno_fail (error, saved, _("Cannot write “%s”: %s"), obj);
    }
  if (close (fd) < 0)
    return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), obj);
  *bytes += size;
  return TRUE;
}

static gboolean
build_units (FsbWorkloadContext *ctx, FsbSample *sample, gboolean changed_only, GError **error)
{
  g_autofree char *root = tree_root (ctx);
  g_autofree guint8 *buf = g_malloc (MAX_SOURCE * 3);
  guint files = n_files (ctx->sizes), built = 0;
  guint64 bytes = 0, seed = seed_of (ctx->sizes);
  double start;
  FsbRng rng;

  if (!g_file_test (root, G_FILE_TEST_IS_DIR))
    {
      fsb_sample_set (sample, "prepared_in_task", 1);
      if (!build_setup (ctx, NULL, error))
        return FALSE;
    }
  fsb_rng_init (&rng, seed ^ (changed_only ? 1 : 0));
  start = fsb_now ();
  for (guint i = 0; i < files; i++)
    {
      if (changed_only && i % CHANGED_SHARE != 0)
        continue;
      /* an edit first: the source written again, as an editor saves it */
      if (changed_only)
        {
          g_autofree char *src = unit_path (root, i, "c");

          if (!write_text (src, seed + 1, i, source_size (seed + 1, i), error))
            return FALSE;
          bytes += source_size (seed + 1, i);
        }
      if (!compile (root, i, buf, &rng, &bytes, error))
        return FALSE;
      built++;
      if ((built & 63) == 0)
        {
          if (ctx->progress != NULL)
            ctx->progress (i, files, ctx->progress_data);
          if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
            {
              fsb_error_normalize (error);
              return FALSE;
            }
        }
    }
  if (!fsb_sync_filesystem (ctx->mount_point, error))
    return FALSE;
  fsb_sample_set (sample, FSB_OP_S, fsb_now () - start);
  fsb_sample_set (sample, "files", built);
  fsb_sample_set (sample, "bytes", bytes);
  return TRUE;
}

static gboolean
build_full (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return build_units (ctx, sample, FALSE, error);
}

static gboolean
build_incremental (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return build_units (ctx, sample, TRUE, error);
}

/* make clean: every object deleted; then, after its clock, the sources
 * too: the group's last task leaves nothing. */
static gboolean
build_clean (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *root = tree_root (ctx);
  guint files = n_files (ctx->sizes), deleted = 0;
  FsbTreeCount junk = { 0 };
  double start = fsb_now ();

  for (guint i = 0; i < files; i++)
    {
      g_autofree char *obj = unit_path (root, i, "o");

      if (g_unlink (obj) == 0)
        deleted++;
      else if (errno != ENOENT)
        return fsb_errno_fail (error, errno, _("Cannot delete “%s”: %s"), obj);
    }
  if (!fsb_sync_filesystem (ctx->mount_point, error))
    return FALSE;
  fsb_sample_set (sample, FSB_OP_S, fsb_now () - start);
  fsb_sample_set (sample, "files", deleted);
  return fsb_remove_tree (root, &junk, ctx->cancellable, error) && fsb_sync_filesystem (ctx->mount_point, error);
}

/* The group ---------------------------------------------------------------- */

static double
estimate (const FsbSizes *s)
{
  return 0.2 + n_files (s) / 4000.0;
}

static const FsbTaskSpec tasks[] = {
  { "build-full", N_("Build a source tree"),
    N_("Reads every source of a tree and writes an object file for each, as a compiler run by make does."),
    "build", FSB_OP_S, FALSE, build_full, build_setup, NULL, estimate, FALSE, TRUE },
  { "build-incremental", N_("Build again after changes"),
    /* xgettext:no-c-format */
    N_("Saves 5 % of the sources again and builds only those, as after an edit."),
    "build", FSB_OP_S, FALSE, build_incremental, build_setup, NULL, estimate, FALSE, TRUE },
  { "build-clean", N_("Clean the build"),
    N_("Deletes every object file, as make clean does."),
    "build", FSB_OP_S, FALSE, build_clean, build_setup, NULL, estimate },
};

static const FsbCriterionSpec criteria[] = {
  { "build", N_("Building software"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s builds software the fastest: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on building software (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s needed %s to build software.") },
    { { "developer", 3 } } },
};

static const FsbMetricSpec metrics[] = {
  FSB_OP_S_METRIC,
};

/* Quick: a small program, 1,000 sources (about 8 MB) in 50 folders, 50 of
 * them edited and built again; standard and seed: a mid-sized project and
 * one of a kernel's size. */
static const FsbParamSpec params[] = {
  { BUILD_FILES, N_("Source files to build"), FSB_PARAM_COUNT, { 1000, 10000, 40000 }, 1, 1000000 },
};

static guint64
space_needed (const FsbSizes *s)
{
  /* sources and objects, 2.5 times the sources, in 4 KiB blocks at least */
  return (guint64) MIN (n_files (s) * (MAX_SOURCE * 1.5 + 8192) + 16e6, (double) FSB_SIZE_MAX);
}

const FsbWorkloadGroup fsb_group_build = {
  .id = "build",
  .name = N_("Building software"),
  .description = N_("A source tree built, built again after changes, and cleaned, as compilebench does."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .metrics = metrics, .n_metrics = G_N_ELEMENTS (metrics),
  .space_needed = space_needed,
  .data_dir = "build",
  .prepare_data = build_dataset_ensure,
};
