/* workloads-fixture.c: what the workload tests share (workloads-fixture.h) */
#include "config.h"

#include <glib/gstdio.h>

#include "workloads-fixture.h"

TestProfile
test_profile (void)
{
  TestProfile p = { 0 };

  p.kernel_files = 2000;
  p.kernel_total_bytes = 6 * 1000 * 1000;
  p.small_files = 600;
  p.delete_file_bytes = 1024 * 1024;
  p.delete_count = 3;
  p.randio_files = 4;
  p.randio_file_bytes = 1024 * 1024;
  p.randio_requests = 600;
  p.randio_seconds = 20;
  p.transfer_bytes = 3 * 1000 * 1000;
  return p;
}


void
fixture_set_up (Fixture *f, gconstpointer data)
{
  const char *base = data;
  g_autoptr(GError) error = NULL;

  if (base != NULL)
    {
      g_autofree char *tmpl = g_build_filename (base, "fsbench-extra-XXXXXX", NULL);
      f->root = g_mkdtemp (g_steal_pointer (&tmpl));
      g_assert_nonnull (f->root);
    }
  else
    {
      f->root = g_dir_make_tmp ("fsbench-extra-XXXXXX", &error);
      g_assert_no_error (error);
    }
  f->mount = g_build_filename (f->root, "mnt", NULL);
  f->scratch = g_build_filename (f->root, "scratch", NULL);
  f->source = g_build_filename (f->root, "dataset", NULL);
  g_assert_cmpint (g_mkdir (f->mount, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (f->scratch, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (f->source, 0755), ==, 0);
  f->profile = test_profile ();
  f->extra = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_sample_free);
  f->ctx.mount_point = f->mount;
  f->ctx.scratch_dir = f->scratch;
  f->ctx.source_dir = f->source;
  f->ctx.plan = &f->plan;
  f->sizes = fsb_sizes_new ();
  f->ctx.sizes = f->sizes;
  f->ctx.extra_samples = f->extra;
}

void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  FsbTreeCount junk = { 0 };

  fsb_randio_refuse_direct_for_testing (FALSE);
  g_assert_true (fsb_remove_tree (f->root, &junk, NULL, NULL));
  g_free (f->root);
  g_free (f->mount);
  g_free (f->scratch);
  g_free (f->source);
  g_ptr_array_unref (f->extra);
  fsb_sizes_free (f->sizes);
}

double
metric (const FsbSample *s, const char *name)
{
  double v = -1;

  if (!fsb_sample_get (s, name, &v))
    g_error ("metric %s missing", name);
  return v;
}

guint
count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  if (d == NULL)
    return 0;
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* The tasks see the fixture's profile, as it is when they run. */
const FsbSizes *
sync_sizes (Fixture *f)
{
  const TestProfile *p = &f->profile;

  fsb_sizes_set (f->sizes, "kernel-files", p->kernel_files);
  fsb_sizes_set (f->sizes, "kernel-size", p->kernel_total_bytes);
  fsb_sizes_set (f->sizes, "small-files", p->small_files);
  fsb_sizes_set (f->sizes, "delete-file-size", p->delete_file_bytes);
  fsb_sizes_set (f->sizes, "delete-count", p->delete_count);
  fsb_sizes_set (f->sizes, "randio-files", p->randio_files);
  fsb_sizes_set (f->sizes, "randio-file-size", p->randio_file_bytes);
  fsb_sizes_set (f->sizes, "randio-requests", p->randio_requests);
  fsb_sizes_set (f->sizes, "randio-seconds", p->randio_seconds);
  fsb_sizes_set (f->sizes, "transfer-size", p->transfer_bytes);
  return f->sizes;
}

gboolean
run_task (Fixture *f, const char *id, FsbSample *sample, GError **error)
{
  FsbTaskFunc func = fsb_workload_lookup (id);

  g_assert_nonnull (func);
  sync_sizes (f);
  return func (&f->ctx, sample, error);
}
