#!/bin/sh
# sysbench-compare.sh: sysbench fileio (rndrd, rndwr) and FS Bench's random-io
# group on the same freshly formatted disk image, side by side.
#
#   bench/sysbench-compare.sh [-B BUILDDIR] [-f ext4,xfs] [-p quick] [-d] [-D DIR] [-r N]
#
#   -B  the meson build folder (default: _build)
#   -f  filesystems (default: ext4,xfs)
#   -p  profile whose random-io sizes both tools use (default: quick)
#   -d  O_DIRECT in both (sysbench --file-extra-flags=direct)
#   -D  where the image goes (default: /var/tmp)
#   -r  rounds, alternating the two tools; medians are printed (default: 3)
#
# Needs root or polkit rights for udisksctl, sysbench 1.0, mkfs.FS. Prints
# figures; it is not a test. Throughput is in MB/s (10^6 bytes): sysbench's
# MiB/s are converted. Both tools start cold: the filesystem is remounted
# and the image's pages dropped before every run.
set -eu

build=_build
fslist=ext4,xfs
profile=quick
direct=
base=/var/tmp
rounds=3
while getopts B:f:p:dD:r: opt; do
  case $opt in
    B) build=$OPTARG ;;
    f) fslist=$OPTARG ;;
    p) profile=$OPTARG ;;
    d) direct=1 ;;
    D) base=$OPTARG ;;
    r) rounds=$OPTARG ;;
    *) sed -n '2,18p' "$0"; exit 2 ;;
  esac
done

task=$build/bench/fsb-bench-task
[ -x "$task" ] || { echo "build first: ninja -C $build" >&2; exit 2; }
command -v sysbench >/dev/null || { echo "sysbench is not installed" >&2; exit 2; }

eval "$("$task" --profile "$profile" --show-profile)"
# Whole 16 KiB blocks per file, as FS Bench rounds them: sysbench splits
# the total evenly, and a file size off the block size would put its
# blocks across page boundaries (read-modify-write), as the seed's 128 MB
# files never did.
file_bytes=$((randio_file_bytes / 16384 * 16384))
total=$((randio_files * file_bytes))
size_mb=$((total * 13 / 10 / 1000000 + 400))

work=$(mktemp -d "$base/fsbench-sysbench-XXXXXX")
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

mount_it() {
  mnt=$(udisksctl mount --no-user-interaction -b "$loop" | sed -n 's/^Mounted .* at \(.*\)$/\1/p' | sed 's/\.$//')
  [ -d "$mnt" ] || { echo "could not mount $loop" >&2; exit 1; }
}

# Cold caches: unmount, drop the image file's pages from the host, mount.
cold() {
  udisksctl unmount --no-user-interaction -b "$loop" >/dev/null
  "$task" --drop-cache "$img"
  mount_it
}

# sysbench prints "read, MiB/s: 12.34"; the first number after the label.
field() {
  sed -n "s|^ *$1 *\([0-9.]*\).*|\1|p" "$2" | head -n 1
}

# FS Bench prints "rand-read mb_per_s=12.3 iops=...".
metric() {
  sed -n "s/.* $1=\([^ ]*\).*/\1/p" "$2" | head -n 1
}

sb_flags=
[ -n "$direct" ] && sb_flags=--file-extra-flags=direct
fsb_flags=
[ -n "$direct" ] && fsb_flags=--direct-io

printf '# %s profile: %s files × %s bytes, %s requests or %s s, 16 KiB blocks%s; median of %s rounds\n' \
  "$profile" "$randio_files" "$file_bytes" "$randio_requests" "$randio_seconds" \
  "${direct:+, O_DIRECT}" "$rounds"
printf '%-6s %-5s %14s %14s %7s %12s %12s %12s %12s\n' \
  fs mode sysbench_MB/s fsbench_MB/s ratio sb_iops fsb_iops sb_p95_ms fsb_p95_ms

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
  # udisks learns about the new filesystem from udev.
  udevadm settle 2>/dev/null || sleep 1
  mount_it

  # Rounds alternate the tools on the same filesystem, so a busy moment of
  # the machine does not land on one tool only; the medians are printed.
  : > "$work/rows"
  for round in $(seq "$rounds"); do
    # sysbench in its own folder, exactly as seed 004 ran it.
    mkdir -p "$mnt/sysbench"
    sbopts="--file-num=$randio_files --file-total-size=$total --file-block-size=16384 $sb_flags"
    (cd "$mnt/sysbench" && sysbench fileio $sbopts prepare >/dev/null)
    for mode in rndrd rndwr; do
      cold
      (cd "$mnt/sysbench" && sysbench fileio $sbopts --file-test-mode=$mode \
         --events="$randio_requests" --time="${randio_seconds%.*}" --percentile=95 run) > "$work/sb-$mode.txt"
    done
    (cd "$mnt/sysbench" && sysbench fileio $sbopts cleanup >/dev/null)
    rmdir "$mnt/sysbench"

    # FS Bench on the same filesystem, cold as well: its files are written
    # by the untimed setup, as sysbench prepare writes them.
    for t in rand-read rand-write; do
      "$task" --profile "$profile" $fsb_flags --dir "$mnt" --setup "$t"
      cold
      "$task" --profile "$profile" $fsb_flags --dir "$mnt" "$t" > "$work/fsb-$t.txt"
    done

    for pair in rndrd:rand-read:read rndwr:rand-write:written; do
      sbmode=${pair%%:*}; rest=${pair#*:}; t=${rest%%:*}; what=${rest#*:}
      if grep -q "direct_io_refused=1" "$work/fsb-$t.txt"; then
        echo "$sbmode refused" >> "$work/rows"
        continue
      fi
      sb_mib=$(field "$what, MiB/s:" "$work/sb-$sbmode.txt")
      if [ "$what" = read ]; then sb_ops=$(field "reads/s:" "$work/sb-$sbmode.txt")
      else sb_ops=$(field "writes/s:" "$work/sb-$sbmode.txt"); fi
      echo "$sbmode $sb_mib $(metric mb_per_s "$work/fsb-$t.txt") $sb_ops" \
           "$(metric iops "$work/fsb-$t.txt") $(field "95th percentile:" "$work/sb-$sbmode.txt")" \
           "$(metric latency_p95_ms "$work/fsb-$t.txt")" >> "$work/rows"
    done
  done

  for sbmode in rndrd rndwr; do
    if grep -q "^$sbmode refused" "$work/rows"; then
      printf '%-6s %-5s %14s %14s\n' "$fs" "$sbmode" "-" "refused O_DIRECT"
      continue
    fi
    grep "^$sbmode " "$work/rows" | awk -v fs="$fs" -v m="$sbmode" '
      function median(a, n,   i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
        return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
      }
      { n++; sb[n] = $2 * 1.048576; fb[n] = $3; so[n] = $4; fo[n] = $5; sp[n] = $6; fp[n] = $7; r[n] = ($2 > 0 ? $3 / ($2 * 1.048576) : 0) }
      END {
        printf "%-6s %-5s %14.2f %14.2f %7.2f %12.0f %12.0f %12.3f %12.3f\n",
               fs, m, median(sb, n), median(fb, n), median(r, n), median(so, n), median(fo, n), median(sp, n), median(fp, n)
      }'
  done

  udisksctl unmount --no-user-interaction -b "$loop" >/dev/null
  udisksctl loop-delete --no-user-interaction -b "$loop" >/dev/null
  loop=
done
