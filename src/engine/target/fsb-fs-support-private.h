/* fsb-fs-support-private.h: the pure logic of fsb-fs-support.c, for the target and the unit test */
#pragma once

#include "fsb-fs-support.h"

G_BEGIN_DECLS

/* Whether the kernel can mount fs: listed in proc_filesystems (the text of
 * /proc/filesystems), or a module named in modules (the text of
 * modules.dep or modules.builtin). Either may be NULL. */
gboolean      fsb_fs_support_kernel_has    (const char *proc_filesystems,
                                            const char *modules,
                                            const char *fs);
/* The first line of a tool's version output that carries a version. */
char         *fsb_fs_support_parse_version (const char *output);
/* A tool's path: in PATH, or in the sbin folders a user's PATH may lack; NULL when absent. */
char         *fsb_fs_support_find_tool     (const char *tool);
/* One filesystem only, as fsb_fs_support_probe() sees it; NULL when unknown. */
FsbFsSupport *fsb_fs_support_probe_one     (UDisksClient *client, const char *name);

G_END_DECLS
