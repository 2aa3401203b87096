/* fsb-result-private.h: what a result file may hold, for the loader and its tests */
#pragma once

#include "fsb-result.h"

G_BEGIN_DECLS

/* A result of the largest plan (every group, a dozen filesystems, 100
 * repetitions) is a few megabytes. json-glib keeps about 200 bytes per
 * value in memory, so the number of values, not the size, bounds what
 * loading costs: 400,000 values are about 80 MB. */
#define FSB_RESULT_MAX_FILE_BYTES   (16 * 1024 * 1024)
#define FSB_RESULT_MAX_VALUES       400000
#define FSB_RESULT_MAX_FILESYSTEMS  32
#define FSB_RESULT_MAX_TASKS        128       /* different task ids: the catalog and custom commands */
#define FSB_RESULT_MAX_SAMPLES      100000    /* per task */
#define FSB_RESULT_MAX_METRICS      64        /* per sample */
#define FSB_RESULT_MAX_METRIC_NAMES 256       /* different names in one file */
#define FSB_RESULT_MAX_SIZES        64        /* the plan's sizes: a few per group */
#define FSB_RESULT_MAX_TEXT_BYTES   (64 * 1024)  /* one string: an error output, a command */
#define FSB_RESULT_MAX_TRANSFERS    (FSB_RESULT_MAX_FILESYSTEMS * FSB_RESULT_MAX_FILESYSTEMS)

/* Physical plausibility of a metric's value. NULL when value is possible
 * for what metric measures; else a translated sentence naming field
 * (where the value was found), the value and the range it must be in. */
char *fsb_metric_check (const char *metric, double value, const char *field);
/* The same for a count (sizes, cores, inodes): whole, 0 to 10^18. */
char *fsb_count_check  (double value, const char *field);

G_END_DECLS
