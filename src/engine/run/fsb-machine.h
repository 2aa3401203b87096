/* fsb-machine.h: what the benchmark ran on: CPU, memory, kernel, distribution, board */
#pragma once

#include "fsb-result.h"

G_BEGIN_DECLS

/* Fills machine from /proc, uname, /etc/os-release and /sys/class/dmi/id.
 * Fields that cannot be read stay NULL or 0. */
void fsb_machine_probe (FsbMachine *machine);

G_END_DECLS
