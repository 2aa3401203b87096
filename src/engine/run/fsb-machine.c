/* fsb-machine.c: what the benchmark ran on: CPU, memory, kernel, distribution, board */
#include "config.h"

#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

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
