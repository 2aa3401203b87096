#!/usr/bin/env bash
# bench/report-long-text.sh: result files whose texts are as long as the
# loader takes (64 KiB a string), reported in every format, one command
# each (Markdown on stdout, HTML, PDF, CSV, Markdown with its PNG charts,
# JSON). Pango's line breaking costs the square of a run with no break
# chance: one 64,000-character string took 2.3–5.9 s in the PDF, many took
# more than 300 s, a 60,000-character "created" 26 s in the charts'
# captions. Goal: every file of 16 MiB or less reported in every format in
# under 2 s. Prints the exit status, wall time and peak RSS of each command;
# many-short is many-65000 with ten-character texts, what its shape alone
# (32 filesystems, 100 custom tasks) costs.
#
#   bench/report-long-text.sh [BUILD_DIR]
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
cli=$build/src/cli/fsbench-cli
tmp=$(mktemp -d /tmp/fsbench-bench-long-text-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8 LANGUAGE=

python3 - "$tmp" "$top/tests/data/study.json" <<'EOF'
import copy, json, sys
out, study = sys.argv[1], json.load(open(sys.argv[2]))
MiB = 1024 * 1024

def write(name, doc):
    with open(f"{out}/{name}.json", "w") as f:
        json.dump(doc, f, separators=(",", ":"), ensure_ascii=False)

def solid(n, c="W"):          # not one break chance
    return c * n

def words(n):                 # a break chance every 11 characters
    return ("filesystem " * (n // 11 + 1))[:n]

# The issue's: one string of 64,000 characters (the processor).
one = copy.deepcopy(study)
one["machine"]["cpu_model"] = solid(64000)
write("one-64000", one)
# "created" of 60,000 characters: in every chart's caption.
created = copy.deepcopy(study)
created["created"] = "2026-11-29T21:14:03+01:00" + "9" * (60000 - 25)
write("created-60000", created)
# Every text of the study 64,000 characters long, with and without breaks.
every = copy.deepcopy(study)
for i, (o, k) in enumerate([(every["machine"], k) for k in ("cpu_model", "board", "kernel", "distribution", "kernel_cmdline")]
                           + [(every["target"], k) for k in ("device", "device_model", "host_filesystem", "cache_policy")]
                           + [(fs, k) for fs in every["filesystems"] for k in ("mkfs_version", "mkfs_options", "mount_options")]):
    o[k] = solid(64000, "QJXZVY"[i % 6]) if i % 2 == 0 else words(64000)
write("every-64000", every)
# 16 MiB of 65,000-character strings: 32 filesystems, each with its mkfs
# version, options, mount options and an error, and 100 custom commands.
tasks = study["filesystems"][0]["tasks"]
big = copy.deepcopy(study)
big["transfers"] = []
big["filesystems"] = [{"name": "fs%d" % f, "mkfs_version": solid(65000, "V"), "mkfs_options": words(65000),
                       "mount_options": solid(65000, "Y"), "error": words(65000), "tasks": tasks} for f in range(32)]
big["filesystems"][0]["tasks"] = tasks + [
    {"id": "custom:c%d" % t, "command": solid(65000, "C") if t % 2 else words(65000),
     "samples": [{"wall_s": 1 + t}] * 3} for t in range(100)]
for k in ("cpu_model", "board", "kernel", "distribution"):
    big["machine"][k] = solid(65000, "M")
write("many-65000", big)
# Its twin with texts of ten characters: what the shape alone costs.
def shorten(o):
    if isinstance(o, dict):
        return {k: v[:10] if isinstance(v, str) and len(v) > 1000 else shorten(v) for k, v in o.items()}
    return [shorten(v) for v in o] if isinstance(o, list) else o
write("many-short", shorten(big))
EOF

printf '%-14s %7s  %-16s %5s %8s %10s\n' file size command exit wall "peak RSS"
worst_wall=0 worst_rss=0
for f in "$tmp"/*.json; do
  name=$(basename "$f" .json)
  size=$(stat -c %s "$f")
  for what in report html pdf csv md json; do
    case $what in
      report) args=(report "$f") ;;
      *) args=(report "$f" --$what "$tmp/out/r.$what") ;;
    esac
    mkdir -p "$tmp/out"
    set +e
    /usr/bin/time -f '%e %M' -o "$tmp/time" timeout 600 "$cli" "${args[@]}" >/dev/null 2>"$tmp/err"
    st=$?
    set -e
    read -r secs kb < <(tail -n 1 "$tmp/time")
    printf '%-14s %6.1fM  %-16s %5s %7.2fs %7.1f MB\n' "$name" "$(echo "$size / 1048576" | bc -l)" \
      "${args[0]} ${args[2]:-}" "$st" "$secs" "$(echo "$kb / 1024" | bc -l)"
    worst_wall=$(echo "if ($secs > $worst_wall) $secs else $worst_wall" | bc -l)
    worst_rss=$(( kb > worst_rss ? kb : worst_rss ))
    rm -rf "$tmp/out"
  done
done
printf 'worst: %.2f s, %.1f MB (goal: under 2 s for each command)\n' "$worst_wall" "$(echo "$worst_rss / 1024" | bc -l)"
