#!/usr/bin/env bash
# bench/physical-limit.sh: FS Bench's big-file copy-in rate as a share of
# what the disk does with O_DIRECT, as root and as a user through polkit.
#
# In one folder: the sequential O_DIRECT write rate of dd into a sparse
# file the size of FS Bench's image (as much as the big file, with
# fdatasync) and the cold read rate of the big file, then fsbench-cli run
# as root and as a non-root user
# granted udisks by a polkit rule for the run only. Rounds alternate root
# and user. Prints medians (min–max) of big-copy-in and tree-copy-in in
# MB/s, their share of the limit, the user ÷ root ratio and the regime each
# run recorded (direct I/O, where the flush reached, the host filesystem);
# and cp's rate for the same cold copy-in, as what a standard tool reaches
# on this disk (FS Bench ÷ cp).
#
#   bench/physical-limit.sh [BUILD_DIR]   (as root; FS=ext4 PROFILE=standard
#                                          REPEAT=3 ROUNDS=2 DIR=/var/tmp)
# Goals: big-copy-in >= 90 % of the O_DIRECT write rate; user within 15 % of root.
# On a virtual disk, the host below the guest caches what was just written
# or read: the dd figures and cp (which read the big file right after the
# runs did) may come from that cache, while FS Bench reads its source after
# gigabytes of other tasks. The first read of a file nobody read for long
# (dd iflag=nocache first) tells the disk's own cold rate.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
cli=${CLI:-$build/src/cli/fsbench-cli}
fs=${FS:-ext4}
profile=${PROFILE:-standard}
repeat=${REPEAT:-3}
rounds=${ROUNDS:-2}
parent=${DIR:-/var/tmp}
user=fsbench-test
py=/usr/bin/python3

[ "$(id -u)" -eq 0 ] || { echo "run as root: it adds a user and a polkit rule" >&2; exit 2; }
[ -d /etc/polkit-1/rules.d ] || { echo "no /etc/polkit-1/rules.d" >&2; exit 2; }
getent passwd $user >/dev/null ||
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin $user

tmp=$(mktemp -d "$parent/fsbench-limit-XXXXXX")
chmod 755 "$tmp"
rule=/etc/polkit-1/rules.d/10-fsbench-limit-$$.rules
cleanup() {
  rm -f "$rule"
  # cp's own image, if a round stopped half way: only ours.
  if mountpoint -q "$tmp/cp-mnt" 2>/dev/null; then umount "$tmp/cp-mnt" || true; fi
  losetup -j "$tmp/images/cp.img" -n -O NAME 2>/dev/null | xargs -r -n1 losetup -d || true
  rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p "$tmp/images" "$tmp/root" "$tmp/user"
chown $user "$tmp/images" "$tmp/user"
runuser -u $user -- test -x "$cli" || { echo "$user cannot run $cli (is the build under /root?)" >&2; exit 2; }

as_root() { env XDG_CACHE_HOME="$tmp/root/cache" XDG_STATE_HOME="$tmp/root/state" "$@"; }
as_user() {
  runuser -u $user -- env HOME="$tmp/user" XDG_CACHE_HOME="$tmp/user/cache" \
    XDG_STATE_HOME="$tmp/user/state" LC_ALL=C.UTF-8 LANGUAGE= "$@"
}

cat > "$rule" <<JS
polkit.addRule(function(action, subject) {
  if (subject.user == "$user" && action.id.indexOf("org.freedesktop.udisks2.") == 0)
    return polkit.Result.YES;
});
JS
chmod 644 "$rule"
for i in $(seq 100); do
  as_user sh -c 'exec pkcheck --action-id org.freedesktop.udisks2.loop-setup --process $$' >/dev/null 2>&1 && break
  sleep 0.1
done

# The limit: sequential O_DIRECT writes of the big file's size at the start
# of a sparse file as large as FS Bench's image, in the image folder.
limit() {
  local img=$tmp/images/dd.img out
  truncate -s "$image_bytes" "$img"
  out=$(dd if=/dev/zero of="$img" bs=1M count=$((big_bytes / 1048576)) \
          oflag=direct conv=notrunc,fdatasync 2>&1 | tail -1)
  rm -f "$img"
  echo "$out" | awk '{ for (i = 1; i <= NF; i++) if ($i == "s,") print $1 / $(i - 1) / 1e6 }'
}

# What a copy-in also does: read the big file cold (buffered, as cp and
# FS Bench do), here from the same disk.
cold_read() {
  local src=$tmp/root/cache/fsbench/datasets/$profile/big.img t0 t1
  dd if="$src" iflag=nocache count=0 status=none
  t0=$EPOCHREALTIME
  dd if="$src" of=/dev/null bs=128K status=none
  t1=$EPOCHREALTIME
  echo "$big_bytes / ($t1 - $t0) / 1000000" | bc -l
}

# What a standard tool does with the same copy-in: cp of the cold big
# file onto a fresh filesystem in an image of the run's size, on a loop
# device with direct I/O, flushed with sync -f.
cp_rate() {   # filesystem
  local img=$tmp/images/cp.img mnt=$tmp/cp-mnt src=$tmp/root/cache/fsbench/datasets/$profile/big.img loop t0 t1
  truncate -s "$image_bytes" "$img"
  loop=$(losetup --direct-io=on -f --show "$img")
  case $1 in
    xfs) mkfs.xfs -q -f "$loop" ;;
    btrfs) mkfs.btrfs -q -f "$loop" >/dev/null ;;
    *) "mkfs.$1" -q -F "$loop" ;;
  esac
  mkdir -p "$mnt" && mount "$loop" "$mnt"
  dd if="$src" iflag=nocache count=0 status=none
  t0=$EPOCHREALTIME
  cp --reflink=never "$src" "$mnt/big.img"
  sync -f "$mnt"
  t1=$EPOCHREALTIME
  umount "$mnt" && losetup -d "$loop" && rm -f "$img"
  echo "$big_bytes / ($t1 - $t0) / 1000000" | bc -l
}

run() {   # who, round
  local out=$tmp/$1-$2.json
  if [ "$1" = root ]; then
    as_root "$cli" run --fs "$fs" --profile "$profile" --repeat "$repeat" \
      --target "image@$tmp/images" -o "$out" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  else
    as_user "$cli" run --fs "$fs" --profile "$profile" --repeat "$repeat" \
      --target "image@$tmp/images" -o "$tmp/user/r.json" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    cp "$tmp/user/r.json" "$out"
  fi
}

echo "$fs, profile $profile, $rounds rounds of $repeat repetitions; root and user alternate" >&2
for ((r = 1; r <= rounds; r++)); do
  if (( r % 2 )); then run root $r; run user $r; else run user $r; run root $r; fi
  # The same image size as the run's, and its big file's size.
  image_bytes=$($py -c 'import json,sys; print(json.load(open(sys.argv[1]))["target"]["size_bytes"])' "$tmp/root-$r.json")
  big_bytes=$(stat -c %s "$tmp/root/cache/fsbench/datasets/$profile/big.img")
  # cp first: right after the cold read, a virtual disk's host may still
  # cache the big file below the guest (its spread shows it).
  for k in 1 2 3; do
    for f in ${fs//,/ }; do echo "cp-$f $(cp_rate "$f")" >> "$tmp/limits"; done
    echo "write $(limit)" >> "$tmp/limits"
    echo "read $(cold_read)" >> "$tmp/limits"
  done
done

$py - "$tmp" "$rounds" "$fs" <<'PY'
import json, statistics, sys
tmp, rounds, fss = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(",")
lim = {"write": [], "read": []}
for line in open(f"{tmp}/limits"):
    kind, v = line.split()
    lim.setdefault(kind, []).append(float(v))
def mmm(v):
    return statistics.median(v), min(v), max(v)
def rates(who, fs, task):
    out = []
    for r in range(1, rounds + 1):
        res = json.load(open(f"{tmp}/{who}-{r}.json"))
        f = next(x for x in res["filesystems"] if x["name"] == fs)
        t = next(x for x in f["tasks"] if x["id"] == task)
        out += [s["bytes"] / s["wall_s"] / 1e6 for s in t["samples"] if s.get("wall_s")]
    return out
def regime(who):
    t = json.load(open(f"{tmp}/{who}-1.json"))["target"]
    h = t.get("host") or {}
    return (f"direct_io={t.get('direct_io')} flush_reaches={t.get('flush_reaches')} "
            f"host={h.get('filesystem')} nocow={h.get('nocow')}")
w, rd = mmm(lim["write"]), mmm(lim["read"])
# A copy from the same disk does both; the disk here serves them in turn.
both = 1 / (1 / w[0] + 1 / rd[0])
print(f"O_DIRECT write (dd bs=1M, fdatasync): {w[0]:.0f} MB/s ({w[1]:.0f}–{w[2]:.0f}), {len(lim['write'])} runs")
print(f"cold read of the big file (dd bs=128K): {rd[0]:.0f} MB/s ({rd[1]:.0f}–{rd[2]:.0f})")
print(f"read then write, one disk: {both:.0f} MB/s")
for who in ("root", "user"):
    print(f"{who}: {regime(who)}")
for fs in fss:
    print(f"\n{fs}                 root MB/s (min–max)     user MB/s (min–max)    user/root")
    for task in ("big-copy-in", "big-recopy", "tree-copy-in", "tree-recopy"):
        a, b = mmm(rates("root", fs, task)), mmm(rates("user", fs, task))
        print(f"{task:<14} {a[0]:9.0f} ({a[1]:.0f}–{a[2]:.0f}) {b[0]:14.0f} ({b[1]:.0f}–{b[2]:.0f}) {b[0] / a[0]:12.2f}")
    a, b = mmm(rates("root", fs, "big-copy-in")), mmm(rates("user", fs, "big-copy-in"))
    print(f"big-copy-in as a share of the O_DIRECT write rate: root {a[0] / w[0]:.0%}, user {b[0] / w[0]:.0%}; "
          f"of read then write: root {a[0] / both:.0%}, user {b[0] / both:.0%}")
    c = mmm(lim[f"cp-{fs}"])
    print(f"cp of the same cold file onto a fresh {fs} (direct-I/O loop, sync -f): {c[0]:.0f} MB/s "
          f"({c[1]:.0f}–{c[2]:.0f}), {c[0] / w[0]:.0%} of the O_DIRECT write rate; "
          f"big-copy-in ÷ cp: root {a[0] / c[0]:.2f}, user {b[0] / c[0]:.2f}")
PY
