/* fsb-cli-devices.c: fsbench-cli devices, filesystems, check and clean */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-cli.h"
#include "fsb-format.h"
#include "fsb-device.h"
#include "fsb-engine.h"
#include "fsb-fs-support.h"
#include "fsb-json.h"
#include "fsb-target.h"
#include "fsb-target-info.h"

static void
print_json_array (GPtrArray *nodes)
{
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_ARRAY);
  g_autoptr(JsonArray) array = json_array_new ();
  g_autofree char *text = NULL;

  for (guint i = 0; i < nodes->len; i++)
    json_array_add_element (array, g_ptr_array_index (nodes, i));
  json_node_set_array (root, array);
  text = fsb_json_to_data (root, TRUE, NULL);
  g_print ("%s\n", text);
}

/* ---- devices ---------------------------------------------------------- */

int
fsb_cli_devices (int argc, char **argv)
{
  gboolean json = FALSE;
  gboolean all = FALSE;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GPtrArray) devices = NULL;
  g_autoptr(GError) error = NULL;
  UDisksClient *client;
  int status = 0;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { "all", 'a', 0, G_OPTION_ARG_NONE, &all,
      N_("Also list what the window leaves out: FS Bench’s own loop devices, compressed RAM (zram) and empty devices"), NULL },
    { NULL }
  };

  g_option_context_set_summary (context, _("List the disks and partitions, and say which can be used."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!fsb_cli_parse (context, &argc, &argv, &status))
    return status;

  if ((status = fsb_cli_preflight (FSB_PREFLIGHT_SERVICES, NULL)) != 0)
    return status;
  client = fsb_udisks_get_client (&error);
  if (client == NULL)
    return fsb_cli_fail (error);
  devices = fsb_device_list (0);
  if (!all)
    fsb_device_keep_offered (devices, NULL);

  if (json)
    {
      g_autoptr(GPtrArray) nodes = g_ptr_array_new ();

      for (guint i = 0; i < devices->len; i++)
        g_ptr_array_add (nodes, fsb_device_to_json (g_ptr_array_index (devices, i)));
      print_json_array (nodes);
      return 0;
    }

  for (guint i = 0; i < devices->len; i++)
    {
      FsbDevice *d = g_ptr_array_index (devices, i);
      g_autofree char *size = g_format_size (d->size);
      g_autofree char *mounts = g_strjoinv (", ", d->mount_points);

      g_print ("%-16s %10s  %-24s %-10s %s\n", d->device, size,
               *d->model != '\0' ? d->model : "—",
               d->filesystem != NULL ? d->filesystem : "—",
               *mounts != '\0' ? mounts : "");
      if (d->usable)
        g_print ("                 %s\n", _("Can be used (all its data will be erased)"));
      else
        /* Translators: why a device cannot be used, indented under it */
        g_print ("                 %s %s\n", _("Cannot be used:"), d->reason);
    }
  return 0;
}

/* ---- filesystems ------------------------------------------------------ */

int
fsb_cli_filesystems (int argc, char **argv)
{
  gboolean json = FALSE;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GPtrArray) list = NULL;
  int status = 0;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON"), NULL },
    { NULL }
  };

  g_option_context_set_summary (context, _("Say which filesystems can be formatted and mounted here."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!fsb_cli_parse (context, &argc, &argv, &status))
    return status;

  /* Without udisksd the tools alone decide; the reason says the rest. */
  list = fsb_fs_support_probe (fsb_udisks_get_client (NULL));

  if (json)
    {
      g_autoptr(GPtrArray) nodes = g_ptr_array_new ();

      for (guint i = 0; i < list->len; i++)
        g_ptr_array_add (nodes, fsb_fs_support_to_json (g_ptr_array_index (list, i)));
      print_json_array (nodes);
      return 0;
    }

  for (guint i = 0; i < list->len; i++)
    {
      FsbFsSupport *s = g_ptr_array_index (list, i);

      g_print ("%-9s %-4s %s\n", s->name, s->usable ? _("yes") : _("no"),
               s->usable ? s->mkfs_version : s->reason);
    }
  return 0;
}

/* ---- clean ------------------------------------------------------------ */

int
fsb_cli_clean (int argc, char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_auto(FsbPreflight) report = { 0 };
  int status = 0;

  g_option_context_set_summary (context, _("Unmount, detach and delete what an interrupted run left behind."));
  if (!fsb_cli_parse (context, &argc, &argv, &status))
    return status;

  if ((status = fsb_cli_preflight (FSB_PREFLIGHT_ALL, &report)) != 0)
    return status;
  if (report.clean_error != NULL)
    return fsb_error_to_exit_status (report.clean_error);
  if (!fsb_preflight_cleaned (&report))
    g_print ("%s\n", _("Nothing to clean."));
  return 0;
}

/* ---- check ------------------------------------------------------------ */

typedef struct {
  FsbTarget   *target;
  char        *fs;
  char        *mkfs_options;
  int          hold_seconds;
  double       mkfs_s;
  double       mount_s;
  double       umount_s;
  FsbCapacity  capacity;
  char        *mount_options;
  FsbTargetInfo info;
} Check;

static void
check_free (Check *check)
{
  g_clear_object (&check->target);
  g_free (check->fs);
  g_free (check->mkfs_options);
  g_free (check->mount_options);
  fsb_target_info_clear (&check->info);
  g_free (check);
}

static gboolean
write_probe_file (const char *mount_point, GError **error)
{
  g_autofree char *path = g_build_filename (mount_point, "fsbench-check", NULL);
  g_autofree char *data = g_malloc (1024 * 1024);
  int fd;
  gboolean ok;

  memset (data, 'f', 1024 * 1024);
  fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a folder, then the system’s reason */
                   _("Could not write in %s: %s"), mount_point, g_strerror (saved));
      return FALSE;
    }
  ok = write (fd, data, 1024 * 1024) == 1024 * 1024 && fsync (fd) == 0;
  if (!ok)
    {
      int saved = errno;
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   _("Could not write in %s: %s"), mount_point, g_strerror (saved));
    }
  close (fd);
  return ok;
}

static gboolean
run_check (Check *check, GCancellable *cancellable, GError **error)
{
  FsbTarget *target = check->target;

  if (!fsb_target_prepare (target, 0, cancellable, error))
    return FALSE;
  fsb_target_describe (target, &check->info);
  if (!fsb_target_format (target, check->fs, check->mkfs_options, &check->mkfs_s, cancellable, error)
      || !fsb_target_mount (target, &check->mount_s, cancellable, error)
      || !write_probe_file (fsb_target_get_mount_point (target), error)
      || !fsb_target_get_capacity (target, &check->capacity, error))
    return FALSE;
  check->mount_options = g_strdup (fsb_target_get_mount_options (target));

  if (check->hold_seconds > 0)
    {
      /* Lets a test send a signal while the image is mounted. */
      /* Translators: a mount point, then a number of seconds */
      g_print (_("Mounted at %s; holding for %d s\n"), fsb_target_get_mount_point (target),
               check->hold_seconds);
      fflush (stdout);
      for (int i = 0; i < check->hold_seconds * 10 && !g_cancellable_is_cancelled (cancellable); i++)
        g_usleep (G_USEC_PER_SEC / 10);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  return fsb_target_unmount (target, &check->umount_s, cancellable, error);
}

static void
check_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  Check *check = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) release_error = NULL;

  if (!run_check (check, cancellable, &error))
    {
      fsb_target_release (check->target, &release_error);
      if (release_error != NULL)
        g_printerr (_("fsbench-cli: %s\n"), release_error->message);
      fsb_error_normalize (&error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (!fsb_target_release (check->target, &release_error))
    {
      g_task_return_error (task, g_steal_pointer (&release_error));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
check_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GMainLoop *loop = user_data;

  g_main_loop_quit (loop);
}

static void
print_check (Check *check)
{
  g_autofree char *size = g_format_size (check->info.size_bytes);
  g_autofree char *total = g_format_size (check->capacity.total_bytes);
  g_autofree char *avail = g_format_size (check->capacity.avail_bytes);
  g_autofree char *host = fsb_target_info_host_text (&check->info);
  g_autofree char *caches = fsb_target_info_cache_text (&check->info);
  g_autoptr(GPtrArray) warnings = fsb_target_info_warnings (&check->info);

  if (g_strcmp0 (check->info.kind, "image") == 0)
    /* Translators: "Target: disk image /dev/loop3, 536.9 MB" */
    g_print (_("Target:        disk image %s, %s\n"), check->info.device, size);
  else
    /* Translators: a device (/dev/sdb1), then its size; keep the values aligned */
    g_print (_("Target:        partition %s, %s\n"), check->info.device, size);
  if (host != NULL)
    /* Translators: the folder that holds the disk image; keep the values aligned */
    g_print (_("Image on:      %s\n"), host);
  /* Translators: a filesystem type, “ext4”; keep the values aligned */
  g_print (_("Filesystem:    %s\n"), check->fs);
  /* Translators: mount options, “rw,relatime”; keep the values aligned */
  g_print (_("Mount options: %s\n"), check->mount_options != NULL ? check->mount_options : "");
  /* Translators: seconds that mkfs took; keep the values aligned */
  g_print (_("mkfs:          %.3f s\n"), check->mkfs_s);
  /* Translators: seconds that mounting took; keep the values aligned */
  g_print (_("mount:         %.3f s\n"), check->mount_s);
  /* Translators: seconds that unmounting took; keep the values aligned */
  g_print (_("umount:        %.3f s\n"), check->umount_s);
  /* Translators: "Capacity: 93.9 % available (480 MB of 511 MB)" */
  g_print (_("Capacity:      %.1f %% available (%s of %s)\n"), check->capacity.percent, avail, total);
  {
    /* Counts as strings: a G_GUINT64_FORMAT macro would cut the msgid short. */
    g_autofree char *inodes = fsb_format_number ((double) check->capacity.total_inodes, 0);
    g_autofree char *free_inodes = fsb_format_number ((double) check->capacity.free_inodes, 0);

    /* Translators: the number of inodes, then how many are free; keep the values aligned */
    g_print (_("Inodes:        %s (%s free)\n"), inodes, free_inodes);
  }
  /* Translators: how caches were emptied, a sentence; keep the values aligned */
  g_print (_("Caches:        %s\n"), caches != NULL ? caches : "");
  for (guint i = 0; i < warnings->len; i++)
    g_print ("%s\n", (const char *) warnings->pdata[i]);
}

int
fsb_cli_check (int argc, char **argv)
{
  g_autofree char *spec = NULL;
  g_autofree char *fs = NULL;
  g_autofree char *mkfs_options = NULL;
  gboolean destroy = FALSE;
  int hold = 0;
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainLoop) loop = NULL;
  g_autoptr(GTask) task = NULL;
  g_autoptr(FsbTarget) target = NULL;
  Check *check;
  int status = 0;
  const GOptionEntry entries[] = {
    { "target", 't', 0, G_OPTION_ARG_STRING, &spec,
      N_("Where to test: image[:SIZE][@FOLDER] or a partition (default: image)"), N_("TARGET") },
    { "fs", 'f', 0, G_OPTION_ARG_STRING, &fs, N_("The filesystem to check (default: ext4)"), N_("NAME") },
    { "mkfs-options", 0, 0, G_OPTION_ARG_STRING, &mkfs_options, N_("Extra options for mkfs"), N_("OPTIONS") },
    { "yes-destroy-data", 0, 0, G_OPTION_ARG_NONE, &destroy,
      N_("Confirm that everything on the partition may be erased"), NULL },
    { "hold", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, &hold, NULL, NULL },
    { NULL }
  };

  g_option_context_set_summary (context, _("Format a target with one filesystem, mount it, write a file, "
                                           "and print the times and the capacity."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!fsb_cli_parse (context, &argc, &argv, &status))
    return status;
  if (spec == NULL)
    spec = g_strdup ("image");
  if (fs == NULL)
    fs = g_strdup ("ext4");

  if (g_str_has_prefix (spec, "/dev/") && !destroy)
    {
      /* Translators: %s is a device, “/dev/sdb1”; keep --yes-destroy-data as it is */
      g_printerr (_("fsbench-cli: testing on %s erases everything on it. Add --yes-destroy-data "
                    "to confirm.\n"), spec);
      return 2;
    }
  /* A run that was killed may have left an image attached or mounted. */
  if ((status = fsb_cli_preflight (FSB_PREFLIGHT_ALL, NULL)) != 0)
    return status;
  target = fsb_target_new_from_spec (spec, destroy, &error);
  if (target == NULL)
    return fsb_cli_fail (error);

  fsb_cli_cancel_on_signals (cancellable);

  check = g_new0 (Check, 1);
  check->target = g_object_ref (target);
  check->fs = g_strdup (fs);
  check->mkfs_options = g_strdup (mkfs_options);
  check->hold_seconds = hold;

  loop = g_main_loop_new (NULL, FALSE);
  task = g_task_new (NULL, cancellable, check_done_cb, loop);
  g_task_set_task_data (task, check, (GDestroyNotify) check_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, check_thread);
  g_main_loop_run (loop);

  if (!g_task_propagate_boolean (task, &error))
    {
      if (fsb_cli_was_signalled ())
        {
          g_printerr ("%s\n", _("Cancelled; everything was cleaned up."));
          return 130;
        }
      return fsb_cli_fail (error);
    }
  print_check (check);
  return 0;
}
