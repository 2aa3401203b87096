/* fsb-age.c: the aging levels */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-age.h"
#include "fsb-format.h"

/* Light: a disk in everyday use; heavy: one that is nearly full. Four and
 * eight rounds of churn replace a quarter of the files each: enough to
 * scatter the free space over the whole filesystem, in seconds on a quick
 * image. */
static const FsbAgeSpec levels[] = {
  { "light", 0.60, 4, 0.25 },
  { "heavy", 0.85, 8, 0.25 },
};

static const char *const level_ids[] = { "none", "light", "heavy", NULL };

const char *const *
fsb_age_levels (void)
{
  return level_ids;
}

gboolean
fsb_age_known (const char *id)
{
  return id != NULL && g_strv_contains (level_ids, id);
}

const FsbAgeSpec *
fsb_age_spec (const char *id)
{
  for (guint i = 0; id != NULL && i < G_N_ELEMENTS (levels); i++)
    if (strcmp (levels[i].id, id) == 0)
      return &levels[i];
  return NULL;
}

char *
fsb_age_title (const char *id)
{
  const FsbAgeSpec *spec = fsb_age_spec (id);
  g_autofree char *percent = NULL;

  if (spec == NULL)
    return g_strdup (C_("aging", "None"));
  percent = fsb_format_percent (spec->fill * 100, 0);
  if (strcmp (id, "light") == 0)
    /* Translators: an aging level; %s is how full the disk is made, "60 %" */
    return g_strdup_printf (_("Light: %s full"), percent);
  /* Translators: an aging level; %s is how full the disk is made, "85 %" */
  return g_strdup_printf (_("Heavy: %s full"), percent);
}
