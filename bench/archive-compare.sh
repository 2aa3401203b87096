#!/bin/sh
# archive-compare.sh: bsdtar -xf (libarchive's own tool, as the group
# uses libarchive) or GNU tar -xf, and FS Bench's archive-unpack task on
# the same freshly formatted disk image, side by side: the same tar (the
# one the group made in the dataset folder), each started cold, each
# flushed (sync -f) before its clock stops; the ratio of their files per
# second, both counting the tar's regular files. bsdtar is asked to
# restore what the task restores (times and permissions; as root it would
# also set each file's owner, ACLs, extended attributes and flags) and
# reads in the task's 64 KiB blocks. The task's clock runs inside a
# process already started; the tool's fixed cost (starting the tool and
# sync, reading the clock) is measured by the same commands on an empty
# tar just after, and taken off. A round is tool, task, task, tool
# (so that a load that rises or falls through the round weighs on both
# alike) and its ratio is that of their summed times; the median of the
# rounds' ratios is printed.
#
#   bench/archive-compare.sh [-B BUILDDIR] [-f ext4,xfs] [-p quick] [-D DIR] [-r N] [-t bsdtar|tar]
#
# Needs root or polkit rights for udisksctl, bsdtar (libarchive-tools) or
# GNU tar, mkfs.FS; run a run with --workloads archive once first, so the
# dataset folder has the tar. Prints figures; it is not a test.
set -eu

build=_build
fslist=ext4,xfs
profile=quick
base=/var/tmp
rounds=3
tool=bsdtar
while getopts B:f:p:D:r:t: opt; do
  case $opt in
    B) build=$OPTARG ;;
    f) fslist=$OPTARG ;;
    p) profile=$OPTARG ;;
    D) base=$OPTARG ;;
    r) rounds=$OPTARG ;;
    t) tool=$OPTARG ;;
    *) sed -n '2,22p' "$0"; exit 2 ;;
  esac
done

task=$build/bench/fsb-bench-task
[ -x "$task" ] || { echo "build first: ninja -C $build" >&2; exit 2; }
data=${XDG_CACHE_HOME:-$HOME/.cache}/fsbench/datasets/$profile
[ -f "$data/archive/tree.tar" ] || { echo "no $data/archive/tree.tar: run fsbench-cli run --workloads archive first" >&2; exit 2; }
command -v "$tool" >/dev/null || { echo "no $tool: apt-get install libarchive-tools (bsdtar) or tar" >&2; exit 2; }
# the tar's regular files: what both sides' files per second count
files=$(tar -tvf "$data/archive/tree.tar" | grep -c '^-')
. "$(dirname "$0")/image-lib.sh"
image_work archive
tar -cf "$work/empty.tar" -T /dev/null

printf '# %s profile: a tar of %s files, %s bytes; median of %s rounds\n' "$profile" "$files" "$(stat -c %s "$data/archive/tree.tar")" "$rounds"
printf '# load average %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %14s %14s %7s\n' fs "${tool}_files/s" fsbench_f/s ratio

for fs in $(echo "$fslist" | tr , ' '); do
  image_new "$fs"
  : > "$work/rows"
  # tool: the tool's seconds, cold, to its flush
  tool() {
    cold
    "$task" --drop-cache "$data/archive/tree.tar"
    mkdir -p "$mnt/archive/plain"
    start=$(date +%s.%N)
    case $tool in
      bsdtar) bsdtar -x -p --no-same-owner --no-acls --no-xattrs --no-fflags -b 128 \
                -f "$data/archive/tree.tar" -C "$mnt/archive/plain" ;;
      *) "$tool" -xf "$data/archive/tree.tar" -C "$mnt/archive/plain" ;;
    esac
    sync -f "$mnt"
    end=$(date +%s.%N)
    # the same commands with nothing to do
    null_start=$(date +%s.%N)
    case $tool in
      bsdtar) bsdtar -x -p --no-same-owner --no-acls --no-xattrs --no-fflags -b 128 \
                -f "$work/empty.tar" -C "$mnt/archive/plain" ;;
      *) "$tool" -xf "$work/empty.tar" -C "$mnt/archive/plain" ;;
    esac
    sync -f "$mnt"
    null_end=$(date +%s.%N)
    rm -rf "$mnt/archive"
    echo "$end - $start - ($null_end - $null_start)" | bc -l
  }
  # fsb: the task's seconds from its files per second, cold (it drops the tar's pages itself)
  fsb() {
    cold
    "$task" --profile "$profile" --source "$data" --dir "$mnt" archive-unpack > "$work/fsb.txt"
    rm -rf "$mnt/archive"
    echo "$files / $(metric files_per_s "$work/fsb.txt")" | bc -l
  }
  for round in $(seq "$rounds"); do
    t1=$(tool); f1=$(fsb); f2=$(fsb); t2=$(tool)
    echo "$t1 $t2 $f1 $f2" >> "$work/rows"
  done
  # FSB_VERBOSE=1: each round's seconds (tool, tool, task, task) on stderr
  [ -z "${FSB_VERBOSE:-}" ] || sed "s/^/# $fs round: /" "$work/rows" >&2
  awk -v fs="$fs" -v files="$files" '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    { n++; s[n] = 2 * files / ($1 + $2); f[n] = 2 * files / ($3 + $4); r[n] = ($1 + $2) / ($3 + $4) }
    END { printf "%-6s %14.1f %14.1f %7.2f\n", fs, median(s, n), median(f, n), median(r, n) }
  ' "$work/rows"
  image_done
done
