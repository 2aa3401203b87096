/* test-loader.c: a hostile result file is refused or made harmless:
 * limits, physical plausibility, names, control characters, numbers that
 * round-trip, CSV formulas and charts of absurd values */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <float.h>
#include <string.h>

#include "fsb-chart.h"
#include "fsb-engine.h"
#include "fsb-json.h"
#include "fsb-report.h"
#include "fsb-result-private.h"
#include "fsb-test-assert.h"
#include "fsb-text.h"

/* A small valid result with one value (or member) to break. */
#define HEAD "{\"schema\": \"fsbench-result/1\", "
static char *
one_task (const char *fs, const char *task, const char *sample)
{
  return g_strdup_printf (HEAD "\"filesystems\": [{\"name\": \"%s\", \"tasks\": "
                          "[{\"id\": \"%s\", \"samples\": [%s]}]}]}", fs, task, sample);
}

static void
assert_refused (const char *json, const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = fsb_result_load_from_data (json, -1, &error);

  g_assert_null (r);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  if (strstr (error->message, needle) == NULL)
    g_error ("“%s” does not say “%s”", error->message, needle);
}

static FsbResult *
assert_loads (const char *json)
{
  g_autoptr(GError) error = NULL;
  FsbResult *r = fsb_result_load_from_data (json, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

/* The file: one 1.7e308 made `report` spin for ever. */
static void
test_extreme_value (void)
{
  g_autofree char *json = one_task ("ext4", "big-copy-in", "{\"wall_s\": 1.7e308}");

  assert_refused (json, "filesystems[0].tasks[0].samples[0].wall_s");
  assert_refused (json, "1.7e+308");
}

static void
test_plausibility (void)
{
  static const struct { const char *sample, *field; } bad[] = {
    { "{\"wall_s\": -0.5}", "samples[0].wall_s" },
    { "{\"wall_s\": 1, \"sys_s\": 1e9}", "samples[0].sys_s" },
    { "{\"system_cpu_percent\": 100.5}", "system_cpu_percent" },
    { "{\"cpu_percent\": -1}", "cpu_percent" },
    { "{\"cpu_percent\": 1e6}", "cpu_percent" },
    { "{\"mb_per_s\": 2e9}", "mb_per_s" },
    { "{\"files_per_s\": 1e13}", "files_per_s" },
    { "{\"latency_p99_ms\": -3}", "latency_p99_ms" },
    { "{\"files\": -1}", "files" },
    { "{\"bytes\": 1e19}", "bytes" },
    { "{\"wall_s\": 1e999}", "not a finite number" },
  };
  g_autoptr(FsbResult) ok = NULL;
  g_autofree char *fine = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *json = one_task ("ext4", "mkfs", bad[i].sample);
      assert_refused (json, bad[i].field);
    }

  /* what real runs measure loads: a custom command may keep both cores busy */
  fine = one_task ("ext4", "custom:make",
                   "{\"wall_s\": 12.5, \"cpu_percent\": 187.5, \"system_cpu_percent\": 99.9, "
                   "\"exit_status\": 0, \"minor_faults\": 123456, \"bytes\": 1e17}");
  ok = assert_loads (fine);
  g_assert_cmpuint (ok->filesystems->len, ==, 1);

  /* the rest of the file: capacity, counts, transfers */
  assert_refused (HEAD "\"filesystems\": [{\"name\": \"xfs\", \"tasks\": [], \"capacity\": "
                  "{\"initial_percent\": 1e308}}]}", "filesystems[0].capacity.initial_percent");
  assert_refused (HEAD "\"filesystems\": [{\"name\": \"xfs\", \"tasks\": [], \"capacity\": "
                  "{\"residual\": {\"total_bytes\": -4096}}}]}", "capacity.residual.total_bytes");
  assert_refused (HEAD "\"machine\": {\"cores\": -2}, \"filesystems\": []}", "machine.cores");
  assert_refused (HEAD "\"repetitions\": 2.5, \"filesystems\": []}", "repetitions");
  assert_refused (HEAD "\"filesystems\": [], \"transfers\": [{\"from\": \"a\", \"to\": \"b\", "
                  "\"mb_per_s\": -5}]}", "transfers[0].mb_per_s");
}

/* A transfer's samples are checked as a task's are, and must each hold the rate. */
static void
test_transfer_samples (void)
{
#define TRANSFER(samples) HEAD "\"filesystems\": [], \"transfers\": [{\"from\": \"a\", \"to\": \"b\", " \
                          "\"task\": \"transfer\", \"samples\": " samples "}]}"
  static const struct { const char *json, *field; } bad[] = {
    { TRANSFER ("[{\"mb_per_s\": -1}]"), "transfers[0].samples[0].mb_per_s" },
    { TRANSFER ("[{\"mb_per_s\": 5}, {\"mb_per_s\": 2e9}]"), "transfers[0].samples[1].mb_per_s" },
    { TRANSFER ("[{\"mb_per_s\": 5, \"wall_s\": -0.5}]"), "transfers[0].samples[0].wall_s" },
    { TRANSFER ("[{\"mb_per_s\": 5, \"wall_s\": 1e999}]"), "not a finite number" },
    { TRANSFER ("[{\"mb_per_s\": 5, \"bytes\": -1}]"), "transfers[0].samples[0].bytes" },
    { TRANSFER ("[{\"wall_s\": 2}]"), "transfers[0].samples[0] has no" },
    { TRANSFER ("[]"), "transfers[0] has no samples" },
    { TRANSFER ("[5]"), "a sample is not an object" },
    { HEAD "\"filesystems\": [], \"transfers\": [{\"from\": \"a\", \"to\": \"b\", \"task\": \"=1+1\", "
      "\"samples\": [{\"mb_per_s\": 5}]}]}", "transfers[0].task" },
    { HEAD "\"filesystems\": [], \"transfers\": [{\"from\": \"a\", \"to\": \"b\"}]}", "its samples" },
  };
  g_autoptr(GString) many = g_string_new (HEAD "\"filesystems\": [], \"transfers\": [{\"from\": \"a\", "
                                          "\"to\": \"b\", \"samples\": [");
  g_autoptr(FsbResult) r = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    assert_refused (bad[i].json, bad[i].field);
  /* more copies than any plan makes */
  for (guint i = 0; i <= FSB_RESULT_MAX_TRANSFER_SAMPLES; i++)
    g_string_append (many, i > 0 ? ", {\"mb_per_s\": 1}" : "{\"mb_per_s\": 1}");
  g_string_append (many, "]}]}");
  assert_refused (many->str, "transfers[0].samples holds more than");

  r = assert_loads (TRANSFER ("[{\"bytes\": 1e6, \"wall_s\": 0.5, \"mb_per_s\": 2}, {\"mb_per_s\": 4}]"));
  g_assert_cmpuint (r->transfers->len, ==, 1);
  g_assert_cmpuint (((FsbTransfer *) r->transfers->pdata[0])->task->samples->len, ==, 2);
#undef TRANSFER
}

/* The rules themselves, without a file around them. */
static void
test_metric_rules (void)
{
  static const struct { const char *metric; double value; gboolean plausible; } cases[] = {
    { "wall_s", 0, TRUE }, { "wall_s", 86400 * 365, TRUE }, { "wall_s", -1e-9, FALSE },
    { "io_s", 1e8 + 1, FALSE }, { "latency_max_ms", 5e10, TRUE }, { "latency_max_ms", 2e11, FALSE },
    { "system_cpu_percent", 100, TRUE }, { "initial_percent", 100.0001, FALSE },
    { "cpu_percent", 350, TRUE }, { "cpu_percent", 102401, FALSE },
    { "mb_per_s", 1e9, TRUE }, { "mb_per_s", 1.0000001e9, FALSE },
    { "iops", 1e12, TRUE }, { "files_per_s", 2e12, FALSE },
    { "minor_faults", 1e18, TRUE }, { "requests", -1, FALSE },
    { "wall_s", NAN, FALSE }, { "bytes", INFINITY, FALSE },
    /* the machine's state around a sample (fsb-host-state.c) */
    { "steal_percent", 12.5, TRUE }, { "steal_percent", -1, FALSE }, { "iowait_percent", NAN, FALSE },
    { "load_start", 3.5, TRUE }, { "load_start", -0.5, FALSE }, { "host_dirty_bytes", 1e9, TRUE },
    { "others_runnable", 3, TRUE }, { "host_returned_bytes", 4e8, TRUE }, { "host_returned_bytes", -1, FALSE },
    { "machine_slowdown", 1.4, TRUE }, { "machine_slowdown", -1, FALSE },
    { "disturbed", 0, TRUE }, { "disturbed", 6, TRUE }, { "disturbed", 15, TRUE }, { "disturbed", 16, TRUE }, { "disturbed", 31, TRUE }, { "disturbed", 32, FALSE },
    { "disturbed", 0.5, FALSE },
    { "disturbed", -1, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *problem = fsb_metric_check (cases[i].metric, cases[i].value, "f.x");

      if ((problem == NULL) != cases[i].plausible)
        g_error ("%s = %g: %s", cases[i].metric, cases[i].value, problem != NULL ? problem : "accepted");
      if (problem != NULL)
        g_assert_true (g_str_has_prefix (problem, "f.x "));
    }
  {
    g_autofree char *whole = fsb_count_check (4096, "c");
    g_autofree char *half = fsb_count_check (0.5, "c");
    g_autofree char *negative = fsb_count_check (-1, "c");

    g_assert_null (whole);
    g_assert_nonnull (half);
    g_assert_nonnull (negative);
  }
}

/* Names and ids keep to their character sets; the CSV payload. */
static void
test_names (void)
{
  g_autofree char *csv_name = one_task ("x;=cmd|' /C calc'!A0", "mkfs", "{\"wall_s\": 1}");
  g_autofree char *esc_name = one_task ("ext4\\u001b]52;c;ZXZpbA==\\u0007", "mkfs", "{\"wall_s\": 1}");
  g_autofree char *bad_id = one_task ("ext4", "=1+1", "{\"wall_s\": 1}");
  g_autofree char *esc_id = one_task ("ext4", "custom:a\\u001b[2J", "{\"wall_s\": 1}");
  g_autofree char *fine = one_task ("nilfs2", "custom:my-test.v2", "{\"wall_s\": 1}");
  g_autoptr(FsbResult) r = NULL;
  g_autoptr(GError) error = NULL;

  assert_refused (csv_name, "filesystems[0].name");
  assert_refused (esc_name, "filesystems[0].name");
  assert_refused (bad_id, "filesystems[0].tasks[0].id");
  assert_refused (esc_id, "tasks[0].id");
  assert_refused (HEAD "\"filesystems\": [{\"name\": \"xfs\", \"tasks\": []}, "
                  "{\"name\": \"xfs\", \"tasks\": []}]}", "twice");
  assert_refused (HEAD "\"filesystems\": [], \"transfers\": [{\"from\": \"a;b\", \"to\": \"b\", "
                  "\"mb_per_s\": 5}]}", "transfers[0]");

  /* the message shows the name harmless */
  r = fsb_result_load_from_data (esc_name, -1, &error);
  g_assert_null (r);
  g_assert_null (strchr (error->message, '\033'));

  r = assert_loads (fine);
  g_assert_nonnull (fsb_fs_result_get_task (r->filesystems->pdata[0], "custom:my-test.v2", FALSE));

  g_assert_true (fsb_text_is_fs_name ("ext4"));
  g_assert_false (fsb_text_is_fs_name ("-ext4"));
  g_assert_false (fsb_text_is_fs_name ("a23456789012345678901234567890123"));
  /* a twin's label: a name and its number, nothing else in brackets */
  g_assert_true (fsb_text_is_label ("ext4 (2)"));
  g_assert_true (fsb_text_is_label ("ext4-2"));
  g_assert_false (fsb_text_is_fs_name ("ext4 (2)"));
  g_assert_false (fsb_text_is_label ("ext4 (0)"));
  g_assert_false (fsb_text_is_label ("ext4 (100)"));
  g_assert_false (fsb_text_is_label ("ext4 (2) "));
  g_assert_false (fsb_text_is_label ("ext4 ()"));
  g_assert_false (fsb_text_is_label ("ext4 (x)"));
  g_assert_false (fsb_text_is_label (" (2)"));
  g_assert_true (fsb_text_is_task_id ("custom:-x"));
  g_assert_false (fsb_text_is_task_id ("custom:"));
  g_assert_false (fsb_text_is_task_id ("a:b:c"));
}

static gboolean
has_control (const char *text)
{
  for (const guchar *p = (const guchar *) text; *p != '\0'; p++)
    if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f || (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
      return TRUE;
  return FALSE;
}

/* Terminal escapes in every text a result holds are replaced on load. */
static void
test_control_characters (void)
{
  const char *evil = "ok\\u001b]52;c;ZXZpbA==\\u0007 \\u001bc \\u009b31m \\u202e \\u007f\\r\\nnext\\tline";
  g_autofree char *json = g_strdup_printf (
    HEAD "\"created\": \"%1$s\", \"profile\": \"%1$s\", \"use_case\": \"%1$s\", \"workloads\": [\"%1$s\"], "
    "\"machine\": {\"cpu_model\": \"%1$s\", \"kernel\": \"%1$s\"}, \"target\": {\"device\": \"%1$s\"}, "
    "\"dataset\": {\"source\": \"%1$s\", \"%1$s\": [\"%1$s\"]}, "
    "\"filesystems\": [{\"name\": \"ext4\", \"mkfs_version\": \"%1$s\", \"mkfs_options\": \"%1$s\", "
    "\"mount_options\": \"%1$s\", \"error\": \"%1$s\", \"tasks\": [{\"id\": \"custom:x\", \"command\": \"%1$s\", "
    "\"samples\": [{\"wall_s\": 1, \"error\": \"%1$s\"}]}]}]}", evil);
  g_autoptr(FsbResult) r = assert_loads (json);
  FsbFsResult *fs = r->filesystems->pdata[0];
  FsbTaskResult *task = fs->tasks->pdata[0];
  FsbSample *sample = task->samples->pdata[0];
  g_autofree char *back = fsb_result_to_data (r, NULL);
  const char *texts[] = { r->created, r->profile, r->use_case, r->workloads[0], r->machine.cpu_model,
                          r->machine.kernel, r->target.device, fs->mkfs_version, fs->mkfs_options,
                          fs->mount_options, fs->error, task->command, sample->error };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_assert_false (has_control (texts[i]));
      g_assert_nonnull (strstr (texts[i], "52;c;ZXZpbA=="));   /* the text stays readable */
      g_assert_nonnull (strstr (texts[i], "\nnext\tline"));     /* newline and tab stay */
      g_assert_null (strstr (texts[i], "\xe2\x80\xae"));         /* no right-to-left override */
    }
  /* the dataset's texts too, written back as JSON */
  g_assert_null (strstr (back, "\\u001b"));
  g_assert_null (strstr (back, "\\u009b"));
}

static void
test_sanitize (void)
{
  g_autofree char *a = fsb_text_sanitize ("a\033[31mb\x9b" "c\xc2\x9b" "d\n\te", -1);
  g_autofree char *b = fsb_text_sanitize ("plain: ext4 — «Ёмкость»", -1);
  g_autofree char *c = fsb_text_sanitize ("nul\0hidden", 10);
  g_autoptr(GString) s = g_string_new ("\007bell");

  g_assert_cmpstr (a, ==, "a\xef\xbf\xbd[31mb\xef\xbf\xbd" "c\xef\xbf\xbd" "d\n\te");
  g_assert_cmpstr (b, ==, "plain: ext4 — «Ёмкость»");
  g_assert_cmpstr (c, ==, "nul\xef\xbf\xbdhidden");
  g_assert_true (fsb_text_is_clean ("ok\n", -1));
  g_assert_false (fsb_text_is_clean ("\r", -1));
  fsb_text_sanitize_string (s);
  g_assert_cmpstr (s->str, ==, "\xef\xbf\xbd" "bell");
  g_assert_null (fsb_text_sanitize (NULL, -1));
}

/* Size and shape are bounded before json-glib builds anything. */
static void
test_size_cap (void)
{
  gsize n = FSB_RESULT_MAX_FILE_BYTES + 1;
  g_autofree char *big = g_malloc (n + 1);
  g_autofree char *dir = g_dir_make_tmp ("fsbench-loader-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = NULL;
  gint64 start;

  /* a string that pads the file: valid JSON but for its size */
  memset (big, ' ', n);
  big[n] = '\0';
  memcpy (big, HEAD "\"filesystems\": []}", strlen (HEAD "\"filesystems\": []}"));
  assert_refused (big, "at most 16.0");

  g_assert_true (g_file_set_contents (path, big, (gssize) n, NULL));
  r = fsb_result_load (path, &error);
  g_assert_null (r);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "big.json"));
  g_assert_nonnull (strstr (error->message, "at most 16.0"));
  g_clear_error (&error);

  /* a file that never ends: read up to the cap, not for ever */
  start = g_get_monotonic_time ();
  r = fsb_result_load ("/dev/zero", &error);
  g_assert_null (r);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  g_clear_error (&error);

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_shape_limits (void)
{
  GString *s = g_string_new (HEAD "\"filesystems\": [], \"x\": [");
  g_autofree char *zeros = NULL;

  /* 2 bytes a value would be 8 million nodes, some 1.7 GB in json-glib */
  for (guint i = 0; i <= FSB_RESULT_MAX_VALUES; i++)
    g_string_append (s, "0,");
  g_string_append (s, "0]}");
  zeros = g_string_free (s, FALSE);
  assert_refused (zeros, "values");

  {
    GString *t = g_string_new (HEAD "\"filesystems\": [{\"name\": \"ext4\", \"tasks\": [");
    g_autofree char *json = NULL;

    for (guint i = 0; i <= FSB_RESULT_MAX_TASKS; i++)
      g_string_append_printf (t, "%s{\"id\": \"custom:t%u\", \"samples\": []}", i > 0 ? "," : "", i);
    g_string_append (t, "]}]}");
    json = g_string_free (t, FALSE);
    assert_refused (json, "filesystems[0].tasks holds more than 128");
  }
  {
    /* different ids on each filesystem: every table would have them all */
    GString *t = g_string_new (HEAD "\"filesystems\": [");
    g_autofree char *json = NULL;

    for (guint f = 0; f < 2; f++)
      {
        g_string_append_printf (t, "%s{\"name\": \"fs%u\", \"tasks\": [", f > 0 ? "," : "", f);
        for (guint i = 0; i <= FSB_RESULT_MAX_TASKS / 2; i++)
          g_string_append_printf (t, "%s{\"id\": \"custom:f%ut%u\", \"samples\": []}", i > 0 ? "," : "", f, i);
        g_string_append (t, "]}");
      }
    g_string_append (t, "]}");
    json = g_string_free (t, FALSE);
    assert_refused (json, "more than 128 different tasks");
  }
  {
    GString *t = g_string_new (HEAD "\"filesystems\": [");
    g_autofree char *json = NULL;

    for (guint i = 0; i <= FSB_RESULT_MAX_FILESYSTEMS; i++)
      g_string_append_printf (t, "%s{\"name\": \"fs%u\", \"tasks\": []}", i > 0 ? "," : "", i);
    g_string_append (t, "]}");
    json = g_string_free (t, FALSE);
    assert_refused (json, "filesystems holds more than 32");
  }
  {
    GString *t = g_string_new ("{");
    g_autofree char *sample = NULL, *json = NULL;

    for (guint i = 0; i <= FSB_RESULT_MAX_METRICS; i++)
      g_string_append_printf (t, "%s\"m%u\": 1", i > 0 ? "," : "", i);
    g_string_append (t, "}");
    sample = g_string_free (t, FALSE);
    json = one_task ("ext4", "mkfs", sample);
    assert_refused (json, "samples[0] holds more than 64");
  }
  {
    /* many samples of a few new names each: the names are counted */
    GString *t = g_string_new (NULL);
    g_autofree char *samples = NULL, *json = NULL;

    for (guint i = 0; i <= FSB_RESULT_MAX_METRIC_NAMES / 4; i++)
      g_string_append_printf (t, "%s{\"a%u\": 1, \"b%u\": 1, \"c%u\": 1, \"d%u\": 1}", i > 0 ? "," : "", i, i, i, i);
    samples = g_string_free (t, FALSE);
    json = one_task ("ext4", "mkfs", samples);
    assert_refused (json, "256 different metrics");
  }
}

/* A second value after the object made json-glib 1.6 leak it (found by
 * the fuzzer): refused before json-glib sees it. */
static void
test_one_object (void)
{
  assert_refused ("-0{\"heems\":[]}", "top level is not an object");
  assert_refused ("[1]{}", "top level is not an object");
  assert_refused (HEAD "\"filesystems\": []} {\"a\": [1]}", "goes on after the end");
  assert_refused (HEAD "\"filesystems\": []}{}", "goes on after the end");
  g_autoptr(FsbResult) r = assert_loads (HEAD "\"filesystems\": []}  \n");
  g_assert_nonnull (r);
}

/* Lookups by hash; an index made stale by hand is rebuilt. */
static void
test_task_index (void)
{
  g_autoptr(FsbResult) r = fsb_result_new ();
  FsbFsResult *fs = fsb_result_add_filesystem (r, "ext4");
  g_autoptr(GPtrArray) ids = NULL;

  for (guint i = 0; i < 20000; i++)
    {
      g_autofree char *id = g_strdup_printf ("custom:t%u", i);
      g_assert_nonnull (fsb_fs_result_get_task (fs, id, TRUE));
    }
  g_assert_cmpuint (fs->tasks->len, ==, 20000);
  g_assert_true (fsb_fs_result_get_task (fs, "custom:t0", TRUE) == fs->tasks->pdata[0]);
  g_assert_true (fsb_fs_result_get_task (fs, "custom:t19999", FALSE) == fs->tasks->pdata[19999]);
  g_assert_null (fsb_fs_result_get_task (fs, "custom:t20000", FALSE));
  ids = fsb_result_task_ids (r);
  g_assert_cmpuint (ids->len, ==, 20000);

  g_ptr_array_remove_index (fs->tasks, 0);
  g_assert_null (fsb_fs_result_get_task (fs, "custom:t0", FALSE));
  g_assert_true (fsb_fs_result_get_task (fs, "custom:t1", FALSE) == fs->tasks->pdata[0]);
  g_ptr_array_set_size (fs->tasks, 0);
  g_assert_null (fsb_fs_result_get_task (fs, "custom:t5", FALSE));
}

/* json-glib wrote 1e308 as "1e+308.0": every double must read back. */
static void
test_numbers_round_trip (void)
{
  const double values[] = { 1e308, 1.7e308, -1e-300, 1e17, 0.1, 3, 5e-324, 123456789.123456789 };
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  JsonArray *back;

  json_builder_begin_array (b);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    json_builder_add_double_value (b, values[i]);
  json_builder_add_double_value (b, INFINITY);
  json_builder_add_string_value (b, "1e+308.0 inf.0 stays in a string");
  json_builder_end_array (b);
  root = json_builder_get_root (b);
  text = fsb_json_to_data (root, FALSE, NULL);
  g_assert_null (strstr (text, "e+308.0,"));
  g_assert_nonnull (strstr (text, "\"1e+308.0 inf.0 stays in a string\""));
  fsb_assert_ok (json_parser_load_from_data (parser, text, -1, &error), error);
  back = json_node_get_array (json_parser_get_root (parser));
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    g_assert_cmpfloat (json_array_get_double_element (back, i), ==, values[i]);
  g_assert_true (JSON_NODE_HOLDS_NULL (json_array_get_element (back, G_N_ELEMENTS (values))));

  /* and through a result file: 1e17 bytes came back as "1e+17.0" */
  {
    g_autofree char *json = one_task ("ext4", "custom:x", "{\"wall_s\": 0.1, \"bytes\": 1e17}");
    g_autoptr(FsbResult) r = assert_loads (json);
    g_autofree char *saved = fsb_result_to_data (r, NULL);
    g_autoptr(FsbResult) again = assert_loads (saved);
    FsbTaskResult *task = fsb_fs_result_get_task (again->filesystems->pdata[0], "custom:x", FALSE);
    double v = 0;

    g_assert_true (fsb_sample_get (task->samples->pdata[0], "bytes", &v));
    g_assert_cmpfloat (v, ==, 1e17);
    g_assert_true (fsb_sample_get (task->samples->pdata[0], "wall_s", &v));
    g_assert_cmpfloat (v, ==, 0.1);
  }
}

/* In memory anything can be handed to the chart: it ends, quickly. */
static void
test_chart_extremes (void)
{
  const double values[] = { 1.7e308, DBL_MAX, INFINITY, -INFINITY, NAN, -1e308, 1e-320, 0 };
  const FsbChartKind kinds[] = { FSB_CHART_SECTION, FSB_CHART_CPU, FSB_CHART_FAULTS, FSB_CHART_CAPACITY,
                                 FSB_CHART_TRANSFER };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
  cairo_t *cr = cairo_create (surface);
  g_autofree char *dir = g_dir_make_tmp ("fsbench-chart-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "tall.png", NULL);

  for (guint v = 0; v < G_N_ELEMENTS (values); v++)
    {
      g_autoptr(FsbResult) r = fsb_result_new ();
      FsbFsResult *fs = fsb_result_add_filesystem (r, "ext4");
      FsbFsResult *other = fsb_result_add_filesystem (r, "xfs");
      const char *ids[] = { "big-copy-in", "tree-list", "rand-read", "small-create-seq" };
      gint64 start = g_get_monotonic_time ();

      for (guint t = 0; t < G_N_ELEMENTS (ids); t++)
        for (guint k = 0; k < 2; k++)
          {
            FsbSample *s = fsb_sample_new ();
            const char *metrics[] = { "wall_s", "cpu_percent", "minor_faults", "mb_per_s", "files_per_s" };

            for (guint m = 0; m < G_N_ELEMENTS (metrics); m++)
              fsb_sample_set (s, metrics[m], k == 0 ? values[v] : 1.0);
            g_ptr_array_add (fsb_fs_result_get_task (k == 0 ? fs : other, ids[t], TRUE)->samples, s);
          }
      fs->capacity_initial.percent = values[v];
      other->capacity_residual.percent = values[v];
      for (guint k = 0; k < 2; k++)
        {
          FsbSample *s = fsb_sample_new ();

          fsb_sample_set (s, "mb_per_s", k == 0 ? values[v] : 5);
          g_ptr_array_add (fsb_result_get_transfer (r, k == 0 ? "ext4" : "xfs", k == 0 ? "xfs" : "ext4",
                                                    "transfer")->task->samples, s);
        }
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        for (guint shared = 0; shared < 2; shared++)
          {
            FsbChartOptions options = { .kind = kinds[k], .section = NULL, .live = shared,
                                        .axis_max = shared ? values[v] : 0 };
            fsb_chart_draw (cr, r, &options, 400, 300);
          }
      {
        g_autofree char *csv = fsb_report_to_string (&r, NULL, 1, FSB_REPORT_CSV, NULL, NULL);
        g_assert_nonnull (csv);
      }
      g_assert_cmpint (g_get_monotonic_time () - start, <, 2 * G_USEC_PER_SEC);
    }

  /* the most tasks and filesystems a file may hold: a bounded chart, in
   * bounded time (cairo's SVG surface is quadratic in what it draws) */
  {
    g_autoptr(FsbResult) r = fsb_result_new ();
    FsbChartOptions options = { .kind = FSB_CHART_SECTION, .section = "custom" };
    FsbChartOptions large = { .kind = FSB_CHART_SECTION, .section = "custom", .font_size = 80 };
    g_autofree char *svg = NULL;
    gint64 start;

    for (guint f = 0; f < FSB_RESULT_MAX_FILESYSTEMS; f++)
      {
        g_autofree char *name = g_strdup_printf ("fs%u", f);
        FsbFsResult *fs = fsb_result_add_filesystem (r, name);

        for (guint t = 0; t < FSB_RESULT_MAX_TASKS; t++)
          {
            g_autofree char *id = g_strdup_printf ("custom:c%u", t);
            FsbSample *s = fsb_sample_new ();

            fsb_sample_set (s, "wall_s", 1 + t);
            g_ptr_array_add (fsb_fs_result_get_task (fs, id, TRUE)->samples, s);
          }
      }
    /* a hang guard only: the bound on bars is what the heights show */
    start = g_get_monotonic_time ();
    svg = fsb_chart_to_svg (r, &options, 700, 0, NULL);
    g_assert_cmpint (g_get_monotonic_time () - start, <, 30 * G_USEC_PER_SEC);
    g_assert_cmpfloat (fsb_chart_get_height (r, &options, 700), <, 32767);
    {
      /* as tall as a chart of a fifth of the tasks: the rest are left out */
      g_autoptr(FsbResult) fewer = fsb_result_copy (r);

      for (guint f = 0; f < fewer->filesystems->len; f++)
        g_ptr_array_set_size (((FsbFsResult *) fewer->filesystems->pdata[f])->tasks, FSB_RESULT_MAX_TASKS / 5);
      g_assert_cmpfloat (fsb_chart_get_height (r, &options, 700), <=,
                         fsb_chart_get_height (fewer, &options, 700) + 40);
    }
    /* taller than cairo makes images: drawn smaller instead of not at all */
    g_assert_cmpfloat (fsb_chart_get_height (r, &large, 700), >, 32767);
    g_assert_true (fsb_chart_write_png (r, &large, 700, 0, 2, png, NULL));
    g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
    g_unlink (png);
  }
  g_rmdir (dir);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Spreadsheet formulas, through ',' or ';' (German and French Excel). */
static void
test_csv_formulas (void)
{
  g_autoptr(FsbResult) r = fsb_result_new ();
  const char *labels[] = { "x;=cmd|' /C calc'!A0", NULL };
  const char *names[] = { "x;=cmd|' /C calc'!A0", "=1+1", "+SUM(A1)", "-2+3", "@x", "\tx", "a,b", "ok\033[2J" };
  g_autofree char *csv = NULL;
  g_auto(GStrv) lines = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (r, names[i]);
      FsbSample *s = fsb_sample_new ();

      fsb_sample_set (s, "wall_s", -1.5);   /* a number stays a number */
      g_ptr_array_add (fsb_fs_result_get_task (fs, "mkfs", TRUE)->samples, s);
    }
  csv = fsb_report_to_string (&r, labels, 1, FSB_REPORT_CSV, NULL, NULL);
  g_assert_nonnull (strstr (csv, "\r\n\"x;=cmd|' /C calc'!A0\",\"x;=cmd|' /C calc'!A0\","));
  g_assert_nonnull (strstr (csv, ",\"'=1+1\","));
  g_assert_nonnull (strstr (csv, ",\"'+SUM(A1)\","));
  g_assert_nonnull (strstr (csv, ",\"'-2+3\","));
  g_assert_nonnull (strstr (csv, ",\"'@x\","));
  g_assert_nonnull (strstr (csv, ",\"'\tx\","));
  g_assert_nonnull (strstr (csv, ",\"a,b\","));
  g_assert_nonnull (strstr (csv, ",-1.5,s\r\n"));
  g_assert_null (strchr (csv, '\033'));

  /* no line has a field that starts a formula outside quotes, for either separator */
  lines = g_strsplit (csv, "\r\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      gboolean quoted = FALSE;
      for (const char *p = lines[i]; *p != '\0'; p++)
        {
          if (*p == '"')
            quoted = !quoted;
          else if (!quoted && (*p == ',' || *p == ';'))
            {
              g_assert_cmpint (*p, ==, ',');
              g_assert_false (p[1] != '\0' && strchr ("=+@\t", p[1]) != NULL);
            }
        }
    }
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/loader/extreme-value", test_extreme_value);
  g_test_add_func ("/loader/plausibility", test_plausibility);
  g_test_add_func ("/loader/transfer-samples", test_transfer_samples);
  g_test_add_func ("/loader/metric-rules", test_metric_rules);
  g_test_add_func ("/loader/names", test_names);
  g_test_add_func ("/loader/control-characters", test_control_characters);
  g_test_add_func ("/loader/size-cap", test_size_cap);
  g_test_add_func ("/loader/shape-limits", test_shape_limits);
  g_test_add_func ("/loader/one-object", test_one_object);
  g_test_add_func ("/loader/task-index", test_task_index);
  g_test_add_func ("/loader/numbers-round-trip", test_numbers_round_trip);
  g_test_add_func ("/text/sanitize", test_sanitize);
  g_test_add_func ("/chart/extreme-values", test_chart_extremes);
  g_test_add_func ("/csv/formulas", test_csv_formulas);
  return g_test_run ();
}
