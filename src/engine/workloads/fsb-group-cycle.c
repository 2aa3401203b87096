/* fsb-group-cycle.c: what every repetition does around the workloads:
 * create the filesystem, mount it, measure its capacity, unmount it
 * (seed 000's first and last tasks). The runner does these steps itself,
 * through the target; this group names them, their criteria and weights. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "fsb-workload.h"

static double estimate_mkfs (const FsbSizes *sizes)  { return 2.0; }
static double estimate_mount (const FsbSizes *sizes) { return 0.5; }

static const FsbTaskSpec tasks[] = {
  { "mkfs", N_("Create the filesystem"),
    N_("Runs mkfs with the filesystem's default options on the whole target."),
    "mkfs-mount", "wall_s", FALSE, NULL, NULL, NULL, estimate_mkfs },
  { "mount", N_("Mount"),
    N_("Mounts the new filesystem."),
    "mkfs-mount", "wall_s", FALSE, NULL, NULL, NULL, estimate_mount },
  { "umount", N_("Unmount"),
    N_("Unmounts the filesystem, which writes back everything still in memory."),
    "mkfs-mount", "wall_s", FALSE, NULL, NULL, NULL, estimate_mount },
};

static const FsbCriterionSpec criteria[] = {
  { "capacity", N_("Partition capacity"), FSB_SCORE_CAPACITY,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s leaves the most usable space: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s leave about the same usable space (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s leaves %s of the partition usable.") },
    { { "desktop", 1 }, { "server", 2 }, { "database", 0.5 }, { "small-files", 1 }, { "media", 2 }, { "nas", 1 }, { "developer", 1 } } },
  { "mkfs-mount", N_("Creating, mounting and unmounting"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s is the fastest to create, mount and unmount: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on creating and mounting (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s took %s to create, mount and unmount.") },
    { { NULL, 0 } } },
};

const FsbWorkloadGroup fsb_group_cycle = {
  .id = "cycle",
  .name = N_("Create and mount"),
  .description = N_("Creating, mounting and unmounting the filesystem, and the space it leaves usable: part of every run."),
  .always = TRUE,
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
};
