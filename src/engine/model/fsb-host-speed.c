/* fsb-host-speed.c: how fast the machine runs at this moment.
 *
 * On a virtual machine the CPUs slow down for seconds at a time when other
 * guests on the same host are busy, and the guest's /proc/stat may show no
 * steal at all (this 2-core VM shows none). The same metadata walk then
 * takes 1.4–1.7× its CPU time for every filesystem at once: in five
 * default runs ext4's small-stat-seq took 28–48 ms of CPU for the same
 * work. A fixed probe shows it: a pointer chase through 1 MiB, past the
 * caches nearest the core, timed just before a sample's clock starts and
 * just after it stops. On this VM, idle, over 150 probes 200 ms apart, an
 * 8 s slow window raised both the probe (4.1 ms to 6–16 ms) and a stat
 * walk's CPU time (14.3 to 18–21 ms); the logs correlated at 0.94, and
 * no probe outside the window passed 1.2× the median.
 *
 * A probe is judged against the median of the last FSB_SPEED_HISTORY
 * probes of the process (the machine's usual speed, which a window
 * shorter than half the history cannot move). */
#include "config.h"

#include <math.h>

#include <stdlib.h>
#include <string.h>

#include "fsb-host-state.h"

/* 2^18 links of 4 bytes: 1 MiB, one cycle through all of them in random
 * order, so that each step is a miss of the nearest caches. */
#define LINKS (1u << 18)
#define STEPS 20000

static guint32 *links;
static FsbProbeHistory history;

static gpointer
make_links (gpointer data)
{
  guint32 *next = g_new (guint32, LINKS);
  guint32 *order = g_new (guint32, LINKS);
  guint32 state = 0x9e3779b9u;

  (void) data;
  /* a random order of all slots (xorshift: the same order every run), then
   * each slot links to the next in that order, the last to the first */
  for (guint32 i = 0; i < LINKS; i++)
    order[i] = i;
  for (guint32 i = LINKS - 1; i > 0; i--)
    {
      guint32 j, t;

      state ^= state << 13;
      state ^= state >> 17;
      state ^= state << 5;
      j = state % (i + 1);
      t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  for (guint32 i = 0; i < LINKS; i++)
    next[order[i]] = order[(i + 1) % LINKS];
  g_free (order);
  return next;
}

double
fsb_host_speed_probe (void)
{
  static GOnce once = G_ONCE_INIT;
  guint32 at = 0;
  gint64 start;

  links = g_once (&once, make_links, NULL);
  start = g_get_monotonic_time ();
  for (guint i = 0; i < STEPS; i++)
    at = links[at];
  /* the chase's end is used, so no compiler drops it: no link is this */
  if (G_UNLIKELY (at >= LINKS))
    g_error ("speed probe: link %u out of range", at);
  return (g_get_monotonic_time () - start) / 1e6;
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

double
fsb_host_median_in_place (double *values, guint n)
{
  if (n == 0)
    return NAN;
  qsort (values, n, sizeof *values, compare_double);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double
fsb_host_speed_slowdown (const double *probes, guint n, double probe_s)
{
  double sorted[FSB_SPEED_HISTORY], median;

  if (n < FSB_SPEED_LEAST || !(probe_s > 0))
    return 0;
  n = MIN (n, FSB_SPEED_HISTORY);
  memcpy (sorted, probes, n * sizeof *sorted);
  median = fsb_host_median_in_place (sorted, n);
  return median > 0 ? probe_s / median : 0;
}

double
fsb_probe_history_add (FsbProbeHistory *h, double probe_s)
{
  double slowdown;

  g_mutex_lock (&h->lock);
  h->values[h->next] = probe_s;
  h->next = (h->next + 1) % FSB_SPEED_HISTORY;
  h->len = MIN (h->len + 1, FSB_SPEED_HISTORY);
  slowdown = fsb_host_speed_slowdown (h->values, h->len, probe_s);
  g_mutex_unlock (&h->lock);
  return slowdown;
}

double
fsb_host_speed_read (void)
{
  return fsb_probe_history_add (&history, fsb_host_speed_probe ());
}
