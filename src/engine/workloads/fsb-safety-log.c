/* fsb-safety-log.c: the safety group's writer, the log of what it wrote
 * and acknowledged, and the verification of a copy against the log */
#include "config.h"

#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-safety.h"
#include "fsb-workloads-util.h"

typedef struct {
  guint latest;   /* the newest version whose writing started; 0: none */
  gint  acked;    /* the version fsync acknowledged, while no write to it started since; 0: none */
} FileState;

struct _FsbSafetyLog {
  GMutex     lock;
  char      *dir;
  int        dir_fd;
  guint64    seed;
  guint      n_files;
  guint      min_bytes, max_bytes;
  guint      started;      /* files 0 .. started-1 have been created */
  FileState *files;
  guchar    *buf;          /* the writer's */
};

struct _FsbSafetyCut {
  guint  n_files;
  gint  *acked;
  guint *latest_before;
  guint *latest_after;
};

typedef enum {
  OP_NEW,
  OP_REWRITE,   /* truncated and written again in place */
  OP_REPLACE,   /* written under a new name, fsync'd, renamed over the old */
} Op;

char *
fsb_safety_file_name (guint i)
{
  return g_strdup_printf ("f%04u", i);
}

FsbSafetyLog *
fsb_safety_log_new (const char *dir, guint64 seed, guint n_files, guint min_bytes, guint max_bytes)
{
  FsbSafetyLog *log = g_new0 (FsbSafetyLog, 1);

  g_mutex_init (&log->lock);
  log->dir = g_strdup (dir);
  log->dir_fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  log->seed = seed;
  log->n_files = MAX (n_files, 1);
  log->min_bytes = MAX (min_bytes, 1);
  log->max_bytes = MAX (max_bytes, log->min_bytes);
  log->files = g_new0 (FileState, log->n_files);
  log->buf = g_malloc (log->max_bytes);
  return log;
}

void
fsb_safety_log_close (FsbSafetyLog *log)
{
  if (log->dir_fd >= 0)
    close (log->dir_fd);
  log->dir_fd = -1;
}

void
fsb_safety_log_free (FsbSafetyLog *log)
{
  if (log == NULL)
    return;
  fsb_safety_log_close (log);
  g_mutex_clear (&log->lock);
  g_free (log->dir);
  g_free (log->files);
  g_free (log->buf);
  g_free (log);
}

/* The bytes of version v of file i, the same for the writer and the
 * verification: returns their number. */
static gsize
version_fill (const FsbSafetyLog *log, guint i, guint v, guchar *buf)
{
  FsbRng rng;
  gsize size;

  fsb_rng_init (&rng, fsb_seed_from ("safety", log->seed ^ i, v));
  size = log->min_bytes + fsb_rng_below (&rng, log->max_bytes - log->min_bytes + 1);
  fsb_rng_fill (&rng, buf, size);
  return size;
}

static gboolean
write_all (int fd, const guchar *buf, gsize len)
{
  while (len > 0)
    {
      ssize_t n = write (fd, buf, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      buf += n;
      len -= (gsize) n;
    }
  return TRUE;
}

static gboolean
step_fail (FsbSafetyLog *log, const char *name, int fd, GError **error)
{
  int saved = errno;
  g_autofree char *path = g_build_filename (log->dir, name, NULL);

  if (fd >= 0)
    close (fd);
  return fsb_errno_fail (error, saved, _("Cannot write “%s”: %s"), path);
}

gboolean
fsb_safety_log_step (FsbSafetyLog *log, FsbRng *rng, guint64 *written, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *tmp = NULL;
  gboolean sync = fsb_rng_below (rng, 2) == 0;
  Op op;
  guint i, v;
  gsize size;
  int fd;

  g_mutex_lock (&log->lock);
  if (log->started < log->n_files && (log->started == 0 || fsb_rng_below (rng, 2) == 0))
    {
      op = OP_NEW;
      i = log->started++;
    }
  else
    {
      op = fsb_rng_below (rng, 2) == 0 ? OP_REWRITE : OP_REPLACE;
      i = (guint) fsb_rng_below (rng, log->started);
    }
  v = ++log->files[i].latest;
  /* Rewriting in place gives up the old data at once; a replacement
   * keeps it until the rename. */
  if (op != OP_REPLACE)
    log->files[i].acked = 0;
  g_mutex_unlock (&log->lock);

  name = fsb_safety_file_name (i);
  size = version_fill (log, i, v, log->buf);
  if (op == OP_REPLACE)
    {
      tmp = g_strconcat (".tmp-", name, NULL);
      fd = openat (log->dir_fd, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd < 0 || !write_all (fd, log->buf, size) || fsync (fd) != 0)
        return step_fail (log, tmp, fd, error);
      close (fd);
      if (renameat (log->dir_fd, tmp, log->dir_fd, name) != 0)
        return step_fail (log, name, -1, error);
    }
  else
    {
      fd = openat (log->dir_fd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd < 0 || !write_all (fd, log->buf, size) || (sync && fsync (fd) != 0))
        return step_fail (log, name, fd, error);
      close (fd);
    }
  if (sync)
    {
      if (fsync (log->dir_fd) != 0)
        return step_fail (log, ".", -1, error);
      g_mutex_lock (&log->lock);
      if (log->files[i].latest == v)
        log->files[i].acked = (gint) v;
      g_mutex_unlock (&log->lock);
    }
  if (written != NULL)
    *written += size;
  return TRUE;
}

/* Cuts ------------------------------------------------------------------------ */

FsbSafetyCut *
fsb_safety_cut_begin (FsbSafetyLog *log)
{
  FsbSafetyCut *cut = g_new0 (FsbSafetyCut, 1);

  cut->n_files = log->n_files;
  cut->acked = g_new0 (gint, log->n_files);
  cut->latest_before = g_new0 (guint, log->n_files);
  cut->latest_after = g_new0 (guint, log->n_files);
  g_mutex_lock (&log->lock);
  for (guint i = 0; i < log->n_files; i++)
    {
      cut->acked[i] = log->files[i].acked;
      cut->latest_before[i] = log->files[i].latest;
    }
  g_mutex_unlock (&log->lock);
  return cut;
}

void
fsb_safety_cut_end (FsbSafetyLog *log, FsbSafetyCut *cut)
{
  g_mutex_lock (&log->lock);
  for (guint i = 0; i < log->n_files; i++)
    cut->latest_after[i] = log->files[i].latest;
  g_mutex_unlock (&log->lock);
}

void
fsb_safety_cut_free (FsbSafetyCut *cut)
{
  if (cut == NULL)
    return;
  g_free (cut->acked);
  g_free (cut->latest_before);
  g_free (cut->latest_after);
  g_free (cut);
}

GArray *
fsb_safety_cut_acked (const FsbSafetyCut *cut)
{
  GArray *acked = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < cut->n_files; i++)
    if (cut->acked[i] > 0)
      g_array_append_val (acked, i);
  return acked;
}

/* Verification ------------------------------------------------------------------ */

typedef enum {
  FOUND_NONE,      /* no file, or an empty one */
  FOUND_VERSION,   /* version *v, whole */
  FOUND_PREFIX,    /* the start of version *v */
  FOUND_GARBAGE,   /* unreadable, or bytes no version had */
} Found;

static Found
identify (const FsbSafetyLog *log, guint i, guint newest, const guchar *data, gsize len, guchar *buf, guint *v)
{
  Found found = FOUND_GARBAGE;

  if (len == 0)
    return FOUND_NONE;
  for (guint k = newest; k >= 1; k--)
    {
      gsize size = version_fill (log, i, k, buf);

      if (size == len && memcmp (buf, data, len) == 0)
        {
          *v = k;
          return FOUND_VERSION;
        }
      if (len < size && memcmp (buf, data, len) == 0 && found == FOUND_GARBAGE)
        {
          *v = k;
          found = FOUND_PREFIX;
        }
    }
  return found;
}

gboolean
fsb_safety_verify (const FsbSafetyLog *log,
                   const FsbSafetyCut *cut,
                   const char         *root,
                   const char         *rel_dir,
                   FsbSafetyCounts    *counts,
                   GError            **error)
{
  g_autofree guchar *buf = g_malloc (log->max_bytes);

  *counts = (FsbSafetyCounts) { 0 };
  for (guint i = 0; i < cut->n_files; i++)
    {
      g_autofree char *name = fsb_safety_file_name (i);
      g_autofree char *path = g_build_filename (root, rel_dir, name, NULL);
      g_autofree char *data = NULL;
      g_autoptr(GError) read_error = NULL;
      gsize len = 0;
      guint v = 0;
      Found found;

      if (cut->latest_after[i] == 0)
        continue;   /* never written */
      if (!g_file_get_contents (path, &data, &len, &read_error))
        found = g_error_matches (read_error, G_FILE_ERROR, G_FILE_ERROR_NOENT) ? FOUND_NONE : FOUND_GARBAGE;
      else
        found = identify (log, i, cut->latest_after[i], (const guchar *) data, len, buf, &v);

      if (cut->acked[i] > 0)
        {
          counts->acked++;
          if (found != FOUND_VERSION || v < (guint) cut->acked[i])
            counts->acked_lost++;
          continue;
        }
      switch (found)
        {
        case FOUND_NONE:
          counts->absent++;
          break;
        case FOUND_VERSION:
          if (v < cut->latest_before[i])
            counts->old++;
          else
            counts->whole++;
          break;
        case FOUND_PREFIX:
          counts->partial++;
          break;
        case FOUND_GARBAGE:
        default:
          counts->garbage++;
          break;
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;
  return TRUE;
}
