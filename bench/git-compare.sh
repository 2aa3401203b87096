#!/bin/sh
# git-compare.sh: git as a developer types it and FS Bench's git tasks on
# the same freshly formatted disk image, side by side: the same source
# repository (the one the group made in the dataset folder), the same
# commands (clone --no-local --no-hardlinks, checkout of the tag "middle",
# status --porcelain, gc), each after a cold remount, each flushed
# (sync -f) before its clock stops; per operation the ratio of git's time
# to the task's (above 1: the task is the faster), and of their totals.
# The task's time is its headline, the git command and its flush ("op_s":
# not the clone's removal after gc, which is no part of gc). Each side
# works in a clone of its own, and each operation is timed on both sides
# one after the other, so a load that comes and goes weighs on both
# alike. A round is two passes of the four operations, git first in one
# and the task first in the other. Per operation each side's median time, and the median of
# the ratios of the pairs (git's time to the task's; above 1: the task is
# the faster); the same for the four operations' total.
# Both start a git process; the reading of the clock and the start of
# sync, which the task does not pay, are measured with nothing to flush
# just after and taken off.
#
#   bench/git-compare.sh [-B BUILDDIR] [-f ext4,xfs] [-p quick] [-D DIR] [-r N]
#
# Needs root or polkit rights for udisksctl, git, mkfs.FS; run a run with
# --workloads git once first, so the dataset folder has the repository.
# Prints figures; it is not a test.
set -eu

build=_build
fslist=ext4,xfs
profile=quick
base=/var/tmp
rounds=3
while getopts B:f:p:D:r: opt; do
  case $opt in
    B) build=$OPTARG ;;
    f) fslist=$OPTARG ;;
    p) profile=$OPTARG ;;
    D) base=$OPTARG ;;
    r) rounds=$OPTARG ;;
    *) sed -n '2,25p' "$0"; exit 2 ;;
  esac
done

task=$build/bench/fsb-bench-task
[ -x "$task" ] || { echo "build first: ninja -C $build" >&2; exit 2; }
data=${XDG_CACHE_HOME:-$HOME/.cache}/fsbench/datasets/$profile
src=$data/git/source.git
[ -d "$src" ] || { echo "no $src: run fsbench-cli run --workloads git first" >&2; exit 2; }
# git as the group runs it: no user's or system's configuration, no automatic gc
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GIT_TERMINAL_PROMPT=0 LC_ALL=C
g() { git -c gc.auto=0 "$@"; }

. "$(dirname "$0")/image-lib.sh"
image_work git

# hand OP: git's command for OP on the mounted image, cold, timed to its
# flush, in a clone of its own beside the task's
hand() {
  cold
  "$task" --drop-cache "$src"
  repo=$mnt/hand/repo
  start=$(date +%s.%N)
  case $1 in
    clone) mkdir -p "$mnt/hand" && g clone -q --no-local --no-hardlinks "$src" "$repo" ;;
    checkout) g -C "$repo" checkout -q middle ;;
    status) g -C "$repo" status --porcelain >/dev/null ;;
    gc) g -C "$repo" gc -q ;;
  esac
  sync -f "$mnt"
  end=$(date +%s.%N)
  # the clock and the flush with nothing to do, taken off
  null_start=$(date +%s.%N)
  sync -f "$mnt"
  null_end=$(date +%s.%N)
  echo "$end - $start - ($null_end - $null_start)" | bc -l
}

# fsb OP: the task git-OP's time, cold (its clone is $mnt/git/repo)
fsb() {
  cold
  "$task" --drop-cache "$src"
  "$task" --profile "$profile" --source "$data" --dir "$mnt" "git-$1" > "$work/fsb.txt"
  metric op_s "$work/fsb.txt"
}

printf '# %s profile: %s; median of %s rounds; load average %s\n' "$profile" \
  "$(g -C "$src" rev-list --count main) commits, $(g -C "$src" ls-tree -r --name-only main | wc -l) files" \
  "$rounds" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %-9s %10s %10s %7s\n' fs operation git_s fsbench_s ratio

for fs in $(echo "$fslist" | tr , ' '); do
  image_new "$fs"
  : > "$work/rows"
  for round in $(seq "$rounds"); do
    for first in git fsb; do
      for op in clone checkout status gc; do
        if [ $first = git ]; then h=$(hand $op); f=$(fsb $op); else f=$(fsb $op); h=$(hand $op); fi
        echo "$op $h $f" >> "$work/rows"
      done
      rm -rf "$mnt/hand"
    done
  done
  [ -z "${FSB_VERBOSE:-}" ] || sed "s/^/# $fs: /" "$work/rows" >&2
  # per operation: each side's median, and the median of the paired ratios
  awk -v fs="$fs" '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    { n[$1]++; h[$1, n[$1]] = $2; f[$1, n[$1]] = $3; r[$1, n[$1]] = ($3 > 0 ? $2 / $3 : 0)
      k = int((NR - 1) / 4); th[k] += $2; tf[k] += $3 }
    END {
      split("clone checkout status gc", ops, " ")
      for (o = 1; o <= 4; o++) {
        split("", a); split("", b); split("", c)
        for (i = 1; i <= n[ops[o]]; i++) { a[i] = h[ops[o], i]; b[i] = f[ops[o], i]; c[i] = r[ops[o], i] }
        printf "%-6s %-9s %10.3f %10.3f %7.2f\n", fs, ops[o], median(a, n[ops[o]]), median(b, n[ops[o]]), median(c, n[ops[o]])
      }
      for (k in th) { m++; a[m] = th[k]; b[m] = tf[k]; c[m] = (tf[k] > 0 ? th[k] / tf[k] : 0) }
      printf "%-6s %-9s %10.3f %10.3f %7.2f\n", fs, "total", median(a, m), median(b, m), median(c, m)
    }
  ' "$work/rows"
  image_done
done
