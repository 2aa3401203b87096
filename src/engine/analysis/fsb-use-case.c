/* fsb-use-case.c: what the disk is for: the use cases the recommendation
 * weighs the criteria for (each criterion carries its weights) */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-format.h"
#include "fsb-recommend-private.h"

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
    case FSB_USE_CASE_NAS:         return _("Archive or NAS: keep my data safe");
    case FSB_USE_CASE_DEVELOPER:   return _("Developer workstation");
    case FSB_N_USE_CASES:
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
fsb_verdict_kind_id (FsbVerdictKind kind)
{
  switch (kind)
    {
    case FSB_VERDICT_WINNER:       return "winner";
    case FSB_VERDICT_TIE:          return "tie";
    case FSB_VERDICT_NOT_MEASURED: return "not-measured";
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
fsb_confidence_id (FsbConfidence confidence)
{
  switch (confidence)
    {
    case FSB_CONFIDENCE_HIGH:   return "high";
    case FSB_CONFIDENCE_MEDIUM: return "medium";
    case FSB_CONFIDENCE_LOW:    return "low";
    case FSB_CONFIDENCE_NONE:
    default:
      return NULL;
    }
}

/* A clear winner, sure of it in every criterion. */
static const char *
headline_best (FsbUseCase use_case)
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
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_NAS:         return _("%s suits an archive or a NAS best");
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_DEVELOPER:   return _("%s suits a developer workstation best");
    case FSB_N_USE_CASES:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* A clear winner overall, though some criteria are not settled. */
static const char *
headline_probably (FsbUseCase use_case)
{
  switch (use_case)
    {
    /* Translators: %s is a filesystem; the overall lead is clear, some criteria are not */
    case FSB_USE_CASE_DESKTOP:     return _("%s probably suits a desktop best");
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_SERVER:      return _("%s probably suits a small home or office server best");
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_DATABASE:    return _("%s probably suits databases and random I/O best");
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_SMALL_FILES: return _("%s probably suits many small files best");
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_MEDIA:       return _("%s probably suits media and large files best");
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_NAS:         return _("%s probably suits an archive or a NAS best");
    /* Translators: %s is a filesystem */
    case FSB_USE_CASE_DEVELOPER:   return _("%s probably suits a developer workstation best");
    case FSB_N_USE_CASES:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* Within the equivalence margin of each other overall. */
static const char *
headline_tied (FsbUseCase use_case)
{
  switch (use_case)
    {
    /* Translators: %s is a list of filesystems, "ext4 and XFS" */
    case FSB_USE_CASE_DESKTOP:     return _("%s are tied for a desktop");
    /* Translators: %s is a list of filesystems, "ext4 and XFS" */
    case FSB_USE_CASE_SERVER:      return _("%s are tied for a small home or office server");
    /* Translators: %s is a list of filesystems */
    case FSB_USE_CASE_DATABASE:    return _("%s are tied for databases and random I/O");
    /* Translators: %s is a list of filesystems */
    case FSB_USE_CASE_SMALL_FILES: return _("%s are tied for many small files");
    /* Translators: %s is a list of filesystems */
    case FSB_USE_CASE_MEDIA:       return _("%s are tied for media and large files");
    /* Translators: %s is a list of filesystems */
    case FSB_USE_CASE_NAS:         return _("%s are tied for an archive or a NAS");
    /* Translators: %s is a list of filesystems */
    case FSB_USE_CASE_DEVELOPER:   return _("%s are tied for a developer workstation");
    case FSB_N_USE_CASES:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* The measurements do not separate them: low confidence. */
static const char *
headline_unclear (FsbUseCase use_case)
{
  switch (use_case)
    {
    /* Translators: %s is a list of filesystems, "ext4 and XFS"; the measurements are too uncertain to separate them */
    case FSB_USE_CASE_DESKTOP:     return _("%s cannot be told apart for a desktop");
    /* Translators: %s is a list of filesystems */
    case FSB_USE_CASE_SERVER:      return _("%s cannot be told apart for a small home or office server");
    /* Translators: %s is a list of filesystems */
    case FSB_USE_CASE_DATABASE:    return _("%s cannot be told apart for databases and random I/O");
    /* Translators: %s is a list of filesystems */
    case FSB_USE_CASE_SMALL_FILES: return _("%s cannot be told apart for many small files");
    /* Translators: %s is a list of filesystems */
    case FSB_USE_CASE_MEDIA:       return _("%s cannot be told apart for media and large files");
    /* Translators: %s is a list of filesystems */
    case FSB_USE_CASE_NAS:         return _("%s cannot be told apart for an archive or a NAS");
    /* Translators: %s is a list of filesystems */
    case FSB_USE_CASE_DEVELOPER:   return _("%s cannot be told apart for a developer workstation");
    case FSB_N_USE_CASES:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* The sentences are chosen from the tables above. */
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

char *
fsb_use_case_headline (FsbUseCase use_case, FsbVerdictKind kind, FsbConfidence confidence, const char *names)
{
  g_return_val_if_fail (use_case < FSB_N_USE_CASES, NULL);

  switch (kind)
    {
    case FSB_VERDICT_WINNER:
      return g_strdup_printf (confidence == FSB_CONFIDENCE_HIGH ? headline_best (use_case)
                                                                : headline_probably (use_case), names);
    case FSB_VERDICT_TIE:
      return g_strdup_printf (confidence == FSB_CONFIDENCE_LOW ? headline_unclear (use_case)
                                                               : headline_tied (use_case), names);
    case FSB_VERDICT_NOT_MEASURED:
    default:
      /* Translators: %s is a use case, “Database and random I/O” */
      return g_strdup_printf (_("Not measured for “%s”: some of the workload groups it needs did not run"),
                              fsb_use_case_title (use_case));
    }
}

/* The confidence in words, first among the notes. */
/* A tie that holds a small lead: who leads, and by how much at most. */
static char *
small_lead_sentence (const FsbRecommendation *self, const char *margin)
{
  g_autofree char *lead = NULL;
  double most = 1;

  for (guint i = 0; i < self->overall->len; i++)
    {
      const FsbScore *s = self->overall->pdata[i];

      if (s->small_lead)
        most = MAX (most, s->ratio);
    }
  lead = fsb_format_percent ((most - 1) * 100, 1);
  return self->confidence == FSB_CONFIDENCE_HIGH
    /* Translators: the filesystem ahead, “XFS”, then by how much, “4.2 %”, then the equivalence margin, “5 %” */
    ? g_strdup_printf (_("Confidence is high: %s is ahead overall, but by %s, less than the %s that counts as a "
                         "difference; every criterion this use case weighs gave a clear answer."),
                       fsb_format_fs_name (self->leader), lead, margin)
    /* Translators: the filesystem ahead, “XFS”, then by how much, “4.2 %”, then the equivalence margin, “5 %” */
    : g_strdup_printf (_("Confidence is medium: %s is ahead overall, but by %s, less than the %s that counts as a "
                         "difference; some criteria gave no clear answer."),
                       fsb_format_fs_name (self->leader), lead, margin);
}

char *
fsb_recommend_confidence_sentence (const FsbRecommendation *self)
{
  g_autofree char *margin = fsb_format_percent (FSB_EQUIVALENCE_MARGIN * 100, 0);
  gboolean winner = self->verdict == FSB_VERDICT_WINNER;

  if (!winner && self->small_lead
      && (self->confidence == FSB_CONFIDENCE_HIGH || self->confidence == FSB_CONFIDENCE_MEDIUM))
    return small_lead_sentence (self, margin);
  switch (self->confidence)
    {
    case FSB_CONFIDENCE_HIGH:
      if (winner && self->by_failure)
        return g_strdup (_("Confidence is high: each of the other filesystems failed a criterion this use case "
                           "weighs or is clearly behind overall, and every criterion gave a clear answer."));
      if (winner && self->by_dominance)
        return g_strdup (_("Confidence is high: each of the other filesystems is clearly behind on some criterion "
                           "this use case weighs and ahead on none, and every criterion gave a clear answer."));
      return winner
        ? g_strdup (_("Confidence is high: the winner is ahead overall even at the cautious end of its "
                      "interval, and every criterion this use case weighs gave a clear answer."))
        /* Translators: %s is the equivalence margin, "5 %" */
        : g_strdup_printf (_("Confidence is high: overall the filesystems are within %s of each other, and every "
                             "criterion this use case weighs gave a clear answer."), margin);
    case FSB_CONFIDENCE_MEDIUM:
      if (winner && self->by_failure)
        return g_strdup (_("Confidence is medium: each of the other filesystems failed a criterion this use case "
                           "weighs or is clearly behind overall, but some criteria gave no clear answer."));
      if (winner && self->by_dominance)
        return g_strdup (_("Confidence is medium: each of the other filesystems is clearly behind on some criterion "
                           "this use case weighs and ahead on none, but some criteria gave no clear answer."));
      return winner
        ? g_strdup (_("Confidence is medium: the winner is ahead overall even at the cautious end of its "
                      "interval, but some criteria gave no clear answer."))
        /* Translators: %s is the equivalence margin, "5 %" */
        : g_strdup_printf (_("Confidence is medium: overall the filesystems are within %s of each other, but some "
                             "criteria gave no clear answer."), margin);
    case FSB_CONFIDENCE_LOW:
      return g_strdup (_("Confidence is low: the differences are within the uncertainty of the measurements, "
                         "so more repetitions could change this verdict."));
    case FSB_CONFIDENCE_NONE:
    default:
      return NULL;
    }
}
