/* fsb-kernel-cmdline.c: what of the kernel's command line a result keeps */
#include "config.h"

#include <string.h>

#include "fsb-kernel-cmdline.h"

/* Parameters kept whole, by name (the part before "="). */
static const char *const names[] = {
  /* CPU vulnerabilities: their mitigations cost system calls and I/O */
  "mitigations", "nospectre_v1", "nospectre_v2", "spectre_v2", "spectre_v2_user", "spectre_bhi",
  "spec_store_bypass_disable", "ssbd", "pti", "nopti", "retbleed", "mds", "tsx", "tsx_async_abort", "l1tf",
  "mmio_stale_data", "srbds", "gather_data_sampling", "spec_rstack_overflow", "reg_file_data_sampling",
  "nosmt", "kpti",
  /* scheduling, ticks, isolated CPUs, preemption */
  "preempt", "threadirqs", "isolcpus", "nohz", "nohz_full", "rcu_nocbs", "rcu_nocb_poll", "irqaffinity",
  "maxcpus", "nr_cpus", "numa_balancing",
  /* frequency and idle states */
  "intel_pstate", "amd_pstate", "cpufreq.default_governor", "idle", "processor.max_cstate",
  /* memory */
  "transparent_hugepage", "hugepages", "hugepagesz", "default_hugepagesz", "mem", "init_on_alloc",
  "init_on_free", "page_alloc.shuffle", "swiotlb",
  /* IOMMU */
  "iommu", "intel_iommu", "amd_iommu",
  /* the block layer */
  "elevator", "scsi_mod.use_blk_mq", "dm_mod.use_blk_mq",
  /* what every system call pays for */
  "audit", "selinux", "apparmor", "security", "lsm", "clocksource", "tsc", "nowatchdog", "nmi_watchdog",
};

/* Parameters of these modules, whatever their name after the dot. */
static const char *const modules[] = {
  "nvme.", "nvme_core.", "scsi_mod.", "libata.", "ahci.", "dm_mod.", "md_mod.", "blk_mq.", "zswap.",
  "intel_idle.", "cpuidle.", "processor.", "iommu.", "workqueue.", "rcupdate.", "rcutree.",
};

static gboolean
is_kept (const char *word)
{
  const char *eq = strchr (word, '=');
  gsize len = eq != NULL ? (gsize) (eq - word) : strlen (word);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strlen (names[i]) == len && strncmp (word, names[i], len) == 0)
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (modules); i++)
    if (g_str_has_prefix (word, modules[i]) && len > strlen (modules[i]))
      return TRUE;
  return FALSE;
}

char *
fsb_kernel_cmdline_keep (const char *cmdline)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GPtrArray) kept = g_ptr_array_new ();

  if (cmdline == NULL)
    return NULL;
  words = g_strsplit_set (cmdline, " \t\n", -1);
  for (guint i = 0; words[i] != NULL && strcmp (words[i], "--") != 0; i++)
    if (*words[i] != '\0' && is_kept (words[i]))
      g_ptr_array_add (kept, words[i]);
  if (kept->len == 0)
    return NULL;
  g_ptr_array_add (kept, NULL);
  return g_strjoinv (" ", (char **) kept->pdata);
}
