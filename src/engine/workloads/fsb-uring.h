/* fsb-uring.h: random reads or writes kept iodepth requests deep with
 * io_uring (fio's ioengine=io_uring, rw=randread|randwrite, iodepth=N):
 * one thread, one ring, every request's latency from its submission to
 * its completion. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct {
  const int *fds;          /* the files, open for reading (or writing) */
  guint      n_fds;
  guint64    file_bytes;   /* each file's size; offsets are whole blocks below it */
  guint      block;        /* request size, a multiple of 4096 for O_DIRECT */
  guint      iodepth;      /* requests in flight, 1 … 256 */
  gboolean   write;
  guint64    requests;     /* stop after this many … */
  double     seconds;      /* … or this long, whichever first (0: no limit) */
  guint64    seed;         /* the offsets (and the data written) */
  GCancellable *cancellable;
} FsbUringJob;

typedef struct {
  guint64 done;            /* requests completed */
  double  seconds;         /* the first submission to the last completion and the
                              closing fsync, when writing */
  double  io_seconds;      /* … without the closing fsync: the I/O alone */
  GArray *lat_ms;          /* one double per request, milliseconds, not sorted */
} FsbUringResult;

/* TRUE when this kernel lets this process set up a ring; otherwise FALSE
 * with FSB_ERROR_UNSUPPORTED and the reason (io_uring disabled by
 * kernel.io_uring_disabled, a seccomp filter, a kernel before 5.1). */
gboolean fsb_uring_available     (GError **error);
/* 0 when this system allows io_uring, else the errno of its refusal
 * (asked once per process). */
int      fsb_uring_refused       (void);

/* Runs the job; writes end with an fsync of every file, inside the time. */
gboolean fsb_uring_random_io     (const FsbUringJob *job,
                                  FsbUringResult    *result,
                                  GError           **error);
void     fsb_uring_result_clear  (FsbUringResult    *result);

G_END_DECLS
