/* fsb-test-random.h: random numbers of known distributions, for the tests
 * of the statistics */
#pragma once

#include <glib.h>
#include <math.h>

/* A standard normal (Box–Muller). */
static inline double
fsb_test_normal (GRand *rand)
{
  double u = g_rand_double (rand), v = g_rand_double (rand);

  return sqrt (-2 * log (1 - u)) * cos (2 * G_PI * v);
}

/* A Student's t with 3 degrees of freedom, scaled to the spread of a
 * normal of σ 1 in its middle: heavy tails, as timings have. */
static inline double
fsb_test_heavy (GRand *rand)
{
  double z = fsb_test_normal (rand), chi = 0;

  for (guint i = 0; i < 3; i++)
    {
      double x = fsb_test_normal (rand);
      chi += x * x;
    }
  return 0.8 * z / sqrt (chi / 3);
}
