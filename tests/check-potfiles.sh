#!/bin/sh
# Every file with translatable strings is in po/POTFILES.in, every file
# listed exists, and the list is sorted.
set -eu
top=$1
cd "$top"
status=0
listed=$(grep -v '^#' po/POTFILES.in | grep -v '^$')

for f in $listed; do
  [ -f "$f" ] || { echo "po/POTFILES.in lists $f, which does not exist"; status=1; }
done

sorted=$(printf '%s\n' "$listed" | LC_ALL=C sort)
[ "$sorted" = "$listed" ] || { echo "po/POTFILES.in is not sorted"; status=1; }

for f in $(find src -name '*.c' | LC_ALL=C sort) $(find ui -name '*.ui' | LC_ALL=C sort) \
         $(find data -maxdepth 1 -name '*.in' -o -maxdepth 1 -name '*.gschema.xml' | LC_ALL=C sort); do
  if grep -qE '[^a-zA-Z0-9_](_|N_|C_|NC_|g_dngettext|ngettext)\(|translatable="yes"|^(Name|GenericName|Comment|Keywords)=|<summary>|<description>|<name>' "$f"; then
    printf '%s\n' "$listed" | grep -qxF "$f" || { echo "$f has translatable strings but is not in po/POTFILES.in"; status=1; }
  fi
done
[ $status -eq 0 ] && echo "POTFILES.in is complete and sorted"
exit $status
