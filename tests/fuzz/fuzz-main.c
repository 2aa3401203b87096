/* fuzz-main.c: a driver for the harnesses where libFuzzer is not (gcc)
 *
 *   fuzz-result [--iterations N] [--max-seconds S] [--seed N] [--dict FILE]
 *               [--max-len N] [--artifacts DIR] CORPUS_DIR_OR_FILE...
 *
 * Replays every file given (folders: each file in them, sorted), then
 * feeds N mutants, each made from a corpus file or the mutant before it by
 * one to four changes: most keep the JSON well-formed (a number made
 * extreme, a string given an escape, a control character or 70,000
 * characters), the others do not (a bit flipped, a byte set, a piece
 * removed or repeated, a token of the dictionary in libFuzzer's format, a
 * piece of another file spliced in).
 * The mutations follow the seed alone, so a run is the same on every
 * machine; it stops early after S seconds (a slow sanitizer build). An
 * input that crashes the harness is left in DIR (default: the current
 * folder) as fuzz-crash-N, for `fuzz-result fuzz-crash-N` to replay; under
 * AddressSanitizer, one that leaks as fuzz-leak-N (checked after each). No
 * coverage guides it: the libFuzzer build (-Dfuzzing=true, clang) does. */
#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

typedef struct {
  guint8 *data;
  gsize   len;
} Input;

/* What runs now, for the signal handler to leave behind. */
static const guint8 *current;
static gsize current_len;
static guint64 current_index;
static char *artifact_dir;
static const int signals[] = { SIGILL, SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGTRAP };
static struct sigaction previous[G_N_ELEMENTS (signals)];

/* Async-signal-safe: open, write, close and a number in a buffer. */
static void
crashed_cb (int sig)
{
  char path[4096];
  char digits[24];
  int n = 0, fd;
  guint64 i = current_index;
  gsize dir_len;

  /* Not inside an input (the leak check at exit, say): nothing to keep. */
  if (current == NULL || artifact_dir == NULL)
    {
      for (guint k = 0; k < G_N_ELEMENTS (signals); k++)
        sigaction (signals[k], &previous[k], NULL);
      return;
    }
  dir_len = strlen (artifact_dir);

  do
    digits[n++] = '0' + i % 10;
  while ((i /= 10) > 0 && n < (int) sizeof digits);
  if (dir_len + 13 + n < sizeof path)
    {
      memcpy (path, artifact_dir, dir_len);
      memcpy (path + dir_len, "/fuzz-crash-", 12);
      for (int k = 0; k < n; k++)
        path[dir_len + 12 + k] = digits[n - 1 - k];
      path[dir_len + 12 + n] = '\0';
      fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      if (fd >= 0)
        {
          gsize done = 0;
          while (done < current_len)
            {
              ssize_t w = write (fd, current + done, current_len - done);
              if (w <= 0)
                break;
              done += (gsize) w;
            }
          close (fd);
          (void) !write (2, "fuzz: the input that crashed is in ", 35);
          (void) !write (2, path, strlen (path));
          (void) !write (2, "\n", 1);
        }
    }
  /* Back to the handler before ours (a sanitizer's, or the default), and
   * return: a fault happens again and reaches it, abort () raises again. */
  for (guint k = 0; k < G_N_ELEMENTS (signals); k++)
    sigaction (signals[k], &previous[k], NULL);
}

#ifdef __SANITIZE_ADDRESS__
/* A leak is told at exit with no input to blame; looking after each input
 * costs more than the input (a scan of the whole heap), so once every
 * LEAK_BATCH inputs, keeping those since the last look. */
#define LEAK_BATCH 64
static GPtrArray *batch;  /* of GBytes: the inputs since the last leak check */
static guint64 batch_end; /* the index after the last of them */

static void
check_leaks (void)
{
  if (batch->len > 0 && __lsan_do_recoverable_leak_check () != 0)
    {
      guint64 first = batch_end - batch->len;

      for (guint k = 0; k < batch->len; k++)
        {
          g_autofree char *name = g_strdup_printf ("fuzz-leak-%" G_GUINT64_FORMAT, first + k);
          g_autofree char *path = g_build_filename (artifact_dir, name, NULL);
          gsize size;
          gconstpointer bytes = g_bytes_get_data (g_ptr_array_index (batch, k), &size);

          g_file_set_contents (path, bytes, (gssize) size, NULL);
        }
      g_printerr ("fuzz: one of the inputs %" G_GUINT64_FORMAT "–%" G_GUINT64_FORMAT " leaked (reported above); they are "
                  "in %s as fuzz-leak-N, for `fuzz-result` to replay one by one\n", first, batch_end - 1, artifact_dir);
      _exit (1);  /* not exit (): the leak check at exit would tell it again */
    }
  g_ptr_array_set_size (batch, 0);
}
#else
static void
check_leaks (void)
{
}
#endif

static void
run_one (const guint8 *data, gsize len, guint64 index)
{
  /* a buffer of exactly its size: a sanitizer sees a read past its end */
  guint8 *copy = g_malloc (MAX (len, 1));

  memcpy (copy, data, len);
  current = copy;
  current_len = len;
  current_index = index;
  LLVMFuzzerTestOneInput (copy, len);
  current = NULL;
#ifdef __SANITIZE_ADDRESS__
  g_ptr_array_add (batch, g_bytes_new (copy, len));
  batch_end = index + 1;
  if (batch->len == LEAK_BATCH)
    check_leaks ();
#endif
  g_free (copy);
}

static void
add_file (GArray *corpus, const char *path)
{
  Input in = { 0 };
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, (char **) &in.data, &in.len, &error))
    {
      g_printerr ("fuzz: %s\n", error->message);
      exit (2);
    }
  g_array_append_val (corpus, in);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

static void
add_path (GArray *corpus, const char *path)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      add_file (corpus, path);
      return;
    }
  dir = g_dir_open (path, 0, NULL);
  names = g_ptr_array_new_with_free_func (g_free);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_build_filename (path, name, NULL));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    if (g_file_test (names->pdata[i], G_FILE_TEST_IS_REGULAR))
      add_file (corpus, names->pdata[i]);
}

/* libFuzzer's dictionary: one "token" a line (or name="token"), with \\,
 * \" and \xNN escapes; # starts a comment. */
static void
load_dict (GArray *tokens, const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      g_printerr ("fuzz: %s\n", error->message);
      exit (2);
    }
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strchug (lines[i]);
      const char *p = strchr (line, '"'), *end = strrchr (line, '"');
      GByteArray *token;
      Input in;

      if (*line == '#' || p == NULL || end == p)
        continue;
      token = g_byte_array_new ();
      for (p++; p < end; p++)
        {
          guint8 c = (guint8) *p;
          if (*p == '\\' && p + 1 < end && p[1] == 'x' && p + 3 < end
              && g_ascii_isxdigit (p[2]) && g_ascii_isxdigit (p[3]))
            {
              c = (guint8) (g_ascii_xdigit_value (p[2]) * 16 + g_ascii_xdigit_value (p[3]));
              p += 3;
            }
          else if (*p == '\\' && p + 1 < end)
            c = (guint8) *++p;
          g_byte_array_append (token, &c, 1);
        }
      in.len = token->len;
      in.data = g_byte_array_free (token, FALSE);
      g_array_append_val (tokens, in);
    }
}

static void
insert_bytes (GByteArray *buf, guint at, const guint8 *data, guint len)
{
  /* a GByteArray is a GArray of bytes */
  g_array_insert_vals ((GArray *) buf, at, data, len);
}

/* 1 to below most, and at most room (MIN () would draw twice). */
static guint
random_length (GRand *rng, guint most, guint room)
{
  guint n = (guint) g_rand_int_range (rng, 1, (gint32) most);

  return MIN (n, room);
}

/* The first position from at (around the end) where pred holds, or -1. */
static gint64
find_from (GByteArray *buf, guint at, gboolean (*pred) (guint8 c))
{
  for (guint k = 0; k < buf->len; k++)
    if (pred (buf->data[(at + k) % buf->len]))
      return (at + k) % buf->len;
  return -1;
}

static gboolean
is_number_start (guint8 c)
{
  return g_ascii_isdigit (c) || c == '-';
}

static gboolean
is_number_char (guint8 c)
{
  return g_ascii_isdigit (c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

/* The first opening quote of a string from at (around the end), or -1:
 * what is inserted after it lands in the string's text. */
static gint64
find_string (GByteArray *buf, guint at)
{
  gint64 first = -1;
  gboolean in_string = FALSE;

  for (guint k = 0; k < buf->len; k++)
    {
      if (buf->data[k] == '\\' && in_string)
        k++;
      else if (buf->data[k] == '"')
        {
          in_string = !in_string;
          if (in_string && first < 0)
            first = k;
          if (in_string && k >= at)
            return k;
        }
    }
  return first;
}

/* One change to buf; rng decides which and where. Most keep the JSON
 * well-formed (a number or a string's text changed), or the loader would
 * refuse nearly every mutant at its first byte. */
static void
mutate (GByteArray *buf, GRand *rng, GArray *corpus, GArray *tokens, gsize max_len)
{
  guint len = buf->len;
  guint at = len > 0 ? g_rand_int_range (rng, 0, (gint32) len) : 0;
  gint64 found;

  switch (g_rand_int_range (rng, 0, 16))
    {
    case 0:   /* flip a bit */
      if (len > 0)
        buf->data[at] ^= (guint8) (1u << g_rand_int_range (rng, 0, 8));
      break;
    case 1:   /* set a byte: often one JSON cares about */
      if (len > 0)
        {
          static const char json_bytes[] = "{}[]\",:-0123456789.eE\\ntfu";
          buf->data[at] = (guint8) (g_rand_boolean (rng) ? json_bytes[g_rand_int_range (rng, 0, sizeof json_bytes - 1)]
                                                         : g_rand_int_range (rng, 0, 256));
        }
      break;
    case 2:   /* remove a piece */
      if (len > 0)
        g_byte_array_remove_range (buf, at, random_length (rng, 64, len - at));
      break;
    case 3:   /* repeat a piece */
      if (len > 0)
        {
          guint n = random_length (rng, 256, len - at);
          g_autofree guint8 *piece = g_memdup2 (buf->data + at, n);
          insert_bytes (buf, g_rand_int_range (rng, 0, (gint32) len + 1), piece, n);
        }
      break;
    case 4:   /* a token of the dictionary, inserted or written over */
      if (tokens->len > 0)
        {
          Input *t = &g_array_index (tokens, Input, g_rand_int_range (rng, 0, (gint32) tokens->len));
          if (g_rand_boolean (rng) && len > 0)
            g_byte_array_remove_range (buf, at, MIN (len - at, t->len));
          insert_bytes (buf, at, t->data, t->len);
        }
      break;
    case 5:   /* splice in a piece of another input */
      {
        Input *o = &g_array_index (corpus, Input, g_rand_int_range (rng, 0, (gint32) corpus->len));
        if (o->len > 0)
          {
            guint from = g_rand_int_range (rng, 0, (gint32) o->len);
            guint n = random_length (rng, 1024, (guint) o->len - from);
            insert_bytes (buf, at, o->data + from, n);
          }
      }
      break;
    case 6:   /* into a string: a few bytes, a control character or an escape */
    case 7:
    case 8:
    case 9:
      if ((found = find_string (buf, at)) >= 0)
        {
          const char *bits[] = { "\\u0000", "\\u001b]52;c;", "\\ud800", "\\u202e", "\\\"", "\xc3\x28", "\xe2\x80\x8b",
                                 "=cmd|", "%s%n", "\\n\\n", " ", "\xf0\x9f\x92\xa9" };
          const char *bit = bits[g_rand_int_range (rng, 0, G_N_ELEMENTS (bits))];
          insert_bytes (buf, (guint) found + 1, (const guint8 *) bit, (guint) strlen (bit));
        }
      break;
    case 10:  /* a string's text made long, with or without spaces */
      if ((found = find_string (buf, at)) >= 0)
        {
          guint n = g_rand_int_range (rng, 1, 70000);
          g_autofree guint8 *run = g_malloc (n);
          gboolean spaces = g_rand_boolean (rng);
          for (guint k = 0; k < n; k++)
            run[k] = spaces && k % 7 == 6 ? ' ' : 'a' + k % 26;
          insert_bytes (buf, (guint) found + 1, run, n);
        }
      break;
    default:  /* a number made extreme */
      if ((found = find_from (buf, at, is_number_start)) >= 0)
        {
          const char *numbers[] = { "-0", "1e308", "-1", "0", "4294967296", "1e-320", "9007199254740993",
                                    "NaN", "-0.0", "1.7976931348623157e309", "18446744073709551616", "0.5" };
          const char *n = numbers[g_rand_int_range (rng, 0, G_N_ELEMENTS (numbers))];
          guint end = (guint) found;
          while (end < buf->len && is_number_char (buf->data[end]))
            end++;
          g_byte_array_remove_range (buf, (guint) found, end - (guint) found);
          insert_bytes (buf, (guint) found, (const guint8 *) n, (guint) strlen (n));
        }
      break;
    }
  if (buf->len > max_len)
    g_byte_array_set_size (buf, (guint) max_len);
}

int
main (int argc, char **argv)
{
  gint64 iterations = 2000, max_seconds = 60, seed = 20240601, max_len = 1 << 20;
  g_autofree char *dict = NULL;
  g_autofree char *artifacts = NULL;
  GOptionEntry entries[] = {
    { "iterations", 0, 0, G_OPTION_ARG_INT64, &iterations, "Mutants to feed (after the corpus)", "N" },
    { "max-seconds", 0, 0, G_OPTION_ARG_INT64, &max_seconds, "Stop feeding mutants after this long", "S" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the mutations", "N" },
    { "dict", 0, 0, G_OPTION_ARG_FILENAME, &dict, "Tokens to insert (libFuzzer's format)", "FILE" },
    { "max-len", 0, 0, G_OPTION_ARG_INT64, &max_len, "Longest mutant, in bytes", "N" },
    { "artifacts", 0, 0, G_OPTION_ARG_FILENAME, &artifacts, "Where to leave a crashing input", "DIR" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("CORPUS_DIR_OR_FILE…");
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) corpus = g_array_new (FALSE, TRUE, sizeof (Input));
  g_autoptr(GArray) tokens = g_array_new (FALSE, TRUE, sizeof (Input));
  g_autoptr(GByteArray) buf = g_byte_array_new ();
  g_autoptr(GRand) rng = NULL;
  gint64 start, done = 0;
  struct sigaction action = { .sa_handler = crashed_cb };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 2)
    {
      g_printerr ("fuzz: %s\n", error != NULL ? error->message : "no corpus given");
      return 2;
    }
  artifact_dir = artifacts != NULL ? g_strdup (artifacts) : g_get_current_dir ();
#ifdef __SANITIZE_ADDRESS__
  batch = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
#endif
  sigemptyset (&action.sa_mask);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    sigaction (signals[i], &action, &previous[i]);
  for (int i = 1; i < argc; i++)
    add_path (corpus, argv[i]);
  if (dict != NULL)
    load_dict (tokens, dict);
  if (corpus->len == 0)
    {
      g_printerr ("fuzz: the corpus is empty\n");
      return 2;
    }

  start = g_get_monotonic_time ();
  for (guint i = 0; i < corpus->len; i++)
    run_one (g_array_index (corpus, Input, i).data, g_array_index (corpus, Input, i).len, i);
  g_print ("fuzz: %u inputs replayed in %.1f s\n", corpus->len, (g_get_monotonic_time () - start) / 1e6);

  rng = g_rand_new_with_seed ((guint32) seed);
  for (; done < iterations; done++)
    {
      if (g_get_monotonic_time () - start > max_seconds * G_USEC_PER_SEC)
        break;
      /* from a corpus file, or a time in four on from the mutant before */
      if (buf->len == 0 || g_rand_int_range (rng, 0, 4) != 0)
        {
          Input *in = &g_array_index (corpus, Input, g_rand_int_range (rng, 0, (gint32) corpus->len));
          g_byte_array_set_size (buf, 0);
          g_byte_array_append (buf, in->data, (guint) MIN (in->len, (gsize) max_len));
        }
      for (int k = g_rand_int_range (rng, 1, 5); k > 0; k--)
        mutate (buf, rng, corpus, tokens, (gsize) max_len);
      run_one (buf->data, buf->len, corpus->len + (guint64) done);
    }
  check_leaks ();
  g_print ("fuzz: %" G_GINT64_FORMAT " mutants (seed %" G_GINT64_FORMAT ") in %.1f s%s\n", done, seed,
           (g_get_monotonic_time () - start) / 1e6, done < iterations ? ", stopped at the time limit" : "");
  for (guint i = 0; i < corpus->len; i++)
    g_free (g_array_index (corpus, Input, i).data);
  for (guint i = 0; i < tokens->len; i++)
    g_free (g_array_index (tokens, Input, i).data);
#ifdef __SANITIZE_ADDRESS__
  g_ptr_array_unref (batch);
#endif
  g_clear_pointer (&artifact_dir, g_free);
  return 0;
}
