/* fsb-aging.h: aging a filesystem: files of realistic sizes in a realistic
 * tree (after Impressions, Agrawal et al., FAST 2009), written until the
 * filesystem is as full as asked, then churned (after Geriatrix, Kadekodi
 * et al., ATC 2018); and the count of 4 KiB files that fit */
#pragma once

#include <gio/gio.h>

#include "fsb-age.h"
#include "fsb-result.h"
#include "fsb-rng.h"
#include "fsb-workload.h"

G_BEGIN_DECLS

/* Impressions' file sizes by count, from a five-year study of desktop
 * filesystems: a lognormal body (of ln bytes: mean 9.48, deviation 2.46)
 * with probability 0.99994, else a Pareto tail (shape 0.91 from 512 MB). */
#define FSB_AGING_MU          9.48
#define FSB_AGING_SIGMA       2.46
#define FSB_AGING_BODY        0.99994
#define FSB_AGING_PARETO_K    0.91
#define FSB_AGING_PARETO_XM   512e6
/* Files by folder depth: Poisson with this mean (Impressions). */
#define FSB_AGING_DEPTH_MEAN  6.49
/* A new folder for about every tenth file. */
#define FSB_AGING_FILES_PER_DIR 10
/* The aging files live in this folder at the root of the filesystem. */
#define FSB_AGING_DIR "aging"
#define FSB_FIT_DIR "fit"

/* The distribution the sizes are drawn from, truncated at max_bytes (a
 * file never takes more than a small share of the fill), and one draw. */
double   fsb_aging_size_cdf    (double bytes, double max_bytes);
guint64  fsb_aging_size_sample (FsbRng *rng, double max_bytes);

/* The files of an aging, one after the other: the same seed gives the
 * same files, in the same folders, with the same sizes. Folders grow as
 * in Impressions' generative model: a new one goes under an existing
 * folder with a chance in proportion to its subfolders plus two. */
typedef struct _FsbAgingLayout FsbAgingLayout;

FsbAgingLayout *fsb_aging_layout_new   (guint64 seed, guint64 max_file_bytes);
void            fsb_aging_layout_free  (FsbAgingLayout *layout);
/* The next file's path relative to the aging folder, and its size; the
 * folders it needs that are new come first in new_dirs (paths relative to
 * the aging folder, parents first). */
char           *fsb_aging_layout_next  (FsbAgingLayout *layout, guint64 *size, GPtrArray *new_dirs);
guint           fsb_aging_layout_n_dirs (const FsbAgingLayout *layout);
/* The depth of the folder of the last file (1: right in the aging folder). */
guint           fsb_aging_layout_last_depth (const FsbAgingLayout *layout);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbAgingLayout, fsb_aging_layout_free)

/* The seed every filesystem of a run is aged with, so each gets the same files. */
#define FSB_AGING_SEED G_GUINT64_CONSTANT (0x4167696e67)   /* "Aging" */

typedef struct {
  const FsbAgeSpec   *spec;
  guint64             seed;
  guint64             reserve_bytes;    /* to leave free: the aged tasks' peak */
  guint64             max_file_bytes;   /* the same for every filesystem of a run */
  guint64             planned_bytes;    /* for progress: what the plan expects to write */
  GCancellable       *cancellable;
  FsbItemProgressFunc progress;         /* bytes written of planned_bytes */
  gpointer            progress_data;
} FsbAgingParams;

/* Fills the filesystem at mount_point to spec->fill of its usable space
 * (less if reserve_bytes would not be left), then runs spec->rounds
 * rounds of churn; flushes after each round. Fills in the figures of run
 * it measures (fill, rounds, files, bytes, folders, seconds). */
gboolean fsb_aging_run  (const char *mount_point, const FsbAgingParams *params,
                         FsbAgingRun *run, GError **error);

/* Creates 4 KiB files on the (fresh) filesystem at mount_point until
 * space or inodes run out, or time_limit seconds passed (limit "time":
 * files is a lower bound). */
gboolean fsb_files_fit  (const char *mount_point, double time_limit, GCancellable *cancellable,
                         FsbItemProgressFunc progress, gpointer progress_data,
                         FsbFilesFit *fit, GError **error);

/* How full a mounted filesystem is, as df says it: used ÷ (used + available). */
gboolean fsb_aging_usage (const char *mount_point, guint64 *used, guint64 *usable, GError **error);

G_END_DECLS
