/* main.c: starts the FS Bench window */
#include "config.h"

#include "fsb-engine.h"
#include "fsb-application.h"

int
main (int argc, char **argv)
{
  g_autoptr(FsbApplication) app = NULL;

  fsb_engine_init ();
  app = fsb_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
