/* fsb-job.h: what a result files samples under: a task of a workload
 * group on a contender (the filesystem entry it is in) under the
 * conditions it ran with, kept as data */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The conditions' ids: the members of a task's "conditions" in a result. */
#define FSB_CONDITION_AGED    "aged"      /* on the filesystem once filled and churned (--age) */
#define FSB_CONDITION_JOBS    "jobs"      /* processes at once */
#define FSB_CONDITION_IODEPTH "iodepth"   /* requests in flight */

/* All zero: the task's own conditions (a fresh filesystem, one process,
 * the depth the task itself uses). */
typedef struct {
  gboolean aged;
  guint    jobs;      /* 0: the task's own */
  guint    iodepth;   /* 0: the task's own */
} FsbConditions;

gboolean     fsb_conditions_is_default (const FsbConditions *c);
/* The key a result files a task's samples under in memory (tables and
 * charts have a row per key): the task id alone under its own
 * conditions, else followed by '@' and each condition away from its
 * default, as its id ("aged") or id=count ("jobs=4"). Interned. */
const char  *fsb_job_key               (const char *task, const FsbConditions *c);
/* The task id of a key (interned), its conditions in c (may be NULL);
 * NULL when what follows an '@' is no condition this version knows. */
const char  *fsb_job_key_parse         (const char *key, FsbConditions *c);
/* The key of a task of a result or journal: its "id" (a schema 1 result
 * has its conditions there, as in a key) and its "conditions"
 * object; NULL when either is not one this version knows. */
const char  *fsb_job_key_from_json     (const char *id, JsonObject *task);
/* A result's "conditions" member of a task, when they are not the default. */
void         fsb_conditions_build_json (JsonBuilder *b, const FsbConditions *c);
/* Adds the members of a task's "conditions" object to c; FALSE (c as it
 * was) when one is not a condition this version knows or out of range. */
gboolean     fsb_conditions_read_json  (JsonObject *o, FsbConditions *c);

G_END_DECLS
