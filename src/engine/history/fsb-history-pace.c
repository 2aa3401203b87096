/* fsb-history-pace.c: the earlier run whose pace on the same disk the next
 * estimate follows */
#include "config.h"

#include <string.h>

#include "fsb-history.h"
#include "fsb-machine.h"
#include "fsb-mountinfo.h"
#include "fsb-plan.h"
#include "fsb-target.h"

/* The mount holding path, or its nearest folder that exists (the images
 * folder is made by the first run). */
static FsbMount *
mount_holding (GPtrArray *mounts, const char *path)
{
  g_autofree char *at = g_canonicalize_filename (path, NULL);

  while (!g_file_test (at, G_FILE_TEST_EXISTS) && strcmp (at, "/") != 0)
    {
      char *parent = g_path_get_dirname (at);
      g_free (at);
      at = parent;
    }
  return fsb_mountinfo_find_path (mounts, at);
}

/* This machine, probed once: the window asks at every change of the setup. */
static const FsbMachine *
this_machine (void)
{
  static FsbMachine machine;
  static gsize probed = 0;

  if (g_once_init_enter (&probed))
    {
      fsb_machine_probe (&machine);
      g_once_init_leave (&probed, 1);
    }
  return &machine;
}

static gboolean
same_machine (const FsbMachine *a, const FsbMachine *b)
{
  return g_strcmp0 (a->cpu_model, b->cpu_model) == 0 && a->cores == b->cores && a->ram_bytes == b->ram_bytes;
}

FsbResult *
fsb_history_find_pace (GPtrArray *runs, const char *target_spec)
{
  FsbTargetSpec spec = { 0 };
  g_autoptr(GPtrArray) mounts = NULL;
  g_autofree char *dir = NULL;
  FsbMount *host = NULL;
  const FsbMachine *here = this_machine ();
  FsbResult *found = NULL;

  g_return_val_if_fail (runs != NULL, NULL);
  if (!fsb_target_spec_parse (target_spec, &spec, NULL))
    return NULL;
  if (spec.image)
    {
      mounts = fsb_mountinfo_read ();
      dir = spec.path != NULL ? g_strdup (spec.path) : fsb_target_default_image_dir ();
      host = mount_holding (mounts, dir);
    }

  for (guint i = 0; i < runs->len && found == NULL; i++)
    {
      FsbResult *r = g_ptr_array_index (runs, i);
      const FsbTargetInfo *t = &r->target;

      if (!r->complete || g_hash_table_size (r->pace) == 0 || !same_machine (&r->machine, here))
        continue;
      if (spec.image ? (g_strcmp0 (t->kind, "image") == 0 && host != NULL
                        && g_strcmp0 (t->host.mount_point, host->mount_point) == 0
                        && g_strcmp0 (t->host.source, host->source) == 0)
                     : (g_strcmp0 (t->kind, "partition") == 0 && g_strcmp0 (t->device, spec.path) == 0))
        found = r;
    }
  fsb_target_spec_clear (&spec);
  return found;
}

GPtrArray *
fsb_history_runs (GPtrArray *entries)
{
  GPtrArray *runs = g_ptr_array_new_with_free_func ((GDestroyNotify) fsb_result_unref);

  g_return_val_if_fail (entries != NULL, runs);
  for (guint i = 0; i < entries->len; i++)
    {
      FsbHistoryEntry *e = g_ptr_array_index (entries, i);

      if (e->summary != NULL)
        g_ptr_array_add (runs, fsb_result_ref (e->summary));
    }
  return runs;
}

void
fsb_history_pace_plan (FsbPlan *plan)
{
  g_autoptr(GPtrArray) entries = fsb_history_list (NULL);
  g_autoptr(GPtrArray) runs = fsb_history_runs (entries);

  g_return_if_fail (plan != NULL);
  fsb_plan_set_pace (plan, fsb_history_find_pace (runs, plan->target_spec));
}
