/* fsb-workloads-core.c: the eight data tasks of seed 000 (big file, tree, list, find) */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-workloads-private.h"

/* Where each task reads and writes, relative to the mount point. */
#define BIG_NAME     "big.img"
#define BIG_FIRST    "big-1"
#define BIG_SECOND   "big-2"
#define TREE_SOURCE  "tree"
#define TREE_FIRST   "tree-1"
#define TREE_SECOND  "tree-2"
#define LISTING      "listing.txt"

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
      fsb_set_error_from_errno (error, errno, _("Cannot open the folder"), ctx->mount_point);
      return FALSE;
    }
  if (need_source)
    {
      t->source_fd = open (ctx->source_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (t->source_fd < 0)
        {
          fsb_set_error_from_errno (error, errno, _("Cannot open the folder"), ctx->source_dir);
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
      fsb_set_error_from_errno (error, errno, _("Cannot flush"), ctx->mount_point);
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
      fsb_set_error_from_errno (error, errno, _("Cannot create the folder"), name);
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

  if (!task_begin (&t, ctx, ctx->profile->big_file_bytes, from_source, error))
    goto out;
  t.ops.progress_bytes = TRUE;
  t.ops.drop_source_cache = from_source;
  from_fd = openat (from_source ? t.source_fd : t.mount_fd, from_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (from_fd < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot open the folder"), from_dir);
      goto out;
    }
  if (!make_dir (t.mount_fd, to_dir, error))
    goto out;
  to_fd = openat (t.mount_fd, to_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (to_fd < 0)
    {
      fsb_set_error_from_errno (error, errno, _("Cannot open the folder"), to_dir);
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

  if (!task_begin (&t, ctx, ctx->profile->tree_files, from_source, error))
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

  if (!task_begin (&t, ctx, ctx->profile->tree_files, FALSE, error))
    return task_end (&t, ctx, FALSE, FALSE, sample, error);
  out = openat (t.mount_fd, LISTING, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0)
    fsb_set_error_from_errno (error, errno, _("Cannot create"), LISTING);
  else
    ok = fsb_list_tree_at (&t.ops, t.mount_fd, TREE_FIRST, out, error);
  if (out >= 0)
    {
      if (fstat (out, &st) == 0)
        listing_bytes = (guint64) st.st_size;
      if (close (out) < 0 && ok)
        {
          fsb_set_error_from_errno (error, errno, _("Cannot write"), LISTING);
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
  ok = fsb_find_in_tree_at (&t.ops, t.mount_fd, TREE_FIRST, FSB_CORE_FIND_PATTERN, error);
  /* files: the matches, as find prints them. */
  return task_end (&t, ctx, ok, FALSE, sample, error);
}

gboolean
fsb_workload_tree_delete (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  Task t;
  gboolean ok;

  if (!task_begin (&t, ctx, 2 * (guint64) ctx->profile->tree_files + 1, FALSE, error))
    return task_end (&t, ctx, FALSE, FALSE, sample, error);
  ok = fsb_remove_tree_at (&t.ops, t.mount_fd, TREE_FIRST, error) &&
       fsb_remove_tree_at (&t.ops, t.mount_fd, TREE_SECOND, error) &&
       fsb_remove_tree_at (&t.ops, t.mount_fd, LISTING, error);
  return task_end (&t, ctx, ok, TRUE, sample, error);
}
