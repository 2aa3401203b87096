/* fsb-target-state.c: what a run set up, on disk, and cleaning what a crashed run left */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-mountinfo.h"
#include "fsb-target-private.h"
#include "fsb-target-state.h"
#include "fsb-udisks.h"

struct _FsbTargetState {
  char *path;
  char *image;
  char *loop_device;
  char *device;
  char *mount_point;
};

char *
fsb_target_state_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "fsbench", "targets", NULL);
}

/* A process is identified by its pid and its start time, so a recycled
 * pid is not mistaken for the run that wrote the file. */
static guint64
process_start_time (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *contents = NULL;
  const char *p;
  guint64 start = 0;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return 0;
  p = strrchr (contents, ')');
  if (p == NULL)
    return 0;
  /* Field 22 is the start time; after ")" come fields 3, 4, ... */
  if (sscanf (p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %" G_GUINT64_FORMAT,
              &start) != 1)
    return 0;
  return start;
}

FsbTargetState *
fsb_target_state_new (void)
{
  static gint counter;
  FsbTargetState *state = g_new0 (FsbTargetState, 1);
  g_autofree char *dir = fsb_target_state_dir ();
  g_autofree char *name = NULL;

  name = g_strdup_printf ("%d-%" G_GUINT64_FORMAT "-%d.json", (int) getpid (),
                          process_start_time (getpid ()), g_atomic_int_add (&counter, 1));
  state->path = g_build_filename (dir, name, NULL);
  return state;
}

void
fsb_target_state_free (FsbTargetState *state)
{
  if (state == NULL)
    return;
  g_free (state->path);
  g_free (state->image);
  g_free (state->loop_device);
  g_free (state->device);
  g_free (state->mount_point);
  g_free (state);
}

const char *
fsb_target_state_get_path (FsbTargetState *state)
{
  return state->path;
}

static void
save (FsbTargetState *state)
{
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *json = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(GError) error = NULL;

  if (state->image == NULL && state->loop_device == NULL && state->mount_point == NULL)
    {
      if (g_unlink (state->path) != 0 && errno != ENOENT)
        g_warning ("Could not remove %s: %s", state->path, g_strerror (errno));
      return;
    }

  builder = json_builder_new ();
  json_builder_begin_object (builder);
#define ADD(key, value) if ((value) != NULL) { json_builder_set_member_name (builder, key); json_builder_add_string_value (builder, value); }
  ADD ("image", state->image);
  ADD ("loop_device", state->loop_device);
  ADD ("device", state->device);
  ADD ("mount_point", state->mount_point);
#undef ADD
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json = json_to_string (root, TRUE);

  dir = g_path_get_dirname (state->path);
  if (g_mkdir_with_parents (dir, 0700) != 0
      || !g_file_set_contents (state->path, json, -1, &error))
    g_warning ("Could not record the target in %s: %s", state->path,
               error != NULL ? error->message : g_strerror (errno));
}

void
fsb_target_state_set (FsbTargetState *state,
                      const char     *image,
                      const char     *loop_device,
                      const char     *device,
                      const char     *mount_point)
{
  g_free (state->image);
  g_free (state->loop_device);
  g_free (state->device);
  g_free (state->mount_point);
  state->image = g_strdup (image);
  state->loop_device = g_strdup (loop_device);
  state->device = g_strdup (device);
  state->mount_point = g_strdup (mount_point);
  save (state);
}

static gboolean
entry_is_alive (const char *name)
{
  int pid = 0;
  guint64 start = 0;

  if (sscanf (name, "%d-%" G_GUINT64_FORMAT "-", &pid, &start) != 2 || pid <= 0)
    return FALSE;
  return process_start_time (pid) == start && start != 0;
}

GHashTable *
fsb_target_state_recorded_loops (void)
{
  GHashTable *loops = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *dir_path = fsb_target_state_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      JsonNode *root;
      const char *loop;

      if (!g_str_has_suffix (name, ".json") || !json_parser_load_from_file (parser, path, NULL))
        continue;
      root = json_parser_get_root (parser);
      if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
        continue;
      loop = json_object_get_string_member_with_default (json_node_get_object (root), "loop_device", NULL);
      if (loop != NULL)
        g_hash_table_add (loops, g_strdup (loop));
    }
  return loops;
}

gboolean
fsb_target_state_is_own_loop (GHashTable *recorded,
                              const char *loop_device,
                              const char *backing_file,
                              const char *image_folder)
{
  g_autofree char *pattern = NULL;
  g_autofree char *base = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *default_dir = NULL;

  if (recorded != NULL && loop_device != NULL && g_hash_table_contains (recorded, loop_device))
    return TRUE;
  if (backing_file == NULL || backing_file[0] == '\0')
    return FALSE;

  /* "fsbench-XXXXXX.img" matches as "fsbench-??????.img" */
  pattern = g_strdup (FSB_TARGET_IMAGE_TEMPLATE);
  g_strdelimit (pattern, "X", '?');
  base = g_path_get_basename (backing_file);
  if (g_pattern_match_simple (pattern, base))
    return TRUE;
  dir = g_path_get_dirname (backing_file);
  default_dir = fsb_target_default_image_dir ();
  return g_strcmp0 (dir, default_dir) == 0 || (image_folder != NULL && g_strcmp0 (dir, image_folder) == 0);
}

/* Unmounts every mount of device, through udisks. */
static guint
clean_mounts (const char *device, GError **error)
{
  g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
  g_autoptr(GPtrArray) points = NULL;
  g_autofree char *object_path = NULL;
  dev_t dev = fsb_device_number (device);

  if (dev == 0)
    return 0;
  points = fsb_mountinfo_points_of (mounts, dev);
  if (points->len == 0)
    return 0;
  object_path = fsb_udisks_object_path_for_device (device);
  if (object_path == NULL)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND,
                   _("udisks2 does not know %s, which is still mounted"), device);
      return 0;
    }
  /* A crashed run may have left a shell or a file open there: unmount lazily. */
  if (!fsb_udisks_unmount (object_path, TRUE, error))
    {
      g_autofree char *doing = g_strdup_printf (_("Could not unmount %s"), device);
      fsb_udisks_map_error (error, doing);
      return 0;
    }
  return 1;
}

static guint
clean_entry (const char *path, GError **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *obj;
  const char *image, *loop_device, *device, *mount_point;
  g_autoptr(GPtrArray) loops = NULL;
  g_autoptr(GError) local_error = NULL;
  guint cleaned = 0;

  if (!json_parser_load_from_file (parser, path, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      /* A truncated file cannot name anything to clean. */
      g_unlink (path);
      return 0;
    }
  obj = json_node_get_object (json_parser_get_root (parser));
  image = json_object_get_string_member_with_default (obj, "image", NULL);
  loop_device = json_object_get_string_member_with_default (obj, "loop_device", NULL);
  device = json_object_get_string_member_with_default (obj, "device", NULL);
  mount_point = json_object_get_string_member_with_default (obj, "mount_point", NULL);

  /* Loop devices are found by their backing file, not by the recorded
   * name: after a crash the name may have been reused by someone else. */
  loops = image != NULL ? fsb_loops_of_file (image) : g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < loops->len && local_error == NULL; i++)
    {
      const char *loop = g_ptr_array_index (loops, i);
      g_autofree char *object_path = NULL;

      cleaned += clean_mounts (loop, &local_error);
      if (local_error != NULL)
        break;
      object_path = fsb_udisks_object_path_for_device (loop);
      if (object_path != NULL && fsb_udisks_loop_delete (object_path, &local_error))
        cleaned++;
      else if (local_error != NULL)
        {
          g_autofree char *doing = g_strdup_printf (_("Could not detach %s"), loop);
          fsb_udisks_map_error (&local_error, doing);
        }
    }

  /* A partition is unmounted only if it is still mounted where we put it. */
  if (local_error == NULL && device != NULL && mount_point != NULL && loop_device == NULL)
    {
      g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
      g_autoptr(GPtrArray) points = fsb_mountinfo_points_of (mounts, fsb_device_number (device));

      for (guint i = 0; i < points->len; i++)
        if (strcmp (g_ptr_array_index (points, i), mount_point) == 0)
          {
            cleaned += clean_mounts (device, &local_error);
            break;
          }
    }

  if (local_error == NULL && image != NULL && g_file_test (image, G_FILE_TEST_EXISTS))
    {
      if (g_unlink (image) == 0)
        cleaned++;
      else
        g_set_error (&local_error, FSB_ERROR, FSB_ERROR_FAILED,
                     _("Could not delete the disk image %s: %s"), image, g_strerror (errno));
    }

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return cleaned;
    }
  g_unlink (path);
  return cleaned;
}

guint
fsb_target_state_clean (GError **error)
{
  g_autofree char *dir_path = fsb_target_state_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint cleaned = 0;

  if (dir == NULL)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) local_error = NULL;

      if (!g_str_has_suffix (name, ".json") || entry_is_alive (name))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      cleaned += clean_entry (path, &local_error);
      if (local_error != NULL)
        {
          if (error != NULL && *error == NULL)
            g_propagate_error (error, g_steal_pointer (&local_error));
          else
            g_warning ("%s", local_error->message);
        }
    }
  return cleaned;
}
