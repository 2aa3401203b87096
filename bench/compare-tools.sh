#!/usr/bin/env bash
# bench/compare-tools.sh: each core task as FS Bench does it, and as cp, rm,
# ls -lR and find do it, on the same freshly formatted loop image: the same
# filesystem, the same flush (syncfs; `sync -f` for the tools), the same cold
# caches (remount before each task, a direct-I/O loop device, source pages
# dropped before a copy-in). Rounds alternate which side goes first. Prints
# FS Bench ÷ tool per task; the goal is within ±10% (0.90 to 1.10).
#
#   bench/compare-tools.sh [BUILD_DIR]     (as root; FS=ext4 PROFILE=quick ROUNDS=6, made even)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
cli=$build/src/cli/fsbench-cli
ops=$build/bench/fsb-bench-task
fs=${FS:-ext4}
profile=${PROFILE:-quick}
rounds=${ROUNDS:-6}
# Each side goes first in half the rounds: what runs first after mkfs
# shares the disk with the filesystem's own background work (ext4's lazy
# inode table init), so an odd count would tilt the medians.
(( rounds % 2 == 0 )) || rounds=$((rounds + 1))
py=/usr/bin/python3

[ "$(id -u)" -eq 0 ] || { echo "run as root: it mounts a loop image of its own" >&2; exit 2; }
tmp=$(mktemp -d /tmp/fsbench-bench-compare-XXXXXX)
loop= mnt=$tmp/mnt
# Something else on the machine may glance at the mount (udev, a scanner):
# retry for a few seconds rather than stack mounts.
unmount() {
  local i
  for ((i = 0; i < 50; i++)); do
    mountpoint -q "$mnt" || return 0
    umount "$mnt" 2>/dev/null && return 0
    sleep 0.1
  done
  umount "$mnt"
}
cleanup() {
  unmount || true
  [ -n "$loop" ] && losetup -d "$loop"
  rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p "$mnt"

echo "$fs, profile $profile, $rounds rounds; FS Bench and the tools alternate going first" >&2
"$cli" dataset --profile "$profile" --out "$tmp/ds" >/dev/null
# Room for both copies of the tree, as FS Bench's own image would have.
size=$(( ($(du -sb --apparent-size "$tmp/ds" | cut -f1) * 3 / 1048576 + 600) * 1048576 ))
truncate -s "$size" "$tmp/image.img"
loop=$(losetup --direct-io=on -f --show "$tmp/image.img")
make_fs() {
  case $fs in
    ext4) mkfs.ext4 -q -F "$loop" ;;
    xfs) mkfs.xfs -q -f "$loop" ;;
    btrfs) mkfs.btrfs -q -f "$loop" >/dev/null ;;
    *) "mkfs.$fs" "$loop" >/dev/null ;;
  esac
}

remount() { unmount; mount "$loop" "$mnt"; }
drop_source() { find "$tmp/ds" -type f -exec dd if={} iflag=nocache count=0 status=none \; ; }
declare -A ours tools

# FS Bench: the engine's own task function, timed inside (fsb-bench-task
# prints "TASK wall_s=… user_s=…").
fsbench_side() {
  local out
  for task in big-copy-in big-recopy big-delete tree-copy-in tree-recopy tree-list tree-find tree-delete; do
    remount
    # The same untimed steps as the tools' side, so both start their clock
    # equally long after the mount (ext4 still initialises inode tables in
    # the background then).
    case $task in *copy-in) drop_source ;; esac
    out=$("$ops" --profile "$profile" --dir "$mnt" --source "$tmp/ds" --scratch "$tmp/ds" "$task")
    ours[$task]="${ours[$task]:-} $(echo "$out" | sed -n "s/^$task .*wall_s=\([^ ]*\).*/\1/p")"
  done
}

# The tools, timed with bash's clock around the command and its flush.
timed() {
  local task=$1; shift
  remount
  case $task in *copy-in) drop_source ;; esac
  local t0=$EPOCHREALTIME
  "$@"
  sync -f "$mnt"
  tools[$task]="${tools[$task]:-} $(echo "$EPOCHREALTIME - $t0" | bc -l)"
}

tools_side() {
  remount
  mkdir -p "$mnt/big-1" "$mnt/big-2"
  timed big-copy-in cp --reflink=never "$tmp/ds/big.img" "$mnt/big-1/big.img"
  timed big-recopy cp --reflink=never "$mnt/big-1/big.img" "$mnt/big-2/big.img"
  timed big-delete rm -r "$mnt/big-1" "$mnt/big-2"
  timed tree-copy-in cp -r --reflink=never "$tmp/ds/tree" "$mnt/tree-1"
  timed tree-recopy cp -r --reflink=never "$mnt/tree-1" "$mnt/tree-2"
  timed tree-list sh -c "cd '$mnt' && exec ls -lR tree-1 > listing.txt"
  timed tree-find sh -c "exec find '$mnt/tree-1' -name '*.h' > /dev/null"
  timed tree-delete rm -r "$mnt/tree-1" "$mnt/tree-2" "$mnt/listing.txt"
  # What starting a process and `sync -f` cost on their own: taken off.
  timed baseline /bin/true
  timed baseline-sh sh -c "cd '$mnt' && exec /bin/true > /dev/null"
}

for ((r = 1; r <= rounds; r++)); do
  make_fs
  if (( r % 2 )); then fsbench_side; tools_side; else tools_side; fsbench_side; fi
  unmount
done

for task in "${!ours[@]}"; do echo "ours $task ${ours[$task]}"; done > "$tmp/times.txt"
for task in "${!tools[@]}"; do echo "tool $task ${tools[$task]}"; done >> "$tmp/times.txt"

$py - "$tmp/times.txt" <<'PY'
import statistics, sys
t = {}
for line in open(sys.argv[1]):
    side, task, *values = line.split()
    t[(side, task)] = [float(v) for v in values]
med = lambda side, task: statistics.median(t[(side, task)])
base, base_sh = med("tool", "baseline"), med("tool", "baseline-sh")
tool_name = {"big-copy-in": "cp", "big-recopy": "cp", "big-delete": "rm -r",
             "tree-copy-in": "cp -r", "tree-recopy": "cp -r", "tree-list": "ls -lR",
             "tree-find": "find -name", "tree-delete": "rm -r"}
print(f"{'task':<14} {'FS Bench (s)':>13} {'tool (s)':>10} {'tool':<11} {'ratio':>6}")
for task in tool_name:
    ours = med("ours", task)
    theirs = max(med("tool", task) - (base_sh if task in ("tree-list", "tree-find") else base), 1e-6)
    ratio = ours / theirs
    flag = "" if 0.9 <= ratio <= 1.1 else "  (outside ±10%)"
    print(f"{task:<14} {ours:13.4f} {theirs:10.4f} {tool_name[task]:<11} {ratio:6.2f}{flag}")
n = len(t[("ours", "big-copy-in")])
print(f"medians of {n} rounds; {base * 1000:.1f} ms ({base_sh * 1000:.1f} ms through sh) "
      "of process start and sync -f taken off the tools' times")
PY
