#!/bin/sh
# fsbench-cli report and recommend against hostile result files: refused
# with exit 2 in bounded time, naming the file and the field; what is
# accepted reaches the terminal, the Markdown and the CSV without escapes
# or formulas.
set -eu
cli=$1
data=$2
. "$(dirname "$0")/lib.sh"
export LC_ALL=C.UTF-8 LANGUAGE=
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fsbench-cli-hostile-XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# refused FILE NEEDLE...: report and recommend exit 2 within 10 s and say each NEEDLE
refused() {
  file=$1; shift
  for cmd in report recommend; do
    set +e
    timeout 10 "$cli" $cmd "$file" >"$tmp/out" 2>"$tmp/err"; st=$?
    set -e
    [ $st -eq 2 ] || fail "$cmd $(basename "$file") exited $st, not 2: $(head -c 300 "$tmp/err")"
    for n in "$(basename "$file")" "$@"; do
      grep -qF -- "$n" "$tmp/err" || fail "$cmd $(basename "$file") did not say '$n': $(head -c 300 "$tmp/err")"
    done
  done
}

# no_escape FILE...: not one ESC, BEL or C1 CSI byte
no_escape() {
  for f in "$@"; do
    if LC_ALL=C grep -q "$(printf '[\033\007\233]')" "$f"; then
      fail "$(basename "$f") holds a terminal escape: $(od -c "$f" | grep -m1 '033\|007\|233')"
    fi
  done
}

# The issue's file: a copy of a real result with one "wall_s": 1.7e308
# made report spin for ever.
sed '0,/"wall_s": [0-9.e+-]*/s//"wall_s": 1.7e308/' "$data/study.json" > "$tmp/huge.json"
grep -q '1.7e308' "$tmp/huge.json" || fail "could not craft huge.json"
refused "$tmp/huge.json" "wall_s" "1.7e+308"

# Negative times and a capacity of 1e308 % won the recommendation.
sed '0,/"wall_s": [0-9.e+-]*/s//"wall_s": -3/' "$data/study.json" > "$tmp/negative.json"
refused "$tmp/negative.json" "samples[0].wall_s"
sed '0,/"initial_percent": [0-9.e+-]*/s//"initial_percent": 1e308/' "$data/study.json" > "$tmp/capacity.json"
refused "$tmp/capacity.json" "capacity.initial_percent"

# More than 16 MiB: refused before it is read, whatever its content.
head -c 17000000 /dev/zero | tr '\0' ' ' > "$tmp/big.json"
refused "$tmp/big.json" "16.0"

# A name made to inject into a terminal (OSC 52 writes the clipboard, ESC c
# resets the terminal) or a spreadsheet: refused, and the message is clean.
sed 's/"name": "ext3"/"name": "ext3\\u001b]52;c;ZXZpbA==\\u0007\\u001bc"/' "$data/study.json" > "$tmp/osc.json"
refused "$tmp/osc.json" "filesystems[0].name"
no_escape "$tmp/err"
sed "s/\"name\": \"ext3\"/\"name\": \"x;=cmd|' \\/C calc'!A0\"/" "$data/study.json" > "$tmp/formula.json"
refused "$tmp/formula.json" "filesystems[0].name" "not a filesystem name"

# Escapes in the other texts are accepted, and replaced on load.
sed 's/"kernel": "[^"]*"/"kernel": "6.1\\u001b]52;c;ZXZpbA==\\u0007\\u001b[2J\\u009b31m"/;
     s/"mkfs_version": "[^"]*"/"mkfs_version": "mke2fs\\u001bc"/' "$data/study.json" > "$tmp/texts.json"
"$cli" recommend "$tmp/texts.json" > "$tmp/rec.txt" 2>&1 || fail "recommend refused texts.json: $(cat "$tmp/rec.txt")"
"$cli" report "$tmp/texts.json" > "$tmp/stdout.md" 2>&1 || fail "report refused texts.json"
"$cli" report "$tmp/texts.json" --md "$tmp/r.md" --csv "$tmp/r.csv" --json "$tmp/r.json" > "$tmp/out" 2>&1 \
  || fail "report refused texts.json: $(cat "$tmp/out")"
grep -q "52;c;ZXZpbA==" "$tmp/r.md" || fail "the kernel line is not in the report"
no_escape "$tmp/rec.txt" "$tmp/stdout.md" "$tmp/r.md" "$tmp/r.csv" "$tmp/out"
# The JSON written back reads again (1e+308.0 did not).
"$cli" recommend "$tmp/r.json" > /dev/null || fail "the report's JSON cannot be read back"

# A result of the largest shape that loads: reported in bounded time.
python3 - "$tmp/wide.json" <<'EOF'
import json, sys
fss = []
for f in range(16):
    tasks = [{"id": "custom:c%d" % t, "samples": [{"wall_s": 1 + t + f / 10, "cpu_percent": 50}] * 3}
             for t in range(128)]
    fss.append({"name": "fs%d" % f, "tasks": tasks})
json.dump({"schema": "fsbench-result/1", "repetitions": 3, "filesystems": fss}, open(sys.argv[1], "w"))
EOF
timeout 30 "$cli" report "$tmp/wide.json" --csv "$tmp/wide.csv" --md "$tmp/wide.md" > "$tmp/out" 2>&1 \
  || fail "the widest result was not reported: $(head -c 300 "$tmp/out")"
[ -s "$tmp/wide.csv" ] && [ -s "$tmp/wide-custom.png" ] || fail "the widest result's report is missing files"
echo "fsbench-cli against hostile files: ok"
