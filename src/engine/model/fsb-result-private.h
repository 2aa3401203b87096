/* fsb-result-private.h: what the result's JSON files share */
#pragma once

#include <json-glib/json-glib.h>

#include "fsb-result.h"

G_BEGIN_DECLS

/* fsb-result-json.c: members of the type asked for, else NULL or FALSE
 * (numbers: finite only). */
char       *fsb_result_json_string (JsonObject *o, const char *key);
gboolean    fsb_result_json_number (JsonObject *o, const char *key, double *out);
JsonObject *fsb_result_json_object (JsonObject *o, const char *key);
JsonArray  *fsb_result_json_array  (JsonObject *o, const char *key);

/* fsb-result-aging.c: a filesystem's "aging" member (when it has one),
 * the files that fit among its "capacity" members, and both read back. */
void        fsb_result_aging_to_json   (JsonBuilder *b, const FsbFsResult *fs);
void        fsb_result_fit_to_json     (JsonBuilder *b, const FsbFsResult *fs);
void        fsb_result_aging_from_json (FsbFsResult *fs, JsonObject *o, JsonObject *capacity);

G_END_DECLS
