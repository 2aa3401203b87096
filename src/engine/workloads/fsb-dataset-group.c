/* fsb-dataset-group.c: a group's own data in the dataset folder (the git
 * repository, the build's sources, the photos' card): kept while its
 * manifest says it was made from the same sizes, else made again beside
 * and renamed into place once whole, the manifest written last. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "fsb-dataset.h"
#include "fsb-workloads-util.h"

JsonNode *
fsb_dataset_group_folder (const char *dataset_dir, const char *name, const char *part, JsonNode *want,
                          FsbDatasetMakeFunc make, gconstpointer data, GCancellable *cancellable, GError **error)
{
  g_autofree char *dir = g_build_filename (dataset_dir, name, NULL);
  g_autofree char *mpath = g_build_filename (dir, "manifest.json", NULL);
  g_autofree char *folder = g_build_filename (dir, part, NULL);
  g_autofree char *tmp = NULL, *json = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  FsbTreeCount junk = { 0 };

  if (json_parser_load_from_file (parser, mpath, NULL) && json_node_equal (json_parser_get_root (parser), want)
      && g_file_test (folder, G_FILE_TEST_IS_DIR))
    return json_node_copy (want);
  if (g_mkdir_with_parents (dir, 0755) < 0)
    {
      fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), dir);
      return NULL;
    }
  g_unlink (mpath);
  if (!fsb_remove_tree (folder, &junk, cancellable, error) || (tmp = fsb_dataset_temp_sibling (folder, error)) == NULL)
    return NULL;
  if (!make (tmp, data, cancellable, error) || g_rename (tmp, folder) < 0)
    {
      if (error != NULL && *error == NULL)
        fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), folder);
      fsb_remove_tree (tmp, &junk, NULL, NULL);
      return NULL;
    }
  json = json_to_string (want, FALSE);
  if (!g_file_set_contents (mpath, json, -1, error))
    return NULL;
  return json_node_copy (want);
}
