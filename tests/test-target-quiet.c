/* test-target-quiet.c: once a target call returns, the device is quiet.
 *
 * A timed task starts right after mkfs, mount, cold remount or unmount
 * returns. udev re-reads a device (blkid) on each "change" event, and
 * udisksd then probes it again (dumpe2fs, xfs_info …): such an event
 * after the call would overlap the task (issue 33). Two sources make one:
 * udisks' own event after each Mount and Unmount, which the call waits
 * for, and udev's watch on the device node, which fires when a process
 * closes the node after opening it for writing. This test listens to the
 * kernel's and udev's uevents and fails on any "change" of the target's
 * device within a window after each call has returned. The mount and
 * unmount steps' times must not hold udisks' re-reading either: they end
 * before udisks' event. */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <linux/netlink.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fsb-engine.h"
#include "fsb-target.h"
#include "fsb-test-util.h"

/* How long after a call the device must stay quiet. udev handles a
 * change within 10–20 ms here, udisksd's probes take 50–150 ms more. */
#define QUIET_MSEC 400

/* The kernel's uevents (group 1) and udev's once handled (group 2). */
#define GROUP_KERNEL 1
#define GROUP_UDEV   2

static char *tmp_dir;
static char *image_dir;

static int
open_uevents (void)
{
  struct sockaddr_nl addr = { .nl_family = AF_NETLINK, .nl_groups = GROUP_KERNEL | GROUP_UDEV };
  int fd = socket (AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC | SOCK_NONBLOCK, NETLINK_KOBJECT_UEVENT);
  int size = 4 * 1024 * 1024;

  g_assert_cmpint (fd, >=, 0);
  /* udisksd's probes of other devices must not overflow us */
  setsockopt (fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof size);
  g_assert_cmpint (bind (fd, (struct sockaddr *) &addr, sizeof addr), ==, 0);
  return fd;
}

/* The value of KEY= among a message's NUL-separated properties. The udev
 * message's binary header holds no such text. */
static const char *
property (const char *buf, gssize len, const char *key)
{
  gsize key_len = strlen (key);

  for (const char *p = buf; p < buf + len; p += strlen (p) + 1)
    if (strncmp (p, key, key_len) == 0 && p[key_len] == '=')
      return p + key_len + 1;
  return NULL;
}

/* Reads the events waiting and those arriving for msec (0: only those
 * already queued). Returns how many were a change of device; each is
 * described in found (with the time since since, unless it is 0), and
 * when the first one udev had handled was read kept in first
 * (g_get_real_time). */
static guint
count_changes (int fd, const char *device, int msec, GString *found, gint64 since, gint64 *first)
{
  g_autofree char *base = g_path_get_basename (device);
  gint64 end = g_get_monotonic_time () + (gint64) msec * 1000;
  guint changes = 0;

  for (;;)
    {
      char buf[8192];
      gssize len = recv (fd, buf, sizeof buf - 1, 0);

      if (len < 0)
        {
          gint64 now = g_get_monotonic_time ();
          struct pollfd pfd = { fd, POLLIN, 0 };

          g_assert_cmpint (errno, ==, EAGAIN);
          if (now >= end)
            break;
          poll (&pfd, 1, (int) ((end - now + 999) / 1000));
          continue;
        }
      buf[len] = '\0';
      {
        const char *action = property (buf, len, "ACTION");
        const char *name = property (buf, len, "DEVNAME");
        g_autofree char *name_base = name != NULL ? g_path_get_basename (name) : NULL;

        if (g_strcmp0 (action, "change") != 0 || g_strcmp0 (name_base, base) != 0)
          continue;
        gboolean udev = g_str_has_prefix (buf, "libudev");

        changes++;
        if (udev && *first == 0)
          *first = g_get_real_time ();
        g_string_append_printf (found, " [%s, SYNTH_UUID=%s", udev ? "udev" : "kernel",
                                property (buf, len, "SYNTH_UUID") ?: "none");
        if (since > 0)
          g_string_append_printf (found, ", %.0f ms after", (g_get_monotonic_time () - since) / 1000.0);
        g_string_append_c (found, ']');
      }
    }
  return changes;
}

/* Called after each target call: forgets what the call itself caused
 * (all of it is queued by now: netlink delivers as it sends), then
 * listens. */
static void
assert_quiet_after (int fd, FsbTarget *target, const char *call)
{
  g_autoptr(GString) during = g_string_new (NULL), after = g_string_new (NULL);
  gint64 first = 0, first_after = 0;
  guint before = count_changes (fd, fsb_target_get_device (target), 0, during, 0, &first);
  guint changes = count_changes (fd, fsb_target_get_device (target), QUIET_MSEC, after,
                                 g_get_monotonic_time (), &first_after);

  g_test_message ("%s: %u change events during the call,%s %u after",
                  call, before, during->str, changes);
  /* Failed, not aborted: the image is still released. */
  if (changes > 0)
    g_test_fail_printf ("%s: %u change events of %s within %d ms after the call returned:%s",
                        call, changes, fsb_target_get_device (target), QUIET_MSEC, after->str);
}

/* Reads a device's change events while a call runs. */
typedef struct {
  int          fd;
  const char  *device;
  gint         stop;
  gint64       first;   /* when the first udev had handled was read */
  guint        changes;
  GString     *found;
} Listener;

static gpointer
listen_thread (gpointer data)
{
  Listener *l = data;

  while (!g_atomic_int_get (&l->stop))
    l->changes += count_changes (l->fd, l->device, 20, l->found, 0, &l->first);
  return NULL;
}

/* Mounts or unmounts, and checks that the time the target gives is the
 * kernel's: it ends before udev has handled udisks' change event, which
 * udisks makes once the kernel is done and waits for before it answers
 * (its own probes then). */
static void
step_timed (int fd, FsbTarget *target, const char *call, gboolean mounting)
{
  g_autoptr(GError) error = NULL;
  Listener l = { fd, fsb_target_get_device (target), 0, 0, 0, g_string_new (NULL) };
  GThread *thread = g_thread_new ("listen", listen_thread, &l);
  gint64 called = g_get_real_time (), returned, event;
  double seconds = -1;

  if (mounting)
    { gboolean ok_ = fsb_target_mount (target, &seconds, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  else
    { gboolean ok_ = fsb_target_unmount (target, &seconds, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  returned = g_get_real_time ();
  g_atomic_int_set (&l.stop, 1);
  g_thread_join (thread);
  event = l.first;
  g_test_message ("%s: %.0f ms by the target, the call %.0f ms, %u change events in it,%s udev handled the first at %.0f ms",
                  call, seconds * 1000, (returned - called) / 1000.0, l.changes, l.found->str,
                  event > 0 ? (event - called) / 1000.0 : -1.0);
  g_string_free (l.found, TRUE);
  assert_quiet_after (fd, target, call);
  g_assert_cmpfloat (seconds, >, 0);
  g_assert_cmpfloat (seconds, <=, (returned - called) / (double) G_USEC_PER_SEC);
  /* no event (another udisks): nothing to compare with */
  if (event > 0 && called + seconds * G_USEC_PER_SEC > event)
    g_test_fail_printf ("%s: the step's time (%.0f ms) runs past udev's change event (%.0f ms after the call)",
                        call, seconds * 1000, (event - called) / 1000.0);
}

static void
test_quiet (gconstpointer data)
{
  const char *fs = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *spec = NULL;
  g_autoptr(FsbTarget) target = NULL;
  int fd;

  if (!fsb_test_have_udisks ())
    return;
  spec = g_strdup_printf ("image:600M@%s", image_dir);
  target = fsb_target_new_from_spec (spec, FALSE, &error);
  g_assert_no_error (error);
  { gboolean ok_ = fsb_target_prepare (target, 100 * 1024 * 1024, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  fd = open_uevents ();

  { gboolean ok_ = fsb_target_format (target, fs, NULL, NULL, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
  assert_quiet_after (fd, target, "format");
  step_timed (fd, target, "mount", TRUE);
  for (guint i = 0; i < 2; i++)
    {
      { gboolean ok_ = fsb_target_remount_cold (target, NULL, &error); g_assert_no_error (error); g_assert_true (ok_); }
      assert_quiet_after (fd, target, "remount_cold");
    }
  step_timed (fd, target, "unmount", FALSE);
  step_timed (fd, target, "mount again", TRUE);
  step_timed (fd, target, "unmount again", FALSE);

  close (fd);
  { gboolean ok_ = fsb_target_release (target, &error); g_assert_no_error (error); g_assert_true (ok_); }
  g_assert_cmpuint (fsb_test_count_files (image_dir), ==, 0);
}

int
main (int argc, char **argv)
{
  int status;

  tmp_dir = fsb_test_make_tmp_dir ("target-quiet", &image_dir);

  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/target-quiet/ext4", "ext4", test_quiet);
  g_test_add_data_func ("/target-quiet/xfs", "xfs", test_quiet);
  g_test_add_data_func ("/target-quiet/btrfs", "btrfs", test_quiet);

  status = g_test_run ();

  fsb_test_remove_dir (tmp_dir);
  g_free (image_dir);
  g_free (tmp_dir);
  return status;
}
