/* fsb-dataset.c: the source data: a big file and a file tree, generated from a seed */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "fsb-dataset.h"
#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-json.h"

#define GENERATOR "xoshiro256**"
#define SAMPLE_BYTES 4096
#define DIR_FANOUT 8

/* The bytes of each file: fsb-data-text.c. */

/* Layout -------------------------------------------------------------------- */

static double
uniform (FsbRng *rng)
{
  /* (0, 1): never 0, so pow() below stays finite. */
  return ((fsb_rng_next (rng) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

/* Sizes between min and max, log-scaled: min × (max/min)^(r^p). The
 * exponent p is found by bisection so the sizes add up to total; most
 * files are small and a few large, as in real trees. */
static void
tree_sizes (const FsbDatasetSpec *p, FsbRng *rng, guint64 *sizes)
{
  guint n = p->tree_files;
  g_autofree double *r = g_new (double, n);
  double lo = -12, hi = 12, ratio = (double) p->tree_max_file / MAX (1.0, (double) p->tree_min_file);
  gint64 diff;
  guint64 sum = 0;

  for (guint i = 0; i < n; i++)
    r[i] = uniform (rng);

  for (int iter = 0; iter < 80; iter++)
    {
      double mid = (lo + hi) / 2, e = exp (mid), total = 0;

      for (guint i = 0; i < n; i++)
        total += p->tree_min_file * pow (ratio, pow (r[i], e));
      /* Larger exponent: smaller files. */
      if (total > (double) p->tree_total_bytes)
        lo = mid;
      else
        hi = mid;
    }
  for (guint i = 0; i < n; i++)
    {
      double v = p->tree_min_file * pow (ratio, pow (r[i], exp ((lo + hi) / 2)));
      sizes[i] = CLAMP ((guint64) v, p->tree_min_file, p->tree_max_file);
      sum += sizes[i];
    }

  /* Spread the rounding error so the total is exact. */
  diff = (gint64) p->tree_total_bytes - (gint64) sum;
  while (diff != 0)
    {
      gint64 per = diff / (gint64) n;
      gboolean moved = FALSE;

      if (per == 0)
        per = diff > 0 ? 1 : -1;
      /* Each step has the sign of diff and is no larger: diff never flips. */
      for (guint i = 0; i < n && diff != 0; i++)
        {
          gint64 step = diff > 0 ? MIN (per, diff) : MAX (per, diff);
          gint64 v = CLAMP ((gint64) sizes[i] + step, (gint64) p->tree_min_file, (gint64) p->tree_max_file);

          if (v != (gint64) sizes[i])
            {
              diff -= v - (gint64) sizes[i];
              sizes[i] = (guint64) v;
              moved = TRUE;
            }
        }
      if (!moved)
        break;   /* cannot happen for a validated profile */
    }
}

static const char *const extensions[] = {
  ".c", ".h", ".txt", ".html", ".png", ".jpg", ".pdf", ".dat", ".o", ".py",
};

FsbDatasetLayout *
fsb_dataset_layout_new (const FsbDatasetSpec *profile, guint64 seed)
{
  FsbDatasetLayout *layout = g_new0 (FsbDatasetLayout, 1);
  g_autofree guint64 *sizes = NULL;
  FsbRng rng;
  FsbDatasetFile big;

  fsb_rng_init (&rng, seed ^ G_GUINT64_CONSTANT (0x6C61796F7574));   /* "layout" */

  layout->seed = seed;
  layout->dirs = g_ptr_array_new_with_free_func (g_free);
  layout->files = g_array_new (FALSE, FALSE, sizeof (FsbDatasetFile));

  big.path = g_strdup ("big.img");
  big.size = profile->big_file_bytes;
  g_array_append_val (layout->files, big);

  /* Folders as a tree with DIR_FANOUT children each, breadth first. */
  g_ptr_array_add (layout->dirs, g_strdup ("tree"));
  for (guint i = 0; i < profile->tree_dirs; i++)
    {
      const char *parent = i < DIR_FANOUT ? "tree" : layout->dirs->pdata[1 + (i - DIR_FANOUT) / DIR_FANOUT];
      g_ptr_array_add (layout->dirs, g_strdup_printf ("%s/d%03u", parent, i));
    }

  sizes = g_new0 (guint64, MAX (profile->tree_files, 1));
  if (profile->tree_files > 0)
    tree_sizes (profile, &rng, sizes);
  for (guint i = 0; i < profile->tree_files; i++)
    {
      guint d = 1 + (guint) (fsb_rng_next (&rng) % MAX (profile->tree_dirs, 1));
      const char *ext = extensions[fsb_rng_next (&rng) % G_N_ELEMENTS (extensions)];
      FsbDatasetFile f;

      if (d >= layout->dirs->len)
        d = 0;
      f.path = g_strdup_printf ("%s/f%05u%s", (char *) layout->dirs->pdata[d], i, ext);
      f.size = sizes[i];
      layout->tree_bytes += f.size;
      g_array_append_val (layout->files, f);
    }
  return layout;
}

void
fsb_dataset_layout_free (FsbDatasetLayout *layout)
{
  if (layout == NULL)
    return;
  for (guint i = 0; i < layout->files->len; i++)
    g_free (g_array_index (layout->files, FsbDatasetFile, i).path);
  g_array_unref (layout->files);
  g_ptr_array_unref (layout->dirs);
  g_free (layout);
}

/* The cache -------------------------------------------------------------- */

void
fsb_dataset_spec_init (FsbDatasetSpec *spec, const FsbSizes *sizes)
{
  static const char *const named[] = { "quick", "standard", "seed" };

  memset (spec, 0, sizeof *spec);
  spec->big_file_bytes = fsb_sizes_get_u64 (sizes, FSB_SIZE_BIG_FILE);
  spec->tree_files = fsb_sizes_get_uint (sizes, FSB_SIZE_TREE_FILES);
  spec->tree_dirs = fsb_sizes_get_uint (sizes, FSB_SIZE_TREE_DIRS);
  spec->tree_min_file = fsb_sizes_get_u64 (sizes, FSB_SIZE_TREE_MIN_FILE);
  spec->tree_max_file = fsb_sizes_get_u64 (sizes, FSB_SIZE_TREE_MAX_FILE);
  spec->tree_total_bytes = fsb_sizes_get_u64 (sizes, FSB_SIZE_TREE_SIZE);
  spec->name = "custom";
  /* Profiles that share their data share its folder (full is standard). */
  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    {
      g_autoptr(FsbSizes) profile = fsb_profile_sizes (named[i]);
      FsbDatasetSpec other = { 0 };

      other.big_file_bytes = fsb_sizes_get_u64 (profile, FSB_SIZE_BIG_FILE);
      other.tree_files = fsb_sizes_get_uint (profile, FSB_SIZE_TREE_FILES);
      other.tree_dirs = fsb_sizes_get_uint (profile, FSB_SIZE_TREE_DIRS);
      other.tree_min_file = fsb_sizes_get_u64 (profile, FSB_SIZE_TREE_MIN_FILE);
      other.tree_max_file = fsb_sizes_get_u64 (profile, FSB_SIZE_TREE_MAX_FILE);
      other.tree_total_bytes = fsb_sizes_get_u64 (profile, FSB_SIZE_TREE_SIZE);
      other.name = spec->name;
      if (memcmp (&other, spec, sizeof other) == 0)
        {
          spec->name = named[i];
          break;
        }
    }
}

char *
fsb_dataset_cache_dir (const FsbDatasetSpec *spec)
{
  g_autofree char *name = NULL;

  if (g_strcmp0 (spec->name, "custom") != 0)
    name = g_strdup (spec->name);
  else
    name = g_strdup_printf ("custom-%" G_GUINT64_FORMAT "-%u-%u-%" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT "-%" G_GUINT64_FORMAT,
                            spec->big_file_bytes, spec->tree_files, spec->tree_dirs,
                            spec->tree_min_file, spec->tree_max_file, spec->tree_total_bytes);
  /* Random data keeps the folder it always had. */
  if (spec->data != FSB_DATA_RANDOM)
    {
      char *kind = g_strconcat (name, "-", fsb_data_kind_id (spec->data), NULL);

      g_free (name);
      name = kind;
    }
  return g_build_filename (g_get_user_cache_dir (), "fsbench", "datasets", name, NULL);
}

static void
add_profile_members (JsonBuilder *b, const FsbDatasetSpec *p, guint64 seed)
{
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, FSB_DATASET_FORMAT);
  json_builder_set_member_name (b, "generator");
  json_builder_add_string_value (b, GENERATOR);
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, (gint64) seed);
  json_builder_set_member_name (b, "profile");
  json_builder_add_string_value (b, p->name);
  json_builder_set_member_name (b, "big_file_bytes");
  json_builder_add_int_value (b, (gint64) p->big_file_bytes);
  json_builder_set_member_name (b, "tree_files");
  json_builder_add_int_value (b, p->tree_files);
  json_builder_set_member_name (b, "tree_dirs");
  json_builder_add_int_value (b, p->tree_dirs);
  json_builder_set_member_name (b, "tree_min_file");
  json_builder_add_int_value (b, (gint64) p->tree_min_file);
  json_builder_set_member_name (b, "tree_max_file");
  json_builder_add_int_value (b, (gint64) p->tree_max_file);
  json_builder_set_member_name (b, "tree_bytes");
  json_builder_add_int_value (b, (gint64) p->tree_total_bytes);
  /* Random data, which all data was before the choice, says nothing. */
  if (p->data != FSB_DATA_RANDOM)
    {
      json_builder_set_member_name (b, "data");
      json_builder_add_string_value (b, fsb_data_kind_id (p->data));
    }
}

/* The manifest: the profile's sizes, the checksums, and (unless summary)
 * every file with its size. */
static JsonNode *
build_manifest (const FsbDatasetSpec *p, const FsbDatasetLayout *layout,
                const char *sha256, const char *sample_sha256, gboolean summary)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  add_profile_members (b, p, layout->seed);
  json_builder_set_member_name (b, "tree_mean_file");
  json_builder_add_int_value (b, (gint64) (layout->tree_bytes / MAX (p->tree_files, 1)));
  json_builder_set_member_name (b, "sha256");
  json_builder_add_string_value (b, sha256);
  json_builder_set_member_name (b, "sample_sha256");
  json_builder_add_string_value (b, sample_sha256);
  if (!summary)
    {
      json_builder_set_member_name (b, "files");
      json_builder_begin_array (b);
      for (guint i = 0; i < layout->files->len; i++)
        {
          const FsbDatasetFile *f = &g_array_index (layout->files, FsbDatasetFile, i);
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "path");
          json_builder_add_string_value (b, f->path);
          json_builder_set_member_name (b, "bytes");
          json_builder_add_int_value (b, (gint64) f->size);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
checksum_header (GChecksum *sum, const FsbDatasetFile *f)
{
  g_autofree char *head = g_strdup_printf ("%s\n%" G_GUINT64_FORMAT "\n", f->path, f->size);

  g_checksum_update (sum, (const guchar *) head, strlen (head));
}

/* Does dir hold this layout? Names, sizes and the start of every file. */
static gboolean
dataset_matches (const FsbDatasetSpec *p, const FsbDatasetLayout *layout, const char *dir,
                 JsonNode **summary, GCancellable *cancellable)
{
  g_autofree char *manifest_path = g_build_filename (dir, "manifest.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonNode) expected = NULL;
  g_autoptr(GChecksum) sample = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree guint8 *want = g_malloc (SAMPLE_BYTES);
  g_autofree guint8 *got = g_malloc (SAMPLE_BYTES);
  g_autofree char *tree = g_build_filename (dir, "tree", NULL);
  JsonObject *o;
  const char *sha256, *sample_sha256;
  FsbFileOps count;
  gboolean counted;

  if (!json_parser_load_from_file (parser, manifest_path, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return FALSE;
  o = json_node_get_object (json_parser_get_root (parser));

  /* The profile members must agree exactly. */
  {
    g_autoptr(JsonBuilder) b = json_builder_new ();
    JsonObject *want_o;
    g_autoptr(GList) members = NULL;

    json_builder_begin_object (b);
    add_profile_members (b, p, layout->seed);
    json_builder_end_object (b);
    expected = json_builder_get_root (b);
    want_o = json_node_get_object (expected);
    members = json_object_get_members (want_o);
    for (GList *l = members; l != NULL; l = l->next)
      {
        JsonNode *have = json_object_get_member (o, l->data);
        if (have == NULL || !json_node_equal (have, json_object_get_member (want_o, l->data)))
          return FALSE;
      }
  }
  sha256 = json_object_get_string_member_with_default (o, "sha256", NULL);
  sample_sha256 = json_object_get_string_member_with_default (o, "sample_sha256", NULL);
  if (sha256 == NULL || sample_sha256 == NULL)
    return FALSE;

  for (guint i = 0; i < layout->files->len; i++)
    {
      const FsbDatasetFile *f = &g_array_index (layout->files, FsbDatasetFile, i);
      g_autofree char *path = g_build_filename (dir, f->path, NULL);
      FsbDatasetStream stream;
      gsize n = (gsize) MIN (f->size, SAMPLE_BYTES);
      struct stat st;
      int fd;
      ssize_t r;

      if (g_cancellable_is_cancelled (cancellable))
        return FALSE;
      fd = open (path, O_RDONLY | O_CLOEXEC);
      if (fd < 0)
        return FALSE;
      r = (fstat (fd, &st) == 0 && S_ISREG (st.st_mode) && (guint64) st.st_size == f->size)
          ? read (fd, got, n) : -1;
      close (fd);
      if (r != (ssize_t) n)
        return FALSE;
      fsb_dataset_stream_init_kind (&stream, layout->seed, i, fsb_dataset_file_kind (p->data, f->path));
      fsb_dataset_stream_fill (&stream, want, n);
      if (memcmp (want, got, n) != 0)
        return FALSE;
      checksum_header (sample, f);
      g_checksum_update (sample, got, n);
    }
  if (strcmp (g_checksum_get_string (sample), sample_sha256) != 0)
    return FALSE;

  /* Nothing more in the tree than the layout has. */
  fsb_file_ops_init (&count, cancellable, NULL, NULL, 0);
  counted = fsb_find_in_tree_at (&count, AT_FDCWD, tree, "*", NULL);
  counted = counted && count.files == p->tree_files + count.dirs;
  fsb_file_ops_clear (&count);
  if (!counted)
    return FALSE;

  if (summary != NULL)
    *summary = build_manifest (p, layout, sha256, sample_sha256, TRUE);
  return TRUE;
}

static gboolean
remove_dataset (const char *dir, GCancellable *cancellable, GError **error)
{
  FsbFileOps ops;
  gboolean ok;
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd < 0)
    return TRUE;
  fsb_file_ops_init (&ops, cancellable, NULL, NULL, 0);
  ok = fsb_remove_tree_at (&ops, fd, "manifest.json", error) &&
       fsb_remove_tree_at (&ops, fd, "big.img", error) &&
       fsb_remove_tree_at (&ops, fd, "tree", error);
  fsb_file_ops_clear (&ops);
  close (fd);
  return ok;
}

static gboolean
write_file (const char *path, guint64 seed, guint index, FsbDataKind kind, guint64 size, guint8 *buf,
            GChecksum *sum, GChecksum *sample, guint64 *done, guint64 total,
            FsbItemProgressFunc progress, gpointer progress_data,
            GCancellable *cancellable, GError **error)
{
  FsbDatasetStream stream;
  guint64 left = size;
  gboolean first = TRUE;
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

  if (fd < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot create “%s”: %s"), path);
      return FALSE;
    }
  fsb_dataset_stream_init_kind (&stream, seed, index, kind);
  while (first || left > 0)
    {
      gsize n = (gsize) MIN (left, FSB_COPY_BUFFER_SIZE);
      gsize off = 0;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          fsb_error_normalize (error);
          close (fd);
          return FALSE;
        }
      fsb_dataset_stream_fill (&stream, buf, n);
      g_checksum_update (sum, buf, n);
      if (first)
        g_checksum_update (sample, buf, MIN (n, SAMPLE_BYTES));
      first = FALSE;
      while (off < n)
        {
          ssize_t w = write (fd, buf + off, n - off);
          if (w < 0 && errno == EINTR)
            continue;
          if (w < 0)
            {
              fsb_set_error_from_errno (error, errno, _("Cannot write “%s”: %s"), path);
              close (fd);
              return FALSE;
            }
          off += (gsize) w;
        }
      left -= n;
      *done += n;
      if (progress != NULL && n > 0)
        progress (*done, total, progress_data);
    }
  if (close (fd) < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot write “%s”: %s"), path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
build_dataset (const FsbDatasetSpec *p, const FsbDatasetLayout *layout, const char *dir,
               FsbItemProgressFunc progress, gpointer progress_data, JsonNode **summary,
               GCancellable *cancellable, GError **error)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autoptr(GChecksum) sample = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree guint8 *buf = g_malloc (FSB_COPY_BUFFER_SIZE);
  g_autoptr(JsonNode) manifest = NULL;
  g_autofree char *manifest_path = g_build_filename (dir, "manifest.json", NULL);
  guint64 done = 0, total = p->big_file_bytes + layout->tree_bytes;

  for (guint i = 0; i < layout->dirs->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, layout->dirs->pdata[i], NULL);
      if (g_mkdir (path, 0755) < 0 && errno != EEXIST)
        {
          fsb_set_error_from_errno (error, errno, _("Cannot create the folder “%s”: %s"), path);
          return FALSE;
        }
    }
  for (guint i = 0; i < layout->files->len; i++)
    {
      const FsbDatasetFile *f = &g_array_index (layout->files, FsbDatasetFile, i);
      g_autofree char *path = g_build_filename (dir, f->path, NULL);

      checksum_header (sum, f);
      checksum_header (sample, f);
      if (!write_file (path, layout->seed, i, fsb_dataset_file_kind (p->data, f->path), f->size, buf, sum, sample, &done, total,
                       progress, progress_data, cancellable, error))
        return FALSE;
    }
  /* Clean pages, so posix_fadvise DONTNEED can drop them before a copy. */
  if (!fsb_sync_filesystem (dir, error))
    return FALSE;

  manifest = build_manifest (p, layout, g_checksum_get_string (sum), g_checksum_get_string (sample), FALSE);
  /* The manifest comes last: a dataset cut short has none and is rebuilt. */
  {
    gsize len;
    g_autofree char *data = fsb_json_to_data (manifest, TRUE, &len);
    if (!g_file_set_contents (manifest_path, data, (gssize) len, error))
      {
        fsb_error_normalize (error);
        return FALSE;
      }
  }
  if (summary != NULL)
    *summary = build_manifest (p, layout, g_checksum_get_string (sum), g_checksum_get_string (sample), TRUE);
  return TRUE;
}

/* Writing apart, then in place ------------------------------------------ */

static gboolean
remove_tree_path (const char *path, GError **error)
{
  FsbFileOps ops;
  gboolean ok;

  fsb_file_ops_init (&ops, NULL, NULL, NULL, 0);
  ok = fsb_remove_tree_at (&ops, AT_FDCWD, path, error);
  fsb_file_ops_clear (&ops);
  return ok;
}

/* What the dataset takes on disk: whole 4 KiB blocks per file and folder,
 * and the manifest's line per file. G_MAXUINT64 if that overflows. */
static guint64
dataset_bytes (const FsbDatasetLayout *layout)
{
  guint64 total = (guint64) layout->dirs->len * 4096 + (guint64) layout->files->len * 128;

  for (guint i = 0; i < layout->files->len; i++)
    {
      guint64 size = g_array_index (layout->files, FsbDatasetFile, i).size;
      guint64 blocks = size / 4096 + (size % 4096 != 0);

      if (blocks > G_MAXUINT64 / 4096 || !g_uint64_checked_add (&total, total, blocks * 4096))
        return G_MAXUINT64;
    }
  return total;
}

gboolean
fsb_dataset_check_space (const char *dir, guint64 needed, GError **error)
{
  g_autofree char *probe = g_strdup (dir);
  struct statvfs vfs;
  guint64 avail;

  /* the nearest folder that exists holds the filesystem it will be on */
  while (statvfs (probe, &vfs) != 0)
    {
      g_autofree char *parent = g_path_get_dirname (probe);

      if (errno != ENOENT || strcmp (parent, probe) == 0)
        return TRUE;   /* cannot tell: writing will say */
      g_free (probe);
      probe = g_steal_pointer (&parent);
    }
  avail = (guint64) vfs.f_bavail * vfs.f_frsize;
  if (avail >= needed)
    return TRUE;
  {
    g_autofree char *need = g_format_size (needed);
    g_autofree char *have = g_format_size (avail);
    g_autofree char *where = g_filename_display_name (probe);

    g_set_error (error, FSB_ERROR, FSB_ERROR_NO_SPACE,
                 /* Translators: the size the dataset needs, the space free, a folder */
                 _("The test data needs %s, and only %s are free in %s. Free some space or choose "
                   "smaller sizes."), need, have, where);
  }
  return FALSE;
}

/* ".NAME.tmp-PID-XXXXXX" beside dir: the same filesystem, so it is renamed
 * into place. Those of processes that died (killed: no cleanup ran) go. */
char *
fsb_dataset_temp_sibling (const char *dir, GError **error)
{
  g_autofree char *parent = g_path_get_dirname (dir);
  g_autofree char *base = g_path_get_basename (dir);
  g_autofree char *prefix = g_strdup_printf (".%s.tmp-", base);
  g_autofree char *name = g_strdup_printf ("%s%d-XXXXXX", prefix, (int) getpid ());
  char *tmp;
  g_autoptr(GDir) siblings = NULL;
  const char *entry;

  if (g_mkdir_with_parents (parent, 0755) < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot create the folder “%s”: %s"), parent);
      return NULL;
    }
  siblings = g_dir_open (parent, 0, NULL);
  while (siblings != NULL && (entry = g_dir_read_name (siblings)) != NULL)
    {
      int pid = 0;

      if (g_str_has_prefix (entry, prefix) && sscanf (entry + strlen (prefix), "%d-", &pid) == 1
          && pid > 0 && kill (pid, 0) < 0 && errno == ESRCH)
        {
          g_autofree char *stale = g_build_filename (parent, entry, NULL);
          remove_tree_path (stale, NULL);
        }
    }
  tmp = g_build_filename (parent, name, NULL);
  if (g_mkdtemp_full (tmp, 0755) == NULL)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot create the folder “%s”: %s"), parent);
      g_free (tmp);
      return NULL;
    }
  return tmp;
}

/* A new folder takes the finished one's place in one rename; an existing
 * folder of the user's gets its three entries, the manifest last, so it
 * is a dataset only once it is whole. */
static gboolean
install (const char *tmp, const char *dir, GError **error)
{
  static const char *const entries[] = { "tree", "big.img", "manifest.json" };
  GStatBuf st;
  int from, to;
  gboolean ok = TRUE;

  if (g_lstat (dir, &st) != 0 && errno == ENOENT)
    {
      if (g_rename (tmp, dir) == 0)
        return TRUE;
      fsb_set_error_from_errno (error, errno, _("Cannot create the folder “%s”: %s"), dir);
      return FALSE;
    }
  from = open (tmp, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  to = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  for (guint i = 0; i < G_N_ELEMENTS (entries) && ok; i++)
    if (from < 0 || to < 0 || (faccessat (from, entries[i], F_OK, AT_SYMLINK_NOFOLLOW) == 0
                               && renameat (from, entries[i], to, entries[i]) < 0))
      {
        g_autofree char *path = g_build_filename (dir, entries[i], NULL);
        fsb_set_error_from_errno (error, errno, _("Cannot create “%s”: %s"), path);
        ok = FALSE;
      }
  if (from >= 0)
    close (from);
  if (to >= 0)
    close (to);
  if (ok)
    g_rmdir (tmp);
  return ok;
}

gboolean
fsb_dataset_ensure (const FsbDatasetSpec   *profile,
                    const char         *dir,
                    gboolean            replace,
                    FsbItemProgressFunc progress,
                    gpointer            progress_data,
                    JsonNode          **summary,
                    GCancellable       *cancellable,
                    GError            **error)
{
  g_autoptr(FsbDatasetLayout) layout = NULL;
  g_autofree char *display = g_filename_display_name (dir);
  g_autofree char *big = g_build_filename (dir, "big.img", NULL);
  g_autofree char *tree = g_build_filename (dir, "tree", NULL);
  g_autofree char *manifest = g_build_filename (dir, "manifest.json", NULL);
  g_autofree char *tmp = NULL;
  gboolean ok;

  g_return_val_if_fail (profile != NULL && dir != NULL, FALSE);

  if (profile->tree_files > 0 &&
      (profile->tree_min_file > profile->tree_max_file ||
       profile->tree_total_bytes < profile->tree_min_file * profile->tree_files ||
       profile->tree_total_bytes > profile->tree_max_file * profile->tree_files))
    {
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID,
                           _("The size of the tree does not fit its number of files and their size limits"));
      return FALSE;
    }

  layout = fsb_dataset_layout_new (profile, FSB_DATASET_SEED);
  if (dataset_matches (profile, layout, dir, summary, cancellable))
    return TRUE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      fsb_error_normalize (error);
      return FALSE;
    }

  if (g_file_test (big, G_FILE_TEST_EXISTS) || g_file_test (tree, G_FILE_TEST_EXISTS) ||
      g_file_test (manifest, G_FILE_TEST_EXISTS))
    {
      if (!replace)
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                       /* Translators: %s is a folder */
                       _("“%s” already holds data that is not this dataset; choose an empty folder"), display);
          return FALSE;
        }
      if (!remove_dataset (dir, cancellable, error))
        return FALSE;
    }

  /* Written apart and moved into place once whole: a dataset cut short by
   * an error, a cancel or a full disk leaves nothing behind. */
  if (!fsb_dataset_check_space (dir, dataset_bytes (layout), error))
    return FALSE;
  tmp = fsb_dataset_temp_sibling (dir, error);
  if (tmp == NULL)
    return FALSE;
  ok = build_dataset (profile, layout, tmp, progress, progress_data, summary, cancellable, error);
  if (ok && !install (tmp, dir, error))
    {
      /* Another run of this user (two hosts of one machine in a fleet's
       * inventory) made the same data at the same time and put it in
       * place first: that one will do. */
      ok = dataset_matches (profile, layout, dir, NULL, cancellable);
      if (ok)
        {
          g_clear_error (error);
          remove_tree_path (tmp, NULL);
        }
    }
  if (!ok)
    {
      g_autoptr(GError) cleanup = NULL;
      if (!remove_tree_path (tmp, &cleanup))
        g_warning ("Could not remove %s: %s", tmp, cleanup->message);
      if (summary != NULL)
        g_clear_pointer (summary, json_node_unref);
    }
  return ok;
}

JsonNode *
fsb_dataset_describe_folder (const char   *dir,
                             guint        *n_files,
                             guint64      *n_bytes,
                             GCancellable *cancellable,
                             GError      **error)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  guint64 disk = 0, dirs = 0, files = 0;

  /* G_FILE_MEASURE_APPARENT_SIZE: bytes as cp reads them, not blocks. */
  if (!g_file_measure_disk_usage (file, G_FILE_MEASURE_APPARENT_SIZE | G_FILE_MEASURE_NO_XDEV,
                                  cancellable, NULL, NULL, &disk, &dirs, &files, error))
    {
      fsb_error_normalize (error);
      return NULL;
    }
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "format");
  json_builder_add_string_value (b, FSB_DATASET_FORMAT);
  json_builder_set_member_name (b, "source");
  json_builder_add_string_value (b, dir);
  json_builder_set_member_name (b, "tree_files");
  json_builder_add_int_value (b, (gint64) files);
  json_builder_set_member_name (b, "tree_dirs");
  json_builder_add_int_value (b, (gint64) (dirs > 0 ? dirs - 1 : 0));
  json_builder_set_member_name (b, "tree_bytes");
  json_builder_add_int_value (b, (gint64) disk);
  json_builder_end_object (b);
  if (n_files != NULL)
    *n_files = (guint) MIN (files, G_MAXUINT);
  if (n_bytes != NULL)
    *n_bytes = disk;
  return json_builder_get_root (b);
}
