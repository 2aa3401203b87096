/* fsb-json.h: JSON text that every reader can read back */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* json_generator_to_data(), with its numbers repaired: json-glib 1.6
 * appends ".0" to every double without a decimal point, so 1e308 comes out
 * as "1e+308.0" (invalid JSON), and infinities as "inf.0". Exponents lose
 * the ".0", non-finite numbers become null; every double is written with 17
 * significant digits, so it reads back to the same value. */
char *fsb_json_to_data (JsonNode *root, gboolean pretty, gsize *length);

/* Members for a JsonBuilder inside an object: a string (NULL: null), a
 * count, a number (not finite: null) and a boolean. */
void  fsb_json_add_string (JsonBuilder *b, const char *key, const char *value);
void  fsb_json_add_uint   (JsonBuilder *b, const char *key, guint64 value);
void  fsb_json_add_double (JsonBuilder *b, const char *key, double value);
void  fsb_json_add_bool   (JsonBuilder *b, const char *key, gboolean value);

/* A deep copy of node with every text, keys included, made harmless to
 * print (fsb_text_sanitize ()): what a result keeps of JSON from outside. */
JsonNode *fsb_json_sanitized_copy (JsonNode *node);

G_END_DECLS
