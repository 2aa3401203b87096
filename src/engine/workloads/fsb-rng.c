/* fsb-rng.c: xoshiro256** seeded through splitmix64 */
#include "config.h"

#include <string.h>

#include "fsb-rng.h"

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

void
fsb_rng_init (FsbRng *rng, guint64 seed)
{
  for (guint i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&seed);
}

static inline guint64
rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

guint64
fsb_rng_next (FsbRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

guint64
fsb_rng_below (FsbRng *rng, guint64 n)
{
  guint64 limit, r;

  if (n <= 1)
    return 0;
  /* Rejection sampling: no modulo bias. */
  limit = G_MAXUINT64 - G_MAXUINT64 % n;
  do
    r = fsb_rng_next (rng);
  while (r >= limit);
  return r % n;
}

double
fsb_rng_double (FsbRng *rng)
{
  return (fsb_rng_next (rng) >> 11) * (1.0 / 9007199254740992.0);
}

void
fsb_rng_fill (FsbRng *rng, void *buf, gsize len)
{
  guint8 *p = buf;

  while (len >= 8)
    {
      guint64 v = GUINT64_TO_LE (fsb_rng_next (rng));
      memcpy (p, &v, 8);
      p += 8;
      len -= 8;
    }
  if (len > 0)
    {
      guint64 v = GUINT64_TO_LE (fsb_rng_next (rng));
      memcpy (p, &v, len);
    }
}

guint64
fsb_seed_from (const char *name, guint64 a, guint64 b)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);

  for (const char *c = name; c != NULL && *c != '\0'; c++)
    h = (h ^ (guint8) *c) * G_GUINT64_CONSTANT (0x100000001b3);
  for (guint i = 0; i < 8; i++)
    h = (h ^ ((a >> (8 * i)) & 0xff)) * G_GUINT64_CONSTANT (0x100000001b3);
  for (guint i = 0; i < 8; i++)
    h = (h ^ ((b >> (8 * i)) & 0xff)) * G_GUINT64_CONSTANT (0x100000001b3);
  return h;
}
