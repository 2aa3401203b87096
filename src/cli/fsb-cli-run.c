/* fsb-cli-run.c: `fsbench-cli run`: the progress, the table of results */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-cli.h"
#include "fsb-catalog.h"
#include "fsb-contender.h"
#include "fsb-engine.h"
#include "fsb-plan.h"
#include "fsb-recommend.h"
#include "fsb-runner.h"
#include "fsb-stats.h"
#include "fsb-target.h"

/* Progress on stderr ------------------------------------------------------ */

typedef struct {
  GMainLoop *loop;
  gboolean   tty;
  gboolean   bar_shown;
  char      *last_line;   /* plain mode: what was printed last */
  FsbResult *result;
  GError    *error;
} RunState;

static char *
format_duration (double seconds)
{
  guint s = (guint) MAX (0, round (seconds));

  if (s >= 3600)
    return g_strdup_printf ("%u:%02u:%02u", s / 3600, (s / 60) % 60, s % 60);
  return g_strdup_printf ("%u:%02u", s / 60, s % 60);
}

static void
clear_bar (RunState *st)
{
  if (st->tty && st->bar_shown)
    {
      fsb_cli_terminal ("\r\033[K");
      st->bar_shown = FALSE;
    }
}

static void
progress_cb (FsbRunner *runner, const FsbProgress *p, gpointer user_data)
{
  RunState *st = user_data;
  g_autofree char *eta = p->eta_seconds >= 0 ? format_duration (p->eta_seconds) : g_strdup ("?");
  g_autofree char *where = NULL;

  if (p->filesystem != NULL)
    /* Translators: a filesystem name, then the repetition and how many: "ext4 2/3" */
    where = g_strdup_printf (_("%s %u/%u"), p->filesystem, p->repetition, p->repetitions);
  else
    where = g_strdup ("");

  if (st->tty)
    {
      const int width = 24;
      int filled = (int) (p->fraction * width + 0.5);
      GString *bar = g_string_new ("[");

      for (int i = 0; i < width; i++)
        g_string_append_c (bar, i < filled ? '#' : '.');
      /* Translators: the progress line: percent done, where, what, time left */
      g_string_append_printf (bar, _("] %3.0f%%  %s  %s  ETA %s"),
                              p->fraction * 100, where, p->message != NULL ? p->message : "", eta);
      fsb_cli_terminal ("\r\033[K");
      g_printerr ("%s", bar->str);
      g_string_free (bar, TRUE);
      st->bar_shown = TRUE;
    }
  else
    {
      /* A line when the task changes, not for every file. */
      g_autofree char *line = g_strdup_printf ("%s %s", where, p->task_id != NULL ? p->task_id : "");

      if (g_strcmp0 (line, st->last_line) == 0 || p->task_id == NULL)
        return;
      g_printerr ("[%3.0f%%] %s: %s (ETA %s)\n", p->fraction * 100, where,
                  fsb_task_display_name (p->task_id), eta);
      g_free (st->last_line);
      st->last_line = g_steal_pointer (&line);
    }
}

static void
log_cb (FsbRunner *runner, const char *line, gpointer user_data)
{
  RunState *st = user_data;

  clear_bar (st);
  g_printerr ("%s\n", line);
}

static void
run_done_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  RunState *st = user_data;

  st->result = fsb_runner_run_finish (FSB_RUNNER (source), res, &st->error);
  g_main_loop_quit (st->loop);
}

/* The results table on stdout ---------------------------------------------- */

static void
append_padded (GString *s, const char *text, guint width, gboolean right)
{
  glong len = g_utf8_strlen (text, -1);
  guint pad = len < (glong) width ? width - (guint) len : 0;

  if (right)
    for (guint i = 0; i < pad; i++)
      g_string_append_c (s, ' ');
  g_string_append (s, text);
  if (!right)
    for (guint i = 0; i < pad; i++)
      g_string_append_c (s, ' ');
}

/* Three significant digits or so, without exponents. */
static char *
format_number (double v)
{
  double a = fabs (v);
  int decimals = a >= 100 || a == 0 ? 1 : a >= 1 ? 2 : a >= 0.01 ? 3 : 5;

  return g_strdup_printf ("%.*f", decimals, v);
}

static char *
stats_cell (const FsbStats *s)
{
  g_autofree char *median = format_number (s->median);
  g_autofree char *min = NULL, *max = NULL;

  if (s->n < 2 || !isfinite (s->ci95_low) || !isfinite (s->ci95_high))
    return g_steal_pointer (&median);
  /* the median's 95 % interval (fsb-stats.c) */
  min = format_number (s->ci95_low);
  max = format_number (s->ci95_high);
  /* A trailing ! marks a large spread between repetitions. */
  return g_strdup_printf ("%s (%s–%s)%s", median, min, max, s->spread_large ? " !" : "  ");
}

static void
print_table (FsbResult *result)
{
  /* Tasks in the order of the first filesystem that has them. */
  g_autoptr(GPtrArray) ids = fsb_result_task_ids (result);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  guint n_fs = result->filesystems->len;
  g_autofree guint *widths = g_new0 (guint, n_fs + 1);
  GString *out = g_string_new (NULL);
  gboolean any_spread = FALSE;

  {
    char **header = g_new0 (char *, n_fs + 2);
    header[0] = g_strdup (_("Task"));
    for (guint f = 0; f < n_fs; f++)
      header[f + 1] = g_strdup (((FsbFsResult *) g_ptr_array_index (result->filesystems, f))->name);
    g_ptr_array_add (rows, header);
  }
  for (guint i = 0; i < ids->len; i++)
    {
      const char *metric = fsb_task_metric (ids->pdata[i], NULL);
      char **row = g_new0 (char *, n_fs + 2);

      /* Translators: a task name and the unit of its figures: "Mount (s)" */
      row[0] = g_strdup_printf (_("%s (%s)"), fsb_task_display_name (ids->pdata[i]), fsb_metric_unit (metric));
      for (guint f = 0; f < n_fs; f++)
        {
          FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
          FsbTaskResult *task = fsb_fs_result_get_task (fs, ids->pdata[i], FALSE);
          FsbStats s;

          if (task != NULL && fsb_task_result_stats (result, task, metric, &s))
            {
              row[f + 1] = stats_cell (&s);
              any_spread |= s.spread_large;
            }
          else
            row[f + 1] = g_strdup ("—");
        }
      g_ptr_array_add (rows, row);
    }
  {
    char **initial = g_new0 (char *, n_fs + 2);
    char **residual = g_new0 (char *, n_fs + 2);
    initial[0] = g_strdup (_("Initial capacity (%)"));
    residual[0] = g_strdup (_("Residual capacity (%)"));
    for (guint f = 0; f < n_fs; f++)
      {
        FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
        initial[f + 1] = g_strdup_printf ("%.2f", fs->capacity_initial.percent);
        residual[f + 1] = g_strdup_printf ("%.2f", fs->capacity_residual.percent);
      }
    g_ptr_array_add (rows, initial);
    g_ptr_array_add (rows, residual);
  }
  /* --age: the 4 KiB files that fit on each (a lower bound when "≥") */
  for (guint f = 0; f < n_fs; f++)
    if (((FsbFsResult *) g_ptr_array_index (result->filesystems, f))->fit.limit != NULL)
      {
        char **fit = g_new0 (char *, n_fs + 2);

        fit[0] = g_strdup (_("Small files that fit"));
        for (guint i = 0; i < n_fs; i++)
          {
            const FsbFilesFit *ff = &((FsbFsResult *) g_ptr_array_index (result->filesystems, i))->fit;
            fit[i + 1] = ff->limit == NULL ? g_strdup ("—")
                         : g_strdup_printf ("%s%" G_GUINT64_FORMAT, g_str_equal (ff->limit, "time") ? "≥" : "", ff->files);
          }
        g_ptr_array_add (rows, fit);
        break;
      }

  for (guint r = 0; r < rows->len; r++)
    {
      char **row = rows->pdata[r];
      for (guint c = 0; c <= n_fs; c++)
        widths[c] = MAX (widths[c], (guint) g_utf8_strlen (row[c], -1));
    }
  for (guint r = 0; r < rows->len; r++)
    {
      char **row = rows->pdata[r];
      for (guint c = 0; c <= n_fs; c++)
        {
          if (c > 0)
            g_string_append (out, "  ");
          append_padded (out, row[c], widths[c], c > 0 && r > 0);
        }
      g_string_append_c (out, '\n');
    }
  g_string_append_c (out, '\n');
  if (result->repetitions > 1)
    {
      /* xgettext:no-c-format */
      g_string_append (out, _("Each figure is the median of the repetitions, with its 95 % interval in brackets."));
      g_string_append_c (out, '\n');
    }
  if (any_spread)
    {
      g_string_append (out, _("! marks a large spread between repetitions: treat that figure with care, or run more repetitions."));
      g_string_append_c (out, '\n');
    }
  for (guint f = 0; f < n_fs; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      if (fs->error != NULL)
        {
          /* Translators: a filesystem name and why it did not finish */
          g_string_append_printf (out, _("%s did not finish: %s"), fs->name, fs->error);
          g_string_append_c (out, '\n');
        }
    }
  g_print ("%s", out->str);
  g_string_free (out, TRUE);
}

/* The transfer matrix (seed 003), failed custom commands and random I/O
 * that a filesystem refused to do with O_DIRECT. */
static void
print_other_groups (FsbResult *result)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < result->transfers->len; i++)
    {
      FsbTransfer *t = g_ptr_array_index (result->transfers, i);

      if (!g_ptr_array_find_with_equal_func (names, t->from, g_str_equal, NULL))
        g_ptr_array_add (names, t->from);
    }
  if (names->len > 0)
    {
      /* Translators: heading of the table of copies between filesystems */
      g_string_append_printf (out, "%s\n", _("Transfers in MB/s (rows: from, columns: to)"));
      g_string_append_printf (out, "%-10s", "");
      for (guint j = 0; j < names->len; j++)
        g_string_append_printf (out, "  %10s", (char *) names->pdata[j]);
      g_string_append_c (out, '\n');
      for (guint i = 0; i < names->len; i++)
        {
          g_string_append_printf (out, "%-10s", (char *) names->pdata[i]);
          for (guint j = 0; j < names->len; j++)
            {
              double v = -1;
              for (guint k = 0; k < result->transfers->len; k++)
                {
                  FsbTransfer *t = g_ptr_array_index (result->transfers, k);
                  FsbStats s;

                  if (strcmp (t->from, names->pdata[i]) == 0 && strcmp (t->to, names->pdata[j]) == 0 &&
                      fsb_transfer_stats (result, t, &s))
                    v = s.median;
                }
              if (v >= 0)
                g_string_append_printf (out, "  %10.1f", v);
              else
                g_string_append_printf (out, "  %10s", "—");
            }
          g_string_append_c (out, '\n');
        }
      g_string_append_c (out, '\n');
    }

  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);
      for (guint i = 0; i < fs->tasks->len; i++)
        {
          FsbTaskResult *task = g_ptr_array_index (fs->tasks, i);
          gboolean refused = FALSE;

          for (guint k = 0; k < task->samples->len; k++)
            {
              FsbSample *sample = g_ptr_array_index (task->samples, k);
              double v = 0;

              if (sample->error != NULL && k == 0)
                {
                  g_autofree char *text = g_strstrip (g_strdup (sample->error));
                  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
                  guint n = g_strv_length (lines);
                  /* Translators: a command name, a filesystem, the last line of its error output */
                  g_string_append_printf (out, _("%s failed on %s: %s"), fsb_task_display_name (task->id),
                                          fs->name, n > 0 ? lines[n - 1] : "");
                  g_string_append_c (out, '\n');
                }
              refused |= fsb_sample_get (sample, "direct_io_refused", &v) && v > 0;
            }
          if (refused)
            {
              /* Translators: a filesystem name, then a task name */
              g_string_append_printf (out, _("%s does not support O_DIRECT: “%s” has no figures with --direct-io."),
                                      fs->name, fsb_task_display_name (task->id));
              g_string_append_c (out, '\n');
            }
        }
    }
  g_print ("%s", out->str);
}

/* fsbench-cli run ------------------------------------------------------------ */

/* What would settle an open verdict (fsb-recommend-settle.c), and how to
 * ask for it: the rounds need the time budget, and past 10 a higher most. */
static void
print_settle (const FsbRecommendation *rec)
{
  if (rec->settle_note == NULL)
    return;
  g_print ("%s\n", rec->settle_note);
  if (rec->settle_rounds == 0)
    return;
  if (rec->settle_rounds > FSB_DEFAULT_REPEAT_MAX)
    /* Translators: the time budget in seconds, then the most repetitions: the options to run again with */
    g_print (_("To run them, run again with --time-budget %.0f --repeat-max %u.\n"), rec->settle_budget_s,
             rec->settle_rounds);
  else
    /* Translators: the time budget in seconds: the option to run again with */
    g_print (_("To run them, run again with --time-budget %.0f.\n"), rec->settle_budget_s);
}

/* The verdict for the use case the run was for, and how the repetitions
 * ended. */
static void
print_verdict (FsbResult *result)
{
  FsbUseCase use_case = FSB_USE_CASE_SERVER;
  g_autoptr(FsbRecommendation) rec = NULL;
  const FsbRepetitionPolicy *p = &result->repetition_policy;

  if (result->use_case != NULL)
    fsb_use_case_from_id (result->use_case, &use_case);
  rec = fsb_recommend (result, use_case);
  g_print ("%s\n", rec->headline);
  if (rec->confidence != FSB_CONFIDENCE_NONE && rec->notes->len > 0)
    g_print ("%s\n", (const char *) rec->notes->pdata[0]);
  if (g_strcmp0 (p->mode, "auto") == 0 && p->stopped != NULL)
    {
      guint n = result->repetitions;

      if (g_str_equal (p->stopped, "settled"))
        /* Translators: %u is the most repetitions any filesystem had */
        g_print (g_dngettext (GETTEXT_PACKAGE, "Automatic repetitions: up to %u per filesystem, until the verdict was settled.\n",
                            "Automatic repetitions: up to %u per filesystem, until the verdict was settled.\n", n), n);
      else if (g_str_equal (p->stopped, "max"))
        /* Translators: %u is the most repetitions any filesystem had */
        g_print (g_dngettext (GETTEXT_PACKAGE, "Automatic repetitions: %u per filesystem, the most allowed; the verdict is still unsettled.\n",
                            "Automatic repetitions: %u per filesystem, the most allowed; the verdict is still unsettled.\n", n), n);
      else if (g_str_equal (p->stopped, "budget"))
        /* Translators: %u is the most repetitions any filesystem had */
        g_print (g_dngettext (GETTEXT_PACKAGE, "Automatic repetitions: up to %u per filesystem, until the time budget was spent; the verdict is still unsettled.\n",
                            "Automatic repetitions: up to %u per filesystem, until the time budget was spent; the verdict is still unsettled.\n", n), n);
      else
        /* Translators: %u is the most repetitions any filesystem had */
        g_print (g_dngettext (GETTEXT_PACKAGE, "Automatic repetitions: %u per filesystem; more could not give this use case a verdict, since groups it needs did not run.\n",
                            "Automatic repetitions: %u per filesystem; more could not give this use case a verdict, since groups it needs did not run.\n", n), n);
    }
  {
    g_autofree char *focused = fsb_focused_rounds_note (result);

    if (focused != NULL)
      g_print ("%s\n", focused);
  }
  print_settle (rec);
}

void
fsb_cli_print_result (FsbResult *result)
{
  print_table (result);
  print_other_groups (result);
  print_verdict (result);
}

/* fsbench-cli run ------------------------------------------------------------ */

int
fsb_cli_run (int argc, char **argv)
{
  g_auto(FsbCliPlanOptions) o = FSB_CLI_PLAN_OPTIONS_INIT;
  g_autofree char *opt_output = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output, N_("Where to write the result (JSON), also updated after every task"), N_("FILE") },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(FsbPlan) plan = NULL;
  g_autoptr(FsbRunner) runner = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  RunState st = { 0 };
  int status = 0;

  g_option_context_add_main_entries (context, fsb_cli_plan_entries (&o, FSB_CLI_PLAN_RUN), GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, _("Format each filesystem on the target and run the workloads, "
                                           "then print a table of the results and save them as JSON."));
  if (!fsb_cli_parse (context, &argc, &argv, &status))
    return status;
  if (argc > 1)
    {
      g_set_error (&error, FSB_ERROR, FSB_ERROR_INVALID, _("Unexpected argument “%s”"), argv[1]);
      return fsb_cli_fail (error);
    }
  if (o.fs != NULL && opt_output == NULL)
    {
      g_set_error_literal (&error, FSB_ERROR, FSB_ERROR_INVALID, _("Say where to write the result with --output FILE"));
      return fsb_cli_fail (error);
    }
  plan = fsb_cli_plan_build (&o, FSB_CLI_PLAN_RUN, &error);
  if (plan == NULL)
    return fsb_cli_fail (error);
  if (opt_output == NULL)
    {
      g_set_error_literal (&error, FSB_ERROR, FSB_ERROR_INVALID, _("Say where to write the result with --output FILE"));
      return fsb_cli_fail (error);
    }
  /* The confirmation is for the device as it is now, not for whatever
   * bears its name when the run formats it (the dataset may take long). */
  if (plan->destroy_confirmed && g_str_has_prefix (plan->target_spec, "/dev/"))
    {
      plan->confirmed_device = fsb_target_identify_device (plan->target_spec, &error);
      if (plan->confirmed_device == NULL)
        return fsb_cli_fail (error);
    }
  plan->partial_path = g_strdup (opt_output);
  {
    /* Find out now, not after the first task, that the result has nowhere to go. */
    g_autofree char *parent = g_path_get_dirname (opt_output);
    if (!g_file_test (parent, G_FILE_TEST_IS_DIR) || g_file_test (opt_output, G_FILE_TEST_IS_DIR))
      {
        g_autofree char *display = g_filename_display_name (opt_output);
        /* Translators: %s is a file name */
        g_set_error (&error, FSB_ERROR, FSB_ERROR_INVALID, _("Cannot write the result to “%s”"), display);
        return fsb_cli_fail (error);
      }
  }

  /* A run that was killed may have left an image attached or mounted,
   * and its scratch folder in /dev/shm. */
  if ((status = fsb_cli_preflight (FSB_PREFLIGHT_ALL, NULL)) != 0)
    return status;
  fsb_cli_cancel_on_signals (cancellable);

  loop = g_main_loop_new (NULL, FALSE);
  st.loop = loop;
  st.tty = isatty (STDERR_FILENO);
  fsb_cli_print_left_out (stderr, plan);
  runner = fsb_runner_new (plan);
  g_signal_connect (runner, "progress", G_CALLBACK (progress_cb), &st);
  g_signal_connect (runner, "log", G_CALLBACK (log_cb), &st);
  fsb_runner_run_async (runner, cancellable, run_done_cb, &st);
  g_main_loop_run (loop);
  clear_bar (&st);
  g_free (st.last_line);

  if (st.error != NULL)
    {
      g_autoptr(FsbResult) partial = fsb_runner_get_result (runner);
      g_autoptr(GError) save_error = NULL;

      /* What finished is kept, marked incomplete. */
      if (partial != NULL && partial->filesystems->len > 0 &&
          fsb_result_save (partial, opt_output, &save_error))
        {
          g_autofree char *display = g_filename_display_name (opt_output);
          /* Translators: %s is a file name */
          g_printerr (_("The tasks that finished are saved in “%s”.\n"), display);
        }
      status = fsb_cli_fail (st.error);
      g_clear_error (&st.error);
      return status;
    }

  if (!fsb_result_save (st.result, opt_output, &error))
    {
      fsb_result_unref (st.result);
      return fsb_cli_fail (error);
    }
  fsb_cli_print_result (st.result);
  {
    g_autofree char *display = g_filename_display_name (opt_output);
    /* Translators: %s is a file name */
    g_printerr (_("The result is saved in “%s”.\n"), display);
  }
  for (guint f = 0; f < st.result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (st.result->filesystems, f);
      g_auto(GStrv) missing = fsb_contender_missing_options (fs->mount_requested, fs->mount_options);

      if (fs->error != NULL)
        status = 1;
      if (missing[0] != NULL)
        {
          g_autofree char *list = g_strjoinv (",", missing);
          /* Translators: a variant’s name, the options it asked for that the mount lacks, the options it had */
          g_printerr (_("%s was mounted without %s: it had %s.\n"), fs->name, list, fs->mount_options);
        }
    }
  fsb_result_unref (st.result);
  return status;
}

