#!/bin/bash
# The .debs as a user meets them: installed with apt, fsbench-cli run and
# report from /usr/bin, the window opened, then purged with nothing of
# them left. The packages come from build-aux/dev package (build-aux/dev
# test --suite package builds them first).
#   test-package.sh DEB_DIR SRCDIR VERSION
set -euo pipefail
debdir=${FSBENCH_PACKAGE_DIR:-$1} src=$2 version=$3
fail() { echo "FAIL: $*"; exit 1; }
say() { echo "# $*"; }
start=$SECONDS

arch=$(dpkg --print-architecture)
cli_deb=$debdir/fsbench-cli_${version}_$arch.deb
gui_deb=$debdir/fsbench_${version}_$arch.deb
[ -f "$cli_deb" ] && [ -f "$gui_deb" ] || fail "no .debs of $version in $debdir: run build-aux/dev package"
# Someone's own installation is not ours to purge.
for p in fsbench fsbench-cli; do
  if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'installed'; then
    echo "SKIP: $p is installed on this machine already"; exit 77
  fi
done

work=$(mktemp -d /var/tmp/fsbench-package-test.XXXXXX)
installed=0
apt_get() { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 -y -q "$@"; }
cleanup() {
  [ $installed -eq 0 ] || apt_get purge fsbench fsbench-cli >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
# As a user's shell has it: no build tree's schema, catalogs or programs.
unset GSETTINGS_SCHEMA_DIR FSBENCH_LOCALEDIR FSBENCH_GUI FSBENCH_CLI
export HOME=$work/home XDG_STATE_HOME=$work/home/.local/state
mkdir -p "$HOME"

say "apt-get install ./$(basename "$cli_deb") ./$(basename "$gui_deb")"
# Recommends (yelp and the mkfs tools) are left to the machine: build-aux/dev
# has installed the mkfs tools already, and yelp would pull in a browser engine.
apt_get install --no-install-recommends "$cli_deb" "$gui_deb" >"$work/apt.log" 2>&1 \
  || { cat "$work/apt.log"; fail "apt-get install failed"; }
installed=1
dpkg-query -L fsbench fsbench-cli | sort -u >"$work/files"
# The files (not the folders, which other packages share) must go at purge.
while read -r f; do [ -d "$f" ] || echo "$f"; done <"$work/files" >"$work/own"
say "$(wc -l <"$work/own") files installed"
for f in /usr/bin/fsbench-cli /usr/bin/fsbench /usr/share/man/man1/fsbench-cli.1.gz /usr/share/man/man1/fsbench.1.gz \
         /usr/share/applications/io.github.fsbench.FsBench.desktop /usr/share/metainfo/io.github.fsbench.FsBench.metainfo.xml \
         /usr/share/icons/hicolor/scalable/apps/io.github.fsbench.FsBench.svg /usr/share/help/C/fsbench/index.page \
         /usr/share/locale/de/LC_MESSAGES/fsbench.mo; do
  grep -qxF "$f" "$work/own" || fail "the packages do not install $f"
done

[ "$(command -v fsbench-cli)" = /usr/bin/fsbench-cli ] || fail "fsbench-cli is not /usr/bin/fsbench-cli on the PATH"
out=$(fsbench-cli --version)
[ "$out" = "fsbench-cli $version" ] || fail "fsbench-cli --version printed '$out'"
man -w fsbench-cli | grep -qx /usr/share/man/man1/fsbench-cli.1.gz || fail "man fsbench-cli does not find its page"
MANWIDTH=100 man fsbench-cli 2>/dev/null | grep -q -- '--workloads=GROUPS' || fail "man fsbench-cli lacks run --workloads"
LC_ALL=de_DE.UTF-8 LANGUAGE= fsbench-cli --help | grep -q 'Dateisysteme' || fail "fsbench-cli --help is not German under de_DE"
# The schema the trigger compiled, as the window reads it.
gsettings list-keys io.github.fsbench.FsBench | grep -qx image-folder || fail "the installed schema is not compiled"

say "fsbench-cli run --fs ext4 --workloads core (a quick comparison on an image in $work)"
t=$SECONDS
/usr/bin/fsbench-cli run --fs ext4 --workloads core --label installed --target "image@$work" \
  --output "$work/result.json" >"$work/run.log" 2>&1 || { cat "$work/run.log"; fail "fsbench-cli run failed"; }
say "the run took $((SECONDS - t)) s"
# Read back as the report reads it, written out as plain JSON.
/usr/bin/fsbench-cli report "$work/result.json" --json "$work/plain.json" >/dev/null || fail "fsbench-cli cannot read its result"
python3 - "$work/plain.json" <<'PY' || fail "the result is not what the run was asked for"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["complete"] and r["label"] == "installed" and r["app_version"], r.get("app_version")
assert [f["name"] for f in r["filesystems"]] == ["ext4"], r["filesystems"]
PY
/usr/bin/fsbench-cli report "$work/result.json" --html "$work/report.html" --md "$work/report.md" --lang de >/dev/null \
  || fail "fsbench-cli report failed"
grep -q 'ext4' "$work/report.md" && grep -q 'Rechner\|Datenträger' "$work/report.md" || fail "the report is not a German report of ext4"
ls "$work"/fsbench-*.img >/dev/null 2>&1 && fail "the run left its image behind"

say "the window, under Xvfb, through AT-SPI"
[ -n "${DISPLAY:-}" ] || fail "no display: run it through build-aux/dev test --suite package"
FSBENCH_GUI=/usr/bin/fsbench FSBENCH_VERSION=$version /usr/bin/python3 "$src/tests/gui/test_installed.py" \
  || fail "the installed window did not pass"

say "apt-get purge fsbench fsbench-cli"
apt_get purge fsbench fsbench-cli >"$work/purge.log" 2>&1 || { cat "$work/purge.log"; fail "apt-get purge failed"; }
installed=0
for p in fsbench fsbench-cli; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'installed\|config-files' && fail "$p is still known to dpkg"
done
left=$(while read -r f; do [ -e "$f" ] && echo "$f"; done <"$work/own" || true)
[ -z "$left" ] || fail "the purge left: $left"
ls /usr/share/locale/*/LC_MESSAGES/fsbench.mo >/dev/null 2>&1 && fail "the purge left catalogs"
gsettings list-schemas | grep -qx io.github.fsbench.FsBench && fail "the schema is still compiled in after the purge"
say "installed, used and purged in $((SECONDS - start)) s"
echo "package: ok"
