#!/bin/sh
# sqlite-compare.sh: the sqlite3 program and FS Bench's sqlite-insert task
# on the same freshly formatted disk image, side by side: the same
# database (made by the task's own set-up), the same pragmas
# (journal_mode=DELETE, synchronous=FULL, a 256 KiB cache), the same
# transactions of the same rows, each started cold; the ratio of their
# transactions per second. Both clocks hold the transactions alone: the
# task starts its clock after opening the database and setting the
# pragmas (which turns the set-up's WAL back into a rollback journal), so
# sqlite3 reads the clock (.shell date) after the pragmas and after the
# last COMMIT, not around its start and the parsing of its input. A round
# is sqlite3, task, task, sqlite3 (a load that rises or falls through the
# round weighs on both alike), its ratio that of their summed times; the
# median of the rounds' ratios is printed.
#
#   bench/sqlite-compare.sh [-B BUILDDIR] [-f ext4,xfs] [-p quick] [-D DIR] [-r N]
#
# Needs root or polkit rights for udisksctl, the sqlite3 program, mkfs.FS.
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
    *) sed -n '2,19p' "$0"; exit 2 ;;
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

. "$(dirname "$0")/image-lib.sh"
image_work sqlite

# The task's transactions as SQL: ids past the database's, text of its length.
awk -v tx="$tx" -v per="$per" -v first="$((rows + 1000000000))" 'BEGIN {
  print "PRAGMA journal_mode=DELETE;"; print "PRAGMA synchronous=FULL;"; print "PRAGMA cache_size=-256;"
  print ".shell date +%s.%N"
  srand(1); id = first
  for (t = 0; t < tx; t++) {
    print "BEGIN;"
    for (r = 0; r < per; r++) {
      s = ""; for (c = 0; c < 100; c++) s = s substr("abcdefghijklmnopqrstuvwxyz      ", int(rand() * 32) + 1, 1)
      printf "INSERT INTO item (id, k, v) VALUES (%d, %d, '\''%s'\'');\n", id++, int(rand() * 2147483647), s
    }
    print "COMMIT;"
  }
  print ".shell date +%s.%N"
}' > "$work/tx.sql"

printf '# %s profile: %s rows, %s transactions of %s rows, synchronous=FULL, rollback journal; median of %s rounds\n' \
  "$profile" "$rows" "$tx" "$per" "$rounds"
printf '# load average %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %14s %14s %7s\n' fs sqlite3_tx/s fsbench_tx/s ratio

# sql: sqlite3's transactions per second, cold, between its two readings of the clock
sql() {
  "$task" --profile "$profile" $sizes --dir "$mnt" --setup sqlite-insert
  cold
  sqlite3 "$mnt/sqlite/bench.db" < "$work/tx.sql" > "$work/clock"
  sync -f "$mnt"
  rm -rf "$mnt/sqlite"
  awk '/^[0-9.]+$/ { t[++n] = $1 } END { print t[2] - t[1] }' "$work/clock"
}
# fsb: the task's seconds, from its transactions per second, cold
fsb() {
  "$task" --profile "$profile" $sizes --dir "$mnt" --setup sqlite-insert
  cold
  "$task" --profile "$profile" $sizes --dir "$mnt" sqlite-insert > "$work/fsb.txt"
  rm -rf "$mnt/sqlite"
  echo "$tx / $(metric transactions_per_s "$work/fsb.txt")" | bc -l
}

for fs in $(echo "$fslist" | tr , ' '); do
  image_new "$fs"
  : > "$work/rows"
  for round in $(seq "$rounds"); do
    q1=$(sql); f1=$(fsb); f2=$(fsb); q2=$(sql)
    echo "$q1 $q2 $f1 $f2" >> "$work/rows"
  done
  # FSB_VERBOSE=1: each round's seconds (tool, tool, task, task) on stderr
  [ -z "${FSB_VERBOSE:-}" ] || sed "s/^/# $fs round: /" "$work/rows" >&2
  awk -v fs="$fs" -v tx="$tx" '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    { n++; s[n] = 2 * tx / ($1 + $2); f[n] = 2 * tx / ($3 + $4); r[n] = ($1 + $2) / ($3 + $4) }
    END { printf "%-6s %14.1f %14.1f %7.2f\n", fs, median(s, n), median(f, n), median(r, n) }
  ' "$work/rows"
  image_done
done
