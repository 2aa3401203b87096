/* fsb-kernel-cmdline.h: what of the kernel's command line a result keeps */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The parameters of a kernel command line that can explain a measurement
 * (mitigations, the I/O scheduler, huge pages, tickless and isolated CPUs,
 * preemption, idle states, IOMMU, the storage drivers' options…), in
 * their order, joined by spaces; an allow-list, so nothing that names the
 * machine, its disks or its network (BOOT_IMAGE, root=UUID, ip=,
 * hostname=) is kept. Init's arguments, after "--", are not the kernel's.
 * NULL when none is left, or cmdline is NULL. */
char *fsb_kernel_cmdline_keep (const char *cmdline);

G_END_DECLS
