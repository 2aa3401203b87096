/* test-custom.c: the user's own commands, timed on a temporary folder */
#include "config.h"

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fsb-custom.h"
#include "fsb-stats.h"
#include "fsb-group-transfer.h"
#include "fsb-test-assert.h"
#include "fsb-workload.h"
#include "fsb-workloads-private.h"
#include "fsb-workloads-util.h"
#include "workloads-fixture.h"

/* custom commands ------------------------------------------------------------------ */

static FsbCustomCommand *
command (const char *spec)
{
  FsbCustomCommand *c = g_new0 (FsbCustomCommand, 1);

  g_assert_true (fsb_custom_parse (spec, &c->name, &c->command, NULL));
  return c;
}

static void
command_free (FsbCustomCommand *c)
{
  g_free (c->name);
  g_free (c->command);
  g_free (c);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FsbCustomCommand, command_free)

static void
test_custom_parse (void)
{
  g_autofree char *name = NULL, *cmd = NULL;
  g_autofree char *id = NULL;
  const char *bad[] = { "noequals", "=ls", "name=", "bad name=ls", "a/b=ls" };

  g_assert_true (fsb_custom_parse ("untar=tar xf a=b.tar", &name, &cmd, NULL));
  g_assert_cmpstr (name, ==, "untar");
  g_assert_cmpstr (cmd, ==, "tar xf a=b.tar");
  id = fsb_custom_task_id (name);
  g_assert_cmpstr (id, ==, "custom:untar");
  g_assert_cmpstr (fsb_task_display_name (id), ==, "untar");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_assert_false (fsb_custom_parse (bad[i], NULL, NULL, &error));
      g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
    }
  /* the task id "custom:NAME" must load again from the result file */
  {
    g_autofree char *longest = g_strnfill (FSB_CUSTOM_NAME_MAX, 'n');
    g_autofree char *ok = g_strconcat (longest, "=ls", NULL);
    g_autofree char *too_long = g_strconcat (longest, "n=ls", NULL);

    g_assert_true (fsb_custom_parse (ok, NULL, NULL, NULL));
    g_assert_false (fsb_custom_parse (too_long, NULL, NULL, NULL));
  }
}

static void
test_custom_success (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbCustomCommand) c = command ("work=pwd > where.txt; i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done");
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *where = g_build_filename (f->mount, "where.txt", NULL);
  g_autofree char *text = NULL;

  f->plan.custom_confirmed = TRUE;
  fsb_assert_ok (fsb_custom_run (&f->plan, c, f->mount, s, NULL, &error), error);
  g_assert_cmpstr (s->error, ==, NULL);
  /* Run in the mounted target. */
  g_assert_true (g_file_get_contents (where, &text, NULL, NULL));
  g_strchomp (text);
  g_assert_cmpstr (text, ==, f->mount);
  /* Measured like /usr/bin/time: a busy shell loop is mostly user time. */
  g_assert_cmpfloat (metric (s, "exit_status"), ==, 0);
  g_assert_cmpfloat (metric (s, "wall_s"), >, 0);
  g_assert_cmpfloat (metric (s, "user_s"), >, 0);
  g_assert_cmpfloat_with_epsilon (metric (s, "cpu_s"), metric (s, "user_s") + metric (s, "sys_s"), 1e-9);
  /* /usr/bin/time's %P; not a fixed figure, other work shares the CPU. */
  g_assert_cmpfloat_with_epsilon (metric (s, "cpu_percent"),
                                  100 * metric (s, "cpu_s") / metric (s, "wall_s"), 1e-6);
  g_assert_cmpfloat (metric (s, "cpu_percent"), >, 0);
  g_assert_cmpfloat (metric (s, "cpu_percent"), <=, 101 * g_get_num_processors ());
  g_assert_cmpfloat (metric (s, "minor_faults"), >, 0);
  g_assert_cmpfloat (metric (s, "major_faults"), >=, 0);
}

static void
test_custom_failure (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbCustomCommand) c = command ("fails=echo starting; echo 'boom: no such thing' >&2; exit 3");
  g_autoptr(FsbCustomCommand) big = command ("noisy=head -c 100000 /dev/zero | tr '\\0' x >&2; echo END >&2; exit 1");
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(FsbSample) s2 = fsb_sample_new ();
  g_autoptr(GError) error = NULL;

  f->plan.custom_confirmed = TRUE;
  g_assert_false (fsb_custom_run (&f->plan, c, f->mount, s, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "fails"));
  g_assert_cmpstr (s->error, ==, "boom: no such thing\n");
  g_assert_cmpfloat (metric (s, "exit_status"), ==, 3);
  g_assert_cmpfloat (metric (s, "wall_s"), >, 0);

  /* Bounded: the tail of a long error output, where the reason is. */
  g_clear_error (&error);
  g_assert_false (fsb_custom_run (&f->plan, big, f->mount, s2, NULL, &error));
  g_assert_cmpuint (strlen (s2->error), <=, FSB_CUSTOM_STDERR_MAX);
  g_assert_true (g_str_has_suffix (s2->error, "xxxEND\n"));
}

/* A command's error output is shown in terminals and reports: its escapes
 * (OSC 52 writes the clipboard, ESC c resets the terminal, the 8-bit CSI)
 * never get that far. */
static void
test_custom_escapes (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbCustomCommand) c =
    command ("esc=printf 'evil\\033]52;c;ZXZpbA==\\007 \\033c \\302\\23331m done\\n' >&2; exit 1");
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(GError) error = NULL;

  f->plan.custom_confirmed = TRUE;
  g_assert_false (fsb_custom_run (&f->plan, c, f->mount, s, NULL, &error));
  g_assert_nonnull (s->error);
  g_assert_true (g_str_has_prefix (s->error, "evil"));
  g_assert_null (strchr (s->error, '\033'));
  g_assert_null (strchr (s->error, '\007'));
  g_assert_null (strstr (s->error, "\302\233"));
  g_assert_nonnull (strstr (s->error, "]52;c;ZXZpbA=="));
  g_assert_true (g_str_has_suffix (s->error, " done\n"));
}

static void
test_custom_unconfirmed (Fixture *f, gconstpointer data)
{
  g_autoptr(FsbCustomCommand) c = command ("touch=touch ran.txt");
  g_autoptr(FsbSample) s = fsb_sample_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *ran = g_build_filename (f->mount, "ran.txt", NULL);
  g_autofree char *text = NULL;

  f->plan.custom_commands = g_ptr_array_new ();
  g_ptr_array_add (f->plan.custom_commands, c);
  text = fsb_custom_describe (&f->plan);
  g_assert_nonnull (strstr (text, "touch: touch ran.txt"));

  /* A loaded plan: nothing runs until someone confirmed. */
  g_assert_false (f->plan.custom_confirmed);
  g_assert_false (fsb_custom_run (&f->plan, c, f->mount, s, NULL, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
  g_assert_false (g_file_test (ran, G_FILE_TEST_EXISTS));

  f->plan.custom_confirmed = TRUE;
  g_clear_error (&error);
  g_assert_true (fsb_custom_run (&f->plan, c, f->mount, s, NULL, &error));
  g_assert_true (g_file_test (ran, G_FILE_TEST_EXISTS));
  g_ptr_array_unref (f->plan.custom_commands);
  f->plan.custom_commands = NULL;
}

/* A result from a file brings its commands back unconfirmed. */
static void
test_custom_from_result (void)
{
  g_autoptr(FsbResult) result = fsb_result_new ();
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  const char *fss[] = { "ext4", "xfs" };
  g_autofree char *text = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (fss); i++)
    {
      FsbFsResult *fs = fsb_result_add_filesystem (result, fss[i]);
      FsbTaskResult *t = fsb_fs_result_get_task (fs, "custom:build", TRUE);
      t->command = g_strdup ("make -j2");
      fsb_fs_result_get_task (fs, "big-copy-in", TRUE);
    }
  plan->custom_confirmed = TRUE;
  g_assert_cmpuint (fsb_custom_add_from_result (plan, result), ==, 1);
  g_assert_false (plan->custom_confirmed);
  g_assert_cmpuint (plan->custom_commands->len, ==, 1);
  text = fsb_custom_describe (plan);
  g_assert_nonnull (strstr (text, "build: make -j2"));
}

static gboolean
cancel_cb (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

static gpointer
run_thread (gpointer data)
{
  Fixture *f = data;
  g_autoptr(FsbCustomCommand) c = command ("sleepy=sleep 30 & wait");
  g_autoptr(FsbSample) s = fsb_sample_new ();
  GError *error = NULL;

  f->plan.custom_confirmed = TRUE;
  g_assert_false (fsb_custom_run (&f->plan, c, f->mount, s, f->ctx.cancellable, &error));
  return error;
}

static void
test_custom_cancel (Fixture *f, gconstpointer data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  GThread *thread;
  double t0 = fsb_now ();

  f->ctx.cancellable = cancellable;
  g_timeout_add (300, cancel_cb, cancellable);
  thread = g_thread_new ("custom", run_thread, f);
  while (!g_cancellable_is_cancelled (cancellable))
    g_main_context_iteration (NULL, TRUE);
  error = g_thread_join (thread);
  g_assert_error (error, FSB_ERROR, FSB_ERROR_CANCELLED);
  g_assert_cmpfloat (fsb_now () - t0, <, 10);
  f->ctx.cancellable = NULL;
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/custom/parse", test_custom_parse);
  ADD ("/custom/success", test_custom_success, NULL);
  ADD ("/custom/failure", test_custom_failure, NULL);
  ADD ("/custom/escapes", test_custom_escapes, NULL);
  ADD ("/custom/unconfirmed", test_custom_unconfirmed, NULL);
  ADD ("/custom/cancel", test_custom_cancel, NULL);
  g_test_add_func ("/custom/from-result", test_custom_from_result);

  return g_test_run ();
}
