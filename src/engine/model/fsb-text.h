/* fsb-text.h: text from outside (a shared file, a device, a command's
 * output) made safe to show, and the shape of names and ids */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A copy of text (length -1: up to the NUL) that cannot drive a terminal
 * or reorder what is around it: invalid UTF-8, the C0 controls but
 * newline and tab, DEL, the C1 controls (U+0080 to U+009F) and the
 * bidirectional overrides and isolates each become U+FFFD. ESC, OSC 52 and
 * the 8-bit CSI are all among them. NULL gives NULL. */
char     *fsb_text_sanitize       (const char *text, gssize length);
/* TRUE when fsb_text_sanitize() would change nothing. */
gboolean  fsb_text_is_clean       (const char *text, gssize length);
/* Sanitizes a GString in place. */
void      fsb_text_sanitize_string (GString *text);

/* A filesystem name: a letter or digit, then letters, digits, "_" or "-";
 * at most 32 bytes ("ext4", "nilfs2", "f2fs"). */
gboolean  fsb_text_is_fs_name     (const char *name);
/* A contender's label as a plan or a result names it: a filesystem name,
 * or one with a twin's number, "ext4 (2)" (1 to 99). */
gboolean  fsb_text_is_label       (const char *label);
/* A task id: a catalog id ("big-copy-in") or "custom:NAME", of letters,
 * digits, "-", "_" and "." (and one ":" after the first part); at most
 * 128 bytes. */
gboolean  fsb_text_is_task_id     (const char *id);
/* A step id as the runner writes them in a result's pace: a task's key
 * (fsb_job_key ()), lower case, at most 64 bytes. */
gboolean  fsb_text_is_step_id     (const char *id);

G_END_DECLS
