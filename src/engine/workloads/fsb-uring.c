/* fsb-uring.c: random I/O at a queue depth with io_uring (see fsb-uring.h).
 * As fio's io_uring engine does it without its options: the ring is filled
 * to iodepth, and each completion is answered by a new request at once, so
 * the device always has iodepth requests to work on. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <liburing.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-rng.h"
#include "fsb-uring.h"
#include "fsb-workloads-util.h"

#define ALIGN        4096
#define MAX_DEPTH    256
#define POLL_NS      (50 * 1000 * 1000)   /* a cancel is seen within 50 ms */

typedef struct {
  guint8 *buf;
  double  submitted;
} Slot;

static gboolean
uring_fail (GError **error, int errsv)
{
  g_set_error (error, FSB_ERROR, errsv == ENOSYS || errsv == EPERM || errsv == EACCES
                                   ? FSB_ERROR_UNSUPPORTED : FSB_ERROR_FAILED,
               /* Translators: the system's reason, e.g. “Operation not permitted” */
               _("This system does not let FS Bench queue requests with io_uring: %s"),
               g_strerror (errsv));
  return FALSE;
}

int
fsb_uring_refused (void)
{
  static gsize answer = 0;   /* the errno + 1 */

  if (g_once_init_enter (&answer))
    {
      struct io_uring ring;
      int ret = io_uring_queue_init (2, &ring, 0);

      if (ret == 0)
        io_uring_queue_exit (&ring);
      g_once_init_leave (&answer, (gsize) (ret < 0 ? -ret : 0) + 1);
    }
  return (int) answer - 1;
}

gboolean
fsb_uring_available (GError **error)
{
  int refused = fsb_uring_refused ();

  return refused == 0 || uring_fail (error, refused);
}

/* The ring as fio's io_uring engine sets it up: one thread submits and
 * reaps, so completions wait for its next io_uring_enter instead of
 * interrupting it one by one (COOP_TASKRUN, DEFER_TASKRUN). On this 2-core
 * VM the interruptions cost 10-20 % of the rate of 16 KiB O_DIRECT
 * writes at iodepth 8 (bench/fio-compare.sh). Kernels before 6.1 refuse
 * the newer flags: each is dropped in turn, the ring itself is the same. */
static int
ring_init (guint depth, struct io_uring *ring)
{
  static const unsigned tries[] = {
    IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
    IORING_SETUP_COOP_TASKRUN,
    0,
  };
  int ret = -EINVAL;

  for (gsize i = 0; i < G_N_ELEMENTS (tries) && ret == -EINVAL; i++)
    {
      struct io_uring_params p = { .flags = tries[i] };

      ret = io_uring_queue_init_params (depth, ring, &p);
    }
  return ret;
}

typedef struct {
  const FsbUringJob *job;
  struct io_uring    ring;
  Slot              *slots;
  FsbRng             rng;
  guint64            blocks, issued, done;
  guint              in_flight;
  double             deadline;
  gboolean           stopping;
} Queue;

static void
issue (Queue *q, guint slot)
{
  const FsbUringJob *job = q->job;
  struct io_uring_sqe *sqe = io_uring_get_sqe (&q->ring);   /* never NULL: at most iodepth in flight */
  guint f = (guint) fsb_rng_below (&q->rng, job->n_fds);
  off_t off = (off_t) fsb_rng_below (&q->rng, q->blocks) * job->block;

  if (job->write)
    io_uring_prep_write (sqe, job->fds[f], q->slots[slot].buf, job->block, off);
  else
    io_uring_prep_read (sqe, job->fds[f], q->slots[slot].buf, job->block, off);
  io_uring_sqe_set_data64 (sqe, slot);
  q->slots[slot].submitted = fsb_now ();
  q->issued++;
  q->in_flight++;
}

static gboolean
may_issue (Queue *q, double now)
{
  return !q->stopping && q->issued < q->job->requests && now < q->deadline;
}

/* Takes every completion there is; answers each with a new request. */
static gboolean
reap (Queue *q, GArray *lat, GError **error)
{
  struct io_uring_cqe *cqe;
  unsigned head, seen = 0;
  gboolean ok = TRUE;

  io_uring_for_each_cqe (&q->ring, head, cqe)
    {
      guint slot = (guint) io_uring_cqe_get_data64 (cqe);
      double now = fsb_now ();
      double ms = (now - q->slots[slot].submitted) * 1000.0;

      seen++;
      q->in_flight--;
      if (cqe->res != (int) q->job->block)
        {
          if (ok)
            {
              int errsv = cqe->res < 0 ? -cqe->res : EIO;

              if (q->job->write)
                /* Translators: the system's reason, e.g. “Input/output error” */
                g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED, _("Cannot write a block of the random I/O files: %s"),
                             g_strerror (errsv));
              else
                /* Translators: the system's reason, e.g. “Input/output error” */
                g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED, _("Cannot read a block of the random I/O files: %s"),
                             g_strerror (errsv));
            }
          ok = FALSE;
          q->stopping = TRUE;
          continue;
        }
      g_array_append_val (lat, ms);
      q->done++;
      if (may_issue (q, now))
        issue (q, slot);
    }
  io_uring_cq_advance (&q->ring, seen);
  return ok;
}

gboolean
fsb_uring_random_io (const FsbUringJob *job, FsbUringResult *result, GError **error)
{
  Queue q = { 0 };
  guint depth;
  double start;
  gboolean ok = TRUE;
  int ret;

  g_return_val_if_fail (job != NULL && job->n_fds > 0 && job->block > 0 && job->block % ALIGN == 0, FALSE);
  memset (result, 0, sizeof *result);
  depth = CLAMP (job->iodepth, 1, MAX_DEPTH);
  q.job = job;
  q.blocks = MAX (job->file_bytes / job->block, 1);
  ret = ring_init (depth, &q.ring);
  if (ret < 0)
    return uring_fail (error, -ret);

  q.slots = g_new0 (Slot, depth);
  for (guint i = 0; i < depth; i++)
    if (posix_memalign ((void **) &q.slots[i].buf, ALIGN, job->block) != 0)
      g_error ("out of memory");
  fsb_rng_init (&q.rng, job->seed);
  /* Each slot's data is drawn once, as fio fills its buffers once: drawing
   * 16 KiB for every request took the submitting thread a third of the
   * time a request may take at 30,000 a second. */
  for (guint i = 0; job->write && i < depth; i++)
    fsb_rng_fill (&q.rng, q.slots[i].buf, job->block);
  result->lat_ms = g_array_sized_new (FALSE, FALSE, sizeof (double), MIN (job->requests, 1 << 20));

  start = fsb_now ();
  q.deadline = start + (job->seconds > 0 ? job->seconds : 1e9);
  for (guint i = 0; i < depth && may_issue (&q, start); i++)
    issue (&q, i);

  while (q.in_flight > 0)
    {
      struct io_uring_cqe *cqe = NULL;
      struct __kernel_timespec ts = { 0, POLL_NS };

      /* Submits what was queued and waits for one completion at most
       * POLL_NS, so that a cancel is seen with every request in flight. */
      ret = io_uring_submit_and_wait_timeout (&q.ring, &cqe, 1, &ts, NULL);
      if (ret < 0 && ret != -ETIME && ret != -EINTR)
        {
          if (ok)
            uring_fail (error, -ret);
          ok = FALSE;
          q.stopping = TRUE;
          if (ret != -EBUSY)
            break;   /* nothing more will complete through this ring */
        }
      if (!q.stopping && job->cancellable != NULL && g_cancellable_is_cancelled (job->cancellable))
        {
          ok = FALSE;
          q.stopping = TRUE;
          g_cancellable_set_error_if_cancelled (job->cancellable, error);
          fsb_error_normalize (error);
        }
      if (!reap (&q, result->lat_ms, ok ? error : NULL))
        ok = FALSE;
    }

  result->io_seconds = fsb_now () - start;
  /* What was written reaches the disk inside the time, as fio's end_fsync. */
  for (guint i = 0; ok && job->write && i < job->n_fds; i++)
    if (fsync (job->fds[i]) < 0)
      {
        /* Translators: the system's reason, e.g. “No space left on device” */
        g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED, _("Cannot flush the random I/O files: %s"),
                     g_strerror (errno));
        ok = FALSE;
      }
  result->seconds = fsb_now () - start;
  result->done = q.done;

  io_uring_queue_exit (&q.ring);
  for (guint i = 0; i < depth; i++)
    free (q.slots[i].buf);
  g_free (q.slots);
  if (!ok)
    fsb_uring_result_clear (result);
  return ok;
}

void
fsb_uring_result_clear (FsbUringResult *result)
{
  g_clear_pointer (&result->lat_ms, g_array_unref);
}
