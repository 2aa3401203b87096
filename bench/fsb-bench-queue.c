/* fsb-bench-queue.c: FS Bench's queue-depth and many-jobs mechanics on
 * files in a mounted folder, printing the figures that fio prints for the
 * same job, so bench/fio-compare.sh can set them side by side. Not
 * installed.
 *
 *   fsb-bench-queue randread|randwrite --iodepth N [--direct] --requests N FILE...
 *   fsb-bench-queue seqwrite --jobs N --bytes B DIR
 *
 * randread/randwrite: 16 KiB requests at random block offsets of the
 * files (which must exist, all of one size), iodepth deep with io_uring;
 * prints iops=, mb_per_s=, p50_ms=, p99_ms=.
 * seqwrite: N jobs at once, each writing its own file DIR/seqN in 1 MiB
 * writes and fsyncing it inside the time (fio's end_fsync); prints
 * mb_per_s= (all jobs' bytes over the common time), fastest_s= (the
 * first job's end), p50_ms=, p99_ms= of the writes. */
#include "config.h"

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-parallel.h"
#include "fsb-uring.h"
#include "fsb-workloads-util.h"

#define BLOCK  16384
#define CHUNK  (1 << 20)

static int
compare (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void
print_latencies (GArray *lat)
{
  qsort (lat->data, lat->len, sizeof (double), compare);
  printf (" p50_ms=%.4f p99_ms=%.4f", fsb_percentile ((double *) lat->data, lat->len, 0.50),
          fsb_percentile ((double *) lat->data, lat->len, 0.99));
}

typedef struct {
  const char *dir;
  guint64     bytes;
  int         fds[FSB_PARALLEL_MAX_JOBS];
  guint8     *buf;
} Seq;

static gboolean
seq_open (guint job, gpointer data, FsbJobOutput *out, GCancellable *c, GError **error)
{
  Seq *s = data;
  g_autofree char *name = g_strdup_printf ("seq%u", job);
  g_autofree char *path = g_build_filename (s->dir, name, NULL);

  s->fds[job] = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  return s->fds[job] >= 0 || fsb_errno_fail (error, errno, "Cannot create “%s”: %s", path);
}

static gboolean
seq_write (guint job, gpointer data, FsbJobOutput *out, GCancellable *c, GError **error)
{
  Seq *s = data;

  for (guint64 done = 0; done < s->bytes; done += CHUNK)
    {
      double t0 = fsb_now (), ms;

      if (g_cancellable_set_error_if_cancelled (c, error))
        return FALSE;
      if (write (s->fds[job], s->buf, CHUNK) != CHUNK)
        return fsb_errno_fail (error, errno, "Cannot write “%s”: %s", s->dir);
      ms = (fsb_now () - t0) * 1000;
      g_array_append_val (out->lat_ms, ms);
      out->bytes += CHUNK;
      out->ops++;
    }
  out->io_end = fsb_now ();
  return fsync (s->fds[job]) == 0 || fsb_errno_fail (error, errno, "Cannot flush “%s”: %s", s->dir);
}

static gboolean
seq_close (guint job, gpointer data, FsbJobOutput *out, GCancellable *c, GError **error)
{
  Seq *s = data;

  if (s->fds[job] >= 0)
    close (s->fds[job]);
  return TRUE;
}

int
main (int argc, char **argv)
{
  gint depth = 1, jobs = 1;
  gint64 requests = 10000, bytes = 64 << 20;
  gboolean direct = FALSE;
  g_autoptr(GError) error = NULL;
  g_autoptr(GOptionContext) ctx = g_option_context_new ("randread|randwrite FILE… | seqwrite DIR");
  GOptionEntry entries[] = {
    { "iodepth", 0, 0, G_OPTION_ARG_INT, &depth, "Requests in flight", "N" },
    { "direct", 0, 0, G_OPTION_ARG_NONE, &direct, "O_DIRECT", NULL },
    { "requests", 0, 0, G_OPTION_ARG_INT64, &requests, "Random requests", "N" },
    { "jobs", 0, 0, G_OPTION_ARG_INT, &jobs, "Sequential writers at once", "N" },
    { "bytes", 0, 0, G_OPTION_ARG_INT64, &bytes, "Bytes each writer writes", "B" },
    { NULL }
  };

  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error) || argc < 3)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "usage: see the comment at the top");
      return 2;
    }

  if (g_str_equal (argv[1], "seqwrite"))
    {
      FsbJobFuncs funcs = { seq_open, seq_write, seq_close };
      FsbParallelResult r;
      Seq s = { argv[2], (guint64) bytes };

      if (posix_memalign ((void **) &s.buf, 4096, CHUNK) != 0)
        return 1;
      for (gsize i = 0; i < CHUNK; i++)
        s.buf[i] = (guint8) (i * 2654435761u >> 13);
      if (!fsb_parallel_run ((guint) jobs, &funcs, &s, NULL, &r, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      printf ("jobs=%d mb_per_s=%.2f seconds=%.4f io_mb_per_s=%.2f io_seconds=%.4f fastest_s=%.4f", jobs,
              r.bytes / 1e6 / r.seconds, r.seconds, r.bytes / 1e6 / r.io_seconds, r.io_seconds, r.fastest_job_s);
      print_latencies (r.lat_ms);
      printf ("\n");
      fsb_parallel_result_clear (&r);
      free (s.buf);
      return 0;
    }
  else
    {
      gboolean write_mode = g_str_equal (argv[1], "randwrite");
      guint n = (guint) argc - 2;
      g_autofree int *fds = g_new (int, n);
      FsbUringResult r;
      struct stat st;

      for (guint i = 0; i < n; i++)
        {
          fds[i] = open (argv[2 + i], (write_mode ? O_RDWR : O_RDONLY) | O_CLOEXEC | (direct ? O_DIRECT : 0));
          if (fds[i] < 0 || fstat (fds[i], &st) < 0)
            {
              g_printerr ("%s: %s\n", argv[2 + i], g_strerror (errno));
              return 1;
            }
        }
      {
        FsbUringJob job = { fds, n, (guint64) st.st_size, BLOCK, (guint) depth, write_mode,
                            (guint64) requests, 0, 1234, NULL };

        if (!fsb_uring_random_io (&job, &r, &error))
          {
            g_printerr ("%s\n", error->message);
            return 1;
          }
      }
      printf ("iodepth=%d iops=%.1f mb_per_s=%.2f seconds=%.4f io_iops=%.1f io_seconds=%.4f", depth,
              r.done / r.seconds, r.done * (double) BLOCK / 1e6 / r.seconds, r.seconds,
              r.done / r.io_seconds, r.io_seconds);
      print_latencies (r.lat_ms);
      printf ("\n");
      fsb_uring_result_clear (&r);
      for (guint i = 0; i < n; i++)
        close (fds[i]);
      return 0;
    }
}
