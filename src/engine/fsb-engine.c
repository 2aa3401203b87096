/* fsb-engine.c: process-wide set-up shared by the CLI, the window and tests */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "fsb-engine.h"

/* FSBENCH_LOCALEDIR lets the tests and `build-aux/dev run` use the
 * catalogs from the build tree before anything is installed. */
const char *
fsb_engine_localedir (void)
{
  const char *dir = g_getenv ("FSBENCH_LOCALEDIR");

  return (dir != NULL && *dir != '\0') ? dir : LOCALEDIR;
}

const char *
fsb_engine_version (void)
{
  return PACKAGE_VERSION;
}

void
fsb_engine_init (void)
{
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      setlocale (LC_ALL, "");
      bindtextdomain (GETTEXT_PACKAGE, fsb_engine_localedir ());
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
      g_once_init_leave (&once, 1);
    }
}
