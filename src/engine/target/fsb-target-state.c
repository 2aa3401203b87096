/* fsb-target-state.c: what a run set up, on disk, and cleaning what a crashed run left */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-json.h"
#include "fsb-mountinfo.h"
#include "fsb-target-private.h"
#include "fsb-target-state.h"
#include "fsb-udisks.h"

struct _FsbTargetState {
  char   *path;
  char   *image;
  guint64 image_dev;      /* the image as made: a later file of that name is not ours */
  guint64 image_ino;
  char   *loop_device;
  char   *device;
  char   *mount_point;
};

char *
fsb_target_state_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "fsbench", "targets", NULL);
}

const char *
fsb_target_state_boot_id (void)
{
  static char *boot_id;

  if (g_once_init_enter (&boot_id))
    {
      char *contents = NULL;

      if (!g_file_get_contents ("/proc/sys/kernel/random/boot_id", &contents, NULL, NULL))
        contents = g_strdup ("");
      g_once_init_leave (&boot_id, g_strstrip (contents));
    }
  return boot_id;
}

/* A process is identified by its pid and its start time, so a recycled
 * pid is not mistaken for the run that wrote the file. */
guint64
fsb_process_start_time (int pid)
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
                          fsb_process_start_time (getpid ()), g_atomic_int_add (&counter, 1));
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
  /* Which machine, and which boot of it: a home folder may be shared. */
  ADD ("host", g_get_host_name ());
  ADD ("boot_id", fsb_target_state_boot_id ());
  ADD ("image", state->image);
  ADD ("loop_device", state->loop_device);
  ADD ("device", state->device);
  ADD ("mount_point", state->mount_point);
#undef ADD
  if (state->image != NULL)
    {
      json_builder_set_member_name (builder, "image_dev");
      json_builder_add_int_value (builder, (gint64) state->image_dev);
      json_builder_set_member_name (builder, "image_ino");
      json_builder_add_int_value (builder, (gint64) state->image_ino);
    }
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json = fsb_json_to_data (root, TRUE, NULL);

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
  if (g_strcmp0 (state->image, image) != 0)
    {
      struct stat st;

      state->image_dev = state->image_ino = 0;
      if (image != NULL && lstat (image, &st) == 0)
        {
          state->image_dev = (guint64) st.st_dev;
          state->image_ino = (guint64) st.st_ino;
        }
    }
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
  return fsb_process_start_time (pid) == start && start != 0;
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
  g_autofree char *base = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *default_dir = NULL;

  if (recorded != NULL && loop_device != NULL && g_hash_table_contains (recorded, loop_device))
    return TRUE;
  if (backing_file == NULL || backing_file[0] == '\0')
    return FALSE;

  base = g_path_get_basename (backing_file);
  if (fsb_target_state_is_image_name (base))
    return TRUE;
  dir = g_path_get_dirname (backing_file);
  default_dir = fsb_target_default_image_dir ();
  return g_strcmp0 (dir, default_dir) == 0 || (image_folder != NULL && g_strcmp0 (dir, image_folder) == 0);
}

/* The rules -------------------------------------------------------------- */

/* A state file says what a run set up, but anyone who can write one (a
 * synced or shared home, a file someone was talked into copying) could make
 * it name anything. So it only points: what is cleaned must prove itself.
 * - An entry of another host, or of another boot of this one, is left
 *   alone: on a home shared between machines (NFS), that run may be alive
 *   elsewhere, and its pid means nothing here.
 * - An image is deleted only when it is still the file FS Bench made
 *   (fsb_target_state_image_is_ours): its name, a regular file of ours
 *   with one link, on the device and inode recorded when it was made. This
 *   holds for the cache folder and for a folder chosen with image@DIR
 *   alike; a user's file can never pass, whatever the entry says.
 * - A loop device is detached only when the kernel says it is backed by
 *   that image's path, the name is an image's name, udisks says this user
 *   set it up (Loop.SetupByUID), and (where the device can be opened) its
 *   backing inode is the recorded one.
 * - Only mounts of those loop devices are unmounted; a partition only
 *   where udisks mounted it for us (/media, /run/media), and only if it is
 *   still mounted at the recorded place. */

FsbStateVerdict
fsb_target_state_judge (const char *host, const char *boot_id,
                        const char *our_host, const char *our_boot_id, gboolean alive)
{
  if (host == NULL || *host == '\0' || boot_id == NULL || *boot_id == '\0')
    return FSB_STATE_UNKNOWN;
  if (g_strcmp0 (host, our_host) != 0)
    return FSB_STATE_OTHER_MACHINE;
  if (our_boot_id == NULL || g_strcmp0 (boot_id, our_boot_id) != 0)
    return FSB_STATE_OTHER_BOOT;
  return alive ? FSB_STATE_ALIVE : FSB_STATE_CLEAN;
}

gboolean
fsb_target_state_is_image_name (const char *name)
{
  const char *x;

  if (name == NULL || !g_str_has_prefix (name, "fsbench-") || strlen (name) != strlen (FSB_TARGET_IMAGE_TEMPLATE)
      || !g_str_has_suffix (name, ".img"))
    return FALSE;
  x = name + strlen ("fsbench-");
  for (guint i = 0; i < 6; i++)
    if (!g_ascii_isalnum (x[i]))
      return FALSE;
  return TRUE;
}

gboolean
fsb_target_state_image_is_ours (const char *path, guint64 dev, guint64 ino)
{
  g_autofree char *base = NULL;
  g_autofree char *canonical = NULL;
  struct stat st;

  if (path == NULL || !g_path_is_absolute (path) || dev == 0 || ino == 0)
    return FALSE;
  canonical = g_canonicalize_filename (path, NULL);
  if (strcmp (canonical, path) != 0)
    return FALSE;   /* "/a/./b", "/a/../b", "//a": not a path FS Bench writes */
  base = g_path_get_basename (path);
  if (!fsb_target_state_is_image_name (base))
    return FALSE;
  return lstat (path, &st) == 0 && S_ISREG (st.st_mode) && st.st_uid == geteuid ()
      && st.st_nlink == 1 && (guint64) st.st_dev == dev && (guint64) st.st_ino == ino;
}

/* Cleaning ------------------------------------------------------------------- */

typedef struct {
  char   *image;
  guint64 image_dev;
  guint64 image_ino;
  char   *loop_device;
  char   *device;
  char   *mount_point;
  char   *host;
  char   *boot_id;
} Entry;

static void
entry_clear (Entry *e)
{
  g_free (e->image);
  g_free (e->loop_device);
  g_free (e->device);
  g_free (e->mount_point);
  g_free (e->host);
  g_free (e->boot_id);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Entry, entry_clear)

/* Reads a state file of ours: a regular file we own, not a link, small. */
static gboolean
entry_read (int dir_fd, const char *name, Entry *e)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *data = NULL;
  JsonObject *obj;
  struct stat st;
  ssize_t n;
  int fd = openat (dir_fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);

  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) < 0 || !S_ISREG (st.st_mode) || st.st_uid != geteuid () || st.st_size > 65536)
    {
      close (fd);
      return FALSE;
    }
  data = g_malloc ((gsize) st.st_size + 1);
  n = read (fd, data, (gsize) st.st_size);
  close (fd);
  if (n < 0 || !json_parser_load_from_data (parser, data, n, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    return FALSE;
  obj = json_node_get_object (json_parser_get_root (parser));
#define STR(key) g_strdup (json_object_get_string_member_with_default (obj, key, NULL))
  e->image = STR ("image");
  e->loop_device = STR ("loop_device");
  e->device = STR ("device");
  e->mount_point = STR ("mount_point");
  e->host = STR ("host");
  e->boot_id = STR ("boot_id");
#undef STR
  e->image_dev = (guint64) json_object_get_int_member_with_default (obj, "image_dev", 0);
  e->image_ino = (guint64) json_object_get_int_member_with_default (obj, "image_ino", 0);
  return TRUE;
}

/* Unmounts every mount of device, through udisks: 1 if it was mounted. */
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
                   /* Translators: %s is a device, “/dev/loop0” */
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

/* The loop devices on the entry's image that this user set up. The image
 * is known by the device and inode recorded when it was made, so a loop
 * device whose image was renamed during the run is still found; one
 * backed by that inode under another name is ours only if it is the loop
 * device the run recorded (a file the user attached by hand is not). An
 * entry without them (an older one) goes by the image's name. */
static GPtrArray *
our_loops (const Entry *e)
{
  g_autofree char *base = e->image != NULL ? g_path_get_basename (e->image) : NULL;
  g_autoptr(GPtrArray) candidates = NULL;
  GPtrArray *loops = g_ptr_array_new_with_free_func (g_free);
  gboolean by_inode = e->image_dev != 0 && e->image_ino != 0;

  if (base == NULL || !g_path_is_absolute (e->image) || !fsb_target_state_is_image_name (base))
    return loops;
  candidates = by_inode ? fsb_loops_of_image (e->image_dev, e->image_ino, e->image)
                        : fsb_loops_of_file (e->image);
  for (guint i = 0; i < candidates->len; i++)
    {
      const char *loop = g_ptr_array_index (candidates, i);
      g_autofree char *object_path = fsb_udisks_object_path_for_device (loop);
      g_autofree char *backing = NULL;
      g_autoptr(GVariant) uid = NULL;
      guint64 dev = 0, ino = 0;

      if (object_path == NULL)
        continue;
      uid = fsb_udisks_get_property (object_path, FSB_UDISKS_IFACE_LOOP, "SetupByUID", NULL);
      if (uid == NULL || !g_variant_is_of_type (uid, G_VARIANT_TYPE_UINT32)
          || g_variant_get_uint32 (uid) != getuid ())
        continue;
      if (!by_inode && fsb_loop_backing_inode (loop, &dev, &ino) && (dev != e->image_dev || ino != e->image_ino))
        continue;
      backing = fsb_loop_backing_file (loop);
      if (by_inode && g_strcmp0 (backing, e->image) != 0 && g_strcmp0 (loop, e->loop_device) != 0)
        continue;
      g_ptr_array_add (loops, g_steal_pointer (&object_path));
      g_ptr_array_add (loops, g_strdup (loop));
    }
  return loops;
}

static gboolean
is_udisks_mount_point (const char *path)
{
  return path != NULL && (g_str_has_prefix (path, "/media/") || g_str_has_prefix (path, "/run/media/"));
}

/* Adds to cleaned what it cleaned of the entry. */
static void
clean_entry (const Entry *e, FsbLeftovers *cleaned, GError **error)
{
  g_autoptr(GPtrArray) loops = our_loops (e);   /* object path, device, ... */

  for (guint i = 0; i + 1 < loops->len; i += 2)
    {
      const char *object_path = g_ptr_array_index (loops, i);
      const char *loop = g_ptr_array_index (loops, i + 1);

      cleaned->mounts += clean_mounts (loop, error);
      if (error != NULL && *error != NULL)
        return;
      if (!fsb_udisks_loop_delete (object_path, error))
        {
          g_autofree char *doing = g_strdup_printf (_("Could not detach %s"), loop);
          fsb_udisks_map_error (error, doing);
          return;
        }
      cleaned->loop_devices++;
    }

  /* A partition is unmounted only if it is still mounted where we put it. */
  if (e->device != NULL && e->loop_device == NULL && is_udisks_mount_point (e->mount_point))
    {
      g_autoptr(GPtrArray) mounts = fsb_mountinfo_read ();
      g_autoptr(GPtrArray) points = fsb_mountinfo_points_of (mounts, fsb_device_number (e->device));

      for (guint i = 0; i < points->len; i++)
        if (strcmp (g_ptr_array_index (points, i), e->mount_point) == 0)
          {
            cleaned->mounts += clean_mounts (e->device, error);
            if (error != NULL && *error != NULL)
              return;
            break;
          }
    }

  if (fsb_target_state_image_is_ours (e->image, e->image_dev, e->image_ino))
    {
      if (g_unlink (e->image) == 0)
        cleaned->images++;
      else
        g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                     _("Could not delete the disk image %s: %s"), e->image, g_strerror (errno));
    }
}

/* A run's entries, the newest first: an image made inside another
 * target's mount (the safety group's copies, in an image in an image) lets
 * go before the target that holds it. */
static int
entry_order (gconstpointer a, gconstpointer b)
{
  const char *x = *(const char *const *) a, *y = *(const char *const *) b;
  int xp = 0, yp = 0, xn = 0, yn = 0;
  guint64 xs = 0, ys = 0;

  if (sscanf (x, "%d-%" G_GUINT64_FORMAT "-%d", &xp, &xs, &xn) != 3
      || sscanf (y, "%d-%" G_GUINT64_FORMAT "-%d", &yp, &ys, &yn) != 3
      || xp != yp || xs != ys)
    return strcmp (x, y);
  return (yn > xn) - (yn < xn);
}

guint
fsb_target_state_clean (FsbLeftovers *cleaned, GError **error)
{
  g_autofree char *dir_path = fsb_target_state_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  FsbLeftovers counts = { 0 };
  const char *name;
  int dir_fd;

  if (cleaned != NULL)
    *cleaned = counts;

  if (dir == NULL)
    return 0;
  dir_fd = open (dir_path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0)
    return 0;
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, entry_order);
  for (guint i = 0; i < names->len; i++)
    {
      g_auto(Entry) e = { 0 };
      g_autoptr(GError) local_error = NULL;
      FsbStateVerdict verdict;

      name = g_ptr_array_index (names, i);
      if (!g_str_has_suffix (name, ".json"))
        continue;
      if (!entry_read (dir_fd, name, &e))
        {
          struct stat st;

          /* A truncated file of ours cannot name anything to clean. */
          if (fstatat (dir_fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG (st.st_mode)
              && st.st_uid == geteuid () && !entry_is_alive (name))
            unlinkat (dir_fd, name, 0);
          continue;
        }
      verdict = fsb_target_state_judge (e.host, e.boot_id, g_get_host_name (),
                                        fsb_target_state_boot_id (), entry_is_alive (name));
      if (verdict != FSB_STATE_CLEAN)
        {
          g_debug ("Leaving %s alone (%d)", name, verdict);
          continue;
        }
      clean_entry (&e, &counts, &local_error);
      if (local_error != NULL)
        {
          if (error != NULL && *error == NULL)
            g_propagate_error (error, g_steal_pointer (&local_error));
          else
            g_warning ("%s", local_error->message);
          continue;
        }
      unlinkat (dir_fd, name, 0);
    }
  close (dir_fd);
  if (cleaned != NULL)
    *cleaned = counts;
  return counts.mounts + counts.loop_devices + counts.images;
}
