/* fsb-data-kind.c: what the generated source data is made of */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-data-kind.h"
#include "fsb-error.h"

static const char *const kind_ids[] = { "random", "text", "mixed", NULL };

const char *const *
fsb_data_kinds (void)
{
  return kind_ids;
}

gboolean
fsb_data_kind_from_id (const char *id, FsbDataKind *kind)
{
  for (guint i = 0; id != NULL && i < FSB_N_DATA_KINDS; i++)
    if (strcmp (kind_ids[i], id) == 0)
      {
        if (kind != NULL)
          *kind = (FsbDataKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
fsb_data_kind_id (FsbDataKind kind)
{
  return kind < FSB_N_DATA_KINDS ? kind_ids[kind] : kind_ids[FSB_DATA_RANDOM];
}

const char *
fsb_data_kind_title (FsbDataKind kind)
{
  switch (kind)
    {
    case FSB_DATA_TEXT:  return _("Text (compressible)");
    case FSB_DATA_MIXED: return _("Mixed (a home folder)");
    case FSB_DATA_RANDOM:
    default:             return _("Random (incompressible)");
    }
}

const char *
fsb_data_kind_phrase (FsbDataKind kind)
{
  switch (kind)
    {
    /* Translators: what the generated data is made of, in a list that describes the data */
    case FSB_DATA_TEXT:  return _("made of text that compresses about 3:1, like source code and documents");
    /* Translators: what the generated data is made of, in a list that describes the data */
    case FSB_DATA_MIXED: return _("mixed like a home folder: the big file and the media files random, the documents and source text");
    case FSB_DATA_RANDOM:
    /* Translators: what the generated data is made of, in a list that describes the data */
    default:             return _("made of random bytes, which no filesystem can compress");
    }
}

gboolean
fsb_data_kind_parse (const char *id, FsbDataKind *kind, GError **error)
{
  if (fsb_data_kind_from_id (id, kind))
    return TRUE;
  g_set_error (error, FSB_ERROR, FSB_ERROR_INVALID,
               /* Translators: %s is what the user typed; keep random, text and mixed as they are */
               _("“%s” is not a kind of data. Use “random”, “text” or “mixed”."), id != NULL ? id : "");
  return FALSE;
}
