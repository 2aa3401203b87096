#!/bin/bash
# examples/ansible as the README runs it, on its two local hosts: Debian's
# ansible-playbook installs the fsbench-cli package build-aux/dev package
# made, runs fsbench-cli run on each host, fetches the results to fleet/ in
# the working folder and writes one report there that names both hosts.
#   test-fleet.sh SRCDIR VERSION
set -euo pipefail
src=$1 version=$2
fail() {
  [ ! -f "${work:-}/playbook.log" ] || { echo "# the playbook said:"; sed 's/^/#   /' "$work/playbook.log"; }
  echo "FAIL: $*"; exit 1
}
say() { echo "# $*"; }
start=$SECONDS

command -v ansible-playbook >/dev/null || fail "no ansible-playbook (build-aux/dev test --suite fleet installs ansible-core)"
arch=$(dpkg --print-architecture)
deb=${FSBENCH_PACKAGE_DIR:-$src/_build-package}/fsbench-cli_${version}_$arch.deb
[ -f "$deb" ] || fail "no $deb: run build-aux/dev package"
# Someone's own installation is not ours to purge.
if dpkg-query -W -f='${Status}' fsbench-cli 2>/dev/null | grep -q installed; then
  echo "SKIP: fsbench-cli is installed on this machine already"; exit 77
fi

work=$(mktemp -d /var/tmp/fsbench-fleet-test.XXXXXX)
cleanup() {
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 -y -q purge fsbench-cli >/dev/null 2>&1 || true
  rm -rf "$work" /var/tmp/fsbench-fleet "/var/tmp/$(basename "$deb")"
}
trap cleanup EXIT
unset GSETTINGS_SCHEMA_DIR FSBENCH_LOCALEDIR
export HOME=$work/home ANSIBLE_NOCOLOR=1 ANSIBLE_LOCALHOST_WARNING=false ANSIBLE_INVENTORY_UNPARSED_WARNING=false
mkdir -p "$HOME"
extra=()
# The role finds the source tree's _build-package/ by itself; elsewhere, say where.
[ "$(dirname "$deb")" -ef "$src/_build-package" ] || extra=(-e "fsbench_deb=$deb")

cd "$work"
say "ansible-playbook -i examples/ansible/inventory.local.ini examples/ansible/fleet.yml -e \"fsbench_args='--fs ext4,xfs --workloads core'\""
ansible-playbook -i "$src/examples/ansible/inventory.local.ini" "$src/examples/ansible/fleet.yml" \
  -e "fsbench_args='--fs ext4,xfs --workloads core'" "${extra[@]}" >"$work/playbook.log" 2>&1 \
  || fail "the playbook failed"
grep -A3 '^PLAY RECAP' "$work/playbook.log"
say "the playbook took $((SECONDS - start)) s"

for host in bench-a bench-b; do
  [ -f "fleet/$host.json" ] || fail "fleet/$host.json was not fetched"
  # Read back as the report reads it, written out as plain JSON.
  fsbench-cli report "fleet/$host.json" --json "$work/$host.plain.json" >/dev/null || fail "fleet/$host.json cannot be read"
  python3 - "$work/$host.plain.json" "$host" <<'PY' || fail "fleet/$host.json is not $host's run of ext4 and xfs"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["label"] == sys.argv[2] and r["complete"], (r.get("label"), r.get("complete"))
assert [f["name"] for f in r["filesystems"]] == ["ext4", "xfs"], r["filesystems"]
assert r["machine"]["kernel"] and r["target"]["device_model"], (r["machine"], r["target"])
PY
done
[ -f fleet/report.html ] && [ -f fleet/report.md ] || fail "no fleet/report.html and fleet/report.md"
md=fleet/report.md
grep -q '^# Comparison of 2 results' "$md" || fail "the report is not a comparison of two results"
# Which host is which: a column each, by its name, with its disk and kernel.
grep -q '^|  | bench-a | bench-b |' "$md" || fail "the report's columns are not the hosts bench-a and bench-b"
for row in 'Disk' 'Kernel'; do
  grep -q "^| $row | [^—|]" "$md" || fail "the report has no $row of each host"
done
grep -q '^| Best filesystem | bench-a | bench-b | Overall |' "$md" || fail "the report does not say who is best on each host and overall"
grep -q 'bench-a' fleet/report.html && grep -q 'bench-b' fleet/report.html || fail "report.html does not name both hosts"
say "fleet: ok in $((SECONDS - start)) s"
