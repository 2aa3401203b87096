/* test-host-state.c: the machine's state around a sample: /proc texts read
 * into numbers, the rule that calls a sample disturbed, and which samples
 * the estimates keep */
#include "config.h"

#include <math.h>

#include "fsb-engine.h"
#include "fsb-host-state.h"
#include "fsb-stats.h"
#include "fsb-test-sample.h"

/* /proc texts of a 2-core VM (kernel 6.x), cut after what is read */
static const char stat_before[] =
  "cpu  10000 50 4000 80000 1200 0 300 500 0 0\n"
  "cpu0 5000 25 2000 40000 600 0 150 250 0 0\n"
  "intr 123 4 5\n";
/* 2 s on 2 cores: 400 jiffies, 60 of them stolen, 20 in iowait */
static const char stat_after[] =
  "cpu  10200 50 4040 80070 1220 0 310 560 0 0\n"
  "cpu0 5100 25 2020 40030 610 0 155 280 0 0\n";
static const char loadavg[] = "2.75 1.40 0.90 3/187 12345\n";
static const char meminfo[] =
  "MemTotal:        4014252 kB\n"
  "MemFree:          112344 kB\n"
  "Dirty:            300000 kB\n"
  "Writeback:          2048 kB\n"
  "AnonPages:        300000 kB\n";

static void
test_parse (void)
{
  FsbHostState st = { 0 };
  /* meminfo without a leading newline: the first key is never Dirty */
  g_autofree char *mem = g_strconcat ("\n", meminfo, NULL);

  g_assert_true (fsb_host_state_parse_stat (stat_before, &st));
  g_assert_cmpuint (st.total_jiffies, ==, 10000 + 50 + 4000 + 80000 + 1200 + 0 + 300 + 500);
  g_assert_cmpuint (st.iowait_jiffies, ==, 1200);
  g_assert_cmpuint (st.steal_jiffies, ==, 500);
  g_assert_true (fsb_host_state_parse_loadavg (loadavg, &st));
  g_assert_cmpfloat (st.load1, ==, 2.75);
  g_assert_cmpuint (st.runnable, ==, 3);
  g_assert_true (fsb_host_state_parse_meminfo (mem, &st));
  g_assert_cmpuint (st.dirty_bytes, ==, (300000 + 2048) * 1024ULL);

  /* an old kernel's line without steal: 0 */
  g_assert_true (fsb_host_state_parse_stat ("cpu  1 2 3 4 5\n", &st));
  g_assert_cmpuint (st.steal_jiffies, ==, 0);
  g_assert_cmpuint (st.total_jiffies, ==, 15);
  /* what is not these files is not read */
  g_assert_false (fsb_host_state_parse_stat ("cpu0 1 2 3 4 5\n", &st));
  g_assert_false (st.have_cpu);
  g_assert_false (fsb_host_state_parse_stat ("cpu  1 2\n", &st));
  g_assert_false (fsb_host_state_parse_loadavg ("", &st));
  g_assert_false (fsb_host_state_parse_loadavg ("0.5 0.5 0.5\n", &st));
  g_assert_false (fsb_host_state_parse_meminfo ("\nDirty: 12 kB\n", &st));
  g_assert_false (st.have_dirty);

  /* free page reporting's count, in KiB */
  g_assert_true (fsb_host_state_parse_reported ("221084792\n", &st));
  g_assert_cmpuint (st.returned_bytes, ==, 221084792ULL * 1024);
  g_assert_false (fsb_host_state_parse_reported ("", &st));
  g_assert_false (st.have_returned);
  g_assert_false (fsb_host_state_parse_reported ("-5\n", &st));
  g_assert_false (fsb_host_state_parse_reported ("12x\n", &st));
  g_assert_false (fsb_host_state_parse_reported ("99999999999999999999\n", &st));
}

/* A block device's counters: the loop device's stat of a run on this VM
 * (17 fields since Linux 5.5; 11 before, as older kernels write them). */
static void
test_device_io (void)
{
  FsbDeviceIo io = { 0 };

  g_assert_true (fsb_device_io_parse ("    3913        0   519512     1187    12043      210  2114576    24318        0    13448    "
                                      "25505     2231        0  1048576      131      560      168\n", &io));
  g_assert_cmpuint (io.reads, ==, 3913);
  g_assert_cmpuint (io.read_bytes, ==, 519512ULL * 512);
  g_assert_cmpuint (io.read_ms, ==, 1187);
  g_assert_cmpuint (io.writes, ==, 12043);
  g_assert_cmpuint (io.written_bytes, ==, 2114576ULL * 512);
  g_assert_cmpuint (io.write_ms, ==, 24318);
  g_assert_true (fsb_device_io_parse ("1 0 8 2 3 0 16 4 0 5 6\n", &io));
  g_assert_cmpuint (io.write_ms, ==, 4);
  /* cut short, not numbers, a sector count past 64 bits in bytes */
  g_assert_false (fsb_device_io_parse ("1 0 8 2 3 0 16\n", &io));
  g_assert_false (fsb_device_io_parse ("", &io));
  g_assert_false (fsb_device_io_parse ("1 0 8 2 x 0 16 4\n", &io));
  g_assert_false (fsb_device_io_parse ("1 0 8 2 -3 0 16 4\n", &io));
  g_assert_false (fsb_device_io_parse ("1 0 8 2 3 0 36028797018963968 4\n", &io));
}

static void
test_record (void)
{
  FsbHostState a = { 0 }, b = { 0 };
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autofree char *mem = g_strconcat ("\n", meminfo, NULL);

  fsb_host_state_parse_stat (stat_before, &a);
  fsb_host_state_parse_loadavg (loadavg, &a);
  fsb_host_state_parse_meminfo ("\nDirty: 100 kB\nWriteback: 0 kB\n", &a);
  fsb_host_state_parse_stat (stat_after, &b);
  fsb_host_state_parse_loadavg ("2.80 1.41 0.90 5/187 12346\n", &b);
  fsb_host_state_parse_meminfo (mem, &b);
  fsb_host_state_parse_reported ("1000\n", &a);
  fsb_host_state_parse_reported ("394216\n", &b);
  /* the speed probe: usual at the start, slow at the end */
  a.slowdown = 1.02;
  b.slowdown = 1.65;
  fsb_host_state_record (&a, &b, 2, s);
  /* 385 MiB handed back while it ran: recorded, not judged */
  g_assert_cmpfloat (fsb_test_sample_get (s, "host_returned_bytes"), ==, (394216 - 1000) * 1024.0);
  g_assert_cmpfloat_with_epsilon (fsb_test_sample_get (s, "steal_percent"), 15.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (fsb_test_sample_get (s, "iowait_percent"), 5.0, 1e-9);
  g_assert_cmpfloat (fsb_test_sample_get (s, "load_start"), ==, 2.75);
  /* runnable 3 then 5: 2 others at both ends, the reader left out */
  g_assert_cmpfloat (fsb_test_sample_get (s, "others_runnable"), ==, 2);
  g_assert_cmpfloat (fsb_test_sample_get (s, "host_dirty_bytes"), ==, (300000 + 2048) * 1024.0);
  /* the slower end */
  g_assert_cmpfloat (fsb_test_sample_get (s, "machine_slowdown"), ==, 1.65);
  /* steal 15 % > 10 %, 295 MiB dirty > 256 MiB, 2 others on 2 cores,
   * the machine 1.65× slower than usual */
  g_assert_cmpfloat (fsb_test_sample_get (s, "disturbed"), ==, FSB_DISTURBED_HOST);

  /* nothing read: nothing recorded, not even "quiet" */
  {
    FsbHostState none = { 0 };
    g_autoptr(FsbSample) t = fsb_sample_new ();
    double v;

    fsb_host_state_record (&none, &none, 2, t);
    g_assert_false (fsb_sample_get (t, "disturbed", &v));
    g_assert_false (fsb_sample_get (t, "machine_slowdown", &v));
    g_assert_false (fsb_sample_disturbed (t));
  }
}

static void
test_rule (void)
{
  const double mib = 1024.0 * 1024;

  g_assert_cmpuint (fsb_host_state_rule (0, 400, 0, 0.5, 2, 0), ==, 0);
  /* steal: more than 10 % of the interval, and at least 2 jiffies */
  g_assert_cmpuint (fsb_host_state_rule (40, 400, 0, 0, 2, 0), ==, 0);
  g_assert_cmpuint (fsb_host_state_rule (41, 400, 0, 0, 2, 0), ==, FSB_DISTURBED_STEAL);
  g_assert_cmpuint (fsb_host_state_rule (1, 4, 0, 0, 2, 0), ==, 0);
  g_assert_cmpuint (fsb_host_state_rule (2, 4, 0, 0, 2, 0), ==, FSB_DISTURBED_STEAL);
  g_assert_cmpuint (fsb_host_state_rule (5, 0, 0, 0, 2, 0), ==, 0);
  /* write-back of other files */
  g_assert_cmpuint (fsb_host_state_rule (0, 400, 256 * mib, 0, 2, 0), ==, 0);
  g_assert_cmpuint (fsb_host_state_rule (0, 400, 257 * mib, 0, 2, 0), ==, FSB_DISTURBED_WRITEBACK);
  /* others runnable: one per core */
  g_assert_cmpuint (fsb_host_state_rule (0, 400, 0, 1, 2, 0), ==, 0);
  g_assert_cmpuint (fsb_host_state_rule (0, 400, 0, 2, 2, 0), ==, FSB_DISTURBED_LOAD);
  g_assert_cmpuint (fsb_host_state_rule (0, 400, 0, 2, 0, 0), ==, 0);
  /* the machine slower than usual: more than 1.5× */
  g_assert_cmpuint (fsb_host_state_rule (0, 400, 0, 0, 2, 1.4), ==, 0);
  g_assert_cmpuint (fsb_host_state_rule (0, 400, 0, 0, 2, 1.5), ==, 0);
  g_assert_cmpuint (fsb_host_state_rule (0, 400, 0, 0, 2, 1.51), ==, FSB_DISTURBED_SLOW);
  g_assert_cmpuint (fsb_host_state_rule (0, 400, 0, 0, 2, 0.5), ==, 0);
}

/* The speed probe's judgement: against the median of its history, none
 * before 5 probes, the history at most FSB_SPEED_HISTORY long. */
static void
test_slowdown (void)
{
  double h[FSB_SPEED_HISTORY + 10];

  for (guint i = 0; i < G_N_ELEMENTS (h); i++)
    h[i] = 1e-3;
  g_assert_cmpfloat (fsb_host_speed_slowdown (h, FSB_SPEED_LEAST - 1, 2e-3), ==, 0);
  g_assert_cmpfloat (fsb_host_speed_slowdown (h, FSB_SPEED_LEAST, 2e-3), ==, 2);
  g_assert_cmpfloat (fsb_host_speed_slowdown (h, FSB_SPEED_LEAST, 0), ==, 0);
  /* a slow window shorter than half the history does not move the median */
  for (guint i = 0; i < FSB_SPEED_HISTORY / 2; i++)
    h[i] = 5e-3;
  g_assert_cmpfloat (fsb_host_speed_slowdown (h, FSB_SPEED_HISTORY, 1.5e-3), ==, 1.5);
  /* one past half of it does: the machine's usual has changed */
  h[FSB_SPEED_HISTORY / 2] = 5e-3;
  g_assert_cmpfloat (fsb_host_speed_slowdown (h, FSB_SPEED_HISTORY, 1.5e-3), ==, 0.3);
  /* an even count: the middle two's mean; past the history: its length */
  h[0] = 1e-3, h[1] = 3e-3, h[2] = 2e-3, h[3] = 4e-3, h[4] = 8e-3, h[5] = 6e-3;
  g_assert_cmpfloat_with_epsilon (fsb_host_speed_slowdown (h, 6, 7e-3), 2.0, 1e-12);
  g_assert_cmpfloat (fsb_host_speed_slowdown (h, G_N_ELEMENTS (h), 1e-3), ==,
                     fsb_host_speed_slowdown (h, FSB_SPEED_HISTORY, 1e-3));
}

static FsbSample *
sample (double wall, double disturbed)
{
  FsbSample *s = fsb_sample_new ();

  fsb_sample_set (s, "wall_s", wall);
  if (disturbed >= 0)
    fsb_sample_set (s, "disturbed", disturbed);
  return s;
}

/* A task with a disturbed sample: left out of the estimate while two
 * quiet ones remain, kept when it would leave fewer. */
static void
test_estimate (void)
{
  FsbTaskResult task = { .id = (char *) "big-copy-in" };
  FsbStats stats;

  task.samples = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
  g_ptr_array_add (task.samples, sample (1.0, 0));
  g_ptr_array_add (task.samples, sample (9.0, FSB_DISTURBED_WRITEBACK));
  g_ptr_array_add (task.samples, sample (1.2, 0));
  g_assert_true (fsb_task_result_drops_disturbed (&task));
  g_assert_true (fsb_task_result_stats (NULL, &task, "wall_s", &stats));
  g_assert_cmpuint (stats.n, ==, 2);
  g_assert_cmpfloat (stats.max, ==, 1.2);

  /* one quiet sample is not enough: all are used */
  g_ptr_array_remove_index (task.samples, 2);
  g_assert_false (fsb_task_result_drops_disturbed (&task));
  g_assert_true (fsb_task_result_stats (NULL, &task, "wall_s", &stats));
  g_assert_cmpuint (stats.n, ==, 2);

  /* without the metric (older results): unknown, all used */
  g_ptr_array_set_size (task.samples, 0);
  g_ptr_array_add (task.samples, sample (1.0, -1));
  g_ptr_array_add (task.samples, sample (9.0, -1));
  g_ptr_array_add (task.samples, sample (1.2, -1));
  g_assert_false (fsb_task_result_drops_disturbed (&task));
  g_assert_true (fsb_task_result_stats (NULL, &task, "wall_s", &stats));
  g_assert_cmpuint (stats.n, ==, 3);
  g_ptr_array_unref (task.samples);
}

/* The real files of this machine: read, and in range. */
static void
test_read (void)
{
  FsbHostState st;

  fsb_host_state_read (&st);
  g_assert_true (st.have_cpu);
  g_assert_true (st.have_load);
  g_assert_true (st.have_dirty);
  g_assert_cmpuint (st.total_jiffies, >, st.steal_jiffies + st.iowait_jiffies);
  /* the probe takes time, and judges once it has a history */
  g_assert_cmpfloat (fsb_host_speed_probe (), >, 0);
  for (guint i = 0; i < FSB_SPEED_LEAST; i++)
    fsb_host_state_read (&st);
  g_assert_cmpfloat (st.slowdown, >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  fsb_engine_init ();
  g_test_add_func ("/host-state/parse", test_parse);
  g_test_add_func ("/host-state/device-io", test_device_io);
  g_test_add_func ("/host-state/record", test_record);
  g_test_add_func ("/host-state/rule", test_rule);
  g_test_add_func ("/host-state/slowdown", test_slowdown);
  g_test_add_func ("/host-state/estimate", test_estimate);
  g_test_add_func ("/host-state/read", test_read);
  return g_test_run ();
}
