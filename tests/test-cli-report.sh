#!/bin/sh
# fsbench-cli report and recommend: outputs, and clear errors (exit 2) for bad files.
set -eu
cli=$1
data=$2
fail() { echo "FAIL: $*"; exit 1; }
export LC_ALL=C.UTF-8 LANGUAGE=
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fsbench-cli-report-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# expect_error STATUS NEEDLE... -- ARGS: the command fails with STATUS and says each NEEDLE
expect_error() {
  want=$1; shift
  needles=""
  while [ "$1" != "--" ]; do needles="$needles|$1"; shift; done
  shift
  set +e
  "$cli" "$@" >"$tmp/out" 2>"$tmp/err"; st=$?
  set -e
  [ $st -eq "$want" ] || fail "'$*' exited $st, not $want: $(cat "$tmp/err")"
  echo "$needles" | tr '|' '\n' | while IFS= read -r n; do
    [ -z "$n" ] || grep -qF -- "$n" "$tmp/err" || fail "'$*' did not say '$n': $(cat "$tmp/err")"
  done
}

head -c 700 "$data/study.json" > "$tmp/truncated.json"
printf '\177ELF\001\002garbage' > "$tmp/corrupt.json"
: > "$tmp/empty.json"
sed 's|fsbench-result/1|fsbench-result/7|' "$data/study.json" > "$tmp/future.json"

expect_error 2 "$tmp/missing.json" -- recommend "$tmp/missing.json"
expect_error 2 "$tmp/truncated.json" "truncated" -- report "$tmp/truncated.json" --html "$tmp/x.html"
expect_error 2 "$tmp/corrupt.json" "not valid JSON" -- report "$tmp/corrupt.json"
expect_error 2 "$tmp/empty.json" "empty" -- recommend "$tmp/empty.json"
expect_error 2 "$tmp/future.json" "fsbench-result/7" -- report "$data/study.json" "$tmp/future.json"
expect_error 2 "gaming" -- recommend "$data/study.json" --use-case gaming
expect_error 2 "zz" -- report "$data/study.json" --lang zz --html "$tmp/x.html"
expect_error 2 -- report
[ ! -e "$tmp/x.html" ] || fail "a failed report left a file behind"

"$cli" report "$data/study.json" --use-case media --html "$tmp/r.html" --pdf "$tmp/r.pdf" \
       --csv "$tmp/r.csv" --md "$tmp/r.md" --json "$tmp/r.json" > "$tmp/out" || fail "report exited $?"
for f in r.html r.pdf r.csv r.md r.json r-big-files.png; do
  [ -s "$tmp/$f" ] || fail "report did not write $f"
done
grep -q "Not measured for “Media and large files”" "$tmp/r.html" || fail "--use-case media not used"
# The charts beside the Markdown are linked by their relative names, and each link resolves.
grep -qF "](r-big-files.png)" "$tmp/r.md" || fail "r.md does not link its charts"
! grep -qi "attach" "$tmp/r.md" || fail "r.md still asks to attach the charts"
grep -o '\]([^)]*)' "$tmp/r.md" | sed 's/^](//; s/)$//' | while IFS= read -r link; do
  case "$link" in /*|*:*) fail "r.md links $link, not a relative name" ;; esac
  [ -f "$tmp/$link" ] || fail "r.md links $link, which is not beside it"
done
head -c 5 "$tmp/r.pdf" | grep -q "%PDF-" || fail "r.pdf is not a PDF"

"$cli" report "$data/study.json" "$data/study-after.json" --md "$tmp/cmp.md" >/dev/null || fail "comparison exited $?"
grep -q "Comparison of 2 results" "$tmp/cmp.md" || fail "the comparison has no title"

# Two files of the same name: their CSV rows differ by the run's key, and
# each figure has its ratio to the first run's (XFS copies a big file in 8 % faster).
mkdir "$tmp/a" "$tmp/b"
cp "$data/study.json" "$tmp/a/run.json"
cp "$data/study-after.json" "$tmp/b/run.json"
"$cli" report "$tmp/a/run.json" "$tmp/b/run.json" --csv "$tmp/cmp.csv" >/dev/null || fail "comparison CSV exited $?"
head -1 "$tmp/cmp.csv" | grep -q "^result,filesystem,section,task,metric,statistic,value,unit,run,ratio,change" \
  || fail "comparison CSV header: $(head -1 "$tmp/cmp.csv")"
grep -q "^run.json,xfs,big-files,big-copy-in,wall_s,median,34.6757,s,r1,1," "$tmp/cmp.csv" || fail "comparison CSV: the first run"
grep -q "^run.json,xfs,big-files,big-copy-in,wall_s,median,31.8111,s,r2,0.917388834255689[0-9]*,better" "$tmp/cmp.csv" \
  || fail "comparison CSV: the second run"

# A CPU interval on a 2-core machine stops at 200 %, a time's at 0.
/usr/bin/python3 - "$data/study.json" "$tmp/scattered.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["machine"]["cores"] = 2
fs = d["filesystems"][0]
fs["tasks"] = [{"id": "mount", "samples": [{"wall_s": 0.0, "cpu_percent": 20.0}, {"wall_s": 0.05, "cpu_percent": 190.0}]}]
json.dump(d, open(sys.argv[2], "w"))
PY
"$cli" report "$tmp/scattered.json" --csv "$tmp/scattered.csv" >/dev/null || fail "scattered CSV exited $?"
grep -q ",mount,wall_s,ci95_low,0,s" "$tmp/scattered.csv" || fail "a time's interval below 0: $(grep ci95_low "$tmp/scattered.csv")"
grep -q ",mount,cpu_percent,ci95_high,200,%" "$tmp/scattered.csv" || fail "a CPU interval past 200 %: $(grep ci95_high "$tmp/scattered.csv")"

json() {  # json FILE EXPR: a value of the JSON in FILE
  /usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# A core-only study says nothing about a server or a database: not
# measured, which groups are missing, and the command that measures them.
out=$("$cli" recommend "$data/study.json") || fail "recommend exited $?"
echo "$out" | grep -q "Not measured for “Small home or office server”" || fail "recommend said: $out"
echo "$out" | grep -q "fsbench-cli run --fs ext3,reiserfs,jfs,xfs --use-case server" || fail "no command: $out"
"$cli" recommend "$data/study.json" --use-case database --json > "$tmp/db.json" || fail "recommend --json exited $?"
[ "$(json "$tmp/db.json" 'd["use_case"]')" = database ] || fail "recommend --json: use_case"
[ "$(json "$tmp/db.json" 'd["verdict"]')" = not-measured ] || fail "recommend --json: verdict"
[ "$(json "$tmp/db.json" 'd["winner"]')" = None ] || fail "recommend --json: winner"
[ "$(json "$tmp/db.json" 'd["missing_groups"]')" = "['random-io', 'sync-write', 'sqlite']" ] || fail "recommend --json: missing"
[ "$(json "$tmp/db.json" '[c["id"] for c in d["criteria"] if c["verdict"] == "not-measured"]')" = \
  "['random-io', 'sync-write', 'sqlite']" ] || fail "recommend --json: the criteria not measured"

# With the database groups added (XFS twice as fast, steady), it is measured.
/usr/bin/python3 - "$data/study.json" "$tmp/db-study.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for fs in d["filesystems"]:
    speed = 2.0 if fs["name"] == "xfs" else 1.0
    for task, metric in (("rand-read", "mb_per_s"), ("rand-write", "mb_per_s"), ("sync-write", "commits_per_s"),
                         ("sqlite-insert", "transactions_per_s"), ("sqlite-insert-wal", "transactions_per_s"),
                         ("sqlite-lookup", "lookups_per_s"), ("sqlite-update", "transactions_per_s")):
        fs["tasks"].append({"id": task, "samples": [{metric: 100 * speed * f, "wall_s": 1.0} for f in (0.98, 1.0, 1.02)]})
json.dump(d, open(sys.argv[2], "w"))
PY
"$cli" recommend "$tmp/db-study.json" --use-case database --json > "$tmp/db2.json" || fail "recommend --json exited $?"
[ "$(json "$tmp/db2.json" 'd["verdict"]')" = winner ] || fail "measured: $(cat "$tmp/db2.json")"
[ "$(json "$tmp/db2.json" 'd["winner"]')" = xfs ] || fail "measured: the winner"
[ "$(json "$tmp/db2.json" 'd["confidence"]')" = high ] || fail "measured: the confidence"
[ "$(json "$tmp/db2.json" '[(c["id"], c["verdict"], c["winner"]) for c in d["criteria"] if c["weight"] >= 4]')" = \
  "[('random-io', 'winner', 'xfs'), ('sync-write', 'winner', 'xfs'), ('sqlite', 'winner', 'xfs')]" ] \
  || fail "measured: the criteria"
[ "$(json "$tmp/db2.json" '[round(c["ratio"], 2) for c in d["criteria"] if c["id"] == "random-io"][0]')" = 2.0 ] \
  || fail "measured: the ratio"
[ "$(json "$tmp/db2.json" '[c["ci95"][0] < 2 < c["ci95"][1] for c in d["criteria"] if c["id"] == "random-io"][0]')" = True ] \
  || fail "measured: the interval"

# Markdown on stdout without an output option
"$cli" report "$data/study.json" > "$tmp/stdout.md" || fail "report to stdout exited $?"
head -1 "$tmp/stdout.md" | grep -q "^# Comparison of the filesystems" || fail "no Markdown on stdout"
! grep -qi "attach\|\.png" "$tmp/stdout.md" || fail "the Markdown on stdout speaks of charts it did not write"
echo "fsbench-cli report and recommend: ok"
