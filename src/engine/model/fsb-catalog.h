/* fsb-catalog.h: what FS Bench can measure: workload groups, their tasks,
 * criteria and sizes, registered in one list */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "fsb-result.h"
#include "fsb-sizes.h"

G_BEGIN_DECLS

/* How the runner calls a task (the context is in fsb-workload.h). A task
 * does its work, flushing (fsync/syncfs) what it wrote before it returns,
 * so the flush is inside the timed section. It sets "bytes", "files" and
 * its own metrics on sample; the runner adds the times, CPU and faults. */
typedef struct _FsbWorkloadContext FsbWorkloadContext;
typedef gboolean (*FsbTaskFunc) (FsbWorkloadContext *ctx, FsbSample *sample, GError **error);
/* What a group across contenders gets: every contender's filesystem,
 * mounted at once (fsb-workload.h). It adds what it measured to result. */
typedef struct _FsbAcrossContext FsbAcrossContext;
typedef gboolean (*FsbAcrossFunc) (FsbAcrossContext *ctx, FsbResult *result, GError **error);

/* The profiles every parameter has a value for; "full" runs every group
 * at the standard sizes, "custom" keeps the sizes in force for editing. */
typedef enum {
  FSB_PROFILE_QUICK,      /* about 1/20 of seed 000 */
  FSB_PROFILE_STANDARD,   /* 1/4 */
  FSB_PROFILE_SEED,       /* the studies' own sizes */
  FSB_N_PROFILES
} FsbProfileSize;

typedef enum {
  FSB_PARAM_BYTES,
  FSB_PARAM_COUNT,
  FSB_PARAM_SECONDS,
} FsbParamKind;

/* A size a group's tasks read from the plan (fsb_sizes_get (ctx->sizes, id)). */
typedef struct {
  const char  *id;                       /* "big-file": `--size big-file=700M`, JSON "sizes" */
  const char  *name;                     /* N_(): "Size of the big file" */
  FsbParamKind kind;
  double       values[FSB_N_PROFILES];   /* quick, standard, seed */
  double       min, max;                 /* what a custom size may be */
} FsbParamSpec;

typedef struct {
  const char *id;                /* "big-copy-in": in JSON, CSV, charts and tests */
  const char *name;              /* N_(): "Copy a big file in" */
  const char *description;       /* N_(): what it does and why it matters */
  const char *criterion;         /* the criterion (and report section) it counts in */
  const char *metric;            /* its headline metric: "wall_s", "files_per_s", ... */
  gboolean    higher_is_better;
  FsbTaskFunc run;               /* NULL: a step the runner does itself (mkfs, mount, umount) */
  FsbTaskFunc setup;             /* untimed, before the caches are made cold; or NULL */
  const char *samples_of;        /* another reading of that task's operations (delete-sys
                                  * files delete-return's samples), or NULL */
  /* Seconds, before anything was measured: for the ETA and `fsbench-cli plan`. */
  double    (*estimate) (const FsbSizes *sizes);
  /* It writes the source data onto the target (copies it in): the space
   * the filesystem took for it is measured ("space_used_bytes", against
   * the "bytes" it wrote), which shows what compression saves. */
  gboolean    brings_data;
  /* Its "bytes" are what it wrote: the device's bytes written divided by
   * them are its write amplification ("write_amplification"). */
  gboolean    bytes_written;
  /* A condition the task runs under as a series (FSB_CONDITION_JOBS or
   * FSB_CONDITION_IODEPTH): a plan runs it once at each of the series'
   * values (fsb_plan_series ()), its key carrying the value
   * ("conc-write@jobs=4"). NULL: the task runs under its own conditions. */
  const char *series;
  /* Its figures are exact counts, not times (the safety group's states and
   * files): it runs in a filesystem's first round only, whatever the
   * repetitions, since another round would add states, not certainty. */
  gboolean    once;
  /* The filesystem is at its fullest just after it (the kernel trees
   * copied): without --age, whose fill comes first, the runner times the
   * filesystem's checker on it there (FSB_TASK_FSCK_FULL). */
  gboolean    full_after;
  /* Too short to time alone at the quick sizes: when its timed section
   * lasts under FSB_BATCH_LEAST_S, the runner times more operations in the
   * same sample, each after refill (untimed; NULL: nothing to put back)
   * and its own cold remount, and files the time per operation with the
   * batch size (FsbSample.batch). */
  gboolean    batch;
  FsbTaskFunc refill;
  /* It reads and writes no file data (deletes, reading metadata): the
   * runner fills no memory before it (fsb_run_prime_memory), not even in
   * its first round, before a sample has said what it moved. */
  gboolean    moves_no_data;
  /* Copies of the same data the task finds in place (the tree and its
   * copy): one cold remount serves that many operations of a batch, each
   * on another copy, untouched since the remount. 0 or 1: one. */
  guint       cold_copies;
} FsbTaskSpec;

/* A batch lasts at least this long in all, in at most FSB_BATCH_MOST
 * operations. Two are the tree and its copy, both cold after one
 * remount: no remount more than a task alone. Four cost a remount more
 * per sample: in five default runs (ext4, XFS, Btrfs, quick) tree-list and
 * tree-find took 6.6 s each against tree-delete's 2.9 s, 7 s of an 85 s
 * run, which the focused rounds then lacked (0 or 1 ran). */
#define FSB_BATCH_LEAST_S 0.05
#define FSB_BATCH_MOST    2

/* The batch size for a task whose first operation took first_s. */
guint  fsb_batch_size     (double first_s);
/* A task's first guess in seconds (FsbTaskSpec.estimate, 1 without one),
 * a batched task's at its largest batch: one guess per cold remount. */
double fsb_task_estimate  (const FsbTaskSpec *task, const FsbSizes *sizes);

/* The checker's time on a full filesystem, cold: a step the runner does
 * itself after --age's fill, or after a task that leaves it full
 * (fsb-run-fsck.c); the safety group names it. */
#define FSB_TASK_FSCK_FULL "fsck-full"

/* How a criterion ranks the filesystems. */
typedef enum {
  FSB_SCORE_TASKS,      /* its tasks on their headline metric */
  FSB_SCORE_CAPACITY,   /* usable space after mkfs */
  FSB_SCORE_TRANSFER,   /* copies into each filesystem */
  FSB_SCORE_CPU,        /* CPU % of every timed task */
  FSB_SCORE_AGED,       /* the speed each filesystem keeps on its aged runs (condition "aged") */
  /* Counts, not times (fsb-verdict-safety.c), summed over its tasks' samples: */
  FSB_SCORE_DURABILITY, /* files acknowledged by fsync lost ("acked_lost") or other files returned
                         * as wrong data ("unacked_garbage") in "power_cut_states": any fails it */
  FSB_SCORE_DETECTION,  /* files damaged on purpose reported by a read error ("corrupt_detected")
                         * rather than returned wrong without one ("corrupt_silent") */
} FsbScoreKind;

/* The sentences of a criterion's verdict, whole so that translators can
 * reorder them. They state what was measured; they give no advice. */
typedef struct {
  const char *lead;     /* "%s is the fastest with big files: %s.": the leader, then how far
                         * ahead of the next, "2.8× faster than ext4" (fsb-verdict-words.c) */
  const char *tied;     /* "%s are tied on big files (%s).": the names, "ext4 and XFS", then
                         * why: "within 3 % of each other" */
  const char *single;   /* "%s needed %s for the big file tasks.": the filesystem, its figure */
} FsbCriterionText;

/* What a criterion is worth to a use case. A weight above 0 means the
 * use case needs it: its group runs by default for that use case
 * (fsb_use_case_groups ()), and without it the use case's verdict is
 * "not measured"; unless when_measured: then it counts when its group
 * ran and is neither run by default nor missing (fsb_criterion_needed ()).
 * A use case that is absent weighs 0: shown, not counted. */
typedef struct {
  const char *use_case;   /* "server" */
  double      weight;
  gboolean    when_measured;
} FsbUseCaseWeight;

#define FSB_MAX_USE_CASE_WEIGHTS 8

/* The use cases, as criteria weigh them and the recommendation takes them. */
#define FSB_USE_CASE_IDS "desktop", "server", "database", "small-files", "media", "nas", "developer"

/* A criterion is also a section of the report. */
typedef struct {
  const char      *id;              /* "big-files" */
  const char      *title;           /* N_(): "Big files" */
  FsbScoreKind     score;
  FsbCriterionText text;            /* N_() each */
  FsbUseCaseWeight weights[FSB_MAX_USE_CASE_WEIGHTS];
  /* N_() or NULL: what the section's tasks cover and what they do not, said
   * before its figures; with it, the report lists the tasks' own metrics
   * (the group's) per filesystem, the counts a headline cannot carry. */
  const char      *method;
} FsbCriterionSpec;

/* A figure a task sets on its samples, beyond the ones every task has
 * (times, CPU, faults, bytes, files). */
typedef struct {
  const char *id;     /* "files_per_s" */
  const char *name;   /* N_(): "Files per second" */
  const char *unit;   /* N_(): "files/s" */
} FsbMetricSpec;

typedef struct _FsbWorkloadGroup FsbWorkloadGroup;
struct _FsbWorkloadGroup {
  const char             *id;            /* "core": `--workloads core` */
  const char             *name;          /* N_() */
  const char             *description;   /* N_() */
  gboolean                always;        /* the cycle's own steps: runs with every plan, not chosen */
  const FsbTaskSpec      *tasks;
  guint                   n_tasks;
  const FsbCriterionSpec *criteria;
  guint                   n_criteria;
  const FsbParamSpec     *params;
  guint                   n_params;
  const FsbMetricSpec    *metrics;
  guint                   n_metrics;
  /* The room its tasks need on the target at their peak (NULL: none). */
  guint64               (*space_needed) (const FsbSizes *sizes);
  /* Checks a set of sizes for this group's parameters, and may fit one
   * that depends on the others (a small custom tree gets small files);
   * NULL when any values in the parameters' ranges go. */
  gboolean              (*check_sizes)  (FsbSizes *sizes, GError **error);
  /* Source data of its own, made (or checked) before the run in
   * dataset_dir/<data_dir>: returns what goes into the result's dataset
   * manifest under that name. NULL when the group reads the core data. */
  const char             *data_dir;
  JsonNode             *(*prepare_data) (const FsbSizes *sizes, const char *dataset_dir,
                                         GCancellable *cancellable, GError **error);
  /* Runs once after the cycles, across every filesystem at once (seed 003's
   * transfers), instead of task by task within each cycle. */
  gboolean                across_filesystems;
  /* Seconds for an across_filesystems group, before anything was measured. */
  double                (*estimate_across) (const FsbSizes *sizes, guint n_filesystems, guint repetitions);
  /* An across_filesystems group's work, on images of its own (one per
   * contender, each of space_across bytes), and its step's words: its
   * name, its progress (items done, in all) and the plan's line, N_(). */
  FsbAcrossFunc           run_across;
  guint64               (*space_across) (const FsbSizes *sizes);
  const char             *across_name;
  const char             *across_progress;
  const char             *across_plan;
  /* A program the group runs, by its name on PATH, and the Debian package
   * that has it: without it this system cannot run the group, which a plan
   * then leaves out. NULL: the group needs none. */
  const char             *program;
  const char             *program_package;
  /* A facility of the kernel the group needs ("io_uring"), and its check:
   * 0 when this system allows it, else the errno of its refusal (a
   * seccomp filter, a sysctl): a plan then leaves the group out. NULL: none. */
  const char             *feature;
  int                   (*feature_refused) (void);
};

/* The groups, in registry order (workloads/meson.build lists them). */
const FsbWorkloadGroup *const *fsb_catalog_groups      (guint *n_groups);
const FsbWorkloadGroup        *fsb_catalog_group       (const char *id);
/* The first group across contenders in the catalog, or NULL. */
const FsbWorkloadGroup        *fsb_catalog_first_across_group (void);
/* Adds a group at run time, after the built-in ones (tests, experiments).
 * The group and its tables must outlive the process. FALSE when its id,
 * a task id or a criterion id is taken. */
gboolean                       fsb_catalog_register_group (const FsbWorkloadGroup *group);

const FsbTaskSpec      *fsb_catalog_task         (const char *id, const FsbWorkloadGroup **group);
/* Every criterion in report order: the groups' own, then your own
 * commands ("custom"), then CPU economy ("cpu"). */
guint                   fsb_catalog_n_criteria   (void);
const FsbCriterionSpec *fsb_catalog_nth_criterion (guint i);
const FsbCriterionSpec *fsb_catalog_criterion    (const char *id);
const FsbParamSpec     *fsb_catalog_param        (const char *id, const FsbWorkloadGroup **group);
double                  fsb_criterion_weight     (const FsbCriterionSpec *criterion, const char *use_case);
/* The use case needs the criterion's group: it weighs above 0, and not
 * only when measured. */
gboolean                fsb_criterion_needed     (const FsbCriterionSpec *criterion, const char *use_case);
/* The group whose criterion it is; NULL for "custom" and "cpu". */
const FsbWorkloadGroup *fsb_criterion_group      (const char *criterion);
/* The groups a use case needs, in registry order: those (not run always)
 * with a criterion that weighs for it. NULL for an unknown use case. */
char                  **fsb_use_case_groups      (const char *use_case);
/* Why this system cannot run the group, translated; NULL when it can (or
 * the id is unknown). A plan leaves such a group out (fsb_plan_has_group ()). */
char                   *fsb_group_unavailable    (const char *id);
/* What this system lacks to run the group, as a result keeps it (its
 * strings are the catalog's, not to be freed); FALSE when it lacks nothing. */
gboolean                fsb_group_lacks          (const char *id, FsbLeftOut *left);
/* TRUE when one of the group's tasks runs that series (FSB_CONDITION_JOBS,
 * FSB_CONDITION_IODEPTH; fsb-plan-series.c). */
gboolean                fsb_group_has_series     (const FsbWorkloadGroup *group, const char *condition);
/* The program the group needs that is not on PATH (data, for a result's
 * "left_out"); NULL when nothing is missing or the id is unknown. */
const char             *fsb_group_missing_program (const char *id);
/* The kernel facility this system refuses the group (data, for a result's
 * "left_out"), with the errno of the refusal; NULL when it has none or
 * allows it. */
const char             *fsb_group_refused_feature (const char *id, int *error_code);
/* Why a group is left out, translated, from what a result keeps: the
 * program that was missing and its package (may be NULL), or the kernel
 * facility refused and the errno of the refusal. */
char                   *fsb_left_out_reason      (const FsbLeftOut *left);
/* The whole sentence, translated: "Left out: Git repository. The git program
 * is not installed (Debian package “git”)." (the CLI's plan and run, the
 * reports). */
char                   *fsb_left_out_sentence    (const FsbLeftOut *left);
/* "desktop, server, …": the known use cases for a message (ids, not translated). */
char                   *fsb_use_case_ids_text    (void);

/* Profiles ---------------------------------------------------------------- */

const char *const *fsb_profile_names  (void);          /* quick standard seed full */
gboolean           fsb_profile_known  (const char *name);
/* Every group's parameters at that profile's values; NULL when unknown. */
FsbSizes          *fsb_profile_sizes  (const char *name);
const char        *fsb_profile_title  (const char *name);   /* translated: "Quick" */
/* The most seconds a run of the profile should take on a small machine
 * (2 cores): quick 90; 0 for the others, which promise none. */
double             fsb_profile_most_seconds (const char *name);

/* Task ids ---------------------------------------------------------------- */

/* mkfs, mount and umount: the steps of every cycle, which the runner
 * does itself through the target. */
gboolean    fsb_task_is_cycle_step   (const char *id);
/* Aged tasks: a task of the catalog run again on the aged filesystem, the
 * condition FSB_CONDITION_AGED in its key (fsb_job_key ()).
 * fsb_catalog_task () gives the task's own spec for them; their criterion
 * is "aged". */
gboolean    fsb_task_is_aged         (const char *id);
/* An aged task's key gives the task's id; other ids are themselves (interned). */
const char *fsb_task_base_id         (const char *id);
/* "big-copy-in" gives its key under the condition aged (interned). */
const char *fsb_task_aged_id         (const char *id);

/* The criterion of a task id: custom:NAME gives "custom", unknown ids too. */
const char *fsb_task_criterion       (const char *id);
/* The headline metric of a task id and whether higher is better. */
const char *fsb_task_metric          (const char *id, gboolean *higher_is_better);
/* Translated; custom:NAME gives NAME, an aged task "Copy a big file in (aged)". */
const char *fsb_task_display_name    (const char *id);
/* The order of task ids in the catalog: the aged tasks after all the
 * others, in the same order; a task's series by its counts; custom
 * commands last. */
guint       fsb_task_order           (const char *id);
const char *fsb_criterion_title      (const char *id);     /* translated */
const char *fsb_group_title          (const char *id);     /* translated */

/* Metrics ----------------------------------------------------------------- */
const char *fsb_metric_unit          (const char *metric);  /* translated: "s", "MB/s", ... */
const char *fsb_metric_display_name  (const char *metric);  /* translated */

G_END_DECLS
