/* fsb-run-fsck.c: the filesystem's own checker on the filesystem as a
 * run leaves it full (issue 29 item 3): after --age's fill or, without
 * it, after the task that leaves it fullest (the kernel trees copied).
 * Cold: unmounted, the checker reading the image file, read-only
 * (fsb_safety_check_full (), the safety group's table of checkers). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "fsb-catalog.h"
#include "fsb-safety.h"
#include "fsb-run-private.h"

gboolean
fsb_run_check_full (Run *run, FsbFsResult *fs, GError **error)
{
  const char *fstype = fsb_fs_result_type (fs);
  FsbSample *sample;

  if (!fsb_safety_has_checker (fstype))
    return TRUE;
  /* Translators: a filesystem; its own checker (e2fsck, xfs_repair) reads all of it */
  fsb_run_log (run, _("Checking the full filesystem %s"), fs->name);
  sample = fsb_sample_new ();
  if (!fsb_safety_check_full (run->target, fstype, sample, run->cancellable, error))
    {
      fsb_sample_free (sample);
      return FALSE;
    }
  if (sample->error != NULL)
    /* Translators: a filesystem, then why its checker could not run */
    fsb_run_log (run, _("The checker of %s could not run: %s"), fs->name, sample->error);
  fsb_run_file_sample (run, fs, FSB_TASK_FSCK_FULL, sample, NULL);
  return TRUE;
}

gboolean
fsb_run_check_full_after (Run *run, FsbFsResult *fs, const char *task_id, GError **error)
{
  const FsbTaskSpec *spec = fsb_catalog_task (task_id, NULL);

  /* with --age, the aging's fill is the full filesystem checked */
  if (run->aging != NULL || spec == NULL || !spec->full_after)
    return TRUE;
  return fsb_run_check_full (run, fs, error);
}
