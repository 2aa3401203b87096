/* fsb-run-private.h: what the files of the runner share */
#pragma once

#include <gio/gio.h>

#include "fsb-catalog.h"
#include "fsb-plan.h"
#include "fsb-result.h"
#include "fsb-runner.h"
#include "fsb-target.h"

G_BEGIN_DECLS

struct _FsbRunner
{
  GObject       parent_instance;

  FsbPlan      *plan;
  GMutex        lock;
  FsbResult    *result;     /* written by the worker under lock */
  GMainContext *context;    /* where signals are emitted */
  gboolean      running;
};

enum {
  SIGNAL_PROGRESS,
  SIGNAL_TASK_FINISHED,
  SIGNAL_LOG,
  N_SIGNALS
};

/* What a step does. The step list is the run's schedule: the executor
 * (fsb-run-schedule.c) runs it in order, the progress bar and the ETA
 * read it, and the plan's estimate sums the same tasks. */
typedef enum {
  STEP_MKFS,
  STEP_MOUNT,
  STEP_TASK,      /* a data task (fresh or aged) */
  STEP_CUSTOM,    /* one of your own commands */
  STEP_AGE,       /* --age: fill and churn */
  STEP_FIT,       /* --age: the small files that fit on a fresh filesystem */
  STEP_UMOUNT,
  STEP_ACROSS,    /* a group across every contender, after the rounds */
} StepKind;

/* One step of the plan: a task of one repetition on one contender. */
typedef struct {
  guint       fs_index;
  guint       repetition;
  const char *task_id;      /* catalog id (static) */
  double      estimate_s;   /* before anything is measured */
  double      actual_s;     /* < 0 until done */
  StepKind    kind;
  guint       focus;        /* a focused round: how many tasks it runs again; 0 in a whole round */
  guint       custom;       /* STEP_CUSTOM: which of the plan's commands */
  gboolean    residual_first;  /* the contender's tasks of a whole round are done:
                                * its residual space is read before this step */
} Step;

/* The worker's state, owned by the worker thread. */
typedef struct {
  FsbRunner    *runner;
  FsbPlan      *plan;
  GCancellable *cancellable;
  FsbTarget    *target;         /* the current contender's (one of targets) */
  FsbTarget   **targets;        /* one image per contender (turns), or the one target */
  guint         n_targets;
  gboolean      turns;          /* the contenders take turns task by task, each on its own image */
  guint         contender;      /* the current step's contender (index in plan->filesystems) */
  FsbSizes     *sizes;          /* what the tasks see: a --source tree's real counts */
  char         *dataset_dir;
  char         *source_view;    /* big.img and tree/ as symbolic links, with --source */
  char         *scratch_dir;    /* off the target: in memory if it fits, else by the dataset */
  int           scratch_fd;     /* the folder itself, open from its creation to its removal */
  GPtrArray    *custom_ids;     /* "custom:NAME", one per plan->custom_commands */
  GPtrArray    *task_ids;       /* the data tasks of one cycle, in order */
  gboolean      cycles;         /* a cycle has a task: else no mkfs, mount, umount */
  const char   *shared_id;      /* the task whose samples shared_extra holds, this cycle */
  guint         shared_contender;
  FsbSample    *shared_sample;
  GPtrArray    *shared_extra;   /* of FsbSample*: copies, for the task sharing them */
  GArray       *steps;          /* of Step: the rounds known so far, interleaved, then the groups across */
  guint         rounds_planned; /* rounds in steps: the least, then one more at a time (auto) */
  gint64        start_us;       /* when the run started, for the time budget */
  guint         step;           /* the current one */
  gint64        step_start_us;
  gint64        last_post_us;
  double        item_fraction;  /* within the current step */
  gpointer      aging;          /* fsb-run-aging.c's state when the plan ages, else NULL */
  FsbResultJournal *journal;    /* the partial result, appended to after every task */
  gboolean      mkfs_on_file;   /* mkfs of every contender that can runs on the image file */
  GHashTable   *moved_bytes;    /* task id → the most bytes a sample of it moved (fsb-run-memory.c) */
} Run;

typedef struct {
  FsbRunner  *runner;
  guint       signal;
  FsbProgress progress;
  char       *filesystem;
  char       *task_id;
  char       *message;
  FsbSample  *sample;
} Event;

extern guint fsb_run_signals[N_SIGNALS];

/* fsb-runner.c */
void     fsb_run_post          (Run *run, Event *ev);
void     fsb_run_log           (Run *run, const char *format, ...) G_GNUC_PRINTF (2, 3);
void     fsb_run_save_partial  (Run *run);

/* fsb-run-progress.c */
double      fsb_run_estimate_seconds  (const FsbSizes *sizes, const char *task_id);
/* The steps that ran, each against its first guess, into result->pace. */
void        fsb_run_record_pace       (Run *run, FsbResult *result);
void        fsb_run_post_progress     (Run *run, const char *message, gboolean force);
const char *fsb_run_step_message      (Run *run, const char *task_id, guint64 done, guint64 total);
void        fsb_run_item_progress_cb  (guint64 done, guint64 total, gpointer user_data);
void        fsb_run_step_begin        (Run *run);
void        fsb_run_dataset_progress_cb (guint64 done, guint64 total, gpointer user_data);

/* fsb-run-memory.c: before a timed section, the memory the task is about
 * to fill brought back into a VM that handed it to its host */
#define FSB_PRIME_FIRST (128u << 20)   /* a task not yet run */
#define FSB_PRIME_MOST  (256u << 20)
#define FSB_PRIME_LEAST (8u << 20)     /* a task that moved less: none */
void        fsb_run_prime_memory      (Run *run, const char *task_id, FsbSample *sample);
/* After a sample: what it moved ("bytes"), for the next prime. */
void        fsb_run_note_moved        (Run *run, const char *task_id, const FsbSample *sample);

/* fsb-run-schedule.c: the steps in order, and the loop that runs them */
/* One image per contender when the target is an image and the run has
 * cycles (the contenders then take turns task by task), else the one
 * target; prepared, run->target the first. */
gboolean    fsb_run_make_targets      (Run *run, GError **error);
void        fsb_run_release_targets   (Run *run);
void        fsb_run_build_steps       (Run *run);
/* A task runs in this round (1, 2, …): those whose figures are counts
 * (FsbTaskSpec.once) in the first only, as the plan's estimate counts them. */
gboolean    fsb_run_task_in_round     (const char *task_id, guint round);
/* One more round, for the filesystems named, before the groups across:
 * a whole one, or (tasks not NULL) a focused one: mkfs, mount, those
 * tasks, umount. */
void        fsb_run_add_round         (Run *run, const char *const *filesystems, const char *const *tasks);
/* fsb_repeat_step_key () → the longest seconds (double *) of the steps done. */
GHashTable *fsb_run_step_seconds      (Run *run);
/* --age: the count of small files that fit, for the filesystems named,
 * after the rounds; FALSE when there is none to count (no --age). */
gboolean    fsb_run_add_fit_steps     (Run *run, const char *const *filesystems);
void        fsb_run_skip_filesystem   (Run *run, guint fs_index);
/* Leaves out of planned round round the contenders not in filesystems. */
void        fsb_run_keep_in_round     (Run *run, guint round, const char *const *filesystems);
/* How many contenders start the round in the steps still to run. */
guint       fsb_run_contenders_in_round (Run *run, guint round);
/* Runs the steps in order up to the groups across or a later round than
 * last_round; a contender whose step fails is recorded (its name added to
 * failed) and left out. FALSE only to stop the run (a cancel). */
gboolean    fsb_run_steps             (Run *run, FsbResult *result, guint last_round, GPtrArray *failed,
                                       GError **error);

/* fsb-run-cycle.c */
const char *fsb_run_shared_from   (const char *task_id);
void        fsb_run_step_done     (Run *run, FsbFsResult *fs, FsbSample *sample, GPtrArray *extra);
/* Files a sample under task_id, as fsb_run_step_done () does, for a
 * figure taken within another step (fsck-full). */
void        fsb_run_file_sample   (Run *run, FsbFsResult *fs, const char *task_id, FsbSample *sample,
                                   GPtrArray *extra);
void        fsb_run_clear_shared  (Run *run);
/* The steps of a cycle, on run->target for the contender fs. */
gboolean    fsb_run_mkfs_step     (Run *run, FsbFsResult *fs, GError **error);
/* whole: a whole round's mount, whose capacity is read */
gboolean    fsb_run_mount_step    (Run *run, FsbFsResult *fs, gboolean whole, GError **error);
/* A data task: setup, cold remount, the timed work, its samples; then
 * what is read after it (the big file's extents, the full check). */
gboolean    fsb_run_task_step     (Run *run, FsbFsResult *fs, const char *task_id, GError **error);
/* Your own command index. */
gboolean    fsb_run_custom        (Run *run, FsbFsResult *fs, guint index, GError **error);
/* The space left once the tasks deleted what they made, after a remount. */
gboolean    fsb_run_residual      (Run *run, FsbFsResult *fs, GError **error);
gboolean    fsb_run_umount_step   (Run *run, FsbFsResult *fs, GError **error);
/* mkfs of the contender label on target, its mount options set for the
 * mounts that follow; seconds (may be NULL) is the wall time of mkfs. */
gboolean    fsb_run_make_fs       (Run *run, FsbTarget *target, const char *label, double *seconds,
                                   GError **error);
/* Whether the run's mkfs goes to the image file: some contender has mkfs
 * options that udisks cannot pass; then every contender that can has its
 * mkfs run that way, so their mkfs times compare. */
gboolean    fsb_run_mkfs_on_file  (FsbPlan *plan);
/* The target info's mkfs_by and mkfs_discard for the run's way. */
void        fsb_run_describe_mkfs (Run *run, FsbTargetInfo *info);

/* fsb-run-fsck.c: the checker's time on a full filesystem, cold, filed
 * as FSB_TASK_FSCK_FULL: after --age's fill, or else after a task that
 * leaves the filesystem full (FsbTaskSpec.full_after). Nothing where
 * FS Bench has no checker for the type. */
gboolean    fsb_run_check_full       (Run *run, FsbFsResult *fs, GError **error);
gboolean    fsb_run_check_full_after (Run *run, FsbFsResult *fs, const char *task_id, GError **error);

/* fsb-run-aging.c: --age. Nothing happens when the plan does not age. */
void        fsb_run_aging_init         (Run *run, GPtrArray *cycle_tasks);
void        fsb_run_aging_clear        (Run *run);
/* The aging step and the aged tasks: the cycle runs them itself, last. */
gboolean    fsb_run_aging_owns         (const char *task_id);
/* The aged tasks of a cycle (static strings), or NULL. */
GPtrArray  *fsb_run_aging_task_ids     (Run *run);
/* The aging step of a whole round (the aged tasks are the round's). */
void        fsb_run_aging_add_step     (Run *run, guint fs_index, guint repetition);
void        fsb_run_aging_add_fit_step (Run *run, guint fs_index);
void        fsb_run_aging_after_mkfs   (Run *run, FsbFsResult *fs);
void        fsb_run_aging_after_task   (Run *run, FsbFsResult *fs, const char *task_id);
/* Fill and churn (the aging step), then its checker on the full filesystem. */
gboolean    fsb_run_aging_age          (Run *run, FsbFsResult *fs, GError **error);
/* After a filesystem's repetitions: a fresh one, filled with 4 KiB files. */
gboolean    fsb_run_aging_fit          (Run *run, FsbFsResult *fs, GError **error);

/* fsb-run-residency.c */
void        fsb_run_describe_residency  (FsbTargetInfo *info);
void        fsb_run_check_residency     (Run *run, const char *source_dir, FsbSample *sample);
void        fsb_run_copy_residency      (const FsbSample *sample, GPtrArray *extra);

/* fsb-run-source.c */
char       *fsb_run_mkfs_version        (const char *fstype);
gboolean    fsb_run_prepare_source      (Run *run, FsbResult *result, GError **error);
gboolean    fsb_run_make_scratch        (Run *run, GError **error);
void        fsb_run_empty_scratch       (Run *run);
void        fsb_run_remove_scratch      (Run *run);
void        fsb_run_remove_source_view  (Run *run);

/* fsb-run-transfers.c */
gboolean    fsb_run_across        (Run *run, const FsbWorkloadGroup *group, FsbResult *result, GError **error);

G_END_DECLS
