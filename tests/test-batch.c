/* test-batch.c: a task too short to time alone, measured as a batch:
 * its size, the sample per operation, the machine's state around the
 * operations, and "batch" through JSON */
#include "config.h"

#include <string.h>

#include "fsb-engine.h"
#include "fsb-host-state.h"
#include "fsb-test-assert.h"

/* A batch's operations with the machine's state: ops[k] = { wall_s,
 * disturbed, machine_slowdown }. */
static FsbSample *
batch_of (const double (*ops)[3], guint n)
{
  FsbSample *sample = NULL;
  g_autoptr(GPtrArray) more = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);

  for (guint i = 0; i < n; i++)
    {
      FsbSample *op = fsb_sample_new ();

      fsb_sample_set (op, "wall_s", ops[i][0]);
      fsb_sample_set (op, "disturbed", ops[i][1]);
      fsb_sample_set (op, "machine_slowdown", ops[i][2]);
      fsb_sample_set (op, "others_runnable", 3 - i);
      fsb_sample_set (op, "host_dirty_bytes", 1e6 * i);
      if (sample == NULL)
        sample = op;
      else
        g_ptr_array_add (more, op);
    }
  fsb_sample_average (sample, more);
  return sample;
}

/* The machine's state around a batch's operations: the causes of
 * "disturbed" joined (averaged, bit 8 on one operation of two had read as
 * 4, others busy on every core), the readings that flag it the worst;
 * all quiet, quiet. The times average over every operation. */
static void
assert_batch_state (void)
{
  const double mixed[][3] = { { 0.004, FSB_DISTURBED_SLOW, 1.6 }, { 0.001, 0, 1.0 },
                              { 0.002, 0, 1.1 }, { 0.009, FSB_DISTURBED_DISK, 1.0 } };
  const double two[][3] = { { 0.004, 0, 1.0 }, { 0.002, FSB_DISTURBED_SLOW, 1.4 } };
  const double calm[][3] = { { 0.004, 0, 1.0 }, { 0.002, 0, 1.2 } };
  g_autoptr(FsbSample) joined = batch_of (mixed, G_N_ELEMENTS (mixed));
  g_autoptr(FsbSample) pair = batch_of (two, G_N_ELEMENTS (two));
  g_autoptr(FsbSample) quiet = batch_of (calm, G_N_ELEMENTS (calm));
  double v;

  g_assert_cmpuint (joined->batch, ==, 4);
  g_assert_true (fsb_sample_get (joined, "wall_s", &v));
  g_assert_cmpfloat_with_epsilon (v, 0.004, 1e-12);
  g_assert_true (fsb_sample_get (joined, "disturbed", &v));
  g_assert_cmpfloat (v, ==, FSB_DISTURBED_SLOW | FSB_DISTURBED_DISK);
  g_assert_true (fsb_sample_get (joined, "machine_slowdown", &v));
  g_assert_cmpfloat (v, ==, 1.6);
  g_assert_true (fsb_sample_get (joined, "others_runnable", &v));
  g_assert_cmpfloat (v, ==, 0);
  g_assert_true (fsb_sample_get (joined, "host_dirty_bytes", &v));
  g_assert_cmpfloat (v, ==, 3e6);

  g_assert_true (fsb_sample_get (pair, "disturbed", &v));
  g_assert_cmpfloat (v, ==, FSB_DISTURBED_SLOW);
  g_assert_true (fsb_sample_get (quiet, "disturbed", &v));
  g_assert_cmpfloat (v, ==, 0);
  g_assert_true (fsb_sample_get (quiet, "machine_slowdown", &v));
  g_assert_cmpfloat (v, ==, 1.2);
}

/* A batch's sample: each metric per operation, the batch size kept; in
 * JSON as "batch", and 1 in files from before batches; a batch size out
 * of its range is refused naming the field. */
static void
test_batch (void)
{
  g_autoptr(FsbSample) sample = fsb_sample_new ();
  g_autoptr(GPtrArray) more = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
  g_autoptr(FsbResult) r = fsb_result_new ();
  g_autoptr(FsbResult) back = NULL, old = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  const char *bad[] = { "0", "1.5", "-1", "10001" };
  double times[] = { 0.004, 0.006, 0.002, 0.008 }, v;
  FsbTaskResult *task;

  /* the batch size: enough operations for FSB_BATCH_LEAST_S, within FSB_BATCH_MOST */
  g_assert_cmpuint (fsb_batch_size (FSB_BATCH_LEAST_S), ==, 1);
  g_assert_cmpuint (fsb_batch_size (0.03), ==, 2);
  g_assert_cmpuint (fsb_batch_size (0.001), ==, FSB_BATCH_MOST);
  g_assert_cmpuint (fsb_batch_size (0), ==, FSB_BATCH_MOST);

  /* time per operation: the batch's timed total / k */
  fsb_sample_set (sample, "wall_s", times[0]);
  fsb_sample_set (sample, "files", 375);
  for (guint i = 1; i < G_N_ELEMENTS (times); i++)
    {
      FsbSample *next = fsb_sample_new ();

      fsb_sample_set (next, "wall_s", times[i]);
      fsb_sample_set (next, "files", 375);
      g_ptr_array_add (more, next);
    }
  fsb_sample_average (sample, more);
  g_assert_cmpuint (sample->batch, ==, 4);
  g_assert_true (fsb_sample_get (sample, "wall_s", &v));
  g_assert_cmpfloat_with_epsilon (v, (0.004 + 0.006 + 0.002 + 0.008) / 4, 1e-12);
  g_assert_true (fsb_sample_get (sample, "files", &v));
  g_assert_cmpfloat (v, ==, 375);
  assert_batch_state ();

  /* through JSON: "batch" is the sample's, not a metric */
  task = fsb_fs_result_get_task (fsb_result_add_filesystem (r, "xfs"), "tree-find", TRUE);
  g_ptr_array_add (task->samples, fsb_sample_copy (sample));
  g_ptr_array_add (task->samples, fsb_sample_copy (more->pdata[0]));
  data = fsb_result_to_data (r, NULL);
  g_assert_nonnull (strstr (data, "\"batch\" : 4"));
  back = fsb_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  task = fsb_fs_result_get_task (fsb_result_find_filesystem (back, "xfs"), "tree-find", FALSE);
  g_assert_cmpuint (((FsbSample *) task->samples->pdata[0])->batch, ==, 4);
  g_assert_false (fsb_sample_get (task->samples->pdata[0], "batch", &v));
  g_assert_cmpuint (MAX (((FsbSample *) task->samples->pdata[1])->batch, 1), ==, 1);

  /* a file from before batches */
  old = fsb_result_load_from_data ("{\"schema\": \"fsbench-result/2\", \"filesystems\": [{\"name\": \"xfs\", "
                                   "\"tasks\": [{\"id\": \"tree-find\", \"samples\": [{\"wall_s\": 0.004}]}]}]}",
                                   -1, &error);
  g_assert_no_error (error);
  task = fsb_fs_result_get_task (fsb_result_find_filesystem (old, "xfs"), "tree-find", FALSE);
  g_assert_cmpuint (MAX (((FsbSample *) task->samples->pdata[0])->batch, 1), ==, 1);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *json = g_strdup_printf ("{\"schema\": \"fsbench-result/2\", \"filesystems\": [{\"name\": \"xfs\", "
                                               "\"tasks\": [{\"id\": \"tree-find\", \"samples\": "
                                               "[{\"wall_s\": 0.004, \"batch\": %s}]}]}]}", bad[i]);
      fsb_assert_load_fails (json, FSB_ERROR_INVALID, "samples[0].batch");
    }
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/batch/sample", test_batch);
  return g_test_run ();
}
