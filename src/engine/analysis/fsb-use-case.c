/* fsb-use-case.c: what the disk is for: the use cases the recommendation
 * weighs the criteria for (each criterion carries its weights) */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-recommend.h"

static const char *use_case_ids[FSB_N_USE_CASES] = { FSB_USE_CASE_IDS };

const char *
fsb_use_case_id (FsbUseCase use_case)
{
  g_return_val_if_fail (use_case < FSB_N_USE_CASES, NULL);
  return use_case_ids[use_case];
}

gboolean
fsb_use_case_from_id (const char *id, FsbUseCase *use_case)
{
  for (guint i = 0; id != NULL && i < FSB_N_USE_CASES; i++)
    if (strcmp (id, use_case_ids[i]) == 0)
      {
        if (use_case != NULL)
          *use_case = (FsbUseCase) i;
        return TRUE;
      }
  return FALSE;
}

const char *
fsb_use_case_title (FsbUseCase use_case)
{
  switch (use_case)
    {
    case FSB_USE_CASE_DESKTOP:     return _("Desktop");
    case FSB_USE_CASE_SERVER:      return _("Small home or office server");
    case FSB_USE_CASE_DATABASE:    return _("Database and random I/O");
    case FSB_USE_CASE_SMALL_FILES: return _("Many small files");
    case FSB_USE_CASE_MEDIA:       return _("Media and large files");
    case FSB_N_USE_CASES:
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
fsb_use_case_headline (FsbUseCase use_case)
{
  switch (use_case)
    {
    /* Translators: %s is a filesystem, "XFS suits a desktop best" */
    case FSB_USE_CASE_DESKTOP:     return _("%s suits a desktop best");
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_SERVER:      return _("%s suits a small home or office server best");
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_DATABASE:    return _("%s suits databases and random I/O best");
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_SMALL_FILES: return _("%s suits many small files best");
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_MEDIA:       return _("%s suits media and large files best");
    case FSB_N_USE_CASES:
    default:
      g_return_val_if_reached (NULL);
    }
}
