/* fsb-aging-loss.h: what aging cost each filesystem: the speed each task kept
 * on the aged filesystem, with its interval, and the ranking of the
 * "aged" criterion */
#pragma once

#include <glib.h>

#include "fsb-result.h"

G_BEGIN_DECLS

/* The confidence the intervals aim at. */
#define FSB_AGING_LEVEL 0.95

typedef struct {
  const char *task;                 /* the fresh task's id (interned) */
  const char *metric;               /* its headline metric */
  gboolean    higher_is_better;
  double      fresh, aged;          /* the medians of that metric */
  double      kept;                 /* aged speed ÷ fresh speed: 0.8 lost a fifth */
  double      kept_low, kept_high;  /* its interval */
  double      coverage;             /* the confidence the interval has: below
                                     * FSB_AGING_LEVEL with few repetitions */
  guint       n_fresh, n_aged;
} FsbAgingLoss;

/* The tasks fs ran both fresh and aged, in task order. The interval of
 * kept comes from the intervals of the two medians (order statistics,
 * each at the square root of the level), so it holds with at least their
 * product's confidence. */
GArray    *fsb_aging_losses  (const FsbFsResult *fs);
/* The speed fs kept over those tasks: their geometric mean, and that of
 * their intervals' ends. FALSE when it ran no task both ways. */
gboolean   fsb_aging_kept    (const FsbFsResult *fs, double *kept, double *low, double *high);
/* The "aged" criterion's scores (FsbScore*, fsb-recommend.h), unsorted:
 * each filesystem's estimate of the log of the speed it kept (the model of
 * fsb-stats.h, as every criterion), for fsb-verdict.c to compare. */
GPtrArray *fsb_aging_ranking (FsbResult *result);

G_END_DECLS
