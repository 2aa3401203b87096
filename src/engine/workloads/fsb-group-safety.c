/* fsb-group-safety.c: the safety group: does the data survive a power cut,
 * and does the filesystem notice bits gone bad? Without root: images in
 * an image, through udisks.
 *
 * Power cut: a filesystem of the contender's type in an image (the
 * "inner" one) is written by a thread that creates, rewrites and replaces
 * files and fsyncs some (fsb-safety-log.c). Meanwhile copies of the image
 * are made at random moments by reflink (FICLONE), each atomic: the image
 * as the loop device had written it at one instant, as a power cut would
 * leave it. Reflinks need a filesystem that has them, so the inner image
 * lives in an XFS image of its own (the "outer" one), made, formatted
 * (take-ownership) and mounted through udisks inside the target. Each copy
 * is then mounted (the journal replayed: timed), every file is read and
 * judged against the log, and it is unmounted and checked by the
 * filesystem's own checker, read-only, on the copy file. This covers the
 * states the device was in at some instant; not the reorderings of
 * writes in flight that dm-log-writes can replay (it needs root and
 * device-mapper). */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-mountinfo.h"
#include "fsb-safety.h"
#include "fsb-target.h"
#include "fsb-workloads-util.h"

/* Its sizes. */
#define SAFETY_IMAGE   "safety-image"    /* the inner image */
#define SAFETY_STATES  "safety-states"   /* power-cut states */
#define SAFETY_FILES   "safety-files"    /* files the writer keeps */
#define SAFETY_WRITE   "safety-write"    /* bytes it writes while the copies are made */
#define SAFETY_CORRUPT "safety-corrupt-files"   /* files of which two thirds get a bit flipped */

#define OUTER_FSTYPE   "xfs"             /* reflinks, formatted by udisks with take-ownership */
#define LOG_DIR        "safety"          /* the writer's folder in the inner filesystem */
#define MIN_FILE_BYTES 1024
#define MAX_FILE_BYTES (64 * 1024)
#define MEAN_GAP_MS    80                /* between two copies, on average */

/* The filesystem the runner made for this cycle: the contender's type. */
static char *
target_fstype (FsbWorkloadContext *ctx, GError **error)
{
  g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
  FsbMount *m = fsb_mountinfo_find_path (mounts, ctx->mount_point);

  if (m == NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND,
                   /* Translators: %s is a folder */
                   _("Nothing is mounted at %s"), ctx->mount_point);
      return NULL;
    }
  return g_strdup (m->fstype);
}

/* An image of size bytes in dir, formatted as fstype with the mkfs
 * options and mounted with the mount options (NULL: the defaults). */
static FsbTarget *
make_image (const char *dir, guint64 size, const char *fstype, const char *mkfs, const char *options,
            GCancellable *cancellable, GError **error)
{
  g_autoptr(FsbTarget) target = fsb_target_new_image (dir, size);

  fsb_target_set_mount_options (target, options);
  if (!fsb_target_prepare (target, size, cancellable, error)
      || !fsb_target_format (target, fstype, mkfs, NULL, cancellable, error)
      || !fsb_target_mount (target, NULL, cancellable, error))
    return NULL;
  return g_steal_pointer (&target);
}

/* The writer's thread ----------------------------------------------------------- */

typedef struct {
  FsbSafetyLog *log;
  guint64       seed;
  gint          budget_kib;  /* what it may have written by now (grows with each copy) */
  guint64       written;
  gint          stop;
  GError       *error;
} Writer;

static gpointer
writer_run (gpointer data)
{
  Writer *w = data;
  FsbRng rng;

  fsb_rng_init (&rng, w->seed);
  while (!g_atomic_int_get (&w->stop))
    {
      if (w->written >= (guint64) g_atomic_int_get (&w->budget_kib) * 1024)
        {
          g_usleep (2000);
          continue;
        }
      if (!fsb_safety_log_step (w->log, &rng, &w->written, &w->error))
        break;
    }
  return NULL;
}

static void
writer_allow (Writer *w, guint64 budget)
{
  g_atomic_int_set (&w->budget_kib, (gint) MIN (budget / 1024, (guint64) G_MAXINT));
}

/* The power-cut states ----------------------------------------------------------- */

typedef struct {
  FsbTarget    *copy;
  FsbSafetyCut *cut;
} State;

static void
state_clear (gpointer data)
{
  State *s = data;

  g_clear_object (&s->copy);   /* unmounts, detaches, deletes */
  g_clear_pointer (&s->cut, fsb_safety_cut_free);
}

/* The states' array owns them: cleared as each is judged, freed with it. */
static void
state_free (gpointer data)
{
  state_clear (data);
  g_free (data);
}

/* The copies are judged by JUDGES threads at once: udisks takes seconds
 * over each call on a busy machine, mostly waiting for udev, so one copy
 * is attached while another is mounted and a third checked. Copies of a
 * filesystem that refuses a second mount of its UUID (XFS; Btrfs before
 * Linux 6.7) are mounted one at a time (mount_lock). */
#define JUDGES 3

typedef struct {
  GMutex          lock;
  GMutex          mount_lock;
  gboolean        one_mount;
  GPtrArray      *states;
  guint           next;
  const FsbSafetyLog *log;
  const char     *fstype;
  char           *copy_options;   /* "ro" and the contender's mount options */
  FsbWorkloadContext *ctx;
  GError         *error;
  guint states_done, checker_clean, checker_runs;
  FsbSafetyCounts sum;
  GArray *mount_s, *check_s;
} Tally;

static int
cmp_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
set_median_max (FsbSample *sample, GArray *values, const char *median_id, const char *max_id)
{
  if (values->len == 0)
    return;
  g_array_sort (values, cmp_double);
  fsb_sample_set (sample, median_id, fsb_percentile ((const double *) values->data, values->len, 0.5));
  fsb_sample_set (sample, max_id, g_array_index (values, double, values->len - 1));
}

/* Mounts a copy (replaying its journal), judges its files, unmounts it,
 * runs the checker on its file. */
static gboolean
judge_state (State *s, Tally *t, GError **error)
{
  GCancellable *cancellable = t->ctx->cancellable;
  FsbSafetyCounts counts;
  g_autoptr(GError) check_error = NULL;
  gboolean clean = FALSE, ok, checked;
  double mount_s = 0, check_s = 0;
  double start = fsb_now ();

  fsb_target_set_mount_options (s->copy, t->copy_options);
  if (!fsb_target_prepare (s->copy, 0, cancellable, error))
    return FALSE;
  if (t->one_mount)
    g_mutex_lock (&t->mount_lock);
  ok = fsb_target_mount (s->copy, &mount_s, cancellable, error)
       && fsb_safety_verify (t->log, s->cut, fsb_target_get_mount_point (s->copy), LOG_DIR, &counts, error);
  ok = fsb_target_unmount (s->copy, NULL, cancellable, ok ? error : NULL) && ok;
  if (t->one_mount)
    g_mutex_unlock (&t->mount_lock);
  if (!ok)
    return FALSE;
  g_debug ("power cut: attached and mounted in %.2f s (mount %.2f s), %u acknowledged, %u lost",
           fsb_now () - start, mount_s, counts.acked, counts.acked_lost);
  checked = fsb_safety_check_image (t->fstype, fsb_target_get_image_path (s->copy), &clean, &check_s,
                                    cancellable, &check_error);
  if (!checked && !g_error_matches (check_error, FSB_ERROR, FSB_ERROR_UNSUPPORTED))
    {
      g_propagate_error (error, g_steal_pointer (&check_error));
      return FALSE;
    }

  g_mutex_lock (&t->lock);
  g_array_append_val (t->mount_s, mount_s);
  t->states_done++;
  t->sum.acked += counts.acked;
  t->sum.acked_lost += counts.acked_lost;
  t->sum.absent += counts.absent;
  t->sum.old += counts.old;
  t->sum.whole += counts.whole;
  t->sum.partial += counts.partial;
  t->sum.garbage += counts.garbage;
  if (checked)
    {
      t->checker_runs++;
      t->checker_clean += clean;
      g_array_append_val (t->check_s, check_s);
    }
  g_mutex_unlock (&t->lock);
  return TRUE;
}

static gpointer
judge_run (gpointer data)
{
  Tally *t = data;

  for (;;)
    {
      g_autoptr(GError) error = NULL;
      State *s = NULL;
      gboolean ok;

      g_mutex_lock (&t->lock);
      if (t->error == NULL && t->next < t->states->len)
        s = g_ptr_array_index (t->states, t->next++);
      g_mutex_unlock (&t->lock);
      if (s == NULL)
        return NULL;
      ok = judge_state (s, t, &error);
      state_clear (s);
      g_mutex_lock (&t->lock);
      if (!ok && t->error == NULL)
        t->error = g_steal_pointer (&error);
      if (t->ctx->progress != NULL)
        t->ctx->progress (t->states->len + t->states_done, 2 * t->states->len, t->ctx->progress_data);
      g_mutex_unlock (&t->lock);
    }
}

/* Filesystems that mount a copy beside the original (the same UUID). */
static gboolean
mounts_twins (const char *fstype)
{
  return g_strv_contains ((const char *const[]) { "ext2", "ext3", "ext4", NULL }, fstype);
}

static gboolean
judge_states (FsbWorkloadContext *ctx, GPtrArray *states, const FsbSafetyLog *log, const char *fstype,
              FsbSample *sample, GError **error)
{
  GThread *threads[JUDGES];
  Tally t = { 0 };

  g_mutex_init (&t.lock);
  g_mutex_init (&t.mount_lock);
  t.one_mount = !mounts_twins (fstype);
  t.states = states;
  t.log = log;
  t.fstype = fstype;
  t.copy_options = fsb_safety_copy_options (ctx->mount_options);
  t.ctx = ctx;
  t.mount_s = g_array_new (FALSE, FALSE, sizeof (double));
  t.check_s = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; i < JUDGES; i++)
    threads[i] = g_thread_new ("fsb-safety-judge", judge_run, &t);
  for (guint i = 0; i < JUDGES; i++)
    g_thread_join (threads[i]);
  if (t.error == NULL)
    {
      fsb_sample_set (sample, "power_cut_states", t.states_done);
      fsb_sample_set (sample, "checker_runs", t.checker_runs);
      fsb_sample_set (sample, "checker_clean", t.checker_clean);
      fsb_sample_set (sample, "acked_files", t.sum.acked);
      fsb_sample_set (sample, "acked_lost", t.sum.acked_lost);
      fsb_sample_set (sample, "unacked_absent", t.sum.absent);
      fsb_sample_set (sample, "unacked_old", t.sum.old);
      fsb_sample_set (sample, "unacked_whole", t.sum.whole);
      fsb_sample_set (sample, "unacked_partial", t.sum.partial);
      fsb_sample_set (sample, "unacked_garbage", t.sum.garbage);
      set_median_max (sample, t.mount_s, "recovery_mount_s", "recovery_mount_max_s");
      set_median_max (sample, t.check_s, "checker_s", "checker_max_s");
    }
  else
    g_propagate_error (error, t.error);
  g_array_unref (t.mount_s);
  g_array_unref (t.check_s);
  g_free (t.copy_options);
  g_mutex_clear (&t.lock);
  g_mutex_clear (&t.mount_lock);
  return t.error == NULL;
}

/* Takes the copies while the writer runs: at random moments, MEAN_GAP_MS
 * apart on average, the writer allowed a share of its bytes more each time. */
static gboolean
take_states (FsbWorkloadContext *ctx, FsbTarget *inner, FsbSafetyLog *log, Writer *w,
             GPtrArray *states, GError **error)
{
  guint n = (guint) fsb_sizes_get (ctx->sizes, SAFETY_STATES);
  guint64 total = (guint64) fsb_sizes_get (ctx->sizes, SAFETY_WRITE);
  FsbRng rng;

  fsb_rng_init (&rng, fsb_seed_from ("safety-cuts", n, total));
  for (guint k = 0; k < n; k++)
    {
      State *s;

      writer_allow (w, total * (k + 1) / n);
      g_usleep ((gulong) (fsb_rng_below (&rng, 2 * MEAN_GAP_MS) + 1) * 1000);
      if (g_atomic_pointer_get (&w->error) != NULL)
        break;   /* said once the writer stopped */
      if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
        {
          fsb_error_normalize (error);
          return FALSE;
        }
      s = g_new0 (State, 1);
      g_ptr_array_add (states, s);
      s->cut = fsb_safety_cut_begin (log);
      s->copy = fsb_target_new_clone (inner, error);
      fsb_safety_cut_end (log, s->cut);
      if (s->copy == NULL)
        return FALSE;
      if (ctx->progress != NULL)
        ctx->progress (k + 1, 2 * n, ctx->progress_data);
    }
  return TRUE;
}

static gboolean
safety_power_cut (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  guint64 inner_bytes = (guint64) fsb_sizes_get (ctx->sizes, SAFETY_IMAGE);
  g_autofree char *fstype = target_fstype (ctx, error);
  g_autoptr(FsbTarget) outer = NULL;
  g_autoptr(FsbTarget) inner = NULL;
  g_autoptr(FsbSafetyLog) log = NULL;
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (state_free);
  g_autofree char *dir = NULL;
  Writer w = { 0 };
  GThread *thread;
  gboolean ok;

  if (fstype == NULL)
    return FALSE;
  outer = make_image (ctx->mount_point, 2 * inner_bytes, OUTER_FSTYPE, NULL, NULL, ctx->cancellable, error);
  if (outer == NULL)
    return FALSE;
  inner = make_image (fsb_target_get_mount_point (outer), inner_bytes, fstype, ctx->mkfs_options,
                      ctx->mount_options, ctx->cancellable, error);
  if (inner == NULL)
    return FALSE;
  dir = g_build_filename (fsb_target_get_mount_point (inner), LOG_DIR, NULL);
  if (g_mkdir (dir, 0755) != 0)
    return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), dir);

  log = fsb_safety_log_new (dir, fsb_seed_from ("safety", 0, 0), (guint) fsb_sizes_get (ctx->sizes, SAFETY_FILES),
                            MIN_FILE_BYTES, MAX_FILE_BYTES);
  w.log = log;
  w.seed = fsb_seed_from ("safety-writer", 0, 0);
  thread = g_thread_new ("fsb-safety-writer", writer_run, &w);
  ok = take_states (ctx, inner, log, &w, states, error);
  g_atomic_int_set (&w.stop, 1);
  g_thread_join (thread);
  fsb_safety_log_close (log);
  if (w.error != NULL)
    {
      if (ok)
        g_propagate_error (error, w.error);
      else
        g_error_free (w.error);
      return FALSE;
    }
  if (!ok)
    return FALSE;
  /* Only the copies from now on: no original beside them. */
  g_clear_object (&inner);
  fsb_sample_set (sample, "bytes", w.written);
  return judge_states (ctx, states, log, fstype, sample, error);
}

/* Silent corruption ------------------------------------------------------------------ */

static gboolean
corrupt_in (FsbWorkloadContext *ctx, FsbTarget *image, const char *fstype, FsbSample *sample, GError **error)
{
  guint n = (guint) fsb_sizes_get (ctx->sizes, SAFETY_CORRUPT);
  guint n_flip = MAX (1, n * 2 / 3);
  g_autofree char *dir = g_build_filename (fsb_target_get_mount_point (image), "corrupt", NULL);
  g_autoptr(GPtrArray) firsts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) where = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GError) scrub_error = NULL;
  g_autoptr(GError) check_error = NULL;
  FsbSafetyCorruption c = { 0 };
  guint scrub_errors = 0;
  gboolean clean = TRUE;
  double check_s = 0;

  if (g_mkdir (dir, 0755) != 0)
    return fsb_errno_fail (error, errno, _("Cannot write “%s”: %s"), dir);
  if (!fsb_safety_corrupt_write (dir, n, 0, firsts, where, error)
      || !fsb_target_unmount (image, NULL, ctx->cancellable, error)
      || !fsb_safety_corrupt_flip (fsb_target_get_image_path (image), n, n_flip, firsts, where, error)
      || !fsb_target_mount (image, NULL, ctx->cancellable, error))
    return FALSE;
  g_free (dir);
  dir = g_build_filename (fsb_target_get_mount_point (image), "corrupt", NULL);
  fsb_safety_corrupt_read (dir, n, n_flip, firsts, &c);
  fsb_sample_set (sample, "files", n);
  fsb_sample_set (sample, "corrupt_files", n_flip);
  fsb_sample_set (sample, "corrupt_detected", c.detected);
  fsb_sample_set (sample, "corrupt_silent", c.silent);
  fsb_sample_set (sample, "corrupt_repaired", c.repaired);
  fsb_sample_set (sample, "corrupt_untouched", c.untouched);

  /* Its scrub, where it has one: ran (1), refused to this user (0), or none (absent). */
  if (fsb_safety_scrub (fstype, fsb_target_get_mount_point (image), &scrub_errors, ctx->cancellable, &scrub_error))
    {
      fsb_sample_set (sample, "scrub_ran", 1);
      fsb_sample_set (sample, "scrub_errors", scrub_errors);
    }
  else if (g_error_matches (scrub_error, FSB_ERROR, FSB_ERROR_NOT_AUTHORIZED))
    fsb_sample_set (sample, "scrub_ran", 0);
  else if (!g_error_matches (scrub_error, FSB_ERROR, FSB_ERROR_UNSUPPORTED))
    {
      g_propagate_error (error, g_steal_pointer (&scrub_error));
      return FALSE;
    }

  /* One bit of the superblock's counters: does the checker notice? */
  g_clear_pointer (&dir, g_free);
  if (!fsb_target_unmount (image, NULL, ctx->cancellable, error))
    return FALSE;
  if (!fsb_safety_corrupt_metadata (fstype, fsb_target_get_image_path (image), &check_error)
      || !fsb_safety_check_image (fstype, fsb_target_get_image_path (image), &clean, &check_s,
                                  ctx->cancellable, &check_error))
    {
      if (!g_error_matches (check_error, FSB_ERROR, FSB_ERROR_UNSUPPORTED))
        {
          g_propagate_error (error, g_steal_pointer (&check_error));
          return FALSE;
        }
    }
  else
    fsb_sample_set (sample, "metadata_noticed", !clean);
  return TRUE;
}

static gboolean
safety_corruption (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *fstype = target_fstype (ctx, error);
  g_autoptr(FsbTarget) image = NULL;

  if (fstype == NULL)
    return FALSE;
  image = make_image (ctx->mount_point, (guint64) fsb_sizes_get (ctx->sizes, SAFETY_IMAGE), fstype,
                      ctx->mkfs_options, ctx->mount_options, ctx->cancellable, error);
  return image != NULL && corrupt_in (ctx, image, fstype, sample, error);
}

/* The group ---------------------------------------------------------------------- */

static double
estimate_power_cut (const FsbSizes *s)
{
  /* Two images made and formatted; each state attached, mounted, read,
   * unmounted, checked and deleted: about 1.5 s on a loop device. */
  return 6 + fsb_sizes_get (s, SAFETY_STATES) * 1.5;
}

static double
estimate_corruption (const FsbSizes *s)
{
  return 8;
}

/* The checker reads every block in use: about 1 s per GB on a loop image. */
static double
estimate_fsck_full (const FsbSizes *s)
{
  return 3;
}

static const FsbTaskSpec tasks[] = {
  { "power-cut", N_("Power cuts"),
    N_("Writes, rewrites and replaces files, making some durable with fsync, while copies of the "
       "whole disk are taken at random moments, as a power cut would leave it. Each copy is "
       "mounted, which replays its journal, every file is read and compared with what was "
       "written, and the filesystem’s own checker examines it."),
    "power-cuts", "recovery_mount_s", FALSE, safety_power_cut, NULL, NULL, estimate_power_cut, .once = TRUE },
  { "bit-rot", N_("Bits gone bad"),
    N_("Writes files of known bytes, flips one bit in the data of two thirds of them on the disk "
       "while it is unmounted, and reads every file again: a read error is damage detected, other "
       "bytes without an error damage returned silently. The filesystem’s scrub runs where it "
       "has one, and its checker looks at a superblock with one bit changed."),
    "corruption", "wall_s", FALSE, safety_corruption, NULL, NULL, estimate_corruption, .once = TRUE },
  /* No work of its own: the runner measures it when a plan fills the
   * filesystem (fsb-run-fsck.c), whether this group runs or not. */
  { FSB_TASK_FSCK_FULL, N_("Check a full filesystem"),
    N_("Once the aging has filled the filesystem, or with the kernel trees on it, the filesystem is unmounted "
       "and its own checker (e2fsck, xfs_repair, btrfs check) reads all of it without repairing anything: "
       "the time a check at startup or after a crash takes on a disk in use."),
    "full-check", "checker_s", FALSE, NULL, NULL, NULL, estimate_fsck_full },
};

/* The first two: counts decide them, not times (fsb-verdict-safety.c), and
 * their verdicts say the counts, so the lead/tied/single sentences are unused. The archive
 * needs them; desktop and server weigh them a little when they ran, which
 * does not make the group part of their quick default run (its copies, each
 * mounted through udisks, take longer than those runs promise). */
static const FsbCriterionSpec criteria[] = {
  { "power-cuts", N_("Power cuts"), FSB_SCORE_DURABILITY, { NULL, NULL, NULL },
    { { "nas", 3 }, { "desktop", 0.5, TRUE }, { "server", 0.5, TRUE } },
    N_("Each power cut is a copy of the whole disk taken at one instant while files were being written, "
       "mounted again (its journal replayed) and checked: files made durable with fsync must be whole, "
       "the others may be absent, an earlier version, cut short or whole, but never wrong data. The "
       "filesystem’s own checker then examines the copy, and its time is counted. This covers the states "
       "the disk was in at some instant; not the reordering of writes in flight that a tool with "
       "administrator rights (dm-log-writes) can explore.") },
  { "corruption", N_("Damaged data"), FSB_SCORE_DETECTION, { NULL, NULL, NULL },
    { { "nas", 2 }, { "desktop", 0.5, TRUE }, { "server", 0.5, TRUE } },
    N_("A bit is flipped on the disk in files of known content while it is unmounted, and each file is "
       "read back: a filesystem with data checksums reports a read error, one without returns the wrong "
       "bytes. Its scrub runs where it has one, and its checker looks at a superblock with one bit "
       "changed.") },
  /* Its time counts as any task's; a checker that finds damage on a full
   * filesystem nothing damaged is said in the conclusion (fsb-verdict-safety.c). */
  { "full-check", N_("Checking a full filesystem"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the fastest to check when full: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on checking a full filesystem (%s)."),
      /* Translators: the only filesystem measured, then its checker’s time on the full filesystem */
      N_("The checker of %s needed %s for the full filesystem.") },
    { { "nas", 1, TRUE }, { "server", 0.5, TRUE } },
    N_("After the aging’s fill (--age) or with the kernel trees on it, the filesystem is unmounted and its own "
       "checker reads it whole, read-only, from a cold cache: e2fsck -fn, xfs_repair -n or btrfs check --readonly. "
       "Its time grows with the files and blocks in use, which are listed below; a checker that finds damage "
       "on a filesystem nothing damaged is a fault of the filesystem or of its checker.") },
};

static const FsbParamSpec params[] = {
  /* XFS needs 300 MiB at least. */
  { SAFETY_IMAGE, N_("Size of the disk image the safety checks cut"), FSB_PARAM_BYTES,
    { 320.0 * 1024 * 1024, 512.0 * 1024 * 1024, 1024.0 * 1024 * 1024 }, 320.0 * 1024 * 1024, 64e9 },
  { SAFETY_STATES, N_("Power-cut states checked"), FSB_PARAM_COUNT, { 20, 50, 100 }, 1, 10000 },
  { SAFETY_FILES, N_("Files written during the power cuts"), FSB_PARAM_COUNT, { 200, 500, 1000 }, 1, 100000 },
  { SAFETY_WRITE, N_("Data written during the power cuts"), FSB_PARAM_BYTES,
    { 8.0 * 1024 * 1024, 32.0 * 1024 * 1024, 64.0 * 1024 * 1024 }, 1024 * 1024, 16e9 },
  { SAFETY_CORRUPT, N_("Files whose bits are checked"), FSB_PARAM_COUNT, { 18, 60, 150 }, 3, 10000 },
};

static const FsbMetricSpec metrics[] = {
  { "power_cut_states", N_("Power-cut states checked"), N_("states") },
  { "checker_runs", N_("Checks made"), N_("checks") },
  { "checker_clean", N_("States the checker found clean"), N_("states") },
  { "acked_files", N_("Acknowledged files checked"), N_("files") },
  { "acked_lost", N_("Acknowledged files lost"), N_("files") },
  { "unacked_absent", N_("Files not yet durable: absent"), N_("files") },
  { "unacked_old", N_("Files not yet durable: an earlier version"), N_("files") },
  { "unacked_whole", N_("Files not yet durable: whole"), N_("files") },
  { "unacked_partial", N_("Files not yet durable: cut short"), N_("files") },
  { "unacked_garbage", N_("Files not yet durable: wrong data"), N_("files") },
  { "recovery_mount_s", N_("Mount after a power cut"), N_("s") },
  { "recovery_mount_max_s", N_("Longest mount after a power cut"), N_("s") },
  { "checker_s", N_("Checker time"), N_("s") },
  { "checker_max_s", N_("Longest checker time"), N_("s") },
  { "corrupt_files", N_("Files damaged on purpose"), N_("files") },
  { "corrupt_detected", N_("Damaged files detected (read error)"), N_("files") },
  { "corrupt_silent", N_("Damaged files returned silently"), N_("files") },
  { "corrupt_repaired", N_("Damaged files read back right"), N_("files") },
  { "corrupt_untouched", N_("Undamaged files read back right"), N_("files") },
  { "scrub_ran", N_("Scrub ran (1) or was refused (0)"), N_("checks") },
  { "scrub_errors", N_("Errors the scrub found"), N_("errors") },
  { "metadata_noticed", N_("Checker noticed a damaged superblock (1) or not (0)"), N_("checks") },
  { "fsck_clean", N_("Checker found the full filesystem clean (1) or not (0)"), N_("checks") },
  { "fsck_used_bytes", N_("Space in use the checker read"), N_("bytes") },
  { "fsck_used_inodes", N_("Files and folders the checker read"), N_("inodes") },
};

/* The outer image, twice the inner one: the inner image and the copies
 * live in it, sharing their unchanged blocks. */
static guint64
space_needed (const FsbSizes *s)
{
  return (guint64) (2 * fsb_sizes_get (s, SAFETY_IMAGE));
}

const FsbWorkloadGroup fsb_group_safety = {
  .id = "safety",
  .name = N_("Data safety"),
  .description = N_("Power cuts taken as copies of the disk at random moments while files are written, "
                    "each checked: durable files kept, no garbage, the checker’s verdict and the time "
                    "to mount again."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .metrics = metrics, .n_metrics = G_N_ELEMENTS (metrics),
  .space_needed = space_needed,
};
