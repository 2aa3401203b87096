/* fsb-disk-slow.c: the samples that waited on a slow disk.
 *
 * The loop device's requests go through the host's filesystem to the disk
 * under the image, and on a virtual machine that disk answers slower in
 * spells (HACKING.md, "Disturbed samples"): the same 47 reads of a cold
 * tree walk took 0.05 ms each, or 0.20 ms, and the walk 3.5 ms or 10 ms.
 * The filesystem asked for the same work both times; the disk took longer.
 *
 * So a sample is flagged FSB_DISTURBED_DISK when its requests of one kind,
 * reads, writes, or both together, were the same work as its series' usual
 * (as many and as many bytes, within FSB_DISK_SLOW_SAME of the series'
 * medians) and yet took FSB_DISK_SLOW_FACTOR times the series' usual time
 * per request, and FSB_DISK_SLOW_EXCESS_S more in all (the kernel counts
 * that time in whole milliseconds). A filesystem that asks for more or
 * larger requests in one sample than in the others is not judged: that is
 * its own doing.
 *
 * Where those counts cannot judge, fewer than FSB_DISK_SLOW_REQUESTS
 * requests in all, the disk probe does: a direct read of 4 KiB from the
 * image just before the clock started or just after it stopped took more
 * than FSB_DISK_PROBE_SLOW times the usual ("disk_slowdown"). The kernel
 * counts the time in the device in whole milliseconds, so a task of two
 * requests (XFS big-delete: one read, one log write, 0.6 ms) shows
 * nothing there: its samples of 1.4-1.8 ms, about one in thirty, made
 * the same two requests. Over 300 such deletes on an XFS image
 * (bench/disk-probe.py), 8 took 1.5 times the median and 0.5 ms more; the
 * probe at either end was over twice its median for 7 of them. The probe
 * sees only the ends of a sample, and a spell at one end need not cover
 * it: over twice its usual for 10 % of the samples of six default runs,
 * it would have flagged a sample in ten more where the counts judge the
 * whole of it (HACKING.md).
 *
 * Both together: a cold tree listing's 35 reads and 2 writes, where the
 * slow spell fell on the 2 writes (2.5 ms against 0.5): too few to judge
 * alone, but the sample's 37 requests took twice the usual.
 *
 * The usual time per request is the median of the quicker half of the
 * series: a disk only ever answers slower than it can, and a slow spell
 * that lasts over two samples of four (a tree-find's reads took 2, 7.5,
 * 9.5 and 2 ms) would otherwise be half of what the median sees, and the
 * 7.5 ms sample called usual. A spell over three quarters of the series
 * becomes its usual again.
 *
 * A series is judged whole: each sample filed may flag or clear an earlier
 * one, as the medians move. The estimates then leave the flagged samples
 * out where two quiet ones stay (fsb_task_result_drops_disturbed), and the
 * focused rounds measure again where too few are left. */
#include "config.h"

#include <math.h>

#include "fsb-host-state.h"

typedef struct {
  const char *count, *time, *bytes;
} Kind;

static const Kind reads = { "device_reads", "device_read_s", "device_read_bytes" };
static const Kind writes = { "device_writes", "device_write_s", "device_write_bytes" };
/* NULL: reads and writes together */
static const Kind *const kinds[] = { &reads, &writes, NULL };

/* A series' usual: the median time per request of its quicker half, the
 * medians of its requests and bytes. */
typedef struct {
  gboolean known;
  double   per_request, requests, bytes;
} Usual;

static gboolean
get_kind (const FsbSample *sample, const Kind *kind, double *requests, double *time, double *bytes)
{
  return fsb_sample_get (sample, kind->count, requests) && *requests >= 0
      && fsb_sample_get (sample, kind->time, time) && *time >= 0
      && fsb_sample_get (sample, kind->bytes, bytes) && *bytes >= 0;
}

static gboolean
get_io (const FsbSample *sample, const Kind *kind, double *requests, double *time, double *bytes)
{
  double r, t, b;

  if (sample->error != NULL)
    return FALSE;
  if (kind != NULL)
    {
      if (!get_kind (sample, kind, requests, time, bytes))
        return FALSE;
    }
  else
    {
      if (!get_kind (sample, &reads, requests, time, bytes) || !get_kind (sample, &writes, &r, &t, &b))
        return FALSE;
      *requests += r;
      *time += t;
      *bytes += b;
    }
  return *requests >= FSB_DISK_SLOW_REQUESTS;
}

/* The median of the quicker half of n values (n / 2 of them, one at
 * least), sorting them. */
static double
quicker_half (double *values, guint n)
{
  fsb_host_median_in_place (values, n);
  return fsb_host_median_in_place (values, MAX (n / 2, 1));
}

static Usual
usual_of (const FsbTaskResult *task, const Kind *kind)
{
  g_autofree double *per = g_new (double, task->samples->len + 1);
  g_autofree double *requests = g_new (double, task->samples->len + 1);
  g_autofree double *bytes = g_new (double, task->samples->len + 1);
  Usual u = { 0 };
  guint n = 0;

  for (guint i = 0; i < task->samples->len; i++)
    {
      double r, t, b;

      if (!get_io (task->samples->pdata[i], kind, &r, &t, &b))
        continue;
      per[n] = t / r;
      requests[n] = r;
      bytes[n] = b;
      n++;
    }
  if (n < FSB_DISK_SLOW_LEAST)
    return u;
  u.known = TRUE;
  u.per_request = quicker_half (per, n);
  u.requests = fsb_host_median_in_place (requests, n);
  u.bytes = fsb_host_median_in_place (bytes, n);
  return u;
}

static gboolean
same_work (double x, double usual)
{
  return fabs (x - usual) <= FSB_DISK_SLOW_SAME * MAX (usual, 1);
}

static gboolean
waited_on_disk (const FsbSample *sample, const Kind *kind, const Usual *u)
{
  double r, t, b;

  return u->known && get_io (sample, kind, &r, &t, &b)
      && same_work (r, u->requests) && same_work (b, u->bytes)
      && t / r > FSB_DISK_SLOW_FACTOR * u->per_request
      && t - u->per_request * r >= FSB_DISK_SLOW_EXCESS_S;
}

/* Whether the kernel's counts can judge sample: enough requests of a
 * kind (reads, writes, or both together). */
static gboolean
counted (const FsbSample *sample)
{
  double r, t, b;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    if (get_io (sample, kinds[k], &r, &t, &b))
      return TRUE;
  return FALSE;
}

void
fsb_task_result_flag_slow_disk (FsbTaskResult *task)
{
  Usual usual[G_N_ELEMENTS (kinds)];

  g_return_if_fail (task != NULL);

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    usual[k] = usual_of (task, kinds[k]);
  for (guint i = 0; i < task->samples->len; i++)
    {
      FsbSample *sample = task->samples->pdata[i];
      double v, probe;
      guint bits;

      /* no state recorded: unknown, and it stays so */
      if (!fsb_sample_get (sample, "disturbed", &v) || !(v >= 0))
        continue;
      bits = (guint) v & ~(guint) FSB_DISTURBED_DISK;
      if (!counted (sample) && fsb_sample_get (sample, "disk_slowdown", &probe) && probe > FSB_DISK_PROBE_SLOW)
        bits |= FSB_DISTURBED_DISK;
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        if (waited_on_disk (sample, kinds[k], &usual[k]))
          bits |= FSB_DISTURBED_DISK;
      if (bits != (guint) v)
        fsb_sample_set (sample, "disturbed", bits);
    }
}
