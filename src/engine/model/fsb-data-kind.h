/* fsb-data-kind.h: what the generated source data is made of */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The source data a plan asks for (the big file and the file tree):
 *   random  incompressible bytes: video, archives, photos (the default,
 *           and all data before this choice existed);
 *   text    words of a generated language: compressible about 3:1, like
 *           source code and documents;
 *   mixed   a home folder: the big file and the tree's media files
 *           (.png, .jpg, .pdf, .dat, .o) random, its documents and
 *           source (.c, .h, .txt, .html, .py) text. */
typedef enum {
  FSB_DATA_RANDOM,
  FSB_DATA_TEXT,
  FSB_DATA_MIXED,
  FSB_N_DATA_KINDS
} FsbDataKind;

#define FSB_DEFAULT_DATA "random"

/* "random", "text", "mixed": in this order, for the window's choice. */
const char *const *fsb_data_kinds      (void);
gboolean           fsb_data_kind_from_id (const char *id, FsbDataKind *kind);
const char        *fsb_data_kind_id    (FsbDataKind kind);
/* Translated: "Random (incompressible)", "Text (compressible)", "Mixed (a home folder)". */
const char        *fsb_data_kind_title (FsbDataKind kind);
/* Translated, for the reports' description of the data: "incompressible random bytes". */
const char        *fsb_data_kind_phrase (FsbDataKind kind);
/* Refuses an unknown id with a translated message naming the kinds. */
gboolean           fsb_data_kind_parse (const char *id, FsbDataKind *kind, GError **error);

G_END_DECLS
