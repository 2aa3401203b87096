/* fsb-cli-common.c: signals and the polkit agent, shared by the subcommands */
#include "config.h"

#define POLKIT_AGENT_I_KNOW_API_IS_SUBJECT_TO_CHANGE
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <polkitagent/polkitagent.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fsb-cli.h"
#include "fsb-error.h"
#include "fsb-text.h"

static gboolean signalled;

static gboolean
signal_received_cb (gpointer user_data)
{
  GCancellable *cancellable = user_data;

  if (!signalled)
    g_printerr ("\n%s\n", _("Cancelling: cleaning up…"));
  signalled = TRUE;
  g_cancellable_cancel (cancellable);
  return G_SOURCE_CONTINUE;
}

void
fsb_cli_cancel_on_signals (GCancellable *cancellable)
{
  /* Closing the terminal (SIGHUP) must not leave the image mounted either. */
  const int signals[] = { SIGINT, SIGTERM, SIGHUP };

  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_unix_signal_add_full (G_PRIORITY_HIGH, signals[i], signal_received_cb,
                            g_object_ref (cancellable), g_object_unref);
}

gboolean
fsb_cli_was_signalled (void)
{
  return signalled;
}

void
fsb_cli_register_polkit_agent (void)
{
  static gpointer handle;
  g_autoptr(GError) error = NULL;
  g_autoptr(PolkitSubject) subject = NULL;
  g_autoptr(PolkitAgentListener) listener = NULL;

  /* Root needs no prompt; without a terminal nobody could answer one. */
  if (handle != NULL || geteuid () == 0 || !isatty (STDIN_FILENO))
    return;

  listener = polkit_agent_text_listener_new (NULL, &error);
  if (listener == NULL)
    {
      g_debug ("No polkit text agent: %s", error->message);
      return;
    }
  subject = polkit_unix_process_new_for_owner (getpid (), 0, getuid ());
  handle = polkit_agent_listener_register (listener, POLKIT_AGENT_REGISTER_FLAGS_RUN_IN_THREAD,
                                           subject, NULL, NULL, &error);
  if (handle == NULL)
    g_debug ("Could not register a polkit agent: %s", error->message);
}

static void
print_cleaned (const FsbPreflight *report)
{
  guint targets = report->targets.mounts + report->targets.loop_devices + report->targets.images;
  guint folders = report->scratch_folders;

  if (targets > 0)
    /* Translators: %u is a number of loop devices, mounts and images left behind */
    g_print (g_dngettext (GETTEXT_PACKAGE, "Cleaned %u leftover of an earlier run.\n",
                          "Cleaned %u leftovers of an earlier run.\n", targets), targets);
  if (folders > 0)
    {
      g_autofree char *size = g_format_size (report->scratch_bytes);

      /* Translators: %u is a number of folders, %s the room they took (“142.6 MB”) */
      g_print (g_dngettext (GETTEXT_PACKAGE, "Deleted %u scratch folder of an earlier run, which held %s.\n",
                            "Deleted %u scratch folders of earlier runs, which held %s.\n", folders),
               folders, size);
    }
}

int
fsb_cli_preflight (FsbPreflightFlags flags, FsbPreflight *report)
{
  g_auto(FsbPreflight) local = { 0 };
  g_autoptr(GError) error = NULL;
  FsbPreflight *p = report != NULL ? report : &local;

  fsb_cli_register_polkit_agent ();
  if (!fsb_preflight_run (flags, p, NULL, &error))
    {
      /* Translators: what is missing, then what to do about it */
      g_printerr (_("fsbench-cli: %s %s\n"), error->message, p->problem.advice);
      return fsb_error_to_exit_status (error);
    }
  print_cleaned (p);
  if (p->clean_error != NULL)
    g_printerr (_("fsbench-cli: %s\n"), p->clean_error->message);
  return 0;
}

/* Filesystem names, a custom command's error output, file names: what
 * fsbench-cli prints may come from a result file someone else wrote, so
 * nothing printed can reach the terminal as an escape sequence. */
static void
print_clean (FILE *stream, const char *text)
{
  g_autofree char *clean = fsb_text_sanitize (text, -1);

  fputs (clean, stream);
  fflush (stream);
}

static void
print_cb (const char *text)
{
  print_clean (stdout, text);
}

static void
printerr_cb (const char *text)
{
  print_clean (stderr, text);
}

void
fsb_cli_sanitize_output (void)
{
  g_set_print_handler (print_cb);
  g_set_printerr_handler (printerr_cb);
}

void
fsb_cli_terminal (const char *sequence)
{
  fputs (sequence, stderr);
}

int
fsb_cli_usage_error (const char *message)
{
  /* Translators: the prefix of every error message of the command-line tool */
  g_printerr (_("fsbench-cli: %s\n"), message);
  return 2;
}

/* What a result file holds is someone else's text: the engine's one
 * sanitizer (fsb-text.h) makes it harmless to print. */
char *
fsb_cli_clean_text (const char *text)
{
  return fsb_text_sanitize (text, -1);
}

void
fsb_cli_print_clean (FILE *stream, const char *format, ...)
{
  g_autofree char *text = NULL;
  g_autofree char *clean = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  clean = fsb_cli_clean_text (text);
  fputs (clean, stream);
}
