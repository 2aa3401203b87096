#!/bin/sh
# One version everywhere: meson's project version, debian/changelog's
# (its upstream part: no Debian revision, no epoch), and what the programs
# say with --version.
#   check-version.sh SRCDIR VERSION FSBENCH-CLI [FSBENCH]
set -eu
src=$1 version=$2 cli=$3 gui=${4:-}
fail() { echo "FAIL: $*"; exit 1; }

# "fsbench (0.1.0) unstable; urgency=medium" → 0.1.0
changelog=$(sed -n '1s/^fsbench (\([^)]*\)).*/\1/p' "$src/debian/changelog")
[ -n "$changelog" ] || fail "debian/changelog does not start with an entry for fsbench"
upstream=${changelog#*:}
upstream=${upstream%-*}
[ "$upstream" = "$version" ] || fail "debian/changelog says $changelog, meson.build says $version"

out=$("$cli" --version)
[ "$out" = "fsbench-cli $version" ] || fail "fsbench-cli --version printed '$out', not 'fsbench-cli $version'"
if [ -n "$gui" ]; then
  out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$gui" --version)
  [ "$out" = "fsbench $version" ] || fail "fsbench --version printed '$out', not 'fsbench $version'"
fi
echo "version $version: meson.build, debian/changelog ($changelog) and --version agree"
