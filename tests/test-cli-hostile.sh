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
# Texts of 64,000 characters (60,000 for "created"), some without one break
# chance: pango wrapped each in full, in time quadratic in its length (the
# PDF took 110 s, the Markdown's charts more than 300). Each is drawn
# ellipsized to a few lines: in the PDF, no run of lines made of one of
# them is longer than a paragraph's 20 lines (and the ellipsis); a chart's
# caption takes three lines at most.
hostile=$data/hostile-long-text.json
timeout 60 "$cli" report "$hostile" --pdf "$tmp/long.pdf" --md "$tmp/long.md" > "$tmp/out" 2>&1 \
  || fail "the long texts were not reported: $(head -c 300 "$tmp/out")"
"$cli" report "$data/study.json" --md "$tmp/plain.md" > "$tmp/out" 2>&1 || fail "study.json was not reported"
if command -v pdftotext > /dev/null; then
  pdftotext "$tmp/long.pdf" "$tmp/long.txt"
  # cpu_model Q, kernel J, device_model X, host_filesystem Z, mkfs_version V, mount_options Y, created 9
  for c in Q J X Z V Y 9; do
    n=$(awk -v run="$c$c$c$c" 'index($0, run) { n++; if (n > most) most = n; next } { n = 0 } END { print most + 0 }' \
        "$tmp/long.txt")
    [ "$n" -le 21 ] || fail "the PDF shows the text of ${c}s in $n lines in a row: it is not ellipsized"
  done
  grep -q "…" "$tmp/long.txt" || fail "the PDF's long texts end in no ellipsis"
fi
python3 - "$tmp" <<'EOF' || fail "a chart's caption is not ellipsized"
import glob, os, struct, sys
tmp = sys.argv[1]
for png in sorted(glob.glob(os.path.join(tmp, "long-*.png"))):
    plain = png.replace("long-", "plain-")
    h = [struct.unpack(">II", open(p, "rb").read(24)[16:24])[1] for p in (png, plain)]
    # the caption's three lines at most, at twice the resolution
    if h[0] > h[1] + 100:
        sys.exit("%s is %d pixels tall, the same chart of study.json %d" % (os.path.basename(png), h[0], h[1]))
EOF

echo "fsbench-cli against hostile files: ok"
