/* fsb-result.h: the result of a run: samples, filesystems, versioned JSON */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "fsb-data-kind.h"
#include "fsb-sizes.h"

G_BEGIN_DECLS

/* 2: a task's conditions are data ("conditions"), not part of its id */
#define FSB_RESULT_SCHEMA   "fsbench-result/2"
#define FSB_RESULT_SCHEMA_1 "fsbench-result/1"   /* still read */

/* statvfs figures: percent is available ÷ total blocks, as in the study. */
typedef struct {
  guint64 total_bytes;
  guint64 avail_bytes;
  guint64 total_inodes;
  guint64 free_inodes;
  double  percent;
  guint64 block_size;   /* the filesystem's block (f_bsize); 0 when not recorded */
} FsbCapacity;


/* One measurement of one task: named metrics ("wall_s", "cpu_percent",
 * "minor_faults", "files_per_s", ...), in the order they were set. */
typedef struct {
  GArray *metrics;   /* of FsbMetric */
  char   *error;     /* a failed task (custom command): stderr, or NULL */
  /* How many operations the sample's timed section held (a task too short
   * to time alone is measured as a batch, each operation on cold caches):
   * its metrics are per operation. 0 or 1: one operation. JSON "batch". */
  guint   batch;
} FsbSample;

typedef struct {
  const char *name;  /* interned */
  double      value;
} FsbMetric;

typedef struct {
  char      *id;       /* catalog id, or "custom:NAME" */
  GPtrArray *samples;  /* of FsbSample*, one per repetition (or per operation) */
  char      *command;  /* custom commands only */
} FsbTaskResult;

/* Free-space fragmentation, as the filesystem's own tool reports it
 * (e2freefrag, xfs_db freesp), on the unmounted filesystem. */
typedef struct {
  gint64  free_extents;        /* < 0: not measured */
  guint64 free_bytes;
  double  mean_extent_bytes;
  double  large_percent;       /* of the free space, in extents of 1 MiB or more */
} FsbFreeSpace;

/* One repetition's aging (--age): what was written, and the state before and after. */
typedef struct {
  double       fill_percent_reached;
  guint        rounds;
  guint64      files_written, files_deleted, bytes_written;
  guint        dirs;
  double       seconds;
  gint64       big_file_extents_fresh;   /* the big file copied in, by FIEMAP, counted as */
  gint64       big_file_extents_aged;    /* filefrag counts them; < 0: not measured */
  FsbFreeSpace free_fresh, free_aged;
} FsbAgingRun;

typedef struct {
  char   *level;                /* "light", "heavy" */
  double  fill_percent_target;
  char   *free_space_tool;      /* "e2freefrag", "xfs_db", or NULL where none exists */
  GArray *runs;                 /* of FsbAgingRun, one per repetition */
} FsbAging;

/* The 4 KiB files that fit on a fresh filesystem, until space or inodes ran out. */
typedef struct {
  guint64 files;
  char   *limit;               /* "space", "inodes" or "time" (files is then a lower bound); NULL: not counted */
  double  seconds;
} FsbFilesFit;

typedef struct {
  char        *name;           /* the contender's label, its identity: "ext4", "ext4 (2)", "noatime" */
  char        *fs_type;        /* "ext4"; NULL: the same as name (every result before variants) */
  char        *mkfs_version;   /* "mke2fs 1.47.0" */
  char        *mkfs_options;   /* user options, "" for defaults */
  char        *mount_requested; /* the mount options asked for, NULL for the defaults */
  char        *mount_options;  /* as applied: read back from /proc/self/mountinfo */
  FsbCapacity  capacity_initial;
  FsbCapacity  capacity_residual;
  GPtrArray   *tasks;          /* of FsbTaskResult* in run order */
  char        *error;          /* why this filesystem could not finish, or NULL */
  FsbAging    *aging;          /* --age: the aging of each repetition, or NULL */
  FsbFilesFit  fit;
  GHashTable  *task_index;     /* private: id → task, for fsb_fs_result_get_task () */
} FsbFsResult;

/* A group across contenders' copies from one contender to another (the
 * ordered pair is its identity), kept as a task's are: task->id is the
 * group's, and each repetition is a sample ("bytes", "wall_s", "mb_per_s").
 * Results from before the samples were kept have one sample, the median's
 * "mb_per_s". What a report shows is computed from the samples (analysis/). */
typedef struct {
  char          *from;
  char          *to;
  FsbTaskResult *task;
} FsbTransfer;

typedef struct {
  char   *cpu_model;
  guint   cores;
  guint64 ram_bytes;
  char   *board;
  char   *kernel;
  char   *distribution;
  char   *virtualization;   /* "kvm", "vmware", "docker"… as detected, "none", or NULL when not probed */
  char   *kernel_cmdline;   /* /proc/cmdline without the boot image and the root device */
} FsbMachine;

/* Images: the filesystem the image file lives on, as data. */
typedef struct {
  char    *filesystem;      /* "ext4", "btrfs", "tmpfs"; NULL when unknown */
  char    *source;          /* "/dev/vda", "server:/export" */
  char    *mount_point;     /* "/home" */
  char    *mount_options;   /* of that mount, each once: "rw,relatime,compress=zstd:3" */
  gboolean nocow;           /* No_COW (FS_NOCOW_FL) took on the image file */
  gboolean compressed;      /* the host compresses the image's data */
} FsbHostInfo;

/* Ids of target.cache_policy: what was done to keep caches cold. */
#define FSB_CACHE_POLICY_DIRECT_IO "remount+direct-io"   /* image, loop device with direct I/O */
#define FSB_CACHE_POLICY_FADVISE   "remount+fadvise"     /* image, host cache dropped with fadvise */
#define FSB_CACHE_POLICY_REMOUNT   "remount"             /* partition */
/* Ids of target.flush_reaches: the layer the timed flush of a task reached. */
#define FSB_FLUSH_REACHES_DEVICE    "device"      /* direct I/O, or a partition */
#define FSB_FLUSH_REACHES_HOST_FILE "host-file"   /* fdatasync on the image, in the timed section */

typedef struct {
  char       *kind;             /* "image" or "partition" */
  guint64     size_bytes;
  char       *device;           /* "/dev/loop3", "/dev/sdb1" */
  char       *device_model;     /* the disk holding the target (or the image) */
  char       *cache_policy;     /* an FSB_CACHE_POLICY_* id, or NULL */
  /* An older result's cache sentence that maps to no id: shown quoted. */
  char       *cache_policy_text;
  gboolean    direct_io;        /* the loop device bypassed the host's page cache */
  /* Images: the image file's blocks were allocated on the host when it
   * was made (fallocate); FALSE: sparse, as in every older result. */
  gboolean    preallocated;
  /* Each mkfs discarded the device (its default): on an image, that
   * punches the image file's blocks out on the host. Absent from older
   * JSON: TRUE, what they did. */
  gboolean    mkfs_discard;
  /* How each mkfs ran: FSB_MKFS_BY_UDISKS (udisks' Format, as in every
   * older result: NULL), FSB_MKFS_BY_FILE (on the image file, for mkfs
   * options udisks cannot pass), FSB_MKFS_BY_BOTH (some contenders each way). */
  char       *mkfs_by;
  char       *flush_reaches;    /* an FSB_FLUSH_REACHES_* id; NULL in older results */
  FsbHostInfo host;             /* images only */
  /* How residency was probed before each task (samples carry the
   * figures): at most this many files of the source, and what counts as
   * near zero. 0 in older results, which did not probe. */
  guint       residency_max_files;
  guint64     residency_near_zero_bytes;
  int         rotational;       /* the disk holding it: 1 spins, 0 does not, -1 unknown */
  char       *scheduler;        /* that disk's I/O scheduler: "mq-deadline", "none" */
  guint       logical_block;    /* its sector sizes in bytes; 0 unknown */
  guint       physical_block;
} FsbTargetInfo;

#define FSB_MKFS_BY_UDISKS "udisks"
#define FSB_MKFS_BY_FILE   "image-file"
#define FSB_MKFS_BY_BOTH   "both"

/* How long the steps of a task took in a run, against the first guess the
 * plan's estimate made for them, summed over the run: the pace of that disk,
 * which the next estimate on it follows (fsb_plan_set_pace ()). */
typedef struct {
  double guess_s;
  double taken_s;
} FsbPace;

/* A round past the least that ran only the tasks that could settle the
 * verdict (fsb-repeat-focus.c), each after its cold remount, on a fresh
 * filesystem of each contender named: mkfs, mount, the tasks, umount. */
typedef struct {
  char **filesystems;   /* in the order they ran */
  char **tasks;         /* task ids, in cycle order */
} FsbFocusedRound;

/* A group the plan chose that the system could not run, and why, as data:
 * the program it needs that was not installed, and the package that has it. */
typedef struct {
  char *group;
  char *program;        /* the program missing, or NULL */
  char *package;        /* may be NULL */
  char *feature;        /* or the kernel facility refused ("io_uring"), or NULL */
  int   error_code;     /* the errno of its refusal */
} FsbLeftOut;

/* How the repetitions were decided (results before 0.3 have none: mode NULL). */
typedef struct {
  char   *mode;           /* "auto" or "fixed" */
  guint   min, max;
  char   *stopped;        /* "settled", "max", "budget", "fixed", "not-measured"; NULL while running */
  double  time_budget_s;  /* as given; 0: none (auto: fsb_plan_auto_budget of the least rounds) */
  GPtrArray *focused;     /* of FsbFocusedRound*, in run order (JSON "focused"; never NULL) */
  char   *order;          /* how the contenders' samples were taken: "turns" (task by task, each
                           * contender on its own image), "cycles" (a whole cycle each, on the one
                           * target); NULL in results before 0.9 */
} FsbRepetitionPolicy;

typedef struct {
  gint           ref_count;
  char          *app_version;
  char          *created;       /* ISO 8601 */
  char          *label;         /* the name the user gave the run (run --label), or NULL */
  FsbMachine     machine;
  FsbTargetInfo  target;
  char          *profile;
  FsbSizes      *sizes;         /* the plan's sizes (results from before 0.2: NULL) */
  guint          repetitions;   /* the most whole rounds any filesystem had (focused ones: repetition_policy) */
  FsbRepetitionPolicy repetition_policy;
  char         **workloads;     /* group ids, of the groups that ran */
  GPtrArray     *left_out;      /* of FsbLeftOut*: chosen but not run (JSON "left_out"; never NULL) */
  char          *use_case;      /* as chosen when run; may be NULL */
  char          *age;           /* the plan's aging level; NULL in results from before 0.3 */
  JsonNode      *dataset;       /* the manifest of the source data, or NULL */
  GPtrArray     *filesystems;   /* of FsbFsResult* */
  GPtrArray     *transfers;     /* of FsbTransfer* */
  GHashTable    *pace;          /* step id ("mkfs", "big-copy-in", a group across contenders) → FsbPace*; empty before 0.4 */
  gboolean       complete;      /* FALSE while running, or after a cancel */
} FsbResult;

/* What a metric's value may be, by what it measures: never below 0 (times,
 * data, counts, rates, shares); a share at most 100 %; a task's CPU at most
 * 100 % per core of a machine of cores (0: not known, up to 1,024 cores). */
void           fsb_metric_range         (const char *metric, guint cores, double *min, double *max);

/* Free the strings of a machine or target description (not the struct itself). */
void           fsb_machine_clear        (FsbMachine *machine);
void           fsb_target_info_clear    (FsbTargetInfo *info);
/* fsb-result-left-out.c: the plan's workloads into the result: those that
 * run into workloads, those this system cannot run into left_out. */
void           fsb_result_set_workloads (FsbResult *self, const char *const *chosen);
void           fsb_left_out_free        (FsbLeftOut *left);

/* fsb-result-focus.c: a focused round, appended to repetition_policy.focused. */
void           fsb_result_add_focused_round (FsbResult *self, const char *const *filesystems,
                                             const char *const *tasks);
void           fsb_focused_round_free   (FsbFocusedRound *round);
/* The whole cycles fs ran (its mkfs samples less its focused rounds), and
 * the cycles that ran task_id on it: the whole ones and the focused
 * rounds that named both (all of fs's for mkfs, mount and umount). */
guint          fsb_result_whole_cycles  (FsbResult *self, FsbFsResult *fs);
guint          fsb_result_task_cycles   (FsbResult *self, FsbFsResult *fs, const char *task_id);
/* The round each of fs's n samples of task_id was taken in: its whole
 * cycles are rounds 0, 1, …, the result's i-th focused round is round
 * base + i (base: the most whole cycles of any contender). FALSE when the
 * samples are not one per cycle that ran the task. */
gboolean       fsb_result_task_rounds   (FsbResult *self, FsbFsResult *fs, const char *task_id,
                                         guint *rounds, guint n);
/* Tasks run in focused rounds, each once, in the order first run. */
char         **fsb_result_focused_tasks (FsbResult *self);
/* Adds a step of task_id to the run's pace. */
void           fsb_result_add_pace      (FsbResult *self, const char *task_id, double guess_s, double taken_s);
/* taken ÷ guess over every step of the pace; 0 when it is empty. */
double         fsb_result_pace_overall  (FsbResult *self);

#define FSB_TYPE_RESULT (fsb_result_get_type ())
GType          fsb_result_get_type      (void) G_GNUC_CONST;
FsbResult     *fsb_result_new           (void);
FsbResult     *fsb_result_ref           (FsbResult *self);
void           fsb_result_unref         (FsbResult *self);
/* A deep copy, trusted as the original was (fsb_result_from_json () is for
 * JSON from outside, and checks it). */
FsbResult     *fsb_result_copy          (const FsbResult *self);
FsbFsResult   *fsb_result_add_filesystem (FsbResult *self, const char *name);
FsbFsResult   *fsb_result_find_filesystem (FsbResult *self, const char *name);
/* The task ids of all filesystems, each once, in the order of the first
 * filesystem that has them; the strings belong to self. */
GPtrArray     *fsb_result_task_ids      (FsbResult *self);
/* The transfer from → to of the group task_id, made without samples
 * when self has none yet. */
FsbTransfer   *fsb_result_get_transfer  (FsbResult *self, const char *from, const char *to, const char *task_id);
/* A copy of base with the tasks it lacks from more (a later run of the
 * missing groups on the same filesystems, matched by name). */
FsbResult     *fsb_result_merge         (FsbResult *base, FsbResult *more);
/* What the generated data was made of, as the dataset's manifest says
 * (random when it says nothing: all data before the choice was); FALSE
 * for a kind this version does not know. */
gboolean       fsb_result_data_kind     (FsbResult *self, FsbDataKind *kind);

/* The filesystem type of a contender: fs_type, or its name. */
const char    *fsb_fs_result_type       (const FsbFsResult *fs);
/* A hash lookup; an index made stale by editing fs->tasks directly is
 * rebuilt. */
FsbTaskResult *fsb_fs_result_get_task   (FsbFsResult *fs, const char *id, gboolean create);
/* The aging block of fs, made on first use with its level and target. */
FsbAging      *fsb_fs_result_get_aging  (FsbFsResult *fs, const char *level, double fill_percent_target);
/* A run with nothing measured yet (extents and free space unknown). */
void           fsb_aging_run_init       (FsbAgingRun *run);

FsbSample     *fsb_sample_new           (void);
void           fsb_sample_free          (FsbSample *sample);
void           fsb_sample_set           (FsbSample *sample, const char *metric, double value);
gboolean       fsb_sample_get           (const FsbSample *sample, const char *metric, double *value);
FsbSample     *fsb_sample_copy          (const FsbSample *sample);
/* Makes sample the mean operation of itself and more (FsbSample*, the same
 * task's further operations of a batch): each metric of sample is averaged
 * over those that have it, but for the machine's state around them (the
 * causes of "disturbed" joined, the worst of the readings that flag it),
 * and sample->batch becomes 1 + more->len. */
void           fsb_sample_average       (FsbSample *sample, GPtrArray *more);


JsonNode      *fsb_result_to_json       (FsbResult *self);
/* Checks everything (fsb-result-private.h has the limits): names and ids
 * in their character sets, values within physical plausibility, texts
 * without control characters. */
FsbResult     *fsb_result_from_json     (JsonNode *node, GError **error);
char          *fsb_result_to_data       (FsbResult *self, gsize *length);
FsbResult     *fsb_result_load_from_data (const char *data, gssize length, GError **error);
/* Writes atomically (temp file + rename), so a crash never leaves half a file. */
gboolean       fsb_result_save          (FsbResult *self, const char *path, GError **error);
/* What a run writes after every task (fsb-result-journal.c): the first
 * write is the whole result, each later one appends only what changed, so
 * a save costs what is new, not the whole file. fsb_result_load () reads
 * the file as a result. */
typedef struct _FsbResultJournal FsbResultJournal;
FsbResultJournal *fsb_result_journal_new   (const char *path);
gboolean          fsb_result_journal_write (FsbResultJournal *self, FsbResult *result, GError **error);
void              fsb_result_journal_free  (FsbResultJournal *self);
/* Errors name the file and the problem; code FSB_ERROR_INVALID or _NOT_FOUND. */
FsbResult     *fsb_result_load          (const char *path, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbResult, fsb_result_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbSample, fsb_sample_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbResultJournal, fsb_result_journal_free)

G_END_DECLS
