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
grep -q "suits media and large files best" "$tmp/r.html" || fail "--use-case media not used"
head -c 5 "$tmp/r.pdf" | grep -q "%PDF-" || fail "r.pdf is not a PDF"

"$cli" report "$data/study.json" "$data/study-after.json" --md "$tmp/cmp.md" >/dev/null || fail "comparison exited $?"
grep -q "Comparison of 2 results" "$tmp/cmp.md" || fail "the comparison has no title"

out=$("$cli" recommend "$data/study.json") || fail "recommend exited $?"
echo "$out" | grep -q "XFS suits a small home or office server best" || fail "recommend said: $out"
out=$("$cli" recommend "$data/study.json" --use-case database --json) || fail "recommend --json exited $?"
echo "$out" | grep -q '"use_case" : "database"' || fail "recommend --json said: $out"

# Markdown on stdout without an output option
"$cli" report "$data/study.json" | head -1 | grep -q "^# Comparison of the filesystems" || fail "no Markdown on stdout"
echo "fsbench-cli report and recommend: ok"
