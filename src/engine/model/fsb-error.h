/* fsb-error.h: the engine's error domain */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define FSB_ERROR (fsb_error_quark ())

/* Codes a caller can act on. The CLI maps them to exit codes. */
typedef enum {
  FSB_ERROR_FAILED,          /* something went wrong during the run */
  FSB_ERROR_NOT_AUTHORIZED,  /* polkit said no, or the prompt was dismissed */
  FSB_ERROR_NO_SPACE,        /* too little room for the image or the plan */
  FSB_ERROR_BUSY,            /* device mounted or in use */
  FSB_ERROR_CANCELLED,       /* the user cancelled */
  FSB_ERROR_UNSUPPORTED,     /* filesystem or feature not available here */
  FSB_ERROR_REFUSED,         /* target refused for safety */
  FSB_ERROR_INVALID,         /* bad usage or bad input (corrupt file, ...) */
  FSB_ERROR_NOT_FOUND,       /* missing device or file */
  FSB_ERROR_NO_SERVICE,      /* udisks2, polkit, udev or the system bus missing or not answering */
} FsbErrorCode;

GQuark fsb_error_quark          (void);
int    fsb_error_to_exit_status (const GError *error);
void   fsb_error_normalize      (GError **error);

G_END_DECLS
