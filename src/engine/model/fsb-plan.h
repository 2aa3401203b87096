/* fsb-plan.h: what to run: filesystems × workload groups × repetitions, on a target */
#pragma once

#include <glib.h>

#include "fsb-device-identity.h"

G_BEGIN_DECLS

/* Dataset sizes. "quick" is about 1/20 of seed 000, "standard" 1/4,
 * "seed" the study's exact sizes. */
typedef struct {
  const char *name;
  guint64 big_file_bytes;      /* core: the "ISO" */
  guint   tree_files;          /* core: 7,500 in the study */
  guint   tree_dirs;           /* 900 */
  guint64 tree_min_file;       /* 10 KB */
  guint64 tree_max_file;       /* 5 MB */
  guint64 tree_total_bytes;    /* 1.9 GB */
  guint   kernel_files;        /* kernel-tree: 38,755 files, 567 MB */
  guint64 kernel_total_bytes;
  guint   small_files;         /* small-files: count, 0..1999 bytes each */
  guint64 delete_file_bytes;   /* delete-latency: size of each file */
  guint   delete_count;        /* at least 5 per repetition */
  guint   randio_files;        /* random-io: 128 in the study */
  guint64 randio_file_bytes;   /* 128 MB in the study */
  guint   randio_requests;     /* 40,000 */
  double  randio_seconds;      /* 20 */
  guint64 transfer_bytes;      /* transfer: the big file */
} FsbProfile;

const FsbProfile *fsb_profile_lookup (const char *name);   /* NULL when unknown */
const char *const *fsb_profile_names (void);                /* quick standard seed full */

typedef struct {
  char *name;
  char *command;
} FsbCustomCommand;

typedef struct {
  gint        ref_count;
  char      **filesystems;      /* "ext4", "xfs", ... */
  GHashTable *mkfs_options;     /* fs name → extra mkfs options */
  char       *profile_name;     /* "quick", "standard", "seed", "full", "custom" */
  FsbProfile  profile;          /* the sizes in force (custom: edited) */
  guint       repetitions;      /* default 3 */
  char      **workloads;        /* group ids; NULL means { "core" } */
  char       *target_spec;      /* "image", "image:4G@/dir", "/dev/sdb1" */
  gboolean    destroy_confirmed;
  char       *source_dir;       /* user's folder instead of generated data, or NULL */
  GPtrArray  *custom_commands;  /* of FsbCustomCommand* */
  char       *use_case;         /* "desktop", "server", ... */
  char       *partial_path;     /* where results are written after every task, or NULL */
  gboolean    direct_io;        /* random-io: O_DIRECT instead of buffered, a labelled mode */
  /* TRUE only once the user saw the custom commands and agreed to run them:
   * the CLI sets it for commands typed on its own command line; a plan or
   * result loaded from a file leaves it FALSE until the user confirms
   * (fsb_custom_describe() gives the text to show). */
  gboolean    custom_confirmed;
  /* The partition target as it was when the user confirmed it (the GUI's
   * dialog, the CLI's --yes-destroy-data at the start): every format
   * checks the device is still this one. NULL for an image. */
  FsbDeviceIdentity *confirmed_device;
} FsbPlan;

#define FSB_TYPE_PLAN (fsb_plan_get_type ())
GType    fsb_plan_get_type     (void) G_GNUC_CONST;
FsbPlan *fsb_plan_new          (void);   /* quick, core, 3 repetitions, image target */
FsbPlan *fsb_plan_ref          (FsbPlan *self);
void     fsb_plan_unref        (FsbPlan *self);
gboolean fsb_plan_set_profile  (FsbPlan *self, const char *name, GError **error);
void     fsb_plan_add_custom   (FsbPlan *self, const char *name, const char *command);
gboolean fsb_plan_has_group    (FsbPlan *self, const char *group);
/* Target size the plan needs (data, copies and filesystem overhead). */
guint64  fsb_plan_needed_bytes (FsbPlan *self);
gboolean fsb_plan_validate     (FsbPlan *self, GError **error);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbPlan, fsb_plan_unref)

G_END_DECLS
