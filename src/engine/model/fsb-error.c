/* fsb-error.c: the engine's error domain */
#include "config.h"

#include <gio/gio.h>

#include "fsb-error.h"

G_DEFINE_QUARK (fsb-error-quark, fsb_error)

/* Exit statuses documented in fsbench-cli --help. */
int
fsb_error_to_exit_status (const GError *error)
{
  if (error == NULL)
    return 0;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return 130;
  if (error->domain != FSB_ERROR)
    return 1;

  switch ((FsbErrorCode) error->code)
    {
    case FSB_ERROR_CANCELLED:
      return 130;
    case FSB_ERROR_NOT_AUTHORIZED:
      return 3;
    case FSB_ERROR_NO_SPACE:
    case FSB_ERROR_BUSY:
    case FSB_ERROR_UNSUPPORTED:
    case FSB_ERROR_REFUSED:
    case FSB_ERROR_INVALID:
    case FSB_ERROR_NOT_FOUND:
    case FSB_ERROR_NO_SERVICE:
      return 2;
    case FSB_ERROR_FAILED:
    default:
      return 1;
    }
}

/* Turn a GIO cancellation into ours, so callers test one code. */
void
fsb_error_normalize (GError **error)
{
  if (error == NULL || *error == NULL)
    return;
  if (g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *msg = g_strdup ((*error)->message);
      g_clear_error (error);
      g_set_error_literal (error, FSB_ERROR, FSB_ERROR_CANCELLED, msg);
    }
}
