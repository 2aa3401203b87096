/* fsb-run-source.c: the test data, the --source view and the scratch folder */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-custom.h"
#include "fsb-dataset.h"
#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-fs-support-private.h"
#include "fsb-machine.h"
#include "fsb-target.h"
#include "fsb-catalog.h"
#include "fsb-group-transfer.h"
#include "fsb-workload.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"
#include "fsb-run-private.h"
#include "fsb-scratch.h"

/* Set-up ------------------------------------------------------------------ */

/* The version the support probe found; else the first line of mkfs.X -V. */
char *
fsb_run_mkfs_version (const char *fstype)
{
  g_autoptr(FsbFsSupport) support = fsb_fs_support_probe_one (fsb_udisks_get_client (NULL), fstype);
  g_autofree char *tool = g_strdup_printf ("mkfs.%s", fstype);
  g_autofree char *path = g_find_program_in_path (tool);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *argv[] = { NULL, "-V", NULL };
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) env = NULL;

  if (support != NULL && support->mkfs_version != NULL)
    return g_strdup (support->mkfs_version);
  if (path == NULL)
    {
      /* /sbin is not always in a user's PATH. */
      g_free (path);
      path = g_build_filename ("/usr/sbin", tool, NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
        return NULL;
    }
  argv[0] = path;
  /* in the C locale: the version is data, the same in every language */
  env = g_environ_setenv (g_get_environ (), "LC_ALL", "C", TRUE);
  if (!g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, NULL, NULL))
    return NULL;
  lines = g_strsplit (out != NULL && *g_strstrip (out) != '\0' ? out : g_strstrip (err), "\n", 2);
  return lines[0] != NULL && *lines[0] != '\0' ? g_strdup (g_strstrip (lines[0])) : NULL;
}

/* Builds (or checks) the generated data and, with --source, a folder that
 * shows the user's tree next to the big file. */
gboolean
fsb_run_prepare_source (Run *run, FsbResult *result, GError **error)
{
  FsbDatasetSpec generated;
  g_autoptr(JsonNode) summary = NULL;
  guint n_groups;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n_groups);

  fsb_dataset_spec_init (&generated, run->sizes);
  generated.data = run->plan->data;

  if (run->plan->source_dir != NULL)
    {
      g_autoptr(JsonNode) described = NULL;
      guint files = 0;
      guint64 bytes = 0;
      g_autofree char *big = NULL, *tree = NULL, *link_big = NULL, *link_tree = NULL;

      described = fsb_dataset_describe_folder (run->plan->source_dir, &files, &bytes, run->cancellable, error);
      if (described == NULL)
        return FALSE;
      fsb_sizes_set (run->sizes, FSB_SIZE_TREE_FILES, files);
      fsb_sizes_set (run->sizes, FSB_SIZE_TREE_SIZE, bytes);
      /* Only the big file is generated. */
      generated.tree_files = generated.tree_dirs = 0;
      generated.tree_total_bytes = 0;
      generated.name = "custom";
      run->dataset_dir = fsb_dataset_cache_dir (&generated);
      if (!fsb_dataset_ensure (&generated, run->dataset_dir, TRUE, fsb_run_dataset_progress_cb, run,
                               &summary, run->cancellable, error))
        return FALSE;

      run->source_view = g_dir_make_tmp ("fsbench-source-XXXXXX", error);
      if (run->source_view == NULL)
        return FALSE;
      big = g_build_filename (run->dataset_dir, "big.img", NULL);
      tree = g_canonicalize_filename (run->plan->source_dir, NULL);
      link_big = g_build_filename (run->source_view, "big.img", NULL);
      link_tree = g_build_filename (run->source_view, "tree", NULL);
      if (symlink (big, link_big) < 0 || symlink (tree, link_tree) < 0)
        {
          g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED, "%s", g_strerror (errno));
          return FALSE;
        }
      json_object_set_member (json_node_get_object (summary), "source", g_steal_pointer (&described));
    }
  else
    {
      run->dataset_dir = fsb_dataset_cache_dir (&generated);
      if (!fsb_dataset_ensure (&generated, run->dataset_dir, TRUE, fsb_run_dataset_progress_cb, run,
                               &summary, run->cancellable, error))
        return FALSE;
    }

  /* Groups with data of their own (the kernel tree) make it beside. */
  for (guint g = 0; g < n_groups; g++)
    {
      const FsbWorkloadGroup *group = groups[g];
      JsonNode *data;

      if (group->prepare_data == NULL || !fsb_plan_has_group (run->plan, group->id))
        continue;
      data = group->prepare_data (run->sizes, run->dataset_dir, run->cancellable, error);
      if (data == NULL)
        return FALSE;
      if (run->source_view != NULL)
        {
          g_autofree char *tree = g_build_filename (run->dataset_dir, group->data_dir, NULL);
          g_autofree char *link = g_build_filename (run->source_view, group->data_dir, NULL);
          if (symlink (tree, link) < 0)
            {
              json_node_unref (data);
              g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED, "%s", g_strerror (errno));
              return FALSE;
            }
        }
      json_object_set_member (json_node_get_object (summary), group->data_dir, data);
    }

  g_mutex_lock (&run->runner->lock);
  result->dataset = g_steal_pointer (&summary);
  g_mutex_unlock (&run->runner->lock);
  return TRUE;
}

/* The read side (kernel-copy-out) should time the target's reads, not the
 * host disk's writes: in memory when there is room for the tree, else next
 * to the dataset, on a disk. /dev/shm is shared by every user, so the
 * folder is made once (mkdtemp: 0700, a name nobody can guess), checked
 * through its descriptor, and kept until the end of the run: it is emptied
 * through that descriptor, never removed and made again by name, which
 * would take a folder or a link someone planted in the gap. */
/* The read side of groups with data of their own (kernel-copy-out) copies
 * it off the target: about half the room the group needs on it. */
static guint64
scratch_bytes (Run *run)
{
  guint n_groups;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n_groups);
  guint64 bytes = 0;

  for (guint g = 0; g < n_groups; g++)
    if (groups[g]->data_dir != NULL && groups[g]->space_needed != NULL &&
        fsb_plan_has_group (run->plan, groups[g]->id))
      bytes = MAX (bytes, groups[g]->space_needed (run->sizes) / 2);
  return bytes;
}

gboolean
fsb_run_make_scratch (Run *run, GError **error)
{
  g_autofree char *parent = fsb_scratch_parent (scratch_bytes (run));
  /* Named after this process, so each process can tell its own, and the
   * next start can tell a killed run's (fsb_scratch_reclaim ()). */
  g_autofree char *name = fsb_scratch_template ();
  g_autofree char *tmpl = g_build_filename (parent, name, NULL);
  struct stat st;

  g_mkdir_with_parents (parent, 0700);
  if (g_mkdtemp (tmpl) == NULL)
    {
      /* Translators: a file or folder, then the system’s reason */
      fsb_set_error_from_errno (error, errno, _("Cannot create the folder “%s”: %s"), parent);
      return FALSE;
    }
  run->scratch_dir = g_steal_pointer (&tmpl);
  run->scratch_fd = open (run->scratch_dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (run->scratch_fd < 0 || fstat (run->scratch_fd, &st) < 0 || st.st_uid != geteuid ()
      || (st.st_mode & 0077) != 0)
    {
      fsb_set_error_from_errno (error, run->scratch_fd < 0 ? errno : EPERM,
                                _("Cannot create the folder “%s”: %s"), run->scratch_dir);
      return FALSE;
    }
  return TRUE;
}

/* What a task left in the scratch folder goes, outside its time. */
void
fsb_run_empty_scratch (Run *run)
{
  g_autoptr(GError) error = NULL;
  FsbFileOps ops;

  if (run->scratch_fd < 0)
    return;
  fsb_file_ops_init (&ops, NULL, NULL, NULL, 0);
  if (!fsb_empty_dir_at (&ops, run->scratch_fd, &error))
    g_warning ("Could not empty %s: %s", run->scratch_dir, error->message);
  fsb_file_ops_clear (&ops);
}

void
fsb_run_remove_scratch (Run *run)
{
  if (run->scratch_dir == NULL)
    return;
  fsb_run_empty_scratch (run);
  if (run->scratch_fd >= 0)
    close (run->scratch_fd);
  run->scratch_fd = -1;
  if (g_rmdir (run->scratch_dir) != 0 && errno != ENOENT)
    g_warning ("Could not remove %s: %s", run->scratch_dir, g_strerror (errno));
}

void
fsb_run_remove_source_view (Run *run)
{
  guint n_groups;
  const FsbWorkloadGroup *const *groups = fsb_catalog_groups (&n_groups);
  const char *fixed[] = { "big.img", "tree" };

  if (run->source_view == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    {
      g_autofree char *link = g_build_filename (run->source_view, fixed[i], NULL);
      g_unlink (link);
    }
  for (guint g = 0; g < n_groups; g++)
    if (groups[g]->data_dir != NULL)
      {
        g_autofree char *link = g_build_filename (run->source_view, groups[g]->data_dir, NULL);
        g_unlink (link);
      }
  g_rmdir (run->source_view);
}
