/* fsb-dataset.h: the source data: a big file and a file tree, generated from a seed */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "fsb-data-kind.h"
#include "fsb-sizes.h"
#include "fsb-rng.h"
#include "fsb-workload.h"

G_BEGIN_DECLS

/* The date of seed 000's study: the default seed of the generator. */
#define FSB_DATASET_SEED G_GUINT64_CONSTANT (20060421)
#define FSB_DATASET_FORMAT "fsbench-dataset/1"

/* The core group's sizes (fsb-group-core.c declares them), which are
 * also the data of the transfer group and of custom commands. */
#define FSB_SIZE_BIG_FILE      "big-file"
#define FSB_SIZE_TREE_SIZE     "tree-size"
#define FSB_SIZE_TREE_FILES    "tree-files"
#define FSB_SIZE_TREE_DIRS     "tree-dirs"
#define FSB_SIZE_TREE_MIN_FILE "tree-min-file"
#define FSB_SIZE_TREE_MAX_FILE "tree-max-file"

/* What the generator makes: a big file and a tree. */
typedef struct {
  const char *name;           /* the profile these sizes are, or "custom" */
  guint64     big_file_bytes; /* the "ISO" of seed 000 */
  guint       tree_files;     /* 7,500 in the study */
  guint       tree_dirs;      /* 900 */
  guint64     tree_min_file;  /* 10 KB */
  guint64     tree_max_file;  /* 5 MB */
  guint64     tree_total_bytes;  /* 1.9 GB */
  FsbDataKind data;              /* what the files are made of */
} FsbDatasetSpec;

/* The core sizes of sizes, named after the profile that has them. */
void fsb_dataset_spec_init (FsbDatasetSpec *spec, const FsbSizes *sizes);

/* What the generator writes for a profile: paths relative to the dataset
 * folder, in the order they are written. Pure arithmetic, no I/O. */
typedef struct {
  char    *path;    /* "tree/d012/d101/f00042.c" */
  guint64  size;
} FsbDatasetFile;

typedef struct {
  guint64    seed;
  GPtrArray *dirs;    /* of char*: "tree", "tree/d000", ... parents first */
  GArray    *files;   /* of FsbDatasetFile: big.img first, then the tree */
  guint64    tree_bytes;
} FsbDatasetLayout;

FsbDatasetLayout *fsb_dataset_layout_new  (const FsbDatasetSpec *profile, guint64 seed);
void              fsb_dataset_layout_free (FsbDatasetLayout *layout);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbDatasetLayout, fsb_dataset_layout_free)

/* The bytes of file number index (0 is big.img, then the tree's files in
 * layout order), the same for the same seed on every machine: random,
 * xoshiro256** seeded through splitmix64, so they are incompressible; or
 * text (fsb-data-text.c), which compresses about 3:1. */
typedef struct {
  FsbRng   rng;
  gboolean text;
  guint64  picks;         /* text: draws not used yet, 16 bits each */
  guint    n_picks;
  guint    last_word;     /* text: the word before, whose usual next one may follow */
  guint8   pending[16];   /* text: the rest of a word cut at the end of a fill */
  guint    n_pending;
} FsbDatasetStream;

void     fsb_dataset_stream_init  (FsbDatasetStream *stream, guint64 seed, guint index);
/* The stream of a file of that kind (FSB_DATA_RANDOM or FSB_DATA_TEXT). */
void     fsb_dataset_stream_init_kind (FsbDatasetStream *stream, guint64 seed, guint index, FsbDataKind kind);
/* Random: len is a multiple of 8, except in the last call for a file.
 * Text: any len. */
void     fsb_dataset_stream_fill  (FsbDatasetStream *stream, guint8 *buf, gsize len);
/* What a file of the layout is made of when the data is of kind data:
 * FSB_DATA_RANDOM or FSB_DATA_TEXT (a mixed tree's documents are text). */
FsbDataKind fsb_dataset_file_kind (FsbDataKind data, const char *path);

/* fsb-data-text.c */
void     fsb_dataset_text_init    (FsbDatasetStream *stream);
void     fsb_dataset_text_fill    (FsbDatasetStream *stream, guint8 *buf, gsize len);

/* g_get_user_cache_dir()/fsbench/datasets/<profile>; custom sizes get a
 * folder named after them. */
char    *fsb_dataset_cache_dir    (const FsbDatasetSpec *profile);

/* Makes dir hold the profile's dataset (big.img, tree/, manifest.json):
 * reuses what is there when the manifest and a check of the files agree,
 * else (re)builds it: in a folder beside dir, moved into place when whole,
 * removed on any error or cancel; refused before writing when the disk
 * lacks the room. replace allows deleting a stale dataset in dir; if
 * FALSE, a stale one is an error. Streamed: memory use does not depend on
 * the sizes. summary receives the manifest without its file list. */
gboolean fsb_dataset_ensure       (const FsbDatasetSpec   *profile,
                                   const char         *dir,
                                   gboolean            replace,
                                   FsbItemProgressFunc progress,
                                   gpointer            progress_data,
                                   JsonNode          **summary,
                                   GCancellable       *cancellable,
                                   GError            **error);

/* FSB_ERROR_NO_SPACE, before anything is written, when the filesystem that
 * will hold dir (or its nearest existing parent) has less than needed free. */
gboolean fsb_dataset_check_space  (const char *dir, guint64 needed, GError **error);
/* A new folder ".NAME.tmp-PID-XXXXXX" beside dir, to build in and rename
 * into place; those a killed process left are removed first. */
char    *fsb_dataset_temp_sibling (const char *dir, GError **error);

/* Makes a group's data in tmp, a new empty folder. */
typedef gboolean (*FsbDatasetMakeFunc) (const char *tmp, gconstpointer data, GCancellable *cancellable,
                                        GError **error);
/* dataset_dir/name/part, a folder a group makes for itself, with want in
 * dataset_dir/name/manifest.json: kept when the manifest is want, else
 * made again by make in a folder beside it, renamed into place once whole
 * (removed on any error), the manifest written last. A copy of want, or
 * NULL (fsb-dataset-group.c). */
JsonNode *fsb_dataset_group_folder (const char *dataset_dir, const char *name, const char *part, JsonNode *want,
                                    FsbDatasetMakeFunc make, gconstpointer data, GCancellable *cancellable,
                                    GError **error);

/* A user's folder as the tree: counts files, folders and bytes. */
JsonNode *fsb_dataset_describe_folder (const char   *dir,
                                       guint        *n_files,
                                       guint64      *n_bytes,
                                       GCancellable *cancellable,
                                       GError      **error);

G_END_DECLS
