#!/usr/bin/env bash
# bench/quick-wall.sh: wall time of the quick profile on ext4, xfs and btrfs
# (the default 3 repetitions), with the dataset already in the cache and
# with it built first. Goal: under 60 s on a 2-core machine.
#
#   bench/quick-wall.sh [BUILD_DIR]     (FS=ext4,xfs,btrfs REPEAT=3)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
cli=$build/src/cli/fsbench-cli
fs=${FS:-ext4,xfs,btrfs}
repeat=${REPEAT:-3}
tmp=$(mktemp -d /tmp/fsbench-bench-wall-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME=$tmp/cache XDG_STATE_HOME=$tmp/state
mkdir -p "$tmp/images"

echo "quick profile, $fs, $repeat repetitions, $(nproc) cores"
for phase in "dataset built first" "dataset cached"; do
  start=$(date +%s.%N)
  "$cli" run --fs "$fs" --repeat "$repeat" --target "image@$tmp/images" \
    --output "$tmp/r.json" >"$tmp/table" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  end=$(date +%s.%N)
  printf '%-22s %6.1f s\n' "$phase:" "$(echo "$end - $start" | bc -l)"
done
cat "$tmp/table"
