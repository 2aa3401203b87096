#!/bin/sh
# fsbench-cli check, devices, filesystems and clean against the real udisksd:
# exit codes, SIGINT/SIGTERM/SIGHUP mid-run, leftovers of a killed run.
set -u
cli=$1
. "$(dirname "$0")/lib.sh"
skip_unless_udisks

tmp=$(mktemp -d /tmp/fsbench-cli-targets-XXXXXX)
# (the runs' scratch folders in a folder of the test's own, not /dev/shm)
export XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache FSBENCH_SCRATCH_DIR=$tmp/scratch LC_ALL=C.UTF-8 LANGUAGE=
mkdir -p "$tmp/images" "$tmp/scratch"
cleanup() {
  release_loops_under "$tmp"
  rm -rf "$tmp"
}
trap cleanup EXIT

no_leftovers() {
  [ -z "$(loops_under "$tmp")" ] || fail "$1: a loop device is still attached: $(loops_under "$tmp")"
  grep -qF "/media/" /proc/self/mountinfo && [ -n "${2:-}" ] && grep -qF " $2 " /proc/self/mountinfo \
    && fail "$1: $2 is still mounted"
  no_state_left "$1" "$tmp/images" "$tmp/state"
  [ -z "$(ls -A "$tmp/scratch")" ] || fail "$1: a scratch folder is left: $(ls "$tmp/scratch")"
}

# A plain run: timings and capacity.
out=$("$cli" check --target "image@$tmp/images" --fs ext4) || fail "check exited $?: $out"
echo "$out"
echo "$out" | grep -q "^mkfs: " || fail "check printed no mkfs time"
echo "$out" | grep -q "^Capacity: .*%" || fail "check printed no capacity"
no_leftovers "a plain run"

# Unsupported filesystem, refused target, bad usage: exit 2.
"$cli" check --target "image@$tmp/images" --fs jfs >/dev/null 2>"$tmp/err"; st=$?
[ $st -eq 2 ] || fail "jfs exited $st, not 2"
grep -q "JFS" "$tmp/err" || fail "jfs: no reason: $(cat "$tmp/err")"
no_leftovers "jfs"
root=$(awk '$5=="/" { for (i = 7; i <= NF; i++) if ($i == "-") print $(i+2) }' /proc/self/mountinfo | head -1)
case "$root" in
  /dev/*)
    "$cli" check --target "$root" --fs ext4 >/dev/null 2>"$tmp/err"; st=$?
    [ $st -eq 2 ] || fail "$root without confirmation exited $st"
    grep -q -- "--yes-destroy-data" "$tmp/err" || fail "no hint to confirm: $(cat "$tmp/err")"
    "$cli" check --target "$root" --fs ext4 --yes-destroy-data >/dev/null 2>"$tmp/err"; st=$?
    [ $st -eq 2 ] || fail "$root exited $st, not 2"
    grep -q "holds /" "$tmp/err" || fail "$root refused without the reason: $(cat "$tmp/err")"
    "$cli" devices --json > "$tmp/devices.json" || fail "devices --json exited $?"
    /usr/bin/python3 - "$tmp/devices.json" "$root" <<'PY' || fail "devices --json"
import json, sys
devices = json.load(open(sys.argv[1]))
root = [d for d in devices if d["device"] == sys.argv[2]]
assert root, "the root device is not listed"
assert root[0]["usable"] is False and root[0]["reason"], root[0]
for d in devices:
    for key in ("device", "size", "model", "filesystem", "mount_points", "usable", "reason"):
        assert key in d, (key, d)
PY
    ;;
esac
# An image of FS Bench's own is left out, one of the user's is listed;
# --all lists both (the rule the window uses, from the engine).
truncate -s 64M "$tmp/fsbench-ABC123.img" "$tmp/my-disk.img"
ours=$(udisksctl loop-setup --no-user-interaction -f "$tmp/fsbench-ABC123.img" | sed -n 's/.* as \(.*\)\.$/\1/p')
mine=$(udisksctl loop-setup --no-user-interaction -f "$tmp/my-disk.img" | sed -n 's/.* as \(.*\)\.$/\1/p')
[ -n "$ours" ] && [ -n "$mine" ] || fail "udisksctl loop-setup failed"
"$cli" devices --json > "$tmp/offered.json" || fail "devices --json exited $?"
"$cli" devices --all --json > "$tmp/all.json" || fail "devices --all --json exited $?"
/usr/bin/python3 - "$tmp/offered.json" "$tmp/all.json" "$ours" "$mine" <<'PY' || fail "devices: own loop devices"
import json, sys
offered = {d["device"]: d for d in json.load(open(sys.argv[1]))}
every = {d["device"]: d for d in json.load(open(sys.argv[2]))}
ours, mine = sys.argv[3], sys.argv[4]
assert ours not in offered, f"{ours} (an image of FS Bench's own) is offered"
assert mine in offered and offered[mine]["backing_file"].endswith("my-disk.img"), offered.get(mine)
assert ours in every and mine in every, sorted(every)
assert not [d for d in offered if d.startswith("/dev/zram")], sorted(offered)
assert not [d for d in offered.values() if d["size"] == 0], sorted(offered)
PY
udisksctl loop-delete --no-user-interaction -b "$ours" >/dev/null
udisksctl loop-delete --no-user-interaction -b "$mine" >/dev/null
rm -f "$tmp/fsbench-ABC123.img" "$tmp/my-disk.img"
echo "devices: own loop devices left out, --all lists them"

"$cli" filesystems --json > "$tmp/fs.json" || fail "filesystems --json exited $?"
/usr/bin/python3 - "$tmp/fs.json" <<'PY' || fail "filesystems --json"
import json, sys
fs = {f["name"]: f for f in json.load(open(sys.argv[1]))}
assert len(fs) == 12, fs.keys()
assert fs["ext4"]["usable"] and fs["ext4"]["mkfs_version"], fs["ext4"]
if "jfs" not in open("/proc/filesystems").read():
    assert not fs["jfs"]["usable"] and "JFS" in fs["jfs"]["reason"], fs["jfs"]
PY

# SIGINT, SIGTERM and SIGHUP (the terminal closed) while mounted: 130,
# and nothing left.
for sig in INT TERM HUP; do
  # A new file each time: the shell truncates it only once the child runs.
  out=$tmp/out.$sig
  "$cli" check --target "image@$tmp/images" --fs xfs --hold 30 >"$out" 2>"$tmp/err" &
  pid=$!
  for i in $(seq 100); do grep -q "^Mounted at" "$out" 2>/dev/null && break; sleep 0.1; done
  grep -q "^Mounted at" "$out" || { kill -9 $pid; fail "SIG$sig: never mounted: $(cat "$tmp/err")"; }
  mp=$(sed -n 's/^Mounted at \(.*\); holding.*/\1/p' "$out")
  grep -qF " $mp " /proc/self/mountinfo || fail "SIG$sig: $mp is not mounted"
  kill -$sig $pid
  wait $pid; st=$?
  [ $st -eq 130 ] || fail "SIG$sig: exited $st, not 130: $(cat "$tmp/err")"
  grep -qF " $mp " /proc/self/mountinfo && fail "SIG$sig: $mp is still mounted"
  no_leftovers "SIG$sig" "$mp"
  echo "SIG$sig mid-run: exit 130, nothing left"
done

# SIGHUP in the middle of a run, while the image is mounted: 130, and no
# mount, loop device, image, state file or scratch folder left.
"$cli" run --fs ext4 --repeat 20 --workloads core --tree-files 40 --tree-dirs 4 --tree-size 4M --big-file 16M \
  --target "image@$tmp/images" --output "$tmp/hup.json" >"$tmp/out.run" 2>"$tmp/err.run" &
pid=$!
mounted=
for i in $(seq 600); do
  for dev in $(loops_under "$tmp"); do
    mounted=$(awk -v dev="$dev" '{ for (i = 7; i <= NF; i++) if ($i == "-" && $(i+2) == dev) print $5 }' /proc/self/mountinfo)
    [ -n "$mounted" ] && break 2
  done
  kill -0 $pid 2>/dev/null || break
  sleep 0.05
done
[ -n "$mounted" ] || { kill -KILL $pid; fail "run: the image was never seen mounted: $(cat "$tmp/err.run")"; }
[ -n "$(ls -A "$tmp/scratch")" ] || { kill -KILL $pid; fail "run: no scratch folder while it runs"; }
kill -HUP $pid
wait $pid; st=$?
[ $st -eq 130 ] || fail "run, SIGHUP: exited $st, not 130: $(tail -3 "$tmp/err.run")"
grep -qF " $mounted " /proc/self/mountinfo && fail "run, SIGHUP: $mounted is still mounted"
no_leftovers "run, SIGHUP" "$mounted"
echo "run, SIGHUP mid-run: exit 130, nothing left"

# Killed outright: the next start (clean, or check) cleans it.
out=$tmp/out.kill
"$cli" check --target "image@$tmp/images" --fs btrfs --hold 30 >"$out" 2>&1 &
pid=$!
for i in $(seq 100); do grep -q "^Mounted at" "$out" 2>/dev/null && break; sleep 0.1; done
mp=$(sed -n 's/^Mounted at \(.*\); holding.*/\1/p' "$out")
[ -n "$mp" ] || fail "never mounted: $(cat "$out")"
kill -KILL $pid; wait $pid
grep -qF " $mp " /proc/self/mountinfo || fail "the killed run's mount vanished by itself"
[ -n "$(loops_under "$tmp")" ] || fail "the killed run's loop device vanished by itself"
# and a scratch folder a killed run left, of a pid that no longer runs
dead=$(sh -c 'echo $$')
mkdir -p "$tmp/scratch/fsbench-scratch-$dead-AbC123/tree"
head -c 1048576 /dev/zero > "$tmp/scratch/fsbench-scratch-$dead-AbC123/tree/file"
out=$("$cli" clean) || fail "clean exited $?"
echo "$out"
echo "$out" | grep -q "Cleaned 3 leftovers" || fail "clean: $out"
echo "$out" | grep -Eq "Deleted 1 scratch folder of an earlier run, which held 1\.[01].MB" || fail "clean, scratch: $out"
no_leftovers "clean" "$mp"
out=$("$cli" clean) || fail "clean exited $?"
echo "$out" | grep -q "Nothing to clean" || fail "a second clean: $out"
echo "fsbench-cli targets: ok"
