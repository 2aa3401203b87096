#!/bin/sh
# Each catalog passes msgfmt --check and translates every current string:
# no untranslated and no fuzzy entries.
set -eu
top=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$top"

# The same keywords as meson's glib preset.
xgettext --from-code=UTF-8 --add-comments=Translators --package-name=fsbench \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
  --flag=g_print:1:c-format --flag=g_printerr:1:c-format --flag=g_printf:1:c-format \
  --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
  --files-from=po/POTFILES.in --directory="$top" -o "$work/fsbench.pot"

status=0
for lang in $(cat po/LINGUAS); do
  po=po/$lang.po
  if [ ! -f "$po" ]; then echo "$po is missing"; status=1; continue; fi
  msgfmt --check -o /dev/null "$po" || { echo "$po fails msgfmt --check"; status=1; }
  msgmerge --quiet --no-fuzzy-matching -o "$work/$lang.all.po" "$po" "$work/fsbench.pot"
  # translator-credits stays untranslated until someone has translated:
  # the About dialog then credits nobody.
  msggrep --invert-match --msgid -e '^translator-credits$' -o "$work/$lang.po" "$work/$lang.all.po"
  stats=$(LC_ALL=C msgfmt --statistics -o /dev/null "$work/$lang.po" 2>&1)
  echo "$lang: $stats"
  case "$stats" in
    *untranslated*|*fuzzy*)
      echo "$po is incomplete; untranslated strings:"
      msgattrib --untranslated --no-obsolete "$work/$lang.po" | grep '^msgid' | head -20
      status=1 ;;
  esac
done
exit $status
