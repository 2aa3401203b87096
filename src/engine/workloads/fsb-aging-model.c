/* fsb-aging-model.c: the files of an aging: their sizes and their folders,
 * from a seed, without I/O */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "fsb-aging.h"

/* Sizes -------------------------------------------------------------------- */

static double
normal_cdf (double z)
{
  return 0.5 * erfc (-z / G_SQRT2);
}

/* The untruncated mixture. */
static double
mixture_cdf (double bytes)
{
  double body, tail = 0;

  if (bytes <= 0)
    return 0;
  body = normal_cdf ((log (bytes) - FSB_AGING_MU) / FSB_AGING_SIGMA);
  if (bytes > FSB_AGING_PARETO_XM)
    tail = 1 - pow (FSB_AGING_PARETO_XM / bytes, FSB_AGING_PARETO_K);
  return FSB_AGING_BODY * body + (1 - FSB_AGING_BODY) * tail;
}

double
fsb_aging_size_cdf (double bytes, double max_bytes)
{
  double top = mixture_cdf (max_bytes);

  if (bytes >= max_bytes)
    return 1;
  return top > 0 ? mixture_cdf (bytes) / top : 0;
}

/* (0, 1): never 0, so log () stays finite. */
static double
open_uniform (FsbRng *rng)
{
  return ((fsb_rng_next (rng) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

guint64
fsb_aging_size_sample (FsbRng *rng, double max_bytes)
{
  /* Drawn from the mixture until a size fits: the truncated distribution.
   * At the smallest fills more than 99 % of draws fit at once. */
  for (guint tries = 0; tries < 1000; tries++)
    {
      double x;

      if (fsb_rng_double (rng) < FSB_AGING_BODY)
        {
          /* Box–Muller: one normal deviate from two uniforms */
          double z = sqrt (-2 * log (open_uniform (rng))) * cos (2 * G_PI * open_uniform (rng));
          x = exp (FSB_AGING_MU + FSB_AGING_SIGMA * z);
        }
      else
        x = FSB_AGING_PARETO_XM / pow (open_uniform (rng), 1 / FSB_AGING_PARETO_K);
      if (x <= max_bytes)
        return (guint64) x;
    }
  return (guint64) max_bytes;
}

/* The tree --------------------------------------------------------------------- */

typedef struct {
  char  *path;      /* relative to the aging folder; "" for the folder itself */
  guint  depth;     /* 0 for the aging folder */
  guint  subdirs;
} Dir;

struct _FsbAgingLayout {
  FsbRng     rng;
  double     max_file;
  GArray    *dirs;         /* of Dir */
  GPtrArray *by_depth;     /* of GArray of guint: the folders at each depth */
  double     weight;       /* the sum over the folders of subdirs + 2 */
  guint      files;
  guint      last_depth;
};

static void
add_dir (FsbAgingLayout *l, guint parent)
{
  Dir d = { 0 };
  Dir *p = parent != G_MAXUINT ? &g_array_index (l->dirs, Dir, parent) : NULL;
  guint index = l->dirs->len;

  if (p == NULL)
    d.path = g_strdup ("");
  else if (p->depth == 0)
    d.path = g_strdup_printf ("d%05u", index);
  else
    d.path = g_strdup_printf ("%s/d%05u", p->path, index);
  d.depth = p != NULL ? p->depth + 1 : 0;
  if (p != NULL)
    p->subdirs++;
  l->weight += (p != NULL ? 1 : 0) + 2;
  g_array_append_val (l->dirs, d);
  while (l->by_depth->len <= d.depth)
    g_ptr_array_add (l->by_depth, g_array_new (FALSE, FALSE, sizeof (guint)));
  g_array_append_val (l->by_depth->pdata[d.depth], index);
}

/* Impressions' generative model: a parent in proportion to its subfolders + 2. */
static guint
pick_parent (FsbAgingLayout *l)
{
  double r = fsb_rng_double (&l->rng) * l->weight;

  for (guint i = 0; i < l->dirs->len; i++)
    {
      r -= g_array_index (l->dirs, Dir, i).subdirs + 2;
      if (r < 0)
        return i;
    }
  return l->dirs->len - 1;
}

static guint
poisson (FsbRng *rng, double mean)
{
  /* Knuth's: fine for a mean of a few */
  double limit = exp (-mean), p = 1;
  guint k = 0;

  do
    {
      k++;
      p *= fsb_rng_double (rng);
    }
  while (p > limit && k < 1000);
  return k - 1;
}

/* A folder for a file: its depth from the Poisson law of files by depth
 * (depth 1 is the aging folder itself, as "/" holds the first level),
 * drawn again while the tree is not that deep yet; then one of the
 * folders at that depth. */
static guint
pick_file_dir (FsbAgingLayout *l)
{
  guint max_depth = l->by_depth->len;   /* files at depth 1 .. len */
  guint depth = 0;
  GArray *at;

  for (guint tries = 0; tries < 64 && (depth < 1 || depth > max_depth); tries++)
    depth = poisson (&l->rng, FSB_AGING_DEPTH_MEAN);
  depth = CLAMP (depth, 1, max_depth);
  at = l->by_depth->pdata[depth - 1];
  return g_array_index (at, guint, fsb_rng_below (&l->rng, at->len));
}

FsbAgingLayout *
fsb_aging_layout_new (guint64 seed, guint64 max_file_bytes)
{
  FsbAgingLayout *l = g_new0 (FsbAgingLayout, 1);

  fsb_rng_init (&l->rng, seed);
  l->max_file = MAX ((double) max_file_bytes, 1);
  l->dirs = g_array_new (FALSE, FALSE, sizeof (Dir));
  l->by_depth = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  add_dir (l, G_MAXUINT);
  return l;
}

void
fsb_aging_layout_free (FsbAgingLayout *l)
{
  if (l == NULL)
    return;
  for (guint i = 0; i < l->dirs->len; i++)
    g_free (g_array_index (l->dirs, Dir, i).path);
  g_array_unref (l->dirs);
  g_ptr_array_unref (l->by_depth);
  g_free (l);
}

char *
fsb_aging_layout_next (FsbAgingLayout *l, guint64 *size, GPtrArray *new_dirs)
{
  const Dir *d;
  guint index;

  if (fsb_rng_below (&l->rng, FSB_AGING_FILES_PER_DIR) == 0)
    {
      add_dir (l, pick_parent (l));
      if (new_dirs != NULL)
        g_ptr_array_add (new_dirs, g_strdup (g_array_index (l->dirs, Dir, l->dirs->len - 1).path));
    }
  index = pick_file_dir (l);
  d = &g_array_index (l->dirs, Dir, index);
  *size = fsb_aging_size_sample (&l->rng, l->max_file);
  l->last_depth = d->depth + 1;
  l->files++;
  if (d->depth == 0)
    return g_strdup_printf ("f%07u", l->files);
  return g_strdup_printf ("%s/f%07u", d->path, l->files);
}

guint
fsb_aging_layout_n_dirs (const FsbAgingLayout *l)
{
  return l->dirs->len;
}

guint
fsb_aging_layout_last_depth (const FsbAgingLayout *l)
{
  return l->last_depth;
}
