/* fsb-group-small-files.c: the small-files group (seed 002), as bonnie++ -n
 * does it: files of 0 to 1,999 bytes created, stat'ed and deleted, in
 * sequential and in random order */
#include "config.h"

#define _GNU_SOURCE

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-workloads-private.h"
#include "fsb-fileops.h"
#include "fsb-workloads-util.h"

#define SMALL_FILES "small-files"   /* its size: how many files */
#define SMALL_MAX_SIZE 2000   /* sizes are uniform in 0..1999, as the seed chose */

typedef enum {
  ORDER_SEQ,
  ORDER_RAND,
} Order;

/* The names and sizes of one set, the same in every task and every run. */
typedef struct {
  guint    n;
  char   **names;   /* in creation order */
  guint16 *sizes;
  guint64  seed;
} SmallSet;

static void
small_set_clear (SmallSet *set)
{
  g_clear_pointer (&set->names, g_strfreev);
  g_clear_pointer (&set->sizes, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SmallSet, small_set_clear)

static void
random_chars (FsbRng *rng, char *out, guint len)
{
  static const char chars[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

  for (guint i = 0; i < len; i++)
    out[i] = chars[fsb_rng_below (rng, sizeof chars - 1)];
  out[len] = '\0';
}

/* Fisher–Yates: a permutation of 0..n-1 fixed by the seed. */
static guint *
permutation (guint n, guint64 seed)
{
  guint *p = g_new (guint, MAX (n, 1));
  FsbRng rng;

  fsb_rng_init (&rng, seed);
  for (guint i = 0; i < n; i++)
    p[i] = i;
  for (guint i = n; i > 1; i--)
    {
      guint j = fsb_rng_below (&rng, i);
      guint t = p[i - 1];
      p[i - 1] = p[j];
      p[j] = t;
    }
  return p;
}

/* bonnie++: sequential names start with the number, so they sort in
 * creation order; random ones start with random characters. */
static void
small_set_build (SmallSet *set, guint n, Order order)
{
  FsbRng rng;
  char chars[8];

  set->n = n;
  set->seed = fsb_seed_from (order == ORDER_SEQ ? "small-seq" : "small-rand", n, 0);
  set->names = g_new0 (char *, n + 1);
  set->sizes = g_new (guint16, MAX (n, 1));
  fsb_rng_init (&rng, set->seed);
  for (guint i = 0; i < n; i++)
    {
      random_chars (&rng, chars, 7);
      set->names[i] = order == ORDER_SEQ ? g_strdup_printf ("%07u%s", i, chars)
                                         : g_strdup_printf ("%s%07u", chars, i);
      set->sizes[i] = fsb_rng_below (&rng, SMALL_MAX_SIZE);
    }
  if (order == ORDER_RAND)
    {
      /* Created in random order: shuffle the list itself. */
      g_autofree guint *p = permutation (n, set->seed ^ 1);
      g_autofree char **names = g_memdup2 (set->names, sizeof (char *) * n);
      g_autofree guint16 *sizes = g_memdup2 (set->sizes, sizeof (guint16) * MAX (n, 1));

      for (guint i = 0; i < n; i++)
        {
          set->names[i] = names[p[i]];
          set->sizes[i] = sizes[p[i]];
        }
    }
}

static char *
set_dir (FsbWorkloadContext *ctx, Order order)
{
  return g_build_filename (ctx->mount_point, order == ORDER_SEQ ? "small-seq" : "small-rand", NULL);
}

static void
report (FsbWorkloadContext *ctx, guint done, guint total)
{
  if (ctx->progress != NULL && (done % 256 == 0 || done == total))
    ctx->progress (done, total, ctx->progress_data);
}

static void
set_rate (FsbSample *sample, guint files, double start)
{
  double elapsed = fsb_now () - start;

  fsb_sample_set (sample, "files", files);
  fsb_sample_set (sample, "files_per_s", elapsed > 0 ? files / elapsed : 0.0);
}

static gboolean
small_create (FsbWorkloadContext *ctx, FsbSample *sample, Order order, GError **error)
{
  g_auto(SmallSet) set = { 0 };
  g_autofree char *dir = set_dir (ctx, order);
  guint8 buf[SMALL_MAX_SIZE];
  FsbTreeCount junk = { 0 };
  guint64 bytes = 0;
  double start = fsb_now ();
  FsbRng rng;
  int dfd;

  small_set_build (&set, fsb_sizes_get_uint (ctx->sizes, SMALL_FILES), order);
  fsb_rng_init (&rng, set.seed ^ 2);
  if (!fsb_remove_tree (dir, &junk, ctx->cancellable, error))
    return FALSE;
  if (mkdir (dir, 0755) < 0 || (dfd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
    return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), dir);

  for (guint i = 0; i < set.n; i++)
    {
      int fd = openat (dfd, set.names[i], O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
      ssize_t n = 0;

      if (fd >= 0 && set.sizes[i] > 0)
        {
          fsb_rng_fill (&rng, buf, set.sizes[i]);
          n = write (fd, buf, set.sizes[i]);
        }
      if (fd < 0 || n != set.sizes[i] || close (fd) < 0)
        {
          g_autofree char *p = g_build_filename (dir, set.names[i], NULL);
          int errsv = n >= 0 && fd >= 0 && n != set.sizes[i] ? ENOSPC : errno;
          close (dfd);
          return fsb_errno_fail (error, errsv, _("Cannot write “%s”: %s"), p);
        }
      bytes += set.sizes[i];
      report (ctx, i + 1, set.n);
      if ((i & 255) == 0 && g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        {
          close (dfd);
          fsb_error_normalize (error);
          return FALSE;
        }
    }
  if (syncfs (dfd) < 0)
    {
      int errsv = errno;
      close (dfd);
      return fsb_errno_fail (error, errsv, _("Cannot flush “%s”: %s"), dir);
    }
  close (dfd);
  fsb_sample_set (sample, "bytes", bytes);
  set_rate (sample, set.n, start);
  return TRUE;
}

static gboolean
count_mismatch (GError **error, const char *dir, guint found, guint expected)
{
  g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
               /* Translators: "/mnt/small-seq holds 99 files, 100 expected" */
               g_dngettext (GETTEXT_PACKAGE, "“%s” holds %u file, %u expected",
                            "“%s” holds %u files, %u expected", found),
               dir, found, expected);
  return FALSE;
}

/* Sequential order means readdir order, as bonnie++ and rm read it. */
static gboolean
small_walk_dir (FsbWorkloadContext *ctx, FsbSample *sample, gboolean remove, GError **error)
{
  g_autofree char *dir = set_dir (ctx, ORDER_SEQ);
  double start = fsb_now ();
  struct dirent *e;
  guint done = 0;
  guint64 bytes = 0;
  DIR *d = opendir (dir);

  if (d == NULL)
    return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), dir);
  while ((e = readdir (d)) != NULL)
    {
      struct stat st;
      int r;

      if (e->d_name[0] == '.')
        continue;
      r = remove ? unlinkat (dirfd (d), e->d_name, 0)
                 : fstatat (dirfd (d), e->d_name, &st, AT_SYMLINK_NOFOLLOW);
      if (r < 0)
        {
          g_autofree char *p = g_build_filename (dir, e->d_name, NULL);
          int errsv = errno;
          closedir (d);
          return fsb_errno_fail (error, errsv, remove ? _("Cannot delete “%s”: %s")
                                                           : _("Cannot read “%s”: %s"), p);
        }
      if (!remove)
        bytes += st.st_size;
      done++;
      report (ctx, done, fsb_sizes_get_uint (ctx->sizes, SMALL_FILES));
      if ((done & 255) == 0 && g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        {
          closedir (d);
          fsb_error_normalize (error);
          return FALSE;
        }
    }
  closedir (d);
  if (done != fsb_sizes_get_uint (ctx->sizes, SMALL_FILES))
    return count_mismatch (error, dir, done, fsb_sizes_get_uint (ctx->sizes, SMALL_FILES));
  if (remove)
    {
      if (rmdir (dir) < 0)
        return fsb_errno_fail (error, errno, _("Cannot delete “%s”: %s"), dir);
      if (!fsb_sync_filesystem (ctx->mount_point, error))
        return FALSE;
    }
  else
    fsb_sample_set (sample, "bytes", bytes);
  set_rate (sample, done, start);
  return TRUE;
}

static gboolean
small_walk_rand (FsbWorkloadContext *ctx, FsbSample *sample, gboolean remove, GError **error)
{
  g_auto(SmallSet) set = { 0 };
  g_autofree char *dir = set_dir (ctx, ORDER_RAND);
  g_autofree guint *order = NULL;
  double start = fsb_now ();
  guint64 bytes = 0;
  int dfd;

  small_set_build (&set, fsb_sizes_get_uint (ctx->sizes, SMALL_FILES), ORDER_RAND);
  /* A different order from the creation's, and from each other. */
  order = permutation (set.n, set.seed ^ (remove ? 4 : 3));
  dfd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0)
    return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), dir);
  for (guint i = 0; i < set.n; i++)
    {
      const char *name = set.names[order[i]];
      struct stat st;
      int r = remove ? unlinkat (dfd, name, 0) : fstatat (dfd, name, &st, AT_SYMLINK_NOFOLLOW);

      if (r < 0)
        {
          g_autofree char *p = g_build_filename (dir, name, NULL);
          int errsv = errno;
          close (dfd);
          return fsb_errno_fail (error, errsv, remove ? _("Cannot delete “%s”: %s")
                                                           : _("Cannot read “%s”: %s"), p);
        }
      if (!remove && st.st_size != set.sizes[order[i]])
        {
          g_autofree char *p = g_build_filename (dir, name, NULL);
          close (dfd);
          g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                       /* Translators: %s is a file name */
                       _("“%s” does not have the size it was written with"), p);
          return FALSE;
        }
      if (!remove)
        bytes += st.st_size;
      report (ctx, i + 1, set.n);
      if ((i & 255) == 0 && g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        {
          close (dfd);
          fsb_error_normalize (error);
          return FALSE;
        }
    }
  close (dfd);
  if (remove)
    {
      if (rmdir (dir) < 0)
        return fsb_errno_fail (error, errno, _("Cannot delete “%s”: %s"), dir);
      if (!fsb_sync_filesystem (ctx->mount_point, error))
        return FALSE;
    }
  else
    fsb_sample_set (sample, "bytes", bytes);
  set_rate (sample, set.n, start);
  return TRUE;
}

gboolean
fsb_workload_small_create_seq (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return small_create (ctx, sample, ORDER_SEQ, error);
}

gboolean
fsb_workload_small_stat_seq (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return small_walk_dir (ctx, sample, FALSE, error);
}

gboolean
fsb_workload_small_delete_seq (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return small_walk_dir (ctx, sample, TRUE, error);
}

gboolean
fsb_workload_small_create_rand (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return small_create (ctx, sample, ORDER_RAND, error);
}

gboolean
fsb_workload_small_stat_rand (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return small_walk_rand (ctx, sample, FALSE, error);
}

gboolean
fsb_workload_small_delete_rand (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return small_walk_rand (ctx, sample, TRUE, error);
}

/* The group ---------------------------------------------------------------- */

static double
estimate (const FsbSizes *s)
{
  return 0.3 + fsb_sizes_get (s, SMALL_FILES) / 10000;
}

static const FsbTaskSpec tasks[] = {
  { "small-create-seq", N_("Create small files in order"),
    N_("Creates many files of 0 to 1,999 bytes in sequential order, as bonnie++ does."),
    "small-files", "files_per_s", TRUE, fsb_workload_small_create_seq, NULL, NULL, estimate, FALSE, TRUE },
  { "small-stat-seq", N_("Read metadata in order"),
    N_("Reads the metadata of every small file in sequential order."),
    "small-files", "files_per_s", TRUE, fsb_workload_small_stat_seq, NULL, NULL, estimate,
    .moves_no_data = TRUE },
  { "small-delete-seq", N_("Delete small files in order"),
    N_("Deletes the small files in sequential order."),
    "small-files", "files_per_s", TRUE, fsb_workload_small_delete_seq, NULL, NULL, estimate,
    .moves_no_data = TRUE },
  { "small-create-rand", N_("Create small files at random"),
    N_("Creates the small files in random order."),
    "small-files", "files_per_s", TRUE, fsb_workload_small_create_rand, NULL, NULL, estimate, FALSE, TRUE },
  { "small-stat-rand", N_("Read metadata at random"),
    N_("Reads the metadata of the small files in random order."),
    "small-files", "files_per_s", TRUE, fsb_workload_small_stat_rand, NULL, NULL, estimate,
    .moves_no_data = TRUE },
  { "small-delete-rand", N_("Delete small files at random"),
    N_("Deletes the small files in random order."),
    "small-files", "files_per_s", TRUE, fsb_workload_small_delete_rand, NULL, NULL, estimate,
    .moves_no_data = TRUE },
};

static const FsbCriterionSpec criteria[] = {
  { "small-files", N_("Small files"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the fastest with small files: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on small files (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s handled %s on average with small files.") },
    { { "desktop", 1 }, { "server", 1 }, { "small-files", 3 }, { "developer", 1 } } },
};

/* Seed 002 ran bonnie++ -n 100 (102,400 files); 1/4 and 1/20 of it. */
static const FsbParamSpec params[] = {
  { SMALL_FILES, N_("Number of small files"), FSB_PARAM_COUNT, { 5120, 25600, 102400 }, 1, 10000000 },
};

static const FsbMetricSpec metrics[] = {
  { "files_per_s", N_("Files per second"), N_("files/s") },
};

static guint64
space_needed (const FsbSizes *s)
{
  return (guint64) MIN (4096 * fsb_sizes_get (s, SMALL_FILES), (double) FSB_SIZE_MAX);
}


const FsbWorkloadGroup fsb_group_small_files = {
  .id = "small-files",
  .name = N_("Small files"),
  .description = N_("Creating, reading the metadata of and deleting many small files, as bonnie++ does."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .metrics = metrics, .n_metrics = G_N_ELEMENTS (metrics),
  .space_needed = space_needed,
};
