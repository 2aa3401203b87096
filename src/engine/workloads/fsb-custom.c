/* fsb-custom.c: custom commands, measured the way /usr/bin/time does */
#include "config.h"

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fsb-custom.h"
#include "fsb-error.h"
#include "fsb-text.h"

extern char **environ;

gboolean
fsb_custom_parse (const char *spec, char **name, char **command, GError **error)
{
  const char *eq;

  g_return_val_if_fail (spec != NULL, FALSE);

  eq = strchr (spec, '=');
  if (eq == NULL || eq == spec || eq[1] == '\0')
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                   _("“%s” is not a custom command: write NAME=COMMAND"), spec);
      return FALSE;
    }
  for (const char *c = spec; c < eq; c++)
    if ((!g_ascii_isalnum (*c) && *c != '-' && *c != '_' && *c != '.') || eq - spec > FSB_CUSTOM_NAME_MAX)
      {
        g_autofree char *bad = g_strndup (spec, eq - spec);
        g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
                     /* Translators: %d is the longest name allowed */
                     _("“%s” cannot name a custom command: use up to %d letters, digits, “-”, “_” and “.”"),
                     bad, FSB_CUSTOM_NAME_MAX);
        return FALSE;
      }
  if (name != NULL)
    *name = g_strndup (spec, eq - spec);
  if (command != NULL)
    *command = g_strdup (eq + 1);
  return TRUE;
}

char *
fsb_custom_task_id (const char *name)
{
  return g_strconcat ("custom:", name, NULL);
}

char *
fsb_custom_describe (const FsbPlan *plan)
{
  GString *s;
  guint n;

  g_return_val_if_fail (plan != NULL, NULL);

  n = plan->custom_commands != NULL ? plan->custom_commands->len : 0;
  if (n == 0)
    return NULL;
  s = g_string_new (NULL);
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                          "This plan runs %u shell command on each filesystem:",
                                          "This plan runs %u shell commands on each filesystem:", n),
                          n);
  g_string_append_c (s, '\n');
  for (guint i = 0; i < n; i++)
    {
      const FsbCustomCommand *c = g_ptr_array_index (plan->custom_commands, i);
      g_string_append_printf (s, "  %s: %s\n", c->name, c->command);
    }
  return g_string_free (s, FALSE);
}

guint
fsb_custom_add_from_result (FsbPlan *plan, const FsbResult *result)
{
  guint added = 0;

  g_return_val_if_fail (plan != NULL && result != NULL, 0);

  plan->custom_confirmed = FALSE;
  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = g_ptr_array_index (result->filesystems, f);

      for (guint t = 0; t < fs->tasks->len; t++)
        {
          FsbTaskResult *task = g_ptr_array_index (fs->tasks, t);
          const char *name;
          gboolean seen = FALSE;

          if (!g_str_has_prefix (task->id, "custom:") || task->command == NULL)
            continue;
          name = task->id + strlen ("custom:");
          for (guint i = 0; i < plan->custom_commands->len; i++)
            seen |= g_strcmp0 (((FsbCustomCommand *) g_ptr_array_index (plan->custom_commands, i))->name, name) == 0;
          if (seen)
            continue;
          fsb_plan_add_custom (plan, name, task->command);
          added++;
        }
    }
  return added;
}

static double
tv_seconds (const struct timeval *tv)
{
  return tv->tv_sec + tv->tv_usec * 1e-6;
}

/* Keeps the tail: the end of stderr says why a command failed. */
static void
keep_tail (GString *buf, const char *data, gsize len)
{
  g_string_append_len (buf, data, len);
  if (buf->len > FSB_CUSTOM_STDERR_MAX)
    g_string_erase (buf, 0, buf->len - FSB_CUSTOM_STDERR_MAX);
}

static void
kill_group (pid_t pid)
{
  kill (-pid, SIGTERM);
  for (guint i = 0; i < 20; i++)
    {
      if (waitpid (pid, NULL, WNOHANG) == pid)
        return;
      g_usleep (50 * 1000);
    }
  kill (-pid, SIGKILL);
  waitpid (pid, NULL, 0);
}

/* Starts /bin/sh -c command in cwd, its stderr into a pipe; *err_fd is
 * the pipe's read end. posix_spawn, not fork: the runner's worker is one
 * thread of many. */
static gboolean
spawn_command (const FsbCustomCommand *command, const char *cwd, pid_t *pid, int *err_fd, GError **error)
{
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  char *argv[] = { (char *) "/bin/sh", (char *) "-c", command->command, NULL };
  int pipefd[2], rc;

  if (pipe2 (pipefd, O_CLOEXEC) < 0)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED, "pipe: %s", g_strerror (errno));
      return FALSE;
    }
  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen (&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2 (&actions, pipefd[1], 2);
  posix_spawn_file_actions_addchdir_np (&actions, cwd);
  posix_spawnattr_init (&attr);
  /* Its own process group, so cancelling stops the command's children too. */
  posix_spawnattr_setflags (&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup (&attr, 0);

  rc = posix_spawn (pid, "/bin/sh", &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy (&actions);
  posix_spawnattr_destroy (&attr);
  close (pipefd[1]);
  if (rc != 0)
    {
      close (pipefd[0]);
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   _("Could not start the custom command “%s”: %s"), command->name, g_strerror (rc));
      return FALSE;
    }
  *err_fd = pipefd[0];
  return TRUE;
}

/* Reads the command's stderr (its tail into err) until it ends, then
 * reaps it with its rusage. A cancel kills its process group. Closes err_fd. */
static gboolean
wait_command (pid_t pid, int err_fd, GString *err, int *status, struct rusage *ru,
              GCancellable *cancellable, GError **error)
{
  GPollFD cancel_fd = { -1, 0, 0 };
  gboolean have_cancel_fd = g_cancellable_make_pollfd (cancellable, &cancel_fd);
  gboolean eof = FALSE, ok = TRUE;

  for (;;)
    {
      struct pollfd fds[2] = {
        { eof ? -1 : err_fd, POLLIN, 0 },
        { have_cancel_fd ? cancel_fd.fd : -1, POLLIN, 0 },
      };
      pid_t w;

      if (g_cancellable_is_cancelled (cancellable))
        {
          kill_group (pid);
          g_cancellable_set_error_if_cancelled (cancellable, error);
          fsb_error_normalize (error);
          ok = FALSE;
          break;
        }
      if (eof)
        {
          w = wait4 (pid, status, WNOHANG, ru);
          if (w == pid)
            break;
          if (w < 0 && errno != EINTR)
            {
              g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED, "wait4: %s", g_strerror (errno));
              ok = FALSE;
              break;
            }
        }
      if (poll (fds, 2, eof ? 20 : 200) > 0 && !eof && (fds[0].revents & (POLLIN | POLLHUP | POLLERR)))
        {
          char chunk[4096];
          ssize_t n = read (err_fd, chunk, sizeof chunk);

          if (n > 0)
            keep_tail (err, chunk, n);
          else if (n == 0 || errno != EINTR)
            eof = TRUE;
        }
    }
  close (err_fd);
  if (have_cancel_fd)
    g_cancellable_release_fd (cancellable);
  return ok;
}

/* The figures /usr/bin/time would print, and a failure with its stderr. */
static gboolean
record_command (const FsbCustomCommand *command, double wall, int status, const struct rusage *ru,
                GString *err, FsbSample *sample, GError **error)
{
  double user = tv_seconds (&ru->ru_utime);
  double sys = tv_seconds (&ru->ru_stime);

  fsb_sample_set (sample, "wall_s", wall);
  fsb_sample_set (sample, "user_s", user);
  fsb_sample_set (sample, "sys_s", sys);
  fsb_sample_set (sample, "cpu_s", user + sys);
  /* /usr/bin/time's %P: (user + sys) / elapsed. */
  fsb_sample_set (sample, "cpu_percent", wall > 0 ? 100.0 * (user + sys) / wall : 0.0);
  fsb_sample_set (sample, "minor_faults", ru->ru_minflt);
  fsb_sample_set (sample, "major_faults", ru->ru_majflt);
  fsb_sample_set (sample, "exit_status", WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status));

  if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
    return TRUE;
  g_free (sample->error);
  /* The tail may start inside a UTF-8 sequence, and a command may write
   * terminal escapes: neither may reach the result or a terminal. */
  sample->error = err->len > 0 ? fsb_text_sanitize (err->str, (gssize) err->len)
                               : g_strdup (_("The command wrote nothing to its error output."));
  if (WIFEXITED (status))
    g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                 _("The custom command “%s” failed with exit status %d"),
                 command->name, WEXITSTATUS (status));
  else
    g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                 _("The custom command “%s” was killed by signal %d"),
                 command->name, WTERMSIG (status));
  return FALSE;
}

gboolean
fsb_custom_run (const FsbPlan          *plan,
                const FsbCustomCommand *command,
                const char             *cwd,
                FsbSample              *sample,
                GCancellable           *cancellable,
                GError                **error)
{
  g_autoptr(GString) err = g_string_new (NULL);
  struct rusage ru = { 0 };
  int status = 0, err_fd = -1;
  double start;
  pid_t pid;

  g_return_val_if_fail (plan != NULL && command != NULL && cwd != NULL && sample != NULL, FALSE);

  if (!plan->custom_confirmed)
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_REFUSED,
                   _("The custom command “%s” was not run: nobody confirmed it"), command->name);
      return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      fsb_error_normalize (error);
      return FALSE;
    }
  start = g_get_monotonic_time () / 1e6;
  if (!spawn_command (command, cwd, &pid, &err_fd, error) ||
      !wait_command (pid, err_fd, err, &status, &ru, cancellable, error))
    return FALSE;
  return record_command (command, g_get_monotonic_time () / 1e6 - start, status, &ru, err, sample, error);
}
