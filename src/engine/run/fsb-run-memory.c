/* fsb-run-memory.c: the memory a task is about to fill, brought back into
 * the machine before its clock starts
 *
 * A virtual machine may hand the memory its kernel has had free for a
 * while back to its host (free page reporting: virtio-balloon, Firecracker,
 * QEMU's free-page-reporting; /sys/module/page_reporting counts it). The
 * next time the kernel gives that memory out, every 2 MiB of it faults in
 * on the host first. A task that fills the page cache then pays for it or
 * not by chance: big-recopy (35 MB read, 35 MB written) took 43 ms with
 * 13 ms of system time, or 70 ms with 42 ms, in about half the samples
 * each, on ext4, XFS and Btrfs alike (1,032 samples of eleven default runs
 * on a VM that reports: twins 1.3× apart in big files, the verdict's false
 * winners). With reporting off, 11 samples of 12 took the fast way, the
 * first the slow one; and so did all 12 once the runner filled and freed
 * 96 MiB of huge pages before each timed section: the page cache's large
 * folios come from the 2 MiB blocks so freed, present again and not yet
 * reported. Small pages filled and freed did not help (they go back to
 * other lists), nor did a file read and dropped.
 *
 * So before the timed section of a task that moves much data, the runner
 * fills and frees huge pages for twice the most the task moved in an
 * earlier round (in its first round: FSB_PRIME_FIRST), at most
 * FSB_PRIME_MOST: outside the time, and for every contender of a round
 * alike, since only earlier rounds count. A task that moved less than
 * FSB_PRIME_LEAST is left alone: the filling slowed tree-list (7 ms) by a
 * few milliseconds; so is one that moves no data at all (its spec says
 * moves_no_data: deletes, reading metadata), even in its first round,
 * when no sample has said what it moved yet: filled just before, the
 * 128 MiB made an XFS big-delete's first sample 0.8-0.9 ms against
 * 0.6-0.7 for the ones after (every sample filled: 0.8-1.0 ms), and a
 * first sample above 1.5 times the rest in 6 of 24 series. Where huge
 * pages are off, the kernel fills small pages instead: harmless, and no
 * help. The sample records what was primed
 * (primed_bytes). bench/noise.sh shows the series before and after. */
#include "config.h"

#include <sys/mman.h>

#include "fsb-run-private.h"

#define HUGE_PAGE (2u << 20)
#define PAGE      4096u

/* Fills and frees bytes of anonymous memory in huge pages; returns the
 * bytes filled (0: none). */
static guint64
fill_and_free (guint64 bytes)
{
  gsize len = (gsize) ((bytes + HUGE_PAGE - 1) / HUGE_PAGE) * HUGE_PAGE;
  char *raw, *start;

  if (len == 0)
    return 0;
  /* aligned on a huge page, so that every one of them can be one */
  raw = mmap (NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED)
    return 0;
  start = (char *) (((guintptr) raw + HUGE_PAGE - 1) & ~(guintptr) (HUGE_PAGE - 1));
  (void) madvise (start, len, MADV_HUGEPAGE);
  for (gsize i = 0; i < len; i += PAGE)
    start[i] = 1;
  munmap (raw, len + HUGE_PAGE);
  return len;
}

typedef struct {
  guint64  before;    /* the most a sample moved in the rounds before `round` */
  guint64  in_round;  /* the most in `round` */
  guint    round;
  gboolean earlier;   /* it ran in a round before `round` */
} Moved;

/* A new round: what the last one moved counts from now on. */
static void
roll (Moved *m, guint round)
{
  if (m->round >= round)
    return;
  m->before = MAX (m->before, m->in_round);
  m->in_round = 0;
  m->round = round;
  m->earlier = TRUE;
}

static guint
current_round (Run *run)
{
  return run->step < run->steps->len ? g_array_index (run->steps, Step, run->step).repetition : G_MAXUINT;
}

/* The most task_id moved in the rounds before this one; FALSE: none ran it. */
static gboolean
moved_before (Run *run, const char *task_id, guint64 *bytes)
{
  Moved *m = g_hash_table_lookup (run->moved_bytes, task_id);
  guint round = current_round (run);

  if (m == NULL)
    return FALSE;
  roll (m, round);
  *bytes = m->before;
  return m->earlier;
}

void
fsb_run_prime_memory (Run *run, const char *task_id, FsbSample *sample)
{
  guint64 moved = 0, want;
  gboolean known = moved_before (run, task_id, &moved);

  const FsbTaskSpec *spec = fsb_catalog_task (task_id, NULL);

  if ((known && moved < FSB_PRIME_LEAST) || (spec != NULL && spec->moves_no_data))
    return;
  want = known ? MIN (2 * moved, FSB_PRIME_MOST) : FSB_PRIME_FIRST;
  fsb_sample_set (sample, "primed_bytes", (double) fill_and_free (want));
}

void
fsb_run_note_moved (Run *run, const char *task_id, const FsbSample *sample)
{
  double bytes = 0;
  guint round = current_round (run);
  Moved *m = g_hash_table_lookup (run->moved_bytes, task_id);

  if (!fsb_sample_get (sample, "bytes", &bytes) || !(bytes > 0))
    bytes = 0;
  if (m == NULL)
    {
      m = g_new0 (Moved, 1);
      m->round = round;
      g_hash_table_insert (run->moved_bytes, g_strdup (task_id), m);
    }
  roll (m, round);
  m->in_round = MAX (m->in_round, (guint64) bytes);
}
