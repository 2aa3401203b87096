/* fsb-exporter.h: the report of a run or a comparison, written where the user says */
#pragma once

#include <gtk/gtk.h>

#include "fsb-result.h"

G_BEGIN_DECLS

/* Asks where to write the report in format ("html", "pdf", ...), then
 * writes it in a thread: the runs of a comparison (oldest first) when
 * runs is not NULL, else result. finish gives the path written, or fails (with
 * G_IO_ERROR_CANCELLED when the user closed the chooser). */
void  fsb_exporter_run_async  (GtkWindow           *parent,
                               FsbResult           *result,
                               GPtrArray           *runs,
                               const char          *format,
                               const char          *use_case,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data);
char *fsb_exporter_run_finish (GAsyncResult        *result,
                               GError             **error);

G_END_DECLS
