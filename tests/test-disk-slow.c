/* test-disk-slow.c: which samples of a series waited on a slow disk: the
 * same reads (or writes, or both) taking 1.5 times the usual of the
 * series' quicker half and 1.5 ms more;
 * not a sample that asked for more, not a whisker over, not a series too
 * short to know its usual; the other causes kept; judged again as the
 * series grows */
#include "config.h"

#include "fsb-engine.h"
#include "fsb-host-state.h"
#include "fsb-test-sample.h"

/* A sample of a cold tree walk: its reads, their time in the device, 4 KiB
 * each; disturbed < 0: the machine's state not recorded. */
static FsbSample *
walk (double reads, double read_s, double disturbed)
{
  FsbSample *s = fsb_sample_new ();

  fsb_sample_set (s, "wall_s", 0.001 + read_s);
  fsb_sample_set (s, "device_reads", reads);
  fsb_sample_set (s, "device_read_s", read_s);
  fsb_sample_set (s, "device_read_bytes", reads * 4096);
  if (disturbed >= 0)
    fsb_sample_set (s, "disturbed", disturbed);
  return s;
}

static FsbTaskResult *
series (void)
{
  FsbTaskResult *task = g_new0 (FsbTaskResult, 1);

  task->id = (char *) "tree-find";
  task->samples = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
  return task;
}

static void
series_free (FsbTaskResult *task)
{
  g_ptr_array_unref (task->samples);
  g_free (task);
}

static guint
bits (FsbTaskResult *task, guint i)
{
  return (guint) fsb_test_sample_get (task->samples->pdata[i], "disturbed");
}

static void
test_reads (void)
{
  FsbTaskResult *task = series ();

  /* 47 reads in 3 ms, as on a quiet day (the kernel counts whole ms) */
  for (guint i = 0; i < 5; i++)
    g_ptr_array_add (task->samples, walk (47, 0.003, 0));
  g_ptr_array_add (task->samples, walk (47, 0.010, 0));                      /* 5: 3.3x, 7 ms more */
  g_ptr_array_add (task->samples, walk (47, 0.0044, 0));                     /* 6: 1.47x: a whisker */
  g_ptr_array_add (task->samples, walk (94, 0.012, 0));                      /* 7: twice the reads */
  g_ptr_array_add (task->samples, walk (47, 0.011, FSB_DISTURBED_STEAL));     /* 8: and the steal stays */
  g_ptr_array_add (task->samples, walk (47, 0.009, -1));                     /* 9: state unknown */
  fsb_task_result_flag_slow_disk (task);

  for (guint i = 0; i < 5; i++)
    g_assert_cmpuint (bits (task, i), ==, 0);
  g_assert_cmpuint (bits (task, 5), ==, FSB_DISTURBED_DISK);
  g_assert_cmpuint (bits (task, 6), ==, 0);
  g_assert_cmpuint (bits (task, 7), ==, 0);
  g_assert_cmpuint (bits (task, 8), ==, FSB_DISTURBED_STEAL | FSB_DISTURBED_DISK);
  g_assert_false (fsb_sample_get (task->samples->pdata[9], "disturbed", NULL));
  /* the estimates leave 5 and 8 out: more than two quiet ones stay */
  g_assert_true (fsb_task_result_drops_disturbed (task));
  series_free (task);
}

/* 8 reads of 0.1 ms: 2.5 times as long is still 1.2 ms more, within what the
 * kernel's whole milliseconds blur; 5 reads are too few to judge. */
static void
test_too_little (void)
{
  FsbTaskResult *task = series ();

  for (guint i = 0; i < 4; i++)
    g_ptr_array_add (task->samples, walk (8, 0.0008, 0));
  g_ptr_array_add (task->samples, walk (8, 0.0020, 0));
  for (guint i = 0; i < 4; i++)
    g_ptr_array_add (task->samples, walk (5, 0.001, 0));
  g_ptr_array_add (task->samples, walk (5, 0.010, 0));
  fsb_task_result_flag_slow_disk (task);
  for (guint i = 0; i < task->samples->len; i++)
    g_assert_cmpuint (bits (task, i), ==, 0);
  series_free (task);
}

/* Writes count alike: ext4 deleting the big files, 8 writes of 0.12 ms,
 * and once 0.88 ms each while the disk was busy. */
static void
test_writes (void)
{
  FsbTaskResult *task = series ();

  task->id = (char *) "big-delete";
  for (guint i = 0; i < 6; i++)
    {
      FsbSample *s = fsb_sample_new ();
      double per = i == 0 ? 0.00088 : 0.00012;

      fsb_sample_set (s, "wall_s", 0.0013);
      fsb_sample_set (s, "device_reads", 4);
      fsb_sample_set (s, "device_read_s", 0);
      fsb_sample_set (s, "device_read_bytes", 16384);
      fsb_sample_set (s, "device_writes", 8);
      fsb_sample_set (s, "device_write_s", 8 * per);
      fsb_sample_set (s, "device_write_bytes", 8 * 4096);
      fsb_sample_set (s, "disturbed", 0);
      g_ptr_array_add (task->samples, s);
    }
  fsb_task_result_flag_slow_disk (task);
  g_assert_cmpuint (bits (task, 0), ==, FSB_DISTURBED_DISK);
  for (guint i = 1; i < 6; i++)
    g_assert_cmpuint (bits (task, i), ==, 0);
  series_free (task);
}

/* Judged whole: two samples cannot tell the usual; the third does; a slow
 * spell that becomes the series' usual (most of its quicker half) clears
 * the flag again. */
static void
test_series_grows (void)
{
  FsbTaskResult *task = series ();

  g_ptr_array_add (task->samples, walk (47, 0.003, 0));
  g_ptr_array_add (task->samples, walk (47, 0.010, 0));
  fsb_task_result_flag_slow_disk (task);
  g_assert_cmpuint (bits (task, 1), ==, 0);

  g_ptr_array_add (task->samples, walk (47, 0.003, 0));
  fsb_task_result_flag_slow_disk (task);
  g_assert_cmpuint (bits (task, 1), ==, FSB_DISTURBED_DISK);

  for (guint i = 0; i < 9; i++)
    g_ptr_array_add (task->samples, walk (47, 0.009, 0));
  fsb_task_result_flag_slow_disk (task);
  for (guint i = 0; i < task->samples->len; i++)
    g_assert_cmpuint (bits (task, i), ==, 0);
  series_free (task);
}

/* A spell over two samples of four (an XFS tree-find's 32 reads in 2,
 * 7.5, 9.5 and 2 ms): the median (4.75 ms) would call 7.5 ms usual; the
 * quicker half's (2 ms) does not. */
static void
test_half_slow (void)
{
  FsbTaskResult *task = series ();
  const double read_s[] = { 0.002, 0.0075, 0.0095, 0.002 };

  for (guint i = 0; i < G_N_ELEMENTS (read_s); i++)
    g_ptr_array_add (task->samples, walk (32, read_s[i], 0));
  fsb_task_result_flag_slow_disk (task);
  g_assert_cmpuint (bits (task, 0), ==, 0);
  g_assert_cmpuint (bits (task, 1), ==, FSB_DISTURBED_DISK);
  g_assert_cmpuint (bits (task, 2), ==, FSB_DISTURBED_DISK);
  g_assert_cmpuint (bits (task, 3), ==, 0);
  /* two quiet ones stay: the estimates leave the slow ones out */
  g_assert_true (fsb_task_result_drops_disturbed (task));
  series_free (task);
}

/* Reads and writes together: an XFS tree listing, 35 reads in 2-2.5 ms
 * and 2 writes in 0.5, once 2.5 ms: 2 writes are too few to judge alone,
 * the sample's 37 requests took twice the usual. Each kind alone as
 * usual, or the writes 1 ms more only, is not flagged. */
static void
test_both (void)
{
  FsbTaskResult *task = series ();
  const double read_s[] = { 0.0025, 0.0020, 0.0020, 0.0025, 0.0025, 0.0020 };
  const double write_s[] = { 0.0005, 0.0005, 0.0005, 0.0005, 0.0025, 0.0015 };

  task->id = (char *) "tree-list";
  for (guint i = 0; i < G_N_ELEMENTS (read_s); i++)
    {
      FsbSample *s = walk (35, read_s[i], 0);

      fsb_sample_set (s, "device_writes", 2);
      fsb_sample_set (s, "device_write_s", write_s[i]);
      fsb_sample_set (s, "device_write_bytes", 32512);
      g_ptr_array_add (task->samples, s);
    }
  fsb_task_result_flag_slow_disk (task);
  for (guint i = 0; i < task->samples->len; i++)
    g_assert_cmpuint (bits (task, i), ==, i == 4 ? FSB_DISTURBED_DISK : 0);
  series_free (task);
}

/* XFS big-delete: one read and one log write, 0.6 ms, whose device time
 * the kernel counts as 0 or 1 ms: only the disk probe tells, and judges
 * samples of fewer than FSB_DISK_SLOW_REQUESTS requests. Over twice
 * the usual at either end flags the sample, and the flag goes when the
 * judge runs again; a whisker under does not, nor a probe unknown; the
 * other causes stay. */
static void
test_probe (void)
{
  FsbTaskResult *task = series ();
  /* the probe's slowdown; 0: none recorded */
  const double probe[] = { 1.1, 2.01, 2.0, 0, 3.4, 0.8 };
  const guint before[] = { 0, 0, 0, 0, FSB_DISTURBED_SLOW, 0 };
  const guint after[] = { 0, FSB_DISTURBED_DISK, 0, 0, FSB_DISTURBED_SLOW | FSB_DISTURBED_DISK, 0 };

  task->id = (char *) "big-delete";
  for (guint i = 0; i < G_N_ELEMENTS (probe); i++)
    {
      FsbSample *s = walk (1, i == 1 ? 0.001 : 0, before[i]);

      fsb_sample_set (s, "device_writes", 1);
      fsb_sample_set (s, "device_write_s", i == 4 ? 0.001 : 0);
      fsb_sample_set (s, "device_write_bytes", 2560);
      if (probe[i] > 0)
        fsb_sample_set (s, "disk_slowdown", probe[i]);
      g_ptr_array_add (task->samples, s);
    }
  fsb_task_result_flag_slow_disk (task);
  for (guint i = 0; i < G_N_ELEMENTS (probe); i++)
    g_assert_cmpuint (bits (task, i), ==, after[i]);
  /* the judge clears its own bit and sets it again from the evidence: a
   * probe read again as usual (a batch's joined reading is the most of
   * its operations', so this is a test's edit) clears it */
  fsb_sample_set (task->samples->pdata[1], "disk_slowdown", 1.2);
  fsb_task_result_flag_slow_disk (task);
  g_assert_cmpuint (bits (task, 1), ==, 0);
  g_assert_cmpuint (bits (task, 4), ==, FSB_DISTURBED_SLOW | FSB_DISTURBED_DISK);
  series_free (task);

  /* where the counts can judge (47 reads), they do, not the probe: its
   * reading at the ends does not flag a walk whose reads took the usual
   * time, nor clear one whose reads were slow */
  task = series ();
  for (guint i = 0; i < 5; i++)
    g_ptr_array_add (task->samples, walk (47, i == 4 ? 0.010 : 0.003, 0));
  fsb_sample_set (task->samples->pdata[1], "disk_slowdown", 3.0);
  fsb_sample_set (task->samples->pdata[4], "disk_slowdown", 1.0);
  fsb_task_result_flag_slow_disk (task);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpuint (bits (task, i), ==, i == 4 ? FSB_DISTURBED_DISK : 0);
  series_free (task);
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/disk-slow/reads", test_reads);
  g_test_add_func ("/disk-slow/too-little", test_too_little);
  g_test_add_func ("/disk-slow/writes", test_writes);
  g_test_add_func ("/disk-slow/series-grows", test_series_grows);
  g_test_add_func ("/disk-slow/half-slow", test_half_slow);
  g_test_add_func ("/disk-slow/both", test_both);
  g_test_add_func ("/disk-slow/probe", test_probe);
  return g_test_run ();
}
