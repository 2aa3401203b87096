/* fsb-test-util.h: what the integration tests share */
#pragma once

#include <gio/gio.h>

#include "fsb-plan.h"
#include "fsb-target.h"

G_BEGIN_DECLS

/* A fresh folder named after template (g_dir_make_tmp), set as
 * XDG_STATE_HOME and XDG_CACHE_HOME, with an empty "images" folder in it
 * (returned in image_dir). Call it before anything asks GLib for those. */
char     *fsb_test_make_tmp_dir (const char *template, char **image_dir);
/* rm -rf path, with a warning when that fails. */
void      fsb_test_remove_dir   (const char *path);
/* TRUE when udisksd answers and we are root; else marks the test skipped. */
gboolean  fsb_test_have_udisks  (void);
/* The entries of a folder; 0 when it does not exist. */
guint     fsb_test_count_files  (const char *path);
/* What a run must not leave behind: a file in image_dir, a mount below
 * tmp_dir, a scratch folder in the user's cache; with device (the run's
 * loop device, or NULL), a mount of it or its binding to our image. */
void      fsb_test_assert_no_leftovers (const char *tmp_dir,
                                        const char *image_dir,
                                        const char *device);
/* A disk image of size ("600M") in image_dir, attached; formatted with fs
 * unless it is NULL, and mounted when asked. Asserts each step. */
FsbTarget *fsb_test_image_target (const char *image_dir,
                                  const char *size,
                                  const char *fs,
                                  gboolean    mount);
/* A plan on a disk image in image_dir: filesystems and workload groups
 * separated by commas (workloads "" for none, NULL for the default). */
FsbPlan  *fsb_test_image_plan   (const char *image_dir,
                                 const char *filesystems,
                                 const char *workloads,
                                 guint       repetitions);

G_END_DECLS
