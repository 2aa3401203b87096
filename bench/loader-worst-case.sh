#!/usr/bin/env bash
# bench/loader-worst-case.sh: result files made to be as costly as possible
# to load and report: each is recommended and reported in every format
# (Markdown on stdout, HTML, PDF, CSV, Markdown with its charts, JSON), one
# command each. Goal: any file of 16 MiB or less is reported, or refused
# with exit 2, within 2 s and 256 MB. Prints the exit status, wall time and
# peak RSS of each command.
#
#   bench/loader-worst-case.sh [BUILD_DIR]
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
cli=$build/src/cli/fsbench-cli
tmp=$(mktemp -d /tmp/fsbench-bench-loader-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8 LANGUAGE=

python3 - "$tmp" "$top/tests/data/study.json" <<'EOF'
import json, sys
out, study = sys.argv[1], json.load(open(sys.argv[2]))
MiB = 1024 * 1024

def write(name, doc):
    with open(f"{out}/{name}.json", "w") as f:
        json.dump(doc, f, separators=(",", ":"))

def result(fss, **extra):
    return dict({"schema": "fsbench-result/1", "repetitions": 3, "filesystems": fss}, **extra)

# The issue's: 20,000 tasks on one filesystem (1.1 MB took 14 s).
write("tasks-20000", result([{"name": "ext4", "tasks": [
    {"id": "custom:t%d" % i, "samples": [{"wall_s": 1 + i % 7}]} for i in range(20000)]}]))
# The widest that loads: 32 filesystems x 128 tasks, 3 samples each.
write("wide-32x128", result([{"name": "fs%d" % f, "tasks": [
    {"id": "custom:c%d" % t, "samples": [{"wall_s": 1 + t, "cpu_percent": 40 + f}] * 3}
    for t in range(128)]} for f in range(32)]))
# The catalog's tasks, with as many samples as the value cap allows.
tasks = [t["id"] for t in study["filesystems"][0]["tasks"]]
write("samples-max", result([{"name": fs, "tasks": [
    {"id": t, "samples": [{"wall_s": 1.5 + k % 13, "cpu_percent": 30} for k in range(3000)]} for t in tasks]}
    for fs in ("ext4", "xfs", "btrfs", "f2fs")]))
# 256 different metric names, 64 in each sample.
write("metrics", result([{"name": "ext4", "tasks": [{"id": "mkfs", "samples": [
    {"m%d_s" % (k * 64 + j): 1.0 for j in range(64)} for k in range(4)] * 200}]}]))
# Nesting 300,000 deep (overflowed json-glib's stack).
with open(f"{out}/deep.json", "w") as f:
    f.write('{"schema":"fsbench-result/1","filesystems":' + "[" * 300000 + "]" * 300000 + "}")
# 16 MiB of values: 8 million nodes, some 1.7 GB in json-glib.
with open(f"{out}/array-16MiB.json", "w") as f:
    n = (16 * MiB - 64) // 2
    f.write('{"schema":"fsbench-result/1","filesystems":[],"workloads":[' + ",".join(["0"] * n) + "]}")
# 16 MiB of empty objects, the dearest nodes.
with open(f"{out}/objects-16MiB.json", "w") as f:
    n = (16 * MiB - 64) // 3
    f.write('{"schema":"fsbench-result/1","filesystems":[],"x":[' + ",".join(["{}"] * n) + "]}")
# A real result padded to 16 MiB with text, in 64 KiB pieces and in one.
padded = dict(study)
padded["dataset"] = {"notes": ["x" * (64 * 1024 - 16)] * 250}
write("text-16MiB", padded)
one = dict(study)
one["filesystems"] = [dict(study["filesystems"][0], error="y" * (16 * MiB - 100000))] + study["filesystems"][1:]
write("one-text-16MiB", one)
# Just over the cap.
with open(f"{out}/over-16MiB.json", "w") as f:
    f.write(json.dumps(study) + " " * (16 * MiB))
EOF

printf '%-16s %9s  %-16s %5s %8s %10s\n' file size command exit wall "peak RSS"
worst_wall=0 worst_rss=0
for f in "$tmp"/*.json; do
  name=$(basename "$f" .json)
  size=$(stat -c %s "$f")
  # One command per output, as a user runs them; "report" alone prints Markdown.
  for what in recommend report html pdf csv md json; do
    case $what in
      recommend) args=(recommend "$f") ;;
      report) args=(report "$f") ;;
      *) args=(report "$f" --$what "$tmp/out/r.$what") ;;
    esac
    mkdir -p "$tmp/out"
    set +e
    /usr/bin/time -f '%e %M' -o "$tmp/time" timeout 60 "$cli" "${args[@]}" >/dev/null 2>"$tmp/err"
    st=$?
    set -e
    read -r secs kb < <(tail -n 1 "$tmp/time")
    printf '%-16s %8.1fM  %-16s %5s %7.2fs %7.1f MB\n' "$name" "$(echo "$size / 1048576" | bc -l)" \
      "${args[0]} ${args[2]:-}" "$st" "$secs" "$(echo "$kb / 1024" | bc -l)"
    worst_wall=$(echo "if ($secs > $worst_wall) $secs else $worst_wall" | bc -l)
    worst_rss=$(( kb > worst_rss ? kb : worst_rss ))
    rm -rf "$tmp/out"
  done
done
printf 'worst: %.2f s, %.1f MB (goal: 2 s and 256 MB for each command)\n' "$worst_wall" "$(echo "$worst_rss / 1024" | bc -l)"
