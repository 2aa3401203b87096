/* fsb-recommend.h: which filesystem suits the user's use case, and why */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "fsb-result.h"
#include "fsb-catalog.h"

G_BEGIN_DECLS

typedef enum {
  FSB_USE_CASE_DESKTOP,
  FSB_USE_CASE_SERVER,       /* a small home or office server: the study's case */
  FSB_USE_CASE_DATABASE,     /* databases and random I/O */
  FSB_USE_CASE_SMALL_FILES,  /* many small files */
  FSB_USE_CASE_MEDIA,        /* media and large files */
  FSB_N_USE_CASES
} FsbUseCase;

const char *fsb_use_case_id          (FsbUseCase use_case);      /* "server" */
gboolean    fsb_use_case_from_id     (const char *id, FsbUseCase *use_case);
const char *fsb_use_case_title       (FsbUseCase use_case);      /* translated, "Small home or office server" */
/* translated: "%s suits a small home or office server best" */
const char *fsb_use_case_headline    (FsbUseCase use_case);

/* The criteria are the catalog's (fsb-catalog.h): each report section of
 * the groups that ran, plus your own commands and CPU economy, each with
 * its weight per use case (0 = shown but not counted).
 *
 * Each criterion scores a filesystem from 0 to 1 against the best one:
 * for times, the best total of the section's median times ÷ its total
 * (a filesystem that missed a task scores 0); for rates (files/s, MB/s)
 * and CPU, the mean over the tasks of its median ÷ the best (a task it
 * failed scores 0). Capacity: its available % ÷ the best. The
 * overall score is the weighted mean over the criteria that were measured. */

typedef struct {
  char       *fs;         /* filesystem name as in the result */
  double      score;      /* 1 for the best; higher is better */
  double      score_min;  /* the score from the worst and the best samples: */
  double      score_max;  /* ranges that overlap make a tie */
  double      value;      /* the figure quoted in reasons: total s, mean rate, %, CPU % */
  const char *metric;     /* what value is: "wall_s", "files_per_s", "percent", "cpu_percent", ... */
} FsbScore;

typedef struct {
  const FsbCriterionSpec *criterion;
  guint       order;      /* of the criterion in the catalog */
  double      weight;     /* for the chosen use case */
  GPtrArray  *ranking;    /* of FsbScore*, best first */
  char       *winner;     /* first in the ranking */
  char       *runner_up;  /* second, or NULL with a single filesystem */
  char      **tied;       /* everyone whose range overlaps the winner's, winner first;
                           * NULL when the winner is clear */
  char       *conclusion; /* one translated sentence, as the study ends its sections */
} FsbVerdict;

typedef struct {
  FsbUseCase  use_case;
  guint       n_filesystems;
  char       *best;       /* NULL when nothing can be recommended */
  char       *headline;   /* "XFS suits a small home or office server best" */
  GPtrArray  *reasons;    /* of char*: "fastest with big files: 18 % ahead of ext4" */
  GPtrArray  *notes;      /* of char*: ties, failures, unsteady results */
  GPtrArray  *verdicts;   /* of FsbVerdict*, in section order, CPU last */
  GPtrArray  *overall;    /* of FsbScore*, best first: the weighted scores */
} FsbRecommendation;

/* Sentences are produced in the current locale (LC_MESSAGES, LC_NUMERIC). */
FsbRecommendation *fsb_recommend                   (FsbResult *result, FsbUseCase use_case);
void               fsb_recommendation_free         (FsbRecommendation *self);
const FsbVerdict  *fsb_recommendation_get_verdict  (const FsbRecommendation *self, const char *criterion);
JsonNode          *fsb_recommendation_to_json      (const FsbRecommendation *self);
/* The headline, the reasons as a list and the notes, as plain text. */
char              *fsb_recommendation_to_text      (const FsbRecommendation *self);

/* The tasks of a criterion (a report section), as the result holds them,
 * in catalog order (custom commands last); for the report and the charts. */
GPtrArray         *fsb_result_section_tasks        (FsbResult *result, const char *criterion);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbRecommendation, fsb_recommendation_free)

G_END_DECLS
