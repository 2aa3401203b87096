/* fsb-mount-allow.c: the mount options udisks allows, as udisks has them */
#define _GNU_SOURCE 1  /* memmem */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-contender.h"
#include "fsb-error.h"
#include "fsb-format.h"
#include "fsb-mount-allow.h"

static char *udisksd_path_for_testing;
static char *conf_path_for_testing;

void
fsb_mount_allow_set_paths_for_testing (const char *udisksd, const char *conf)
{
  g_free (udisksd_path_for_testing);
  g_free (conf_path_for_testing);
  udisksd_path_for_testing = g_strdup (udisksd);
  conf_path_for_testing = g_strdup (conf);
}

/* udisksd carries its built-in builtin_mount_options.conf as a text
 * resource: the key file from "[defaults]" to the NUL that ends it. */
static GKeyFile *
read_builtin (void)
{
  static const char *const paths[] = { "/usr/libexec/udisks2/udisksd", "/usr/lib/udisks2/udisksd", NULL };
  const char *const testing[] = { udisksd_path_for_testing, NULL };
  const char *const *candidates = udisksd_path_for_testing != NULL ? testing : paths;
  static const char marker[] = "[defaults]\nallow=";

  for (guint i = 0; candidates[i] != NULL; i++)
    {
      g_autoptr(GMappedFile) file = g_mapped_file_new (candidates[i], FALSE, NULL);
      const char *data, *start, *end;
      gsize length;
      g_autoptr(GKeyFile) kf = NULL;

      if (file == NULL)
        continue;
      data = g_mapped_file_get_contents (file);
      length = g_mapped_file_get_length (file);
      start = data != NULL ? memmem (data, length, marker, strlen (marker)) : NULL;
      if (start == NULL)
        continue;
      end = memchr (start, '\0', length - (start - data));
      if (end == NULL || end - start > 64 * 1024)
        continue;
      kf = g_key_file_new ();
      if (g_key_file_load_from_data (kf, start, end - start, G_KEY_FILE_NONE, NULL))
        return g_steal_pointer (&kf);
    }
  return NULL;
}

static void
add_list (GPtrArray *out, const char *list)
{
  g_auto(GStrv) items = g_strsplit (list != NULL ? list : "", ",", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      g_strstrip (items[i]);
      if (*items[i] != '\0' && !g_ptr_array_find_with_equal_func (out, items[i], g_str_equal, NULL))
        g_ptr_array_add (out, g_strdup (items[i]));
    }
}

/* A key of [defaults], the administrator's file over the built-in one. */
static char *
lookup (GKeyFile *builtin, GKeyFile *admin, const char *key)
{
  if (admin != NULL && g_key_file_has_key (admin, "defaults", key, NULL))
    return g_key_file_get_string (admin, "defaults", key, NULL);
  return g_key_file_get_string (builtin, "defaults", key, NULL);
}

char **
fsb_mount_allowed_options (const char *fs_type)
{
  g_autoptr(GKeyFile) builtin = read_builtin ();
  g_autoptr(GKeyFile) admin = g_key_file_new ();
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *general = NULL;
  g_autofree char *type_key = g_strconcat (fs_type, "_allow", NULL);
  g_autofree char *typed = NULL;
  const char *conf = conf_path_for_testing != NULL ? conf_path_for_testing : FSB_UDISKS_MOUNT_OPTIONS_CONF;

  if (builtin == NULL)
    return NULL;
  if (!g_key_file_load_from_file (admin, conf, G_KEY_FILE_NONE, NULL))
    g_clear_pointer (&admin, g_key_file_unref);
  general = lookup (builtin, admin, "allow");
  typed = lookup (builtin, admin, type_key);
  add_list (out, general);
  add_list (out, typed);
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&out), FALSE);
}

/* As udisks decides: the option itself is listed, or (name=VALUE) its name. */
static gboolean
allowed (const char *const *allow, const char *option)
{
  const char *eq = strchr (option, '=');
  g_autofree char *name = eq != NULL ? g_strndup (option, eq - option) : NULL;

  return g_strv_contains (allow, option) || (name != NULL && g_strv_contains (allow, name));
}

gboolean
fsb_mount_options_check (const char *fs_type, const char *options, GError **error)
{
  g_auto(GStrv) allow = NULL;
  g_auto(GStrv) asked = NULL;
  g_autoptr(GPtrArray) refused = g_ptr_array_new ();
  g_autofree char *refused_text = NULL;
  g_autofree char *allow_text = NULL;

  if (!fsb_contender_check_mount_options (options, error))
    return FALSE;
  if (options == NULL || *options == '\0')
    return TRUE;
  allow = fsb_mount_allowed_options (fs_type);
  if (allow == NULL)
    return TRUE;   /* an udisks without readable lists says so itself, at mount */
  asked = g_strsplit (options, ",", -1);
  for (guint i = 0; asked[i] != NULL; i++)
    if (!allowed ((const char *const *) allow, asked[i]))
      g_ptr_array_add (refused, asked[i]);
  if (refused->len == 0)
    return TRUE;
  g_ptr_array_add (refused, NULL);
  refused_text = g_strjoinv (", ", (char **) refused->pdata);
  allow_text = g_strjoinv (", ", allow);
  g_set_error (error, FSB_ERROR, FSB_ERROR_REFUSED,
               /* Translators: a filesystem (“ext4”), the options refused, the options allowed, a file */
               _("udisks does not let you mount %s with %s. It allows: %s. An administrator can allow more "
                 "in %s."),
               fsb_format_fs_name (fs_type), refused_text, allow_text, FSB_UDISKS_MOUNT_OPTIONS_CONF);
  return FALSE;
}
