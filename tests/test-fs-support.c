/* test-fs-support.c: which filesystems can run here, and the reasons when not */
#include "config.h"

#include <string.h>

#include "fsb-engine.h"
#include "fsb-fs-support-private.h"

static const char *proc_filesystems =
  "nodev\tsysfs\n"
  "nodev\ttmpfs\n"
  "\text3\n"
  "\text4\n"
  "nodev\tfuse\n"
  "\txfs\n";

static void
test_kernel_has (void)
{
  const char *modules_dep =
    "kernel/fs/jfs/jfs.ko.xz:\n"
    "kernel/fs/f2fs/f2fs.ko: kernel/lib/lz4/lz4_compress.ko\n"
    "kernel/fs/nilfs2/nilfs2.ko.zst:\n";

  g_assert_true (fsb_fs_support_kernel_has (proc_filesystems, NULL, "ext4"));
  g_assert_true (fsb_fs_support_kernel_has (proc_filesystems, NULL, "xfs"));
  g_assert_true (fsb_fs_support_kernel_has (proc_filesystems, NULL, "fuse"));
  g_assert_false (fsb_fs_support_kernel_has (proc_filesystems, NULL, "ext2"));
  g_assert_false (fsb_fs_support_kernel_has (proc_filesystems, NULL, "ext"));
  g_assert_false (fsb_fs_support_kernel_has (proc_filesystems, NULL, "jfs"));

  g_assert_true (fsb_fs_support_kernel_has (NULL, modules_dep, "jfs"));
  g_assert_true (fsb_fs_support_kernel_has (NULL, modules_dep, "f2fs"));
  g_assert_true (fsb_fs_support_kernel_has (NULL, modules_dep, "nilfs2"));
  g_assert_false (fsb_fs_support_kernel_has (NULL, modules_dep, "fs"));
  g_assert_false (fsb_fs_support_kernel_has (NULL, modules_dep, "lz4"));   /* a dependency, not a module line */
  g_assert_false (fsb_fs_support_kernel_has (NULL, modules_dep, "reiserfs"));
  g_assert_false (fsb_fs_support_kernel_has (NULL, NULL, "ext4"));
}

static void
test_parse_version (void)
{
  g_autofree char *e2 = fsb_fs_support_parse_version ("mke2fs 1.47.0 (5-Feb-2023)\n\tUsing EXT2FS Library version 1.47.0\n");
  g_autofree char *ntfs = fsb_fs_support_parse_version ("\nmkntfs v2022.10.3 (libntfs-3g)\n");
  g_autofree char *bad = fsb_fs_support_parse_version ("mkfs.vfat: invalid option -- 'V'\nUsage: mkfs.vfat [OPTIONS] TARGET [BLOCKS]\n");

  g_assert_cmpstr (e2, ==, "mke2fs 1.47.0 (5-Feb-2023)");
  g_assert_cmpstr (ntfs, ==, "mkntfs v2022.10.3 (libntfs-3g)");
  g_assert_null (bad);
  g_assert_null (fsb_fs_support_parse_version (NULL));
  g_assert_null (fsb_fs_support_parse_version ("no version here\n"));
}

static void
test_probe (void)
{
  const char *order[] = { "ext2", "ext3", "ext4", "xfs", "btrfs", "f2fs", "jfs",
                          "reiserfs", "nilfs2", "ntfs", "exfat", "vfat" };
  /* No udisksd needed: the tools and the kernel decide. */
  g_autoptr(GPtrArray) list = fsb_fs_support_probe (NULL);
  g_autofree char *kernel = NULL;

  g_file_get_contents ("/proc/filesystems", &kernel, NULL, NULL);
  g_assert_cmpuint (list->len, ==, G_N_ELEMENTS (order));
  for (guint i = 0; i < list->len; i++)
    {
      FsbFsSupport *s = g_ptr_array_index (list, i);
      g_autoptr(FsbFsSupport) copy = fsb_fs_support_copy (s);
      g_autoptr(JsonNode) node = fsb_fs_support_to_json (s);
      JsonObject *obj = json_node_get_object (node);
      g_autofree char *tool = g_strdup_printf ("mkfs.%s", s->name);

      g_assert_cmpstr (s->name, ==, order[i]);
      g_assert_nonnull (s->display_name);
      g_assert_cmpstr (s->mkfs_tool, ==, tool);
      g_assert_nonnull (s->package);
      g_assert_true (s->usable == (s->can_format && s->can_mount));
      g_assert_true ((s->reason == NULL) == s->usable);
      if (s->can_format)
        g_assert_nonnull (s->mkfs_version);
      /* A kernel that lists the filesystem can mount it. */
      if (fsb_fs_support_kernel_has (kernel, NULL, s->name))
        g_assert_true (s->can_mount);
      else if (!s->can_mount)
        g_assert_nonnull (strstr (s->reason, s->display_name));

      g_assert_cmpstr (copy->name, ==, s->name);
      g_assert_cmpstr (copy->reason, ==, s->reason);
      g_assert_cmpstr (json_object_get_string_member (obj, "name"), ==, s->name);
      g_assert_true (json_object_get_boolean_member (obj, "usable") == s->usable);
      g_assert_true (json_object_get_boolean_member (obj, "can_format") == s->can_format);
      g_assert_true (json_object_get_boolean_member (obj, "can_mount") == s->can_mount);
      g_assert_true (json_object_has_member (obj, "mkfs_version"));
      g_assert_true (json_object_has_member (obj, "reason"));
      g_assert_true (fsb_fs_support_find (list, s->name) == s);
    }
  g_assert_null (fsb_fs_support_find (list, "zfs"));
}

static void
test_probe_one (void)
{
  g_autoptr(GPtrArray) list = fsb_fs_support_probe (NULL);
  g_autoptr(FsbFsSupport) ext4 = fsb_fs_support_probe_one (NULL, "ext4");
  FsbFsSupport *same = fsb_fs_support_find (list, "ext4");

  g_assert_nonnull (ext4);
  g_assert_true (ext4->usable == same->usable);
  g_assert_cmpstr (ext4->mkfs_version, ==, same->mkfs_version);
  g_assert_null (fsb_fs_support_probe_one (NULL, "zfs"));
}

int
main (int argc, char **argv)
{
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fs-support/kernel-has", test_kernel_has);
  g_test_add_func ("/fs-support/parse-version", test_parse_version);
  g_test_add_func ("/fs-support/probe", test_probe);
  g_test_add_func ("/fs-support/probe-one", test_probe_one);
  return g_test_run ();
}
