/* workloads-fixture.h: a temporary mount point, scratch and dataset folder
 * with sizes small enough for a unit test, and the tasks run on it. */
#pragma once

#include "fsb-engine.h"
#include "fsb-workload.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"

/* Sizes small enough for a unit test, by field for the assertions; the
 * tasks read them as FsbSizes (sync_sizes). */
typedef struct {
  guint   kernel_files;
  guint64 kernel_total_bytes;
  guint   small_files;
  guint64 delete_file_bytes;
  guint   delete_count;
  guint   randio_files;
  guint64 randio_file_bytes;
  guint   randio_requests;
  double  randio_seconds;
  guint64 transfer_bytes;
} TestProfile;

typedef struct {
  char              *root;
  char              *mount;
  char              *scratch;
  char              *source;
  TestProfile        profile;
  FsbSizes          *sizes;
  FsbPlan            plan;
  FsbWorkloadContext ctx;
  GPtrArray         *extra;
} Fixture;

TestProfile     test_profile      (void);
/* data: the folder to make the fixture in (NULL: the temporary folder) */
void            fixture_set_up    (Fixture *f, gconstpointer data);
void            fixture_tear_down (Fixture *f, gconstpointer data);
/* A sample's metric; aborts the test when it is missing. */
double          metric            (const FsbSample *s, const char *name);
guint           count_entries     (const char *dir);
/* The tasks see the fixture's profile, as it is when they run. */
const FsbSizes *sync_sizes        (Fixture *f);
gboolean        run_task          (Fixture *f, const char *id, FsbSample *sample, GError **error);

#define ADD(path, func, data) \
  g_test_add (path, Fixture, data, fixture_set_up, func, fixture_tear_down)
