/* fsb-test-assert.h: assertions that say why a call failed */
#pragma once

#include <string.h>

#include <glib.h>

#include "fsb-engine.h"

/* call returns a gboolean and sets error (a GError *) when it fails.
 * g_assert_true (call) then g_assert_no_error (error) aborts at the first
 * with only "should be TRUE", and the reason is lost: this checks the
 * error first, so its message is printed, then the value. */
#define fsb_assert_ok(call, error)                                             \
  G_STMT_START {                                                               \
    gboolean fsb_ok_ = (call);                                                 \
    g_assert_no_error (error);                                                 \
    if (!fsb_ok_)                                                              \
      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC,        \
                           "'" #call "' should be TRUE (with no error set)");  \
  } G_STMT_END

/* Loading data as a result fails with code, the message naming needle
 * (NULL: any message). */
static inline void
fsb_assert_load_fails (const char *data, FsbErrorCode code, const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbResult) r = fsb_result_load_from_data (data, -1, &error);

  g_assert_null (r);
  g_assert_error (error, FSB_ERROR, (int) code);
  if (needle != NULL && strstr (error->message, needle) == NULL)
    g_error ("“%s” not in “%s”", needle, error->message);
}
