/* fsb-host-state.h: the machine's state around a sample (steal, iowait,
 * load, the host's write-back) and the rule that calls a sample disturbed */
#pragma once

#include <glib.h>

#include "fsb-result.h"

G_BEGIN_DECLS

/* One reading of /proc/stat, /proc/loadavg and /proc/meminfo. */
typedef struct {
  guint64  total_jiffies;   /* every CPU, every state (guest is in user) */
  guint64  iowait_jiffies;
  guint64  steal_jiffies;
  double   load1;           /* the 1-minute load average */
  guint    runnable;        /* tasks runnable at this moment, the reader included */
  guint64  dirty_bytes;     /* Dirty + Writeback: the host's pages on their way to a disk */
  /* Free memory this VM has handed back to its hypervisor so far (free
   * page reporting, where the kernel counts it): writes into memory handed
   * back fault it in again, which split fio-compare's rounds 2× */
  guint64  returned_bytes;
  /* The speed probe's time over the machine's usual (fsb-host-speed.c):
   * 1.5: the probe took half as long again as usual; 0: unknown */
  double   slowdown;
  gboolean have_cpu, have_load, have_dirty, have_returned;
} FsbHostState;

/* Why a sample is disturbed: the bits of its "disturbed" metric (0: quiet). */
typedef enum {
  FSB_DISTURBED_STEAL     = 1 << 0,  /* the hypervisor took the CPUs */
  FSB_DISTURBED_WRITEBACK = 1 << 1,  /* other files were being written back on the host */
  FSB_DISTURBED_LOAD      = 1 << 2,  /* others kept every core busy */
  FSB_DISTURBED_SLOW      = 1 << 3,  /* the machine itself ran slow (the speed probe) */
  FSB_DISTURBED_DISK      = 1 << 4,  /* the disk under the target answered slowly (fsb-disk-slow.c) */
} FsbDisturbed;
/* What the meter judges around a sample, and everything */
#define FSB_DISTURBED_HOST (FSB_DISTURBED_STEAL | FSB_DISTURBED_WRITEBACK | FSB_DISTURBED_LOAD | FSB_DISTURBED_SLOW)
#define FSB_DISTURBED_ALL  (FSB_DISTURBED_HOST | FSB_DISTURBED_DISK)

/* The rule's thresholds (HACKING.md, "Disturbed samples"). */
#define FSB_DISTURBED_STEAL_PERCENT   10.0
#define FSB_DISTURBED_STEAL_JIFFIES   2
#define FSB_DISTURBED_DIRTY_BYTES     (256.0 * 1024 * 1024)
/* others runnable at both ends of the sample, the runner's thread not
 * counted, at least this many per core */
#define FSB_DISTURBED_OTHERS_PER_CORE 1.0
/* the speed probe at either end of the sample more than this many times
 * the machine's usual (HACKING.md: between 1.3 and 1.5, samples lay where
 * the others did) */
#define FSB_DISTURBED_SLOWDOWN        1.5
/* The disk answered slowly: a sample's requests of one kind (reads,
 * writes, or both together), the same work as its series' usual (as many,
 * as many bytes, within FSB_DISK_SLOW_SAME), took this many times the
 * usual time per request (the median of the series' quicker half), and at
 * least FSB_DISK_SLOW_EXCESS_S more in all; judged on
 * FSB_DISK_SLOW_REQUESTS requests or more, in a series of
 * FSB_DISK_SLOW_LEAST such samples. */
#define FSB_DISK_SLOW_FACTOR          1.5
#define FSB_DISK_SLOW_EXCESS_S        0.0015
#define FSB_DISK_SLOW_SAME            0.10
#define FSB_DISK_SLOW_REQUESTS        8
#define FSB_DISK_SLOW_LEAST           3
/* Or, for a sample of fewer than FSB_DISK_SLOW_REQUESTS requests (XFS
 * big-delete's two, too short for the kernel's milliseconds), the disk
 * probe (fsb-target-probe.c: one direct read of 4 KiB from the image,
 * timed just before the sample's clock starts and just after it stops)
 * took more than this many times the process's usual at either end
 * ("disk_slowdown"; HACKING.md). */
#define FSB_DISK_PROBE_SLOW           2.0
/* The speed probe's history, and the fewest probes that judge anything. */
#define FSB_SPEED_HISTORY             63
#define FSB_SPEED_LEAST               5
/* The estimates leave a task's disturbed samples out when it has at least
 * this many quiet ones. */
#define FSB_QUIET_MIN 2

gboolean fsb_host_state_parse_stat    (const char *text, FsbHostState *state);
gboolean fsb_host_state_parse_loadavg (const char *text, FsbHostState *state);
gboolean fsb_host_state_parse_meminfo (const char *text, FsbHostState *state);
/* The text of /sys/module/page_reporting/parameters/reported_kib */
gboolean fsb_host_state_parse_reported (const char *text, FsbHostState *state);
void     fsb_host_state_read          (FsbHostState *state);

/* Sets steal_percent, iowait_percent, load_start, others_runnable,
 * host_dirty_bytes, host_returned_bytes (recorded, not judged yet) and
 * disturbed on sample, from the readings before and after it (what was
 * not read is left out); cores 0: unknown. */
void     fsb_host_state_record        (const FsbHostState *before, const FsbHostState *after, guint cores,
                                       FsbSample *sample);
guint    fsb_host_state_rule          (guint64 steal_jiffies, guint64 total_jiffies, double dirty_bytes,
                                       double others_runnable, guint cores, double slowdown);

/* The speed probe (fsb-host-speed.c): a fixed pointer chase through 1 MiB,
 * its time in seconds (about a millisecond). */
double   fsb_host_speed_probe         (void);
/* probe_s over the median of n earlier probes (the last FSB_SPEED_HISTORY
 * of them at most); 0 with fewer than 5. */
double   fsb_host_speed_slowdown      (const double *probes, guint n, double probe_s);
/* The median of n values, sorting them; NAN when n is 0. */
double   fsb_host_median_in_place     (double *values, guint n);
/* Sets or clears FSB_DISTURBED_DISK in the "disturbed" of every sample of
 * task that has one, judging the series whole (fsb-disk-slow.c). */
void     fsb_task_result_flag_slow_disk (FsbTaskResult *task);
/* Probes now, adds the probe to the process's history, and returns its
 * slowdown against that history (0: too few yet). */
double   fsb_host_speed_read          (void);

/* A probe's last FSB_SPEED_HISTORY times, for one process (static,
 * zero-initialised; the lock is taken inside). */
typedef struct {
  GMutex lock;
  double values[FSB_SPEED_HISTORY];
  guint  len, next;
} FsbProbeHistory;
/* Adds probe_s to history and returns it over the median of the history
 * so far, itself included (fsb_host_speed_slowdown: 0 with too few). */
double   fsb_probe_history_add        (FsbProbeHistory *history, double probe_s);

/* What a block device has done since it appeared, from the text of
 * /sys/class/block/NAME/stat: bytes (its 512-byte sectors), requests
 * completed, and the milliseconds requests spent in it, summed over the
 * requests (two in flight at once count twice). */
typedef struct {
  guint64 read_bytes, written_bytes;
  guint64 reads, writes;
  guint64 read_ms, write_ms;
} FsbDeviceIo;
gboolean fsb_device_io_parse          (const char *text, FsbDeviceIo *io);

/* The machine's state around a sample, NULL-terminated: what
 * fsb_host_state_record sets, and the runner's disk probe
 * ("disk_slowdown", fsb-target-probe.c). */
extern const char *const fsb_host_state_metrics[];

/* Whether sample was taken during a disturbance; absent: unknown, not quiet. */
gboolean fsb_sample_disturbed           (const FsbSample *sample);
/* Whether the estimates leave task's disturbed samples out. */
gboolean fsb_task_result_drops_disturbed (const FsbTaskResult *task);
/* Whether task has disturbed samples the estimates keep, too few quiet
 * ones standing beside them: another sample would let them go. */
gboolean fsb_task_result_keeps_disturbed (const FsbTaskResult *task);
/* Whether sample goes into the estimates. */
gboolean fsb_sample_counts              (const FsbSample *sample, gboolean drop_disturbed);
/* And its value of metric, finite. */
gboolean fsb_sample_counted_value       (const FsbSample *sample, gboolean drop_disturbed, const char *metric,
                                         double *value);

typedef struct {
  guint recorded, disturbed, left_out;
  guint by_reason[5];   /* FSB_DISTURBED_STEAL, _WRITEBACK, _LOAD, _SLOW, _DISK */
} FsbDisturbedCount;
void     fsb_result_count_disturbed     (const FsbResult *result, FsbDisturbedCount *count);

G_END_DECLS
