/* fsb-tasks.h: the catalog of task ids, groups and report sections */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Report sections, in the order of the study (seed 000), then the others. */
typedef enum {
  FSB_SECTION_CAPACITY,
  FSB_SECTION_MKFS_MOUNT,
  FSB_SECTION_BIG_FILES,
  FSB_SECTION_TREE,
  FSB_SECTION_LIST_SEARCH,
  FSB_SECTION_KERNEL_TREE,
  FSB_SECTION_SMALL_FILES,
  FSB_SECTION_DELETE_LATENCY,
  FSB_SECTION_RANDOM_IO,
  FSB_SECTION_TRANSFER,
  FSB_SECTION_CUSTOM,
  FSB_N_SECTIONS
} FsbSection;

typedef struct {
  const char *id;           /* "big-copy-in": used in JSON, CSV, charts, tests */
  const char *group;        /* workload group: "core", "kernel-tree", ... */
  FsbSection  section;
  const char *name;         /* N_(): short name, "Copy the big file in" */
  const char *description;  /* N_(): one sentence on what it does and why */
  const char *metric;       /* the headline metric: "wall_s", "files_per_s", ... */
  gboolean    higher_is_better;
} FsbTaskInfo;

/* Workload groups, as `--workloads` takes them. */
typedef struct {
  const char *id;           /* "core", "kernel-tree", "small-files", ... */
  const char *name;         /* N_() */
  const char *description;  /* N_() */
} FsbGroupInfo;

const FsbTaskInfo  *fsb_task_catalog        (guint *n_tasks);
const FsbTaskInfo  *fsb_task_info_lookup    (const char *id);
const FsbGroupInfo *fsb_group_catalog       (guint *n_groups);
const FsbGroupInfo *fsb_group_info_lookup   (const char *id);
const char         *fsb_section_id          (FsbSection section);
const char         *fsb_section_title       (FsbSection section);   /* translated */
const char         *fsb_task_display_name   (const char *id);       /* translated; custom:NAME gives NAME */
const char         *fsb_metric_unit         (const char *metric);   /* translated: "s", "MB/s", ... */
const char         *fsb_metric_display_name (const char *metric);   /* translated */

G_END_DECLS
