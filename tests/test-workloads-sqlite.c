/* test-workloads-sqlite.c: the sqlite group on a temporary folder: the
 * transactions it counts are in the database, lookups find rows, a task
 * run alone prepares its database, a damaged one fails clearly, and the
 * group leaves nothing behind */
#include "config.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "fsb-test-assert.h"
#include "workloads-fixture.h"

static gint64
count_rows (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *st = NULL;
  gint64 n = -1;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT count(*) FROM item", -1, &st, NULL), ==, SQLITE_OK);
  if (sqlite3_step (st) == SQLITE_ROW)
    n = sqlite3_column_int64 (st, 0);
  sqlite3_finalize (st);
  sqlite3_close (db);
  return n;
}

static void
small_sizes (Fixture *f)
{
  sync_sizes (f);
  fsb_sizes_set (f->sizes, "sqlite-rows", 2000);
  fsb_sizes_set (f->sizes, "sqlite-transactions", 40);
  fsb_sizes_set (f->sizes, "sqlite-rows-per-transaction", 5);
  fsb_sizes_set (f->sizes, "sqlite-lookups", 300);
  fsb_sizes_set (f->sizes, "sqlite-seconds", 60);
}

static void
check_transactions (FsbSample *s)
{
  g_assert_cmpfloat (metric (s, "transactions"), ==, 40);
  g_assert_cmpfloat (metric (s, "transactions_per_s"), >, 0);
  g_assert_cmpfloat (metric (s, "latency_p50_ms"), >, 0);
  g_assert_cmpfloat (metric (s, "latency_p50_ms"), <=, metric (s, "latency_p99_ms"));
  g_assert_cmpfloat (metric (s, "latency_p99_ms"), <=, metric (s, "latency_max_ms"));
}

static void
test_group (Fixture *f, gconstpointer data)
{
  g_autofree char *db = g_build_filename (f->mount, "sqlite", "bench.db", NULL);
  g_autofree char *dir = g_build_filename (f->mount, "sqlite", NULL);
  g_autoptr(GError) error = NULL;
  const char *ids[] = { "sqlite-insert", "sqlite-insert-wal", "sqlite-lookup", "sqlite-update" };

  small_sizes (f);
  fsb_assert_ok (fsb_workload_lookup_setup ("sqlite-insert") (&f->ctx, NULL, &error), error);
  g_assert_cmpint (count_rows (db), ==, 2000);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autoptr(FsbSample) s = fsb_sample_new ();

      fsb_assert_ok (fsb_workload_lookup (ids[i]) (&f->ctx, s, &error), error);
      g_assert_false (fsb_sample_get (s, "prepared_in_task", NULL));
      if (i < 2)
        {
          check_transactions (s);
          /* each transaction's rows are in the database, whatever its journal */
          g_assert_cmpint (count_rows (db), ==, 2000 + (gint64) (i + 1) * 40 * 5);
        }
      else if (i == 2)
        {
          g_assert_cmpfloat (metric (s, "lookups"), ==, 300);
          g_assert_cmpfloat (metric (s, "lookups_per_s"), >, 0);
        }
      else
        check_transactions (s);
    }
  /* the last task takes the database away */
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
}

static void
test_alone_and_damaged (Fixture *f, gconstpointer data)
{
  g_autofree char *db = g_build_filename (f->mount, "sqlite", "bench.db", NULL);
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(FsbSample) bad = fsb_sample_new ();
  g_autoptr(GError) error = NULL;

  small_sizes (f);
  /* run on its own, a lookup makes the database it needs, and says so */
  fsb_assert_ok (fsb_workload_lookup ("sqlite-lookup") (&f->ctx, s, &error), error);
  g_assert_cmpfloat (metric (s, "prepared_in_task"), ==, 1);
  g_assert_cmpfloat (metric (s, "lookups"), ==, 300);

  /* a database that is not one: a clear error, no crash */
  g_assert_true (g_file_set_contents (db, "this is not an SQLite database, only text written over it", -1, NULL));
  g_assert_false (fsb_workload_lookup ("sqlite-insert") (&f->ctx, bad, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "SQLite failed"));
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  ADD ("/sqlite/group", test_group, NULL);
  ADD ("/sqlite/alone-and-damaged", test_alone_and_damaged, NULL);
  return g_test_run ();
}
