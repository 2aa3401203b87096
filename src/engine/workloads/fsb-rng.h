/* fsb-rng.h: the seeded generator that the dataset and the workloads share */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* xoshiro256**, seeded through splitmix64: fast, deterministic on every
 * platform, and its output does not compress. */
typedef struct {
  guint64 s[4];
} FsbRng;

void    fsb_rng_init      (FsbRng *rng, guint64 seed);
guint64 fsb_rng_next      (FsbRng *rng);
/* Uniform in [0, n). */
guint64 fsb_rng_below     (FsbRng *rng, guint64 n);
/* Uniform in [0, 1). */
double  fsb_rng_double    (FsbRng *rng);
/* The outputs as little-endian bytes, so the bytes are the same on every
 * machine; a len that is not a multiple of 8 uses the start of one more. */
void    fsb_rng_fill      (FsbRng *rng, void *buf, gsize len);
/* A stable seed from a name and numbers (FNV-1a). */
guint64 fsb_seed_from     (const char *name, guint64 a, guint64 b);

G_END_DECLS
