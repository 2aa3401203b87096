#!/bin/sh
# private-system-bus.sh DIR: starts a system-like D-Bus daemon with no
# services on it (no udisks2, no polkit) listening in DIR, and prints
# "ADDRESS PID". The real system bus and its services are left alone;
# the caller points DBUS_SYSTEM_BUS_ADDRESS at the address and kills PID.
set -eu
dir=$1
cat > "$dir/system-bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$dir/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
CONF
pid=$(dbus-daemon --config-file="$dir/system-bus.conf" --fork --print-pid)
for _ in $(seq 50); do [ -S "$dir/system_bus_socket" ] && break; sleep 0.1; done
[ -S "$dir/system_bus_socket" ] || { kill "$pid"; echo "the private bus did not start" >&2; exit 1; }
echo "unix:path=$dir/system_bus_socket $pid"
