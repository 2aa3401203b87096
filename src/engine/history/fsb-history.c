/* fsb-history.c: earlier runs, kept as JSON files in the user's data folder */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "fsb-error.h"
#include "fsb-format.h"
#include "fsb-history.h"
#include "fsb-history-private.h"
#include "fsb-target-info.h"

void
fsb_history_entry_free (FsbHistoryEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->path);
  g_clear_pointer (&entry->summary, fsb_result_unref);
  g_free (entry->problem);
  g_free (entry);
}

char *
fsb_history_dir (void)
{
  char *dir = g_build_filename (g_get_user_data_dir (), "fsbench", "history", NULL);

  g_mkdir_with_parents (dir, 0700);
  return dir;
}

/* A file name that sorts by time and never overwrites an earlier run. */
static char *
unique_path (const char *stem)
{
  g_autofree char *dir = fsb_history_dir ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  for (guint i = 0; ; i++)
    {
      g_autofree char *name = i == 0 ? g_strdup_printf ("%s-%s.json", stamp, stem)
                                     : g_strdup_printf ("%s-%s-%u.json", stamp, stem, i);
      char *path = g_build_filename (dir, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
}

/* Saves result as a new run and adds it to the index. */
static char *
save_new (FsbResult *result, const char *stem, GError **error)
{
  g_autofree char *path = unique_path (stem);
  g_autofree char *dir = NULL, *name = NULL;

  if (!fsb_result_save (result, path, error))
    return NULL;
  dir = g_path_get_dirname (path);
  name = g_path_get_basename (path);
  fsb_history_index_append (dir, name, result);
  return g_steal_pointer (&path);
}

char *
fsb_history_save (FsbResult *result, GError **error)
{
  return save_new (result, "run", error);
}

char *
fsb_history_import (const char *path, GError **error)
{
  g_autoptr(FsbResult) result = fsb_result_load (path, error);

  if (result == NULL)
    return NULL;
  return save_new (result, "imported", error);
}

static int
compare_names_desc (gconstpointer a, gconstpointer b)
{
  return -g_strcmp0 (*(const char **) a, *(const char **) b);
}

/* One listing at a time: the window lists the history for its setup page
 * and its history page at once, and each would read a new file whole
 * (the largest takes seconds and 100 MB); the one after reads the index
 * the first wrote. */
G_LOCK_DEFINE_STATIC (listing);

static GPtrArray *
list_locked (GCancellable *cancellable)
{
  g_autofree char *dir_path = fsb_history_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_history_entry_free);
  g_autoptr(GHashTable) keys = NULL;
  g_autoptr(FsbHistoryIndex) index = NULL;
  const char *name;

  if (dir == NULL)
    return entries;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names_desc);

  keys = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir_path, g_ptr_array_index (names, i), NULL);
      g_autofree FsbHistoryFileKey *key = g_new0 (FsbHistoryFileKey, 1);

      if (fsb_history_file_key (path, key))
        g_hash_table_insert (keys, g_ptr_array_index (names, i), g_steal_pointer (&key));
    }
  index = fsb_history_index_read (dir_path, keys);

  for (guint i = 0; i < names->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      const char *base = g_ptr_array_index (names, i);
      FsbHistoryEntry *entry = g_new0 (FsbHistoryEntry, 1);
      const FsbHistoryFileKey *key = g_hash_table_lookup (keys, base);
      FsbResult *summary = key != NULL ? fsb_history_index_lookup (index, base) : NULL;
      g_autoptr(FsbResult) result = NULL;
      g_autoptr(GError) error = NULL;

      entry->path = g_build_filename (dir_path, base, NULL);
      g_ptr_array_add (entries, entry);
      if (summary != NULL)
        {
          entry->summary = fsb_result_ref (summary);
          continue;
        }
      /* New, changed, or unreadable (whose reason is said in today's words). */
      fsb_history_count_file_read ();
      result = fsb_result_load (entry->path, &error);
      if (result != NULL && key != NULL)
        summary = fsb_history_index_add (index, base, key, result, &error);
      if (summary != NULL)
        entry->summary = fsb_result_ref (summary);
      else if (result != NULL && key == NULL)   /* it changed as it was listed */
        entry->summary = fsb_history_summarize (result, &error);
      if (entry->summary == NULL)
        entry->problem = g_strdup (error->message);
    }
  if (!g_cancellable_is_cancelled (cancellable))
    fsb_history_index_write (index);
  return entries;
}

GPtrArray *
fsb_history_list (GCancellable *cancellable)
{
  GPtrArray *entries;

  G_LOCK (listing);
  entries = list_locked (cancellable);
  G_UNLOCK (listing);
  return entries;
}

static void
list_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  g_task_return_pointer (task, fsb_history_list (cancellable), (GDestroyNotify) g_ptr_array_unref);
}

void
fsb_history_list_async (GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, fsb_history_list_async);
  g_task_run_in_thread (task, list_thread);
}

GPtrArray *
fsb_history_list_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
load_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  const char *const *paths = task_data;
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_result_unref);

  for (guint i = 0; paths[i] != NULL; i++)
    {
      GError *error = NULL;
      FsbResult *result;

      if (g_task_return_error_if_cancelled (task))
        return;
      result = fsb_result_load (paths[i], &error);
      if (result == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      g_ptr_array_add (runs, result);
    }
  g_task_return_pointer (task, g_steal_pointer (&runs), (GDestroyNotify) g_ptr_array_unref);
}

static void
save_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  char *path = fsb_history_save (task_data, &error);

  if (path != NULL)
    g_task_return_pointer (task, path, g_free);
  else
    g_task_return_error (task, error);
}

void
fsb_history_save_async (FsbResult *result, GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_return_if_fail (result != NULL);
  g_task_set_source_tag (task, fsb_history_save_async);
  g_task_set_task_data (task, fsb_result_ref (result), (GDestroyNotify) fsb_result_unref);
  g_task_run_in_thread (task, save_thread);
}

char *
fsb_history_save_finish (GAsyncResult *res, FsbResult **saved, GError **error)
{
  if (saved != NULL)
    *saved = g_task_get_task_data (G_TASK (res));
  return g_task_propagate_pointer (G_TASK (res), error);
}

void
fsb_history_load_async (const char *const *paths, GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_return_if_fail (paths != NULL);
  g_task_set_source_tag (task, fsb_history_load_async);
  g_task_set_task_data (task, g_strdupv ((char **) paths), (GDestroyNotify) g_strfreev);
  g_task_run_in_thread (task, load_thread);
}

GPtrArray *
fsb_history_load_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

FsbResult *
fsb_history_merge (GPtrArray *runs, const char *const *labels, GError **error)
{
  g_autoptr(FsbResult) merged = NULL;

  g_return_val_if_fail (runs != NULL && runs->len > 0, NULL);

  /* The first run gives the machine and method; the others add their
   * filesystems, renamed so each run keeps its own bars and rows. */
  for (guint r = 0; r < runs->len; r++)
    {
      g_autoptr(FsbResult) copy = fsb_result_copy (g_ptr_array_index (runs, r));
      g_autoptr(GPtrArray) names = NULL;

      names = g_ptr_array_new_with_free_func (g_free);
      for (guint f = 0; f < copy->filesystems->len; f++)
        {
          FsbFsResult *fs = g_ptr_array_index (copy->filesystems, f);
          const char *shown = fsb_format_fs_name (fs->name);

          /* ntfs and ntfs3 both show as NTFS: keep them apart */
          for (guint o = 0; o < copy->filesystems->len; o++)
            if (o != f && g_strcmp0 (fsb_format_fs_name (((FsbFsResult *) copy->filesystems->pdata[o])->name), shown) == 0)
              shown = fs->name;
          /* Translators: a filesystem, then which run it comes from */
          g_ptr_array_add (names, g_strdup_printf (_("%s · %s"), shown, labels[r]));
        }
      for (guint f = 0; f < copy->filesystems->len; f++)
        {
          FsbFsResult *fs = g_ptr_array_index (copy->filesystems, f);

          g_free (fs->name);
          fs->name = g_steal_pointer (&names->pdata[f]);
        }
      if (merged == NULL)
        merged = g_steal_pointer (&copy);
      else
        while (copy->filesystems->len > 0)
          g_ptr_array_add (merged->filesystems, g_ptr_array_steal_index (copy->filesystems, 0));
    }
  /* Transfers are between filesystems of one run only. */
  g_ptr_array_set_size (merged->transfers, 0);
  return g_steal_pointer (&merged);
}

static GDateTime *
created_local (FsbResult *result)
{
  g_autoptr(GDateTime) when = result->created != NULL ? g_date_time_new_from_iso8601 (result->created, NULL) : NULL;

  return when != NULL ? g_date_time_to_local (when) : NULL;
}

char *
fsb_history_label (FsbResult *result)
{
  g_autoptr(GDateTime) local = created_local (result);
  g_autofree char *iso = local != NULL ? g_date_time_format_iso8601 (local) : NULL;

  /* "30 November 2026, 13:37": unambiguous in every language */
  return iso != NULL ? fsb_format_date_time (iso) : g_strdup (_("Unknown date"));
}

char *
fsb_history_describe (FsbResult *result)
{
  g_autofree char *date = fsb_history_label (result);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autofree char *joined = NULL;
  g_autofree char *profile = fsb_profile_display_name (result->profile);

  for (guint i = 0; i < result->filesystems->len; i++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, i);
      g_ptr_array_add (names, (gpointer) fsb_format_fs_name (fs->name));
    }
  joined = fsb_format_join_names ((const char *const *) names->pdata, names->len, FALSE);
  /* Translators: date · filesystems · profile · host name or CPU */
  return g_strdup_printf (_("%s · %s · %s · %s%s"), date, joined,
                          profile != NULL ? profile : "",
                          result->machine.cpu_model != NULL ? result->machine.cpu_model : "",
                          result->complete ? "" : _(" · incomplete"));
}

char *
fsb_history_entry_id (const FsbHistoryEntry *entry)
{
  g_autofree char *base = g_path_get_basename (entry->path);

  return g_str_has_suffix (base, ".json") ? g_strndup (base, strlen (base) - 5) : g_steal_pointer (&base);
}

/* TRUE when path names a .json file directly in the history folder. */
static gboolean
in_history (const char *path)
{
  g_autofree char *dir = fsb_history_dir ();
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);
  g_autofree char *parent = g_path_get_dirname (canonical);

  return g_str_has_suffix (canonical, ".json") && strcmp (parent, dir) == 0 &&
         g_file_test (canonical, G_FILE_TEST_IS_REGULAR) && !g_file_test (canonical, G_FILE_TEST_IS_SYMLINK);
}

char *
fsb_history_find (const char *id, GError **error)
{
  g_autofree char *dir = fsb_history_dir ();
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (id != NULL, NULL);
  if (strchr (id, '/') != NULL)
    path = g_canonicalize_filename (id, NULL);
  else
    {
      name = g_str_has_suffix (id, ".json") ? g_strdup (id) : g_strconcat (id, ".json", NULL);
      path = g_build_filename (dir, name, NULL);
    }
  if (!in_history (path))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_NOT_FOUND,
                   /* Translators: %s is what the user gave; “fsbench-cli history” lists the runs */
                   _("There is no run “%s” in the history (“fsbench-cli history” lists them)"), id);
      return NULL;
    }
  return g_steal_pointer (&path);
}

gboolean
fsb_history_delete (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, FALSE);

  if (!in_history (path))
    {
      g_autofree char *display = g_filename_display_name (path);
      g_set_error (error, FSB_ERROR, FSB_ERROR_REFUSED,
                   /* Translators: %s is a file name */
                   _("“%s” is not a run of the history, so it is not deleted"), display);
      return FALSE;
    }
  if (g_unlink (path) != 0)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (path);
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a file name, then the reason */
                   _("Could not delete “%s”: %s"), display, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}
