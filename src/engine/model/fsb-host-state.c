/* fsb-host-state.c: the machine's state around a sample, and the rule that
 * calls a sample disturbed (HACKING.md, "Disturbed samples").
 *
 * What can be told apart from the task's own doing: steal (the hypervisor
 * gave the CPUs to another guest), the host's write-back at the sample's
 * ends (the caches were dropped and the task's data flushed before the
 * first reading and after the timed section, so what is dirty then is
 * other files'), and other tasks wanting the CPUs at both ends (the
 * runnable count of /proc/loadavg less the reader: the load average
 * itself lags a minute behind, and is recorded, not judged). iowait is
 * recorded, not judged either: a task that reads or writes makes its own. */
#include "config.h"

#include <math.h>

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "fsb-host-state.h"

const char *const fsb_host_state_metrics[] = {
  "steal_percent", "iowait_percent", "load_start", "others_runnable", "host_dirty_bytes", "host_returned_bytes",
  "machine_slowdown", "disk_slowdown", "disturbed", NULL,
};

/* The "cpu " line: user nice system idle iowait irq softirq steal (guest
 * and guest_nice are already in user and nice). */
gboolean
fsb_host_state_parse_stat (const char *text, FsbHostState *state)
{
  guint64 v[8] = { 0 };
  const char *p;
  char *end;

  g_return_val_if_fail (text != NULL && state != NULL, FALSE);

  state->have_cpu = FALSE;
  if (!g_str_has_prefix (text, "cpu "))
    return FALSE;
  p = text + 4;
  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    {
      while (*p == ' ')
        p++;
      if (!g_ascii_isdigit (*p))
        {
          /* kernels before 2.6.11 have no steal: it stays 0 */
          if (i < 5)
            return FALSE;
          break;
        }
      v[i] = g_ascii_strtoull (p, &end, 10);
      p = end;
    }
  state->total_jiffies = 0;
  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    state->total_jiffies += v[i];
  state->iowait_jiffies = v[4];
  state->steal_jiffies = v[7];
  state->have_cpu = TRUE;
  return TRUE;
}

/* "0.52 0.58 0.59 3/187 12345": the load, then runnable/all. */
gboolean
fsb_host_state_parse_loadavg (const char *text, FsbHostState *state)
{
  const char *p = text;
  char *end;
  double load;

  g_return_val_if_fail (text != NULL && state != NULL, FALSE);

  state->have_load = FALSE;
  load = g_ascii_strtod (text, &end);
  if (end == text || !(load >= 0))
    return FALSE;
  /* past the three averages */
  for (guint i = 0; i < 3 && p != NULL; i++)
    p = strchr (p + 1, ' ');
  if (p == NULL || !g_ascii_isdigit (p[1]))
    return FALSE;
  state->runnable = (guint) g_ascii_strtoull (p + 1, &end, 10);
  if (*end != '/')
    return FALSE;
  state->load1 = load;
  state->have_load = TRUE;
  return TRUE;
}

/* "Dirty:  1234 kB" and "Writeback:  0 kB"; both must be there. */
gboolean
fsb_host_state_parse_meminfo (const char *text, FsbHostState *state)
{
  static const char *const keys[] = { "\nDirty:", "\nWriteback:" };
  guint64 sum = 0;

  g_return_val_if_fail (text != NULL && state != NULL, FALSE);

  state->have_dirty = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const char *p = strstr (text, keys[i]);
      char *end;
      guint64 kb;

      if (p == NULL)
        return FALSE;
      p += strlen (keys[i]);
      while (*p == ' ' || *p == '\t')
        p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      kb = g_ascii_strtoull (p, &end, 10);
      sum += kb * 1024;
    }
  state->dirty_bytes = sum;
  state->have_dirty = TRUE;
  return TRUE;
}

gboolean
fsb_host_state_parse_reported (const char *text, FsbHostState *state)
{
  guint64 kib;
  char *end = NULL;

  g_return_val_if_fail (text != NULL && state != NULL, FALSE);
  state->have_returned = FALSE;
  while (g_ascii_isspace (*text))
    text++;
  if (!g_ascii_isdigit (*text))
    return FALSE;
  kib = g_ascii_strtoull (text, &end, 10);
  if (end == text || (*end != '\0' && !g_ascii_isspace (*end)) || kib > G_MAXUINT64 / 1024)
    return FALSE;
  state->returned_bytes = kib * 1024;
  state->have_returned = TRUE;
  return TRUE;
}

/* reads, merged, sectors read, ms reading, writes, merged, sectors
 * written, ms writing, … (Documentation/block/stat.rst) */
gboolean
fsb_device_io_parse (const char *text, FsbDeviceIo *io)
{
  guint64 fields[8];
  const char *p = text;
  char *end;

  g_return_val_if_fail (text != NULL && io != NULL, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    {
      while (*p == ' ' || *p == '\t')
        p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      fields[i] = g_ascii_strtoull (p, &end, 10);
      if (end == p || (*end != '\0' && !g_ascii_isspace (*end)))
        return FALSE;
      p = end;
    }
  if (fields[2] > G_MAXUINT64 / 512 || fields[6] > G_MAXUINT64 / 512)
    return FALSE;
  io->reads = fields[0];
  io->read_bytes = fields[2] * 512;
  io->read_ms = fields[3];
  io->writes = fields[4];
  io->written_bytes = fields[6] * 512;
  io->write_ms = fields[7];
  return TRUE;
}

/* One small read each, no allocation beyond the stack: a few tens of
 * microseconds, taken outside the timed section. */
static gboolean
read_proc (const char *path, char *buf, gsize size)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  gsize n = 0;
  gssize got;

  if (fd < 0)
    return FALSE;
  while (n < size - 1 && (got = read (fd, buf + n, size - 1 - n)) > 0)
    n += got;
  close (fd);
  buf[n] = '\0';
  return n > 0;
}

void
fsb_host_state_read (FsbHostState *state)
{
  char buf[4096];

  g_return_if_fail (state != NULL);

  memset (state, 0, sizeof *state);
  if (read_proc ("/proc/stat", buf, sizeof buf))
    fsb_host_state_parse_stat (buf, state);
  if (read_proc ("/proc/loadavg", buf, sizeof buf))
    fsb_host_state_parse_loadavg (buf, state);
  /* meminfo has "\n" before every key but the first */
  buf[0] = '\n';
  if (read_proc ("/proc/meminfo", buf + 1, sizeof buf - 1))
    fsb_host_state_parse_meminfo (buf, state);
  /* not every kernel counts it: then it stays unknown */
  if (read_proc ("/sys/module/page_reporting/parameters/reported_kib", buf, sizeof buf))
    fsb_host_state_parse_reported (buf, state);
  /* last, nearest the clock */
  state->slowdown = fsb_host_speed_read ();
}

guint
fsb_host_state_rule (guint64 steal_jiffies, guint64 total_jiffies, double dirty_bytes, double others_runnable,
                     guint cores, double slowdown)
{
  guint reason = 0;

  /* a jiffy of steal in a short sample is a large share, and no proof */
  if (total_jiffies > 0 && steal_jiffies >= FSB_DISTURBED_STEAL_JIFFIES &&
      100.0 * steal_jiffies / total_jiffies > FSB_DISTURBED_STEAL_PERCENT)
    reason |= FSB_DISTURBED_STEAL;
  if (dirty_bytes > FSB_DISTURBED_DIRTY_BYTES)
    reason |= FSB_DISTURBED_WRITEBACK;
  if (cores > 0 && others_runnable >= cores * FSB_DISTURBED_OTHERS_PER_CORE)
    reason |= FSB_DISTURBED_LOAD;
  if (slowdown > FSB_DISTURBED_SLOWDOWN)
    reason |= FSB_DISTURBED_SLOW;
  return reason;
}

void
fsb_host_state_record (const FsbHostState *before, const FsbHostState *after, guint cores, FsbSample *sample)
{
  guint64 steal = 0, total = 0;
  double dirty = 0, others = 0, slowdown;

  g_return_if_fail (before != NULL && after != NULL && sample != NULL);

  slowdown = MAX (before->slowdown, after->slowdown);

  if (before->have_cpu && after->have_cpu && after->total_jiffies > before->total_jiffies)
    {
      total = after->total_jiffies - before->total_jiffies;
      steal = after->steal_jiffies >= before->steal_jiffies ? after->steal_jiffies - before->steal_jiffies : 0;
      fsb_sample_set (sample, "steal_percent", MIN (100.0, 100.0 * steal / total));
      fsb_sample_set (sample, "iowait_percent",
                      after->iowait_jiffies >= before->iowait_jiffies
                      ? MIN (100.0, 100.0 * (after->iowait_jiffies - before->iowait_jiffies) / total) : 0);
    }
  if (before->have_load)
    fsb_sample_set (sample, "load_start", before->load1);
  /* the fewer of the two readings, less the reader (this thread) */
  if (before->have_load && after->have_load)
    {
      others = MAX (1u, MIN (before->runnable, after->runnable)) - 1.0;
      fsb_sample_set (sample, "others_runnable", others);
    }
  /* the peak of the two readings: both are of other files (see above) */
  if (before->have_dirty || after->have_dirty)
    {
      dirty = MAX (before->have_dirty ? before->dirty_bytes : 0, after->have_dirty ? after->dirty_bytes : 0);
      fsb_sample_set (sample, "host_dirty_bytes", dirty);
    }
  /* what went back to the hypervisor while the sample ran */
  if (before->have_returned && after->have_returned && after->returned_bytes >= before->returned_bytes)
    fsb_sample_set (sample, "host_returned_bytes", (double) (after->returned_bytes - before->returned_bytes));
  /* the slower end: a window may open or close during the sample */
  if (slowdown > 0)
    fsb_sample_set (sample, "machine_slowdown", slowdown);
  /* nothing read: unknown, and no flag */
  if (total > 0 || before->have_load || before->have_dirty || after->have_dirty)
    fsb_sample_set (sample, "disturbed", fsb_host_state_rule (steal, total, dirty, others, cores, slowdown));
}

/* What the analysis keeps ------------------------------------------------------ */

gboolean
fsb_sample_disturbed (const FsbSample *sample)
{
  double v;

  return sample != NULL && fsb_sample_get (sample, "disturbed", &v) && v > 0;
}

static void
count_disturbed (const FsbTaskResult *task, guint *quiet_out, guint *disturbed_out)
{
  guint quiet = 0, disturbed = 0;

  for (guint i = 0; i < task->samples->len; i++)
    {
      const FsbSample *sample = task->samples->pdata[i];

      double v;

      if (sample->error != NULL || !fsb_sample_get (sample, "disturbed", &v))
        continue;
      /* absent: unknown, neither quiet nor disturbed */
      if (v > 0)
        disturbed++;
      else
        quiet++;
    }
  *quiet_out = quiet;
  *disturbed_out = disturbed;
}

gboolean
fsb_task_result_drops_disturbed (const FsbTaskResult *task)
{
  guint quiet, disturbed;

  g_return_val_if_fail (task != NULL, FALSE);
  count_disturbed (task, &quiet, &disturbed);
  return disturbed > 0 && quiet >= FSB_QUIET_MIN;
}

gboolean
fsb_task_result_keeps_disturbed (const FsbTaskResult *task)
{
  guint quiet, disturbed;

  g_return_val_if_fail (task != NULL, FALSE);
  count_disturbed (task, &quiet, &disturbed);
  return disturbed > 0 && quiet < FSB_QUIET_MIN;
}

gboolean
fsb_sample_counts (const FsbSample *sample, gboolean drop_disturbed)
{
  g_return_val_if_fail (sample != NULL, FALSE);

  return sample->error == NULL && !(drop_disturbed && fsb_sample_disturbed (sample));
}

gboolean
fsb_sample_counted_value (const FsbSample *sample, gboolean drop_disturbed, const char *metric, double *value)
{
  return fsb_sample_counts (sample, drop_disturbed) && fsb_sample_get (sample, metric, value) && isfinite (*value);
}

/* What the report says of a result: how many samples recorded the
 * machine's state, how many of them were disturbed, how many of those the
 * estimates left out, and how many had each reason (steal, write-back,
 * others on the CPUs: the bits in order). */
void
fsb_result_count_disturbed (const FsbResult *result, FsbDisturbedCount *count)
{
  memset (count, 0, sizeof *count);
  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = result->filesystems->pdata[f];

      for (guint t = 0; t < fs->tasks->len; t++)
        {
          FsbTaskResult *task = fs->tasks->pdata[t];
          gboolean drop = fsb_task_result_drops_disturbed (task);

          for (guint i = 0; i < task->samples->len; i++)
            {
              const FsbSample *sample = task->samples->pdata[i];
              double v;

              if (!fsb_sample_get (sample, "disturbed", &v))
                continue;
              count->recorded++;
              if (!(v > 0))
                continue;
              count->disturbed++;
              count->left_out += drop && sample->error == NULL;
              for (guint b = 0; b < G_N_ELEMENTS (count->by_reason); b++)
                count->by_reason[b] += ((guint) v >> b) & 1;
            }
        }
    }
}
