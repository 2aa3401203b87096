/* fsb-importer.h: result files chosen by the user, checked and copied into the history */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Asks for files, then reads, checks and copies them in a thread. finish
 * fails with FSB_ERROR_INVALID, one line per file that could not be
 * imported (n_failed of them), or with G_IO_ERROR_CANCELLED when the user
 * closed the chooser or cancellable was cancelled. */
void     fsb_importer_run_async  (GtkWindow           *parent,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);
gboolean fsb_importer_run_finish (GAsyncResult        *result,
                                  guint               *n_failed,
                                  GError             **error);

G_END_DECLS
