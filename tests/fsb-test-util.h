/* fsb-test-util.h: what the integration tests share */
#pragma once

#include <gio/gio.h>

#include "fsb-plan.h"
#include "fsb-runner.h"
#include "fsb-target.h"

G_BEGIN_DECLS

/* A fresh folder fsbench-test-NAME-PID-XXXXXX in g_get_tmp_dir(), set as
 * XDG_STATE_HOME and XDG_CACHE_HOME, with an empty "images" folder in it
 * (returned in image_dir). First it takes away what an earlier run of the
 * same test that was killed or aborted left there: its mounts, its loop
 * devices, its folder. Call it before anything asks GLib for those. */
char     *fsb_test_make_tmp_dir (const char *name, char **image_dir);
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

/* Attaches path as a loop device through udisks (LoopSetup), as a user
 * would; returns the loop object's path. */
char     *fsb_test_attach_file  (const char *path, gboolean read_only);
/* The device node of a udisks block object ("/dev/loop3"). */
char     *fsb_test_device_of    (const char *object_path);
/* Lets the client's object manager catch up with udisksd (about 0.5 s). */
void      fsb_test_flush_main_context (void);
/* Test data of a few kilobytes: a 1 MiB big file, a tree of 4 files. */
void      fsb_test_tiny_sizes   (FsbPlan *plan);
/* Runs plan to its end on the thread-default main context: the result,
 * or NULL with error. */
FsbResult *fsb_test_run_plan    (FsbPlan *plan, GError **error);
/* A sparse file of size bytes in dir. */
char     *fsb_test_make_file    (const char *dir, const char *name, guint64 size);

G_END_DECLS
