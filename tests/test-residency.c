/* test-residency.c: the proof of cold caches counts the pages a file has
 * in the page cache as mincore sees them, whichever call it uses, and
 * evicting drops them */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-residency.h"

#define MIB (1024 * 1024)

typedef struct {
  char *dir;
  char *file;
} Fixture;

/* In the build folder, not /tmp: a tmpfs keeps every page it holds. */
static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *tmpl = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                            "residency-XXXXXX", NULL);
  g_autofree char *bytes = g_malloc (8 * MIB);
  g_autoptr(GError) error = NULL;

  (void) data;
  f->dir = g_mkdtemp (g_steal_pointer (&tmpl));
  g_assert_nonnull (f->dir);
  f->file = g_build_filename (f->dir, "data", NULL);
  for (gsize i = 0; i < 8 * MIB; i++)
    bytes[i] = (char) g_test_rand_int ();
  g_assert_true (g_file_set_contents (f->file, bytes, 8 * MIB, &error));
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  (void) data;
  g_unlink (f->file);
  g_rmdir (f->dir);
  g_free (f->file);
  g_free (f->dir);
}

/* The test's own count: mincore over a mapping of the whole file. */
static guint64
mincore_bytes (const char *path)
{
  long page = sysconf (_SC_PAGESIZE);
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  guint64 resident = 0;
  g_autofree unsigned char *vec = NULL;
  void *map;

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (fstat (fd, &st), ==, 0);
  map = mmap (NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
  g_assert_true (map != MAP_FAILED);
  vec = g_malloc ((st.st_size + page - 1) / page);
  g_assert_cmpint (mincore (map, st.st_size, vec), ==, 0);
  for (gsize i = 0; i < (gsize) ((st.st_size + page - 1) / page); i++)
    if (vec[i] & 1)
      resident += page;
  munmap (map, st.st_size);
  close (fd);
  return resident;
}

/* Reads len bytes at off, through the page cache. */
static void
read_part (const char *path, off_t off, gsize len)
{
  g_autofree char *buf = g_malloc (len);
  int fd = open (path, O_RDONLY | O_CLOEXEC);

  g_assert_cmpint (fd, >=, 0);
  posix_fadvise (fd, 0, 0, POSIX_FADV_RANDOM);   /* no read-ahead beyond the part */
  g_assert_cmpint (pread (fd, buf, len, off), ==, (gssize) len);
  close (fd);
}

static guint64
probe_bytes (const char *path, FsbResidency *r)
{
  *r = (FsbResidency) { 0 };
  fsb_residency_probe (path, FSB_RESIDENCY_MAX_FILES, r);
  return r->resident_bytes;
}

/* Evicted, then a part read back: the probe counts that part, page for
 * page what mincore counts, and evicting drops it again. */
static void
test_counts (Fixture *f, gconstpointer data)
{
  FsbResidency r;

  (void) data;
  fsb_residency_evict (f->file, 1, TRUE);
  if (mincore_bytes (f->file) > FSB_RESIDENCY_NEAR_ZERO)
    {
      g_test_skip ("this filesystem keeps its pages (tmpfs?)");
      return;
    }
  read_part (f->file, 2 * MIB, 3 * MIB);
  g_assert_cmpuint (probe_bytes (f->file, &r), ==, mincore_bytes (f->file));
  g_assert_cmpuint (r.resident_bytes, >=, 3 * MIB);
  g_assert_cmpuint (r.resident_bytes, <, 8 * MIB);
  g_assert_cmpuint (r.bytes, ==, 8 * MIB);
  g_assert_cmpuint (r.files, ==, 1);

  /* The folder holds the same file: the walk finds it. */
  g_assert_cmpuint (probe_bytes (f->dir, &r), ==, mincore_bytes (f->file));
  g_assert_false (r.truncated);

  fsb_residency_evict (f->dir, FSB_RESIDENCY_MAX_FILES, FALSE);
  g_assert_cmpuint (probe_bytes (f->file, &r), <=, FSB_RESIDENCY_NEAR_ZERO);
  g_assert_cmpuint (r.resident_bytes, ==, mincore_bytes (f->file));
}

/* All of it read: all of it counted, no more than the file's size. */
static void
test_whole (Fixture *f, gconstpointer data)
{
  FsbResidency r;

  (void) data;
  read_part (f->file, 0, 8 * MIB);
  g_assert_cmpuint (probe_bytes (f->file, &r), ==, mincore_bytes (f->file));
  g_assert_cmpuint (r.resident_bytes, ==, 8 * MIB);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/residency/counts", Fixture, NULL, fixture_set_up, test_counts, fixture_tear_down);
  g_test_add ("/residency/whole", Fixture, NULL, fixture_set_up, test_whole, fixture_tear_down);
  return g_test_run ();
}
