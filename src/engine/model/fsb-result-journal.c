/* fsb-result-journal.c: the result as a run writes it, task by task.
 *
 * A run saves what it has after every task. Writing the whole file each
 * time costs the whole file; a journal costs only what is new. It is JSON
 * lines:
 *   {"fsbench_journal":1,"header":{…the result without its samples…}}
 *   {"fs":"ext4","task":{"id":"big-copy-in","samples":[{…},…]}}
 * A header line is written again only when the header changed (a
 * filesystem's capacity or error, the aging, the pace); a task line holds
 * that task's new samples only. The last header and every task line, in
 * order, make the result: fsb_result_load () reads a journal as it reads a
 * result, with the same checks, so a killed run's --output file is a
 * result. A last line cut short by the kill is left out. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-error.h"
#include "fsb-job.h"
#include "fsb-json.h"
#include "fsb-result-private.h"

#define JOURNAL_START "{\"fsbench_journal\":1,"

struct _FsbResultJournal
{
  char       *path;
  int         fd;          /* open for appending after the first write, else -1 */
  char       *header;      /* the header line last written */
  GHashTable *written;     /* FsbTaskResult* → how many of its samples are written */
};

FsbResultJournal *
fsb_result_journal_new (const char *path)
{
  FsbResultJournal *self = g_new0 (FsbResultJournal, 1);

  self->path = g_strdup (path);
  self->fd = -1;
  self->written = g_hash_table_new (g_direct_hash, g_direct_equal);
  return self;
}

void
fsb_result_journal_free (FsbResultJournal *self)
{
  if (self == NULL)
    return;
  if (self->fd >= 0)
    close (self->fd);
  g_hash_table_unref (self->written);
  g_free (self->header);
  g_free (self->path);
  g_free (self);
}

static char *
header_line (FsbResult *result)
{
  g_autoptr(JsonNode) header = fsb_result_header_to_json (result);
  g_autofree char *text = fsb_json_to_data (header, FALSE, NULL);

  return g_strconcat (JOURNAL_START "\"header\":", text, "}\n", NULL);
}

static void
append_task_line (GString *out, const FsbFsResult *fs, const FsbTaskResult *task, guint from)
{
  g_autoptr(JsonNode) node = fsb_result_task_to_json (task, from);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) line = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  fsb_json_add_string (b, "fs", fs->name);
  json_builder_set_member_name (b, "task");
  json_builder_add_value (b, g_steal_pointer (&node));
  json_builder_end_object (b);
  line = json_builder_get_root (b);
  text = fsb_json_to_data (line, FALSE, NULL);
  g_string_append (out, text);
  g_string_append_c (out, '\n');
}

/* The task lines for the samples not written yet; FALSE when a task has
 * fewer samples than were written (the journal must start again). */
static gboolean
append_new_samples (FsbResultJournal *self, FsbResult *result, GString *out)
{
  for (guint i = 0; i < result->filesystems->len; i++)
    {
      const FsbFsResult *fs = g_ptr_array_index (result->filesystems, i);

      for (guint j = 0; j < fs->tasks->len; j++)
        {
          const FsbTaskResult *task = g_ptr_array_index (fs->tasks, j);
          guint written = GPOINTER_TO_UINT (g_hash_table_lookup (self->written, task));

          if (task->samples->len < written)
            return FALSE;
          if (task->samples->len == written)
            continue;
          append_task_line (out, fs, task, written);
          g_hash_table_insert (self->written, (gpointer) task, GUINT_TO_POINTER (task->samples->len));
        }
    }
  return TRUE;
}

static gboolean
set_error_from_errno (GError **error, int saved)
{
  g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved), g_strerror (saved));
  fsb_error_normalize (error);
  return FALSE;
}

static gboolean
write_all (int fd, const char *data, gsize len, GError **error)
{
  while (len > 0)
    {
      ssize_t n = write (fd, data, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return set_error_from_errno (error, errno);
      data += n;
      len -= (gsize) n;
    }
  if (fdatasync (fd) != 0)
    return set_error_from_errno (error, errno);
  return TRUE;
}

/* The whole journal anew, atomically (temp file and rename), then kept open
 * to append to. */
static gboolean
start_over (FsbResultJournal *self, FsbResult *result, char *header, GError **error)
{
  g_autoptr(GString) out = g_string_new (header);

  g_hash_table_remove_all (self->written);
  append_new_samples (self, result, out);
  if (self->fd >= 0)
    close (self->fd);
  self->fd = -1;
  if (!g_file_set_contents (self->path, out->str, (gssize) out->len, error))
    {
      fsb_error_normalize (error);
      g_hash_table_remove_all (self->written);
      g_free (header);
      return FALSE;
    }
  self->fd = open (self->path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW);
  g_free (self->header);
  self->header = header;
  if (self->fd < 0)
    return set_error_from_errno (error, errno);
  return TRUE;
}

gboolean
fsb_result_journal_write (FsbResultJournal *self, FsbResult *result, GError **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  char *header = header_line (result);

  if (self->fd < 0)
    return start_over (self, result, header, error);
  if (strcmp (header, self->header) != 0)
    {
      g_string_append (out, header);
      g_free (self->header);
      self->header = header;
    }
  else
    g_free (header);
  if (!append_new_samples (self, result, out))
    return start_over (self, result, g_strdup (self->header), error);
  return out->len == 0 || write_all (self->fd, out->str, out->len, error);
}

/* Reading it back --------------------------------------------------------- */

gboolean
fsb_result_journal_detect (const char *data, gsize length)
{
  return length >= strlen (JOURNAL_START) && memcmp (data, JOURNAL_START, strlen (JOURNAL_START)) == 0;
}

static gboolean
fail (GError **error, const char *what)
{
  g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
               /* Translators: %s says what is wrong, e.g. "a line is not an object" */
               _("This is not a valid FS Bench result: %s"), what);
  return FALSE;
}

/* One filesystem's tasks, in the order their first lines came. */
typedef struct {
  JsonArray  *tasks;
  GHashTable *by_id;   /* id → the task's object in tasks */
} FsTasks;

static void
fs_tasks_free (gpointer p)
{
  FsTasks *t = p;

  json_array_unref (t->tasks);
  g_hash_table_unref (t->by_id);
  g_free (t);
}

/* Members of the type asked for, else NULL: the file is not trusted. */
static const char *
string_member (JsonObject *o, const char *key)
{
  JsonNode *n = json_object_get_member (o, key);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
         ? json_node_get_string (n) : NULL;
}

static JsonArray *
array_member (JsonObject *o, const char *key)
{
  JsonNode *n = json_object_get_member (o, key);

  return n != NULL && JSON_NODE_HOLDS_ARRAY (n) ? json_node_get_array (n) : NULL;
}

static gboolean
add_task_line (GHashTable *by_fs, JsonObject *line, GError **error)
{
  const char *fs_name = string_member (line, "fs");
  JsonNode *task_node = json_object_get_member (line, "task");
  JsonObject *task, *known;
  JsonArray *more;
  const char *id, *key;
  FsTasks *t;

  if (fs_name == NULL || task_node == NULL || !JSON_NODE_HOLDS_OBJECT (task_node))
    return fail (error, _("a line of the journal is neither a header nor a task"));
  task = json_node_get_object (task_node);
  id = string_member (task, "id");
  if (id == NULL || (more = array_member (task, "samples")) == NULL)
    return fail (error, _("a task in the journal has no id or no samples"));
  /* The same task under other conditions is another entry (conditions
   * this version does not know stay in the object: the reader refuses them). */
  if ((key = fsb_job_key_from_json (id, task)) != NULL)
    id = key;
  if ((t = g_hash_table_lookup (by_fs, fs_name)) == NULL)
    {
      t = g_new0 (FsTasks, 1);
      t->tasks = json_array_new ();
      t->by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_insert (by_fs, g_strdup (fs_name), t);
    }
  if ((known = g_hash_table_lookup (t->by_id, id)) == NULL)
    {
      json_array_add_object_element (t->tasks, json_object_ref (task));
      g_hash_table_insert (t->by_id, g_strdup (id), task);
      return TRUE;
    }
  {
    JsonArray *samples = array_member (known, "samples");

    for (guint i = 0; i < json_array_get_length (more); i++)
      json_array_add_element (samples, json_node_copy (json_array_get_element (more, i)));
  }
  return TRUE;
}

/* The header's filesystems get the tasks of their lines; a line for a
 * filesystem the header does not have makes the journal invalid. */
static gboolean
attach_tasks (JsonObject *header, GHashTable *by_fs, GError **error)
{
  JsonNode *fss = json_object_get_member (header, "filesystems");
  guint attached = 0;

  if (fss == NULL || !JSON_NODE_HOLDS_ARRAY (fss))
    return g_hash_table_size (by_fs) == 0 || fail (error, _("the journal has tasks but no filesystems"));
  for (guint i = 0; i < json_array_get_length (json_node_get_array (fss)); i++)
    {
      JsonNode *n = json_array_get_element (json_node_get_array (fss), i);
      const char *name;
      FsTasks *t;

      if (!JSON_NODE_HOLDS_OBJECT (n))
        continue;
      name = string_member (json_node_get_object (n), "name");
      t = name != NULL ? g_hash_table_lookup (by_fs, name) : NULL;
      json_object_set_array_member (json_node_get_object (n), "tasks",
                                    t != NULL ? json_array_ref (t->tasks) : json_array_new ());
      attached += t != NULL;
    }
  if (attached != g_hash_table_size (by_fs))
    return fail (error, _("the journal has tasks of a filesystem it does not name"));
  return TRUE;
}

JsonNode *
fsb_result_journal_merge (const char *data, gsize length, FsbJsonShapeCheck check_shape, GError **error)
{
  g_autoptr(GHashTable) by_fs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, fs_tasks_free);
  g_autoptr(JsonNode) header = NULL;
  guint64 values = 0;
  gsize start = 0;

  while (start < length)
    {
      const char *nl = memchr (data + start, '\n', length - start);
      gsize end = nl != NULL ? (gsize) (nl - data) : length;
      /* mutable: a task's later lines add to its first line's samples */
      g_autoptr(JsonParser) parser = json_parser_new ();
      JsonNode *root;
      JsonObject *line;

      if (end > start)
        {
          if (!check_shape (data + start, end - start, &values, error))
            return NULL;
          if (!json_parser_load_from_data (parser, data + start, (gssize) (end - start), NULL))
            {
              /* the last line, cut short by a kill: what came before stands */
              if (nl == NULL || end + 1 >= length)
                break;
              fail (error, _("a line of the journal is not valid JSON"));
              return NULL;
            }
          root = json_parser_get_root (parser);
          if (!JSON_NODE_HOLDS_OBJECT (root))
            {
              fail (error, _("a line of the journal is neither a header nor a task"));
              return NULL;
            }
          line = json_node_get_object (root);
          if (json_object_has_member (line, "header"))
            {
              JsonNode *h = json_object_get_member (line, "header");

              if (!JSON_NODE_HOLDS_OBJECT (h))
                {
                  fail (error, _("a line of the journal is neither a header nor a task"));
                  return NULL;
                }
              g_clear_pointer (&header, json_node_unref);
              header = json_node_copy (h);
            }
          else if (!add_task_line (by_fs, line, error))
            return NULL;
        }
      start = end + 1;
    }
  if (header == NULL)
    {
      fail (error, _("the journal has no header"));
      return NULL;
    }
  if (!attach_tasks (json_node_get_object (header), by_fs, error))
    return NULL;
  return g_steal_pointer (&header);
}
