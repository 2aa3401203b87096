/* fsb-mount-allow.h: which mount options udisks lets a user pass, read
 * from udisks itself: its built-in lists (in udisksd since 2.9) and what
 * an administrator added in /etc/udisks2/mount_options.conf. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define FSB_UDISKS_MOUNT_OPTIONS_CONF "/etc/udisks2/mount_options.conf"

/* The options (or option names, for name=VALUE) udisks allows for fs_type,
 * or NULL when this udisks has no lists FS Bench can read (older than 2.9). */
char   **fsb_mount_allowed_options (const char *fs_type);
/* TRUE when udisks would take every option of options (comma-separated)
 * for fs_type; else FSB_ERROR_REFUSED naming the refused options, the
 * allowed ones and where an administrator can allow more. Syntax is
 * fsb_contender_check_mount_options ()'s. Unknown lists: TRUE. */
gboolean fsb_mount_options_check   (const char *fs_type, const char *options, GError **error);
/* Tests: where udisksd and the administrator's file are (NULL: the usual). */
void     fsb_mount_allow_set_paths_for_testing (const char *udisksd, const char *conf);

G_END_DECLS
