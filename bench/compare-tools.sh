#!/usr/bin/env bash
# bench/compare-tools.sh: each core task as FS Bench measures it, and as cp,
# rm, ls -lR and find take on the same kind of freshly formatted image, with
# the same flush (syncfs, here `sync -f`) and the same cold caches (remount,
# direct I/O loop device, source pages dropped). Prints FS Bench ÷ tool per
# task; the goal is within ±10% (0.90 to 1.10).
#
#   bench/compare-tools.sh [BUILD_DIR]     (as root; FS=ext4 PROFILE=quick REPEAT=5)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
cli=$build/src/cli/fsbench-cli
fs=${FS:-ext4}
profile=${PROFILE:-quick}
repeat=${REPEAT:-5}
py=/usr/bin/python3

[ "$(id -u)" -eq 0 ] || { echo "run as root: the tool side mounts a loop image" >&2; exit 2; }
tmp=$(mktemp -d /tmp/fsbench-bench-compare-XXXXXX)
export XDG_CACHE_HOME=$tmp/cache XDG_STATE_HOME=$tmp/state
loop= mnt=$tmp/mnt
cleanup() {
  mountpoint -q "$mnt" && umount "$mnt"
  [ -n "$loop" ] && losetup -d "$loop"
  rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p "$tmp/images" "$mnt"

echo "$fs, profile $profile, $repeat rounds of FS Bench then the tools, alternating" >&2
"$cli" dataset --profile "$profile" --out "$tmp/ds" >/dev/null
# The image size FS Bench picks for this profile, for the tools' image too.
fsbench_round() {
  "$cli" run --fs "$fs" --profile "$profile" --repeat 1 --target "image@$tmp/images" \
    --output "$tmp/fsbench-$1.json" >/dev/null 2>"$tmp/fsbench.err" || { cat "$tmp/fsbench.err" >&2; exit 1; }
}
fsbench_round 0
size=$($py -c 'import json,sys; print(json.load(open(sys.argv[1]))["target"]["size_bytes"])' "$tmp/fsbench-0.json")

# The tool side: our own image, the same size, direct I/O like FS Bench's,
# formatted afresh for every round as FS Bench does.
img=$tmp/images/tools.img
truncate -s "$size" "$img"
loop=$(losetup --direct-io=on -f --show "$img")
make_fs() {
  case $fs in
    ext4) mkfs.ext4 -q -F "$loop" ;;
    xfs) mkfs.xfs -q -f "$loop" ;;
    btrfs) mkfs.btrfs -q -f "$loop" >/dev/null ;;
    *) "mkfs.$fs" "$loop" >/dev/null ;;
  esac
}

remount() { sync -f "$mnt" 2>/dev/null || true; mountpoint -q "$mnt" && umount "$mnt"; mount "$loop" "$mnt"; }
drop_source() { find "$tmp/ds" -type f -exec dd if={} iflag=nocache count=0 status=none \; ; }
now() { date +%s.%N; }
declare -A times

timed() {   # timed TASK COMMAND...: remount, run, flush; seconds appended to times[TASK]
  local task=$1; shift
  remount
  case $task in *copy-in) drop_source ;; esac
  local t0 t1
  t0=$(now)
  "$@"
  sync -f "$mnt"
  t1=$(now)
  times[$task]="${times[$task]:-} $(echo "$t1 - $t0" | bc -l)"
}

for ((r = 1; r <= repeat; r++)); do
  fsbench_round "$r"
  make_fs
  mount "$loop" "$mnt"
  mkdir -p "$mnt/big-1" "$mnt/big-2"
  timed big-copy-in cp --reflink=never "$tmp/ds/big.img" "$mnt/big-1/big.img"
  timed big-recopy cp --reflink=never "$mnt/big-1/big.img" "$mnt/big-2/big.img"
  timed big-delete rm -r "$mnt/big-1" "$mnt/big-2"
  timed tree-copy-in cp -r --reflink=never "$tmp/ds/tree" "$mnt/tree-1"
  timed tree-recopy cp -r --reflink=never "$mnt/tree-1" "$mnt/tree-2"
  timed tree-list sh -c "cd '$mnt' && ls -lR tree-1 > listing.txt"
  timed tree-find sh -c "find '$mnt/tree-1' -name '*.h' > /dev/null"
  timed tree-delete rm -r "$mnt/tree-1" "$mnt/tree-2" "$mnt/listing.txt"
  # The cost of starting a process and of `sync -f` on a clean filesystem,
  # which FS Bench does not pay: subtracted from the tools' times.
  timed baseline /bin/true
  timed baseline-sh sh -c "cd '$mnt' && /bin/true > /dev/null"
  umount "$mnt"
done

{
  for task in "${!times[@]}"; do echo "$task ${times[$task]}"; done
} > "$tmp/tools.txt"

$py - "$tmp/tools.txt" "$fs" "$tmp"/fsbench-[1-9]*.json <<'PY'
import json, statistics, sys
tools = {l.split()[0]: [float(x) for x in l.split()[1:]] for l in open(sys.argv[1])}
runs = [next(f for f in json.load(open(p))["filesystems"] if f["name"] == sys.argv[2]) for p in sys.argv[3:]]
order = ["big-copy-in", "big-recopy", "big-delete", "tree-copy-in", "tree-recopy",
         "tree-list", "tree-find", "tree-delete"]
tool_name = {"big-copy-in": "cp", "big-recopy": "cp", "big-delete": "rm -r",
             "tree-copy-in": "cp -r", "tree-recopy": "cp -r", "tree-list": "ls -lR",
             "tree-find": "find -name", "tree-delete": "rm -r"}
base = statistics.median(tools["baseline"])
base_sh = statistics.median(tools["baseline-sh"])
through_sh = {"tree-list", "tree-find"}
print(f"{'task':<14} {'FS Bench (s)':>13} {'tool (s)':>10} {'tool':<11} {'ratio':>6}")
for task in order:
    ours = statistics.median(next(t for t in fs["tasks"] if t["id"] == task)["samples"][0]["wall_s"] for fs in runs)
    theirs = max(statistics.median(tools[task]) - (base_sh if task in through_sh else base), 1e-6)
    ratio = ours / theirs if theirs > 0 else float("nan")
    flag = "" if 0.9 <= ratio <= 1.1 else "  (outside ±10%)"
    print(f"{task:<14} {ours:13.4f} {theirs:10.4f} {tool_name[task]:<11} {ratio:6.2f}{flag}")
print(f"medians of {len(runs)} rounds; {base * 1000:.1f} ms ({base_sh * 1000:.1f} ms through sh) of process start and sync -f taken off the tools' times")
PY
