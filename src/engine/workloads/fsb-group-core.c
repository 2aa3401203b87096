/* fsb-group-core.c: the core group: the eight data tasks of seed 000
 * (a big file, a file tree, listing and search), its sizes and criteria */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-dataset.h"
#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-workloads-private.h"

/* Where each task reads and writes, relative to the mount point. */
#define BIG_NAME     FSB_CORE_BIG_NAME
#define BIG_FIRST    FSB_CORE_BIG_FIRST
#define BIG_SECOND   "big-2"
#define TREE_SOURCE  "tree"
#define TREE_FIRST   "tree-1"
#define TREE_SECOND  "tree-2"
#define LISTING      "listing.txt"

/* The copies of the tree in place when it is listed and searched: a
 * batch's operations take turns on them (FsbTaskSpec.cold_copies). */
static const char *const trees[] = { TREE_FIRST, TREE_SECOND };
#define TREE_OF(ctx) (trees[(ctx)->batch_index % G_N_ELEMENTS (trees)])

typedef struct {
  FsbFileOps ops;
  int        mount_fd;
  int        source_fd;
} Task;

static gboolean
task_begin (Task *t, FsbWorkloadContext *ctx, guint64 total, gboolean need_source, GError **error)
{
  fsb_file_ops_init (&t->ops, ctx->cancellable, ctx->progress, ctx->progress_data, total);
  t->source_fd = -1;
  t->mount_fd = open (ctx->mount_point, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (t->mount_fd < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot open the folder “%s”: %s"), ctx->mount_point);
      return FALSE;
    }
  if (need_source)
    {
      t->source_fd = open (ctx->source_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (t->source_fd < 0)
        {
          fsb_set_error_from_errno (error, errno, _("Cannot open the folder “%s”: %s"), ctx->source_dir);
          return FALSE;
        }
    }
  return TRUE;
}

/* The flush belongs to the task: it runs before the clock stops. */
static gboolean
task_end (Task *t, FsbWorkloadContext *ctx, gboolean ok, gboolean wrote,
          FsbSample *sample, GError **error)
{
  if (ok && wrote && syncfs (t->mount_fd) < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot flush “%s”: %s"), ctx->mount_point);
      ok = FALSE;
    }
  if (ok)
    {
      fsb_sample_set (sample, "bytes", (double) t->ops.bytes);
      fsb_sample_set (sample, "files", (double) t->ops.files);
    }
  if (t->source_fd >= 0)
    close (t->source_fd);
  if (t->mount_fd >= 0)
    close (t->mount_fd);
  fsb_file_ops_clear (&t->ops);
  return ok;
}

static gboolean
make_dir (int dirfd, const char *name, GError **error)
{
  if (mkdirat (dirfd, name, 0755) < 0 && errno != EEXIST)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot create the folder “%s”: %s"), name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
copy_big (FsbWorkloadContext *ctx, FsbSample *sample, gboolean from_source,
          const char *from_dir, const char *to_dir, GError **error)
{
  Task t;
  gboolean ok = FALSE;
  int from_fd = -1, to_fd = -1;

  if (!task_begin (&t, ctx, fsb_sizes_get_u64 (ctx->sizes, FSB_SIZE_BIG_FILE), from_source, error))
    goto out;
  t.ops.progress_bytes = TRUE;
  t.ops.drop_source_cache = from_source;
  from_fd = openat (from_source ? t.source_fd : t.mount_fd, from_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (from_fd < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot open the folder “%s”: %s"), from_dir);
      goto out;
    }
  if (!make_dir (t.mount_fd, to_dir, error))
    goto out;
  to_fd = openat (t.mount_fd, to_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (to_fd < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot open the folder “%s”: %s"), to_dir);
      goto out;
    }
  ok = fsb_copy_file_at (&t.ops, from_fd, BIG_NAME, to_fd, BIG_NAME, error);

out:
  if (from_fd >= 0)
    close (from_fd);
  if (to_fd >= 0)
    close (to_fd);
  return task_end (&t, ctx, ok, TRUE, sample, error);
}

gboolean
fsb_workload_big_copy_in (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  /* The source's folder holds big.img itself. */
  return copy_big (ctx, sample, TRUE, ".", BIG_FIRST, error);
}

gboolean
fsb_workload_big_recopy (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return copy_big (ctx, sample, FALSE, BIG_FIRST, BIG_SECOND, error);
}

gboolean
fsb_workload_big_delete (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  Task t;
  gboolean ok;

  if (!task_begin (&t, ctx, 2, FALSE, error))
    return task_end (&t, ctx, FALSE, FALSE, sample, error);
  ok = fsb_remove_tree_at (&t.ops, t.mount_fd, BIG_FIRST, error) &&
       fsb_remove_tree_at (&t.ops, t.mount_fd, BIG_SECOND, error);
  return task_end (&t, ctx, ok, TRUE, sample, error);
}

static gboolean
copy_tree (FsbWorkloadContext *ctx, FsbSample *sample, gboolean from_source,
           const char *from, const char *to, GError **error)
{
  Task t;
  gboolean ok;

  if (!task_begin (&t, ctx, fsb_sizes_get_uint (ctx->sizes, FSB_SIZE_TREE_FILES), from_source, error))
    return task_end (&t, ctx, FALSE, FALSE, sample, error);
  t.ops.drop_source_cache = from_source;
  ok = fsb_copy_tree_at (&t.ops, from_source ? t.source_fd : t.mount_fd, from,
                         t.mount_fd, to, error);
  return task_end (&t, ctx, ok, TRUE, sample, error);
}

gboolean
fsb_workload_tree_copy_in (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return copy_tree (ctx, sample, TRUE, TREE_SOURCE, TREE_FIRST, error);
}

gboolean
fsb_workload_tree_recopy (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return copy_tree (ctx, sample, FALSE, TREE_FIRST, TREE_SECOND, error);
}

gboolean
fsb_workload_tree_list (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  Task t;
  gboolean ok = FALSE;
  struct stat st;
  guint64 listing_bytes = 0;
  int out = -1;

  if (!task_begin (&t, ctx, fsb_sizes_get_uint (ctx->sizes, FSB_SIZE_TREE_FILES), FALSE, error))
    return task_end (&t, ctx, FALSE, FALSE, sample, error);
  out = openat (t.mount_fd, LISTING, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0)
    fsb_set_error_from_errno (error, errno, _("Cannot create “%s”: %s"), LISTING);
  else
    ok = fsb_list_tree_at (&t.ops, t.mount_fd, TREE_OF (ctx), out, error);
  if (out >= 0)
    {
      if (fstat (out, &st) == 0)
        listing_bytes = (guint64) st.st_size;
      if (close (out) < 0 && ok)
        {
          fsb_set_error_from_errno (error, errno, _("Cannot write “%s”: %s"), LISTING);
          ok = FALSE;
        }
    }
  ok = task_end (&t, ctx, ok, TRUE, sample, error);
  /* bytes: the size of the listing written. */
  if (ok)
    fsb_sample_set (sample, "bytes", (double) listing_bytes);
  return ok;
}

gboolean
fsb_workload_tree_find (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  Task t;
  gboolean ok;

  if (!task_begin (&t, ctx, 0, FALSE, error))
    return task_end (&t, ctx, FALSE, FALSE, sample, error);
  ok = fsb_find_in_tree_at (&t.ops, t.mount_fd, TREE_OF (ctx), FSB_CORE_FIND_PATTERN, error);
  /* files: the matches, as find prints them. */
  return task_end (&t, ctx, ok, FALSE, sample, error);
}

gboolean
fsb_workload_tree_delete (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  Task t;
  gboolean ok;

  if (!task_begin (&t, ctx, 2 * (guint64) fsb_sizes_get_uint (ctx->sizes, FSB_SIZE_TREE_FILES) + 1, FALSE, error))
    return task_end (&t, ctx, FALSE, FALSE, sample, error);
  ok = fsb_remove_tree_at (&t.ops, t.mount_fd, TREE_FIRST, error) &&
       fsb_remove_tree_at (&t.ops, t.mount_fd, TREE_SECOND, error) &&
       fsb_remove_tree_at (&t.ops, t.mount_fd, LISTING, error);
  return task_end (&t, ctx, ok, TRUE, sample, error);
}

/* The group ---------------------------------------------------------------- */

#define KB 1e3
#define MB 1e6
/* A first guess at the disk's rates, replaced by what the run measures. */
#define COPY_RATE (120 * MB)

static double
estimate_big_copy (const FsbSizes *s)
{
  return 0.5 + fsb_sizes_get (s, FSB_SIZE_BIG_FILE) / COPY_RATE;
}

static double
estimate_big_delete (const FsbSizes *s)
{
  return 0.7;
}

static double
estimate_tree_copy (const FsbSizes *s)
{
  return 0.5 + fsb_sizes_get (s, FSB_SIZE_TREE_SIZE) / COPY_RATE + fsb_sizes_get (s, FSB_SIZE_TREE_FILES) / 4000;
}

static double
estimate_tree_walk (const FsbSizes *s)
{
  return 0.5 + fsb_sizes_get (s, FSB_SIZE_TREE_FILES) / 20000;
}

static double
estimate_tree_delete (const FsbSizes *s)
{
  return 0.5 + fsb_sizes_get (s, FSB_SIZE_TREE_FILES) / 5000;
}

static const FsbTaskSpec tasks[] = {
  { "big-copy-in", N_("Copy a big file in"),
    N_("Copies the big file from the source to the target, as when saving an ISO image or a video."),
    "big-files", "wall_s", FALSE, fsb_workload_big_copy_in, NULL, NULL, estimate_big_copy, TRUE, TRUE },
  { "big-recopy", N_("Copy the big file within"),
    N_("Copies the big file to another folder on the same filesystem: it reads and writes the same disk."),
    "big-files", "wall_s", FALSE, fsb_workload_big_recopy, NULL, NULL, estimate_big_copy, FALSE, TRUE },
  { "big-delete", N_("Delete the big files"),
    N_("Deletes both copies of the big file; some filesystems free large extents at once, others block by block."),
    "big-files", "wall_s", FALSE, fsb_workload_big_delete, NULL, NULL, estimate_big_delete,
    .moves_no_data = TRUE },
  { "tree-copy-in", N_("Copy a file tree in"),
    N_("Copies a tree of folders and files of mixed sizes to the target, like a home folder or a web site."),
    "tree", "wall_s", FALSE, fsb_workload_tree_copy_in, NULL, NULL, estimate_tree_copy, TRUE, TRUE },
  { "tree-recopy", N_("Copy the tree within"),
    N_("Copies the tree to another folder on the same filesystem."),
    "tree", "wall_s", FALSE, fsb_workload_tree_recopy, NULL, NULL, estimate_tree_copy, FALSE, TRUE },
  { "tree-list", N_("List the tree"),
    N_("Lists the whole tree with its metadata and writes the listing to a file, as ls -lR does."),
    "list-search", "wall_s", FALSE, fsb_workload_tree_list, NULL, NULL, estimate_tree_walk,
    .batch = TRUE, .cold_copies = G_N_ELEMENTS (trees) },
  { "tree-find", N_("Find files"),
    N_("Walks the tree and finds the files whose names match a pattern, as find does."),
    "list-search", "wall_s", FALSE, fsb_workload_tree_find, NULL, NULL, estimate_tree_walk,
    .batch = TRUE, .cold_copies = G_N_ELEMENTS (trees) },
  { "tree-delete", N_("Delete the trees"),
    N_("Deletes both copies of the tree."),
    "tree", "wall_s", FALSE, fsb_workload_tree_delete, NULL, NULL, estimate_tree_delete,
    .moves_no_data = TRUE },
};

static const FsbCriterionSpec criteria[] = {
  { "big-files", N_("Big files"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the fastest with big files: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on big files (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s needed %s for the big file tasks.") },
    { { "desktop", 2 }, { "server", 2 }, { "media", 4 } } },
  { "tree", N_("File tree"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the fastest with file trees: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on file trees (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s needed %s for the file tree tasks.") },
    { { "desktop", 2 }, { "server", 2 } } },
  { "list-search", N_("Listing and search"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the fastest to list and search: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on listing and search (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s needed %s to list and search.") },
    { { "desktop", 2 }, { "server", 1 } } },
};

/* The study's sizes (seed 000), and the same divided by 4 and by 20. The
 * tree's file size limits stay those of the study at every scale: only
 * counts and totals shrink, so the mix of file sizes is the same. */
static const FsbParamSpec params[] = {
  { FSB_SIZE_BIG_FILE, N_("Size of the big file"), FSB_PARAM_BYTES,
    { 35 * MB, 175 * MB, 700 * MB }, 1, 1099511627776.0 },
  { FSB_SIZE_TREE_SIZE, N_("Total size of the file tree"), FSB_PARAM_BYTES,
    { 95 * MB, 475 * MB, 1900 * MB }, 1, 1099511627776.0 },
  { FSB_SIZE_TREE_FILES, N_("Number of files in the tree"), FSB_PARAM_COUNT,
    { 375, 1875, 7500 }, 1, 10000000 },
  { FSB_SIZE_TREE_DIRS, N_("Number of folders in the tree"), FSB_PARAM_COUNT,
    { 45, 225, 900 }, 1, 1000000 },
  { FSB_SIZE_TREE_MIN_FILE, N_("Smallest file of the tree"), FSB_PARAM_BYTES,
    { 10 * KB, 10 * KB, 10 * KB }, 0, 1099511627776.0 },
  { FSB_SIZE_TREE_MAX_FILE, N_("Largest file of the tree"), FSB_PARAM_BYTES,
    { 5 * MB, 5 * MB, 5 * MB }, 1, 1099511627776.0 },
};

static guint64
space_needed (const FsbSizes *s)
{
  /* Both copies of the tree, plus the listing; the big files are deleted
   * before the tree arrives. */
  double big = 2 * fsb_sizes_get (s, FSB_SIZE_BIG_FILE);
  double tree = 2 * fsb_sizes_get (s, FSB_SIZE_TREE_SIZE) + 16 * 128 * fsb_sizes_get (s, FSB_SIZE_TREE_FILES);

  return (guint64) MIN (MAX (big, tree), (double) FSB_SIZE_MAX);
}

static gboolean
invalid (GError **error, const char *message)
{
  g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, message);
  return FALSE;
}

static gboolean
check_sizes (FsbSizes *s, GError **error)
{
  double files = fsb_sizes_get (s, FSB_SIZE_TREE_FILES);
  double total = fsb_sizes_get (s, FSB_SIZE_TREE_SIZE);
  double min = fsb_sizes_get (s, FSB_SIZE_TREE_MIN_FILE);
  double max = fsb_sizes_get (s, FSB_SIZE_TREE_MAX_FILE);

  if (fsb_sizes_get (s, FSB_SIZE_BIG_FILE) < 1)
    return invalid (error, _("The big file must not be empty"));
  if (files < 1 || fsb_sizes_get (s, FSB_SIZE_TREE_DIRS) < 1)
    return invalid (error, _("The file tree needs at least one file and one folder"));
  /* Let small custom trees have small files. */
  if (min * files > total)
    fsb_sizes_set (s, FSB_SIZE_TREE_MIN_FILE, min = floor (total / files));
  if (min > max)
    return invalid (error, _("The smallest file of the tree is larger than the largest"));
  if (total > max * files)
    return invalid (error, _("The size of the tree does not fit its number of files and their size limits"));
  return TRUE;
}


const FsbWorkloadGroup fsb_group_core = {
  .id = "core",
  .name = N_("Core study"),
  .description = N_("The data tasks of the ext3, ReiserFS, JFS and XFS comparison: a big file, a file tree, listing and search."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .space_needed = space_needed,
  .check_sizes = check_sizes,
};
