/* fsb-fs-support.c: which filesystems can be formatted and mounted here, and why not */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <sys/utsname.h>

#include "fsb-fs-support.h"
#include "fsb-fs-support-private.h"
#include "fsb-udisks.h"

typedef struct {
  const char *name;
  const char *display_name;
  const char *mkfs_tool;
  const char *package;
  const char *kernel_names;   /* space-separated: drivers that mount it */
  const char *fuse_helper;    /* a mount helper that needs only FUSE */
  const char *version_args;   /* how to make the tool print its version */
} KnownFs;

static const KnownFs known[] = {
  { "ext2",     "ext2",     "mkfs.ext2",     "e2fsprogs",     "ext2 ext4",      NULL,             "-V" },
  { "ext3",     "ext3",     "mkfs.ext3",     "e2fsprogs",     "ext3 ext4",      NULL,             "-V" },
  { "ext4",     "ext4",     "mkfs.ext4",     "e2fsprogs",     "ext4",           NULL,             "-V" },
  { "xfs",      "XFS",      "mkfs.xfs",      "xfsprogs",      "xfs",            NULL,             "-V" },
  { "btrfs",    "Btrfs",    "mkfs.btrfs",    "btrfs-progs",   "btrfs",          NULL,             "--version" },
  { "f2fs",     "F2FS",     "mkfs.f2fs",     "f2fs-tools",    "f2fs",           NULL,             "-V" },
  { "jfs",      "JFS",      "mkfs.jfs",      "jfsutils",      "jfs",            NULL,             "-V" },
  { "reiserfs", "ReiserFS", "mkfs.reiserfs", "reiserfsprogs", "reiserfs",       NULL,             "-V" },
  { "nilfs2",   "NILFS2",   "mkfs.nilfs2",   "nilfs-tools",   "nilfs2",         NULL,             "-V" },
  { "ntfs",     "NTFS",     "mkfs.ntfs",     "ntfs-3g",       "ntfs3 ntfs",     "mount.ntfs-3g",  "-V" },
  { "exfat",    "exFAT",    "mkfs.exfat",    "exfatprogs",    "exfat",          "mount.exfat-fuse", "-V" },
  /* mkfs.fat has no version option but names itself before any error. */
  { "vfat",     "FAT",      "mkfs.vfat",     "dosfstools",    "vfat",           NULL,             "/nonexistent/fsbench-probe" },
};

G_DEFINE_BOXED_TYPE (FsbFsSupport, fsb_fs_support, fsb_fs_support_copy, fsb_fs_support_free)

FsbFsSupport *
fsb_fs_support_copy (const FsbFsSupport *support)
{
  FsbFsSupport *copy = g_new0 (FsbFsSupport, 1);

  copy->name = g_strdup (support->name);
  copy->display_name = g_strdup (support->display_name);
  copy->mkfs_tool = g_strdup (support->mkfs_tool);
  copy->package = g_strdup (support->package);
  copy->mkfs_version = g_strdup (support->mkfs_version);
  copy->can_format = support->can_format;
  copy->can_mount = support->can_mount;
  copy->usable = support->usable;
  copy->reason = g_strdup (support->reason);
  return copy;
}

void
fsb_fs_support_free (FsbFsSupport *support)
{
  if (support == NULL)
    return;
  g_free (support->name);
  g_free (support->display_name);
  g_free (support->mkfs_tool);
  g_free (support->package);
  g_free (support->mkfs_version);
  g_free (support->reason);
  g_free (support);
}

gboolean
fsb_fs_support_kernel_has (const char *proc_filesystems, const char *modules, const char *fs)
{
  g_autofree char *module_ko = g_strdup_printf ("/%s.ko", fs);

  if (proc_filesystems != NULL)
    {
      g_auto(GStrv) lines = g_strsplit (proc_filesystems, "\n", -1);

      for (guint i = 0; lines[i] != NULL; i++)
        {
          /* "nodev\tsysfs" or "\text4" */
          const char *name = strrchr (lines[i], '\t');

          name = name != NULL ? name + 1 : g_strstrip (lines[i]);
          if (strcmp (name, fs) == 0)
            return TRUE;
        }
    }
  if (modules != NULL)
    {
      /* "kernel/fs/jfs/jfs.ko.xz: ..." in modules.dep, "kernel/fs/jfs/jfs.ko" in modules.builtin */
      for (const char *p = strstr (modules, module_ko); p != NULL; p = strstr (p + 1, module_ko))
        {
          const char *after = p + strlen (module_ko);

          if (*after == ':' || *after == '.' || *after == '\n' || *after == '\0')
            return TRUE;
        }
    }
  return FALSE;
}

char *
fsb_fs_support_parse_version (const char *output)
{
  g_auto(GStrv) lines = NULL;

  if (output == NULL)
    return NULL;
  lines = g_strsplit (output, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);

      if (*line != '\0' && strpbrk (line, "0123456789") != NULL
          && strstr (line, "invalid") == NULL && strstr (line, "Usage") == NULL)
        return g_strdup (line);
    }
  return NULL;
}

char *
fsb_fs_support_find_tool (const char *tool)
{
  const char *dirs[] = { "/usr/sbin", "/sbin", "/usr/bin", NULL };
  char *path = g_find_program_in_path (tool);

  for (guint i = 0; path == NULL && dirs[i] != NULL; i++)
    {
      g_autofree char *candidate = g_build_filename (dirs[i], tool, NULL);

      if (g_file_test (candidate, G_FILE_TEST_IS_EXECUTABLE))
        path = g_steal_pointer (&candidate);
    }
  return path;
}

static char *
tool_version (const char *tool_path, const char *args)
{
  const char *argv[] = { tool_path, args, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *both = NULL;

  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C", TRUE);

  /* in the C locale: the version is data, the same in every language */
  if (!g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, NULL, NULL))
    return NULL;
  both = g_strconcat (out != NULL ? out : "", "\n", err != NULL ? err : "", NULL);
  return fsb_fs_support_parse_version (both);
}

static char *
read_modules (void)
{
  struct utsname uts;
  GString *all = g_string_new (NULL);

  if (uname (&uts) == 0)
    for (guint i = 0; i < 2; i++)
      {
        g_autofree char *path = g_build_filename ("/lib/modules", uts.release,
                                                  i == 0 ? "modules.dep" : "modules.builtin", NULL);
        g_autofree char *contents = NULL;

        if (g_file_get_contents (path, &contents, NULL, NULL))
          g_string_append (all, contents);
      }
  return g_string_free (all, FALSE);
}

static gboolean
udisks_can_format (const char *fs, gboolean *answered)
{
  g_autoptr(GVariant) reply = NULL;
  gboolean available = FALSE;

  *answered = FALSE;
  reply = fsb_udisks_call (FSB_UDISKS_MANAGER_PATH, FSB_UDISKS_IFACE_MANAGER, "CanFormat",
                           g_variant_new ("(s)", fs), G_VARIANT_TYPE ("((bs))"),
                           NULL, -1, NULL, NULL);
  if (reply == NULL)
    return FALSE;
  *answered = TRUE;
  g_variant_get (reply, "((b&s))", &available, NULL);
  return available;
}

static FsbFsSupport *
probe_one (const KnownFs *k, gboolean have_udisks, const char *proc_filesystems, const char *modules)
{
  FsbFsSupport *s = g_new0 (FsbFsSupport, 1);
  g_autofree char *tool_path = fsb_fs_support_find_tool (k->mkfs_tool);
  g_auto(GStrv) drivers = g_strsplit (k->kernel_names, " ", -1);
  GString *reason = g_string_new (NULL);
  gboolean udisks_answered = FALSE;
  gboolean udisks_ok = TRUE;

  s->name = g_strdup (k->name);
  s->display_name = g_strdup (k->display_name);
  s->mkfs_tool = g_strdup (k->mkfs_tool);
  s->package = g_strdup (k->package);

  if (tool_path != NULL)
    s->mkfs_version = tool_version (tool_path, k->version_args);
  if (have_udisks)
    udisks_ok = udisks_can_format (k->name, &udisks_answered) || !udisks_answered;
  s->can_format = tool_path != NULL && udisks_ok;

  for (guint i = 0; drivers[i] != NULL && !s->can_mount; i++)
    s->can_mount = fsb_fs_support_kernel_has (proc_filesystems, modules, drivers[i]);
  if (!s->can_mount && k->fuse_helper != NULL)
    {
      g_autofree char *helper = fsb_fs_support_find_tool (k->fuse_helper);

      if (helper != NULL)
        s->can_mount = fsb_fs_support_kernel_has (proc_filesystems, modules, "fuse");
    }

  s->usable = s->can_format && s->can_mount;
  if (tool_path == NULL)
    /* Translators: "mkfs.f2fs is not installed (package f2fs-tools)." */
    g_string_append_printf (reason, _("%s is not installed (package %s)."), k->mkfs_tool, k->package);
  else if (!udisks_ok)
    /* Translators: %s is a filesystem name, "F2FS" */
    g_string_append_printf (reason, _("udisks cannot format %s here."), k->display_name);
  if (!s->can_mount)
    {
      if (reason->len > 0)
        g_string_append_c (reason, ' ');
      /* Translators: %s is a filesystem name, "JFS" */
      g_string_append_printf (reason, _("The running kernel cannot mount %s."), k->display_name);
    }
  s->reason = s->usable ? NULL : g_strdup (reason->str);
  g_string_free (reason, TRUE);
  return s;
}

GPtrArray *
fsb_fs_support_probe (UDisksClient *client)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_fs_support_free);
  g_autofree char *proc_filesystems = NULL;
  g_autofree char *modules = read_modules ();

  g_file_get_contents ("/proc/filesystems", &proc_filesystems, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    g_ptr_array_add (list, probe_one (&known[i], client != NULL, proc_filesystems, modules));
  return list;
}

FsbFsSupport *
fsb_fs_support_find (GPtrArray *list, const char *name)
{
  g_return_val_if_fail (list != NULL, NULL);

  for (guint i = 0; i < list->len; i++)
    {
      FsbFsSupport *s = g_ptr_array_index (list, i);

      if (g_strcmp0 (s->name, name) == 0)
        return s;
    }
  return NULL;
}

JsonNode *
fsb_fs_support_to_json (const FsbFsSupport *support)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, support->name);
  json_builder_set_member_name (b, "display_name");
  json_builder_add_string_value (b, support->display_name);
  json_builder_set_member_name (b, "mkfs_tool");
  json_builder_add_string_value (b, support->mkfs_tool);
  json_builder_set_member_name (b, "package");
  json_builder_add_string_value (b, support->package);
  json_builder_set_member_name (b, "mkfs_version");
  if (support->mkfs_version != NULL)
    json_builder_add_string_value (b, support->mkfs_version);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "can_format");
  json_builder_add_boolean_value (b, support->can_format);
  json_builder_set_member_name (b, "can_mount");
  json_builder_add_boolean_value (b, support->can_mount);
  json_builder_set_member_name (b, "usable");
  json_builder_add_boolean_value (b, support->usable);
  json_builder_set_member_name (b, "reason");
  if (support->reason != NULL)
    json_builder_add_string_value (b, support->reason);
  else
    json_builder_add_null_value (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

FsbFsSupport *
fsb_fs_support_probe_one (UDisksClient *client, const char *name)
{
  g_autofree char *proc_filesystems = NULL;
  g_autofree char *modules = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if (g_strcmp0 (known[i].name, name) == 0)
      {
        modules = read_modules ();
        g_file_get_contents ("/proc/filesystems", &proc_filesystems, NULL, NULL);
        return probe_one (&known[i], client != NULL, proc_filesystems, modules);
      }
  return NULL;
}
