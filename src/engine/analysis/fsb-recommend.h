/* fsb-recommend.h: which filesystem suits the user's use case, and how
 * sure the measurements are of it */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "fsb-result.h"
#include "fsb-catalog.h"
#include "fsb-stats.h"

G_BEGIN_DECLS

typedef enum {
  FSB_USE_CASE_DESKTOP,
  FSB_USE_CASE_SERVER,       /* a small home or office server: the study's case */
  FSB_USE_CASE_DATABASE,     /* databases and random I/O */
  FSB_USE_CASE_SMALL_FILES,  /* many small files */
  FSB_USE_CASE_MEDIA,        /* media and large files */
  FSB_USE_CASE_NAS,          /* an archive or a NAS: keep my data safe */
  FSB_USE_CASE_DEVELOPER,    /* a developer workstation: git, builds, archives, source trees */
  FSB_N_USE_CASES
} FsbUseCase;

const char *fsb_use_case_id          (FsbUseCase use_case);      /* "server" */
gboolean    fsb_use_case_from_id     (const char *id, FsbUseCase *use_case);
const char *fsb_use_case_title       (FsbUseCase use_case);      /* translated, "Small home or office server" */

/* How the criteria are judged (fsb-verdict.c).
 *
 * Each criterion gives every filesystem an estimate on the log scale of
 * how good it is, with its variance (fsb-stats.h): for time sections the
 * total of its median times (lower is better: a user lives through them
 * one after the other), for rates (files/s, MB/s, commits/s) the geometric
 * mean of its medians, for capacity the usable percentage (exact), for
 * transfers the median rate of the copies into it, for CPU the geometric
 * mean of CPU % + 1 over every timed task. A filesystem that missed a task
 * of the criterion is behind every one that did.
 *
 * The first (the leader) is compared with each other filesystem: the
 * ratio and its 95 % interval. Equivalent when it lies within
 * FSB_EQUIVALENCE_MARGIN; else clearly ahead when the whole interval lies
 * above 1; unsettled otherwise (fsb_log_estimate_compare ()). The criterion has a winner when the leader
 * is clearly ahead of everyone, else the leader and everyone not clearly
 * behind are tied; it is settled when no comparison is unsettled.
 *
 * The use case (fsb-recommend.c) weighs the criteria it needs (their
 * weight > 0): the overall comparison of two filesystems is the weighted
 * mean of their criteria's log ratios, judged the same way; except that
 * a filesystem dominated by another (ahead of it nowhere, clearly behind
 * it somewhere: see dominated_by () in fsb-recommend.c) is behind,
 * whatever the weighted mean's interval; and a filesystem that fails a
 * criterion the use case weighs (FsbScore.fails) is behind every one that
 * does not. */

typedef enum {
  FSB_VERDICT_WINNER,
  FSB_VERDICT_TIE,
  FSB_VERDICT_NOT_MEASURED,   /* the use case needs groups that did not run, or one filesystem only */
} FsbVerdictKind;

typedef enum {
  FSB_CONFIDENCE_NONE,        /* not measured */
  FSB_CONFIDENCE_LOW,         /* the overall comparison is unsettled */
  FSB_CONFIDENCE_MEDIUM,      /* settled overall, but some criteria are not */
  FSB_CONFIDENCE_HIGH,        /* settled overall and in every criterion the use case weighs */
} FsbConfidence;

const char *fsb_verdict_kind_id      (FsbVerdictKind kind);      /* "winner", "tie", "not-measured" */
const char *fsb_confidence_id        (FsbConfidence confidence); /* "high", "medium", "low", NULL */

typedef struct {
  char           *fs;         /* filesystem name as in the result */
  double          value;      /* the figure quoted: total s, mean rate, %, CPU % */
  const char     *metric;     /* what value is: "wall_s", "files_per_s", "percent", "cpu_percent", ... */
  gboolean        complete;   /* measured in every task of the criterion */
  FsbLogEstimate  estimate;   /* log of how good it is (higher is better) */
  /* The leader over this one: how many times better, and its 95 %
   * interval (1 for the leader itself; INFINITY when incomplete). */
  double          ratio, ratio_low, ratio_high;
  FsbCompare   behind;     /* BETTER: clearly behind the leader; EQUIVALENT; UNSETTLED */
  /* Behind by dominance, which its weighted total alone would not have
   * put it: ahead of the leader on no criterion, clearly behind on one. */
  gboolean        dominated;
  /* Behind the leader for certain (at the lead's level), but by less than
   * the margin: tied, as the margin counts differences. */
  gboolean        small_lead;
  /* Settled, but its 95 % interval holds the margin's edge (1 + the margin)
   * between its ends: more samples could turn a lead into a small lead or
   * the other way round (fsb-recommend-settle.c). */
  gboolean        near_margin;
  double          score;      /* 1 / ratio: 1 for the leader, 0 when incomplete */
  /* It failed what its criterion requires (FSB_SCORE_DURABILITY: it lost
   * a file acknowledged as durable): behind, in the use case's verdict,
   * every filesystem that did not, whatever the weights. */
  gboolean        fails;
  /* The tasks estimate is made of and the coefficient of each one's log
   * (n_parts 0: none, as capacity), and the variance the noise its cycles
   * share added to it (fsb_cycle_covariance ()). */
  char          **tasks;
  double         *coef;
  guint           n_parts;
  double          cycle_var;
} FsbScore;

/* A task whose difference a criterion's verdict would hide. */
typedef struct {
  char       *task;           /* its id */
  char       *faster;         /* the filesystem clearly ahead in it */
  char       *slower;
  double      ratio, ratio_low, ratio_high;
  char       *sentence;       /* "In “Delete the big files”, XFS is 2.8× faster than ext4." */
} FsbTaskDifference;

typedef struct {
  const FsbCriterionSpec *criterion;
  guint          order;       /* of the criterion in the catalog */
  double         weight;      /* for the chosen use case (0: shown, not counted) */
  GPtrArray     *ranking;     /* of FsbScore*, the leader first */
  FsbVerdictKind kind;        /* winner or tie */
  gboolean       settled;
  char          *winner;      /* the leader, when it is clearly ahead of everyone; else NULL */
  char          *runner_up;   /* second in the ranking, or NULL with a single filesystem */
  char         **tied;        /* a tie: the leader and those not clearly behind it; else NULL */
  double         ratio, ratio_low, ratio_high;   /* the leader over the runner-up (NaN alone) */
  char          *conclusion;  /* one translated sentence that states it */
  GPtrArray     *differences; /* of FsbTaskDifference*, largest first, three at most */
  /* Samples the outlier rule left out of the noise (fsb_stats_pool), and
   * the tasks they belong to, in section order (never NULL). */
  guint          n_flagged;
  char         **flagged_tasks;
} FsbVerdict;

typedef struct {
  FsbUseCase     use_case;
  guint          n_filesystems;
  FsbVerdictKind verdict;
  FsbConfidence  confidence;
  gboolean       settled;
  char          *best;        /* the winner, or NULL */
  char          *leader;      /* first overall, or NULL when not measured */
  char         **tied;        /* a tie: the filesystems not told apart, the leader first; else NULL */
  char         **missing_groups;  /* the groups the use case needs and the result lacks */
  char         **unsettled;   /* the filesystems more repetitions could settle (NULL: none) */
  /* Settled, but some comparison only near the margin (FsbScore.near_margin):
   * the leader and those; more samples could still change the answer
   * (NULL: none). */
  char         **refinable;
  /* A tie that holds a small lead (FsbScore.small_lead). */
  gboolean       small_lead;
  /* Behind by dominance (fsb-recommend.c): never ahead of another on a
   * criterion the use case weighs and clearly behind it on one; never
   * tied, never the winner. NULL: none. */
  char         **dominated;
  gboolean       by_dominance;  /* some filesystem is behind by dominance alone, not overall */
  gboolean       by_failure;    /* some filesystem is behind only because it failed a criterion (FsbScore.fails) */
  /* Unsettled: the rounds in all the unsettled would need, by the intervals'
   * shrinking, the seconds those extra rounds take, and the --time-budget
   * that allows them (fsb-recommend-settle.c); 0: no advice. */
  guint          settle_rounds;
  double         settle_seconds;
  double         settle_budget_s;
  char          *settle_note;   /* the note that says so (or, settle_rounds 0, that rounds would not), also among the notes */
  double         ratio, ratio_low, ratio_high;   /* overall, the leader over the runner-up */
  char          *headline;    /* "XFS suits a small home or office server best", with its confidence */
  GPtrArray     *reasons;     /* of char*: the counted criteria's conclusions, by weight */
  GPtrArray     *notes;       /* of char*: the confidence in words first, failures; what is missing last */
  GPtrArray     *verdicts;    /* of FsbVerdict*, in section order, CPU last */
  GPtrArray     *overall;     /* of FsbScore*, the leader first: the weighted comparison */
  FsbCycleNoise  cycle_noise; /* what the tasks of a cycle share, counted in every interval */
} FsbRecommendation;

/* Sentences are produced in the current locale (LC_MESSAGES, LC_NUMERIC). */
FsbRecommendation *fsb_recommend                   (FsbResult *result, FsbUseCase use_case);
void               fsb_recommendation_free         (FsbRecommendation *self);
const FsbVerdict  *fsb_recommendation_get_verdict  (const FsbRecommendation *self, const char *criterion);
/* use_case, verdict, winner, tied, missing_groups, confidence, criteria
 * [{id, verdict, winner, tied, ratio, ci95}], and the sentences. */
JsonNode          *fsb_recommendation_to_json      (const FsbRecommendation *self);
/* The headline, the reasons as a list and the notes, as plain text. */
char              *fsb_recommendation_to_text      (const FsbRecommendation *self);

/* "3 more rounds ran only the tasks that could settle the verdict: …",
 * the focused rounds of result (fsb-recommend-settle.c); NULL when none. */
char              *fsb_focused_rounds_note         (FsbResult *result);

/* A task on every filesystem of result, as the verdict judges it: each
 * one's estimate, the noise pooled over them all (fsb_stats_pool; paired
 * by rounds, fsb_stats_pool_blocks, where the filesystems took turns: then
 * *paired is TRUE), and its median (medians may be NULL), the values
 * shifted by offset; have[f] is FALSE where the filesystem has no sample
 * of it. Returns how many samples were flagged. */
guint              fsb_verdict_task_estimates      (FsbResult *result, const char *task_id, const char *metric,
                                                    double offset, FsbLogEstimate *estimates, double *medians,
                                                    gboolean *have, gboolean *paired);

/* The tasks of a criterion (a report section), as the result holds them,
 * in catalog order (custom commands last); for the report and the charts. */
GPtrArray         *fsb_result_section_tasks        (FsbResult *result, const char *criterion);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbRecommendation, fsb_recommendation_free)

G_END_DECLS
