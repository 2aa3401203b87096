/* fsb-workloads-private.h: the task functions behind fsb_workload_lookup() */
#pragma once

#include "fsb-workload.h"

G_BEGIN_DECLS

/* core (seed 000): fsb-workloads-core.c */

/* other studies (seeds 001 to 004): fsb-workloads-*.c */

G_END_DECLS
