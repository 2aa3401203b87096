/* fsb-contender.c: a contender, and the variant text that defines one */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-contender.h"
#include "fsb-error.h"
#include "fsb-text.h"

FsbContender *
fsb_contender_new (const char *label, const char *fs_type)
{
  FsbContender *self = g_new0 (FsbContender, 1);

  self->label = g_strdup (label);
  self->fs_type = g_strdup (fs_type);
  return self;
}

FsbContender *
fsb_contender_copy (const FsbContender *self)
{
  FsbContender *copy = fsb_contender_new (self->label, self->fs_type);

  copy->mount_options = g_strdup (self->mount_options);
  copy->mkfs_options = g_strdup (self->mkfs_options);
  return copy;
}

void
fsb_contender_free (FsbContender *self)
{
  if (self == NULL)
    return;
  g_free (self->label);
  g_free (self->fs_type);
  g_free (self->mount_options);
  g_free (self->mkfs_options);
  g_free (self);
}

static gboolean
invalid (GError **error, char *message)
{
  g_set_error_literal (error, FSB_ERROR, FSB_ERROR_INVALID, message);
  g_free (message);
  return FALSE;
}

gboolean
fsb_contender_check_mount_options (const char *options, GError **error)
{
  g_auto(GStrv) parts = NULL;
  guint n;

  if (options == NULL || *options == '\0')
    return TRUE;
  if (strlen (options) > (gsize) FSB_CONTENDER_MAX_MOUNT_OPTIONS * (FSB_CONTENDER_MAX_OPTION_CHARS + 1))
    return invalid (error, g_strdup_printf (
                      /* Translators: %u is a number, 32 */
                      _("A variant may give at most %u mount options."), FSB_CONTENDER_MAX_MOUNT_OPTIONS));
  for (const char *p = options; *p != '\0'; p++)
    if ((guchar) *p < 0x21 || *p == 0x7f || *p == '"' || *p == '\'' || *p == '\\')
      return invalid (error, g_strdup (
                        _("Mount options cannot hold spaces, quotes, backslashes or control characters.")));
  if (!g_utf8_validate (options, -1, NULL))
    return invalid (error, g_strdup (_("Mount options must be UTF-8 text.")));
  parts = g_strsplit (options, ",", -1);
  n = g_strv_length (parts);
  if (n > FSB_CONTENDER_MAX_MOUNT_OPTIONS)
    return invalid (error, g_strdup_printf (_("A variant may give at most %u mount options."),
                                            FSB_CONTENDER_MAX_MOUNT_OPTIONS));
  for (guint i = 0; i < n; i++)
    {
      if (*parts[i] == '\0' || *parts[i] == '=')
        return invalid (error, g_strdup_printf (
                          /* Translators: %s is the mount options as typed */
                          _("The mount options “%s” have an empty option: separate options with one comma."),
                          options));
      if (strlen (parts[i]) > FSB_CONTENDER_MAX_OPTION_CHARS)
        return invalid (error, g_strdup_printf (
                          /* Translators: %u is a number of characters, 128 */
                          _("A mount option may be at most %u characters long."),
                          FSB_CONTENDER_MAX_OPTION_CHARS));
    }
  return TRUE;
}

static gboolean
parse_part (FsbContender *self, const char *part, GError **error)
{
  if (g_str_has_prefix (part, "mount="))
    {
      if (self->mount_options != NULL)
        /* Translators: %s is the name of a variant */
        return invalid (error, g_strdup_printf (_("The variant “%s” gives its mount options twice."), self->label));
      self->mount_options = g_strdup (part + strlen ("mount="));
      if (*self->mount_options == '\0')
        return invalid (error, g_strdup_printf (
                          /* Translators: %s is the name of a variant; keep mount= as it is */
                          _("The variant “%s” has mount= without options."), self->label));
      return fsb_contender_check_mount_options (self->mount_options, error);
    }
  if (g_str_has_prefix (part, "mkfs="))
    {
      g_auto(GStrv) argv = NULL;
      g_autoptr(GError) parse_error = NULL;

      if (self->mkfs_options != NULL)
        /* Translators: %s is the name of a variant */
        return invalid (error, g_strdup_printf (_("The variant “%s” gives its mkfs options twice."), self->label));
      self->mkfs_options = g_strdup (part + strlen ("mkfs="));
      if (strlen (self->mkfs_options) > FSB_CONTENDER_MAX_MKFS_CHARS || !fsb_text_is_clean (self->mkfs_options, -1))
        return invalid (error, g_strdup_printf (
                          /* Translators: %u is a number of characters, 512 */
                          _("The mkfs options of a variant are one line of at most %u characters."),
                          FSB_CONTENDER_MAX_MKFS_CHARS));
      if (*self->mkfs_options != '\0' && !g_shell_parse_argv (self->mkfs_options, NULL, &argv, &parse_error))
        return invalid (error, g_strdup_printf (
                          /* Translators: the options as typed, then the reason */
                          _("The mkfs options “%s” cannot be read: %s"), self->mkfs_options, parse_error->message));
      return TRUE;
    }
  return invalid (error, g_strdup_printf (
                    /* Translators: %s is a part of what was typed; keep mount= and mkfs= as they are */
                    _("“%s” is neither mount=OPTIONS nor mkfs=ARGUMENTS."), part));
}

FsbContender *
fsb_contender_parse (const char *text, GError **error)
{
  g_autoptr(FsbContender) self = NULL;
  g_auto(GStrv) head = NULL;
  g_auto(GStrv) parts = NULL;
  const char *eq;

  if (text != NULL && strlen (text) > FSB_CONTENDER_MAX_TEXT)
    {
      invalid (error, g_strdup_printf (
                 /* Translators: %u is a number of characters, 4096 */
                 _("A variant is at most %u characters long."), FSB_CONTENDER_MAX_TEXT));
      return NULL;
    }
  if (text == NULL || (eq = strchr (text, '=')) == NULL)
    {
      invalid (error, g_strdup_printf (
                 /* Translators: %s is what was typed; keep the pattern NAME=FS;mount=OPTIONS;mkfs=ARGS as it is */
                 _("“%s” is not a variant: write NAME=FS;mount=OPTIONS;mkfs=ARGS."),
                 text != NULL ? text : ""));
      return NULL;
    }
  parts = g_strsplit (eq + 1, ";", -1);
  self = g_new0 (FsbContender, 1);
  self->label = g_strstrip (g_strndup (text, eq - text));
  self->fs_type = g_strstrip (g_strdup (parts[0]));
  if (!fsb_text_is_fs_name (self->label))
    {
      invalid (error, g_strdup_printf (
                 /* Translators: %s is the name the user gave a variant */
                 _("“%s” cannot name a variant: use letters, digits, “-” and “_”, at most 31."), self->label));
      return NULL;
    }
  if (!fsb_text_is_fs_name (self->fs_type))
    {
      invalid (error, g_strdup_printf (_("“%s” is not a filesystem name"), self->fs_type));
      return NULL;
    }
  for (guint i = 1; parts[i] != NULL; i++)
    if (!parse_part (self, parts[i], error))
      return NULL;
  return g_steal_pointer (&self);
}

/* The comparable form of an option: "compress=zstd:1" stays, "noatime"
 * stays; mountinfo prints both as given. */
char **
fsb_contender_missing_options (const char *asked, const char *applied)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  g_auto(GStrv) want = g_strsplit (asked != NULL ? asked : "", ",", -1);
  g_auto(GStrv) have = g_strsplit (applied != NULL ? applied : "", ",", -1);

  for (guint i = 0; want[i] != NULL; i++)
    if (*want[i] != '\0' && !g_strv_contains ((const char *const *) have, want[i]))
      g_strv_builder_add (b, want[i]);
  return g_strv_builder_end (b);
}
