#!/bin/sh
# stage-stale-view.sh DEVICE DIR: makes udisksd call DEVICE (an unmounted
# filesystem of the test's own) mounted at a folder in DIR the kernel has
# no mount at, as a take-ownership temp-mount left it in CI runs.
#
# udisksd's mount monitor tells a block object of a mount gone only when
# the mount table differs from the one the monitor itself read last; an
# update of the object (a uevent) reads the table on its own. So, with
# udisksd held by gdb: a uevent's update starts; DEVICE is mounted; the
# update reads the table (the mount is there) and is held again as it
# sets the mount points; DEVICE is unmounted; udisksd goes on. Its monitor
# then sees the same table as before, and nothing tells the object.
#
# Every wait is bounded; gdb detaches (taking its breakpoints away) on
# every path. Exits 0 once staged, 77 without gdb, 1 otherwise.
set -u
dev=$1
dir=$2
command -v gdb >/dev/null || { echo "no gdb" >&2; exit 77; }
pid=$(dbus-send --system --print-reply=literal --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.UDisks2 | awk '{ print $2 }')
[ -n "$pid" ] || { echo "udisksd is not on the system bus" >&2; exit 1; }
mp=$(mktemp -d "$dir/stale-view-XXXXXX")
log=$mp.log
uevent=/sys/class/block/$(basename "$(readlink -f "$dev")")/uevent
cat > "$mp.gdb" <<GDB
set pagination off
set confirm off
break udisks_linux_filesystem_update
echo ARMED\n
continue
shell mount $dev $mp
delete
break udisks_filesystem_set_mount_points
continue
shell umount $mp
delete
detach
echo STAGED\n
quit
GDB
gdb -p "$pid" -batch -x "$mp.gdb" >"$log" 2>&1 &
gdb_pid=$!
# armed, then a uevent each second until udisksd's update stops at the
# breakpoint (udev hands it over on its own time)
for i in $(seq 100); do grep -q ARMED "$log" && break; sleep 0.1; done
for i in $(seq 20); do
  grep -q "hit Breakpoint 1" "$log" && break
  echo change > "$uevent"
  sleep 1
done
for i in $(seq 100); do kill -0 "$gdb_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$gdb_pid" 2>/dev/null; then
  # never hit: an interrupt makes gdb stop udisksd, run the rest of the
  # script (detach) and quit
  kill -INT "$gdb_pid"
  sleep 2
fi
wait "$gdb_pid" 2>/dev/null
grep -qF " $mp " /proc/self/mountinfo && umount "$mp"
rmdir "$mp"
staged=0
grep -q STAGED "$log" || staged=1
[ $staged -eq 0 ] || cat "$log" >&2
rm -f "$log" "$mp.gdb"
exit $staged
