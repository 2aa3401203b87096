#!/bin/sh
# sqlite-compare.sh: the sqlite3 program and FS Bench's sqlite-insert task
# on the same freshly formatted disk image, side by side: the same
# database (made by the task's own set-up), the same pragmas
# (journal_mode=DELETE, synchronous=FULL, a 256 KiB cache), the same
# transactions of the same rows, each started cold; the ratio of their
# transactions per second.
#
#   bench/sqlite-compare.sh [-B BUILDDIR] [-f ext4,xfs] [-p quick] [-D DIR] [-r N]
#
# Needs root or polkit rights for udisksctl, the sqlite3 program, mkfs.FS.
# Prints figures; it is not a test. sqlite3's time includes starting the
# program and parsing the statements, which the task does not pay.
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
    *) sed -n '2,13p' "$0"; exit 2 ;;
  esac
done

task=$build/bench/fsb-bench-task
[ -x "$task" ] || { echo "build first: ninja -C $build" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "sqlite3 is not installed (apt-get install sqlite3)" >&2; exit 2; }

# the profile's sqlite sizes, no time limit, so both do every transaction
eval "$("$task" --profile "$profile" --show-profile)"
tx=$sqlite_transactions
per=$sqlite_rows_per_transaction
rows=$sqlite_rows
sizes="--size sqlite-seconds=3600"

work=$(mktemp -d "$base/fsbench-sqlite-XXXXXX")
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
metric() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" "$2" | head -n 1; }

# The task's transactions as SQL: ids past the database's, text of its length.
awk -v tx="$tx" -v per="$per" -v first="$((rows + 1000000000))" 'BEGIN {
  print "PRAGMA journal_mode=DELETE;"; print "PRAGMA synchronous=FULL;"; print "PRAGMA cache_size=-256;"
  srand(1); id = first
  for (t = 0; t < tx; t++) {
    print "BEGIN;"
    for (r = 0; r < per; r++) {
      s = ""; for (c = 0; c < 100; c++) s = s substr("abcdefghijklmnopqrstuvwxyz      ", int(rand() * 32) + 1, 1)
      printf "INSERT INTO item (id, k, v) VALUES (%d, %d, '\''%s'\'');\n", id++, int(rand() * 2147483647), s
    }
    print "COMMIT;"
  }
}' > "$work/tx.sql"

printf '# %s profile: %s rows, %s transactions of %s rows, synchronous=FULL, rollback journal; median of %s rounds\n' \
  "$profile" "$rows" "$tx" "$per" "$rounds"
printf '%-6s %14s %14s %7s\n' fs sqlite3_tx/s fsbench_tx/s ratio

for fs in $(echo "$fslist" | tr , ' '); do
  rm -f "$img"
  truncate -s 600M "$img"
  loop=$(udisksctl loop-setup --no-user-interaction -f "$img" | sed -n 's/.* as \(\/dev\/loop[0-9]*\)\.$/\1/p')
  [ -b "$loop" ] || { echo "loop-setup failed" >&2; exit 1; }
  case $fs in
    ext*) "mkfs.$fs" -q -F "$loop" ;;
    *) "mkfs.$fs" -q -f "$loop" ;;
  esac >/dev/null
  udevadm settle 2>/dev/null || sleep 1
  mount_it
  : > "$work/rows"
  for round in $(seq "$rounds"); do
    "$task" --profile "$profile" $sizes --dir "$mnt" --setup sqlite-insert
    cold
    start=$(date +%s.%N)
    sqlite3 "$mnt/sqlite/bench.db" < "$work/tx.sql" > /dev/null
    sync -f "$mnt"
    end=$(date +%s.%N)
    rm -rf "$mnt/sqlite"
    "$task" --profile "$profile" $sizes --dir "$mnt" --setup sqlite-insert
    cold
    "$task" --profile "$profile" $sizes --dir "$mnt" sqlite-insert > "$work/fsb.txt"
    rm -rf "$mnt/sqlite"
    echo "$(echo "$tx / ($end - $start)" | bc -l) $(metric transactions_per_s "$work/fsb.txt")" >> "$work/rows"
  done
  awk -v fs="$fs" '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    { n++; s[n] = $1; f[n] = $2; r[n] = ($1 > 0 ? $2 / $1 : 0) }
    END { printf "%-6s %14.1f %14.1f %7.2f\n", fs, median(s, n), median(f, n), median(r, n) }
  ' "$work/rows"
  udisksctl unmount --no-user-interaction -b "$loop" >/dev/null
  udisksctl loop-delete --no-user-interaction -b "$loop" >/dev/null
  loop=
done
