/* fsb-meter.c: wall clock, this thread's rusage, and the system's CPU from libgtop */
#define _GNU_SOURCE
#include "config.h"

#include <glibtop.h>
#include <glibtop/cpu.h>
#include <sys/resource.h>
#include <sys/time.h>

#include "fsb-workload.h"

/* libgtop keeps global state; one caller at a time. */
static GMutex gtop_lock;

static void
read_system_cpu (guint64 *total, guint64 *idle)
{
  glibtop_cpu cpu;

  g_mutex_lock (&gtop_lock);
  glibtop_get_cpu (&cpu);
  g_mutex_unlock (&gtop_lock);
  *total = cpu.total;
  /* Waiting for the disk is idle time: the CPU could do other work. */
  *idle = cpu.idle + cpu.iowait;
}

static double
timeval_seconds (const struct timeval *tv)
{
  return tv->tv_sec + tv->tv_usec / 1e6;
}

void
fsb_meter_start (FsbMeter *meter)
{
  struct rusage ru;

  g_return_if_fail (meter != NULL);

  /* The machine's state first: its speed probe runs on this thread, and
   * is neither the task's CPU time nor its wall time. */
  fsb_host_state_read (&meter->host);
  read_system_cpu (&meter->gtop_total, &meter->gtop_idle);
  /* The worker thread does the I/O, so its rusage is the task's, as
   * /usr/bin/time gives a command's; the kernel's writeback threads show
   * only in the system-wide figure. */
  getrusage (RUSAGE_THREAD, &ru);
  meter->thread_user_s = timeval_seconds (&ru.ru_utime);
  meter->thread_sys_s = timeval_seconds (&ru.ru_stime);
  meter->minor_faults = (guint64) ru.ru_minflt;
  meter->major_faults = (guint64) ru.ru_majflt;
  meter->wall_start_us = g_get_monotonic_time ();
}

void
fsb_meter_stop (FsbMeter *meter, FsbSample *sample)
{
  struct rusage ru;
  gint64 now = g_get_monotonic_time ();
  guint64 total, idle;
  double wall, user, sys, system_cpu = 0;
  FsbHostState host;

  g_return_if_fail (meter != NULL && sample != NULL);

  getrusage (RUSAGE_THREAD, &ru);
  read_system_cpu (&total, &idle);
  fsb_host_state_read (&host);

  wall = (now - meter->wall_start_us) / 1e6;
  user = MAX (0.0, timeval_seconds (&ru.ru_utime) - meter->thread_user_s);
  sys = MAX (0.0, timeval_seconds (&ru.ru_stime) - meter->thread_sys_s);
  if (total > meter->gtop_total)
    {
      guint64 dt = total - meter->gtop_total;
      guint64 di = idle >= meter->gtop_idle ? idle - meter->gtop_idle : 0;
      system_cpu = 100.0 * (double) (dt - MIN (di, dt)) / (double) dt;
    }

  /* Work the task handed to threads of its own (fsb-parallel's jobs) is
   * the task's too: what they used, as the task recorded it. */
  {
    double v;

    if (fsb_sample_get (sample, FSB_THREADS_USER_S, &v))
      user += v;
    if (fsb_sample_get (sample, FSB_THREADS_SYS_S, &v))
      sys += v;
    if (fsb_sample_get (sample, FSB_THREADS_MINOR_FAULTS, &v))
      ru.ru_minflt += (long) v;
    if (fsb_sample_get (sample, FSB_THREADS_MAJOR_FAULTS, &v))
      ru.ru_majflt += (long) v;
  }
  fsb_sample_set (sample, "wall_s", wall);
  fsb_sample_set (sample, "cpu_s", user + sys);
  fsb_sample_set (sample, "user_s", user);
  fsb_sample_set (sample, "sys_s", sys);
  /* As /usr/bin/time's %CPU: CPU time over elapsed time. */
  fsb_sample_set (sample, "cpu_percent", wall > 0 ? 100.0 * (user + sys) / wall : 0.0);
  fsb_sample_set (sample, "system_cpu_percent", system_cpu);
  fsb_sample_set (sample, "minor_faults", (double) ((guint64) ru.ru_minflt - MIN (meter->minor_faults, (guint64) ru.ru_minflt)));
  fsb_sample_set (sample, "major_faults", (double) ((guint64) ru.ru_majflt - MIN (meter->major_faults, (guint64) ru.ru_majflt)));
  fsb_host_state_record (&meter->host, &host, g_get_num_processors (), sample);
}
