/* fsb-group-git.c: the git group: a repository as developers use one,
 * through the git program: clone it (no hard links), check out a commit
 * far from the newest, ask for the status on a cold cache, and pack it
 * (gc). The repository is generated once into the dataset folder by git
 * fast-import from a seed: the same commits, with the same ids, on every
 * machine with the same git. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "fsb-dataset.h"
#include "fsb-error.h"
#include "fsb-fileops.h"
#include "fsb-json.h"
#include "fsb-rng.h"
#include "fsb-workloads-util.h"

/* Its sizes. */
#define GIT_FILES    "git-files"
#define GIT_COMMITS  "git-commits"
#define GIT_CHANGES  "git-changes-per-commit"

#define GIT_FORMAT "fsbench-git/1"
#define MAX_FILE_BYTES 8192

/* git as the tests need it: no user's or system's configuration, no
 * automatic gc, messages in English (they go into errors only). */
static char **
git_env (void)
{
  char **env = g_get_environ ();

  env = g_environ_setenv (env, "GIT_CONFIG_NOSYSTEM", "1", TRUE);
  env = g_environ_setenv (env, "GIT_CONFIG_GLOBAL", "/dev/null", TRUE);
  env = g_environ_setenv (env, "GIT_TERMINAL_PROMPT", "0", TRUE);
  env = g_environ_setenv (env, "LC_ALL", "C", TRUE);
  return env;
}

/* Runs git with args (NULL-terminated) in cwd, its input (may be NULL). */
static gboolean
git (const char *cwd, const char *const *args, GBytes *input, GError **error)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) env = git_env ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GBytes) err = NULL;
  g_autoptr(GError) local = NULL;

  g_ptr_array_add (argv, (gpointer) "git");
  g_ptr_array_add (argv, (gpointer) "-c");
  g_ptr_array_add (argv, (gpointer) "gc.auto=0");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE
                                        | (input != NULL ? G_SUBPROCESS_FLAGS_STDIN_PIPE : 0));
  g_subprocess_launcher_set_environ (launcher, env);
  g_subprocess_launcher_set_cwd (launcher, cwd);
  proc = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &local);
  if (proc == NULL || !g_subprocess_communicate (proc, input, NULL, NULL, &err, &local))
    {
      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a git command, “git clone”, then the reason */
                   _("%s could not run: %s"), args[0], local != NULL ? local->message : "?");
      return FALSE;
    }
  if (!g_subprocess_get_successful (proc))
    {
      g_autofree char *text = g_strndup (g_bytes_get_data (err, NULL), g_bytes_get_size (err));

      g_set_error (error, FSB_ERROR, FSB_ERROR_FAILED,
                   /* Translators: a git command, “git clone”, then what it said */
                   _("git %s failed: %s"), args[0], g_strstrip (text));
      return FALSE;
    }
  return TRUE;
}

/* The repository ------------------------------------------------------------ */

static guint
n_files (const FsbSizes *s)
{
  return MAX (fsb_sizes_get_uint (s, GIT_FILES), 1);
}

static guint
n_commits (const FsbSizes *s)
{
  return MAX (fsb_sizes_get_uint (s, GIT_COMMITS), 2);
}

static void
file_path (GString *out, guint i)
{
  g_string_append_printf (out, "src/d%02u/f%05u.c", i % 37, i);
}

/* A blob of text (the data's text generator), its size from the seed. */
static void
add_blob (GString *stream, guint64 seed, guint index, guint commit, const char *path)
{
  FsbDatasetStream text;
  FsbRng rng;
  guint8 buf[MAX_FILE_BYTES];
  gsize size;

  fsb_rng_init (&rng, seed ^ ((guint64) index << 20) ^ commit);
  size = 256 + (gsize) fsb_rng_below (&rng, MAX_FILE_BYTES - 256);
  fsb_dataset_stream_init_kind (&text, seed + commit, index, FSB_DATA_TEXT);
  fsb_dataset_stream_fill (&text, buf, size);
  g_string_append_printf (stream, "M 100644 inline %s\ndata %" G_GSIZE_FORMAT "\n", path, size);
  g_string_append_len (stream, (const char *) buf, (gssize) size);
  g_string_append_c (stream, '\n');
}

/* The fast-import stream: the first commit adds every file, each later one
 * changes some at random; the middle commit is tagged "middle". */
static GBytes *
import_stream (const FsbSizes *s, guint64 seed)
{
  GString *stream = g_string_new (NULL);
  g_autoptr(GString) path = g_string_new (NULL);
  guint commits = n_commits (s), files = n_files (s);
  guint changes = MAX (fsb_sizes_get_uint (s, GIT_CHANGES), 1);
  FsbRng rng;

  fsb_rng_init (&rng, seed);
  for (guint c = 0; c < commits; c++)
    {
      gint64 when = 1145577600 + (gint64) c * 3600;   /* from seed 000's date, an hour apart */

      g_string_append_printf (stream, "commit refs/heads/main\nmark :%u\n"
                              "author FS Bench <fsbench@localhost> %" G_GINT64_FORMAT " +0000\n"
                              "committer FS Bench <fsbench@localhost> %" G_GINT64_FORMAT " +0000\n"
                              "data <<EOM\nChange %u\nEOM\n", c + 1, when, when, c);
      if (c > 0)
        g_string_append_printf (stream, "from :%u\n", c);
      for (guint i = 0; c == 0 ? i < files : i < changes; i++)
        {
          guint index = c == 0 ? i : (guint) fsb_rng_below (&rng, files);

          g_string_truncate (path, 0);
          file_path (path, index);
          add_blob (stream, seed, index, c, path->str);
        }
      g_string_append_c (stream, '\n');
      if (c == commits / 2)
        g_string_append_printf (stream, "tag middle\nfrom :%u\ntagger FS Bench <fsbench@localhost> %"
                                G_GINT64_FORMAT " +0000\ndata 0\n\n", c + 1, when);
    }
  return g_string_free_to_bytes (stream);
}

static JsonNode *
manifest_of (const FsbSizes *s, guint64 seed)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  fsb_json_add_string (b, "format", GIT_FORMAT);
  fsb_json_add_uint (b, "seed", seed);
  fsb_json_add_uint (b, "files", n_files (s));
  fsb_json_add_uint (b, "commits", n_commits (s));
  fsb_json_add_uint (b, "changes_per_commit", fsb_sizes_get_uint (s, GIT_CHANGES));
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* The repository, made in tmp by git fast-import. */
static gboolean
make_repository (const char *tmp, gconstpointer data, GCancellable *cancellable, GError **error)
{
  const FsbSizes *sizes = data;
  g_autoptr(GBytes) stream = import_stream (sizes, fsb_seed_from ("git", n_files (sizes), n_commits (sizes)));

  return git (tmp, (const char *const []) { "init", "-q", "--bare", "-b", "main", ".", NULL }, NULL, error)
         && git (tmp, (const char *const []) { "fast-import", "--quiet", NULL }, stream, error);
}

/* The source repository in dataset_dir/git/source.git, made when missing
 * or made from other sizes; its manifest. */
static JsonNode *
git_dataset_ensure (const FsbSizes *sizes, const char *dataset_dir, GCancellable *cancellable, GError **error)
{
  g_autoptr(JsonNode) want = manifest_of (sizes, fsb_seed_from ("git", n_files (sizes), n_commits (sizes)));

  return fsb_dataset_group_folder (dataset_dir, "git", "source.git", want, make_repository, sizes, cancellable, error);
}

/* The tasks ------------------------------------------------------------------ */

static char *
clone_path (FsbWorkloadContext *ctx)
{
  return g_build_filename (ctx->mount_point, "git", "repo", NULL);
}

static gboolean
clone (FsbWorkloadContext *ctx, GError **error)
{
  g_autofree char *src = g_build_filename (ctx->source_dir, "git", "source.git", NULL);
  g_autofree char *parent = g_build_filename (ctx->mount_point, "git", NULL);
  g_autofree char *dst = clone_path (ctx);

  if (g_mkdir_with_parents (parent, 0755) < 0)
    return fsb_errno_fail (error, errno, _("Cannot create “%s”: %s"), parent);
  return git (parent, (const char *const []) { "clone", "-q", "--no-local", "--no-hardlinks", src, dst, NULL },
              NULL, error);
}

/* The clone the later tasks need, made untimed when a task runs without it. */
static gboolean
git_setup (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *repo = clone_path (ctx);

  if (g_file_test (repo, G_FILE_TEST_IS_DIR))
    return TRUE;
  return clone (ctx, error) && fsb_sync_filesystem (ctx->mount_point, error);
}

static gboolean
timed_git (FsbWorkloadContext *ctx, FsbSample *sample, const char *const *args, GError **error)
{
  g_autofree char *repo = clone_path (ctx);
  double start = fsb_now ();

  if (!g_file_test (repo, G_FILE_TEST_IS_DIR))
    {
      fsb_sample_set (sample, "prepared_in_task", 1);
      if (!git_setup (ctx, NULL, error))
        return FALSE;
      start = fsb_now ();
    }
  if (!git (repo, args, NULL, error) || !fsb_sync_filesystem (ctx->mount_point, error))
    return FALSE;
  fsb_sample_set (sample, FSB_OP_S, fsb_now () - start);
  return TRUE;
}

static gboolean
git_clone (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *parent = g_build_filename (ctx->mount_point, "git", NULL);
  FsbTreeCount count = { 0 };
  double start = fsb_now ();

  if (!clone (ctx, error) || !fsb_sync_filesystem (ctx->mount_point, error))
    return FALSE;
  fsb_sample_set (sample, FSB_OP_S, fsb_now () - start);
  if (fsb_count_tree (parent, &count, NULL))
    {
      fsb_sample_set (sample, "files", count.files);
      fsb_sample_set (sample, "bytes", count.bytes);
    }
  return TRUE;
}

static gboolean
git_checkout (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return timed_git (ctx, sample, (const char *const []) { "checkout", "-q", "middle", NULL }, error);
}

static gboolean
git_status (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  return timed_git (ctx, sample, (const char *const []) { "status", "--porcelain", NULL }, error);
}

/* The group's last task: the clone goes after it, after its clock. */
static gboolean
git_gc (FsbWorkloadContext *ctx, FsbSample *sample, GError **error)
{
  g_autofree char *parent = g_build_filename (ctx->mount_point, "git", NULL);
  FsbTreeCount junk = { 0 };

  return timed_git (ctx, sample, (const char *const []) { "gc", "-q", NULL }, error)
         && fsb_remove_tree (parent, &junk, ctx->cancellable, error)
         && fsb_sync_filesystem (ctx->mount_point, error);
}

/* The group ---------------------------------------------------------------- */

static double
estimate (const FsbSizes *s)
{
  return 0.2 + n_files (s) / 5000.0 + n_commits (s) / 2000.0;
}

static const FsbTaskSpec tasks[] = {
  { "git-clone", N_("Clone a repository"),
    N_("Clones a git repository of a few hundred commits, without hard links, as a developer "
       "fetching a project."),
    "git", FSB_OP_S, FALSE, git_clone, NULL, NULL, estimate, FALSE, TRUE },
  { "git-checkout", N_("Check out an older commit"),
    N_("Checks out a commit halfway through the history: git rewrites the files that changed since."),
    "git", FSB_OP_S, FALSE, git_checkout, git_setup, NULL, estimate },
  { "git-status", N_("Ask for the status"),
    N_("Asks git for the status of the working tree on a cold cache: it reads the metadata of "
       "every file."),
    "git", FSB_OP_S, FALSE, git_status, git_setup, NULL, estimate },
  { "git-gc", N_("Pack the repository"),
    N_("Packs the repository's objects (git gc), reading them all and writing a pack."),
    "git", FSB_OP_S, FALSE, git_gc, git_setup, NULL, estimate },
};

static const FsbCriterionSpec criteria[] = {
  { "git", N_("Git repository"), FSB_SCORE_TASKS,
    /* Translators: the filesystem in first place, then by how much it leads the next one, e.g. “2.8× faster than ext4” */
    { N_("%s handles a git repository the fastest: %s."),
      /* Translators: the filesystems that share first place, “ext4 and XFS”, then why, e.g. “within 3 % of each other” */
      N_("%s are tied on the git repository (%s)."),
      /* Translators: the only filesystem measured, then its figure for this criterion (a time, a rate or a share) */
      N_("%s needed %s for the git repository.") },
    { { "developer", 3 } } },
};

static const FsbMetricSpec metrics[] = {
  FSB_OP_S_METRIC,
};

/* Quick: a small project, 800 files (about 3.3 MB of text) and 200 commits
 * of 10 changed files, so the checkout of the middle commit rewrites most
 * of the tree; standard and seed: a mid-sized and a large project. */
static const FsbParamSpec params[] = {
  { GIT_FILES, N_("Files in the git repository"), FSB_PARAM_COUNT, { 800, 8000, 30000 }, 1, 1000000 },
  { GIT_COMMITS, N_("Commits in the git repository"), FSB_PARAM_COUNT, { 200, 500, 2000 }, 2, 100000 },
  { GIT_CHANGES, N_("Files changed in each commit"), FSB_PARAM_COUNT, { 10, 10, 20 }, 1, 10000 },
};

static guint64
space_needed (const FsbSizes *s)
{
  /* a working tree of text, and its objects twice: the clone's and gc's pack */
  double tree = n_files (s) * (MAX_FILE_BYTES / 2.0 + 4096);
  double history = (double) n_commits (s) * fsb_sizes_get_uint (s, GIT_CHANGES) * MAX_FILE_BYTES / 2;

  return (guint64) MIN (tree * 3 + history * 2 + 16e6, (double) FSB_SIZE_MAX);
}

const FsbWorkloadGroup fsb_group_git = {
  .id = "git",
  .name = N_("Git repository"),
  .description = N_("A git repository as developers use one: clone, check out, status on a cold cache, gc."),
  .tasks = tasks, .n_tasks = G_N_ELEMENTS (tasks),
  .criteria = criteria, .n_criteria = G_N_ELEMENTS (criteria),
  .params = params, .n_params = G_N_ELEMENTS (params),
  .metrics = metrics, .n_metrics = G_N_ELEMENTS (metrics),
  .space_needed = space_needed,
  .data_dir = "git",
  .prepare_data = git_dataset_ensure,
  .program = "git",
  .program_package = "git",
};
