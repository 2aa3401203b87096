/* fsb-data-text.c: the bytes of the source data: random, or compressible
 * text, the words of a generated language drawn as often as the words of
 * a real one (Zipf's law) */
#include "config.h"

#include <string.h>

#include "fsb-dataset.h"

/* The streams ---------------------------------------------------------------- */

void
fsb_dataset_stream_init (FsbDatasetStream *stream, guint64 seed, guint index)
{
  memset (stream, 0, sizeof *stream);
  fsb_rng_init (&stream->rng, seed ^ ((guint64) index * G_GUINT64_CONSTANT (0xD1B54A32D192ED03)));
}

void
fsb_dataset_stream_init_kind (FsbDatasetStream *stream, guint64 seed, guint index, FsbDataKind kind)
{
  fsb_dataset_stream_init (stream, seed, index);
  if (kind == FSB_DATA_TEXT)
    fsb_dataset_text_init (stream);
}

void
fsb_dataset_stream_fill (FsbDatasetStream *stream, guint8 *buf, gsize len)
{
  if (stream->text)
    fsb_dataset_text_fill (stream, buf, len);
  else
    fsb_rng_fill (&stream->rng, buf, len);
}

/* The extensions of the layout's documents and source (the rest are media
 * and binaries, already compressed). */
static const char *const text_extensions[] = { ".c", ".h", ".txt", ".html", ".py" };

FsbDataKind
fsb_dataset_file_kind (FsbDataKind data, const char *path)
{
  if (data == FSB_DATA_TEXT)
    return FSB_DATA_TEXT;
  if (data == FSB_DATA_MIXED && path != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (text_extensions); i++)
      if (g_str_has_suffix (path, text_extensions[i]))
        return FSB_DATA_TEXT;
  return FSB_DATA_RANDOM;
}

/* Text ------------------------------------------------------------------------ */


/* A vocabulary of 8,192 words of 1 to 12 letters, with their separators,
 * made once from a fixed seed: the same on every machine. The letters
 * follow English's frequencies, the ranks Zipf's law (the word of rank r
 * is drawn in proportion to 1/r), and half the time a word is followed by
 * its usual next one, as in a language's phrases. Measured on the quick
 * big file: zstd -1 and gzip -6 make it 3.3 times smaller (real prose and
 * source code: about 3:1); with draws alone, 2.5 times. */
#define VOCABULARY 8192
#define PICK_BITS 16               /* a draw: 15 bits pick a word, one says "the usual next one" */
#define SLOT_BITS (PICK_BITS - 1)
#define WORD_ROOM 16

typedef struct {
  guint8  bytes[WORD_ROOM];
  guint8  len;
  guint16 next;   /* the word that most often follows it: a language's phrases */
} Word;

typedef struct {
  Word    words[VOCABULARY];
  guint16 by_pick[1 << SLOT_BITS];   /* a 15-bit draw → the rank of its word */
} Vocabulary;

/* English letters, each as often as in running text (per 1,000). */
static const struct { char letter; guint per_mille; } letters[] = {
  { 'e', 127 }, { 't', 91 }, { 'a', 82 }, { 'o', 75 }, { 'i', 70 }, { 'n', 67 }, { 's', 63 },
  { 'h', 61 }, { 'r', 60 }, { 'd', 43 }, { 'l', 40 }, { 'c', 28 }, { 'u', 28 }, { 'm', 24 },
  { 'w', 24 }, { 'f', 22 }, { 'g', 20 }, { 'y', 20 }, { 'p', 19 }, { 'b', 15 }, { 'v', 10 },
  { 'k', 8 }, { 'j', 2 }, { 'x', 2 }, { 'q', 1 }, { 'z', 1 },
};

static char
draw_letter (FsbRng *rng)
{
  guint total = 0, r;

  for (guint i = 0; i < G_N_ELEMENTS (letters); i++)
    total += letters[i].per_mille;
  r = (guint) fsb_rng_below (rng, total);
  for (guint i = 0; i < G_N_ELEMENTS (letters); i++)
    {
      if (r < letters[i].per_mille)
        return letters[i].letter;
      r -= letters[i].per_mille;
    }
  return 'e';
}

static void
make_word (FsbRng *rng, guint rank, Word *w)
{
  /* Frequent words are short: "the", "of"; rare ones long. */
  guint len = 1 + (guint) fsb_rng_below (rng, rank < 64 ? 4 : rank < 1024 ? 8 : 12);
  guint n = 0;

  for (guint i = 0; i < len; i++)
    w->bytes[n++] = (guint8) draw_letter (rng);
  /* its separator: mostly a space, sometimes a comma, the end of a
   * sentence or of a line */
  switch (fsb_rng_below (rng, 16))
    {
    case 0:
      w->bytes[n++] = ',';
      w->bytes[n++] = ' ';
      break;
    case 1:
      w->bytes[n++] = '.';
      w->bytes[n++] = ' ';
      break;
    case 2:
      w->bytes[n++] = '\n';
      break;
    default:
      w->bytes[n++] = ' ';
      break;
    }
  memset (w->bytes + n, ' ', WORD_ROOM - n);
  w->len = (guint8) n;
}

static const Vocabulary *
vocabulary (void)
{
  static Vocabulary *v;

  if (g_once_init_enter (&v))
    {
      Vocabulary *made = g_new0 (Vocabulary, 1);
      FsbRng rng;
      double total = 0, sum = 0;
      guint slot = 0;

      fsb_rng_init (&rng, G_GUINT64_CONSTANT (0x776F726473));   /* "words" */
      for (guint r = 0; r < VOCABULARY; r++)
        {
          make_word (&rng, r, &made->words[r]);
          total += 1.0 / (r + 1);
        }
      /* the usual next word: itself drawn by Zipf's law */
      for (guint r = 0; r < VOCABULARY; r++)
        made->words[r].next = (guint16) fsb_rng_below (&rng, MIN (VOCABULARY, 64u << (r % 7)));
      /* Each rank gets slots of the 32,768 in proportion to 1/rank. */
      for (guint r = 0; r < VOCABULARY && slot < (1u << SLOT_BITS); r++)
        {
          guint end;

          sum += 1.0 / (r + 1);
          end = (guint) (sum / total * (1u << SLOT_BITS) + 0.5);
          end = MIN (MAX (end, slot + 1), 1u << SLOT_BITS);
          while (slot < end)
            made->by_pick[slot++] = (guint16) r;
        }
      while (slot < (1u << SLOT_BITS))
        made->by_pick[slot++] = VOCABULARY - 1;
      g_once_init_leave (&v, made);
    }
  return v;
}

void
fsb_dataset_text_init (FsbDatasetStream *stream)
{
  stream->text = TRUE;
  stream->picks = 0;
  stream->n_picks = 0;
  stream->n_pending = 0;
  stream->last_word = 0;
  (void) vocabulary ();
}

/* Words until len bytes are out; a word cut at the end of one call goes
 * on in the next, so the bytes do not depend on how they are asked for. */
void
fsb_dataset_text_fill (FsbDatasetStream *stream, guint8 *buf, gsize len)
{
  const Vocabulary *v = vocabulary ();

  if (stream->n_pending > 0)
    {
      gsize n = MIN ((gsize) stream->n_pending, len);

      memcpy (buf, stream->pending, n);
      memmove (stream->pending, stream->pending + n, stream->n_pending - n);
      stream->n_pending -= (guint) n;
      buf += n;
      len -= n;
    }
  while (len > 0)
    {
      const Word *w;

      if (stream->n_picks == 0)
        {
          stream->picks = fsb_rng_next (&stream->rng);
          stream->n_picks = 64 / PICK_BITS;
        }
      {
        guint draw = (guint) (stream->picks & ((1u << PICK_BITS) - 1));

        stream->last_word = (draw >> SLOT_BITS) != 0 ? v->words[stream->last_word].next
                                                      : v->by_pick[draw & ((1u << SLOT_BITS) - 1)];
        w = &v->words[stream->last_word];
      }
      stream->picks >>= PICK_BITS;
      stream->n_picks--;
      if (len >= WORD_ROOM)
        {
          memcpy (buf, w->bytes, WORD_ROOM);
          buf += w->len;
          len -= w->len;
        }
      else
        {
          gsize n = MIN ((gsize) w->len, len);

          memcpy (buf, w->bytes, n);
          memcpy (stream->pending, w->bytes + n, w->len - n);
          stream->n_pending = (guint) (w->len - n);
          buf += n;
          len -= n;
        }
    }
}
