/* fsb-target-probe.c: how fast the disk under an image answers at this
 * moment.
 *
 * The loop device's requests go through the host's filesystem to the disk
 * under the image, and on a virtual machine that disk answers slower in
 * spells. The kernel counts a request's time in the device in whole
 * milliseconds, which shows a spell over dozens of requests
 * (fsb-disk-slow.c) but not over the two of a big file's delete on XFS,
 * 0.6 ms in all. So, as the speed probe does for the CPUs
 * (fsb-host-speed.c), a fixed small piece of work shows it: one direct read
 * of 4 KiB from the image, past the host's page cache, from a block the
 * host has written (a block it has only allocated is read as zeros
 * without asking the disk), timed just before a sample's clock starts and
 * just after it stops. Over 300 deletes of two big files on an XFS image
 * (bench/disk-probe.py), 8 took 1.5 times the median and 0.5 ms more, and
 * the probe at either end took over twice its median (0.11 ms) for 7 of
 * them and for 13 samples in all.
 *
 * The probe is judged against the median of the process's last
 * FSB_SPEED_HISTORY probes: every image of a run lies in one folder, on
 * one disk. A partition, or an image the host cannot read directly, has
 * no probe (0: unknown). */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "fsb-target-private.h"

#define PROBE_BYTES 4096
/* The image's first extents the probe looks among for a written one */
#define PROBE_EXTENTS 32

static FsbProbeHistory disk_history;

/* The offset of the image's first block the host has written (-1: none
 * yet): the same block every time, so that the probe is work fixed in
 * advance, as the speed probe's chase is. */
static off_t
first_written_block (FsbTarget *self)
{
  struct {
    struct fiemap map;
    struct fiemap_extent extents[PROBE_EXTENTS];
  } buf = { 0 };

  buf.map.fm_start = 0;
  buf.map.fm_length = FIEMAP_MAX_OFFSET;
  buf.map.fm_extent_count = PROBE_EXTENTS;
  if (ioctl (self->probe_fd, FS_IOC_FIEMAP, &buf.map) < 0)
    return -1;
  for (guint i = 0; i < buf.map.fm_mapped_extents; i++)
    {
      const struct fiemap_extent *e = &buf.extents[i];
      guint64 at = (e->fe_logical + PROBE_BYTES - 1) / PROBE_BYTES * PROBE_BYTES;

      if (!(e->fe_flags & (FIEMAP_EXTENT_UNWRITTEN | FIEMAP_EXTENT_UNKNOWN | FIEMAP_EXTENT_DELALLOC))
          && at + PROBE_BYTES <= e->fe_logical + e->fe_length)
        return (off_t) at;
    }
  return -1;
}

/* A descriptor of the image that bypasses the host's page cache, and an
 * aligned buffer; FALSE (for good) when there is none to be had. */
static gboolean
probe_open (FsbTarget *self)
{
  g_autofree char *own = NULL;

  if (self->probe_fd >= 0)
    return TRUE;
  if (self->probe_fd == -2 || self->image_fd < 0)
    return FALSE;
  own = g_strdup_printf ("/proc/self/fd/%d", self->image_fd);
  self->probe_fd = open (own, O_RDONLY | O_DIRECT | O_CLOEXEC);
  if (self->probe_fd < 0 || posix_memalign (&self->probe_buffer, PROBE_BYTES, PROBE_BYTES) != 0)
    {
      g_debug ("No disk probe for %s: %s", self->image_path, g_strerror (errno));
      fsb_target_probe_close (self);
      self->probe_fd = -2;
      return FALSE;
    }
  return TRUE;
}

double
fsb_target_probe_disk (FsbTarget *self)
{
  struct timespec start, end;
  off_t at;
  ssize_t got;

  g_return_val_if_fail (FSB_IS_TARGET (self), 0);
  if (!probe_open (self) || (at = first_written_block (self)) < 0)
    return 0;
  clock_gettime (CLOCK_MONOTONIC, &start);
  got = pread (self->probe_fd, self->probe_buffer, PROBE_BYTES, at);
  clock_gettime (CLOCK_MONOTONIC, &end);
  if (got != PROBE_BYTES)
    return 0;
  return fsb_probe_history_add (&disk_history,
                                (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9);
}

void
fsb_target_probe_close (FsbTarget *self)
{
  if (self->probe_fd >= 0)
    close (self->probe_fd);
  self->probe_fd = -1;
  g_clear_pointer (&self->probe_buffer, free);
}
