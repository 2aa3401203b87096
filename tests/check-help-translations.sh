#!/bin/sh
# check-help-translations.sh HELPDIR: every language in HELPDIR/LINGUAS has a
# help catalog that is complete (msgfmt reports no untranslated or fuzzy
# message), current (it translates every message of the C pages as they are
# now) and that yields valid Mallard once merged back into the pages.
set -eu

helpdir=${1:?usage: check-help-translations.sh HELPDIR}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fsbench-help-check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

langs=$(sed -e 's/#.*//' "$helpdir/LINGUAS")
if [ -z "$langs" ]; then
  echo "FAIL: $helpdir/LINGUAS lists no language"
  exit 1
fi

# The pages meson installs must be all the pages there are.
for page in "$helpdir"/C/*.page; do
  name=$(basename "$page")
  if ! grep -q "'$name'" "$helpdir/meson.build"; then
    echo "FAIL: $name is not listed in help/meson.build"
    fail=1
  fi
done

have() { command -v "$1" >/dev/null 2>&1; }

markup_check='
import re, sys
import xml.etree.ElementTree as ET
lang = sys.argv[1]
tag = re.compile(r"<[^>]*>")
def unq(s):
    return s[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1").decode("utf-8")
entries, cur, key = [], None, None
for line in sys.stdin.read().encode("utf-8").decode("latin-1").split("\n"):
    if line.startswith("msgid "):
        cur = {"msgid": unq(line[6:]), "msgstr": ""}; entries.append(cur); key = "msgid"
    elif line.startswith("msgstr "):
        cur["msgstr"] = unq(line[7:]); key = "msgstr"
    elif line.startswith("\"") and cur is not None:
        cur[key] += unq(line)
bad = 0
for e in entries:
    if not e["msgid"] or not e["msgstr"]:
        continue
    try:
        ET.fromstring("<m>" + e["msgstr"] + "</m>")
    except ET.ParseError as err:
        print("FAIL: %s: malformed markup (%s) in the translation of: %s" % (lang, err, e["msgid"][:70])); bad = 1; continue
    if sorted(tag.findall(e["msgid"])) != sorted(tag.findall(e["msgstr"])):
        print("FAIL: %s: the markup differs from the original in the translation of: %s" % (lang, e["msgid"][:70])); bad = 1
sys.exit(bad)
'

if have itstool; then
  itstool -o "$tmp/help.pot" "$helpdir"/C/*.page
else
  echo "note: itstool is missing; only msgfmt --check runs"
fi

for lang in $langs; do
  po="$helpdir/$lang/$lang.po"
  if [ ! -f "$po" ]; then
    echo "FAIL: $lang: $po is missing"
    fail=1
    continue
  fi
  if ! stats=$(LC_ALL=C msgfmt --check --statistics -o "$tmp/$lang.mo" "$po" 2>&1); then
    echo "FAIL: $lang: msgfmt --check: $stats"
    fail=1
    continue
  fi
  echo "$lang: $stats"
  case $stats in
    *untranslated*|*fuzzy*)
      echo "FAIL: $lang: the help translation is incomplete"
      fail=1 ;;
  esac

  # Markup: each translation is well-formed and keeps its message's elements
  # and attributes (itstool would quietly repair or drop broken markup).
  if have msgcat && [ -x /usr/bin/python3 ]; then
    if ! msgcat --no-wrap "$po" | /usr/bin/python3 -c "$markup_check" "$lang"; then
      fail=1
    fi
  fi

  if have itstool; then
    # Stale catalogs: a page changed and its new messages are not translated.
    if ! msgcmp "$po" "$tmp/help.pot" 2>"$tmp/$lang.cmp"; then
      echo "FAIL: $lang: $po does not translate every message of the current pages:"
      sed -n '1,20p' "$tmp/$lang.cmp"
      fail=1
    fi
    mkdir "$tmp/$lang"
    if ! itstool -m "$tmp/$lang.mo" -o "$tmp/$lang/" "$helpdir"/C/*.page; then
      echo "FAIL: $lang: itstool could not merge the translation"
      fail=1
    elif have yelp-check && ! yelp-check validate "$tmp/$lang"/*.page; then
      echo "FAIL: $lang: the translated pages are not valid Mallard"
      fail=1
    fi
  fi
done

exit $fail
