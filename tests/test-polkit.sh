#!/bin/sh
# fsbench-cli check as a non-root user, under a polkit rule that grants or
# denies udisks to that user only: 0 with the grant; 3, a clear message and
# nothing left behind with the denial.
set -u
cli=$1
user=fsbench-test
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root to add a user and a polkit rule"; exit 77; }
[ -d /etc/polkit-1/rules.d ] || { echo "SKIP: no /etc/polkit-1/rules.d"; exit 77; }
command -v runuser >/dev/null && command -v pkcheck >/dev/null || { echo "SKIP: no runuser or pkcheck"; exit 77; }
udisksctl status >/dev/null 2>&1 || { echo "SKIP: udisksd is not running"; exit 77; }

if ! getent passwd $user >/dev/null; then
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin $user \
    || fail "could not create the user $user"
fi
# The binary must be reachable by that user.
runuser -u $user -- test -x "$cli" || { echo "SKIP: $user cannot run $cli"; exit 77; }

tmp=$(mktemp -d /tmp/fsbench-polkit-XXXXXX)
chown $user "$tmp"
rule=/etc/polkit-1/rules.d/10-fsbench-test-$$.rules
cleanup() {
  rm -f "$rule"
  release_loops_under "$tmp"
  rm -rf "$tmp"
}
trap cleanup EXIT

as_user() {
  runuser -u $user -- env HOME="$tmp" XDG_STATE_HOME="$tmp/state" XDG_CACHE_HOME="$tmp/cache" \
    LC_ALL=C.UTF-8 LANGUAGE= "$@"
}

# Writes the rule and waits until polkitd has read it.
set_rule() {
  cat > "$rule" <<JS
polkit.addRule(function(action, subject) {
  if (subject.user == "$user" && action.id.indexOf("org.freedesktop.udisks2.") == 0)
    return polkit.Result.$1;
});
JS
  chmod 644 "$rule"
  want=$2
  for i in $(seq 100); do
    as_user sh -c 'exec pkcheck --action-id org.freedesktop.udisks2.loop-setup --process $$' >/dev/null 2>&1
    got=$?
    { [ $want = yes ] && [ $got -eq 0 ]; } || { [ $want = no ] && [ $got -ne 0 ]; } && return 0
    sleep 0.1
  done
  fail "polkitd did not pick up the rule ($1)"
}

no_leftovers() {
  [ -z "$(loops_under "$tmp")" ] || fail "$1: a loop device is still attached"
  grep -qF "$tmp" /proc/self/mountinfo && fail "$1: something is mounted"
  no_state_left "$1" "$tmp/images" "$tmp/state"
}

as_user mkdir -p "$tmp/images"

set_rule YES yes
as_user "$cli" check --target "image@$tmp/images" --fs ext4 >"$tmp/out" 2>"$tmp/err"; st=$?
cat "$tmp/out" "$tmp/err"
[ $st -eq 0 ] || fail "granted: exited $st"
grep -q "^Capacity:" "$tmp/out" || fail "granted: no capacity printed"
# A user cannot ask for direct I/O on the loop device (that needs its node),
# but gets it from the image's O_DIRECT descriptor where the folder has it.
if as_user dd if=/dev/zero of="$tmp/images/probe" bs=4096 count=1 oflag=direct status=none 2>/dev/null; then
  grep -q "The loop device used direct I/O" "$tmp/out" || fail "granted: the user's loop device had no direct I/O"
fi
rm -f "$tmp/images/probe"
no_leftovers "granted"

# mkfs options udisks 2.9 cannot pass: mkfs runs on the user's image file,
# gives the user the new root folder (as take-ownership does), and udisks
# mounts it; Btrfs's mkfs cannot give it, so its options are refused first.
as_user "$cli" run --target "image@$tmp/images" --variant 'nj=ext4;mkfs=-O ^has_journal' \
  --variant 'xr=xfs;mkfs=-m reflink=0' --fs nj,xr --workloads small-files --size small-files=500 \
  --repeat 1 --output "$tmp/mkfs.json" >"$tmp/out" 2>"$tmp/err"; st=$?
[ $st -eq 0 ] || fail "mkfs variants as a user: exited $st: $(tail -5 "$tmp/err")"
/usr/bin/python3 - "$tmp/mkfs.json" <<'PY' || fail "mkfs variants as a user: the result"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["target"].get("mkfs_by") in ("image-file", "udisks"), r["target"]
for fs in r["filesystems"]:
    assert not fs.get("error"), fs
    create = next(t for t in fs["tasks"] if t["id"] == "small-create-seq")
    assert not any(s.get("error") for s in create["samples"]), create
PY
no_leftovers "mkfs variants"
as_user "$cli" run --target "image@$tmp/images" --variant 'bx=btrfs;mkfs=--csum xxhash' --fs bx \
  --workloads small-files --repeat 1 --output "$tmp/bx.json" >"$tmp/out" 2>"$tmp/err"; st=$?
if ! udisksctl status >/dev/null 2>&1 || [ "$(udisksctl dump | sed -n 's/^ *Version: *//p' | head -1 | cut -d. -f1,2)" = 2.9 ]; then
  [ $st -eq 2 ] || fail "a Btrfs mkfs variant as a user with udisks 2.9: exited $st, not 2"
  grep -q "2.10" "$tmp/err" || fail "the refusal does not say what is needed: $(cat "$tmp/err")"
fi
no_leftovers "refused mkfs variant"

set_rule NO no
as_user "$cli" check --target "image@$tmp/images" --fs ext4 >"$tmp/out" 2>"$tmp/err"; st=$?
cat "$tmp/out" "$tmp/err"
[ $st -eq 3 ] || fail "denied: exited $st, not 3"
grep -qi "not authorized" "$tmp/err" || fail "denied: the message does not say so"
grep -q "GDBus.Error" "$tmp/err" && fail "denied: a raw D-Bus error leaked into the message"
no_leftovers "denied"

rm -f "$rule"
echo "polkit grant and deny: ok"
