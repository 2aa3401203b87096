#!/bin/sh
# fio-compare.sh: FS Bench's queue depth (io_uring) and many-writers
# mechanics against fio on the same freshly formatted disk image, with the
# same files, block size, direct flag, iodepth and numjobs (issue 28):
#   random reads and writes, 16 KiB, O_DIRECT, io_uring, iodepth 8 and 32;
#   4 sequential writers at once, 1 MiB writes, each fsynced in the time.
# Prints each figure of both and their ratio (FS Bench ÷ fio); the goal is
# 0.9–1.1. Both count the closing flush (fio's end_fsync) in the rate;
# FS Bench's rate of the I/O alone, before the flush, is printed beside
# (io_only): the page cache's share of a figure. The two take turns, each
# first in every other round, for -r rounds; the medians are printed.
#
#   bench/fio-compare.sh [-B BUILDDIR] [-f ext4,xfs,btrfs] [-D DIR] [-r N]
#
# Needs root or polkit rights for udisksctl, fio, mkfs.FS. Prints figures;
# it is not a test.
set -eu

build=_build
fslist=ext4
base=/var/tmp
rounds=3
while getopts B:f:D:r: opt; do
  case $opt in
    B) build=$OPTARG ;;
    f) fslist=$OPTARG ;;
    D) base=$OPTARG ;;
    r) rounds=$OPTARG ;;
    *) sed -n '2,14p' "$0"; exit 2 ;;
  esac
done

queue=$build/bench/fsb-bench-queue
task=$build/bench/fsb-bench-task
[ -x "$queue" ] && [ -x "$task" ] || { echo "build first: ninja -C $build" >&2; exit 2; }
command -v fio >/dev/null || { echo "fio is not installed (apt-get install fio)" >&2; exit 2; }

files=8                       # random I/O files
file_mb=64                    # each
requests=20000                # random requests per figure
seq_jobs=4
seq_mb=256                    # each writer's

. "$(dirname "$0")/image-lib.sh"
image_work fio

field() { sed -n "s/^\(.* \)\{0,1\}$1=\([^ ]*\).*/\2/p" "$2" | head -n 1; }

# fio's figures from its JSON: read or write, iops, MB/s, p50 and p99 in ms.
fio_figures() {
  /usr/bin/python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
j = d["jobs"][0][sys.argv[2]]
pct = j["clat_ns"]["percentile"]
print("iops=%.1f mb_per_s=%.2f p50_ms=%.4f p99_ms=%.4f" % (
    j["iops"], j["bw_bytes"] / 1e6, pct["50.000000"] / 1e6, pct["99.000000"] / 1e6))
PY
}

turns() { if [ $(($1 % 2)) -eq 1 ]; then echo fsb fio; else echo fio fsb; fi; }
ratio() { echo "$1 / $2" | bc -l; }
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2) }'; }

printf '# %s random files of %s MiB, %s requests of 16 KiB, O_DIRECT, io_uring; %s writers of %s MiB, 1 MiB writes, fsync at the end; median of %s rounds\n' \
  "$files" "$file_mb" "$requests" "$seq_jobs" "$seq_mb" "$rounds"
printf '%-6s %-18s %12s %12s %7s %7s %10s %10s %12s\n' fs figure fsbench fio ratio r_med p99_fsb p99_fio io_only

for fs in $(echo "$fslist" | tr , ' '); do
  # 2 GiB: Btrfs writes each random block anew (copy on write) and keeps the
  # old one until its transaction ends; 512 MiB of files on 1 GiB ran out
  image_new "$fs" 2G
  # the random I/O files, written once (fio lays them out the same way)
  names=
  for i in $(seq 0 $((files - 1))); do
    dd if=/dev/urandom of="$mnt/rand.$i" bs=1M count="$file_mb" status=none conv=fsync
    names="$names${names:+:}$mnt/rand.$i"
  done
  for kind in randread randwrite; do
    for depth in 8 32; do
      : > "$work/a"; : > "$work/b"; : > "$work/c"; : > "$work/q"; : > "$work/pa"; : > "$work/pb"
      for r in $(seq "$rounds"); do
        # the two take turns, each first in every other round
        for who in $(turns "$r"); do
          cold
          if [ "$who" = fsb ]; then
            # shellcheck disable=SC2046
            "$queue" "$kind" --direct --iodepth "$depth" --requests "$requests" $(echo "$names" | tr : ' ') > "$work/fsb.txt"
          else
            fio --name=cmp --filename="$names" --file_service_type=random --rw="$kind" --bs=16k --direct=1 \
                --ioengine=io_uring --iodepth="$depth" --size=$((files * file_mb))M --number_ios="$requests" \
                --randrepeat=0 --norandommap --end_fsync=1 --output-format=json > "$work/fio.json" 2>/dev/null
          fi
        done
        rw=read; [ "$kind" = randwrite ] && rw=write
        fio_figures "$work/fio.json" "$rw" > "$work/fio.txt"
        field iops "$work/fsb.txt" >> "$work/a"; field iops "$work/fio.txt" >> "$work/b"
        field io_iops "$work/fsb.txt" >> "$work/c"
        ratio "$(field iops "$work/fsb.txt")" "$(field iops "$work/fio.txt")" >> "$work/q"
        field p99_ms "$work/fsb.txt" >> "$work/pa"; field p99_ms "$work/fio.txt" >> "$work/pb"
      done
      a=$(median < "$work/a"); b=$(median < "$work/b")
      printf '%-6s %-18s %12.1f %12.1f %7.2f %7.2f %10.3f %10.3f %12.1f\n' "$fs" "$kind-qd$depth-iops" "$a" "$b" \
        "$(ratio "$a" "$b")" "$(median < "$work/q")" "$(median < "$work/pa")" "$(median < "$work/pb")" "$(median < "$work/c")"
    done
  done
  rm -f "$mnt"/rand.*
  : > "$work/a"; : > "$work/b"; : > "$work/c"; : > "$work/q"
  for r in $(seq "$rounds"); do
    for who in $(turns "$r"); do
      cold
      # both write new files as they go: fio's default would reserve each
      # file's blocks first (fallocate), which FS Bench's writers do not
      if [ "$who" = fsb ]; then
        "$queue" seqwrite --jobs "$seq_jobs" --bytes $((seq_mb << 20)) "$mnt" > "$work/fsb.txt"
        rm -f "$mnt"/seq*
      else
        fio --name=seq --directory="$mnt" --rw=write --bs=1m --numjobs="$seq_jobs" --size="${seq_mb}M" \
            --ioengine=psync --fallocate=none --end_fsync=1 --group_reporting --output-format=json > "$work/fio.json" 2>/dev/null
        rm -f "$mnt"/seq.*
      fi
      sync -f "$mnt"
    done
    fio_figures "$work/fio.json" write > "$work/fio.txt"
    field mb_per_s "$work/fsb.txt" >> "$work/a"; field mb_per_s "$work/fio.txt" >> "$work/b"
    field io_mb_per_s "$work/fsb.txt" >> "$work/c"
    ratio "$(field mb_per_s "$work/fsb.txt")" "$(field mb_per_s "$work/fio.txt")" >> "$work/q"
  done
  a=$(median < "$work/a"); b=$(median < "$work/b")
  printf '%-6s %-18s %12.2f %12.2f %7.2f %7.2f %10s %10s %12.2f\n' "$fs" "seqwrite-${seq_jobs}jobs-MB/s" "$a" "$b" \
    "$(ratio "$a" "$b")" "$(median < "$work/q")" - - "$(median < "$work/c")"
  image_done
done
