#!/bin/sh
# fsbench-cli run and dataset: exit codes, a real quick run, and SIGINT
# mid-run giving 130 with nothing left behind.
set -u
cli=$1
. "$(dirname "$0")/lib.sh"

tmp=$(mktemp -d /tmp/fsbench-test-run-cli-XXXXXX) || exit 1
export XDG_CACHE_HOME="$tmp/cache" XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data"
images="$tmp/images"
mkdir -p "$images"
trap 'release_loops_under "$tmp"; rm -rf "$tmp"' EXIT

expect_status() {
  want=$1; shift
  "$@" >"$tmp/out" 2>"$tmp/err"
  st=$?
  [ "$st" -eq "$want" ] || fail "'$*' exited $st, not $want: $(cat "$tmp/err")"
}

# Bad usage: 2.
expect_status 2 "$cli" run --output "$tmp/r.json"
expect_status 2 "$cli" run --fs ext4
expect_status 2 "$cli" run --fs ext4 --profile huge --output "$tmp/r.json"
expect_status 2 "$cli" run --fs ext4 --repeat 0 --output "$tmp/r.json"
expect_status 2 "$cli" run --fs ext4 --workloads core,nonsense --output "$tmp/r.json"
expect_status 2 "$cli" run --fs ext4 --source "$tmp/nonexistent" --output "$tmp/r.json"
expect_status 2 "$cli" dataset --profile quick
expect_status 2 "$cli" run --fs ext4 --output "$tmp/no/such/dir/r.json"
[ ! -e "$tmp/r.json" ] || fail "a refused run wrote a result"

# dataset: the files of the manifest, and the same bytes twice.
expect_status 0 "$cli" dataset --profile quick --out "$tmp/ds"
[ "$(stat -c %s "$tmp/ds/big.img")" -eq 35000000 ] || fail "big.img has the wrong size"
[ "$(find "$tmp/ds/tree" -type f | wc -l)" -eq 375 ] || fail "tree/ does not hold 375 files"
[ "$(find "$tmp/ds/tree" -mindepth 1 -type d | wc -l)" -eq 45 ] || fail "tree/ does not hold 45 folders"
[ "$(du -sb --apparent-size "$tmp/ds/tree" | cut -f1)" -ge 95000000 ] || fail "tree/ is too small"
grep -q "sha256 " "$tmp/out" || fail "dataset did not print its checksum"
sum1=$(cat "$tmp/ds/big.img" | sha256sum)
expect_status 0 "$cli" dataset --profile quick --out "$tmp/ds2"
sum2=$(cat "$tmp/ds2/big.img" | sha256sum)
[ "$sum1" = "$sum2" ] || fail "two datasets differ"
rm -rf "$tmp/ds2"

# A custom profile: the sizes asked for.
expect_status 0 "$cli" dataset --big-file 1MiB --tree-files 12 --tree-dirs 3 --tree-size 2M --out "$tmp/custom"
[ "$(stat -c %s "$tmp/custom/big.img")" -eq 1048576 ] || fail "custom big.img is not 1 MiB"
[ "$(find "$tmp/custom/tree" -type f | wc -l)" -eq 12 ] || fail "custom tree/ does not hold 12 files"
[ "$(du -sb --apparent-size "$tmp/custom/tree" | cut -f1)" -ge 2000000 ] || fail "custom tree/ is too small"
expect_status 2 "$cli" dataset --tree-size 12X --out "$tmp/custom2"
# Foreign data in the folder is never overwritten.
mkdir -p "$tmp/foreign/tree" && echo keep > "$tmp/foreign/tree/mine.txt"
expect_status 2 "$cli" dataset --profile quick --out "$tmp/foreign"
[ "$(cat "$tmp/foreign/tree/mine.txt")" = keep ] || fail "dataset overwrote a user's file"

# A custom command's error output reaches the terminal without its escapes.
esc_command='esc=printf "\033]52;c;ZXZpbA==\007\033c done\n" >&2; exit 1'

if [ "$(id -u)" -ne 0 ] || ! busctl --system status org.freedesktop.UDisks2 >/dev/null 2>&1; then
  echo "skipping the runs: they need root and udisksd"
  exit 77
fi

# A partition without --yes-destroy-data is refused: 2.
expect_status 2 "$cli" run --fs ext4 --target /dev/nonexistent-fsbench --output "$tmp/r.json"

# A failure on the way (mkfs.xfs refuses 64 MiB): 1, and nothing left.
expect_status 1 "$cli" check --target "image:64M@$images" --fs xfs
grep -q "xfs" "$tmp/err" || fail "check did not say why it failed: $(cat "$tmp/err")"
no_state_left "a failed check" "$images" "$XDG_STATE_HOME"
[ -z "$(loops_under "$tmp")" ] || fail "a failed check left a loop device"

# A killed command's leftovers (image, loop device, mount): the next run
# cleans them first and says so.
"$cli" check --target "image@$images" --fs ext4 --hold 30 >"$tmp/hold" 2>&1 &
pid=$!
for i in $(seq 100); do grep -q "^Mounted at" "$tmp/hold" 2>/dev/null && break; sleep 0.1; done
grep -q "^Mounted at" "$tmp/hold" || { kill -KILL $pid; fail "check never mounted: $(cat "$tmp/hold")"; }
kill -KILL $pid; wait $pid
[ -n "$(loops_under "$tmp")" ] || fail "the killed check's loop device vanished by itself"

# A real run, with a user's folder as the tree.
expect_status 0 "$cli" run --fs ext4 --repeat 2 --source "$tmp/ds/tree" \
  --target "image@$images" --output "$tmp/r.json"
grep -q "^Cleaned 3 leftovers of an earlier run" "$tmp/out" || fail "run did not clean the leftovers: $(cat "$tmp/out")"
[ -z "$(loops_under "$tmp")" ] || fail "a loop device was left after the run"
grep -q '"complete" : true' "$tmp/r.json" || fail "the result is not complete"
grep -q "tree-copy-in" "$tmp/r.json" || fail "the result lacks tree-copy-in"
grep -q "ext4" "$tmp/out" || fail "no results table on stdout"
[ -z "$(ls -A "$images")" ] || fail "an image was left in $images"

# The pace: the result keeps each step's time against its first guess, and
# "plan" on the same disk follows it, once the run is in the history: the
# same plan again is estimated at what its steps took.
small="--fs ext4 --repeat 2 --workloads core --tree-files 12 --tree-dirs 3 --tree-size 2M --big-file 1M"
# shellcheck disable=SC2086
expect_status 0 "$cli" plan $small --target "image@$images"
grep -q "first guess" "$tmp/out" || fail "plan did not say its time is a first guess: $(cat "$tmp/out")"
# shellcheck disable=SC2086
expect_status 0 "$cli" run $small --target "image@$images" --output "$tmp/pace.json"
json() { /usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"; }
[ "$(json "$tmp/pace.json" 'sorted(d["pace"]) == sorted(["mkfs", "mount", "umount", "big-copy-in", "big-recopy",
  "big-delete", "tree-copy-in", "tree-recopy", "tree-list", "tree-find", "tree-delete"])')" = True ] \
  || fail "the pace lacks steps: $(json "$tmp/pace.json" 'd.get("pace")')"
mkdir -p "$XDG_DATA_HOME/fsbench/history"
cp "$tmp/pace.json" "$XDG_DATA_HOME/fsbench/history/"
# shellcheck disable=SC2086
"$cli" plan $small --target "image@$images" --json > "$tmp/paced.json" || fail "plan --json exited $?"
[ "$(json "$tmp/paced.json" 'd["estimate_paced_by"]')" = "$(json "$tmp/pace.json" 'd["created"]')" ] \
  || fail "plan does not follow the run's pace: $(json "$tmp/paced.json" 'd["estimate_paced_by"]')"
/usr/bin/python3 - "$tmp/paced.json" "$tmp/pace.json" <<'PY' || fail "the paced estimate is not what the steps took"
import json, sys
plan, run = (json.load(open(p)) for p in sys.argv[1:3])
est = plan["estimated_seconds"] - plan["dataset_seconds"]
taken = sum(p["taken_s"] for p in run["pace"].values())
print("paced estimate %.2f s, the steps took %.2f s" % (est, taken))
sys.exit(0 if abs(est - taken) <= 0.2 + 0.01 * taken else 1)
PY
# shellcheck disable=SC2086
expect_status 0 "$cli" plan $small --target "image@$images"
grep -q "follows how long each step took" "$tmp/out" || fail "plan does not say whose pace it follows: $(cat "$tmp/out")"

# A use case runs the groups it needs, and its verdict is measured: a
# database runs random-io, sync-write and sqlite (small sizes), repetitions
# automatic.
expect_status 0 "$cli" run --fs ext4,xfs --use-case database --repeat-max 4 --target "image@$images" \
  --size randio-files=4 --size randio-file-size=256K --size randio-requests=200 \
  --size sync-files=2 --size sync-file-size=256K --size sync-commits=50 \
  --size sqlite-rows=2000 --size sqlite-transactions=20 --size sqlite-lookups=200 --size sqlite-seconds=1 \
  --output "$tmp/db.json"
[ "$(json "$tmp/db.json" 'd["workloads"]')" = "['random-io', 'sync-write', 'sqlite']" ] || fail "database's groups: $(json "$tmp/db.json" 'd["workloads"]')"
[ "$(json "$tmp/db.json" 'sorted(t["id"] for t in d["filesystems"][0]["tasks"])')" = \
  "['mkfs', 'mount', 'rand-read', 'rand-write', 'sqlite-insert', 'sqlite-insert-wal', 'sqlite-lookup', 'sqlite-update', 'sync-write', 'umount']" ] \
  || fail "database's tasks: $(json "$tmp/db.json" 'sorted(t["id"] for t in d["filesystems"][0]["tasks"])')"
[ "$(json "$tmp/db.json" 'd["repetition_policy"]["mode"]')" = auto ] || fail "not automatic repetitions"
[ "$(json "$tmp/db.json" '3 <= d["repetitions"] <= 4')" = True ] || fail "repetitions out of 3..4"
# The result holds what was measured; the intervals are derived in the report.
[ "$(json "$tmp/db.json" 'any("stats" in t for f in d["filesystems"] for t in f["tasks"])')" = False ] \
  || fail "the result holds derived stats"
"$cli" report "$tmp/db.json" --csv "$tmp/db.csv" > /dev/null || fail "report --csv exited $?"
grep -q ',rand-read,.*,ci95_low,' "$tmp/db.csv" || fail "no interval in the report's CSV: $(head -5 "$tmp/db.csv")"
"$cli" recommend "$tmp/db.json" --json > "$tmp/db-rec.json" || fail "recommend exited $?"
[ "$(json "$tmp/db-rec.json" 'd["verdict"] in ("winner", "tie") and d["missing_groups"] == []')" = True ] \
  || fail "the database verdict is not measured: $(cat "$tmp/db-rec.json")"
grep -q "Automatic repetitions" "$tmp/out" || fail "run did not say how the repetitions ended"
[ -z "$(ls -A "$images")" ] || fail "an image was left in $images"

# OSC 52 and ESC c in a custom command's stderr: neither on the terminal
# nor in the result.
expect_status 0 "$cli" run --fs ext4 --repeat 1 --workloads "" --custom "$esc_command" \
  --tree-files 4 --tree-dirs 1 --tree-size 40K --big-file 1M --target "image@$images" --output "$tmp/esc.json"
grep -q "esc failed on ext4" "$tmp/out" || fail "the failed command is not reported: $(cat "$tmp/out")"
if LC_ALL=C grep -q "$(printf '[\033\007]')" "$tmp/out" "$tmp/err"; then fail "an escape reached the terminal"; fi
grep -q '\\u001b' "$tmp/esc.json" && fail "the result keeps the escape"
[ -z "$(loops_under "$tmp")" ] || fail "a loop device was left after the custom run"

# Starts a run of ext4 and xfs writing to $1, in the background ($pid), and
# waits until it has reached xfs and saved a finished task (they take turns
# task by task: xfs begins right after ext4's mkfs).
start_run_until_xfs() {
  "$cli" run --fs ext4,xfs --repeat 3 --target "image@$images" --output "$1" \
    >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  local i=0
  until grep -q "xfs 1/3" "$tmp/err" 2>/dev/null && grep -q '"big-copy-in"' "$1" 2>/dev/null; do
    i=$((i + 1))
    [ $i -lt 600 ] || { kill -KILL $pid; fail "the run never reached xfs: $(cat "$tmp/err")"; }
    sleep 0.1
  done
}

# SIGINT in the middle: 130, a partial result, nothing left.
start_run_until_xfs "$tmp/p.json"
kill -INT $pid
wait $pid
st=$?
[ $st -eq 130 ] || fail "SIGINT gave exit status $st, not 130: $(cat "$tmp/err")"
grep -q '"complete" : false' "$tmp/p.json" || fail "no partial result after SIGINT"
grep -q '"big-copy-in"' "$tmp/p.json" || fail "the partial result lacks the finished tasks"
[ -z "$(ls -A "$images")" ] || fail "an image was left in $images after SIGINT"
[ -z "$(loops_under "$tmp")" ] || fail "a loop device on our image was left after SIGINT"
dev=$(sed -n 's/.*"device" : "\(\/dev\/[^"]*\)".*/\1/p' "$tmp/p.json" | head -n 1)
[ -n "$dev" ] || fail "the partial result names no device"
if grep -q "^$dev " /proc/mounts; then
  fail "$dev is still mounted after SIGINT"
fi
# SIGKILL in the middle: nothing could write the whole file, yet --output,
# appended to after every task, loads as a result with the finished tasks.
start_run_until_xfs "$tmp/k.json"
kill -KILL $pid
wait $pid
head -c 20 "$tmp/k.json" | grep -q '^{"fsbench_journal":1' || fail "the killed run's file is not a journal"
"$cli" report "$tmp/k.json" --md "$tmp/k.md" > "$tmp/k-out" 2>&1 || fail "the killed run's result does not load: $(cat "$tmp/k-out")"
grep -q "ext4" "$tmp/k.md" || fail "the killed run's report lacks ext4"
"$cli" clean > "$tmp/k-clean" 2>&1 || fail "clean after the kill exited $?: $(cat "$tmp/k-clean")"
[ -z "$(ls -A "$images")" ] || fail "an image was left in $images after the kill and clean"
[ -z "$(loops_under "$tmp")" ] || fail "a loop device on our image was left after the kill and clean"
echo "fsbench-cli run and dataset: ok"
