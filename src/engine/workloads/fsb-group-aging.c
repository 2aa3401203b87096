/* fsb-group-aging.c: what `--age light|heavy` adds to a run: the criterion
 * of the aged tasks (each chosen task again, on the filesystem once it is
 * filled and churned: "big-copy-in@aged") and the time bound of the count
 * of small files that fit. The runner does the aging itself
 * (run/fsb-run-aging.c); the plan says how much (model/fsb-age.c). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "fsb-age.h"
#include "fsb-workload.h"

/* "Stays fast when full": how much of its fresh speed a filesystem keeps
 * on its aged runs, the mean over the tasks it ran both ways. */
static const FsbCriterionSpec criteria[] = {
  { FSB_AGED_CRITERION, N_("After aging"), FSB_SCORE_AGED,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s keeps the most of its speed after aging: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s keep their speed alike after aging (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s kept %s of its speed after aging.") },
    { { "desktop", 1 }, { "server", 1 } } },
};

/* Counting the 4 KiB files that fit stops here, and gives a lower bound. */
static const FsbParamSpec params[] = {
  { "fit-time-limit", N_("Time allowed to count the small files that fit"), FSB_PARAM_SECONDS,
    { 30, 120, 600 }, 1, 86400 },
};

static const FsbMetricSpec metrics[] = {
  { "kept_percent", N_("Speed kept after aging"), N_("%") },
};

const FsbWorkloadGroup fsb_group_aging = {
  .id = "aging",
  .name = N_("Aging"),
  .description = N_("The chosen tasks once more, after the filesystem was filled with files of realistic sizes "
                    "and churned until its free space was fragmented."),
  /* not chosen in the list of groups: `--age` asks for it */
  .always = TRUE,
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .metrics = metrics, .n_metrics = G_N_ELEMENTS (metrics),
};
