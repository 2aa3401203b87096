/* fsb-history-index.c: a summary of each run beside the runs, so that a
 * listing reads only the files that are new or changed */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "fsb-history-private.h"
#include "fsb-json.h"
#include "fsb-result-private.h"

/* One line of JSON per run after the first, which names the format: a
 * line is read, checked and dropped at a time, so that the index costs
 * memory for its summaries, not for its text. */
#define INDEX_SCHEMA    "fsbench-history-index/1"
/* More than any history holds; an index beyond them is read no further. */
#define INDEX_MAX_BYTES ((guint64) 1024 * 1024 * 1024)
#define INDEX_MAX_LINES 1000000

typedef struct {
  FsbHistoryFileKey key;
  FsbResult        *summary;
} Run;

struct _FsbHistoryIndex
{
  char       *path;
  GHashTable *keys;      /* borrowed: the files there now */
  GHashTable *runs;      /* file name → Run* */
  gboolean    changed;   /* differs from the file: write it */
};

static guint files_read;

guint
fsb_history_files_read (void)
{
  return (guint) g_atomic_int_get (&files_read);
}

void
fsb_history_count_file_read (void)
{
  g_atomic_int_inc (&files_read);
}

gboolean
fsb_history_file_key (const char *path, FsbHistoryFileKey *key)
{
  struct stat st;

  if (stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    return FALSE;
  key->size = (guint64) st.st_size;
  key->mtime_ns = (gint64) st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec;
  key->ctime_ns = (gint64) st.st_ctim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_ctim.tv_nsec;
  key->inode = (guint64) st.st_ino;
  return TRUE;
}

static gboolean
same_key (const FsbHistoryFileKey *a, const FsbHistoryFileKey *b)
{
  return a->size == b->size && a->mtime_ns == b->mtime_ns && a->ctime_ns == b->ctime_ns && a->inode == b->inode;
}

static void
run_free (Run *run)
{
  g_clear_pointer (&run->summary, fsb_result_unref);
  g_free (run);
}

FsbResult *
fsb_history_summarize (FsbResult *result, GError **error)
{
  g_autoptr(JsonNode) node = fsb_result_summary_to_json (result);

  return fsb_result_from_json (node, error);
}

/* An integer member, as the index writes them (json-glib reads those as
 * gint64; a double or a text is not one). */
static gboolean
get_int (JsonObject *o, const char *key, gint64 min, gint64 *out)
{
  JsonNode *n = json_object_get_member (o, key);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64)
    return FALSE;
  *out = json_node_get_int (n);
  return *out >= min;
}

/* The summary of a line, if it is for a file there now, as it is now. */
static gboolean
read_run (FsbHistoryIndex *self, const char *line, gsize length)
{
  g_autoptr(JsonNode) root = fsb_result_parse_bounded (line, length, NULL);
  g_autoptr(FsbResult) summary = NULL;
  JsonObject *o;
  JsonNode *node;
  const char *name;
  const FsbHistoryFileKey *now;
  FsbHistoryFileKey key;
  gint64 size, inode;
  Run *run;

  if (root == NULL)
    return FALSE;
  o = json_node_get_object (root);
  node = json_object_get_member (o, "file");
  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return FALSE;
  name = json_node_get_string (node);
  now = g_hash_table_lookup (self->keys, name);
  if (now == NULL || g_hash_table_contains (self->runs, name))
    return FALSE;
  if (!get_int (o, "size", 0, &size) || !get_int (o, "mtime_ns", G_MININT64, &key.mtime_ns)
      || !get_int (o, "ctime_ns", G_MININT64, &key.ctime_ns) || !get_int (o, "inode", G_MININT64, &inode))
    return FALSE;
  key.size = (guint64) size;
  key.inode = (guint64) inode;   /* written as a gint64, bit for bit */
  if (!same_key (&key, now))
    return FALSE;

  node = json_object_get_member (o, "summary");
  if (node == NULL || (summary = fsb_result_from_json (node, NULL)) == NULL || summary->dataset != NULL)
    return FALSE;
  for (guint i = 0; i < summary->filesystems->len; i++)
    if (((FsbFsResult *) summary->filesystems->pdata[i])->tasks->len > 0)
      return FALSE;   /* a whole result: not what the index keeps */

  run = g_new0 (Run, 1);
  run->key = key;
  run->summary = g_steal_pointer (&summary);
  g_hash_table_insert (self->runs, g_strdup (name), run);
  return TRUE;
}

static gboolean
read_header (const char *line, gsize length)
{
  g_autoptr(JsonNode) root = fsb_result_parse_bounded (line, length, NULL);
  JsonNode *schema;

  if (root == NULL)
    return FALSE;
  schema = json_object_get_member (json_node_get_object (root), "schema");
  return schema != NULL && json_node_get_value_type (schema) == G_TYPE_STRING
         && g_strcmp0 (json_node_get_string (schema), INDEX_SCHEMA) == 0;
}

/* Reads the index line by line; FALSE when it is not all as written. */
static gboolean
read_lines (FsbHistoryIndex *self, int fd)
{
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *chunk = g_malloc (64 * 1024);
  guint64 total = 0;
  guint n_lines = 0;
  gboolean whole = TRUE, skipping = FALSE;

  for (;;)
    {
      ssize_t n = read (fd, chunk, 64 * 1024);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return n == 0 && whole && line->len == 0;
      total += (guint64) n;
      for (ssize_t i = 0; i < n; i++)
        {
          const char *end = memchr (chunk + i, '\n', (gsize) (n - i));
          gsize take = end != NULL ? (gsize) (end - (chunk + i)) : (gsize) (n - i);

          /* a line longer than any result is not one the index wrote */
          if (!skipping)
            g_string_append_len (line, chunk + i, (gssize) take);
          if (line->len > FSB_RESULT_MAX_FILE_BYTES)
            {
              skipping = TRUE;
              whole = FALSE;
              g_string_truncate (line, 0);
            }
          i += (ssize_t) take;
          if (end == NULL)
            break;
          /* another format, or none: every run is read again */
          if (n_lines++ == 0 && (skipping || !read_header (line->str, line->len)))
            return FALSE;
          /* a line for a file that went or changed, or a damaged one */
          if (n_lines > 1 && !skipping && !read_run (self, line->str, line->len))
            whole = FALSE;
          skipping = FALSE;
          g_string_truncate (line, 0);
        }
      if (total > INDEX_MAX_BYTES || n_lines > INDEX_MAX_LINES)
        return FALSE;
    }
}

FsbHistoryIndex *
fsb_history_index_read (const char *dir, GHashTable *keys)
{
  FsbHistoryIndex *self = g_new0 (FsbHistoryIndex, 1);
  struct stat st;
  int fd;

  self->path = g_build_filename (dir, FSB_HISTORY_INDEX_NAME, NULL);
  self->keys = keys;
  self->runs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) run_free);

  /* not a fifo that blocks, nor a link to somewhere else */
  fd = open (self->path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0)
    {
      self->changed = errno != ENOENT;
      return self;
    }
  self->changed = fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || !read_lines (self, fd);
  close (fd);
  return self;
}

FsbResult *
fsb_history_index_lookup (FsbHistoryIndex *self, const char *name)
{
  Run *run = g_hash_table_lookup (self->runs, name);

  return run != NULL ? run->summary : NULL;
}

FsbResult *
fsb_history_index_add (FsbHistoryIndex *self, const char *name, const FsbHistoryFileKey *key,
                       FsbResult *result, GError **error)
{
  FsbResult *summary = fsb_history_summarize (result, error);
  Run *run;

  if (summary == NULL)
    return NULL;
  run = g_new0 (Run, 1);
  run->key = *key;
  run->summary = summary;
  g_hash_table_replace (self->runs, g_strdup (name), run);
  self->changed = TRUE;
  return summary;
}

static void
append_run (GString *out, const char *name, const Run *run)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  json_builder_begin_object (b);
  fsb_json_add_string (b, "file", name);
  json_builder_set_member_name (b, "size");
  json_builder_add_int_value (b, (gint64) run->key.size);
  json_builder_set_member_name (b, "mtime_ns");
  json_builder_add_int_value (b, run->key.mtime_ns);
  json_builder_set_member_name (b, "ctime_ns");
  json_builder_add_int_value (b, run->key.ctime_ns);
  json_builder_set_member_name (b, "inode");
  json_builder_add_int_value (b, (gint64) run->key.inode);
  json_builder_set_member_name (b, "summary");
  json_builder_add_value (b, fsb_result_summary_to_json (run->summary));
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  text = fsb_json_to_data (root, FALSE, &length);
  g_string_append_len (out, text, (gssize) length);
  g_string_append_c (out, '\n');
}

static int
compare_names_desc (gconstpointer a, gconstpointer b)
{
  return -g_strcmp0 (*(const char **) a, *(const char **) b);
}

void
fsb_history_index_write (FsbHistoryIndex *self)
{
  g_autoptr(GString) out = NULL;
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GError) error = NULL;
  GHashTableIter iter;
  gpointer name;

  if (!self->changed)
    return;
  names = g_ptr_array_new ();
  g_hash_table_iter_init (&iter, self->runs);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    g_ptr_array_add (names, name);
  g_ptr_array_sort (names, compare_names_desc);

  out = g_string_new ("{\"schema\":\"" INDEX_SCHEMA "\"}\n");
  for (guint i = 0; i < names->len; i++)
    append_run (out, names->pdata[i], g_hash_table_lookup (self->runs, names->pdata[i]));
  if (g_file_set_contents_full (self->path, out->str, (gssize) out->len, G_FILE_SET_CONTENTS_CONSISTENT,
                                0600, &error))
    self->changed = FALSE;
  else
    g_debug ("The history's index is not written: %s", error->message);
}

void
fsb_history_index_append (const char *dir, const char *name, FsbResult *result)
{
  g_autofree char *path = g_build_filename (dir, FSB_HISTORY_INDEX_NAME, NULL);
  g_autofree char *file = g_build_filename (dir, name, NULL);
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  Run run = { 0 };
  struct stat st;
  int fd;

  if (!fsb_history_file_key (file, &run.key) || (run.summary = fsb_history_summarize (result, &error)) == NULL)
    return;
  append_run (out, name, &run);
  g_clear_pointer (&run.summary, fsb_result_unref);

  fd = open (path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
  if (fd < 0)
    return;
  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode))
    {
      if (st.st_size == 0)
        g_string_prepend (out, "{\"schema\":\"" INDEX_SCHEMA "\"}\n");
      /* One write: appends of two processes do not interleave. */
      if (write (fd, out->str, out->len) != (ssize_t) out->len)
        g_debug ("The history's index is not written: %s", g_strerror (errno));
    }
  close (fd);
}

void
fsb_history_index_free (FsbHistoryIndex *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->runs);
  g_free (self->path);
  g_free (self);
}
