/* test-contender.c: contenders (twins and variants), the mount options
 * udisks allows as udisks lists them, and results that record both */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "fsb-engine.h"
#include "fsb-contender.h"
#include "fsb-mount-allow.h"
#include "fsb-plan.h"
#include "fsb-test-assert.h"

static void
test_parse (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbContender) z = fsb_contender_parse ("zstd=btrfs;mount=compress=zstd:1,noatime", &error);
  g_autoptr(FsbContender) j = fsb_contender_parse ("nojournal=ext4;mkfs=-O ^has_journal", &error);
  g_autoptr(FsbContender) both = fsb_contender_parse ("x=xfs;mkfs=-m reflink=0;mount=noatime", &error);
  const char *bad[] = {
    "noname", "=ext4", "a b=ext4", "v=ext4;mount=", "v=ext4;mount=noatime,,lazytime",
    "v=ext4;mount=a b", "v=ext4;mount=x\ny", "v=ext4;mount=noatime;mount=lazytime", "v=ext4;color=red",
    "v=ext4;mkfs=\"unclosed", "v=ext 4", "v=ext4;mount==x",
  };

  g_assert_no_error (error);
  g_assert_cmpstr (z->label, ==, "zstd");
  g_assert_cmpstr (z->fs_type, ==, "btrfs");
  g_assert_cmpstr (z->mount_options, ==, "compress=zstd:1,noatime");
  g_assert_null (z->mkfs_options);
  g_assert_cmpstr (j->mkfs_options, ==, "-O ^has_journal");
  g_assert_null (j->mount_options);
  g_assert_cmpstr (both->mkfs_options, ==, "-m reflink=0");
  g_assert_cmpstr (both->mount_options, ==, "noatime");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(FsbContender) c = fsb_contender_parse (bad[i], &error);
      g_test_message ("%s: %s", bad[i], error != NULL ? error->message : "(taken)");
      g_assert_null (c);
      g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
      g_clear_error (&error);
    }
}

static void
test_too_many (void)
{
  g_autoptr(GString) many = g_string_new ("v=ext4;mount=");
  g_autoptr(GError) error = NULL;
  g_autoptr(FsbContender) c = NULL;

  for (guint i = 0; i < 10000; i++)
    g_string_append_printf (many, "%snoatime", i > 0 ? "," : "");
  g_assert_null (fsb_contender_parse (many->str, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);
  /* 32 is the most */
  g_string_assign (many, "v=ext4;mount=");
  for (guint i = 0; i < FSB_CONTENDER_MAX_MOUNT_OPTIONS; i++)
    g_string_append_printf (many, "%snoatime", i > 0 ? "," : "");
  c = fsb_contender_parse (many->str, &error);
  g_assert_no_error (error);
  g_assert_nonnull (c);
}

static void
test_plan (void)
{
  g_autoptr(FsbPlan) plan = fsb_plan_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (fsb_plan_add_variant (plan, "noatime=ext4;mount=noatime", &error));
  g_assert_true (fsb_plan_add_variant (plan, "zstd=btrfs;mount=compress=zstd:1", &error));
  g_assert_false (fsb_plan_add_variant (plan, "zstd=btrfs", &error));   /* defined twice */
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", "noatime", "btrfs", "zstd", "ext4", NULL },
                                           &error));
  g_assert_no_error (error);
  g_assert_cmpstr (plan->filesystems[0], ==, "ext4 (1)");
  g_assert_cmpstr (plan->filesystems[4], ==, "ext4 (2)");
  g_assert_cmpstr (fsb_plan_get_contender (plan, "noatime")->fs_type, ==, "ext4");
  g_assert_cmpstr (fsb_plan_get_contender (plan, "noatime")->mount_options, ==, "noatime");
  g_assert_cmpstr (fsb_plan_get_contender (plan, "zstd")->fs_type, ==, "btrfs");
  g_assert_null (fsb_plan_get_contender (plan, "ext4 (1)")->mount_options);
  g_assert_true (fsb_plan_validate (plan, &error));
  /* a variant is one contender: listing it twice is a mistake, not a twin */
  g_assert_false (fsb_plan_set_filesystems (plan, (const char *const []) { "zstd", "zstd", NULL }, &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
  g_clear_error (&error);
  /* plain mkfs options follow the type, a variant's its own */
  g_hash_table_insert (plan->mkfs_options, g_strdup ("ext4"), g_strdup ("-b 4096"));
  g_assert_true (fsb_plan_add_variant (plan, "nj=ext4;mkfs=-O ^has_journal", &error));
  g_assert_true (fsb_plan_set_filesystems (plan, (const char *const []) { "ext4", "nj", "ext4", NULL }, &error));
  g_assert_cmpstr (fsb_plan_contender_mkfs (plan, "ext4 (1)"), ==, "-b 4096");
  g_assert_cmpstr (fsb_plan_contender_mkfs (plan, "ext4 (2)"), ==, "-b 4096");
  g_assert_cmpstr (fsb_plan_contender_mkfs (plan, "nj"), ==, "-O ^has_journal");
}

/* A stand-in for udisksd: its built-in list as udisks 2.9.4 carries it,
 * between other bytes. */
static char *
fake_udisksd (const char *dir)
{
  static const char conf[] =
    "[defaults]\nallow=exec,noexec,nodev,nosuid,atime,noatime,nodiratime,relatime,strictatime,lazytime,ro,rw,sync,"
    "dirsync,noload,acl,nosymfollow\n"
    "btrfs_allow=compress,compress-force,datacow,nodatacow,datasum,nodatasum,autodefrag,noautodefrag,degraded,"
    "device,discard,nodiscard,subvol,subvolid,space_cache\n"
    "xfs_allow=discard,nodiscard,inode32,largeio,wsync\n"
    "ext4_defaults=errors=remount-ro\next4_allow=errors=remount-ro\n";
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  char *path = g_build_filename (dir, "udisksd", NULL);
  static const guint8 elf[] = { 0x7f, 'E', 'L', 'F', 0, 1, 2, 0 };

  g_byte_array_append (bytes, elf, sizeof elf);
  g_byte_array_append (bytes, (const guint8 *) conf, sizeof conf);   /* with its NUL */
  g_byte_array_append (bytes, elf, sizeof elf);
  g_assert_true (g_file_set_contents (path, (const char *) bytes->data, bytes->len, NULL));
  return path;
}

static void
test_allowed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("fsbench-allow-XXXXXX", NULL);
  g_autofree char *udisksd = fake_udisksd (dir);
  g_autofree char *conf = g_build_filename (dir, "mount_options.conf", NULL);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) ext4 = NULL;

  fsb_mount_allow_set_paths_for_testing (udisksd, conf);   /* no administrator's file yet */
  ext4 = fsb_mount_allowed_options ("ext4");
  g_assert_true (g_strv_contains ((const char *const *) ext4, "noatime"));
  g_assert_true (g_strv_contains ((const char *const *) ext4, "errors=remount-ro"));
  g_assert_false (g_strv_contains ((const char *const *) ext4, "compress"));

  g_assert_true (fsb_mount_options_check ("ext4", "noatime,lazytime", &error));
  g_assert_true (fsb_mount_options_check ("btrfs", "compress=zstd:1,noatime", &error));
  fsb_assert_ok (fsb_mount_options_check ("ext4", "errors=remount-ro", &error), error);
  /* udisks refuses these even for root */
  g_assert_false (fsb_mount_options_check ("ext4", "data=writeback", &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "data=writeback"));
  g_assert_nonnull (strstr (error->message, "noatime"));            /* what is allowed */
  g_assert_nonnull (strstr (error->message, FSB_UDISKS_MOUNT_OPTIONS_CONF));
  g_clear_error (&error);
  g_assert_false (fsb_mount_options_check ("xfs", "compress=zstd", &error));
  g_assert_error (error, FSB_ERROR, FSB_ERROR_REFUSED);
  g_clear_error (&error);
  g_assert_false (fsb_mount_options_check ("ext4", "errors=continue", &error));   /* only that value */
  g_clear_error (&error);

  /* what an administrator allows counts */
  g_assert_true (g_file_set_contents (conf, "[defaults]\next4_allow=errors=remount-ro,data=writeback\n", -1, NULL));
  fsb_assert_ok (fsb_mount_options_check ("ext4", "data=writeback", &error), error);

  /* a udisksd whose lists cannot be read: udisks says at mount time */
  fsb_mount_allow_set_paths_for_testing (conf, conf);
  g_assert_null (fsb_mount_allowed_options ("ext4"));
  g_assert_true (fsb_mount_options_check ("ext4", "data=journal", &error));
  fsb_mount_allow_set_paths_for_testing (NULL, NULL);

  g_unlink (udisksd);
  g_unlink (conf);
  g_rmdir (dir);
}

static void
test_missing (void)
{
  g_auto(GStrv) none = fsb_contender_missing_options ("noatime", "rw,noatime,errors=remount-ro");
  g_auto(GStrv) lost = fsb_contender_missing_options ("compress=zstd:1,atime", "rw,relatime,compress=zstd:1");
  g_auto(GStrv) plain = fsb_contender_missing_options (NULL, "rw,relatime");

  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_assert_cmpuint (g_strv_length (lost), ==, 1);
  g_assert_cmpstr (lost[0], ==, "atime");
  g_assert_cmpuint (g_strv_length (plain), ==, 0);
}

/* A result records each contender's type and asked options, and reads
 * them back; a result from before variants has neither. */
static void
test_result (void)
{
  g_autoptr(FsbResult) r = fsb_result_new ();
  g_autoptr(FsbResult) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  FsbFsResult *fs = fsb_result_add_filesystem (r, "ext4");
  FsbFsResult *v = fsb_result_add_filesystem (r, "noatime");

  (void) fs;
  v->fs_type = g_strdup ("ext4");
  v->mount_requested = g_strdup ("noatime");
  v->mount_options = g_strdup ("rw,noatime");
  data = fsb_result_to_data (r, NULL);
  g_assert_nonnull (strstr (data, "\"type\""));
  back = fsb_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (fsb_fs_result_type (back->filesystems->pdata[0]), ==, "ext4");
  g_assert_null (((FsbFsResult *) back->filesystems->pdata[0])->fs_type);   /* plain: named by its type */
  g_assert_cmpstr (fsb_fs_result_type (back->filesystems->pdata[1]), ==, "ext4");
  g_assert_cmpstr (((FsbFsResult *) back->filesystems->pdata[1])->mount_requested, ==, "noatime");
  g_clear_pointer (&back, fsb_result_unref);

  /* a hostile file: a type that is no name, options with a newline */
  {
    g_autofree char *bad = g_strdup (data);
    char *at = strstr (bad, "\"type\" : \"ext4\"");
    g_assert_nonnull (at);
    memcpy (at, "\"type\" : \"e/x4\"", strlen ("\"type\" : \"e/x4\""));
    g_assert_null (fsb_result_load_from_data (bad, -1, &error));
    g_assert_error (error, FSB_ERROR, FSB_ERROR_INVALID);
    g_clear_error (&error);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  fsb_engine_init ();
  g_test_add_func ("/contender/parse", test_parse);
  g_test_add_func ("/contender/too-many-options", test_too_many);
  g_test_add_func ("/contender/plan", test_plan);
  g_test_add_func ("/contender/udisks-allows", test_allowed);
  g_test_add_func ("/contender/missing-options", test_missing);
  g_test_add_func ("/contender/result", test_result);
  return g_test_run ();
}
