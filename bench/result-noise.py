#!/usr/bin/python3
# result-noise.py RESULT.json...: the noise of runs as issue 33 counts it.
# Over every data task series of every filesystem with 3 samples or more
# (mkfs, mount and umount left out), the standard deviation of the logs
# of wall_s: the median, the 90th percentile and the largest, with the six
# noisiest series; and the share of series whose first sample is more than
# 1.5 times the median of the others. Prints figures; it is not a test.
#   bench/result-noise.py d1.json d2.json d3.json
import json, math, statistics, sys

sds, per, first = [], [], 0
for path in sys.argv[1:]:
    result = json.load(open(path))
    for fs in result['filesystems']:
        for task in fs.get('tasks', []):
            if task['id'] in ('mkfs', 'mount', 'umount'):
                continue
            v = [s['wall_s'] for s in task.get('samples', []) if s.get('wall_s') and not s.get('error')]
            if len(v) < 3:
                continue
            sd = statistics.stdev([math.log(x) for x in v])
            sds.append(sd)
            per.append((sd, fs['name'], task['id'], len(v)))
            first += v[0] > 1.5 * statistics.median(v[1:])
if not sds:
    sys.exit('result-noise: no series of 3 samples or more')
print(f"series {len(sds)}: median log-sd {statistics.median(sds):.3f}, "
      f"p90 {sorted(sds)[int(0.9 * len(sds))]:.3f}, max {max(sds):.3f}; "
      f"first sample > 1.5x the others' median in {100 * first / len(sds):.1f} %")
for sd, fs, task, n in sorted(per)[-6:]:
    print(f"  {sd:.3f} {fs} {task} ({n} samples)")
