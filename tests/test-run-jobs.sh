#!/bin/sh
# fsbench-cli run --jobs: a series that runs and reports, bad counts
# refused before anything is made, and SIGINT during the 4-job step giving
# 130 within 2 s with nothing left (issue 28).
set -u
cli=$1
. "$(dirname "$0")/lib.sh"
skip_unless_udisks

tmp=$(mktemp -d /tmp/fsbench-test-run-jobs-XXXXXX) || exit 1
export XDG_CACHE_HOME="$tmp/cache" XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data"
images="$tmp/images"
mkdir -p "$images"
trap 'release_loops_under "$tmp"; rm -rf "$tmp"' EXIT

json() { /usr/bin/python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }

# Bad counts: 2, a message naming what was typed, nothing made.
for bad in 0 x "1,,2" 65 "1,2,3,4,5,6,7,8,9"; do
  "$cli" run --fs ext4 --jobs "$bad" --target "image@$images" --output "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err"
  st=$?
  [ $st -eq 2 ] || fail "--jobs '$bad' exited $st, not 2"
  grep -q "“$bad”" "$tmp/err" || fail "--jobs '$bad' said: $(cat "$tmp/err")"
done
[ ! -e "$tmp/bad.json" ] || fail "a refused run wrote a result"
no_state_left "refused --jobs" "$images" "$tmp/state"

# A small series of 1 and 2 jobs on ext4: every task at both counts, the
# counts as data, the jobs' CPU counted, a scaling chart per task.
small="--size conc-stream-size=8M --size conc-files=200 --size conc-region-size=4M --size conc-random-writes=200 --size conc-commits=40"
# shellcheck disable=SC2086
"$cli" run --fs ext4 --repeat 1 --workloads concurrency --jobs 1,2 $small \
  --target "image@$images" --output "$tmp/j.json" >"$tmp/out" 2>"$tmp/err" \
  || fail "the jobs run exited $?: $(cat "$tmp/err")"
[ "$(json "$tmp/j.json" "sorted(set(t['conditions']['jobs'] for t in d['filesystems'][0]['tasks'] if 'conditions' in t))")" = "[1, 2]" ] \
  || fail "the result lacks the jobs as data"
[ "$(json "$tmp/j.json" "len([t for t in d['filesystems'][0]['tasks'] if t['id'] == 'conc-write'])")" = 2 ] \
  || fail "conc-write did not run at both counts"
[ "$(json "$tmp/j.json" "min(s['cpu_s'] for t in d['filesystems'][0]['tasks'] if t['id'] == 'conc-write' for s in t['samples'])")" != "0.0" ] \
  || fail "the jobs' CPU was not counted"
"$cli" report "$tmp/j.json" --md "$tmp/j.md" >/dev/null 2>&1 || fail "report exited $?"
[ -s "$tmp/j-scaling-conc-write.png" ] || fail "no scaling chart for conc-write"
grep -q "Speed kept per job" "$tmp/j.md" || fail "the report has no scaling table"
no_state_left "the jobs run" "$images" "$tmp/state"

# SIGINT while 4 jobs commit: 130 within 2 s, nothing left.
"$cli" run --fs ext4 --repeat 1 --workloads concurrency --jobs 4 --size conc-commits=100000 \
  --target "image@$images" --output "$tmp/c.json" >"$tmp/out" 2>"$tmp/err" &
pid=$!
i=0
until grep -q "Durable commits at once (4 jobs)" "$tmp/err" 2>/dev/null; do
  i=$((i + 1))
  [ $i -lt 1800 ] || { kill -KILL $pid; fail "the run never reached the 4-job commits: $(cat "$tmp/err")"; }
  sleep 0.1
done
sleep 1
start=$(date +%s%N)
kill -INT $pid
wait $pid
st=$?
took_ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "# SIGINT during the 4-job step: exit $st after $took_ms ms"
[ $st -eq 130 ] || fail "SIGINT gave exit status $st, not 130: $(cat "$tmp/err")"
[ $took_ms -lt 2000 ] || fail "the run took $took_ms ms to stop after SIGINT"
[ -z "$(loops_under "$tmp")" ] || fail "a loop device on our image was left after SIGINT"
no_state_left "SIGINT" "$images" "$tmp/state"
echo "ok"
