/* fsb-group-kernel-tree.c: the kernel-tree group (seed 001): copying and
 * deleting a tree shaped like a built kernel source tree */
#include "config.h"

#define _GNU_SOURCE

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "fsb-dataset.h"
#include "fsb-error.h"
#include "fsb-json.h"
#include "fsb-workloads-private.h"
#include "fsb-fileops.h"
#include "fsb-workloads-util.h"

/* Its sizes. */
#define KERNEL_FILES "kernel-files"
#define KERNEL_SIZE  "kernel-size"

/* Bump when the generated tree changes, so old caches are rebuilt. */
#define KERNEL_GENERATOR_VERSION 1

/* Seed 001's tree: a built Debian 2.6.24 kernel source, 38,755 files in
 * 567 MB; its top-level folders are those of any kernel tree. */
static const char *const top_dirs[] = {
  "arch", "drivers", "fs", "include", "net", "sound", "kernel", "mm",
  "lib", "crypto", "block", "security", "scripts", "Documentation",
  "firmware", "init", "ipc", "virt", "samples", "usr", "tools",
};

/* A few large build products carry a quarter of the bytes. */
static const struct {
  const char *path;
  double      weight;
} large_files[] = {
  { "vmlinux.o", 0.30 },
  { "vmlinux", 0.24 },
  { "drivers/built-in.o", 0.16 },
  { "fs/built-in.o", 0.10 },
  { "net/built-in.o", 0.08 },
  { "System.map", 0.05 },
  { "kernel/built-in.o", 0.04 },
  { "sound/built-in.o", 0.03 },
};
#define LARGE_SHARE 0.25

static const char *const syllables[] = {
  "ac", "pi", "net", "dev", "usb", "io", "mem", "pc", "sc", "si", "ata",
  "core", "ext", "irq", "dma", "hid", "snd", "gpu", "drm", "tty", "fb",
  "i2c", "spi", "phy", "mac", "wl", "bt", "nf", "ip", "tcp", "xfs", "nfs",
  "cpu", "pm", "clk", "reg", "vid", "media", "input", "misc", "hw", "mon",
};

typedef struct {
  char   *path;   /* relative to the tree root */
  guint64 size;
} KernelFile;

typedef struct {
  GPtrArray *dirs;    /* of char*, relative, parents before children */
  GArray    *files;   /* of KernelFile */
  guint64    total;
  guint64    seed;
} KernelLayout;

static void
kernel_layout_clear (KernelLayout *layout)
{
  g_clear_pointer (&layout->dirs, g_ptr_array_unref);
  if (layout->files != NULL)
    {
      for (guint i = 0; i < layout->files->len; i++)
        g_free (g_array_index (layout->files, KernelFile, i).path);
      g_clear_pointer (&layout->files, g_array_unref);
    }
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (KernelLayout, kernel_layout_clear)

static double
lognormal (FsbRng *rng, double median, double sigma)
{
  double u1 = 1.0 - fsb_rng_double (rng);   /* (0, 1] */
  double u2 = fsb_rng_double (rng);
  double z = sqrt (-2.0 * log (u1)) * cos (2.0 * G_PI * u2);

  return median * exp (sigma * z);
}

static char *
make_name (FsbRng *rng)
{
  GString *s = g_string_new (NULL);
  guint parts = 1 + fsb_rng_below (rng, 3);

  for (guint i = 0; i < parts; i++)
    {
      if (i > 0 && fsb_rng_below (rng, 3) == 0)
        g_string_append_c (s, '_');
      g_string_append (s, syllables[fsb_rng_below (rng, G_N_ELEMENTS (syllables))]);
    }
  return g_string_free (s, FALSE);
}

static guint
path_depth (const char *path)
{
  guint depth = 1;

  for (const char *c = path; *c != '\0'; c++)
    depth += *c == '/';
  return depth;
}

/* The whole layout is decided before anything is written, from the seed
 * alone: the same profile gives the same tree on every machine. */
static void
kernel_layout_build (KernelLayout *layout, guint n_files, guint64 total)
{
  g_autoptr(GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) weights = g_array_new (FALSE, FALSE, sizeof (double));
  FsbRng rng;
  guint n_dirs, n_large, n_small;
  guint64 large_total, small_total, sum = 0;
  double wsum = 0, large_wsum = 0;

  n_files = MAX (n_files, 4);
  layout->seed = fsb_seed_from ("kernel-tree", n_files, total);
  layout->total = total;
  layout->dirs = g_ptr_array_new_with_free_func (g_free);
  layout->files = g_array_new (FALSE, FALSE, sizeof (KernelFile));
  fsb_rng_init (&rng, layout->seed);

  /* A built kernel tree has about one folder per 16 files. */
  n_dirs = MAX (n_files / 16, 1);
  for (guint i = 0; i < MIN (n_dirs, G_N_ELEMENTS (top_dirs)); i++)
    g_ptr_array_add (layout->dirs, g_strdup (top_dirs[i]));
  while (layout->dirs->len < n_dirs)
    {
      /* Uniform attachment grows a deep tree (depth ~ ln n), capped at 7. */
      const char *parent = g_ptr_array_index (layout->dirs, fsb_rng_below (&rng, layout->dirs->len));
      g_autofree char *name = NULL;
      char *path;

      if (path_depth (parent) >= 7)
        continue;
      name = make_name (&rng);
      path = g_strdup_printf ("%s/%s", parent, name);
      if (g_hash_table_contains (taken, path))
        {
          g_free (path);
          continue;
        }
      g_hash_table_add (taken, path);
      g_ptr_array_add (layout->dirs, path);
    }
  for (guint i = 0; i < MIN (n_dirs, G_N_ELEMENTS (top_dirs)); i++)
    g_hash_table_add (taken, g_ptr_array_index (layout->dirs, i));

  /* The large files go only where their folder exists. */
  n_large = 0;
  for (guint i = 0; i < G_N_ELEMENTS (large_files) && n_large < n_files / 4000 + 2; i++)
    {
      g_autofree char *dir = g_path_get_dirname (large_files[i].path);
      if (strcmp (dir, ".") != 0 && !g_hash_table_contains (taken, dir))
        continue;
      large_wsum += large_files[i].weight;
      n_large++;
    }
  n_small = n_files - n_large;
  large_total = (guint64) (total * LARGE_SHARE);
  small_total = total - large_total;

  /* Source files, their objects and the build's .cmd files, side by side. */
  while (layout->files->len < n_small)
    {
      const char *dir = g_ptr_array_index (layout->dirs, fsb_rng_below (&rng, layout->dirs->len));
      g_autofree char *base = make_name (&rng);
      gboolean header = fsb_rng_below (&rng, 5) == 0;
      struct { const char *prefix, *suffix; double median, sigma; } kinds[3] = {
        { "", header ? ".h" : ".c", header ? 4000 : 9000, 1.0 },
        { "", ".o", 14000, 1.1 },
        { ".", ".o.cmd", 2500, 0.6 },
      };

      for (guint k = 0; k < (header ? 1 : 3) && layout->files->len < n_small; k++)
        {
          KernelFile f;
          double w;

          f.path = g_strconcat (dir, "/", kinds[k].prefix, base, kinds[k].suffix, NULL);
          if (g_hash_table_contains (taken, f.path))
            {
              g_free (f.path);
              break;
            }
          g_hash_table_add (taken, f.path);
          w = lognormal (&rng, kinds[k].median, kinds[k].sigma);
          f.size = 0;
          g_array_append_val (layout->files, f);
          g_array_append_val (weights, w);
          wsum += w;
        }
    }

  /* Scale the drawn sizes to the profile's total, to the byte. */
  for (guint i = 0; i < n_small; i++)
    {
      KernelFile *f = &g_array_index (layout->files, KernelFile, i);
      f->size = (guint64) (small_total * (g_array_index (weights, double, i) / wsum));
      sum += f->size;
    }
  for (guint i = 0; sum < small_total; i = (i + 1) % n_small)
    {
      guint64 add = MIN (small_total - sum, 1 + (small_total - sum) / n_small);
      g_array_index (layout->files, KernelFile, i).size += add;
      sum += add;
    }

  sum = 0;
  for (guint i = 0, placed = 0; i < G_N_ELEMENTS (large_files) && placed < n_large; i++)
    {
      g_autofree char *dir = g_path_get_dirname (large_files[i].path);
      KernelFile f;

      if (strcmp (dir, ".") != 0 && !g_hash_table_contains (taken, dir))
        continue;
      placed++;
      f.path = g_strdup (large_files[i].path);
      f.size = placed == n_large ? large_total - sum
                                 : (guint64) (large_total * large_files[i].weight / large_wsum);
      sum += f.size;
      g_array_append_val (layout->files, f);
    }
  /* taken borrowed the strings; the layout owns them. */
  g_hash_table_steal_all (taken);
}

static char *
manifest_path (const char *dataset_dir)
{
  return g_build_filename (dataset_dir, "kernel.manifest.json", NULL);
}

static JsonNode *
manifest_build (const KernelLayout *layout, const char *content_sha256)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *seed = g_strdup_printf ("%016" G_GINT64_MODIFIER "x", layout->seed);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, "kernel-tree");
  json_builder_set_member_name (b, "generator");
  json_builder_add_int_value (b, KERNEL_GENERATOR_VERSION);
  json_builder_set_member_name (b, "seed");
  json_builder_add_string_value (b, seed);
  json_builder_set_member_name (b, "files");
  json_builder_add_int_value (b, layout->files->len);
  json_builder_set_member_name (b, "dirs");
  json_builder_add_int_value (b, layout->dirs->len);
  json_builder_set_member_name (b, "bytes");
  json_builder_add_int_value (b, layout->total);
  if (content_sha256 != NULL)
    {
      json_builder_set_member_name (b, "content_sha256");
      json_builder_add_string_value (b, content_sha256);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* The cached tree is good when its manifest matches this generator and
 * the tree on disk has the counts and bytes the manifest promises. */
static gboolean
manifest_matches (const char *dataset_dir, const KernelLayout *layout)
{
  g_autofree char *path = manifest_path (dataset_dir);
  g_autofree char *tree = g_build_filename (dataset_dir, "kernel", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *seed = g_strdup_printf ("%016" G_GINT64_MODIFIER "x", layout->seed);
  FsbTreeCount count = { 0 };
  JsonObject *o;

  if (!json_parser_load_from_file (parser, path, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return FALSE;
  o = json_node_get_object (json_parser_get_root (parser));
  if (json_object_get_int_member_with_default (o, "generator", 0) != KERNEL_GENERATOR_VERSION ||
      g_strcmp0 (json_object_get_string_member_with_default (o, "seed", ""), seed) != 0 ||
      (guint64) json_object_get_int_member_with_default (o, "files", -1) != layout->files->len ||
      (guint64) json_object_get_int_member_with_default (o, "bytes", -1) != layout->total)
    return FALSE;
  if (!fsb_count_tree (tree, &count, NULL))
    return FALSE;
  /* fsb_count_tree counts the folders below the root, not the root. */
  return count.files == layout->files->len && count.bytes == layout->total &&
         count.dirs == layout->dirs->len;
}

static gboolean
write_file (const char *path, guint64 size, guint64 seed, guint8 *buf,
            GChecksum *sum, GCancellable *cancellable, GError **error)
{
  FsbRng rng;
  FILE *f = fopen (path, "we");

  if (f == NULL)
    return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), path);
  fsb_rng_init (&rng, seed);
  while (size > 0)
    {
      gsize n = MIN (size, FSB_COPY_BUFFER_SIZE);

      fsb_rng_fill (&rng, buf, n);
      g_checksum_update (sum, buf, n);
      if (fwrite (buf, 1, n, f) != n)
        {
          int errsv = errno;
          fclose (f);
          return fsb_errno_fail (error, errsv, _("Cannot write “%s”: %s"), path);
        }
      size -= n;
    }
  if (fclose (f) != 0)
    return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), path);
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

JsonNode *
fsb_kernel_dataset_ensure (const FsbSizes *sizes,
                           const char     *dataset_dir,
                           GCancellable   *cancellable,
                           GError        **error)
{
  g_auto(KernelLayout) layout = { 0 };
  g_autofree char *tree = g_build_filename (dataset_dir, "kernel", NULL);
  g_autofree char *tmp = NULL;
  g_autofree char *mpath = manifest_path (dataset_dir);
  g_autofree guint8 *buf = NULL;
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr(JsonNode) manifest = NULL;
  FsbTreeCount junk = { 0 };

  g_return_val_if_fail (sizes != NULL && dataset_dir != NULL, NULL);

  kernel_layout_build (&layout, fsb_sizes_get_uint (sizes, KERNEL_FILES), fsb_sizes_get_u64 (sizes, KERNEL_SIZE));
  if (manifest_matches (dataset_dir, &layout))
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      if (json_parser_load_from_file (parser, mpath, NULL))
        return json_node_copy (json_parser_get_root (parser));
    }

  if (g_mkdir_with_parents (dataset_dir, 0755) < 0)
    {
      fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), dataset_dir);
      return NULL;
    }
  g_unlink (mpath);
  if (!fsb_remove_tree (tree, &junk, cancellable, error))
    return NULL;
  /* Built beside, renamed into place once whole; refused before the first
   * byte when the disk lacks the room. */
  if (!fsb_dataset_check_space (dataset_dir, layout.total + (guint64) (layout.files->len + layout.dirs->len) * 4096,
                                error))
    return NULL;
  tmp = fsb_dataset_temp_sibling (tree, error);
  if (tmp == NULL)
    return NULL;
  for (guint i = 0; i < layout.dirs->len; i++)
    {
      g_autofree char *p = g_build_filename (tmp, g_ptr_array_index (layout.dirs, i), NULL);
      if (g_mkdir (p, 0755) < 0)
        {
          fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), p);
          goto fail;
        }
    }
  buf = g_malloc (FSB_COPY_BUFFER_SIZE);
  for (guint i = 0; i < layout.files->len; i++)
    {
      const KernelFile *f = &g_array_index (layout.files, KernelFile, i);
      g_autofree char *p = g_build_filename (tmp, f->path, NULL);

      if (!write_file (p, f->size, layout.seed + i + 1, buf, sum, cancellable, error))
        goto fail;
    }
  if (g_rename (tmp, tree) < 0)
    {
      fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), tree);
      goto fail;
    }

  manifest = manifest_build (&layout, g_checksum_get_string (sum));
  {
    gsize len = 0;
    g_autofree char *data = fsb_json_to_data (manifest, TRUE, &len);

    /* Without its manifest the tree would be rebuilt anyway: not kept. */
    if (!g_file_set_contents (mpath, data, (gssize) len, error))
      {
        fsb_remove_tree (tree, &junk, NULL, NULL);
        fsb_error_normalize (error);
        return NULL;
      }
  }
  return g_steal_pointer (&manifest);

fail:
  fsb_remove_tree (tmp, &junk, NULL, NULL);
  fsb_error_normalize (error);
  return NULL;
}

/* The tasks ----------------------------------------------------------------- */

/* flush_root NULL: the copy goes off the target (the read side), where a
 * syncfs would time the host's disk and everything else waiting on it. */
static gboolean
copy_and_flush (FsbWorkloadContext *ctx, FsbSample *sample,
                const char *src, const char *dst, gboolean from_source,
                const char *flush_root, GError **error)
{
  FsbTreeCount count = { 0 };
  FsbTreeCount junk = { 0 };

  /* A copy left over by an interrupted run would make cp merge into it. */
  if (!fsb_remove_tree (dst, &junk, ctx->cancellable, error) ||
      !fsb_copy_tree (src, dst, from_source, &count, ctx->progress, ctx->progress_data,
                      fsb_sizes_get_uint (ctx->sizes, KERNEL_FILES), ctx->cancellable, error) ||
      (flush_root != NULL && !fsb_sync_filesystem (flush_root, error)))
    return FALSE;
  fsb_sample_set (sample, "files", count.files);
  fsb_sample_set (sample, "bytes", count.bytes);
  return TRUE;
}

gboolean
fsb_workload_kernel_copy_in (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *src = g_build_filename (ctx->source_dir, "kernel", NULL);
  g_autofree char *dst = g_build_filename (ctx->mount_point, "kernel-a", NULL);

  return copy_and_flush (ctx, sample, src, dst, TRUE, ctx->mount_point, error);
}

gboolean
fsb_workload_kernel_copy_out (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *src = g_build_filename (ctx->mount_point, "kernel-a", NULL);
  g_autofree char *dst = g_build_filename (ctx->scratch_dir, "kernel-out", NULL);

  return copy_and_flush (ctx, sample, src, dst, FALSE, NULL, error);
}

gboolean
fsb_workload_kernel_recopy (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *src = g_build_filename (ctx->mount_point, "kernel-a", NULL);
  g_autofree char *dst = g_build_filename (ctx->mount_point, "kernel-b", NULL);

  return copy_and_flush (ctx, sample, src, dst, FALSE, ctx->mount_point, error);
}

gboolean
fsb_workload_kernel_delete (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  const char *names[] = { "kernel-a", "kernel-b" };
  FsbTreeCount count = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (ctx->mount_point, names[i], NULL);
      if (!fsb_remove_tree (path, &count, ctx->cancellable, error))
        return FALSE;
    }
  if (!fsb_sync_filesystem (ctx->mount_point, error))
    return FALSE;
  fsb_sample_set (sample, "files", count.files);
  return TRUE;
}

/* The read side's copy lives off the target; the runner removes it
 * after the task, outside the timed section. */
void
fsb_workload_kernel_clean_scratch (const char *scratch_dir)
{
  g_autofree char *path = g_build_filename (scratch_dir, "kernel-out", NULL);
  FsbTreeCount junk = { 0 };

  fsb_remove_tree (path, &junk, NULL, NULL);
}

/* The group ---------------------------------------------------------------- */

#define COPY_RATE 120e6   /* a first guess, replaced by what the run measures */

static double
estimate_copy (const FsbSizes *s)
{
  return 0.5 + fsb_sizes_get (s, KERNEL_SIZE) / COPY_RATE + fsb_sizes_get (s, KERNEL_FILES) / 4000;
}

static double
estimate_delete (const FsbSizes *s)
{
  return 0.5 + fsb_sizes_get (s, KERNEL_FILES) / 4000;
}

static const FsbTaskSpec tasks[] = {
  { "kernel-copy-in", N_("Copy a kernel tree in"),
    N_("Copies a built kernel source tree, with many small source and object files, to the target."),
    "kernel-tree", "wall_s", FALSE, fsb_workload_kernel_copy_in, NULL, NULL, estimate_copy },
  { "kernel-copy-out", N_("Copy the kernel tree out"),
    N_("Copies the kernel tree from the target to another disk: the read side."),
    "kernel-tree", "wall_s", FALSE, fsb_workload_kernel_copy_out, NULL, NULL, estimate_copy },
  { "kernel-recopy", N_("Copy the kernel tree within"),
    N_("Copies the kernel tree to another folder on the target."),
    "kernel-tree", "wall_s", FALSE, fsb_workload_kernel_recopy, NULL, NULL, estimate_copy, .full_after = TRUE },
  { "kernel-delete", N_("Delete the kernel trees"),
    N_("Deletes the kernel trees; the study found this differs by several times between filesystems."),
    "kernel-tree", "wall_s", FALSE, fsb_workload_kernel_delete, NULL, NULL, estimate_delete,
    .moves_no_data = TRUE },
};

static const FsbCriterionSpec criteria[] = {
  { "kernel-tree", N_("Kernel tree"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the fastest with the kernel tree: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on the kernel tree (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s needed %s for the kernel tree tasks.") },
    { { "desktop", 1 }, { "small-files", 2 }, { "developer", 2 } } },
};

/* Seed 001: 38,755 files in 567 MB; the same divided by 4 and by 20. */
static const FsbParamSpec params[] = {
  { KERNEL_FILES, N_("Number of files in the kernel tree"), FSB_PARAM_COUNT,
    { 1938, 9689, 38755 }, 1, 10000000 },
  { KERNEL_SIZE, N_("Total size of the kernel tree"), FSB_PARAM_BYTES,
    { 28350e3, 141750e3, 567e6 }, 1, 1099511627776.0 },
};

static guint64
space_needed (const FsbSizes *s)
{
  double need = 2 * fsb_sizes_get (s, KERNEL_SIZE) + 2 * 4096 * fsb_sizes_get (s, KERNEL_FILES);

  return (guint64) MIN (need, (double) FSB_SIZE_MAX);
}


const FsbWorkloadGroup fsb_group_kernel_tree = {
  .id = "kernel-tree",
  .name = N_("Kernel tree"),
  .description = N_("Copying and deleting a built kernel source tree."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .space_needed = space_needed,
  .data_dir = "kernel",
  .prepare_data = fsb_kernel_dataset_ensure,
};
