/* fsb-result-private.h: what a result file may hold, and what its readers share */
#pragma once

#include <json-glib/json-glib.h>

#include "fsb-result.h"

G_BEGIN_DECLS

/* fsb-result-read.c: members of the type asked for, else NULL or FALSE
 * (numbers: finite only; texts made harmless to print). */
char       *fsb_result_json_string (JsonObject *o, const char *key);
gboolean    fsb_result_json_number (JsonObject *o, const char *key, double *out);
JsonObject *fsb_result_json_object (JsonObject *o, const char *key);
JsonArray  *fsb_result_json_array  (JsonObject *o, const char *key);

/* fsb-result-aging.c: a filesystem's "aging" member (when it has one),
 * the files that fit among its "capacity" members, and both read back. */
void        fsb_result_aging_to_json   (JsonBuilder *b, const FsbFsResult *fs);
void        fsb_result_fit_to_json     (JsonBuilder *b, const FsbFsResult *fs);
void        fsb_result_aging_from_json (FsbFsResult *fs, JsonObject *o, JsonObject *capacity);
/* fsb-result-focus.c: repetition_policy's "focused" member, written when
 * there is a round, read back with its names and ids checked (a round
 * with one that is not ours is left out), and copied. */
void        fsb_result_focused_to_json   (JsonBuilder *b, const FsbResult *self);
void        fsb_result_focused_from_json (FsbResult *self, JsonArray *rounds);
void        fsb_result_focused_copy      (FsbResult *copy, const FsbResult *self);
/* fsb-result-left-out.c: the "left_out" member (written when a group was
 * left out), read back with unknown group ids dropped, and copied. */
void        fsb_result_left_out_to_json   (JsonBuilder *b, const FsbResult *self);
void        fsb_result_left_out_from_json (FsbResult *self, JsonArray *left);
void        fsb_result_left_out_copy      (FsbResult *copy, const FsbResult *self);
/* fsb-result-json.c: the result without its tasks' samples, and one task
 * with its samples from the one at from on (what fsb-result-journal.c
 * appends). */
JsonNode   *fsb_result_header_to_json (FsbResult *self);
/* The result without its measurements: filesystems with no tasks, no
 * dataset; it reads back (fsb_result_from_json ()) as a result whose
 * samples are left out, which describes the run and gives its pace. */
JsonNode   *fsb_result_summary_to_json (FsbResult *self);
JsonNode   *fsb_result_task_to_json   (const FsbTaskResult *task, guint from);

/* fsb-result-journal.c: a journal (what a run writes as it goes) made
 * into one result object, for fsb_result_from_json (); NULL with error
 * when the text is not a journal FS Bench wrote. check_shape is
 * fsb-result-file.c's bound on one JSON text, adding to *values. */
gboolean    fsb_result_journal_detect (const char *data, gsize length);
typedef gboolean (*FsbJsonShapeCheck) (const char *data, gsize length, guint64 *values, GError **error);
JsonNode   *fsb_result_journal_merge  (const char *data, gsize length, FsbJsonShapeCheck check_shape,
                                       GError **error);

/* fsb-result-file.c: one JSON object in data, parsed after the bounds a
 * result file has (depth, values, text lengths, no "-0", no half
 * characters); NULL and FSB_ERROR_INVALID otherwise. For other files kept
 * beside results (the history's index). */
JsonNode   *fsb_result_parse_bounded  (const char *data, gsize length, GError **error);

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
#define FSB_RESULT_MAX_TRANSFER_SAMPLES 1000  /* per transfer: ten times the most repetitions of a plan */
#define FSB_RESULT_MAX_BATCH        10000     /* operations in one sample's timed section */
/* A sample's batch size (FsbSample.batch) in JSON: not a metric. */
#define FSB_SAMPLE_BATCH_KEY        "batch"

/* fsb-result-check.c: a filesystem's "type" and "mount_requested" read
 * into fs; NULL, or a translated sentence saying what is wrong. */
char *fsb_result_contender_from_json (JsonObject *o, FsbFsResult *fs);
/* A transfer read (field: where it is in the file): at least one sample,
 * each with its rate, as every copy measured has; NULL, or a translated
 * sentence saying what is wrong. */
char *fsb_transfer_check (const FsbTransfer *t, const char *field);

/* Physical plausibility of a metric's value. NULL when value is possible
 * for what metric measures; else a translated sentence naming field
 * (where the value was found), the value and the range it must be in. */
char *fsb_metric_check (const char *metric, double value, const char *field);
/* The same for a count (sizes, cores, inodes): whole, 0 to 10^18. */
char *fsb_count_check  (double value, const char *field);
/* A sample's batch size from its JSON object so into sample->batch (1
 * when absent, as in files from before batches); NULL, or a translated
 * sentence naming field when it is not whole, 1 to FSB_RESULT_MAX_BATCH. */
char *fsb_batch_from_json (JsonObject *so, FsbSample *sample, const char *field);

G_END_DECLS
