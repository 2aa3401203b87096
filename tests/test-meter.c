/* test-meter.c: the meter's CPU, fault and wall figures, and the machine probe */
#include "config.h"

#include <string.h>
#include <time.h>

#include "fsb-engine.h"
#include "fsb-host-state.h"
#include "fsb-machine.h"
#include "fsb-workload.h"
#include "fsb-test-sample.h"

static void
test_busy (void)
{
  g_autoptr(FsbSample) s = fsb_sample_new ();
  FsbMeter meter;
  struct timespec ts;
  volatile guint64 x = 0;

  /* Spin until this thread has used 0.2 s of CPU, however loaded the
   * machine is. */
  fsb_meter_start (&meter);
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  {
    double until = ts.tv_sec + ts.tv_nsec / 1e9 + 0.2;
    do
      {
        for (int i = 0; i < 10000; i++)
          x++;
        clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
      }
    while (ts.tv_sec + ts.tv_nsec / 1e9 < until);
  }
  fsb_meter_stop (&meter, s);

  g_assert_cmpfloat (fsb_test_sample_get (s, "cpu_s"), >=, 0.18);
  g_assert_cmpfloat (fsb_test_sample_get (s, "cpu_s"), <, 0.5);
  g_assert_cmpfloat (fsb_test_sample_get (s, "wall_s"), >=, fsb_test_sample_get (s, "cpu_s") - 0.02);
  g_assert_cmpfloat_with_epsilon (fsb_test_sample_get (s, "cpu_s"), fsb_test_sample_get (s, "user_s") + fsb_test_sample_get (s, "sys_s"), 1e-9);
  /* As time(1)'s %CPU: CPU time over wall time. */
  g_assert_cmpfloat_with_epsilon (fsb_test_sample_get (s, "cpu_percent"), 100 * fsb_test_sample_get (s, "cpu_s") / fsb_test_sample_get (s, "wall_s"), 1e-6);
  g_assert_cmpfloat (fsb_test_sample_get (s, "cpu_percent"), <=, 105);
  g_assert_cmpfloat (fsb_test_sample_get (s, "system_cpu_percent"), >, 0);
  g_assert_cmpfloat (fsb_test_sample_get (s, "system_cpu_percent"), <=, 100);
  /* the machine's state around it (fsb-host-state.c), each in its range */
  g_assert_cmpfloat (fsb_test_sample_get (s, "steal_percent"), <=, 100);
  g_assert_cmpfloat (fsb_test_sample_get (s, "iowait_percent"), <=, 100);
  g_assert_cmpfloat (fsb_test_sample_get (s, "load_start"), >=, 0);
  g_assert_cmpfloat (fsb_test_sample_get (s, "others_runnable"), >=, 0);
  g_assert_cmpfloat (fsb_test_sample_get (s, "host_dirty_bytes"), >=, 0);
  g_assert_cmpfloat (fsb_test_sample_get (s, "disturbed"), <=, FSB_DISTURBED_ALL);
}

/* The speed probe runs on the task's thread at both ends of the section
 * (fsb-host-speed.c), outside its time: an empty section has used far
 * less CPU than one probe takes. */
static void
test_probe_outside (void)
{
  g_autoptr(FsbSample) s = fsb_sample_new ();
  FsbMeter meter;
  double probe = G_MAXDOUBLE;

  for (int i = 0; i < 5; i++)
    probe = MIN (probe, fsb_host_speed_probe ());
  fsb_meter_start (&meter);
  fsb_meter_stop (&meter, s);
  g_assert_cmpfloat (fsb_test_sample_get (s, "cpu_s"), <, probe / 4);
  g_assert_cmpfloat (fsb_test_sample_get (s, "wall_s"), <, probe / 4);
}

static void
test_idle_and_faults (void)
{
  g_autoptr(FsbSample) s = fsb_sample_new ();
  FsbMeter meter;
  gsize len = 32 * 1024 * 1024;
  char *mem;

  fsb_meter_start (&meter);
  g_usleep (200000);
  mem = g_malloc (len);
  /* Touch every page: minor faults, one per page at most. */
  for (gsize i = 0; i < len; i += 4096)
    mem[i] = 1;
  fsb_meter_stop (&meter, s);
  g_free (mem);

  g_assert_cmpfloat (fsb_test_sample_get (s, "wall_s"), >=, 0.2);
  /* Sleeping costs no CPU. */
  g_assert_cmpfloat (fsb_test_sample_get (s, "cpu_percent"), <, 50);
  g_assert_cmpfloat (fsb_test_sample_get (s, "minor_faults"), >, 100);
  g_assert_cmpfloat (fsb_test_sample_get (s, "major_faults"), >=, 0);
}

/* Another thread's work is not this thread's: RUSAGE_THREAD. */
static gpointer
spin_thread (gpointer data)
{
  gint64 end = g_get_monotonic_time () + 300000;
  volatile guint64 x = 0;

  while (g_get_monotonic_time () < end)
    x++;
  return NULL;
}

static void
test_other_thread (void)
{
  g_autoptr(FsbSample) s = fsb_sample_new ();
  FsbMeter meter;
  GThread *t;

  fsb_meter_start (&meter);
  t = g_thread_new ("spin", spin_thread, NULL);
  g_thread_join (t);
  fsb_meter_stop (&meter, s);
  g_assert_cmpfloat (fsb_test_sample_get (s, "cpu_s"), <, 0.1);
}

static void
test_machine (void)
{
  FsbMachine m = { 0 };

  fsb_machine_probe (&m);
  g_assert_cmpuint (m.cores, >, 0);
  g_assert_cmpuint (m.ram_bytes, >, 64 * 1024 * 1024);
  g_assert_nonnull (m.kernel);
  g_assert_true (g_str_has_prefix (m.kernel, "Linux "));
  if (g_file_test ("/etc/os-release", G_FILE_TEST_EXISTS))
    g_assert_nonnull (m.distribution);
  fsb_machine_clear (&m);
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/meter/busy", test_busy);
  g_test_add_func ("/meter/probe-outside", test_probe_outside);
  g_test_add_func ("/meter/idle-and-faults", test_idle_and_faults);
  g_test_add_func ("/meter/other-thread", test_other_thread);
  g_test_add_func ("/meter/machine", test_machine);
  return g_test_run ();
}
