/* fsb-machine.c: what the benchmark ran on: CPU, memory, kernel, distribution, board */
#include "config.h"

#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "fsb-kernel-cmdline.h"
#include "fsb-machine.h"

/* The value of the first "key : value" line of a /proc file. */
static char *
proc_value (const char *contents, const char *key)
{
  g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *colon = strchr (lines[i], ':');
      g_autofree char *name = NULL;

      if (colon == NULL)
        continue;
      name = g_strstrip (g_strndup (lines[i], colon - lines[i]));
      if (strcmp (name, key) == 0)
        return g_strstrip (g_strdup (colon + 1));
    }
  return NULL;
}

static char *
read_trimmed (const char *path)
{
  char *contents = NULL;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  g_strstrip (contents);
  if (*contents == '\0' || strcmp (contents, "To be filled by O.E.M.") == 0 ||
      strcmp (contents, "Default string") == 0)
    g_clear_pointer (&contents, g_free);
  return contents;
}

static char *
os_release_name (void)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents ("/etc/os-release", &contents, NULL, NULL) &&
      !g_file_get_contents ("/usr/lib/os-release", &contents, NULL, NULL))
    return NULL;
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "PRETTY_NAME="))
      {
        const char *v = lines[i] + strlen ("PRETTY_NAME=");
        char *unquoted = g_shell_unquote (v, NULL);
        return unquoted != NULL ? unquoted : g_strdup (v);
      }
  return NULL;
}

/* What runs the system, as systemd-detect-virt would say it: a container
 * first (its processes see the host's DMI), then a hypervisor from the
 * firmware's names or the CPU's hypervisor flag. "none" on bare metal. */
static char *
detect_virtualization (const char *cpuinfo)
{
  static const struct { const char *needle, *id; } dmi[] = {
    { "KVM", "kvm" }, { "QEMU", "qemu" }, { "VMware", "vmware" }, { "VirtualBox", "oracle" },
    { "innotek", "oracle" }, { "Xen", "xen" }, { "Bochs", "bochs" },
    { "Parallels", "parallels" }, { "Amazon EC2", "amazon" }, { "Google Compute Engine", "google" },
    { "Firecracker", "firecracker" }, { "Cloud Hypervisor", "cloud-hypervisor" },
  };
  const char *files[] = { "/sys/class/dmi/id/sys_vendor", "/sys/class/dmi/id/product_name",
                          "/sys/class/dmi/id/board_vendor", "/sys/class/dmi/id/bios_vendor" };
  g_autofree char *container = NULL;

  if (g_file_get_contents ("/run/systemd/container", &container, NULL, NULL) && *g_strstrip (container) != '\0')
    return g_steal_pointer (&container);
  if (g_file_test ("/.dockerenv", G_FILE_TEST_EXISTS))
    return g_strdup ("docker");
  if (g_file_test ("/run/.containerenv", G_FILE_TEST_EXISTS))
    return g_strdup ("podman");
  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *value = read_trimmed (files[f]);

      for (guint i = 0; value != NULL && i < G_N_ELEMENTS (dmi); i++)
        if (strstr (value, dmi[i].needle) != NULL)
          return g_strdup (dmi[i].id);
    }
  if (cpuinfo != NULL && g_regex_match_simple ("^flags\\s*:.*\\bhypervisor\\b", cpuinfo, G_REGEX_MULTILINE, 0))
    return g_strdup ("vm");
  return g_strdup ("none");
}

/* The kernel's command line, as much of it as explains a measurement. */
static char *
kernel_cmdline (void)
{
  g_autofree char *contents = NULL;

  if (!g_file_get_contents ("/proc/cmdline", &contents, NULL, NULL))
    return NULL;
  return fsb_kernel_cmdline_keep (contents);
}

void
fsb_machine_probe (FsbMachine *machine)
{
  g_autofree char *cpuinfo = NULL;
  g_autofree char *meminfo = NULL;
  struct utsname u;
  long cores;

  g_return_if_fail (machine != NULL);

  if (g_file_get_contents ("/proc/cpuinfo", &cpuinfo, NULL, NULL))
    {
      machine->cpu_model = proc_value (cpuinfo, "model name");
      if (machine->cpu_model == NULL)   /* ARM and others */
        machine->cpu_model = proc_value (cpuinfo, "Model");
      if (machine->cpu_model == NULL)
        machine->cpu_model = proc_value (cpuinfo, "cpu model");
    }
  cores = sysconf (_SC_NPROCESSORS_ONLN);
  machine->cores = cores > 0 ? (guint) cores : 0;

  if (g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL))
    {
      g_autofree char *total = proc_value (meminfo, "MemTotal");
      if (total != NULL)
        machine->ram_bytes = g_ascii_strtoull (total, NULL, 10) * 1024;
    }

  if (uname (&u) == 0)
    machine->kernel = g_strdup_printf ("%s %s %s", u.sysname, u.release, u.machine);
  machine->distribution = os_release_name ();
  machine->virtualization = detect_virtualization (cpuinfo);
  machine->kernel_cmdline = kernel_cmdline ();

  {
    g_autofree char *vendor = read_trimmed ("/sys/class/dmi/id/board_vendor");
    g_autofree char *name = read_trimmed ("/sys/class/dmi/id/board_name");
    if (name == NULL)
      name = read_trimmed ("/sys/class/dmi/id/product_name");
    if (vendor != NULL && name != NULL)
      machine->board = g_strdup_printf ("%s %s", vendor, name);
    else if (name != NULL)
      machine->board = g_steal_pointer (&name);
  }
}
