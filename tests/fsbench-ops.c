/* fsbench-ops.c: runs one core task of the engine on a mounted folder and
 * prints its wall time; bench/compare-tools.sh sets it against cp, rm, ls
 * and find on the same filesystem. Not installed. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "fsb-engine.h"
#include "fsb-plan.h"
#include "fsb-workload.h"

int
main (int argc, char **argv)
{
  g_autoptr(FsbSample) sample = fsb_sample_new ();
  g_autoptr(GError) error = NULL;
  FsbWorkloadContext ctx = { 0 };
  FsbProfile profile;
  FsbTaskFunc func;
  FsbMeter meter;
  double wall = 0;

  fsb_engine_init ();
  if (argc != 5)
    {
      g_printerr ("usage: %s TASK MOUNT_POINT SOURCE_DIR PROFILE\n", argv[0]);
      return 2;
    }
  func = fsb_workload_lookup (argv[1]);
  if (func == NULL || fsb_profile_lookup (argv[4]) == NULL)
    {
      g_printerr ("unknown task or profile\n");
      return 2;
    }
  profile = *fsb_profile_lookup (argv[4]);
  ctx.mount_point = argv[2];
  ctx.source_dir = argv[3];
  ctx.scratch_dir = argv[3];
  ctx.profile = &profile;

  fsb_meter_start (&meter);
  if (!func (&ctx, sample, &error))
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return 1;
    }
  fsb_meter_stop (&meter, sample);
  fsb_sample_get (sample, "wall_s", &wall);
  printf ("%.6f\n", wall);
  return 0;
}
