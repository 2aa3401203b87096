#!/bin/sh
# Each man page is clean roff (groff and man-db warn of nothing, as lintian
# checks) and documents every option of its program and of each command.
#   check-man-pages.sh PAGE PROGRAM [PAGE PROGRAM…]
set -eu
fail() { echo "FAIL: $*"; exit 1; }
export LC_ALL=C.UTF-8 LANGUAGE=

while [ $# -ge 2 ]; do
  page=$1 program=$2; shift 2
  name=$(basename "$program")
  warnings=$(groff -man -ww -z -k -Tutf8 "$page" 2>&1; MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$page" 2>&1 >/dev/null)
  [ -z "$warnings" ] || fail "$page: $warnings"
  text=$(MANWIDTH=200 man -l "$page" 2>/dev/null)

  commands=$(env -u DISPLAY "$program" --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }')
  for cmd in "" $commands; do
    # shellcheck disable=SC2086 # no command: the program's own options
    for option in $(env -u DISPLAY "$program" $cmd --help-all | grep -oE '^  (-[a-zA-Z], )?--[a-z][a-z0-9-]*' | grep -oE -- '--[a-z0-9-]+'); do
      echo "$text" | grep -qe "$option" || fail "$page lacks $name $cmd $option"
    done
    [ -z "$cmd" ] || echo "$text" | grep -q "^ *$name $cmd " || fail "$page has no synopsis of $name $cmd"
  done
  echo "$page: clean, and every option of $name is in it"
done
