/* fsb-engine.h: the public API of libfsbench, in one include */
#pragma once

#include <glib.h>

#include "fsb-error.h"
#include "fsb-catalog.h"
#include "fsb-result.h"

G_BEGIN_DECLS

void        fsb_engine_init       (void);
const char *fsb_engine_localedir  (void);
const char *fsb_engine_version    (void);

G_END_DECLS
