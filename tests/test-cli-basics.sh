#!/bin/sh
# fsbench-cli --help and --version work, and the help is translated.
set -eu
cli=$1
fail() { echo "FAIL: $*"; exit 1; }

out=$("$cli" --version) || fail "--version exited $?"
case "$out" in "fsbench-cli "[0-9]*) ;; *) fail "--version printed '$out'";; esac

out=$(LC_ALL=C.UTF-8 LANGUAGE= "$cli" --help) || fail "--help exited $?"
echo "$out" | grep -q "Compare filesystems" || fail "--help lacks the summary"

set +e
"$cli" no-such-command >/dev/null 2>&1; st=$?
set -e
[ $st -eq 2 ] || fail "an unknown command exited $st, not 2"

for pair in "ru_RU.UTF-8:Сравн" "de_DE.UTF-8:Dateisystem" "fr_FR.UTF-8:systèmes de fichiers"; do
  loc=${pair%%:*} want=${pair#*:}
  if ! locale -a 2>/dev/null | grep -qi "^$(echo "$loc" | sed 's/UTF-8/utf8/')$"; then
    fail "locale $loc is missing (build-aux/dev generates it)"
  fi
  out=$(LC_ALL=$loc LANGUAGE= "$cli" --help) || fail "--help under $loc exited $?"
  echo "$out" | grep -q "$want" || fail "--help under $loc is not translated: $out"
done
echo "fsbench-cli --help and --version: ok"
