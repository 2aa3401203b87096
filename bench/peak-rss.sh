#!/usr/bin/env bash
# bench/peak-rss.sh: the engine's peak resident memory for a whole run at
# quick and at standard scale (dataset generation included). Goal: flat
# across scales and under 50 MB, since data is streamed.
#
#   bench/peak-rss.sh [BUILD_DIR]      (FS=ext4)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
cli=$build/src/cli/fsbench-cli
fs=${FS:-ext4}
tmp=$(mktemp -d /tmp/fsbench-bench-rss-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME=$tmp/cache XDG_STATE_HOME=$tmp/state
mkdir -p "$tmp/images"

printf '%-10s %-28s %12s %10s\n' profile phase "peak RSS" "wall"
for profile in quick standard; do
  for phase in "first run (builds the dataset)" "second run (reuses it)"; do
    /usr/bin/time -f '%M %e' -o "$tmp/time" \
      "$cli" run --fs "$fs" --profile "$profile" --repeat 1 --target "image@$tmp/images" \
      --output "$tmp/r.json" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    read -r kb secs < "$tmp/time"
    printf '%-10s %-28s %9.1f MB %8.1f s\n' "$profile" "$phase" "$(echo "$kb / 1024" | bc -l)" "$secs"
  done
done
