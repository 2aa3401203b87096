#!/bin/sh
# noise.sh: how much a task's figures scatter from round to round (issue
# 33). Runs `fsbench-cli run --fs FS --repeat N` (quick profile, default
# use case), or reads results already made, and prints for each series (a
# result's filesystem × task, on the task's headline metric): n, median,
# log-sd (the standard deviation of the logs of the samples) and
# first/rest (the first sample ÷ the median of the others; inverted for a
# rate, so > 1 always means the first round was slower). Then a summary:
# median log-sd, 90th percentile, the max and its series, the share of
# series with first/rest > 1.5, and the same for tasks under and over
# 20 ms (median wall time), and apart for the steps around them (mkfs, mount,
# umount), which the goal does not count. Several results are pooled: their
# series are counted together, each result's series on its own.
#
#   bench/noise.sh [-B BUILDDIR] [-f ext4] [-n 20] [-o KEEP.json] [-q] [-R RESULT.json...]
#
#   -R  replay existing results (one or more) instead of running
#   -o  keep the JSON of the run
#   -q  only the summary, without a line per series
# Goal (issue 33): median log-sd <= 0.08, none > 0.25, first/rest > 1.5 in < 5 % of series.
set -eu

build=_build
fslist=ext4
n=20
keep=
quiet=0
replay=0
results=
while getopts B:f:n:o:qR: opt; do
  case $opt in
    B) build=$OPTARG ;;
    f) fslist=$OPTARG ;;
    n) n=$OPTARG ;;
    o) keep=$OPTARG ;;
    q) quiet=1 ;;
    R) replay=1; results="$results
$OPTARG" ;;
    *) sed -n '2,20p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
# -R a.json b.json c.json: the operands after the options are results too.
if [ $# -gt 0 ]; then
  [ $replay -eq 1 ] || { sed -n '2,20p' "$0"; exit 2; }
  for f in "$@"; do results="$results
$f"; done
fi

cli=$build/src/cli/fsbench-cli
task=$build/bench/fsb-bench-task
py=/usr/bin/python3
[ -x "$task" ] || { echo "build first: ninja -C $build" >&2; exit 2; }

tmp=$(mktemp -d /tmp/fsbench-noise-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
if [ $replay -eq 0 ]; then
  [ -x "$cli" ] || { echo "build first: ninja -C $build" >&2; exit 2; }
  start=$(date +%s)
  "$cli" run --fs "$fslist" --repeat "$n" --output "$tmp/run.json" >/dev/null 2>"$tmp/err" \
    || { cat "$tmp/err" >&2; exit 1; }
  echo "# run --fs $fslist --repeat $n took $(( $(date +%s) - start )) s"
  [ -z "$keep" ] || cp "$tmp/run.json" "$keep"
  results=$tmp/run.json
fi

printf '%s\n' "$results" | sed '/^$/d' >"$tmp/files"
"$py" - "$task" "$quiet" "$tmp/files" <<'PY'
import json, math, statistics, subprocess, sys

quiet = sys.argv[2] == "1"
paths = [line.rstrip("\n") for line in open(sys.argv[3])]
results = [json.load(open(path)) for path in paths]

# The catalog's headline metric of every task id the results hold.
ids = sorted({t["id"] for result in results for fs in result["filesystems"] for t in fs["tasks"]})
metrics = {}
for line in subprocess.run([sys.argv[1], "--metric"] + ids, check=True, capture_output=True,
                           text=True).stdout.splitlines():
    tid, metric, better, kind = line.split()
    metrics[tid] = (metric, better == "higher", kind == "step")

def quantile(values, q):
    v = sorted(values)
    if not v:
        return float("nan")
    pos = (len(v) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)

series = []
steps = []   # mkfs, mount, umount: shown, but not tasks of the goal
for r, result in enumerate(results):
    for fs in result["filesystems"]:
        for task in fs["tasks"]:
            metric, higher, step = metrics.get(task["id"], ("wall_s", False, False))
            good = [s for s in task["samples"] if "error" not in s]
            values = [s[metric] for s in good if s.get(metric, 0) > 0]
            walls = [s["wall_s"] for s in good if "wall_s" in s]
            if not values:
                continue
            logs = [math.log(v) for v in values]
            sd = statistics.stdev(logs) if len(logs) > 1 else float("nan")
            ratio = float("nan")
            if len(values) > 1:
                rest = statistics.median(values[1:])
                ratio = rest / values[0] if higher else values[0] / rest
            (steps if step else series).append(dict(result=r, fs=fs["name"], task=task["id"], metric=metric, n=len(values),
                               median=statistics.median(values), sd=sd, ratio=ratio,
                               wall=statistics.median(walls) if walls else float("nan")))

if not quiet:
    print("%s%-6s %-22s %3s %12s %-12s %7s %10s" % ("res " if len(paths) > 1 else "", "fs", "task", "n",
                                                   "median", "(metric)", "log-sd", "first/rest"))
    for s in series + steps:
        print("%s%-6s %-22s %3d %12.6g %-12s %7.3f %10.2f" % (
            "%3d " % (s["result"] + 1) if len(paths) > 1 else "", s["fs"], s["task"], s["n"],
            s["median"], "(%s)" % s["metric"], s["sd"], s["ratio"]))
    print()

def summary(name, group):
    sds = [s["sd"] for s in group if not math.isnan(s["sd"])]
    ratios = [s["ratio"] for s in group if not math.isnan(s["ratio"])]
    if not sds:
        print("%-13s no series of 2 samples or more" % (name + ":"))
        return
    worst = max((s for s in group if not math.isnan(s["sd"])), key=lambda s: s["sd"])
    slow = sum(1 for x in ratios if x > 1.5)
    print("%-13s %3d series: log-sd median %.3f, p90 %.3f, max %.3f (%s%s %s); "
          "first/rest > 1.5 in %d (%.0f %%), > 0.25 log-sd in %d" % (
              name + ":", len(group), statistics.median(sds), quantile(sds, 0.9), worst["sd"],
              "result %d " % (worst["result"] + 1) if len(paths) > 1 else "", worst["fs"], worst["task"],
              slow, 100.0 * slow / len(ratios) if ratios else 0, sum(1 for x in sds if x > 0.25)))

print("# %d result(s), %d series, samples per series %s" % (
    len(paths), len(series), "/".join(sorted({str(s["n"]) for s in series}, key=int))))
summary("all", series)
summary("under 20 ms", [s for s in series if s["wall"] < 0.020])
summary("over 20 ms", [s for s in series if not s["wall"] < 0.020])
summary("steps", steps)
print("# goal (issue 33): log-sd median <= 0.08, none > 0.25; first/rest > 1.5 in < 5 % of series")
PY
