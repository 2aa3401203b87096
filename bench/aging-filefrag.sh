#!/usr/bin/env bash
# bench/aging-filefrag.sh: FS Bench's count of the big file's extents
# (FIEMAP, as in the result's aging.fragmentation) against filefrag's, on a
# loop image of the size `fsbench-cli plan --age LEVEL` gives: the big file
# copied in fresh, then again after aging the filesystem as a run does.
# Prints both counts per filesystem and state; exits 1 when they differ.
#
#   bench/aging-filefrag.sh [BUILD_DIR]    (as root; FS="ext4 xfs btrfs" LEVEL=light PROFILE=quick)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
cli=$build/src/cli/fsbench-cli
ops=$build/bench/fsb-bench-task
filesystems=${FS:-ext4 xfs btrfs}
level=${LEVEL:-light}
profile=${PROFILE:-quick}
py=/usr/bin/python3

[ "$(id -u)" -eq 0 ] || { echo "run as root: it mounts a loop image of its own" >&2; exit 2; }
command -v filefrag >/dev/null || { echo "filefrag (e2fsprogs) is missing" >&2; exit 2; }
tmp=$(mktemp -d /tmp/fsbench-bench-aging-XXXXXX)
loop= mnt=$tmp/mnt
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

"$cli" dataset --profile "$profile" --out "$tmp/ds" >/dev/null
size=$("$cli" plan --fs ext4 --profile "$profile" --age "$level" --json |
       $py -c 'import json,sys; print(json.load(sys.stdin)["target"]["size_bytes"])')
truncate -s "$size" "$tmp/image.img"
loop=$(losetup --direct-io=on -f --show "$tmp/image.img")

# filefrag prints "FILE: N extents found" (or "1 extent found").
theirs() { filefrag "$1" | sed -n 's/.*: \([0-9]*\) extents\{0,1\} found$/\1/p'; }
ours() { "$ops" --extents "$1" | sed -n 's/^extents=//p'; }

status=0
printf '%-6s %-6s %10s %10s\n' fs state "FS Bench" filefrag
for fs in $filesystems; do
  case $fs in
    ext4) mkfs.ext4 -q -F "$loop" ;;
    xfs) mkfs.xfs -q -f "$loop" ;;
    btrfs) mkfs.btrfs -q -f "$loop" >/dev/null ;;
    *) "mkfs.$fs" "$loop" >/dev/null ;;
  esac
  mount "$loop" "$mnt"
  big=$mnt/big-1/big.img
  for state in fresh aged; do
    if [ "$state" = aged ]; then
      rm -r "$mnt/big-1"
      "$ops" --profile "$profile" --dir "$mnt" --age "$level:$size" >&2
    fi
    "$ops" --profile "$profile" --dir "$mnt" --source "$tmp/ds" big-copy-in >/dev/null
    a=$(ours "$big") b=$(theirs "$big")
    flag=""
    [ "$a" = "$b" ] || { flag="  (differ)"; status=1; }
    printf '%-6s %-6s %10s %10s%s\n' "$fs" "$state" "$a" "$b" "$flag"
  done
  unmount
done
exit $status
