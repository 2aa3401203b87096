/* residency-probe.c: what the proof of cold caches costs before every
 * timed task: fsb_residency_probe over a folder (the quick data: 3,342
 * files), against the same walk with mmap and mincore per file (what the
 * probe did before cachestat) and the bare walk (open, fstat, close), in
 * one run, so that the ratios hold whatever the machine's load.
 *   _build/bench/residency-probe [FOLDER [ROUNDS]]
 * FOLDER defaults to the quick data set (~/.cache/fsbench/datasets/quick). */
#define _GNU_SOURCE
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-residency.h"

typedef struct {
  gboolean mincore;
  guint    files;
  guint64  resident;
} Walk;

static void
visit (Walk *w, int fd, off_t size)
{
  long page = sysconf (_SC_PAGESIZE);
  g_autofree unsigned char *vec = NULL;
  void *map;

  w->files++;
  if (!w->mincore || size == 0)
    return;
  map = mmap (NULL, size, PROT_READ, MAP_SHARED, fd, 0);
  if (map == MAP_FAILED)
    return;
  vec = g_malloc ((size + page - 1) / page);
  if (mincore (map, size, vec) == 0)
    for (off_t i = 0; i < (size + page - 1) / page; i++)
      w->resident += (vec[i] & 1) ? (guint64) page : 0;
  munmap (map, size);
}

static void
walk (Walk *w, int dir_fd)
{
  DIR *dir = fdopendir (dir_fd);
  struct dirent *e;

  if (dir == NULL)
    {
      close (dir_fd);
      return;
    }
  while ((e = readdir (dir)) != NULL)
    {
      struct stat st;
      int fd;

      if (g_str_equal (e->d_name, ".") || g_str_equal (e->d_name, ".."))
        continue;
      fd = openat (dirfd (dir), e->d_name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
      if (fd < 0)
        continue;
      if (fstat (fd, &st) == 0 && S_ISDIR (st.st_mode))
        {
          walk (w, fd);
          continue;
        }
      if (S_ISREG (st.st_mode))
        visit (w, fd, st.st_size);
      close (fd);
    }
  closedir (dir);
}

static double
ms_per_round (const char *folder, guint rounds, int how, guint *files, guint64 *resident)
{
  gint64 start = g_get_monotonic_time ();

  for (guint i = 0; i < rounds; i++)
    {
      if (how == 0)
        {
          FsbResidency r = { 0 };

          fsb_residency_probe (folder, FSB_RESIDENCY_MAX_FILES, &r);
          *files = r.files;
          *resident = r.resident_bytes;
        }
      else
        {
          Walk w = { .mincore = how == 1 };

          walk (&w, open (folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC));
          *files = w.files;
          *resident = w.resident;
        }
    }
  return (g_get_monotonic_time () - start) / 1e3 / rounds;
}

int
main (int argc, char **argv)
{
  g_autofree char *fallback = g_build_filename (g_get_user_cache_dir (), "fsbench", "datasets", "quick", NULL);
  const char *folder = argc > 1 ? argv[1] : fallback;
  guint rounds = argc > 2 ? (guint) atoi (argv[2]) : 20;
  static const char *const names[] = { "fsb_residency_probe (this build)", "walk + mmap + mincore",
                                       "bare walk (open, fstat, close)" };
  double ms[3];

  setlocale (LC_ALL, "C");
  if (!g_file_test (folder, G_FILE_TEST_IS_DIR) || rounds == 0)
    {
      g_printerr ("residency-probe: no folder %s (run fsbench-cli once to make the quick data, or name one)\n", folder);
      return 2;
    }
  {
    g_autofree char *load = NULL;

    g_file_get_contents ("/proc/loadavg", &load, NULL, NULL);
    printf ("# residency-probe: %s, %u rounds each, interleaved 3 times; load %s", folder, rounds,
            load != NULL ? load : "?\n");
  }
  for (int i = 0; i < 3; i++)
    ms[i] = 0;
  for (int pass = 0; pass < 3; pass++)
    for (int how = 0; how < 3; how++)
      {
        guint files = 0;
        guint64 resident = 0;
        double t = ms_per_round (folder, rounds, how, &files, &resident);

        ms[how] += t / 3;
        if (pass == 2)
          printf ("%-34s %4u files, %8.1f MB resident: %6.1f ms a probe\n", names[how], files, resident / 1e6, ms[how]);
      }
  printf ("ratio probe / mmap+mincore: %.2f; probe beyond the bare walk: %.1f ms, mincore's: %.1f ms\n",
          ms[0] / ms[1], ms[0] - ms[2], ms[1] - ms[2]);
  return 0;
}
