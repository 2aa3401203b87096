#!/usr/bin/python3
# result-noise.py RESULT.json...: the noise of runs as issue 33 counts it.
# Over every data task series of every filesystem with 3 samples or more
# (mkfs, mount and umount left out), the standard deviation of the logs
# of wall_s: the median, the 90th percentile and the largest, with the six
# noisiest series; and the share of series whose first sample is more than
# 1.5 times the median of the others; the same over the samples the
# estimates count (a task's disturbed samples left out where two quiet
# ones stay, as fsb_task_result_drops_disturbed does), with what the speed
# probe saw (machine_slowdown) and the disk probe's readings
# (disk_slowdown); then the noise left once the rounds are
# paired, as the verdict sees it; and per task, how a sample's wall time
# follows the disk's time per read request (device_read_s over
# device_reads, where recorded). Prints figures; it is not a test.
#   bench/result-noise.py d1.json d2.json d3.json
import json, math, statistics, sys

results = [(path, json.load(open(path))) for path in sys.argv[1:]]


def data_series(counted_only=False):
    """(filesystem, task, its good samples) of every data task; with
    counted_only, a task's disturbed samples left out where two quiet ones
    stay, as the estimates do."""
    for _, result in results:
        for fs in result['filesystems']:
            for task in fs.get('tasks', []):
                if task['id'] in ('mkfs', 'mount', 'umount'):
                    continue
                good = [s for s in task.get('samples', []) if s.get('wall_s') and not s.get('error')]
                quiet = [s for s in good if s.get('disturbed', -1) == 0]
                if counted_only and any(s.get('disturbed', 0) > 0 for s in good) and len(quiet) >= 2:
                    good = [s for s in good if not s.get('disturbed', 0) > 0]
                yield fs, task, good


def noise(counted_only):
    sds, per, first = [], [], 0
    for fs, task, good in data_series(counted_only):
        v = [s['wall_s'] for s in good]
        if len(v) < 3:
            continue
        sd = statistics.stdev([math.log(x) for x in v])
        sds.append(sd)
        per.append((sd, fs['name'], task['id'], len(v)))
        first += v[0] > 1.5 * statistics.median(v[1:])
    return sds, per, first


sds, per, first = noise(False)
if not sds:
    sys.exit('result-noise: no series of 3 samples or more')
print(f"series {len(sds)}: median log-sd {statistics.median(sds):.3f}, "
      f"p90 {sorted(sds)[int(0.9 * len(sds))]:.3f}, max {max(sds):.3f}; "
      f"first sample > 1.5x the others' median in {100 * first / len(sds):.1f} %")
for sd, fs, task, n in sorted(per)[-6:]:
    print(f"  {sd:.3f} {fs} {task} ({n} samples)")

# The samples the estimates count; series left with fewer than 3 are not
# counted here.
counted, _, cfirst = noise(True)
if counted:
    print(f"counted samples only, {len(counted)} series: median log-sd {statistics.median(counted):.3f}, "
          f"p90 {sorted(counted)[int(0.9 * len(counted))]:.3f}, max {max(counted):.3f}; "
          f"first > 1.5x in {100 * cfirst / len(counted):.1f} %")
# The speed probe (machine_slowdown): the samples it called slow (bit 8 of
# disturbed), and how far they lay from their series' median.
probed, slow = 0, []
for _, task, good in data_series():
    med = statistics.median(s['wall_s'] for s in good) if good else 0
    for s in good:
        if 'machine_slowdown' in s:
            probed += 1
            if int(s.get('disturbed', 0)) >> 3 & 1:
                slow.append(math.log(s['wall_s'] / med))
if probed:
    print(f"speed probe: {len(slow)} of {probed} samples with the machine running slow (bit 8)"
          + (f", their mean log(sample/median) {statistics.mean(slow):+.3f}" if slow else ""))
# The disk probe (disk_slowdown, fsb-target-probe.c): by its reading, how
# far samples lay from their series' median, tasks under 50 ms and longer
# apart (it judges only samples of fewer than 8 requests, which the
# kernel's counts cannot).
by_probe = {}
for _, task, good in data_series():
    med = statistics.median(s['wall_s'] for s in good) if good else 0
    for s in good:
        if s.get('disk_slowdown', 0) > 0:
            p = s['disk_slowdown']
            band = 0 if p < 1.5 else 1 if p < 2 else 2 if p < 3 else 3
            by_probe.setdefault((s['wall_s'] < 0.05, band), []).append(math.log(s['wall_s'] / med))
if by_probe:
    print("disk probe, mean log(sample/median) (samples):",
          ", ".join(f"{'short' if short else 'long'} {('< 1.5', '1.5-2', '2-3', '>= 3')[band]} "
                    f"{statistics.mean(v):+.3f} ({len(v)})"
                    for (short, band), v in sorted(by_probe.items(), key=lambda kv: (not kv[0][0], kv[0][1]))))

# What the verdict sees where the filesystems took turns: per task and
# run, the logs' residual once each filesystem's level and each round's
# shared effect are taken out (fsb_stats_pool_blocks), over the first 3
# rounds of the tasks every filesystem ran 3 times.
res = []
for _, result in results:
    if len(result['filesystems']) < 2:
        continue
    tasks = {}
    for fs in result['filesystems']:
        for task in fs.get('tasks', []):
            if task['id'] in ('mkfs', 'mount', 'umount'):
                continue
            v = [s['wall_s'] for s in task.get('samples', []) if s.get('wall_s') and not s.get('error')][:3]
            if len(v) == 3:
                tasks.setdefault(task['id'], []).append([math.log(x) for x in v])
    for rows in tasks.values():
        if len(rows) != len(result['filesystems']):
            continue
        k, grand = len(rows), statistics.mean(x for row in rows for x in row)
        level = [statistics.mean(row) - grand for row in rows]
        shared = [statistics.mean(row[r] for row in rows) - grand for r in range(3)]
        ss = sum((rows[i][r] - grand - level[i] - shared[r]) ** 2 for i in range(k) for r in range(3))
        res.append(math.sqrt(ss / (3 * k - k - 2)))
if res:
    print(f"paired by rounds ({len(res)} task runs): median residual log-sd {statistics.median(res):.3f}, "
          f"p90 {sorted(res)[int(0.9 * len(res))]:.3f}, max {max(res):.3f}")

# The samples during which the VM handed memory back to its hypervisor
# (host_returned_bytes, fsb-host-state.c) against the others: how far
# each lies from its series' median, on the log scale.
near, handed = [], []
for _, task, good in data_series():
    if len(good) < 3 or not any('host_returned_bytes' in s for s in good):
        continue
    med = statistics.median(s['wall_s'] for s in good)
    for s in good:
        (handed if s.get('host_returned_bytes', 0) > 0 else near).append(math.log(s['wall_s'] / med))
if handed and near:
    print(f"memory handed back during {len(handed)} of {len(handed) + len(near)} samples: "
          f"their median log(sample/median) {statistics.median(handed):+.3f} (mean |.| "
          f"{statistics.mean(abs(x) for x in handed):.3f}), the others' {statistics.median(near):+.3f} "
          f"({statistics.mean(abs(x) for x in near):.3f})")

# The disk under the target: per task, the correlation of each sample's
# log(wall / series median) with its log(device time per read request /
# series median), over samples that read (device_reads, device_read_s).
follow = {}
for _, task, good in data_series():
    read = [s for s in good if s.get('device_reads', 0) > 0 and s.get('device_read_s', 0) > 0]
    if len(read) < 3:
        continue
    wall = statistics.median(s['wall_s'] for s in read)
    lat = statistics.median(s['device_read_s'] / s['device_reads'] for s in read)
    for s in read:
        follow.setdefault(task['id'], []).append((math.log(s['wall_s'] / wall),
                                                  math.log(s['device_read_s'] / s['device_reads'] / lat)))
lines = []
for task_id, pairs in sorted(follow.items()):
    if len(pairs) < 6:
        continue
    a, b = [x for x, _ in pairs], [y for _, y in pairs]
    ma, mb = statistics.mean(a), statistics.mean(b)
    d = math.sqrt(sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b))
    if d > 0:
        lines.append(f"{task_id} {sum((x - ma) * (y - mb) for x, y in zip(a, b)) / d:+.2f} ({len(pairs)})")
if lines:
    print("wall time against the disk's time per read, correlation of the logs per task (samples): " + ", ".join(lines))
