/* fsb-age.h: the aging levels a plan may ask for, and the ids of the
 * aging phase's steps and tasks */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How far a filesystem is aged before its workloads run again: filled to
 * a share of its space with files of realistic sizes (after Impressions,
 * FAST 2009), then churned (after Geriatrix, ATC 2018): a share of those
 * files deleted and new ones written, round after round, so that free
 * space fragments. */
typedef struct {
  const char *id;        /* "light", "heavy" */
  double      fill;      /* the share of the usable space filled: 0.60 */
  guint       rounds;    /* rounds of churn */
  double      churn;     /* the share of the aging files deleted in each round */
} FsbAgeSpec;

/* "none", "light", "heavy": in this order, for the window's choice. */
const char *const *fsb_age_levels (void);
gboolean           fsb_age_known  (const char *id);
/* NULL for "none" and for unknown ids. */
const FsbAgeSpec  *fsb_age_spec   (const char *id);
/* Translated: "None", "Light: 60 % full", "Heavy: 85 % full". */
char              *fsb_age_title  (const char *id);

/* The runner's steps of the aging phase: each cycle's aging, and once per
 * filesystem the count of small files that fit on a fresh one. */
#define FSB_AGE_STEP "age"
#define FSB_FIT_STEP "files-that-fit"
/* Aged tasks are the chosen tasks again, on the aged filesystem: their
 * samples carry the condition FSB_CONDITION_AGED (fsb-job.h).
 * The criterion (and report section) of the aged tasks. */
#define FSB_AGED_CRITERION "aged"

G_END_DECLS
