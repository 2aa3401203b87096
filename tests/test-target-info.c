/* test-target-info.c: the measuring regime as data in the result, and as
 * sentences in the reader's language (older results' sentences included) */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <string.h>

#include "fsb-engine.h"
#include "fsb-format.h"
#include "fsb-report.h"
#include "fsb-target-info.h"
#include "fsb-test-assert.h"

/* What versions before 0.2 stored, in English and as a Russian run did. */
#define OLD_EN_POLICY "A disk image measures a filesystem on top of another one. The loop device used direct I/O, " \
  "so the host did not cache the image; before each task the filesystem was unmounted and mounted again, and " \
  "the image file was flushed and dropped from the host’s page cache."
#define OLD_RU_POLICY "Образ диска измеряет файловую систему поверх другой. Перед каждой задачей файловая система " \
  "размонтировалась и монтировалась снова, а файл образа сбрасывался на диск и вытеснялся из страничного " \
  "кэша хост-системы; loop-устройство не смогло использовать прямой ввод-вывод, поэтому хост-система всё " \
  "же могла закэшировать часть образа."

static char *
fixture_text (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  fsb_assert_ok (g_file_get_contents (path, &text, NULL, &error), error);
  return text;
}

static FsbResult *
load_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  FsbResult *r = fsb_result_load_from_data (text, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

/* study.json with its target section as an older version wrote it. */
static FsbResult *
legacy_result (const char *policy, const char *host)
{
  g_autofree char *text = fixture_text ("study.json");
  g_autoptr(GRegex) re_policy = g_regex_new ("\"cache_policy\": \"[^\"]*\"", 0, 0, NULL);
  g_autoptr(GRegex) re_host = g_regex_new ("\"host_filesystem\": \"[^\"]*\"", 0, 0, NULL);
  g_autofree char *p = g_strdup_printf ("\"cache_policy\": \"%s\"", policy);
  g_autofree char *h = g_strdup_printf ("\"host_filesystem\": \"%s\"", host);
  g_autofree char *a = g_regex_replace_literal (re_policy, text, -1, 0, p, 0, NULL);
  g_autofree char *b = g_regex_replace_literal (re_host, a, -1, 0, h, 0, NULL);

  g_assert_nonnull (strstr (b, policy));
  return load_text (b);
}

static gboolean
locale_available (const char *locale)
{
  g_autofree char *saved = g_strdup (setlocale (LC_ALL, NULL));
  gboolean ok = setlocale (LC_ALL, locale) != NULL;

  setlocale (LC_ALL, saved);
  return ok;
}

static gboolean
has_cyrillic (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (c >= 0x400 && c <= 0x4ff)
        return TRUE;
    }
  return FALSE;
}

static char *
report (FsbResult *r, const char *lang)
{
  g_autoptr(GError) error = NULL;
  FsbReportOptions options;
  char *md;

  fsb_report_options_init (&options);
  options.language = lang;
  md = fsb_report_to_string (&r, NULL, 1, FSB_REPORT_MARKDOWN, &options, &error);
  g_assert_no_error (error);
  return md;
}

/* JSON -------------------------------------------------------------------- */

static void
test_round_trip (void)
{
  g_autoptr(FsbResult) r = fsb_result_new ();
  g_autoptr(FsbResult) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;

  r->target.kind = g_strdup ("image");
  r->target.cache_policy = g_strdup (FSB_CACHE_POLICY_FADVISE);
  r->target.direct_io = FALSE;
  r->target.flush_reaches = g_strdup (FSB_FLUSH_REACHES_HOST_FILE);
  r->target.host.filesystem = g_strdup ("btrfs");
  r->target.host.source = g_strdup ("/dev/nvme0n1p3");
  r->target.host.mount_point = g_strdup ("/home");
  r->target.host.mount_options = g_strdup ("rw,relatime,compress=zstd:3,ssd,subvol=/home");
  r->target.host.nocow = TRUE;
  r->target.preallocated = TRUE;
  r->target.mkfs_discard = FALSE;
  r->target.residency_max_files = 4096;
  r->target.residency_near_zero_bytes = 1048576;
  data = fsb_result_to_data (r, NULL);
  /* ids, not sentences */
  g_assert_nonnull (strstr (data, "\"cache_policy\" : \"remount+fadvise\""));
  g_assert_nonnull (strstr (data, "\"flush_reaches\" : \"host-file\""));
  g_assert_null (strstr (data, "host_filesystem"));
  g_assert_nonnull (strstr (data, "\"preallocated\" : true"));
  g_assert_nonnull (strstr (data, "\"mkfs_discard\" : false"));

  back = fsb_result_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->target.cache_policy, ==, FSB_CACHE_POLICY_FADVISE);
  g_assert_false (back->target.direct_io);
  g_assert_cmpstr (back->target.flush_reaches, ==, FSB_FLUSH_REACHES_HOST_FILE);
  g_assert_cmpstr (back->target.host.filesystem, ==, "btrfs");
  g_assert_cmpstr (back->target.host.source, ==, "/dev/nvme0n1p3");
  g_assert_cmpstr (back->target.host.mount_point, ==, "/home");
  g_assert_cmpstr (back->target.host.mount_options, ==, "rw,relatime,compress=zstd:3,ssd,subvol=/home");
  g_assert_true (back->target.host.nocow);
  g_assert_false (back->target.host.compressed);
  g_assert_true (back->target.preallocated);
  g_assert_false (back->target.mkfs_discard);
  g_assert_null (back->target.cache_policy_text);
  g_assert_cmpuint (back->target.residency_max_files, ==, 4096);
  g_assert_cmpuint (back->target.residency_near_zero_bytes, ==, 1048576);
}

static void
test_legacy (void)
{
  g_autoptr(FsbResult) en = legacy_result (OLD_EN_POLICY, "ext4 on /dev/sda1 (/)");
  g_autoptr(FsbResult) ru = legacy_result (OLD_RU_POLICY, "ext4 на /dev/vda (/home)");
  g_autoptr(FsbResult) unknown = legacy_result ("drop_caches before each task", "ext4");
  g_autoptr(FsbResult) again = NULL;
  g_autofree char *data = NULL;
  g_autofree char *text = NULL;

  g_assert_cmpstr (en->target.cache_policy, ==, FSB_CACHE_POLICY_DIRECT_IO);
  g_assert_true (en->target.direct_io);
  g_assert_cmpstr (en->target.flush_reaches, ==, FSB_FLUSH_REACHES_DEVICE);
  g_assert_cmpstr (en->target.host.filesystem, ==, "ext4");
  g_assert_cmpstr (en->target.host.source, ==, "/dev/sda1");
  g_assert_cmpstr (en->target.host.mount_point, ==, "/");
  /* what they did, which they do not say: a sparse image, mkfs's discard */
  g_assert_false (en->target.preallocated);
  g_assert_true (en->target.mkfs_discard);

  g_assert_cmpstr (ru->target.cache_policy, ==, FSB_CACHE_POLICY_FADVISE);
  g_assert_false (ru->target.direct_io);
  /* nobody knows where those versions' flush ended without direct I/O */
  g_assert_null (ru->target.flush_reaches);
  g_assert_cmpstr (ru->target.host.source, ==, "/dev/vda");
  g_assert_cmpstr (ru->target.host.mount_point, ==, "/home");

  /* A sentence it does not know stays, quoted, and survives a save. */
  g_assert_null (unknown->target.cache_policy);
  g_assert_cmpstr (unknown->target.cache_policy_text, ==, "drop_caches before each task");
  g_assert_cmpstr (unknown->target.host.filesystem, ==, "ext4");
  text = fsb_target_info_cache_text (&unknown->target);
  g_assert_cmpstr (text, ==, "“drop_caches before each task”");
  data = fsb_result_to_data (unknown, NULL);
  again = load_text (data);
  g_assert_cmpstr (again->target.cache_policy_text, ==, "drop_caches before each task");
}

/* The image's space, in each of its four ways; nothing for a partition. */
static void
test_space_text (void)
{
  FsbTargetInfo info = { 0 };
  g_autofree char *kept = NULL, *discarded = NULL, *sparse = NULL, *old = NULL, *partition = NULL;

  info.kind = (char *) "image";
  info.preallocated = TRUE;
  kept = fsb_target_info_space_text (&info);
  g_assert_nonnull (strstr (kept, "allocated no space while a task wrote"));
  info.mkfs_discard = TRUE;
  discarded = fsb_target_info_space_text (&info);
  g_assert_nonnull (strstr (discarded, "each mkfs discarded it"));
  info.preallocated = FALSE;
  old = fsb_target_info_space_text (&info);
  g_assert_nonnull (strstr (old, "every round’s tasks"));
  info.mkfs_discard = FALSE;
  sparse = fsb_target_info_space_text (&info);
  g_assert_nonnull (strstr (sparse, "the first round’s tasks"));
  info.kind = (char *) "partition";
  partition = fsb_target_info_space_text (&info);
  g_assert_null (partition);
}

/* Warnings ------------------------------------------------------------------ */

static void
test_concerns (void)
{
  FsbHostInfo host = { 0 };
  g_autofree char *options = NULL;

  g_assert_cmpint (fsb_host_info_concerns (&host), ==, 0);
  host.filesystem = (char *) "btrfs";
  g_assert_cmpint (fsb_host_info_concerns (&host), ==, FSB_HOST_COPY_ON_WRITE);
  host.nocow = TRUE;
  g_assert_cmpint (fsb_host_info_concerns (&host), ==, 0);
  host.nocow = FALSE;
  host.compressed = TRUE;
  g_assert_cmpint (fsb_host_info_concerns (&host), ==, FSB_HOST_COPY_ON_WRITE | FSB_HOST_COMPRESSED);
  host.compressed = FALSE;
  host.filesystem = (char *) "ext4";
  g_assert_cmpint (fsb_host_info_concerns (&host), ==, 0);
  host.filesystem = (char *) "tmpfs";
  g_assert_cmpint (fsb_host_info_concerns (&host), ==, FSB_HOST_MEMORY);
  host.filesystem = (char *) "nfs4";
  g_assert_cmpint (fsb_host_info_concerns (&host), ==, FSB_HOST_NETWORK);
  host.filesystem = (char *) "fuse.sshfs";
  g_assert_cmpint (fsb_host_info_concerns (&host), ==, FSB_HOST_NETWORK);
  host.filesystem = (char *) "cifs";
  g_assert_cmpint (fsb_host_info_concerns (&host), ==, FSB_HOST_NETWORK);

  options = fsb_host_compress_options ("rw,noatime,compress=zstd:3,ssd,space_cache=v2");
  g_assert_cmpstr (options, ==, "compress=zstd:3");
  g_clear_pointer (&options, g_free);
  options = fsb_host_compress_options ("rw,compress-force=lzo");
  g_assert_cmpstr (options, ==, "compress-force=lzo");
  g_clear_pointer (&options, g_free);
  g_assert_null (fsb_host_compress_options ("rw,compress=no"));
  g_assert_null (fsb_host_compress_options ("rw,relatime"));
  g_assert_null (fsb_host_compress_options (NULL));
}

/* The report names the host and its options, and warns. */
static void
test_report_warns (void)
{
  g_autofree char *text = fixture_text ("study.json");
  g_autoptr(FsbResult) r = load_text (text);
  g_autofree char *md = NULL;
  FsbTaskResult *task;

  g_free (r->target.host.filesystem);
  r->target.host.filesystem = g_strdup ("btrfs");
  r->target.host.mount_options = g_strdup ("rw,relatime,compress=zstd:3,space_cache=v2");
  r->target.host.compressed = TRUE;
  task = fsb_fs_result_get_task (r->filesystems->pdata[0], "big-copy-in", FALSE);
  g_assert_nonnull (task);
  fsb_sample_set (task->samples->pdata[0], "resident_bytes_before", 35e6);
  fsb_sample_set (task->samples->pdata[0], "cache_warm", 1);
  r->target.residency_max_files = 4096;
  r->target.residency_near_zero_bytes = 1048576;
  md = report (r, "en");
  g_assert_nonnull (strstr (md, "Btrfs, a copy-on-write filesystem, and the No"));
  g_assert_nonnull (strstr (md, "COW attribute could not be set"));
  g_assert_nonnull (strstr (md, "Btrfs mounted with compress=zstd:3"));
  g_assert_nonnull (strstr (md, "In 1 measurement, part of the data was still in memory"));
  g_assert_nonnull (strstr (md, "at most 4096 files of it"));
  {
    g_autofree char *size = fsb_format_size (35000000);
    g_autofree char *most = g_strdup_printf ("The most still in memory as a task began was %s.", size);
    g_assert_nonnull (strstr (md, most));
  }
}

/* Comparisons of results measured differently say so. */
static void
test_comparison_regimes (void)
{
  g_autofree char *text = fixture_text ("study.json");
  FsbResult *results[2] = { load_text (text), load_text (text) };
  const char *labels[] = { "root.json", "user.json" };
  g_autoptr(GError) error = NULL;
  g_autofree char *same = fsb_report_to_string (results, labels, 2, FSB_REPORT_MARKDOWN, NULL, &error);
  g_autofree char *different = NULL;

  g_assert_no_error (error);
  g_assert_null (strstr (same, "These results were not measured the same way"));
  g_assert_nonnull (strstr (same, "direct I/O: the host did not cache the image"));

  results[1]->target.direct_io = FALSE;
  g_free (results[1]->target.cache_policy);
  results[1]->target.cache_policy = g_strdup (FSB_CACHE_POLICY_FADVISE);
  g_free (results[1]->target.flush_reaches);
  results[1]->target.flush_reaches = g_strdup (FSB_FLUSH_REACHES_HOST_FILE);
  different = fsb_report_to_string (results, labels, 2, FSB_REPORT_MARKDOWN, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (different, "These results were not measured the same way"));
  g_assert_nonnull (strstr (different, "so these changes are not the filesystems’ alone"));
  g_assert_nonnull (strstr (different, "each timed flush reached the image file"));
  fsb_result_unref (results[0]);
  fsb_result_unref (results[1]);
}

/* Languages ----------------------------------------------------------------- */

/* A result recorded under LANG=C, reported in another language: none of
 * the target's English sentences, but their translations. */
static void
test_english_recorded (gconstpointer data)
{
  const char *lang = data;
  g_autofree char *locale = g_strdup_printf ("%s_%c%c.UTF-8", lang, g_ascii_toupper (lang[0]), g_ascii_toupper (lang[1]));
  g_autoptr(FsbResult) r = legacy_result (OLD_EN_POLICY, "ext4 on /dev/sda1 (/)");
  g_autoptr(GError) error = NULL;
  g_autofree char *en_cache = fsb_target_info_cache_text (&r->target);
  g_autofree char *en_host = fsb_target_info_host_text (&r->target);
  g_autofree char *en_profile = fsb_profile_display_name (r->profile);
  g_autofree char *tr_cache = NULL;
  g_autofree char *tr_profile = NULL;
  g_autofree char *md = NULL;

  if (!locale_available (locale))
    {
      g_test_skip_printf ("%s is not installed", locale);
      return;
    }
  {
    g_autoptr(FsbLanguageSwitch) sw = fsb_language_switch (lang, &error);
    g_assert_no_error (error);
    tr_cache = fsb_target_info_cache_text (&r->target);
    tr_profile = fsb_profile_display_name (r->profile);
  }
  g_assert_cmpstr (tr_cache, !=, en_cache);
  g_assert_cmpstr (tr_profile, !=, en_profile);
  md = report (r, lang);
  g_assert_null (strstr (md, "A disk image measures"));
  g_assert_null (strstr (md, "On a disk image, the filesystem under test"));
  g_assert_null (strstr (md, "The loop device used direct I/O"));
  g_assert_null (strstr (md, "ext4 on /dev/sda1"));
  g_assert_cmpstr (en_host, ==, "ext4 on /dev/sda1 (/)");
  g_assert_cmpstr (en_profile, ==, "Full");
  /* The translation is there (its first words: the Markdown escapes others). */
  {
    g_auto(GStrv) words = g_strsplit (tr_cache, " ", 4);
    g_autofree char *start = g_strjoin (" ", words[0], words[1], words[2], NULL);
    g_assert_nonnull (strstr (md, start));
  }
  g_assert_nonnull (strstr (md, tr_profile));
}

/* One recorded by a Russian run and reported in English: no Russian. */
static void
test_russian_recorded (void)
{
  g_autoptr(FsbResult) r = legacy_result (OLD_RU_POLICY, "ext4 на /dev/vda (/home)");
  g_autofree char *md = report (r, "en");

  g_assert_false (has_cyrillic (md));
  g_assert_nonnull (strstr (md, "the loop device could not use direct I/O"));
  g_assert_nonnull (strstr (md, "ext4 on /dev/vda"));
  g_assert_true (has_cyrillic ("Образ"));
}

static void
test_profile_names (void)
{
  g_autofree char *quick = fsb_profile_display_name ("quick");
  g_autofree char *custom = fsb_profile_display_name ("custom");
  g_autofree char *odd = fsb_profile_display_name ("tiny");

  g_assert_cmpstr (quick, ==, "Quick");
  g_assert_cmpstr (custom, ==, "Custom sizes");
  g_assert_cmpstr (odd, ==, "“tiny”");
  g_assert_null (fsb_profile_display_name (NULL));
}

int
main (int argc, char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_unsetenv ("LANGUAGE");
  fsb_engine_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/target-info/round-trip", test_round_trip);
  g_test_add_func ("/target-info/legacy", test_legacy);
  g_test_add_func ("/target-info/space", test_space_text);
  g_test_add_func ("/target-info/concerns", test_concerns);
  g_test_add_func ("/target-info/report-warns", test_report_warns);
  g_test_add_func ("/target-info/comparison", test_comparison_regimes);
  g_test_add_func ("/target-info/profile-names", test_profile_names);
  g_test_add_data_func ("/target-info/english-recorded/ru", "ru", test_english_recorded);
  g_test_add_data_func ("/target-info/english-recorded/de", "de", test_english_recorded);
  g_test_add_data_func ("/target-info/english-recorded/fr", "fr", test_english_recorded);
  g_test_add_func ("/target-info/russian-recorded", test_russian_recorded);
  return g_test_run ();
}
