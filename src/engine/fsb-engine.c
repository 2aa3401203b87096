/* fsb-engine.c: process-wide set-up shared by the CLI, the window and tests:
 * the translations, and the built-in workload groups in the catalog */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "fsb-engine.h"
#include "fsb-workload-registry.h"   /* generated from workloads/meson.build */

/* A program that runs from the build tree (its own file lies under the
 * build root, as `_build/src/cli/fsbench-cli` does) reads the catalogs built
 * beside it, so an uninstalled build speaks the reader's language without
 * an environment variable; an installed one never lies there. */
static gboolean
running_from_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *root = g_path_get_dirname (BUILD_LOCALEDIR);
  g_autofree char *prefix = g_strconcat (root, G_DIR_SEPARATOR_S, NULL);

  return exe != NULL && g_str_has_prefix (exe, prefix) &&
         g_file_test (BUILD_LOCALEDIR, G_FILE_TEST_IS_DIR);
}

/* FSBENCH_LOCALEDIR names another folder of catalogs (the tests use it). */
const char *
fsb_engine_localedir (void)
{
  static gsize from_build = 0;
  const char *dir = g_getenv ("FSBENCH_LOCALEDIR");

  if (dir != NULL && *dir != '\0')
    return dir;
  if (g_once_init_enter (&from_build))
    g_once_init_leave (&from_build, running_from_build_tree () ? 2 : 1);
  return from_build == 2 ? BUILD_LOCALEDIR : LOCALEDIR;
}

const char *
fsb_engine_version (void)
{
  return PACKAGE_VERSION;
}

/* In the order of workloads/meson.build: the report's and the runner's. */
static void
register_builtin_groups (void)
{
  static const FsbWorkloadGroup *const builtin[] = { FSB_BUILTIN_WORKLOAD_GROUPS };

  for (guint i = 0; i < G_N_ELEMENTS (builtin); i++)
    if (!fsb_catalog_register_group (builtin[i]))
      g_error ("Workload group “%s” repeats an id of another group", builtin[i]->id);
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
      /* GLib decides once per process, at the first g_dgettext(), whether
       * to translate at all: not when the locale (C.UTF-8 included) has no
       * catalog for the default domain. Decide under "C", so a report can
       * still be written in another language (--lang) later. */
      {
        g_autofree char *messages = g_strdup (setlocale (LC_MESSAGES, NULL));
        setlocale (LC_MESSAGES, "C");
        (void) g_dgettext (GETTEXT_PACKAGE, "");
        setlocale (LC_MESSAGES, messages);
      }
      textdomain (GETTEXT_PACKAGE);
      register_builtin_groups ();
      g_once_init_leave (&once, 1);
    }
}
