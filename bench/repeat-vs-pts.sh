#!/bin/sh
# repeat-vs-pts.sh: how many repetitions, and how long, FS Bench's
# automatic rule needs for its verdict, against the Phoronix Test Suite's
# rule (at least 3 runs, more while the standard deviation is over 3.5 %
# of the mean), on the same measurements: one run of a fixed 10
# repetitions, which both rules then take their rounds from, in the order
# they ran (interleaved). Prints the rounds per filesystem, the seconds of
# the cycles taken and the verdict each rule arrives at.
#
#   bench/repeat-vs-pts.sh [-B BUILDDIR] [-f ext4,xfs,btrfs] [-u server] [-n 10] [-R RESULT.json]
#
#   -R  replay an existing fixed-repetition result instead of running one
set -eu

build=_build
fslist=ext4,xfs,btrfs
use_case=server
n=10
result=
while getopts B:f:u:n:R: opt; do
  case $opt in
    B) build=$OPTARG ;;
    f) fslist=$OPTARG ;;
    u) use_case=$OPTARG ;;
    n) n=$OPTARG ;;
    R) result=$OPTARG ;;
    *) sed -n '2,14p' "$0"; exit 2 ;;
  esac
done

cli=$build/src/cli/fsbench-cli
replay=$build/bench/fsb-bench-repeat
[ -x "$replay" ] || { echo "build first: ninja -C $build" >&2; exit 2; }

if [ -z "$result" ]; then
  tmp=$(mktemp -d /tmp/fsbench-repeat-vs-pts-XXXXXX)
  trap 'rm -rf "$tmp"' EXIT
  result=$tmp/fixed.json
  start=$(date +%s)
  "$cli" run --fs "$fslist" --use-case "$use_case" --repeat "$n" --output "$result" >/dev/null 2>"$tmp/err" \
    || { cat "$tmp/err" >&2; exit 1; }
  echo "# the fixed run of $n repetitions took $(( $(date +%s) - start )) s"
fi
"$replay" "$result" "$use_case"
