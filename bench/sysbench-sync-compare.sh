#!/bin/sh
# sysbench-sync-compare.sh: sysbench fileio rndwr with --file-fsync-freq=1
# (an fsync after every write, as seed 004's sysbench can be told to do)
# and FS Bench's sync-write task on the same freshly formatted disk image,
# side by side, with the ratio of their commits per second.
#
#   bench/sysbench-sync-compare.sh [-B BUILDDIR] [-f ext4,xfs] [-p quick] [-n FILES] [-D DIR] [-r N]
#
#   -B  the meson build folder (default: _build)
#   -f  filesystems (default: ext4,xfs)
#   -p  profile whose sync-write sizes both tools use (default: quick)
#   -n  files, their total size kept (default: 1; the profile's count with -n 0)
#   -D  where the image goes (default: /var/tmp)
#   -r  rounds, alternating the two tools; medians are printed (default: 3)
#
# Needs root or polkit rights for udisksctl, sysbench 1.0, mkfs.FS. Prints
# figures; it is not a test. Both write 16 KiB blocks at random offsets of
# the same number of files of the same size and make each write durable
# before the next; both start cold (remount, the image's pages dropped).
# sysbench's writes/s is its commits/s. With --file-fsync-freq=1 sysbench
# fsyncs every file after each write (one with data, the others clean),
# each an event of its own: its event budget is the commits times one plus
# the number of files, so both do the same number of writes. A clean
# fsync is not free (ext4 and XFS still flush the disk's cache), so the
# two compare alike only with one file: the default.
set -eu

build=_build
fslist=ext4,xfs
profile=quick
base=/var/tmp
rounds=3
files=1
while getopts B:f:p:n:D:r: opt; do
  case $opt in
    B) build=$OPTARG ;;
    f) fslist=$OPTARG ;;
    p) profile=$OPTARG ;;
    n) files=$OPTARG ;;
    D) base=$OPTARG ;;
    r) rounds=$OPTARG ;;
    *) sed -n '2,18p' "$0"; exit 2 ;;
  esac
done

task=$build/bench/fsb-bench-task
[ -x "$task" ] || { echo "build first: ninja -C $build" >&2; exit 2; }
command -v sysbench >/dev/null || { echo "sysbench is not installed" >&2; exit 2; }

eval "$("$task" --profile "$profile" --show-profile)"
total=$((sync_files * sync_file_bytes))
[ "$files" -gt 0 ] && sync_files=$files
file_bytes=$((total / sync_files / 16384 * 16384))
total=$((sync_files * file_bytes))
sizes="--size sync-files=$sync_files --size sync-file-size=$file_bytes"
size_mb=$((total * 13 / 10 / 1000000 + 400))

work=$(mktemp -d "$base/fsbench-sysbench-sync-XXXXXX")
img=$work/disk.img
loop=
mnt=

cleanup() {
  if [ -n "$loop" ]; then
    udisksctl unmount --no-user-interaction -b "$loop" >/dev/null 2>&1 || true
    udisksctl loop-delete --no-user-interaction -b "$loop" >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

# udisks learns about a new filesystem from udev, a moment after mkfs.
mount_it() {
  for try in 1 2 3 4 5 6 7 8 9 10; do
    mnt=$(udisksctl mount --no-user-interaction -b "$loop" 2>/dev/null | sed -n 's/^Mounted .* at \(.*\)$/\1/p' | sed 's/\.$//')
    [ -n "$mnt" ] && [ -d "$mnt" ] && return 0
    sleep 0.5
  done
  echo "could not mount $loop" >&2
  exit 1
}

cold() {
  udisksctl unmount --no-user-interaction -b "$loop" >/dev/null
  "$task" --drop-cache "$img"
  mount_it
}

field() { sed -n "s|^ *$1 *\([0-9.]*\).*|\1|p" "$2" | head -n 1; }
metric() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" "$2" | head -n 1; }

printf '# %s profile: %s files × %s bytes, %s commits or %s s, 16 KiB writes, fsync after each; median of %s rounds\n' \
  "$profile" "$sync_files" "$file_bytes" "$sync_commits" "$sync_seconds" "$rounds"
printf '%-6s %14s %14s %7s %12s %12s\n' fs sysbench_c/s fsbench_c/s ratio sb_p95_ms fsb_p95_ms

for fs in $(echo "$fslist" | tr , ' '); do
  rm -f "$img"
  truncate -s "${size_mb}M" "$img"
  loop=$(udisksctl loop-setup --no-user-interaction -f "$img" | sed -n 's/.* as \(\/dev\/loop[0-9]*\)\.$/\1/p')
  [ -b "$loop" ] || { echo "loop-setup failed" >&2; exit 1; }
  case $fs in
    ext*) "mkfs.$fs" -q -F "$loop" ;;
    xfs|btrfs) "mkfs.$fs" -q -f "$loop" ;;
    *) "mkfs.$fs" "$loop" ;;
  esac >/dev/null
  udevadm settle 2>/dev/null || sleep 1
  mount_it

  : > "$work/rows"
  for round in $(seq "$rounds"); do
    mkdir -p "$mnt/sysbench"
    sbopts="--file-num=$sync_files --file-total-size=$total --file-block-size=16384"
    (cd "$mnt/sysbench" && sysbench fileio $sbopts prepare >/dev/null)
    cold
    (cd "$mnt/sysbench" && sysbench fileio $sbopts --file-test-mode=rndwr --file-fsync-freq=1 \
       --events="$((sync_commits * (sync_files + 1)))" --time="${sync_seconds%.*}" --percentile=95 run) > "$work/sb.txt"
    (cd "$mnt/sysbench" && sysbench fileio $sbopts cleanup >/dev/null)
    rmdir "$mnt/sysbench"

    "$task" --profile "$profile" $sizes --dir "$mnt" --setup sync-write
    cold
    "$task" --profile "$profile" $sizes --dir "$mnt" sync-write > "$work/fsb.txt"

    echo "$(field "writes/s:" "$work/sb.txt") $(metric commits_per_s "$work/fsb.txt")" \
         "$(field "95th percentile:" "$work/sb.txt") $(metric latency_p95_ms "$work/fsb.txt")" >> "$work/rows"
  done
  awk -v fs="$fs" '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    { n++; sb[n] = $1; fb[n] = $2; sp[n] = $3; fp[n] = $4; r[n] = ($1 > 0 ? $2 / $1 : 0) }
    END { printf "%-6s %14.1f %14.1f %7.2f %12.3f %12.3f\n", fs, median(sb, n), median(fb, n), median(r, n), median(sp, n), median(fp, n) }
  ' "$work/rows"

  udisksctl unmount --no-user-interaction -b "$loop" >/dev/null
  udisksctl loop-delete --no-user-interaction -b "$loop" >/dev/null
  loop=
done
