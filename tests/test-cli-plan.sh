#!/bin/sh
# fsbench-cli plan: what a run would do, from the engine's one plan spec;
# the window's GSettings defaults agree with it; fsbench-cli history.
set -u
cli=$1
schema_dir=$2
data=$3
refuse_io_uring=$4
. "$(dirname "$0")/lib.sh"

tmp=$(mktemp -d /tmp/fsbench-test-cli-plan-XXXXXX) || exit 1
export XDG_CACHE_HOME="$tmp/cache" XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data"
trap 'rm -rf "$tmp"' EXIT

expect_status() {
  want=$1; shift
  "$@" >"$tmp/out" 2>"$tmp/err"
  st=$?
  [ "$st" -eq "$want" ] || fail "'$*' exited $st, not $want: $(cat "$tmp/err")"
}
json() {  # json FILE EXPR: a value of the JSON in FILE
  /usr/bin/python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# The plan, as JSON: the members the window and scripts read.
expect_status 0 "$cli" plan --fs ext4,xfs --workloads core --json
cp "$tmp/out" "$tmp/plan.json"
[ "$(json "$tmp/plan.json" 'd["dataset"]["big_file_bytes"]')" = 35000000 ] || fail "quick's big file"
[ "$(json "$tmp/plan.json" 'd["target"]["size_bytes"] >= d["space_needed_bytes"]')" = True ] || fail "image smaller than the space needed"
[ "$(json "$tmp/plan.json" 'len(d["tasks"])')" = 11 ] || fail "a core cycle has 11 tasks"
[ "$(json "$tmp/plan.json" '0 < d["estimated_seconds"] < 300')" = True ] || fail "estimated_seconds out of range"
[ "$(json "$tmp/plan.json" 'd["steps"]')" = 66 ] || fail "2 filesystems × 3 repetitions × 11 tasks"
[ "$(json "$tmp/plan.json" 'd["repetition_policy"]')" = "{'mode': 'auto', 'min': 3, 'max': 10, 'time_budget_s': None}" ] \
  || fail "automatic repetitions by default"
[ "$(json "$tmp/plan.json" 'd["estimated_seconds"] < d["estimated_seconds_max"]')" = True ] || fail "auto: at most more"

# A use case runs the groups it needs; +GROUP and -GROUP change them.
expect_status 0 "$cli" plan --fs ext4 --json
[ "$(json "$tmp/out" 'd["workloads"]')" = "['core', 'small-files', 'random-io']" ] || fail "the default use case's groups"
expect_status 0 "$cli" plan --fs ext4 --use-case database --json
[ "$(json "$tmp/out" 'd["workloads"]')" = "['random-io', 'sync-write', 'sqlite']" ] || fail "database's groups"
expect_status 0 "$cli" plan --fs ext4 --use-case database --workloads +core,-random-io --json
[ "$(json "$tmp/out" 'd["workloads"]')" = "['core', 'sync-write', 'sqlite']" ] || fail "+core,-random-io"
expect_status 0 "$cli" plan --fs ext4 --use-case media --json
[ "$(json "$tmp/out" 'd["workloads"]')" = "['core', 'delete-latency', 'photos', 'transfer']" ] || fail "media's groups"
expect_status 0 "$cli" plan --fs ext4 --use-case developer --json
[ "$(json "$tmp/out" 'd["workloads"]')" = "['kernel-tree', 'small-files', 'git', 'archive', 'build']" ] \
  || fail "developer's groups"
# Without the git program the git group is left out, with why, not failed;
# the rest of the developer's groups still run. (A PATH without git, and
# the same plan with git found, so the test fails if it stops telling.)
nogit="$tmp/nogit"; mkdir -p "$nogit"
expect_status 0 env PATH="$nogit" "$cli" plan --fs ext4 --use-case developer
grep -q "^Left out: Git repository\. The git program is not installed" "$tmp/out" || fail "no git: $(cat "$tmp/out")"
! grep -q "git-clone" "$tmp/out" || fail "no git, yet git-clone is planned"
grep -q "build-full" "$tmp/out" || fail "no git: the other groups left out too"
expect_status 0 env PATH="$nogit" "$cli" plan --fs ext4 --use-case developer --json
[ "$(json "$tmp/out" '[t["id"] for t in d["tasks"] if t["id"].startswith("git-")]')" = "[]" ] || fail "no git: its tasks in the JSON"
# A plan whose every group is unavailable is refused before anything is
# made: plan and run exit 2 with why, and run leaves no file behind.
expect_status 2 env PATH="$nogit" "$cli" plan --fs ext4 --workloads git
grep -q "None of the chosen workload groups can run on this system: Git repository cannot\. The git program is not installed" "$tmp/err" \
  || fail "no git, only git: $(cat "$tmp/err")"
expect_status 2 env PATH="$nogit" "$cli" run --fs ext4 --workloads git --output "$tmp/nogit/result.json"
grep -q "None of the chosen workload groups can run" "$tmp/err" || fail "run, no git, only git: $(cat "$tmp/err")"
[ -z "$(ls -A "$tmp/nogit")" ] || fail "a refused run left $(ls -A "$tmp/nogit")"
if command -v git >/dev/null; then
  expect_status 0 "$cli" plan --fs ext4 --workloads git
  expect_status 0 "$cli" plan --fs ext4 --use-case developer
  ! grep -q "Left out" "$tmp/out" || fail "git is installed, yet left out"
  grep -q "git-clone" "$tmp/out" || fail "git is installed, yet git-clone is not planned"
fi
expect_status 0 "$cli" plan --fs ext4 --repeat 4 --json
[ "$(json "$tmp/out" 'd["repetition_policy"]["mode"], d["repetitions"]')" = "('fixed', 4)" ] || fail "--repeat 4"
expect_status 0 "$cli" plan --fs ext4 --repeat auto --repeat-max 6 --time-budget 120 --json
[ "$(json "$tmp/out" 'd["repetition_policy"]')" = "{'mode': 'auto', 'min': 3, 'max': 6, 'time_budget_s': 120.0}" ] \
  || fail "--repeat auto --repeat-max 6 --time-budget 120"

# The same options as run: a use case, sizes with the one unit rule, groups.
expect_status 0 "$cli" plan --fs ext4 --use-case database --workloads random-io --size randio-file-size=1M \
  --target image:2G --repeat 5 --json
cp "$tmp/out" "$tmp/p2.json"
[ "$(json "$tmp/p2.json" 'd["use_case"]')" = database ] || fail "--use-case"
[ "$(json "$tmp/p2.json" 'd["sizes"]["randio-file-size"]')" = 1048576 ] || fail "1M is 1 MiB"
[ "$(json "$tmp/p2.json" 'd["target"]["size_bytes"]')" = 2147483648 ] || fail "image:2G is 2 GiB"
[ "$(json "$tmp/p2.json" 'd["profile"]')" = custom ] || fail "a size makes the profile custom"
[ "$(json "$tmp/p2.json" '[t["id"] for t in d["tasks"]]')" = "['mkfs', 'mount', 'rand-read', 'rand-write', 'umount']" ] || fail "random-io's cycle"

# --age: the aging step and the aged tasks in each cycle, a count of small
# files per filesystem, a larger image so the fill leaves the tasks room.
[ "$(json "$tmp/plan.json" 'd["age"]')" = none ] || fail "the default age is none"
[ "$(json "$tmp/plan.json" 'd["aging"]')" = None ] || fail "no aging block without --age"
expect_status 0 "$cli" plan --fs ext4,xfs --workloads core --age light --json
cp "$tmp/out" "$tmp/aged.json"
[ "$(json "$tmp/aged.json" 'd["age"]')" = light ] || fail "--age light"
[ "$(json "$tmp/aged.json" 'd["aging"]["fill_percent_target"]')" = 60.0 ] || fail "light fills to 60 %"
[ "$(json "$tmp/aged.json" '[t["id"] for t in d["tasks"]][10:13]')" = "['age', 'big-copy-in@aged', 'big-recopy@aged']" ] || fail "the aged tasks follow the aging step"
[ "$(json "$tmp/aged.json" 'd["tasks"][11]["criterion"]')" = aged ] || fail "aged tasks count in the aged criterion"
[ "$(json "$tmp/aged.json" 'd["steps"]')" = 122 ] || fail "2 filesystems × 3 repetitions × 20 steps, and a count of small files each"
[ "$(json "$tmp/aged.json" 'd["estimated_seconds"] > '"$(json "$tmp/plan.json" 'd["estimated_seconds"]')")" = True ] || fail "aging takes time"
[ "$(json "$tmp/aged.json" 'd["space_needed_bytes"] * (1 - 0.60) * 0.85 >= d["aging"]["reserve_bytes"]')" = True ] || fail "the light fill leaves no room for the tasks"
expect_status 0 "$cli" plan --fs ext4 --age heavy --json
[ "$(json "$tmp/out" 'd["space_needed_bytes"] * (1 - 0.85) * 0.85 >= d["aging"]["reserve_bytes"]')" = True ] || fail "the heavy fill leaves no room for the tasks"
expect_status 0 "$cli" plan --fs ext4 --age light
grep -q "big-copy-in@aged" "$tmp/out" || fail "the text plan lacks the aged tasks"
grep -q "4 KiB" "$tmp/out" || fail "the text plan lacks the count of small files"

# --data: what the generated files are made of; an unknown kind is refused
# naming the kinds; `dataset --data text` writes text that compresses.
[ "$(json "$tmp/plan.json" 'd["data"]')" = random ] || fail "the default data is random"
expect_status 0 "$cli" plan --fs ext4 --data text --json
[ "$(json "$tmp/out" 'd["data"]')" = text ] || fail "--data text"
expect_status 2 "$cli" plan --fs ext4 --data zeros
grep -q "zeros" "$tmp/err" && grep -q "mixed" "$tmp/err" || fail "--data zeros: $(cat "$tmp/err")"
expect_status 0 "$cli" dataset --data text --big-file 1M --tree-size 2M --tree-files 20 --out "$tmp/ds-text"
[ "$(json "$tmp/ds-text/manifest.json" 'd["data"]')" = text ] || fail "the text dataset's manifest"
if command -v gzip >/dev/null; then
  whole=$(wc -c < "$tmp/ds-text/big.img")
  packed=$(gzip -6 -c "$tmp/ds-text/big.img" | wc -c)
  [ $((whole / packed)) -ge 2 ] || fail "text data should compress: $whole → $packed bytes"
fi

# The text form names the target, the data and the time.
expect_status 0 "$cli" plan --fs ext4,xfs,btrfs --profile standard
grep -q "GiB" "$tmp/out" || fail "sizes are not shown in binary units"
grep -q "Estimated time" "$tmp/out" || fail "no estimated time"
grep -q "tree-copy-in" "$tmp/out" || fail "no task list"

# Sizes that are not sizes: exit 2, nothing written.
for bad in "--target image:nan" "--target image:99999999999999999999T" "--big-file nan" "--big-file inf" \
           "--big-file 1e400" "--size tree-files=1.5" "--size nope=3" "--size big-file" "--repeat 101" \
           "--use-case gaming" "--workloads cycle" "--tree-size 12X" "--age old" "--workloads aging" \
           "--repeat 0" "--repeat many" "--repeat-max 2" "--time-budget -5" "--workloads +nonsense"; do
  # shellcheck disable=SC2086
  expect_status 2 "$cli" plan --fs ext4 $bad
done
[ -z "$(ls -A "$tmp/cache" 2>/dev/null)" ] || fail "plan wrote to the cache"

# The window's defaults are the engine's.
if command -v gsettings >/dev/null 2>&1 && [ -d "$schema_dir" ]; then
  expect_status 0 "$cli" plan --fs ext4 --json
  cp "$tmp/out" "$tmp/defaults.json"
  export GSETTINGS_SCHEMA_DIR="$schema_dir" GSETTINGS_BACKEND=memory
  id=io.github.fsbench.FsBench
  [ "$(gsettings get $id profile)" = "'$(json "$tmp/defaults.json" 'd["profile"]')'" ] || fail "profile default differs"
  [ "$(gsettings get $id repetitions | sed 's/^uint32 //')" = "$(json "$tmp/defaults.json" 'd["repetitions"]')" ] || fail "repetitions default differs"
  [ "$(gsettings get $id repetition-mode)" = "'$(json "$tmp/defaults.json" 'd["repetition_policy"]["mode"]')'" ] || fail "repetition mode default differs"
  [ "$(gsettings get $id use-case)" = "'$(json "$tmp/defaults.json" 'd["use_case"]')'" ] || fail "use case default differs"
  [ "$(gsettings get $id age)" = "'$(json "$tmp/defaults.json" 'd["age"]')'" ] || fail "aging default differs"
  [ "$(gsettings range $id age | tr '\n' ' ')" = "enum 'none' 'light' 'heavy' " ] || fail "aging levels differ"
  [ "$(gsettings get $id data)" = "'$(json "$tmp/defaults.json" 'd["data"]')'" ] || fail "data default differs"
  [ "$(gsettings range $id data | tr '\n' ' ')" = "enum 'random' 'text' 'mixed' " ] || fail "data kinds differ"
  [ "$(gsettings get $id workloads)" = "$(json "$tmp/defaults.json" 'd["workloads"]')" ] || fail "workloads default differs"
  range=$(gsettings range $id repetitions | tr '\n' ' ')
  [ "$range" = "range u $(json "$tmp/defaults.json" 'd["limits"]["repetitions"][0]') $(json "$tmp/defaults.json" 'd["limits"]["repetitions"][1]') " ] || fail "repetitions range differs: $range"
fi

# history: list, show, delete; only runs of the history are deleted.
expect_status 0 "$cli" history
grep -q "empty" "$tmp/out" || fail "an empty history says so"
mkdir -p "$tmp/data/fsbench/history"
cp "$data/study.json" "$tmp/data/fsbench/history/20261130-120000-run.json"
echo '{ not json' > "$tmp/data/fsbench/history/20261130-130000-run.json"
expect_status 0 "$cli" history --json
cp "$tmp/out" "$tmp/h.json"
[ "$(json "$tmp/h.json" 'len(d)')" = 2 ] || fail "history --json lists 2 runs"
[ "$(json "$tmp/h.json" '[e["readable"] for e in d]')" = "[False, True]" ] || fail "history --json: newest first, the broken one unreadable"
expect_status 0 "$cli" history list
grep -q "20261130-120000-run" "$tmp/out" || fail "history list lacks the run"
expect_status 0 "$cli" history show 20261130-120000-run
grep -q "XFS" "$tmp/out" || fail "history show lacks the results"
expect_status 2 "$cli" history show no-such-run
echo keep > "$tmp/mine.json"
expect_status 2 "$cli" history delete "$tmp/mine.json"
[ -f "$tmp/mine.json" ] || fail "history delete removed a file outside the history"
expect_status 0 "$cli" history delete 20261130-130000-run
[ ! -e "$tmp/data/fsbench/history/20261130-130000-run.json" ] || fail "history delete left the run"

# Contenders: a filesystem twice is its twin; variants carry their options.
expect_status 0 "$cli" plan --fs ext4,ext4 --json
[ "$(json "$tmp/out" 'd["filesystems"]')" = "['ext4 (1)', 'ext4 (2)']" ] || fail "ext4 twice: twins"
[ "$(json "$tmp/out" 'd["contenders"][1]["type"]')" = ext4 ] || fail "the twin is ext4"
expect_status 0 "$cli" plan --variant 'noatime=ext4;mount=noatime' --variant 'zstd=btrfs;mount=compress=zstd:1' \
  --fs ext4,noatime,btrfs,zstd --json
[ "$(json "$tmp/out" '[c["label"] + ":" + c["type"] for c in d["contenders"]]')" = \
  "['ext4:ext4', 'noatime:ext4', 'btrfs:btrfs', 'zstd:btrfs']" ] || fail "variants' types"
[ "$(json "$tmp/out" 'd["contenders"][3]["mount_options"]')" = "compress=zstd:1" ] || fail "a variant's options"
# What udisks refuses (even for root), or no option at all: exit 2 at once,
# before anything is made — for plan and for run.
many=$(/usr/bin/python3 -c "print('x=ext4;mount=' + ','.join(['noatime'] * 10000))")
nl='nl=ext4;mount=noatime
x'
for variant in 'wb=ext4;mount=data=writeback' 'z=xfs;mount=compress=zstd' 'c=ext4;mount=noatime,,x' "$nl" "$many"; do
  name=${variant%%=*}
  for verb in plan run; do
    start=$(date +%s%N)
    expect_status 2 "$cli" $verb --variant "$variant" --fs "ext4,$name" --output "$tmp/variant.json"
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    [ "$ms" -lt 1000 ] || fail "refusing a variant took $ms ms"
    [ ! -e "$tmp/variant.json" ] && [ ! -e "$tmp/cache/fsbench/images" ] || fail "a refused variant left something"
  done
done
expect_status 2 "$cli" plan --variant 'wb=ext4;mount=data=writeback' --fs wb
grep -q "mount_options.conf" "$tmp/err" || fail "the refusal says where an administrator allows more: $(cat "$tmp/err")"
grep -q "noatime" "$tmp/err" || fail "the refusal names what is allowed"
# A kernel that refuses io_uring (here a seccomp filter, as a container's
# profile does) leaves the queue-depth group out, with why, before anything
# is made; the same plans with io_uring allowed keep it (so the test fails
# if it stops telling).
nouring="$tmp/nouring"; mkdir -p "$nouring"
expect_status 0 "$refuse_io_uring" "$cli" plan --fs ext4 --workloads random-io,queue-depth
grep -qx "Left out: Queue depth\. This system does not allow io_uring: Operation not permitted\." "$tmp/out" \
  || fail "io_uring refused: $(cat "$tmp/out")"
! grep -q "qd-read" "$tmp/out" || fail "io_uring refused, yet qd-read is planned"
grep -q "rand-read" "$tmp/out" || fail "io_uring refused: random-io left out too"
expect_status 2 "$refuse_io_uring" "$cli" run --fs ext4 --workloads queue-depth --output "$nouring/result.json"
grep -q "None of the chosen workload groups can run on this system: Queue depth cannot\. This system does not allow io_uring" \
  "$tmp/err" || fail "run, io_uring refused, only queue-depth: $(cat "$tmp/err")"
[ -z "$(ls -A "$nouring")" ] || fail "a refused run left $(ls -A "$nouring")"
expect_status 0 "$cli" plan --fs ext4 --workloads random-io,queue-depth
! grep -q "Left out" "$tmp/out" || fail "io_uring allowed, yet left out: $(cat "$tmp/out")"
grep -q "qd-read" "$tmp/out" || fail "io_uring allowed, yet qd-read is not planned"
echo "fsbench-cli plan and history: ok"
