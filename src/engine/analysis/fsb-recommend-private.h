/* fsb-recommend-private.h: what the files of the recommendation share */
#pragma once

#include "fsb-recommend.h"

G_BEGIN_DECLS

/* The level at which the overall comparison names a lead: its interval
 * at 99 % wholly above 1. A run with automatic repetitions looks at the
 * verdict after every round, up to 10 times, and stops at the first look
 * that settles it; at 95 % each look would be another 2.5 % chance of a
 * lead by luck. A constant level across up to 10 looks that keeps the
 * chance of any false lead near 5 % two-sided is about 1 % a look
 * (Pocock's boundary). bench/verdict-sim, at the quick times of a default
 * run: twins named a winner in 3 % of runs at 95 % and 2 % at 99 %; two
 * filesystems each 25 % ahead on one criterion of equal weight, 7 % and
 * 2 %; a true 10 % lead named in 76 % and 75 %. A tie (all of the 95 %
 * interval within the margin) keeps 95 %: at 99 % twins were settled
 * tied in 44 % of runs, not 69 %, and a false tie claims no winner. */
#define FSB_LEAD_LEVEL 0.99

/* fsb-verdict.c: one criterion judged on a result; NULL when it has no data. */
/* noise: what a cycle's tasks share (fsb_cycle_noise_estimate ()), or NULL. */
FsbVerdict *fsb_verdict_new        (FsbResult *result, const FsbCriterionSpec *criterion, const char *use_case,
                                    const FsbCycleNoise *noise);
void        fsb_verdict_free       (FsbVerdict *verdict);
void        fsb_score_free         (FsbScore *score);
/* The largest difference between any two of names, as a deviation in
 * percent rounded up: "within 3 % of each other" (estimates by name). */
double      fsb_verdict_spread     (const FsbVerdict *verdict, char **names);

/* fsb-verdict-safety.c: the criteria decided by counts (FSB_SCORE_DURABILITY,
 * FSB_SCORE_DETECTION): each filesystem's score, exact, and the sentences
 * that say the counts. */
GPtrArray  *fsb_verdict_score_counts  (FsbResult *result, const FsbCriterionSpec *criterion);
char       *fsb_verdict_counts_words  (FsbResult *result, const FsbVerdict *verdict);
/* Adds to the verdict's conclusion the filesystems whose checker found
 * damage where nothing was damaged ("fsck_clean" 0 on a full filesystem). */
void        fsb_verdict_checker_words (FsbResult *result, FsbVerdict *verdict);

/* fsb-verdict-words.c: the words the sentences share. */
/* "2.8× faster than ext4", "18 % more than Btrfs", "30 % less than XFS":
 * ratio is how many times better the one is than other. */
char       *fsb_words_ahead        (FsbScoreKind kind, double ratio, const char *other);
/* "ext4, XFS and Btrfs", display names. */
char       *fsb_words_names        (char **names);
/* Why a tie is one: "within 3 % of each other", or the uncertainty. */
char       *fsb_words_tie_reason   (gboolean equivalent, double percent);
/* A figure with its unit: "1.2 s", "99.95 %", "4,100 files/s". */
char       *fsb_words_figure       (double value, const char *metric);

/* fsb-recommend.c: what its parts share. A verdict counts in the use
 * case's overall comparison (weighed, more than one ranked); fs's score
 * in v; fs complete in every counted criterion. */
gboolean        fsb_recommend_counts              (const FsbVerdict *v);
const FsbScore *fsb_recommend_find_score          (const FsbVerdict *v, const char *fs);
gboolean        fsb_recommend_complete_everywhere (FsbRecommendation *self, const char *fs);

/* fsb-recommend-dominance.c: the complete filesystems another complete one
 * dominates (a hash table of name to name, the first that does), stored
 * as self->dominated, and the reasons that say so. */
GHashTable *fsb_recommend_find_dominated  (FsbRecommendation *self, FsbResult *result);
void        fsb_recommend_note_dominated  (FsbRecommendation *self, GHashTable *dominated, FsbResult *result);
void        fsb_recommend_write_dominance (FsbRecommendation *self, FsbResult *result);

/* fsb-recommend-settle.c: an open verdict's note of the rounds that could
 * settle it, and the fields settle_*. */
void        fsb_recommend_settle_hint (FsbRecommendation *self, FsbResult *result);
/* A settled verdict whose leads all stand, but some only near the margin:
 * each lead whose 95 % interval reaches below 1 + FSB_EQUIVALENCE_MARGIN
 * (the lead may be one the margin calls a tie) is marked near_margin, and
 * self->refinable names the leader and them; NULL when none is. */
void        fsb_recommend_note_refinable (FsbRecommendation *self);

/* fsb-recommend-space.c: among the reasons, what each variant the verdict
 * names is, and who stored the test data in clearly less space. */
void        fsb_recommend_contender_reasons (FsbRecommendation *self, FsbResult *result);

/* fsb-recommend-scaling.c: among the reasons, how each filesystem scales
 * over the jobs and queue depths it ran. */
void        fsb_recommend_scaling_reasons (FsbRecommendation *self, FsbResult *result);

/* fsb-use-case.c: the headline of a use case's verdict, and the confidence in words. */
char       *fsb_recommend_confidence_sentence (const FsbRecommendation *self);
char       *fsb_use_case_headline  (FsbUseCase use_case, FsbVerdictKind kind, FsbConfidence confidence,
                                    const char *names);

G_END_DECLS
