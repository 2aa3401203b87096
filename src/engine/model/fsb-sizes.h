/* fsb-sizes.h: the sizes of a plan, by the id of each workload group's parameter */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* A set of named figures ("big-file" → 35000000, "tree-files" → 375): the
 * dataset and workload sizes in force. Each workload group declares its
 * parameters (FsbParamSpec in fsb-catalog.h) with a value per profile; the
 * plan holds the chosen ones here, so a new group needs no field anywhere. */
typedef struct _FsbSizes FsbSizes;

FsbSizes *fsb_sizes_new      (void);
FsbSizes *fsb_sizes_copy     (const FsbSizes *self);
void      fsb_sizes_free     (FsbSizes *self);
gboolean  fsb_sizes_has      (const FsbSizes *self, const char *id);
/* 0 when the id is not set. */
double    fsb_sizes_get      (const FsbSizes *self, const char *id);
guint64   fsb_sizes_get_u64  (const FsbSizes *self, const char *id);
guint     fsb_sizes_get_uint (const FsbSizes *self, const char *id);
void      fsb_sizes_set      (FsbSizes *self, const char *id, double value);
guint     fsb_sizes_count    (const FsbSizes *self);
/* The i-th id and value, in the order they were first set. */
const char *fsb_sizes_nth    (const FsbSizes *self, guint i, double *value);
gboolean  fsb_sizes_equal    (const FsbSizes *a, const FsbSizes *b);

/* {"big-file": 35000000, ...} */
JsonNode *fsb_sizes_to_json  (const FsbSizes *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbSizes, fsb_sizes_free)

/* Sizes as people type them ------------------------------------------------
 * One unit rule everywhere (the image size, the custom sizes, the window):
 * K, M, G, T and KiB, MiB, GiB, TiB are powers of 1024; KB, MB, GB, TB are
 * powers of 1000 (as dd and GNU coreutils read them); a bare number is
 * bytes. Values must be finite, positive and at most FSB_SIZE_MAX. */
#define FSB_SIZE_MAX (G_GUINT64_CONSTANT (1) << 50)   /* 1 PiB */

gboolean  fsb_size_parse     (const char *text, guint64 *bytes, GError **error);
/* "4.0 GiB": binary units, as the parser reads "4G". */
char     *fsb_size_format    (guint64 bytes);
/* a + b, FALSE (and *sum untouched) on overflow past FSB_SIZE_MAX. */
gboolean  fsb_size_add       (guint64 a, guint64 b, guint64 *sum);

G_END_DECLS
