/* fsb-safety-check.c: a filesystem's own checker, read-only, on an image
 * file that its owner may read: no privilege needed */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/statvfs.h>

#include "fsb-error.h"
#include "fsb-format.h"
#include "fsb-fs-support-private.h"
#include "fsb-safety.h"
#include "fsb-workloads-util.h"

typedef struct {
  const char *fstype;
  const char *tool;
  const char *args[3];   /* before the image */
  int         worst_clean;   /* the highest exit status that still means "nothing wrong" */
  int         first_failure; /* from this exit status on, the checker itself failed */
} Checker;

/* e2fsck: 0 clean, 4 errors left (with -n), 8 and up its own failure;
 * xfs_repair -n: 0 clean, 1 corruption found; btrfs check: 0 or 1. */
static const Checker checkers[] = {
  { "ext2", "e2fsck", { "-fn", NULL }, 0, 8 },
  { "ext3", "e2fsck", { "-fn", NULL }, 0, 8 },
  { "ext4", "e2fsck", { "-fn", NULL }, 0, 8 },
  { "xfs", "xfs_repair", { "-n", "-f", NULL }, 0, 2 },
  { "btrfs", "btrfs", { "check", "--readonly", NULL }, 0, 2 },
};

static const Checker *
checker_for (const char *fstype)
{
  for (guint i = 0; i < G_N_ELEMENTS (checkers); i++)
    if (g_strcmp0 (checkers[i].fstype, fstype) == 0)
      return &checkers[i];
  return NULL;
}

gboolean
fsb_safety_check_image (const char   *fstype,
                        const char   *image,
                        gboolean     *clean,
                        double       *seconds,
                        GCancellable *cancellable,
                        GError      **error)
{
  const Checker *checker = checker_for (fstype);
  g_autofree char *tool = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) proc = NULL;
  g_autofree char *out = NULL;
  double start;
  int status;

  if (checker == NULL || (tool = fsb_fs_support_find_tool (checker->tool)) == NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
                   /* Translators: a filesystem, “Btrfs” */
                   _("FS Bench has no checker for %s on this system."), fsb_format_fs_name (fstype));
      return FALSE;
    }
  g_ptr_array_add (argv, tool);
  for (guint i = 0; checker->args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) checker->args[i]);
  g_ptr_array_add (argv, (char *) image);
  g_ptr_array_add (argv, NULL);

  start = fsb_now ();
  proc = g_subprocess_newv ((const char *const *) argv->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, error);
  if (proc == NULL || !g_subprocess_communicate_utf8 (proc, NULL, cancellable, &out, NULL, error))
    {
      if (proc != NULL)
        g_subprocess_force_exit (proc);
      fsb_error_normalize (error);
      return FALSE;
    }
  *seconds = fsb_now () - start;
  status = g_subprocess_get_if_exited (proc) ? g_subprocess_get_exit_status (proc) : 255;
  if (status >= checker->first_failure)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a program, its exit status, then what it printed */
                   _("%s failed (exit status %d): %s"), checker->tool, status, out != NULL ? out : "");
      return FALSE;
    }
  *clean = status <= checker->worst_clean;
  if (!*clean)
    g_debug ("%s %s: %s", checker->tool, image, out);
  return TRUE;
}

gboolean
fsb_safety_has_checker (const char *fstype)
{
  const Checker *checker = checker_for (fstype);
  g_autofree char *tool = checker != NULL ? fsb_fs_support_find_tool (checker->tool) : NULL;

  return tool != NULL;
}

gboolean
fsb_safety_check_full (FsbTarget    *target,
                       const char   *fstype,
                       FsbSample    *sample,
                       GCancellable *cancellable,
                       GError      **error)
{
  g_autoptr(GError) check_error = NULL;
  const char *file = fsb_target_get_image_path (target);
  struct statvfs vfs;
  gboolean clean = FALSE;
  double seconds = 0;

  /* used, the reserved blocks not counted (f_bfree, not f_bavail) */
  if (statvfs (fsb_target_get_mount_point (target), &vfs) != 0)
    return fsb_errno_fail (error, errno, _("Cannot read “%s”: %s"), fsb_target_get_mount_point (target));
  fsb_sample_set (sample, "fsck_used_bytes", (double) (vfs.f_blocks - vfs.f_bfree) * vfs.f_frsize);
  if (vfs.f_files > 0)   /* Btrfs counts none */
    fsb_sample_set (sample, "fsck_used_inodes", (double) (vfs.f_files - vfs.f_ffree));
  if (!fsb_target_unmount (target, NULL, cancellable, error))
    return FALSE;
  if (fsb_safety_check_image (fstype, file != NULL ? file : fsb_target_get_device (target), &clean, &seconds,
                              cancellable, &check_error))
    {
      fsb_sample_set (sample, "checker_s", seconds);
      fsb_sample_set (sample, "fsck_clean", clean);
    }
  else if (g_error_matches (check_error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
           || g_error_matches (check_error, FSB_ERROR, FSB_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&check_error));
      return FALSE;
    }
  else
    sample->error = g_strdup (check_error->message);
  return fsb_target_mount (target, NULL, cancellable, error);
}

gboolean
fsb_safety_scrub (const char   *fstype,
                  const char   *mount_point,
                  guint        *errors,
                  GCancellable *cancellable,
                  GError      **error)
{
  g_autofree char *tool = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autofree char *out = NULL;
  const char *p;

  *errors = 0;
  if (g_strcmp0 (fstype, "btrfs") != 0 || (tool = fsb_fs_support_find_tool ("btrfs")) == NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_UNSUPPORTED,
                   /* Translators: a filesystem, “XFS” */
                   _("%s has no scrub FS Bench can run."), fsb_format_fs_name (fstype));
      return FALSE;
    }
  proc = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, error,
                           tool, "scrub", "start", "-B", "-R", mount_point, NULL);
  if (proc == NULL || !g_subprocess_communicate_utf8 (proc, NULL, cancellable, &out, NULL, error))
    {
      fsb_error_normalize (error);
      return FALSE;
    }
  if (out != NULL && (strstr (out, "Operation not permitted") != NULL || strstr (out, "Permission denied") != NULL))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_NOT_AUTHORIZED,
                   _("Only the administrator may scrub a filesystem: udisks offers no scrub."));
      return FALSE;
    }
  /* -R prints every counter raw: "csum_errors: 12", "read_errors: 0", ... */
  for (const char *key = "csum_errors: "; key != NULL; key = g_str_equal (key, "csum_errors: ") ? "read_errors: " : NULL)
    if (out != NULL && (p = strstr (out, key)) != NULL)
      *errors += (guint) g_ascii_strtoull (p + strlen (key), NULL, 10);
  /* Exit 3: it found errors it could not correct, as it should here. */
  if (!g_subprocess_get_if_exited (proc) || (g_subprocess_get_exit_status (proc) != 0 && *errors == 0))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a program, its exit status, then what it printed */
                   _("%s failed (exit status %d): %s"), "btrfs scrub",
                   g_subprocess_get_if_exited (proc) ? g_subprocess_get_exit_status (proc) : -1, out != NULL ? out : "");
      return FALSE;
    }
  return TRUE;
}

char *
fsb_safety_copy_options (const char *mount_options)
{
  g_auto(GStrv) asked = g_strsplit (mount_options != NULL ? mount_options : "", ",", -1);
  GString *out = g_string_new ("ro");

  /* a copy is never written: an "rw" asked would undo the "ro" */
  for (guint i = 0; asked[i] != NULL; i++)
    if (*asked[i] != '\0' && !g_str_equal (asked[i], "rw") && !g_str_equal (asked[i], "ro"))
      g_string_append_printf (out, ",%s", asked[i]);
  return g_string_free (out, FALSE);
}
