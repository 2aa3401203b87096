/* fsb-workload.h: how the runner calls a task, and the measuring around it */
#pragma once

#include <gio/gio.h>

#include "fsb-catalog.h"
#include "fsb-job.h"
#include "fsb-plan.h"
#include "fsb-result.h"
#include "fsb-host-state.h"

G_BEGIN_DECLS

/* Reports progress inside a task: done of total items (files or bytes).
 * Called in the worker thread; the runner forwards it to the main context. */
typedef void (*FsbItemProgressFunc) (guint64 done, guint64 total, gpointer user_data);

struct _FsbWorkloadContext {
  const char       *mount_point;   /* root of the mounted target */
  const char       *source_dir;    /* the dataset: big.img, tree/, kernel/ ... */
  const char       *scratch_dir;   /* a folder off the target, for the read side */
  const FsbPlan    *plan;
  const FsbSizes   *sizes;         /* the plan's sizes (a --source tree's real counts) */
  GCancellable     *cancellable;
  FsbItemProgressFunc progress;
  gpointer          progress_data;
  /* A task may add per-operation samples here (delete-latency: one per
   * deletion). When it does, they are the task's samples and the measured
   * envelope (creating the files included) only feeds progress and the ETA,
   * so the distribution holds one figure per operation. */
  GPtrArray        *extra_samples; /* of FsbSample* */
  /* What the runner runs it under: the jobs at once and the depth of a
   * task with a series (FsbTaskSpec's series), from its key. */
  FsbConditions     conditions;
  /* The contender's own options as asked (NULL: the defaults), for a
   * task that makes a filesystem of its type (the safety group's images
   * and their copies are made and mounted as the contender is). */
  const char       *mount_options;
  const char       *mkfs_options;
  /* Which operation of a batch this is (FsbTaskSpec.batch), from 0: a task
   * with copies of its data (FsbTaskSpec.cold_copies) works on copy
   * batch_index % cold_copies. */
  guint             batch_index;
};

/* One contender of a group across contenders: its label and where its
 * filesystem is mounted (owned by the caller; the cold callback may
 * g_free () and replace it). */
typedef struct {
  char *name;
  char *mount_point;
} FsbAcrossEndpoint;

/* Called before each measured piece of work between two endpoints (the
 * same one twice for A→A), so their caches are cold: the runner remounts
 * both. May be NULL. */
typedef gboolean (*FsbAcrossColdFunc) (FsbAcrossEndpoint *endpoints,
                                       guint              from,
                                       guint              to,
                                       gpointer           user_data,
                                       GCancellable      *cancellable,
                                       GError           **error);

struct _FsbAcrossContext {
  const char         *task_id;       /* the group's id: what its samples are of */
  FsbAcrossEndpoint  *endpoints;     /* in the plan's order */
  guint               n_endpoints;
  const FsbSizes     *sizes;
  guint               repetitions;
  FsbAcrossColdFunc   cold;
  gpointer            cold_data;
  FsbItemProgressFunc progress;
  gpointer            progress_data;
  GCancellable       *cancellable;
};

/* The implementation of each catalog task id, or NULL (fsb_catalog_task ()->run). */
FsbTaskFunc fsb_workload_lookup (const char *task_id);
/* What a task needs in place before it is timed (random-io writes its
 * files), or NULL. The runner calls it untimed, with sample NULL, before
 * it makes the caches cold for the task. */
FsbTaskFunc fsb_workload_lookup_setup (const char *task_id);

/* The meter: wall clock, this thread's rusage, and libgtop's system CPU. */
typedef struct {
  gint64  wall_start_us;
  double  thread_user_s, thread_sys_s;
  guint64 minor_faults, major_faults;
  guint64 gtop_total, gtop_idle;
  FsbHostState host;   /* the machine's state as the clock started */
} FsbMeter;

void fsb_meter_start (FsbMeter *meter);
/* Sets wall_s, cpu_s, user_s, sys_s, cpu_percent, system_cpu_percent,
 * minor_faults and major_faults on sample, and the machine's state around
 * it (fsb_host_state_record), read outside the timed section. */
void fsb_meter_stop  (FsbMeter *meter, FsbSample *sample);
/* What a task's own threads used (fsb-parallel's jobs), set on its sample
 * by the task: fsb_meter_stop adds them to the calling thread's. */
#define FSB_THREADS_USER_S       "threads_user_s"
#define FSB_THREADS_SYS_S        "threads_sys_s"
#define FSB_THREADS_MINOR_FAULTS "threads_minor_faults"
#define FSB_THREADS_MAJOR_FAULTS "threads_major_faults"

G_END_DECLS
