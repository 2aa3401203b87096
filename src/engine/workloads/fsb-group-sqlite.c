/* fsb-group-sqlite.c: the sqlite group: a database as applications keep
 * one (libsqlite3, as Firefox, GNOME's trackers and most desktop apps
 * do): transactions of inserts made durable (synchronous=FULL) with a
 * rollback journal and with a write-ahead log, indexed point lookups on a
 * cold cache, and transactions of updates. Transactions per second and
 * the commit latency (p50, p99); bench/sqlite-compare.sh puts the same
 * work through the sqlite3 program. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-rng.h"
#include "fsb-workloads-util.h"

/* Its sizes. */
#define SQLITE_ROWS      "sqlite-rows"
#define SQLITE_TX        "sqlite-transactions"
#define SQLITE_TX_ROWS   "sqlite-rows-per-transaction"
#define SQLITE_LOOKUPS   "sqlite-lookups"
#define SQLITE_SECONDS   "sqlite-seconds"

#define ROW_TEXT 100   /* bytes of text in a row, besides its keys */

static char *
db_dir (FsbWorkloadContext *ctx)
{
  return g_build_filename (ctx->mount_point, "sqlite", NULL);
}

static char *
db_path (FsbWorkloadContext *ctx)
{
  return g_build_filename (ctx->mount_point, "sqlite", "bench.db", NULL);
}

static gboolean
sql_fail (GError **error, sqlite3 *db, const char *doing)
{
  g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
               /* Translators: what SQLite was doing (an SQL statement), then its message */
               _("SQLite failed on “%s”: %s"), doing, db != NULL ? sqlite3_errmsg (db) : "?");
  return FALSE;
}

static gboolean
exec (sqlite3 *db, const char *sql, GError **error)
{
  return sqlite3_exec (db, sql, NULL, NULL, NULL) == SQLITE_OK || sql_fail (error, db, sql);
}

static sqlite3 *
open_db (FsbWorkloadContext *ctx, const char *journal, GError **error)
{
  g_autofree char *path = db_path (ctx);
  g_autofree char *mode = g_strdup_printf ("PRAGMA journal_mode=%s", journal);
  sqlite3 *db = NULL;

  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
    {
      sql_fail (error, db, path);
      sqlite3_close (db);
      return NULL;
    }
  /* durable commits, as an application that cares about its data asks;
   * the cache small, so a lookup reads the disk */
  if (!exec (db, mode, error) || !exec (db, "PRAGMA synchronous=FULL", error)
      || !exec (db, "PRAGMA cache_size=-256", error))
    {
      sqlite3_close (db);
      return NULL;
    }
  return db;
}

static void
row_text (FsbRng *rng, char *text)
{
  static const char letters[] = "abcdefghijklmnopqrstuvwxyz      ";

  for (guint i = 0; i < ROW_TEXT; i++)
    text[i] = letters[fsb_rng_below (rng, sizeof letters - 1)];
  text[ROW_TEXT] = '\0';
}

static gboolean
insert_rows (sqlite3 *db, FsbRng *rng, guint64 first, guint n, GError **error)
{
  sqlite3_stmt *st = NULL;
  char text[ROW_TEXT + 1];
  gboolean ok = TRUE;

  if (sqlite3_prepare_v2 (db, "INSERT INTO item (id, k, v) VALUES (?, ?, ?)", -1, &st, NULL) != SQLITE_OK)
    return sql_fail (error, db, "INSERT");
  for (guint i = 0; i < n && ok; i++)
    {
      row_text (rng, text);
      sqlite3_bind_int64 (st, 1, (sqlite3_int64) (first + i));
      sqlite3_bind_int64 (st, 2, (sqlite3_int64) fsb_rng_below (rng, G_MAXINT32));
      sqlite3_bind_text (st, 3, text, ROW_TEXT, SQLITE_TRANSIENT);
      ok = sqlite3_step (st) == SQLITE_DONE || sql_fail (error, db, "INSERT");
      sqlite3_reset (st);
    }
  sqlite3_finalize (st);
  return ok;
}

/* The database of sqlite-rows rows with an index, written once and
 * flushed: untimed, before the cold remount. */
static gboolean
sqlite_setup (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *dir = db_dir (ctx);
  g_autofree char *path = db_path (ctx);
  guint rows = MAX (fsb_sizes_get_uint (ctx->sizes, SQLITE_ROWS), 1);
  sqlite3 *db;
  FsbRng rng;
  gboolean ok;

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  if (g_mkdir_with_parents (dir, 0755) < 0)
    return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), dir);
  if ((db = open_db (ctx, "WAL", error)) == NULL)
    return FALSE;
  fsb_rng_init (&rng, fsb_seed_from ("sqlite", rows, ROW_TEXT));
  ok = exec (db, "CREATE TABLE item (id INTEGER PRIMARY KEY, k INTEGER, v TEXT)", error)
       && exec (db, "CREATE INDEX item_k ON item (k)", error)
       && exec (db, "BEGIN", error) && insert_rows (db, &rng, 0, rows, error) && exec (db, "COMMIT", error)
       && exec (db, "PRAGMA wal_checkpoint(TRUNCATE)", error);
  sqlite3_close (db);
  return ok && fsb_sync_filesystem (ctx->mount_point, error);
}

/* A task run on its own makes the database it needs first, and says so. */
static gboolean
db_ready (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *path = db_path (ctx);

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  fsb_sample_set (sample, "prepared_in_task", 1);
  return sqlite_setup (ctx, NULL, error);
}

/* What one kind of transaction does to the database. */
typedef enum { TX_INSERT, TX_UPDATE } TxKind;

static gboolean
one_transaction (sqlite3 *db, TxKind kind, FsbRng *rng, guint64 *next_id, guint rows_per_tx, guint64 rows,
                 GError **error)
{
  if (!exec (db, "BEGIN", error))
    return FALSE;
  if (kind == TX_INSERT)
    {
      if (!insert_rows (db, rng, *next_id, rows_per_tx, error))
        return FALSE;
      *next_id += rows_per_tx;
    }
  else
    {
      sqlite3_stmt *st = NULL;
      char text[ROW_TEXT + 1];
      gboolean ok = TRUE;

      if (sqlite3_prepare_v2 (db, "UPDATE item SET k = ?, v = ? WHERE id = ?", -1, &st, NULL) != SQLITE_OK)
        return sql_fail (error, db, "UPDATE");
      for (guint i = 0; i < rows_per_tx && ok; i++)
        {
          row_text (rng, text);
          sqlite3_bind_int64 (st, 1, (sqlite3_int64) fsb_rng_below (rng, G_MAXINT32));
          sqlite3_bind_text (st, 2, text, ROW_TEXT, SQLITE_TRANSIENT);
          sqlite3_bind_int64 (st, 3, (sqlite3_int64) fsb_rng_below (rng, rows));
          ok = sqlite3_step (st) == SQLITE_DONE || sql_fail (error, db, "UPDATE");
          sqlite3_reset (st);
        }
      sqlite3_finalize (st);
      if (!ok)
        return FALSE;
    }
  return exec (db, "COMMIT", error);
}

static gboolean
transactions (FsbWorkloadContext *ctx, FsbSample *sample, const char *journal, TxKind kind, GError **error)
{
  guint budget = MAX (fsb_sizes_get_uint (ctx->sizes, SQLITE_TX), 1);
  guint rows_per_tx = MAX (fsb_sizes_get_uint (ctx->sizes, SQLITE_TX_ROWS), 1);
  guint64 rows = MAX (fsb_sizes_get_uint (ctx->sizes, SQLITE_ROWS), 1);
  double seconds = fsb_sizes_get (ctx->sizes, SQLITE_SECONDS);
  g_autoptr(GArray) lat = g_array_new (FALSE, FALSE, sizeof (double));
  guint64 next_id = rows + 1000000000ull * (kind == TX_INSERT ? (journal[0] == 'W' ? 2 : 1) : 0);
  double start, deadline, elapsed;
  guint done = 0;
  gboolean ok = TRUE;
  sqlite3 *db;
  FsbRng rng;

  if (!db_ready (ctx, sample, error) || (db = open_db (ctx, journal, error)) == NULL)
    return FALSE;
  fsb_rng_init (&rng, fsb_seed_from (kind == TX_INSERT ? "sqlite-insert" : "sqlite-update", budget, rows_per_tx));
  start = fsb_now ();
  deadline = start + (seconds > 0 ? seconds : 1e9);
  while (ok && done < budget)
    {
      double t0 = fsb_now (), t1, ms;

      ok = one_transaction (db, kind, &rng, &next_id, rows_per_tx, rows, error);
      t1 = fsb_now ();
      ms = (t1 - t0) * 1000.0;
      g_array_append_val (lat, ms);
      done++;
      if ((done & 15) == 0)
        {
          if (ctx->progress != NULL)
            ctx->progress (done, budget, ctx->progress_data);
          if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
            {
              fsb_error_normalize (error);
              ok = FALSE;
            }
        }
      if (t1 >= deadline)
        break;
    }
  elapsed = fsb_now () - start;
  /* back to a rollback journal, so the next task finds one file */
  if (ok && journal[0] == 'W')
    ok = exec (db, "PRAGMA wal_checkpoint(TRUNCATE)", error) && exec (db, "PRAGMA journal_mode=DELETE", error);
  sqlite3_close (db);
  if (!ok)
    return FALSE;
  fsb_sample_set (sample, "transactions", done);
  fsb_sample_set (sample, "io_s", elapsed);
  fsb_sample_set (sample, "transactions_per_s", elapsed > 0 ? done / elapsed : 0);
  fsb_sample_set (sample, "bytes", (double) done * rows_per_tx * (ROW_TEXT + 16));
  fsb_workload_set_latencies (sample, lat);
  return fsb_sync_filesystem (ctx->mount_point, error);
}

static gboolean
sqlite_insert_delete (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return transactions (ctx, sample, "DELETE", TX_INSERT, error);
}

static gboolean
sqlite_insert_wal (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return transactions (ctx, sample, "WAL", TX_INSERT, error);
}

/* The group's last task: its database goes after it, as the other groups'
 * files do, so the space left once everything is deleted is the
 * filesystem's own. */
static gboolean
sqlite_update (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *dir = db_dir (ctx);
  FsbTreeCount junk = { 0 };

  return transactions (ctx, sample, "WAL", TX_UPDATE, error)
         && fsb_remove_tree (dir, &junk, ctx->cancellable, error)
         && fsb_sync_filesystem (ctx->mount_point, error);
}

/* Point lookups through the index, the cache cold: reads, mostly random. */
static gboolean
sqlite_lookup (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  guint budget = MAX (fsb_sizes_get_uint (ctx->sizes, SQLITE_LOOKUPS), 1);
  double seconds = fsb_sizes_get (ctx->sizes, SQLITE_SECONDS);
  sqlite3_stmt *st = NULL;
  double start, elapsed, deadline;
  guint done = 0, found = 0;
  gboolean ok = TRUE;
  sqlite3 *db;
  FsbRng rng;

  if (!db_ready (ctx, sample, error) || (db = open_db (ctx, "DELETE", error)) == NULL)
    return FALSE;
  if (sqlite3_prepare_v2 (db, "SELECT id, v FROM item WHERE k >= ? ORDER BY k LIMIT 1", -1, &st, NULL) != SQLITE_OK)
    {
      sql_fail (error, db, "SELECT");
      sqlite3_close (db);
      return FALSE;
    }
  fsb_rng_init (&rng, fsb_seed_from ("sqlite-lookup", budget, 0));
  start = fsb_now ();
  deadline = start + (seconds > 0 ? seconds : 1e9);
  while (ok && done < budget)
    {
      int rc;

      sqlite3_bind_int64 (st, 1, (sqlite3_int64) fsb_rng_below (&rng, G_MAXINT32));
      while ((rc = sqlite3_step (st)) == SQLITE_ROW)
        found++;
      ok = rc == SQLITE_DONE || sql_fail (error, db, "SELECT");
      sqlite3_reset (st);
      done++;
      if ((done & 255) == 0)
        {
          if (ctx->progress != NULL)
            ctx->progress (done, budget, ctx->progress_data);
          if (g_cancellable_set_error_if_cancelled (ctx->cancellable, error))
            {
              fsb_error_normalize (error);
              ok = FALSE;
            }
          if (fsb_now () >= deadline)
            break;
        }
    }
  elapsed = fsb_now () - start;
  sqlite3_finalize (st);
  sqlite3_close (db);
  if (!ok)
    return FALSE;
  fsb_sample_set (sample, "lookups", done);
  fsb_sample_set (sample, "io_s", elapsed);
  fsb_sample_set (sample, "lookups_per_s", elapsed > 0 ? done / elapsed : 0);
  return TRUE;
}

/* The group ---------------------------------------------------------------- */

static double
estimate_tx (const FsbSizes *s)
{
  /* About 3 ms a durable transaction on a loop device, bounded by the time. */
  double tx = fsb_sizes_get (s, SQLITE_TX) * 0.003;
  double limit = fsb_sizes_get (s, SQLITE_SECONDS);

  return 0.3 + (limit > 0 ? MIN (tx, limit) : tx) + fsb_sizes_get (s, SQLITE_ROWS) / 200000;
}

static double
estimate_lookup (const FsbSizes *s)
{
  double q = fsb_sizes_get (s, SQLITE_LOOKUPS) / 20000;
  double limit = fsb_sizes_get (s, SQLITE_SECONDS);

  return 0.2 + (limit > 0 ? MIN (q, limit) : q);
}

static const FsbTaskSpec tasks[] = {
  { "sqlite-insert", N_("Insert transactions, rollback journal"),
    N_("Inserts rows into an SQLite database in transactions, each made durable before the next "
       "(synchronous=FULL) with a rollback journal, as most applications keep their data."),
    "sqlite", "transactions_per_s", TRUE, sqlite_insert_delete, sqlite_setup, NULL, estimate_tx, FALSE, TRUE },
  { "sqlite-insert-wal", N_("Insert transactions, write-ahead log"),
    N_("The same transactions with a write-ahead log (journal_mode=WAL), as browsers and newer "
       "applications use."),
    "sqlite", "transactions_per_s", TRUE, sqlite_insert_wal, sqlite_setup, NULL, estimate_tx, FALSE, TRUE },
  { "sqlite-lookup", N_("Indexed lookups"),
    N_("Looks up rows through an index, one at a time, on a cold cache: mostly random reads."),
    "sqlite", "lookups_per_s", TRUE, sqlite_lookup, sqlite_setup, NULL, estimate_lookup },
  { "sqlite-update", N_("Update transactions"),
    N_("Changes rows picked at random, in durable transactions with a write-ahead log."),
    "sqlite", "transactions_per_s", TRUE, sqlite_update, sqlite_setup, NULL, estimate_tx, FALSE, TRUE },
};

static const FsbCriterionSpec criteria[] = {
  { "sqlite", N_("SQLite database"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s runs an SQLite database the fastest: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on the SQLite database (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s reached %s with the SQLite database.") },
    /* what a database server lives by, beside random I/O and durable writes */
    { { "database", 4 } } },
};

/* A small application's database at quick sizes, a busy one's at the seed's. */
static const FsbParamSpec params[] = {
  { SQLITE_ROWS, N_("Rows in the SQLite database"), FSB_PARAM_COUNT, { 20000, 100000, 500000 }, 1, 1e8 },
  { SQLITE_TX, N_("SQLite transactions"), FSB_PARAM_COUNT, { 200, 1000, 4000 }, 1, 1e8 },
  { SQLITE_TX_ROWS, N_("Rows in each SQLite transaction"), FSB_PARAM_COUNT, { 10, 10, 10 }, 1, 100000 },
  { SQLITE_LOOKUPS, N_("SQLite lookups"), FSB_PARAM_COUNT, { 5000, 20000, 100000 }, 1, 1e9 },
  { SQLITE_SECONDS, N_("Time limit of each SQLite task"), FSB_PARAM_SECONDS, { 3, 10, 20 }, 0.1, 3600 },
};

static const FsbMetricSpec metrics[] = {
  { "transactions_per_s", N_("Transactions per second"), N_("transactions/s") },
  { "transactions", N_("Transactions"), N_("transactions") },
  { "lookups_per_s", N_("Lookups per second"), N_("lookups/s") },
  { "lookups", N_("Lookups"), N_("lookups") },
};

static guint64
space_needed (const FsbSizes *s)
{
  /* the base rows, the rows inserted twice, their index and journals */
  double rows = fsb_sizes_get (s, SQLITE_ROWS)
                + 2 * fsb_sizes_get (s, SQLITE_TX) * fsb_sizes_get (s, SQLITE_TX_ROWS);

  return (guint64) MIN (rows * (ROW_TEXT + 64) * 3 + 16e6, (double) FSB_SIZE_MAX);
}

const FsbWorkloadGroup fsb_group_sqlite = {
  .id = "sqlite",
  .name = N_("SQLite database"),
  .description = N_("An SQLite database as applications keep one: durable insert and update "
                    "transactions, and indexed lookups on a cold cache."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .metrics = metrics, .n_metrics = G_N_ELEMENTS (metrics),
  .space_needed = space_needed,
};
