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

# A tree of one folder is said in the singular in every language: «в 1 папке».
/usr/bin/python3 - "$data/quick.json" "$tmp/one-dir.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["sizes"]["tree-dirs"] = 1
d["sizes"]["tree-files"] = 21
json.dump(d, open(sys.argv[2], "w"))
PY
if locale -a 2>/dev/null | grep -qi '^ru_RU\.utf-\?8$'; then
  "$cli" report "$tmp/one-dir.json" --lang ru | grep -q "дерево из 21 файла в 1 папке, всего" \
    || fail "one folder in Russian: $("$cli" report "$tmp/one-dir.json" --lang ru | grep -o "дерево из[^;|]*" | head -1)"
fi
"$cli" report "$tmp/one-dir.json" --lang en | grep -q "a tree of 21 files in 1 folder, " \
  || fail "one folder in English: $("$cli" report "$tmp/one-dir.json" --lang en | grep -o "a tree of[^;|]*" | head -1)"
# Task names listed in a sentence each stand in the language's quotes.
"$cli" report "$data/quick.json" --lang ru | grep -q "«Смонтировать» и «Размонтировать»\|«Размонтировать» и «Смонтировать»\|«[^»]*», «[^»]*» и «[^»]*»" \
  || fail "task names unquoted: $("$cli" report "$data/quick.json" --lang ru | grep "меньше" | head -2)"

# One unit per column: every time of a table's column in the same unit
# ("0.0775 s" never above "71.6 ms"), in a study and in a comparison.
"$cli" report "$data/quick.json" --md "$tmp/units-study.md" >/dev/null
"$cli" report "$data/quick.json" "$data/standard.json" --md "$tmp/units-cmp.md" >/dev/null
/usr/bin/python3 - "$tmp/units-study.md" "$tmp/units-cmp.md" <<'PY' || fail "a column of times in more than one unit"
import re, sys
bad = 0
for path in sys.argv[1:]:
    table, results = [], False
    for line in open(path, encoding="utf-8").read().splitlines() + [""]:
        # the tables of the results (the summary at the top has a task per row, a filesystem per column)
        results = results or line == "## Results"
        if line.startswith("|") and results:
            table.append([c.strip() for c in line.strip("|").split("|")])
            continue
        for col in range(len(table[0]) if table else 0):
            units = {m.group(1) for row in table[2:] if col < len(row)
                     for m in [re.fullmatch(r"[\d.,]+\u00a0(s|ms|µs)\*?", row[col])] if m}
            if len(units) > 1:
                print("%s: column %r holds %s" % (path, table[0][col], sorted(units)))
                bad = 1
        table = []
sys.exit(bad)
PY

# The overview (the HTML's table under the verdict, the Markdown's compact
# block): one unit and one precision per column ("8.00 MB/s" beside
# "13.5 MB/s", never "8 MB/s"; "0.0919 s" beside "0.153 s", never "91.9 ms");
# past a minute in seconds, never "1 min 18 s" beside "7.07 s". And no time
# or interval of the results switches unit inside its cell ("2 min 30 s –
# 2 min 49 s").
for r in study quick-all; do
  "$cli" report "$data/$r.json" --md "$tmp/glance-$r.md" --html "$tmp/glance-$r.html" >/dev/null
done
/usr/bin/python3 - "$tmp"/glance-study.* "$tmp"/glance-quick-all.* <<'PY' || fail "a column of the overview in more than one unit or precision"
import html, re, sys
bad = 0
FIGURE = re.compile(r"([\d.,]+)\u00a0(\S+)")

def column_ok(where, title, cells):
    global bad
    figures = [FIGURE.fullmatch(c) for c in cells if c not in ("—", "")]
    if not any(re.search(r"\d", c) for c in cells) or title.startswith("The leader") or title == "Each task ran":
        return
    if None in figures:
        print("%s: column %r: not one number and its unit: %r" % (where, title, cells))
        bad = 1
        return
    units = {m.group(2) for m in figures}
    decimals = {len(m.group(1).partition(".")[2]) for m in figures}
    digits = [len(m.group(1).replace(",", "").replace(".", "").lstrip("0")) for m in figures]
    if len(units) > 1 or (len(decimals) > 1 and min(digits) < 3):
        print("%s: column %r mixes units or precisions: %r" % (where, title, cells))
        bad = 1

for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    if path.endswith(".html"):
        table = re.search(r'<table class="glance">(.*?)</table>', text, re.S).group(1)
        rows = [[html.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", tr, re.S)]
                for tr in re.findall(r"<tr>(.*?)</tr>", table, re.S)]
    else:
        block = re.search(r"```\n.*?\n\n(.*?)\n```", text, re.S).group(1).splitlines()
        rows = [re.split(r"\s{2,}", l.strip()) for l in block]
        for cells in re.findall(r"^\|(.*)\|$", text, re.M):
            for c in cells.split("|"):
                if re.search(r"\bmin\b", c) and re.search(r"\d\u00a0s\b|\d s\b", c):
                    print("%s: a time or interval switches unit in its cell: %r" % (path, c.strip()))
                    bad = 1
    for col in range(1, len(rows[0])):
        column_ok(path, rows[0][col], [r[col] for r in rows[1:] if col < len(r)])
sys.exit(bad)
PY

# --csv-locale: a CSV that a spreadsheet of the report's language opens as
# is: a UTF-8 BOM; in German ';' between fields and decimal commas, each row
# as many fields as the header, texts with a separator still quoted whole.
if locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
  "$cli" report "$tmp/a/run.json" "$tmp/b/run.json" --lang de --csv-locale --csv "$tmp/de.csv" >/dev/null \
    || fail "--csv-locale exited $?"
  /usr/bin/python3 - "$tmp/de.csv" <<'PY' || fail "the German CSV does not open as a German spreadsheet would"
import csv, sys
raw = open(sys.argv[1], "rb").read()
assert raw.startswith(b"\xef\xbb\xbf"), "no byte order mark"
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8-sig", newline=""), delimiter=";"))
assert rows[0][:3] == ["result", "filesystem", "section"], rows[0]
assert {len(r) for r in rows} == {len(rows[0])}, "rows of other lengths"
row = next(r for r in rows if r[3:6] == ["big-copy-in", "wall_s", "median"] and r[1] == "xfs" and r[8] == "r2")
assert row[6] == "31,8111" and row[0] == "run.json", row
PY
fi
"$cli" report "$data/study.json" --lang en --csv-locale --csv "$tmp/en.csv" >/dev/null || fail "--csv-locale en exited $?"
head -c 3 "$tmp/en.csv" | od -An -tx1 | grep -q "ef bb bf" || fail "an English --csv-locale CSV has no BOM"
sed -n 2p "$tmp/en.csv" | grep -q "^study.json,ext3,capacity,capacity-initial,percent,value,[0-9]*\.[0-9]*,%" \
  || fail "an English --csv-locale CSV: $(sed -n 2p "$tmp/en.csv")"
"$cli" report "$data/study.json" --csv "$tmp/plain.csv" >/dev/null
head -c 6 "$tmp/plain.csv" | grep -q "^result" || fail "the plain CSV starts with a BOM"

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
        fs["tasks"].append({"id": task, "samples": [{metric: 100 * speed * f, "wall_s": 1.0, "iops": 6400 * speed * f,
                                                     "latency_p50_ms": 0.12 / speed, "latency_p95_ms": 0.9 / speed,
                                                     "latency_p99_ms": 4.5 / speed} for f in (0.98, 1.0, 1.02)]})
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

# Random I/O shows its operations per second and its latencies, and no
# second column of MB/s beside its median (which is MB/s already).
"$cli" report "$tmp/db-study.json" --use-case database --md "$tmp/db.md" >/dev/null || fail "db report exited $?"
grep -q "^| Task | Filesystem | Median | 95 % interval | Operations per second (IOPS) | Latency p50 / p95 / p99 |" "$tmp/db.md" \
  || fail "random I/O columns: $(grep "^| Task | Filesystem | Median" "$tmp/db.md" | tail -1)"
grep -q "^| Random reads | XFS | 200.MB/s | [^|]* | 12,800 | 0.0600 / 0.450 / 2.25.ms |" "$tmp/db.md" \
  || fail "random I/O row: $(grep "^| Random reads | XFS" "$tmp/db.md")"

# A schema 1 result (conditions in the task ids, "@aged"; transfers as
# medians), recorded by FS Bench 0.1.0 before conditions were data, reports
# as the golden files say (its CSV's checksum is still 0.1.0's; its Markdown
# was made again when the report's tables changed: one time unit per column,
# quoted task names), and so does the same result saved again in today's
# schema.
mkdir "$tmp/now"
now="$tmp/now/aged-transfers-1.json"
"$cli" report "$data/aged-transfers-1.json" --md "$tmp/old.md" --csv "$tmp/old.csv" \
       --json "$now" >/dev/null || fail "the schema 1 report exited $?"
[ "$(json "$now" 'sorted({(t["id"], str(t.get("conditions"))) for f in d["filesystems"] for t in f["tasks"] if t["id"] == "tree-list"})')" = \
  "[('tree-list', 'None'), ('tree-list', \"{'aged': True}\")]" ] || fail "saved again, the conditions are not data"
cmp "$data/aged-transfers-1.md" "$tmp/old.md" || fail "the schema 1 result's Markdown changed: $(diff "$data/aged-transfers-1.md" "$tmp/old.md" | head)"
[ "$(sha256sum < "$tmp/old.csv")" = "$(cat "$data/aged-transfers-1.csv.sha256")" ] || fail "the schema 1 result's CSV changed"
"$cli" report "$now" --md "$tmp/now/old.md" --csv "$tmp/now/old.csv" >/dev/null || fail "the schema 2 report exited $?"
cmp "$data/aged-transfers-1.md" "$tmp/now/old.md" || fail "saved again, the Markdown changed: $(diff "$data/aged-transfers-1.md" "$tmp/now/old.md" | head)"
[ "$(sha256sum < "$tmp/now/old.csv")" = "$(cat "$data/aged-transfers-1.csv.sha256")" ] || fail "saved again, the CSV changed"

# Markdown on stdout without an output option
"$cli" report "$data/study.json" > "$tmp/stdout.md" || fail "report to stdout exited $?"
head -1 "$tmp/stdout.md" | grep -q "^# Comparison of the filesystems" || fail "no Markdown on stdout"
! grep -qi "attach\|\.png" "$tmp/stdout.md" || fail "the Markdown on stdout speaks of charts it did not write"
# The build's own catalogs without FSBENCH_LOCALEDIR: a program of the build
# tree speaks the reader's language; the same program copied out of it
# looks where an installed one does (no Russian from the build there).
if locale -a 2>/dev/null | grep -qi '^ru_RU\.utf-\?8$'; then
  out=$(env -u FSBENCH_LOCALEDIR LC_ALL=ru_RU.UTF-8 "$cli" report "$data/study.json") || fail "report under ru_RU exited $?"
  echo "$out" | head -1 | grep -q "^# Сравнение файловых систем" || fail "the build tree's catalogs unused: $(echo "$out" | head -1)"
  cp "$cli" "$tmp/fsbench-cli-copy"
  out=$(env -u FSBENCH_LOCALEDIR LC_ALL=ru_RU.UTF-8 "$tmp/fsbench-cli-copy" report "$data/study.json") || fail "the copy exited $?"
  if [ ! -e "$(dirname "$(dirname "$(dirname "$cli")")")/po/ru/LC_MESSAGES/fsbench.mo" ]; then
    fail "the build tree has no Russian catalog beside $cli"
  fi
  ! echo "$out" | head -1 | grep -q "^# Сравнение" || [ -e /usr/share/locale/ru/LC_MESSAGES/fsbench.mo ] \
    || [ -e /usr/local/share/locale/ru/LC_MESSAGES/fsbench.mo ] || fail "a copy outside the build tree read its catalogs"
fi
echo "fsbench-cli report and recommend: ok"
