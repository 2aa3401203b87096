/* fsb-target-info.c: the measuring regime of a result, as data and as sentences */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "fsb-catalog.h"
#include "fsb-format.h"
#include "fsb-target-info.h"

/* The host filesystem ------------------------------------------------------ */

char *
fsb_host_compress_options (const char *mount_options)
{
  g_auto(GStrv) options = NULL;
  g_autoptr(GString) found = g_string_new (NULL);

  if (mount_options == NULL)
    return NULL;
  options = g_strsplit (mount_options, ",", -1);
  for (guint i = 0; options[i] != NULL; i++)
    /* btrfs: compress, compress=zstd:3, compress-force=lzo; "compress=no"
     * and "compress=none" turn it off. */
    if (g_str_has_prefix (options[i], "compress") &&
        !g_str_has_suffix (options[i], "=no") && !g_str_has_suffix (options[i], "=none"))
      g_string_append_printf (found, "%s%s", found->len > 0 ? "," : "", options[i]);
  return found->len > 0 ? g_strdup (found->str) : NULL;
}

static gboolean
is_one_of (const char *fstype, const char *const *list)
{
  return fstype != NULL && g_strv_contains (list, fstype);
}

FsbHostConcern
fsb_host_info_concerns (const FsbHostInfo *host)
{
  static const char *const cow[] = { "btrfs", "bcachefs", "zfs", NULL };
  static const char *const network[] = { "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "ceph",
                                         "glusterfs", "afs", "fuse", "fuseblk", "davfs", NULL };
  static const char *const memory[] = { "tmpfs", "ramfs", NULL };
  FsbHostConcern concerns = 0;

  if (host == NULL || host->filesystem == NULL)
    return 0;
  if (is_one_of (host->filesystem, cow) && !host->nocow)
    concerns |= FSB_HOST_COPY_ON_WRITE;
  if (host->compressed)
    concerns |= FSB_HOST_COMPRESSED;
  if (is_one_of (host->filesystem, network) || g_str_has_prefix (host->filesystem, "fuse."))
    concerns |= FSB_HOST_NETWORK;
  if (is_one_of (host->filesystem, memory))
    concerns |= FSB_HOST_MEMORY;
  return concerns;
}

/* Sentences ----------------------------------------------------------------- */

static gboolean
is_image (const FsbTargetInfo *info)
{
  return g_strcmp0 (info->kind, "image") == 0;
}

char *
fsb_target_info_host_text (const FsbTargetInfo *info)
{
  const FsbHostInfo *host = &info->host;

  if (host->filesystem == NULL)
    return NULL;
  if (host->source == NULL || host->mount_point == NULL)
    return g_strdup (fsb_format_fs_name (host->filesystem));
  /* Translators: the filesystem a disk image lives on, its device and
   * mount point: "ext4 on /dev/vda (/)" */
  return g_strdup_printf (_("%s on %s (%s)"), fsb_format_fs_name (host->filesystem),
                          host->source, host->mount_point);
}

static char *
quoted (const char *text)
{
  /* Translators: text recorded by an older version, shown as it was */
  return g_strdup_printf (C_("quoted data", "“%s”"), text);
}

char *
fsb_target_info_cache_text (const FsbTargetInfo *info)
{
  const char *layers = _("On a disk image, the filesystem under test sits on top of another "
                         "filesystem, the one that holds the image file.");
  const char *policy = info->cache_policy;

  if (policy == NULL)
    return info->cache_policy_text != NULL ? quoted (info->cache_policy_text) : NULL;
  if (strcmp (policy, FSB_CACHE_POLICY_DIRECT_IO) == 0)
    return g_strconcat (layers, " ",
                        _("The loop device used direct I/O, so the host did not cache the image; "
                          "before each task the filesystem was unmounted and mounted again, and the "
                          "image file was flushed and dropped from the host’s page cache."), NULL);
  if (strcmp (policy, FSB_CACHE_POLICY_FADVISE) == 0)
    {
      if (g_strcmp0 (info->flush_reaches, FSB_FLUSH_REACHES_HOST_FILE) == 0)
        return g_strconcat (layers, " ",
                            _("The loop device could not use direct I/O, so the host cached the "
                              "image while a task ran. Before each task the filesystem was unmounted "
                              "and mounted again, and the image file was flushed and dropped from the "
                              "host’s page cache; each task that wrote was timed until the image file "
                              "itself was flushed to the disk."), NULL);
      return g_strconcat (layers, " ",
                          _("Before each task the filesystem was unmounted and mounted again, and "
                            "the image file was flushed and dropped from the host’s page cache; the "
                            "loop device could not use direct I/O, so the host may still have cached "
                            "part of the image."), NULL);
    }
  if (strcmp (policy, FSB_CACHE_POLICY_REMOUNT) == 0)
    return g_strdup (_("Before each task the filesystem was unmounted and mounted again, which "
                       "empties its caches."));
  return quoted (policy);
}

char *
fsb_target_info_space_text (const FsbTargetInfo *info)
{
  if (!is_image (info))
    return NULL;
  if (info->preallocated && !info->mkfs_discard)
    return g_strdup (_("The image file’s space was allocated on the host when the image was made, and "
                       "mkfs did not discard it, so the host allocated no space while a task wrote."));
  if (info->preallocated)
    return g_strdup (_("The image file’s space was allocated on the host when the image was made, but "
                       "each mkfs discarded it, so the host allocated space again while the tasks wrote."));
  if (!info->mkfs_discard)
    return g_strdup (_("The image file was sparse (the host’s filesystem could not allocate it ahead), so "
                       "the host allocated its space while the first round’s tasks wrote."));
  return g_strdup (_("The image file was sparse, and each mkfs discarded it, so the host allocated its "
                     "space while every round’s tasks wrote."));
}

char *
fsb_target_info_mkfs_text (const FsbTargetInfo *info)
{
  if (g_strcmp0 (info->mkfs_by, FSB_MKFS_BY_FILE) == 0)
    return g_strdup (_("mkfs ran on the image file itself, as its owner, so that each filesystem got its "
                       "mkfs options, which this version of udisks cannot pass; udisks then read the image "
                       "again and mounted it."));
  if (g_strcmp0 (info->mkfs_by, FSB_MKFS_BY_BOTH) == 0)
    return g_strdup (_("mkfs ran on the image file itself for the filesystems whose mkfs options this "
                       "version of udisks cannot pass, and through udisks for the others, so their mkfs "
                       "times were not measured alike."));
  return NULL;
}

char *
fsb_target_info_regime_text (const FsbTargetInfo *info)
{
  /* Translators: this and the next ones are table cells of a comparison:
   * how the caches were handled for a result */
  if (!is_image (info))
    return g_strdup (_("a partition, without a host cache"));
  if (info->cache_policy == NULL && info->cache_policy_text != NULL)
    return quoted (info->cache_policy_text);
  if (info->direct_io)
    return g_strdup (_("direct I/O: the host did not cache the image"));
  if (g_strcmp0 (info->flush_reaches, FSB_FLUSH_REACHES_HOST_FILE) == 0)
    return g_strdup (_("no direct I/O: the host cached the image, and each timed flush reached the image file"));
  return g_strdup (_("no direct I/O: the host may have cached the image"));
}

char *
fsb_target_info_regime_label (const FsbTargetInfo *info)
{
  const char *regime;

  if (!is_image (info))
    return g_strdup (C_("regime label", "partition"));
  if (info->cache_policy == NULL)
    return g_strdup (info->host.filesystem != NULL ? fsb_format_fs_name (info->host.filesystem) : "?");
  regime = info->direct_io ? C_("regime label", "direct I/O") : C_("regime label", "no direct I/O");
  if (info->host.filesystem == NULL)
    return g_strdup (regime);
  /* Translators: joins the parts of a run's name, as in "30 November 2026 · Quick" */
  return g_strconcat (regime, C_("run label", " · "), fsb_format_fs_name (info->host.filesystem), NULL);
}

gboolean
fsb_target_info_same_regime (const FsbTargetInfo *a, const FsbTargetInfo *b)
{
  if (is_image (a) != is_image (b))
    return FALSE;
  if (!is_image (a))
    return TRUE;
  /* What an older result does not say cannot be told apart: only what
   * both record is compared. */
  if (a->cache_policy != NULL && b->cache_policy != NULL &&
      (a->direct_io != b->direct_io || g_strcmp0 (a->cache_policy, b->cache_policy) != 0 ||
       (a->flush_reaches != NULL && b->flush_reaches != NULL && strcmp (a->flush_reaches, b->flush_reaches) != 0)))
    return FALSE;
  if (a->host.filesystem != NULL && b->host.filesystem != NULL &&
      (strcmp (a->host.filesystem, b->host.filesystem) != 0 ||
       fsb_host_info_concerns (&a->host) != fsb_host_info_concerns (&b->host)))
    return FALSE;
  return TRUE;
}

GPtrArray *
fsb_target_info_warnings (const FsbTargetInfo *info)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  const FsbHostInfo *host = &info->host;
  FsbHostConcern concerns = is_image (info) ? fsb_host_info_concerns (host) : 0;
  const char *fs = fsb_format_fs_name (host->filesystem);

  if (concerns & FSB_HOST_MEMORY)
    g_ptr_array_add (out, g_strdup_printf (
        /* Translators: %s is a filesystem held in memory, such as tmpfs */
        _("The disk image was kept in memory, on %s: the figures measure the memory, not a disk."), fs));
  if (concerns & FSB_HOST_NETWORK)
    g_ptr_array_add (out, g_strdup_printf (
        /* Translators: a filesystem type (nfs4, fuse.sshfs) and where it comes from (server:/export) */
        _("The disk image was stored on %s from %s, a network or user-space filesystem: the figures "
          "include its network and its caching, not only the filesystems under test."),
        fs, host->source != NULL ? host->source : "?"));
  if (concerns & FSB_HOST_COPY_ON_WRITE)
    g_ptr_array_add (out, g_strdup_printf (
        /* Translators: %s is a copy-on-write filesystem such as Btrfs */
        _("The disk image was stored on %s, a copy-on-write filesystem, and the No_COW attribute "
          "could not be set on it: every write into the image may fragment it, so the figures can "
          "drift from run to run."), fs));
  if (concerns & FSB_HOST_COMPRESSED)
    {
      g_autofree char *options = fsb_host_compress_options (host->mount_options);

      if (options != NULL)
        g_ptr_array_add (out, g_strdup_printf (
            /* Translators: a filesystem, then its mount options ("compress=zstd:3") */
            _("The disk image was stored on %s mounted with %s, which compresses the image’s data: "
              "the figures include the host’s compression."), fs, options));
      else
        g_ptr_array_add (out, g_strdup_printf (
            /* Translators: %s is a filesystem */
            _("The disk image was stored on %s, which compressed the image’s data: the figures "
              "include the host’s compression."), fs));
    }
  return out;
}

static guint
count_warm_samples (FsbResult *result, double *max_resident, gboolean *probed)
{
  guint warm = 0;

  *max_resident = 0;
  *probed = FALSE;
  for (guint f = 0; f < result->filesystems->len; f++)
    {
      FsbFsResult *fs = result->filesystems->pdata[f];

      for (guint t = 0; t < fs->tasks->len; t++)
        {
          FsbTaskResult *task = fs->tasks->pdata[t];

          for (guint i = 0; i < task->samples->len; i++)
            {
              double v = 0;

              if (fsb_sample_get (task->samples->pdata[i], "resident_bytes_before", &v))
                {
                  *probed = TRUE;
                  *max_resident = MAX (*max_resident, v);
                }
              if (fsb_sample_get (task->samples->pdata[i], "cache_warm", &v) && v > 0)
                warm++;
            }
        }
    }
  return warm;
}

GPtrArray *
fsb_result_regime_warnings (FsbResult *result)
{
  GPtrArray *out = fsb_target_info_warnings (&result->target);
  double max_resident;
  gboolean probed;
  guint warm;

  warm = count_warm_samples (result, &max_resident, &probed);
  if (warm > 0)
    /* Translators: %u is a number of measurements (tasks on a filesystem, one repetition each) */
    g_ptr_array_add (out, g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE,
                     /* Translators: %u is a number of measurements (a task on a filesystem, one repetition) */
                     "In %u measurement, part of the data was still in memory when the task began, even "
                     "after a second eviction: that figure may be better than the disk allows.",
                     "In %u measurements, part of the data was still in memory when the task began, even "
                     "after a second eviction: those figures may be better than the disk allows.", warm),
        warm));
  return out;
}

char *
fsb_result_residency_text (FsbResult *result)
{
  const FsbTargetInfo *info = &result->target;
  g_autofree char *limit = NULL;
  g_autofree char *most = NULL;
  g_autofree char *size = NULL;
  g_autofree char *first = NULL;
  double max_resident;
  gboolean probed;

  count_warm_samples (result, &max_resident, &probed);
  if (!probed || info->residency_max_files == 0)
    return NULL;
  limit = fsb_format_size (info->residency_near_zero_bytes);
  size = fsb_format_size ((guint64) max_resident);
  /* Translators: %s is a size such as "12 kB" */
  most = g_strdup_printf (_("The most still in memory as a task began was %s."), size);
  if (is_image (info))
    /* Translators: %u is a number of files, %s a size such as "1.0 MB" */
    first = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
        /* Translators: %u is a number of files, %s a size such as “1.0 MB” */
        "Before each timed task, FS Bench counted the pages of the source data (at most %u file of "
        "it) and of the disk image still held in memory, and evicted them again when they came to "
        "more than %s.",
        "Before each timed task, FS Bench counted the pages of the source data (at most %u files of "
        "it) and of the disk image still held in memory, and evicted them again when they came to "
        "more than %s.", info->residency_max_files), info->residency_max_files, limit);
  else
    /* Translators: %u is a number of files, %s a size such as "1.0 MB" */
    first = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
        /* Translators: %u is a number of files, %s a size such as “1.0 MB” */
        "Before each timed task, FS Bench counted the pages of the source data (at most %u file of "
        "it) still held in memory, and evicted them again when they came to more than %s.",
        "Before each timed task, FS Bench counted the pages of the source data (at most %u files of "
        "it) still held in memory, and evicted them again when they came to more than %s.",
        info->residency_max_files), info->residency_max_files, limit);
  return g_strconcat (first, " ", most, NULL);
}

char *
fsb_profile_display_name (const char *id)
{
  const char *title;

  if (id == NULL)
    return NULL;
  title = fsb_profile_title (id);
  /* fsb_profile_title gives an id it does not know back as it is */
  return title != id ? g_strdup (title) : quoted (id);
}

/* Older results ------------------------------------------------------------- */

/* The sentences versions up to 0.x stored, in each language they shipped. */
static const struct {
  const char *policy;
  const char *text;
} legacy_policies[] = {
  { FSB_CACHE_POLICY_DIRECT_IO,
    "A disk image measures a filesystem on top of another one. The loop device used direct I/O, so the "
    "host did not cache the image; before each task the filesystem was unmounted and mounted again, and "
    "the image file was flushed and dropped from the host’s page cache." },
  { FSB_CACHE_POLICY_FADVISE,
    "A disk image measures a filesystem on top of another one. Before each task the filesystem was "
    "unmounted and mounted again, and the image file was flushed and dropped from the host’s page cache; "
    "the loop device could not use direct I/O, so the host may still have cached part of the image." },
  { FSB_CACHE_POLICY_REMOUNT,
    "Before each task the filesystem was unmounted and mounted again, which empties its caches." },
  { FSB_CACHE_POLICY_DIRECT_IO,
    "Ein Laufwerksabbild misst ein Dateisystem, das auf einem anderen liegt. Das Loop-Gerät verwendete "
    "direkte Ein-/Ausgabe, sodass der Host das Abbild nicht zwischenspeicherte; vor jeder Aufgabe wurde "
    "das Dateisystem aus- und wieder eingehängt, und die Abbilddatei wurde zurückgeschrieben und aus dem "
    "Seitencache des Hosts verworfen." },
  { FSB_CACHE_POLICY_FADVISE,
    "Ein Laufwerksabbild misst ein Dateisystem, das auf einem anderen liegt. Vor jeder Aufgabe wurde das "
    "Dateisystem aus- und wieder eingehängt, und die Abbilddatei wurde zurückgeschrieben und aus dem "
    "Seitencache des Hosts verworfen; das Loop-Gerät konnte keine direkte Ein-/Ausgabe verwenden, daher "
    "hat der Host möglicherweise noch einen Teil des Abbilds zwischengespeichert." },
  { FSB_CACHE_POLICY_REMOUNT,
    "Vor jeder Aufgabe wurde das Dateisystem aus- und wieder eingehängt, was seine Zwischenspeicher leert." },
  { FSB_CACHE_POLICY_DIRECT_IO,
    "Une image disque mesure un système de fichiers posé sur un autre. Le périphérique loop utilisait les "
    "entrées-sorties directes, si bien que l’hôte n’a pas mis l’image en cache ; avant chaque tâche, le "
    "système de fichiers était démonté puis remonté, et le fichier image était écrit sur le disque et "
    "retiré du cache de pages de l’hôte." },
  { FSB_CACHE_POLICY_FADVISE,
    "Une image disque mesure un système de fichiers posé sur un autre. Avant chaque tâche, le système de "
    "fichiers était démonté puis remonté, et le fichier image était écrit sur le disque et retiré du cache "
    "de pages de l’hôte ; le périphérique loop n’a pas pu utiliser les entrées-sorties directes, si bien "
    "que l’hôte a pu garder une partie de l’image en cache." },
  { FSB_CACHE_POLICY_REMOUNT,
    "Avant chaque tâche, le système de fichiers était démonté puis remonté, ce qui vide ses caches." },
  { FSB_CACHE_POLICY_DIRECT_IO,
    "Образ диска измеряет файловую систему поверх другой. Loop-устройство использовало прямой ввод-вывод, "
    "поэтому хост-система не кэшировала образ; перед каждой задачей файловая система размонтировалась и "
    "монтировалась снова, а файл образа сбрасывался на диск и вытеснялся из страничного кэша хост-системы." },
  { FSB_CACHE_POLICY_FADVISE,
    "Образ диска измеряет файловую систему поверх другой. Перед каждой задачей файловая система "
    "размонтировалась и монтировалась снова, а файл образа сбрасывался на диск и вытеснялся из страничного "
    "кэша хост-системы; loop-устройство не смогло использовать прямой ввод-вывод, поэтому хост-система всё "
    "же могла закэшировать часть образа." },
  { FSB_CACHE_POLICY_REMOUNT,
    "Перед каждой задачей файловая система размонтировалась и монтировалась снова, что очищает её кэши." },
};

static gboolean
is_policy_id (const char *text)
{
  return strcmp (text, FSB_CACHE_POLICY_DIRECT_IO) == 0 || strcmp (text, FSB_CACHE_POLICY_FADVISE) == 0 ||
         strcmp (text, FSB_CACHE_POLICY_REMOUNT) == 0;
}

/* "ext4 on /dev/vda (/)", "ext4 на /dev/vda (/)": type, a word, source, (mount point). */
static void
read_legacy_host (FsbHostInfo *host, const char *text)
{
  const char *open = g_strrstr (text, " (");
  g_autofree char *head = NULL;
  g_auto(GStrv) words = NULL;

  if (open != NULL && g_str_has_suffix (text, ")"))
    {
      head = g_strndup (text, (gsize) (open - text));
      words = g_strsplit (head, " ", -1);
    }
  if (words != NULL && g_strv_length (words) == 3)
    {
      host->filesystem = g_strdup (words[0]);
      host->source = g_strdup (words[2]);
      host->mount_point = g_strndup (open + 2, strlen (open + 2) - 1);
    }
  else
    host->filesystem = g_strdup (text);
}

void
fsb_target_info_read_legacy (FsbTargetInfo *info, const char *cache_policy, const char *host_filesystem)
{
  if (host_filesystem != NULL && info->host.filesystem == NULL)
    read_legacy_host (&info->host, host_filesystem);
  if (cache_policy == NULL || info->cache_policy != NULL)
    return;
  if (is_policy_id (cache_policy))
    info->cache_policy = g_strdup (cache_policy);
  for (guint i = 0; info->cache_policy == NULL && i < G_N_ELEMENTS (legacy_policies); i++)
    if (strcmp (legacy_policies[i].text, cache_policy) == 0)
      {
        info->cache_policy = g_strdup (legacy_policies[i].policy);
        /* What those versions did: the flush reached the disk with direct
         * I/O or on a partition; without direct I/O nobody knows. */
        info->direct_io = strcmp (info->cache_policy, FSB_CACHE_POLICY_DIRECT_IO) == 0;
        if (strcmp (info->cache_policy, FSB_CACHE_POLICY_FADVISE) != 0 && info->flush_reaches == NULL)
          info->flush_reaches = g_strdup (FSB_FLUSH_REACHES_DEVICE);
      }
  if (info->cache_policy == NULL && info->cache_policy_text == NULL)
    info->cache_policy_text = g_strdup (cache_policy);
}
