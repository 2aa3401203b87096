/* report-common.c: what the report tests share: fixtures, temporary folders, parsers */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "fsb-catalog.h"
#include "report-common.h"

/* Adds a task with one sample per value, CPU % fixed. */
void
add_task (FsbFsResult *fs, const char *id, const double *values, guint n, double cpu)
{
  FsbTaskResult *task = fsb_fs_result_get_task (fs, id, TRUE);
  const char *metric = fsb_task_metric (id, NULL);

  for (guint i = 0; i < n; i++)
    {
      FsbSample *s = fsb_sample_new ();
      fsb_sample_set (s, metric, values[i]);
      fsb_sample_set (s, "cpu_percent", cpu);
      fsb_sample_set (s, "minor_faults", 600);
      g_ptr_array_add (task->samples, s);
    }
}

void
add_transfer (FsbResult *r, const char *from, const char *to, const double *rates, guint n)
{
  FsbTransfer *t = fsb_result_get_transfer (r, from, to, "transfer");

  for (guint i = 0; i < n; i++)
    {
      FsbSample *s = fsb_sample_new ();
      fsb_sample_set (s, "bytes", 35e6);
      fsb_sample_set (s, "wall_s", 35 / rates[i]);
      fsb_sample_set (s, "mb_per_s", rates[i]);
      g_ptr_array_add (t->task->samples, s);
    }
}

/* Every task of a group, three samples spread ±spread around a figure:
 * times of `slowness` seconds, rates of 1000 / slowness. */
void
add_group (FsbFsResult *fs, const char *group_id, double slowness, double spread)
{
  const FsbWorkloadGroup *g = fsb_catalog_group (group_id);

  for (guint t = 0; t < g->n_tasks; t++)
    {
      gboolean higher = FALSE;
      const char *metric = fsb_task_metric (g->tasks[t].id, &higher);
      double v = higher ? 1000 / slowness : slowness;
      const double values[] = { v * (1 - spread), v, v * (1 + spread) };

      g_assert_nonnull (metric);
      add_task (fs, g->tasks[t].id, values, G_N_ELEMENTS (values), 30);
    }
}

FsbResult *
crafted_result (void)
{
  FsbResult *r = fsb_result_new ();

  r->repetitions = 3;
  r->complete = TRUE;
  return r;
}

gboolean
strings_contain (GPtrArray *strings, const char *needle)
{
  for (guint i = 0; i < strings->len; i++)
    if (strstr (strings->pdata[i], needle) != NULL)
      return TRUE;
  return FALSE;
}

void
dump_recommendation (const FsbRecommendation *rec)
{
  g_autofree char *text = fsb_recommendation_to_text (rec);
  g_test_message ("%s", text);
}

FsbResult *
load_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", name, NULL);
  g_autoptr(GError) error = NULL;
  FsbResult *r = fsb_result_load (path, &error);

  g_assert_no_error (error);
  return r;
}

char *
make_tmpdir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("fsbench-report-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
rm_rf (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

guint
count (const char *haystack, const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

char *
report_string (FsbResult *r, FsbReportFormat format)
{
  g_autoptr(GError) error = NULL;
  char *s = fsb_report_to_string (&r, NULL, 1, format, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

char *
markdown_prose (const char *md)
{
  g_auto(GStrv) lines = g_strsplit (md, "\n", -1);
  GString *prose = g_string_new (NULL);
  gboolean in_code = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "```"))
        in_code = !in_code;
      else if (!in_code)
        g_string_append_printf (prose, "%s\n", lines[i]);
    }
  g_assert_false (in_code);
  return g_string_free (prose, FALSE);
}

/* RFC 4180: returns rows of fields, or fails the test on a syntax error. */
GPtrArray *
parse_csv (const char *text)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *row = g_ptr_array_new_with_free_func (g_free);
  GString *field = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      if (*p == '"' && field->len == 0)
        {
          p++;
          for (;;)
            {
              g_assert_true (*p != '\0');
              if (*p == '"' && p[1] == '"')
                g_string_append_c (field, '"'), p += 2;
              else if (*p == '"')
                {
                  p++;
                  break;
                }
              else
                g_string_append_c (field, *p++);
            }
          g_assert_true (*p == ',' || *p == '\r' || *p == '\0');
          continue;
        }
      if (*p == ',')
        {
          g_ptr_array_add (row, g_string_free (field, FALSE));
          field = g_string_new (NULL);
          p++;
        }
      else if (*p == '\r' && p[1] == '\n')
        {
          g_ptr_array_add (row, g_string_free (field, FALSE));
          field = g_string_new (NULL);
          g_ptr_array_add (rows, row);
          row = g_ptr_array_new_with_free_func (g_free);
          p += 2;
        }
      else
        {
          g_assert_true (*p != '\n' && *p != '\r');
          g_string_append_c (field, *p++);
        }
    }
  g_assert_cmpuint (field->len, ==, 0);  /* the last row ends with CRLF */
  g_string_free (field, TRUE);
  g_ptr_array_unref (row);
  return rows;
}


void
assert_self_contained (const char *html)
{
  g_autofree char *lower = g_ascii_strdown (html, -1);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);

  g_assert_null (strstr (lower, "<script"));
  g_assert_null (strstr (lower, "<img"));
  g_assert_null (strstr (lower, "<link"));
  g_assert_null (strstr (lower, "<iframe"));
  /* escaped text may say src=, but no attribute can: quotes are escaped */
  g_assert_null (strstr (lower, "src=\""));
  g_assert_null (strstr (lower, "src='"));
  g_assert_null (strstr (lower, "href=\"http"));
  g_assert_null (strstr (lower, "href=\"file"));
  g_assert_null (strstr (lower, "href=\"/"));
  g_assert_null (strstr (lower, "url(http"));
  g_assert_null (strstr (lower, "url(file"));
  g_assert_null (strstr (lower, "@import"));
  /* every internal reference points at an id in the page, and ids are unique */
  for (const char *p = strstr (html, " id=\""); p != NULL; p = strstr (p + 1, " id=\""))
    {
      const char *start = p + 5, *end = strchr (start, '"');
      char *id = g_strndup (start, end - start);
      g_assert_false (g_hash_table_contains (ids, id));
      g_hash_table_add (ids, id);
      g_ptr_array_add (keep, id);
    }
  for (const char *p = strstr (html, "href=\"#"); p != NULL; p = strstr (p + 1, "href=\"#"))
    {
      const char *start = p + 7, *end = strchr (start, '"');
      g_autofree char *id = g_strndup (start, end - start);
      g_assert_true (g_hash_table_contains (ids, id));
    }
}

