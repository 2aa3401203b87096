/* gui-open-result.c: how long the window takes to open a result from the
 * history, and the memory it takes.
 *
 * The file is imported into a history of its own (XDG_DATA_HOME in a
 * temporary folder) by another process, as in an earlier session; the
 * real window is made by the real application, and once the history
 * lists it, win.open-run opens it as a click on its row does. With
 * --unindexed, the file is copied there instead: the history's first
 * listing reads it whole. The time runs from that click until the results page has
 * been drawn. Memory: the peak RSS while opening (VmHWM, reset before the
 * click), the RSS before and after.
 *
 *   gui-open-result [--unindexed] FILE
 *
 * With FSBENCH_HOLD_S=N the window stays N seconds once drawn (for
 * `import -window root`). Needs a display (Xvfb is fine) and a session bus. Prints figures and
 * asserts nothing: exit status 2 when the result was not shown. */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "fsb-application.h"
#include "fsb-engine.h"
#include "fsb-history.h"
#include "fsb-history-page.h"
#include "fsb-results-page.h"
#include "fsb-window.h"

#define TIMEOUT_S 120

typedef struct {
  GtkApplication *app;
  GtkWidget      *window;
  GtkWidget      *history_page;
  GtkWidget      *results_page;
  char           *path;       /* the copy in the history */
  gint64          clicked_us;
  gint64          drawn_us;
  double          clicked_cpu_s, drawn_cpu_s;   /* of the process: the threads too */
  double          rss_window_mb;   /* once the window is made */
  double          rss_before_mb;
  double          rss_drawn_mb;
  double          peak_mb;
  gboolean        failed;
} Bench;

/* VmRSS or VmHWM of this process, in MB. */
static double
status_mb (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) || (line = strstr (status, field)) == NULL)
    return -1;
  return g_ascii_strtod (line + strlen (field) + 1, NULL) / 1024;
}

static double
cpu_s (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

/* The peak RSS starts again from the RSS now (Linux: clear_refs 5). */
static void
reset_peak (void)
{
  g_file_set_contents ("/proc/self/clear_refs", "5", 1, NULL);
}

static void
find_pages (GtkWidget *widget, gpointer user_data)
{
  Bench *b = user_data;

  if (FSB_IS_HISTORY_PAGE (widget))
    b->history_page = widget;
  else if (FSB_IS_RESULTS_PAGE (widget))
    b->results_page = widget;
  else if (GTK_IS_CONTAINER (widget))
    gtk_container_forall (GTK_CONTAINER (widget), find_pages, b);
}

static gboolean
quit_cb (gpointer user_data)
{
  Bench *b = user_data;

  gtk_widget_destroy (b->window);
  return G_SOURCE_REMOVE;
}

static gboolean
results_drawn_cb (GtkWidget *page, cairo_t *cr, Bench *b)
{
  if (b->clicked_us == 0 || b->drawn_us != 0 || fsb_results_page_get_result (FSB_RESULTS_PAGE (page)) == NULL)
    return FALSE;
  b->drawn_us = g_get_monotonic_time ();
  b->drawn_cpu_s = cpu_s ();
  b->peak_mb = status_mb ("VmHWM:");
  b->rss_drawn_mb = status_mb ("VmRSS:");
  /* FSBENCH_HOLD_S: the window stays that long, for a screenshot */
  g_timeout_add_seconds (g_getenv ("FSBENCH_HOLD_S") != NULL ? (guint) atoi (g_getenv ("FSBENCH_HOLD_S")) : 0, quit_cb, b);
  return FALSE;
}

static gboolean
timeout_cb (gpointer user_data)
{
  Bench *b = user_data;

  g_printerr ("gui-open-result: nothing shown after %d s\n", TIMEOUT_S);
  b->failed = TRUE;
  gtk_widget_destroy (b->window);
  return G_SOURCE_REMOVE;
}

/* Waits for the history to list the file, then opens it. */
static gboolean
listed_cb (gpointer user_data)
{
  Bench *b = user_data;

  if (fsb_history_page_lookup (FSB_HISTORY_PAGE (b->history_page), b->path) == NULL)
    return G_SOURCE_CONTINUE;
  b->rss_before_mb = status_mb ("VmRSS:");
  reset_peak ();
  b->clicked_us = g_get_monotonic_time ();
  b->clicked_cpu_s = cpu_s ();
  g_action_group_activate_action (G_ACTION_GROUP (b->window), "open-run", g_variant_new_string (b->path));
  return G_SOURCE_REMOVE;
}

static void
activated_cb (GApplication *app, Bench *b)
{
  b->window = GTK_WIDGET (gtk_application_get_active_window (b->app));
  gtk_container_forall (GTK_CONTAINER (b->window), find_pages, b);
  if (b->history_page == NULL || b->results_page == NULL)
    {
      g_printerr ("gui-open-result: the window has no history or results page\n");
      b->failed = TRUE;
      return;
    }
  b->rss_window_mb = status_mb ("VmRSS:");
  g_signal_connect_after (b->results_page, "draw", G_CALLBACK (results_drawn_cb), b);
  g_action_group_activate_action (G_ACTION_GROUP (b->window), "show-history", NULL);
  g_timeout_add (10, listed_cb, b);
  g_timeout_add_seconds (TIMEOUT_S, timeout_cb, b);
}

/* The history of a new session: the file imported in another process, as
 * the window's Import does (the index knows it), or with unindexed copied
 * there by hand (the first listing reads it whole). The run's path. */
static char *
put_in_history (const char *self, const char *file, const char *history, gboolean unindexed, GError **error)
{
  g_autofree char *out = NULL, *contents = NULL;
  const char *argv[] = { self, "--import", file, NULL };
  char *path;
  gsize length;
  int status;

  if (unindexed)
    {
      path = g_build_filename (history, "result.json", NULL);
      if (!g_file_get_contents (file, &contents, &length, error) || !g_file_set_contents (path, contents, length, error))
        g_clear_pointer (&path, g_free);
      return path;
    }
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, error)
      || !g_spawn_check_wait_status (status, error))
    return NULL;
  return g_strdup (g_strstrip (out));
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = NULL, *data = NULL, *history = NULL;
  g_autoptr(FsbApplication) app = NULL;
  char *app_argv[] = { argv[0], NULL };
  gboolean unindexed = argc == 3 && g_str_equal (argv[1], "--unindexed");
  Bench b = { 0 };

  setlocale (LC_ALL, "");
  if (argc == 3 && g_str_equal (argv[1], "--import"))
    {
      g_autofree char *path = NULL;

      fsb_engine_init ();
      path = fsb_history_import (argv[2], &error);
      if (path == NULL)
        {
          g_printerr ("gui-open-result: %s\n", error->message);
          return 2;
        }
      g_print ("%s\n", path);
      return 0;
    }
  if (argc != 2 && !unindexed)
    {
      g_printerr ("usage: gui-open-result [--unindexed] FILE\n");
      return 2;
    }
  tmp = g_dir_make_tmp ("fsbench-gui-open-XXXXXX", &error);
  if (tmp == NULL)
    {
      g_printerr ("gui-open-result: %s\n", error->message);
      return 2;
    }
  /* before GLib reads them: a history and settings of the bench's own */
  data = g_build_filename (tmp, "data", NULL);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  history = g_build_filename (data, "fsbench", "history", NULL);
  if (g_mkdir_with_parents (history, 0700) != 0
      || (b.path = put_in_history (argv[0], argv[argc - 1], history, unindexed, &error)) == NULL)
    {
      g_printerr ("gui-open-result: %s\n", error != NULL ? error->message : history);
      return 2;
    }

  fsb_engine_init ();
  app = fsb_application_new ();
  /* beside a window of the app that may be open already */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  b.app = GTK_APPLICATION (app);
  g_signal_connect_after (app, "activate", G_CALLBACK (activated_cb), &b);
  g_application_run (G_APPLICATION (app), 1, app_argv);

  if (!b.failed && b.drawn_us != 0)
    {
      g_print ("opened and drawn: %.2f s (CPU %.2f s)\n", (b.drawn_us - b.clicked_us) / 1e6,
               b.drawn_cpu_s - b.clicked_cpu_s);
      g_print ("RSS: %.1f MB with the window, %.1f MB once listed, peak %.1f MB while opening, %.1f MB once drawn\n",
               b.rss_window_mb, b.rss_before_mb, b.peak_mb, b.rss_drawn_mb);
    }
  /* the run and the history's index */
  {
    g_autoptr(GDir) dir = g_dir_open (history, 0, NULL);
    g_autofree char *fsbench = g_path_get_dirname (history);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *file = g_build_filename (history, name, NULL);
        g_unlink (file);
      }
    g_rmdir (history);
    g_rmdir (fsbench);
    g_rmdir (data);
    g_rmdir (tmp);
  }
  g_free (b.path);
  return b.failed || b.drawn_us == 0 ? 2 : 0;
}
