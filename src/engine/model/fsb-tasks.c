/* fsb-tasks.c: the catalog of task ids, groups and report sections */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-tasks.h"

static const FsbTaskInfo tasks[] = {
  /* core: seed 000's eleven tasks */
  { "mkfs", "core", FSB_SECTION_MKFS_MOUNT, N_("Create the filesystem"),
    N_("Runs mkfs with the filesystem's default options on the whole target."), "wall_s", FALSE },
  { "mount", "core", FSB_SECTION_MKFS_MOUNT, N_("Mount"),
    N_("Mounts the new filesystem."), "wall_s", FALSE },
  { "big-copy-in", "core", FSB_SECTION_BIG_FILES, N_("Copy a big file in"),
    N_("Copies the big file from the source to the target, as when saving an ISO image or a video."), "wall_s", FALSE },
  { "big-recopy", "core", FSB_SECTION_BIG_FILES, N_("Copy the big file within"),
    N_("Copies the big file to another folder on the same filesystem: it reads and writes the same disk."), "wall_s", FALSE },
  { "big-delete", "core", FSB_SECTION_BIG_FILES, N_("Delete the big files"),
    N_("Deletes both copies of the big file; some filesystems free large extents at once, others block by block."), "wall_s", FALSE },
  { "tree-copy-in", "core", FSB_SECTION_TREE, N_("Copy a file tree in"),
    N_("Copies a tree of folders and files of mixed sizes to the target, like a home folder or a web site."), "wall_s", FALSE },
  { "tree-recopy", "core", FSB_SECTION_TREE, N_("Copy the tree within"),
    N_("Copies the tree to another folder on the same filesystem."), "wall_s", FALSE },
  { "tree-list", "core", FSB_SECTION_LIST_SEARCH, N_("List the tree"),
    N_("Lists the whole tree with its metadata and writes the listing to a file, as ls -lR does."), "wall_s", FALSE },
  { "tree-find", "core", FSB_SECTION_LIST_SEARCH, N_("Find files"),
    N_("Walks the tree and finds the files whose names match a pattern, as find does."), "wall_s", FALSE },
  { "tree-delete", "core", FSB_SECTION_TREE, N_("Delete the trees"),
    N_("Deletes both copies of the tree."), "wall_s", FALSE },
  { "umount", "core", FSB_SECTION_MKFS_MOUNT, N_("Unmount"),
    N_("Unmounts the filesystem, which writes back everything still in memory."), "wall_s", FALSE },

  /* kernel-tree: seed 001 */
  { "kernel-copy-in", "kernel-tree", FSB_SECTION_KERNEL_TREE, N_("Copy a kernel tree in"),
    N_("Copies a built kernel source tree, with many small source and object files, to the target."), "wall_s", FALSE },
  { "kernel-copy-out", "kernel-tree", FSB_SECTION_KERNEL_TREE, N_("Copy the kernel tree out"),
    N_("Copies the kernel tree from the target to another disk: the read side."), "wall_s", FALSE },
  { "kernel-recopy", "kernel-tree", FSB_SECTION_KERNEL_TREE, N_("Copy the kernel tree within"),
    N_("Copies the kernel tree to another folder on the target."), "wall_s", FALSE },
  { "kernel-delete", "kernel-tree", FSB_SECTION_KERNEL_TREE, N_("Delete the kernel trees"),
    N_("Deletes the kernel trees; the study found this differs by several times between filesystems."), "wall_s", FALSE },

  /* small-files: seed 002, bonnie++ style */
  { "small-create-seq", "small-files", FSB_SECTION_SMALL_FILES, N_("Create small files in order"),
    N_("Creates many files of 0 to 1,999 bytes in sequential order, as bonnie++ does."), "files_per_s", TRUE },
  { "small-stat-seq", "small-files", FSB_SECTION_SMALL_FILES, N_("Read metadata in order"),
    N_("Reads the metadata of every small file in sequential order."), "files_per_s", TRUE },
  { "small-delete-seq", "small-files", FSB_SECTION_SMALL_FILES, N_("Delete small files in order"),
    N_("Deletes the small files in sequential order."), "files_per_s", TRUE },
  { "small-create-rand", "small-files", FSB_SECTION_SMALL_FILES, N_("Create small files at random"),
    N_("Creates the small files in random order."), "files_per_s", TRUE },
  { "small-stat-rand", "small-files", FSB_SECTION_SMALL_FILES, N_("Read metadata at random"),
    N_("Reads the metadata of the small files in random order."), "files_per_s", TRUE },
  { "small-delete-rand", "small-files", FSB_SECTION_SMALL_FILES, N_("Delete small files at random"),
    N_("Deletes the small files in random order."), "files_per_s", TRUE },

  /* delete-latency: seed 002 */
  { "delete-return", "delete-latency", FSB_SECTION_DELETE_LATENCY, N_("Time until delete returns"),
    N_("Deletes a large file and measures how long the call takes to return, one sample per deletion."), "wall_s", FALSE },
  { "delete-sys", "delete-latency", FSB_SECTION_DELETE_LATENCY, N_("System time of a delete"),
    N_("The kernel time spent deleting the large file, which varies less than the time until the call returns."), "sys_s", FALSE },

  /* random-io: seed 004, sysbench fileio style */
  { "rand-read", "random-io", FSB_SECTION_RANDOM_IO, N_("Random reads"),
    N_("Reads 16 KiB blocks at random offsets in a set of files, like a database."), "mb_per_s", TRUE },
  { "rand-write", "random-io", FSB_SECTION_RANDOM_IO, N_("Random writes"),
    N_("Writes 16 KiB blocks at random offsets in a set of files, like a database."), "mb_per_s", TRUE },
};

static const FsbGroupInfo groups[] = {
  { "core", N_("Core study"),
    N_("The eleven tasks of the ext3, ReiserFS, JFS and XFS comparison: big files, a file tree, listing and search, mkfs and mount.") },
  { "kernel-tree", N_("Kernel tree"),
    N_("Copying and deleting a built kernel source tree.") },
  { "small-files", N_("Small files"),
    N_("Creating, reading the metadata of and deleting many small files, as bonnie++ does.") },
  { "delete-latency", N_("Delete latency"),
    N_("How long deleting a large file takes, outliers included.") },
  { "random-io", N_("Random I/O"),
    N_("Random reads and writes in 16 KiB blocks, as sysbench fileio does.") },
  { "transfer", N_("Transfers"),
    N_("Copying a big file between the filesystems in every direction.") },
};

static const char *section_ids[FSB_N_SECTIONS] = {
  "capacity", "mkfs-mount", "big-files", "tree", "list-search", "kernel-tree",
  "small-files", "delete-latency", "random-io", "transfer", "custom",
};

const FsbTaskInfo *
fsb_task_catalog (guint *n_tasks)
{
  if (n_tasks != NULL)
    *n_tasks = G_N_ELEMENTS (tasks);
  return tasks;
}

const FsbTaskInfo *
fsb_task_info_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (tasks); i++)
    if (strcmp (tasks[i].id, id) == 0)
      return &tasks[i];
  return NULL;
}

const FsbGroupInfo *
fsb_group_catalog (guint *n_groups)
{
  if (n_groups != NULL)
    *n_groups = G_N_ELEMENTS (groups);
  return groups;
}

const FsbGroupInfo *
fsb_group_info_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    if (strcmp (groups[i].id, id) == 0)
      return &groups[i];
  return NULL;
}

const char *
fsb_section_id (FsbSection section)
{
  g_return_val_if_fail (section < FSB_N_SECTIONS, NULL);
  return section_ids[section];
}

const char *
fsb_section_title (FsbSection section)
{
  switch (section)
    {
    case FSB_SECTION_CAPACITY:       return _("Partition capacity");
    case FSB_SECTION_MKFS_MOUNT:     return _("Creating, mounting and unmounting");
    case FSB_SECTION_BIG_FILES:      return _("Big files");
    case FSB_SECTION_TREE:           return _("File tree");
    case FSB_SECTION_LIST_SEARCH:    return _("Listing and search");
    case FSB_SECTION_KERNEL_TREE:    return _("Kernel tree");
    case FSB_SECTION_SMALL_FILES:    return _("Small files");
    case FSB_SECTION_DELETE_LATENCY: return _("Delete latency");
    case FSB_SECTION_RANDOM_IO:      return _("Random I/O");
    case FSB_SECTION_TRANSFER:       return _("Transfers between filesystems");
    case FSB_SECTION_CUSTOM:         return _("Custom commands");
    case FSB_N_SECTIONS:
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
fsb_task_display_name (const char *id)
{
  const FsbTaskInfo *info;

  g_return_val_if_fail (id != NULL, NULL);

  if (g_str_has_prefix (id, "custom:"))
    return id + strlen ("custom:");
  /* The transfer group is one step across all filesystems, not a task. */
  if (strcmp (id, "transfer") == 0)
    return _("Copy between filesystems");
  info = fsb_task_info_lookup (id);
  return info != NULL ? _(info->name) : id;
}

typedef struct {
  const char *metric;
  const char *name;   /* N_() */
  const char *unit;   /* N_() with a context-free spelling */
} MetricInfo;

static const MetricInfo metrics[] = {
  { "wall_s", N_("Time"), N_("s") },
  { "cpu_s", N_("CPU time"), N_("s") },
  { "user_s", N_("User time"), N_("s") },
  { "sys_s", N_("System time"), N_("s") },
  { "cpu_percent", N_("CPU"), N_("%") },
  { "system_cpu_percent", N_("System-wide CPU"), N_("%") },
  { "minor_faults", N_("Minor page faults"), N_("faults") },
  { "major_faults", N_("Major page faults"), N_("faults") },
  { "bytes", N_("Data"), N_("bytes") },
  { "files", N_("Files"), N_("files") },
  { "files_per_s", N_("Files per second"), N_("files/s") },
  { "mb_per_s", N_("Throughput"), N_("MB/s") },
  { "iops", N_("Operations per second"), N_("IOPS") },
  { "latency_p50_ms", N_("Median latency"), N_("ms") },
  { "latency_p95_ms", N_("95th percentile latency"), N_("ms") },
  { "latency_p99_ms", N_("99th percentile latency"), N_("ms") },
  { "latency_max_ms", N_("Maximum latency"), N_("ms") },
  { "percent", N_("Available space"), N_("%") },
};

static const MetricInfo *
metric_lookup (const char *metric)
{
  for (guint i = 0; i < G_N_ELEMENTS (metrics); i++)
    if (strcmp (metrics[i].metric, metric) == 0)
      return &metrics[i];
  return NULL;
}

const char *
fsb_metric_unit (const char *metric)
{
  const MetricInfo *info = metric_lookup (metric);

  return info != NULL ? _(info->unit) : "";
}

const char *
fsb_metric_display_name (const char *metric)
{
  const MetricInfo *info = metric_lookup (metric);

  return info != NULL ? _(info->name) : metric;
}
