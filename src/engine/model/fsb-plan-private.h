/* fsb-plan-private.h: plan helpers for the runner */
#pragma once

#include "fsb-plan.h"

G_BEGIN_DECLS

/* fsb_plan_needed_bytes() for other sizes than the plan's own: the runner
 * passes the real size of a --source folder. */
guint64 fsb_plan_needed_bytes_for (FsbPlan *self, const FsbProfile *profile);

G_END_DECLS
