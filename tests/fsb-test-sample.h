/* fsb-test-sample.h: a sample's metric, asserted present (header-only) */
#pragma once

#include <glib.h>

#include "fsb-result.h"

static inline double
fsb_test_sample_get (const FsbSample *s, const char *metric)
{
  double v = -1;

  g_assert_true (fsb_sample_get (s, metric, &v));
  return v;
}
