/* fsb-workloads-util.c: what the workload groups share */
#include "config.h"

#include <stdlib.h>

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-workloads-util.h"

double
fsb_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

gboolean
fsb_errno_fail (GError **error, int errsv, const char *format, const char *path)
{
  fsb_set_error_from_errno (error, errsv, format, path);
  return FALSE;
}

static gboolean
check_cancelled (GCancellable *cancellable, GError **error)
{
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      fsb_error_normalize (error);
      return TRUE;
    }
  return FALSE;
}

/* Copies and deletes: fsb-fileops does them the way cp and rm do ---------- */

static void
take_counts (FsbTreeCount *count, const FsbFileOps *ops)
{
  if (count != NULL)
    {
      count->files += ops->files;
      count->dirs += ops->dirs;
      count->bytes += ops->bytes;
    }
}

gboolean
fsb_copy_file (const char *src, const char *dst, gboolean do_fsync, guint64 *bytes,
               GCancellable *cancellable, GError **error)
{
  FsbFileOps ops;
  gboolean ok;

  fsb_file_ops_init (&ops, cancellable, NULL, NULL, 0);
  ok = fsb_copy_file_at (&ops, AT_FDCWD, src, AT_FDCWD, dst, error);
  if (bytes != NULL)
    *bytes += ops.bytes;
  fsb_file_ops_clear (&ops);
  if (ok && do_fsync)
    {
      int fd = open (dst, O_WRONLY | O_CLOEXEC);

      if (fd < 0 || fsync (fd) < 0)
        ok = fsb_errno_fail (error, errno, _("Cannot flush “%s”: %s"), dst);
      if (fd >= 0)
        close (fd);
    }
  return ok;
}

gboolean
fsb_copy_tree (const char *src, const char *dst, gboolean drop_source_cache, FsbTreeCount *count,
               FsbItemProgressFunc progress, gpointer progress_data, guint64 total,
               GCancellable *cancellable, GError **error)
{
  FsbFileOps ops;
  gboolean ok;

  fsb_file_ops_init (&ops, cancellable, progress, progress_data, total);
  ops.drop_source_cache = drop_source_cache;
  ok = fsb_copy_tree_at (&ops, AT_FDCWD, src, AT_FDCWD, dst, error);
  take_counts (count, &ops);
  fsb_file_ops_clear (&ops);
  return ok;
}

gboolean
fsb_remove_tree (const char *path, FsbTreeCount *count,
                 GCancellable *cancellable, GError **error)
{
  FsbFileOps ops;
  gboolean ok;

  fsb_file_ops_init (&ops, cancellable, NULL, NULL, 0);
  ok = fsb_remove_tree_at (&ops, AT_FDCWD, path, error);
  take_counts (count, &ops);
  fsb_file_ops_clear (&ops);
  return ok;
}

static gboolean
count_dir (int dir, const char *path, FsbTreeCount *count, GError **error)
{
  DIR *d;
  struct dirent *e;
  gboolean ok = TRUE;
  int fd = dup (dir);

  if (fd < 0 || (d = fdopendir (fd)) == NULL)
    {
      int errsv = errno;
      if (fd >= 0)
        close (fd);
      return fsb_errno_fail (error, errsv, _("Cannot read “%s”: %s"), path);
    }
  while (ok && (e = readdir (d)) != NULL)
    {
      g_autofree char *p = NULL;
      struct stat st;

      if (strcmp (e->d_name, ".") == 0 || strcmp (e->d_name, "..") == 0)
        continue;
      p = g_build_filename (path, e->d_name, NULL);
      if (fstatat (dir, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
        ok = fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), p);
      else if (S_ISDIR (st.st_mode))
        {
          int sub = openat (dir, e->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);

          if (sub < 0)
            ok = fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), p);
          else
            {
              count->dirs++;
              ok = count_dir (sub, p, count, error);
              close (sub);
            }
        }
      else
        {
          count->files++;
          if (S_ISREG (st.st_mode))
            count->bytes += st.st_size;
        }
    }
  closedir (d);
  return ok;
}

gboolean
fsb_count_tree (const char *path, FsbTreeCount *count, GError **error)
{
  int fd = open (path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
  gboolean ok;

  if (fd < 0)
    return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), path);
  ok = count_dir (fd, path, count, error);
  close (fd);
  return ok;
}

void
fsb_drop_file_cache (const char *path)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);

  if (fd < 0)
    return;
  fdatasync (fd);
  posix_fadvise (fd, 0, 0, POSIX_FADV_DONTNEED);
  close (fd);
}

static gboolean
write_all (int fd, const guint8 *buf, gsize len, const char *path, GError **error)
{
  while (len > 0)
    {
      ssize_t n = write (fd, buf, len);
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), path);
        }
      buf += n;
      len -= n;
    }
  return TRUE;
}

gboolean
fsb_write_random_file (const char *path, guint64 bytes, FsbRng *rng,
                       gboolean do_fsync, gboolean cold,
                       GCancellable *cancellable, GError **error)
{
  g_autofree guint8 *buf = g_malloc (FSB_COPY_BUFFER_SIZE);
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

  if (fd < 0)
    return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), path);
  while (bytes > 0)
    {
      gsize n = MIN (bytes, FSB_COPY_BUFFER_SIZE);

      fsb_rng_fill (rng, buf, n);
      if (!write_all (fd, buf, n, path, error) || check_cancelled (cancellable, error))
        {
          close (fd);
          return FALSE;
        }
      bytes -= n;
    }
  if (do_fsync && fsync (fd) < 0)
    {
      int errsv = errno;
      close (fd);
      return fsb_errno_fail (error, errsv, _("Cannot flush “%s”: %s"), path);
    }
  if (cold)
    {
      fdatasync (fd);
      posix_fadvise (fd, 0, 0, POSIX_FADV_DONTNEED);
    }
  if (close (fd) < 0)
    return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), path);
  return TRUE;
}

double
fsb_percentile (const double *sorted, guint n, double p)
{
  double rank;
  guint lo, hi;

  if (n == 0)
    return 0.0;
  rank = p * (n - 1);
  lo = (guint) floor (rank);
  hi = lo + 1 < n ? lo + 1 : lo;
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

void
fsb_workload_set_latencies (FsbSample *sample, GArray *lat)
{
  qsort (lat->data, lat->len, sizeof (double), compare_doubles);
  fsb_sample_set (sample, "latency_p50_ms", fsb_percentile ((double *) lat->data, lat->len, 0.50));
  fsb_sample_set (sample, "latency_p95_ms", fsb_percentile ((double *) lat->data, lat->len, 0.95));
  fsb_sample_set (sample, "latency_p99_ms", fsb_percentile ((double *) lat->data, lat->len, 0.99));
  fsb_sample_set (sample, "latency_max_ms", lat->len > 0 ? g_array_index (lat, double, lat->len - 1) : 0);
}
