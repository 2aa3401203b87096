/* fsb-plan.h: the plan spec: what to run (filesystems × workload groups ×
 * repetitions, on a target), its defaults, its validation and its estimate.
 * The CLI and the window fill it; neither restates a rule of it. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "fsb-contender.h"
#include "fsb-data-kind.h"
#include "fsb-result.h"
#include "fsb-sizes.h"

#include "fsb-device-identity.h"

G_BEGIN_DECLS

/* Every default of a plan, here and nowhere else (the GSettings schema's
 * defaults are checked against these by a test). */
#define FSB_DEFAULT_PROFILE     "quick"
#define FSB_DEFAULT_REPEAT_MODE "auto"    /* "auto" or "fixed" */
#define FSB_DEFAULT_REPETITIONS 3         /* fixed: the count; auto: the least */
#define FSB_DEFAULT_REPEAT_MAX  10        /* auto: the most */
#define FSB_MIN_REPETITIONS     1
#define FSB_MIN_AUTO_REPETITIONS 3
#define FSB_MAX_REPETITIONS     100
/* auto without a time budget (fsb_plan_auto_budget): a profile that
 * promises a length (fsb_profile_most_seconds: a quick run 90 s) may take
 * all of it while the verdict is open, or its least rounds where those
 * took longer; capped at FSB_AUTO_BUDGET_FACTOR times the least rounds, a
 * quick run on a fast machine (least rounds of 24 s) stopped open at 60 s
 * in three default runs of five, 4 rounds short of settling. Without such
 * a promise, FSB_AUTO_BUDGET_FACTOR times as long as the least rounds, and
 * never less than FSB_AUTO_BUDGET_LEAST times. A quarter more, as before,
 * let a run of two filesystems no extra round at all: the verdict stayed
 * open with time left. */
#define FSB_AUTO_BUDGET_FACTOR  2.5
#define FSB_AUTO_BUDGET_LEAST   1.25
#define FSB_DEFAULT_USE_CASE    "server"  /* its groups are the default workloads (fsb_use_case_groups) */
#define FSB_DEFAULT_TARGET      "image"
#define FSB_DEFAULT_AGE         "none"   /* fresh filesystems only, as the studies measured */

/* Where to run: "image", "image:SIZE", "image@DIR", "image:SIZE@DIR" (SIZE
 * as fsb_size_parse() reads it, "~/" allowed in DIR) or a device such as
 * "/dev/sdb1". */
typedef struct {
  gboolean image;
  guint64  size_bytes;   /* images: 0 sizes it to the plan */
  char    *path;         /* images: the folder (NULL: the cache folder); else the device */
} FsbTargetSpec;

gboolean fsb_target_spec_parse     (const char *text, FsbTargetSpec *spec, GError **error);
char    *fsb_target_spec_to_string (const FsbTargetSpec *spec);
void     fsb_target_spec_clear     (FsbTargetSpec *spec);
/* The smallest image FS Bench makes: mkfs.xfs refuses less than 300 MiB. */
#define FSB_MIN_IMAGE_BYTES (G_GUINT64_CONSTANT (512) * 1024 * 1024)

typedef struct {
  char *name;
  char *command;
} FsbCustomCommand;

typedef struct {
  gint        ref_count;
  char      **filesystems;      /* the contenders' labels: "ext4", "xfs", "ext4 (2)", "noatime" */
  GPtrArray  *contenders;       /* of FsbContender*: fsb_plan_get_contender () */
  GPtrArray  *variants;         /* of FsbContender*, as defined (fsb_plan_add_variant ()) */
  GHashTable *mkfs_options;     /* fs type → extra mkfs options of its plain contenders */
  char       *profile_name;     /* "quick", "standard", "seed", "full", "custom" */
  FsbSizes   *sizes;            /* every group's sizes in force (custom: edited) */
  /* Repetitions: fixed, each filesystem's cycle `repetitions` times; auto
   * (the default), at least `repetitions`, the filesystems interleaved,
   * then more only for those whose comparison for the use case is still
   * unsettled, up to `repeat_max` or the time budget (see fsb-repeat.h). */
  gboolean    repeat_auto;
  guint       repetitions;
  guint       repeat_max;
  double      time_budget_s;    /* auto: seconds for the whole run; 0: fsb_plan_auto_budget */
  char      **workloads;        /* group ids, never NULL */
  char       *target_spec;      /* as FsbTargetSpec reads it */
  gboolean    destroy_confirmed;
  char       *source_dir;       /* user's folder instead of generated data, or NULL */
  GPtrArray  *custom_commands;  /* of FsbCustomCommand* */
  char       *use_case;         /* "desktop", "server", ... */
  char       *label;            /* the run's name in reports ("web-1"), or NULL: its date */
  char       *partial_path;     /* where results are written after every task, or NULL */
  gboolean    direct_io;        /* random-io: O_DIRECT instead of buffered, a labelled mode */
  char       *age;              /* "none", "light", "heavy" (fsb-age.h) */
  FsbDataKind data;             /* what the generated data is made of (fsb-data-kind.h) */
  /* TRUE only once the user saw the custom commands and agreed to run them:
   * the CLI sets it for commands typed on its own command line; a plan or
   * result loaded from a file leaves it FALSE until the user confirms
   * (fsb_custom_describe() gives the text to show). */
  gboolean    custom_confirmed;
  /* An earlier result this run completes (its missing groups): the runner
   * returns the two merged (fsb_result_merge ()). NULL: a run of its own. */
  FsbResult  *merge_into;
  /* The partition target as it was when the user confirmed it (the GUI's
   * dialog, the CLI's --yes-destroy-data at the start): every format
   * checks the device is still this one. NULL for an image. */
  FsbDeviceIdentity *confirmed_device;
  /* An earlier complete run on the same disk, whose pace the estimate
   * follows (fsb_plan_set_pace ()); NULL: the first guesses alone. */
  FsbResult  *pace_from;
  /* The counts a series task runs at (fsb-plan-series.c), of guint,
   * sorted; NULL: the profile's (fsb_plan_series ()). */
  GArray     *series_jobs;
  GArray     *series_iodepth;
} FsbPlan;

#define FSB_TYPE_PLAN (fsb_plan_get_type ())
GType    fsb_plan_get_type     (void) G_GNUC_CONST;
/* The defaults above: quick, the default use case and its groups,
 * automatic repetitions, an image sized to the plan. */
FsbPlan *fsb_plan_new          (void);
FsbPlan *fsb_plan_ref          (FsbPlan *self);
void     fsb_plan_unref        (FsbPlan *self);
/* A run of groups a result lacks, on its filesystems with its sizes, in
 * target_spec (NULL: an image in the cache folder), merged into it. */
/* The comparison of result run again afresh (the same contenders, groups,
 * sizes and use case), automatic repetitions allowed rounds and
 * time_budget_s: what an open verdict needs (FsbRecommendation's settle_*). */
/* The time budget of automatic repetitions when none is given, for a run
 * whose least rounds take least_s (see FSB_AUTO_BUDGET_FACTOR). */
double    fsb_plan_auto_budget    (FsbPlan *self, double least_s);
FsbPlan *fsb_plan_new_to_settle   (FsbResult *result, const char *use_case, guint rounds, double time_budget_s,
                                   const char *target_spec, GError **error);
FsbPlan *fsb_plan_new_for_missing (FsbResult *result, const char *use_case, const char *const *groups,
                                   const char *target_spec, GError **error);
/* quick, standard, seed, full (every group, standard sizes) or custom
 * (keeps the sizes in force, for editing). */
gboolean fsb_plan_set_profile  (FsbPlan *self, const char *name, GError **error);
/* Sets one size (a parameter id of a group), checked against its range;
 * the profile becomes "custom". */
gboolean fsb_plan_set_size     (FsbPlan *self, const char *param, double value, GError **error);
/* The same from what a person typed: "big-file=700M", or value alone with
 * param given; sizes in bytes go through fsb_size_parse (). */
gboolean fsb_plan_set_size_text (FsbPlan *self, const char *param, const char *text, GError **error);
/* groups: group ids, or changes to the use case's groups when every one
 * starts with + or - ("+kernel-tree", "-random-io"). */
gboolean fsb_plan_set_workloads (FsbPlan *self, const char *const *groups, GError **error);
/* The values a series condition (FSB_CONDITION_JOBS, FSB_CONDITION_IODEPTH)
 * runs at, sorted: as set, or the profile's (quick 1 and 4 jobs, depths 1
 * and 32; otherwise 1, 2, 4, 8 jobs and depths 1, 8, 32). */
const guint *fsb_plan_series     (FsbPlan *self, const char *condition, guint *n);
/* "1,2,4" as `--jobs` and `--iodepth` take it: counts from 1 to 64 jobs or
 * 256 requests, at most 8. */
gboolean     fsb_plan_set_series (FsbPlan *self, const char *condition, const char *text, GError **error);
/* The groups whose tasks run that series join the plan's workloads (those
 * the system can run), in registry order: a series asked for by name. */
void         fsb_plan_add_series_groups (FsbPlan *self, const char *condition);
/* TRUE when one of the plan's groups has a task with that series. */
gboolean     fsb_plan_has_series (FsbPlan *self, const char *condition);
/* The values of a series in words, for a menu: "1, 2 and 4 jobs",
 * "1, 8 and 32 requests in flight". */
char        *fsb_series_title    (const char *condition, const guint *values, guint n);

/* The use case, and its groups as the workloads (fsb_use_case_groups ()). */
gboolean fsb_plan_set_use_case (FsbPlan *self, const char *use_case, GError **error);
/* A short name for the run, on one line (a host's, say); the result keeps
 * it and comparisons head its column with it. NULL or "": none. */
gboolean fsb_plan_set_label    (FsbPlan *self, const char *label, GError **error);
/* "auto" or a count, as `--repeat` takes it. */
gboolean fsb_plan_set_repeat   (FsbPlan *self, const char *text, GError **error);
/* Filesystem types and variant names (fsb_plan_add_variant () first): a
 * type listed again is its twin ("ext4", "ext4" gives "ext4 (1)" and "ext4 (2)"). */
gboolean fsb_plan_set_filesystems (FsbPlan *self, const char *const *names, GError **error);
/* "NAME=FS;mount=OPTIONS;mkfs=ARGS" (fsb_contender_parse ()), for --fs to name. */
gboolean fsb_plan_add_variant  (FsbPlan *self, const char *text, GError **error);
/* The contender of a label of filesystems (never NULL: a label nothing
 * defined is a plain filesystem of that type). */
const FsbContender *fsb_plan_get_contender (FsbPlan *self, const char *label);
/* Its mkfs options: the variant's, else those of its type, or NULL. */
const char *fsb_plan_contender_mkfs (FsbPlan *self, const char *label);
gboolean fsb_plan_set_target   (FsbPlan *self, const char *spec, GError **error);
/* An image of size_bytes (0: sized to the plan) in dir (NULL: the cache folder). */
void     fsb_plan_set_image    (FsbPlan *self, guint64 size_bytes, const char *dir);
void     fsb_plan_add_custom   (FsbPlan *self, const char *name, const char *command);
/* "none", "light" or "heavy": after the fresh tasks of each cycle, fill and
 * churn the filesystem, then run the tasks again under the condition aged. */
gboolean fsb_plan_set_age      (FsbPlan *self, const char *level, GError **error);
/* "random" (the default), "text" or "mixed": what the generated big file
 * and tree are made of (with a source folder, only the big file is). */
gboolean fsb_plan_set_data     (FsbPlan *self, const char *kind, GError **error);
gboolean fsb_plan_has_group    (FsbPlan *self, const char *group);
/* Each chosen group checks its sizes (and may fit one to the others). */
gboolean fsb_plan_check_sizes  (FsbPlan *self, GError **error);
gboolean fsb_plan_validate     (FsbPlan *self, GError **error);

/* What a plan needs and would do, before it runs. */
typedef struct {
  guint64   space_needed_bytes;  /* on the target: data, copies, filesystem overhead */
  guint64   target_size_bytes;   /* an image's size (given, or sized to the plan); a device: 0 (unknown here) */
  guint     images_at_once;      /* images of that size made at once: one per contender when the
                                  * contenders take turns (an image target with cycles), else 1;
                                  * a device: 0 */
  double    estimated_seconds;   /* everything, the test data's generation included when not cached;
                                  * auto: with the least repetitions */
  double    estimated_seconds_max;  /* auto: at most, by the budget; fixed: the same */
  double    dataset_seconds;     /* of which making the test data */
  guint     n_steps;             /* tasks × filesystems × repetitions, mkfs/mount/umount included */
  GPtrArray *tasks;              /* of const char*, one cycle's tasks in run order (static strings) */
  /* The run whose pace the estimate follows: its "created" time, or NULL
   * when the estimate is the first guesses alone. */
  char      *paced_by;
} FsbPlanEstimate;

/* The estimate follows how long each step took in result (its pace: a
 * complete run on the same disk, fsb_history_find_pace ()); NULL: the
 * first guesses again. */
void      fsb_plan_set_pace        (FsbPlan *self, FsbResult *result);
/* A step's first guess, times how long that step took against its guess
 * in the pace (or, for a step the pace lacks, all its steps did). */
double    fsb_plan_paced           (FsbPlan *self, const char *step_id, double guess_s);
/* sizes: what the tasks will see (NULL: the plan's own). */
void      fsb_plan_estimate        (FsbPlan *self, const FsbSizes *sizes, FsbPlanEstimate *estimate);
/* FsbPlanEstimate.images_at_once, alone. */
guint     fsb_plan_images_at_once  (FsbPlan *self);

/* What a group (chosen or not) takes in this plan: its seconds over every
 * filesystem and repetition, as the estimate counts them, and the room its
 * tasks need on the target at their peak; 0 for an unknown id. For the
 * window's list of groups. */
void      fsb_plan_group_cost      (FsbPlan *self, const char *group, double *seconds, guint64 *space_bytes);

/* The aging phase of a plan whose age is not "none", before it runs. */
typedef struct {
  guint64 reserve_bytes;       /* left free by the fill: the aged tasks' peak, and a margin */
  guint64 fill_bytes;          /* written by the first fill, on a target of target_bytes */
  guint64 written_bytes;       /* the fill and every round of churn */
  guint64 target_bytes;        /* the size the estimate assumed */
  guint64 max_file_bytes;      /* no aging file larger: a 32nd of the fill, the same on every filesystem */
  double  age_seconds;         /* one cycle's aging */
  double  fit_seconds;         /* one filesystem's count of small files that fit */
  double  fit_time_limit;      /* its bound */
} FsbPlanAging;

/* FALSE (and *aging zeroed) when the plan does not age. */
gboolean  fsb_plan_aging_estimate  (FsbPlan *self, const FsbSizes *sizes, FsbPlanAging *aging);
void      fsb_plan_estimate_clear  (FsbPlanEstimate *estimate);
/* The room the plan needs on the target, for sizes (NULL: its own). */
guint64   fsb_plan_needed_bytes    (FsbPlan *self, const FsbSizes *sizes);
/* The plan and its estimate, as `fsbench-cli plan --json` prints them. */
JsonNode *fsb_plan_to_json         (FsbPlan *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbPlan, fsb_plan_unref)

G_END_DECLS
