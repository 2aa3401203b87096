#!/usr/bin/env bash
# bench/report-widest.sh: the largest result that loads (32 filesystems ×
# 128 tasks × 45 samples: every task of the catalog, aged ones included,
# then custom commands up to 128 ids; the value cap leaves one metric per
# sample, each task's headline one, and every transfer), reported in each
# format, one command each as a user runs them, and opened in the window
# (bench/gui-open-result, when built and a display is there: imported in an
# earlier session, or unindexed, copied into the history by hand). Goal
# (issue 30): each under 2 s. Prints the exit status, wall time and peak
# RSS of each, and the CPU time it took.
#
#   bench/report-widest.sh [BUILD_DIR] [KEEP_DIR]
#
# With KEEP_DIR, the result and every output are left there (to compare
# the outputs of two builds).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/_build}
cli=$build/src/cli/fsbench-cli
gui=$build/bench/gui-open-result
tmp=$(mktemp -d /tmp/fsbench-bench-widest-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
keep=${2:-$tmp/out}
mkdir -p "$keep"
export LC_ALL=C.UTF-8 LANGUAGE=

# The catalog's task ids (the full profile, aged) and their headline metrics.
mapfile -t ids < <("$cli" plan --profile full --age light --fs ext4 --json \
                   | python3 -c 'import json, sys; print("\n".join(t["id"] for t in json.load(sys.stdin)["tasks"]))')
"$build/bench/fsb-bench-task" --metric "${ids[@]}" > "$tmp/metrics"

python3 - "$keep/result.json" "$tmp/metrics" "$top/tests/data/study.json" <<'EOF'
import json, random, sys
out, metrics, study = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
N_FS, N_TASKS, N_SAMPLES = 32, 128, 45
rng = random.Random(30)
catalog = [line.split()[:2] for line in open(metrics)]
tasks = catalog + [("custom:c%d" % i, "wall_s") for i in range(N_TASKS - len(catalog))]
fs0 = study["filesystems"][0]

def samples(f, t, metric):
    # each filesystem a few percent apart, with some noise: verdicts of every kind
    base = (1 + t % 17) * (1 + 0.03 * ((f * 7 + t) % 11))
    return [{metric: round(base * rng.lognormvariate(0, 0.05), 4)} for _ in range(N_SAMPLES)]

names = ["fs%d" % f for f in range(N_FS)]
doc = {k: v for k, v in study.items() if k not in ("filesystems", "transfers")}
doc.update(workloads=["core", "kernel-tree", "small-files", "delete-latency", "random-io", "sync-write",
                      "transfer"], repetitions=N_SAMPLES, age="light")
doc["filesystems"] = [dict({k: v for k, v in fs0.items() if k != "tasks"}, name=name,
                           tasks=[{"id": tid, "samples": samples(f, t, metric)}
                                  for t, (tid, metric) in enumerate(tasks)])
                      for f, name in enumerate(names)]
doc["transfers"] = [{"from": a, "to": b, "mb_per_s": round(10 + rng.random() * 10, 1)}
                    for a in names for b in names if a != b]
with open(out, "w") as f:
    json.dump(doc, f, separators=(",", ":"), ensure_ascii=False)
EOF
f=$keep/result.json
printf 'result: %s, %.1f MB\n' "$f" "$(echo "$(stat -c %s "$f") / 1048576" | bc -l)"

measure() {   # LABEL COMMAND…
  local label=$1 st secs kb user sys
  shift
  set +e
  /usr/bin/time -f '%e %M %U %S' -o "$tmp/time" timeout 120 "$@" >"$tmp/stdout" 2>"$tmp/err"
  st=$?
  set -e
  read -r secs kb user sys < <(tail -n 1 "$tmp/time")
  printf '%-22s %5s %7.2f s %7.1f MB %7.2f s\n' "$label" "$st" "$secs" "$(echo "$kb / 1024" | bc -l)" \
    "$(echo "$user + $sys" | bc -l)"
  [ "$st" = 0 ] || sed 's/^/  /' "$tmp/err" | head -n 5
}

# CPU time too: on a loaded machine, the wall time says less
printf '%-22s %5s %9s %10s %9s\n' command exit wall "peak RSS" CPU
for what in pdf html csv md json; do
  measure "report --$what" "$cli" report "$f" --$what "$keep/report.$what"
done
# The window's figures are its own (gui-open-result): from the click on the
# run in the history until the results page is drawn, and the peak RSS
# meanwhile; the whole process's beside them.
if [ -x "$gui" ] && [ -n "${DISPLAY:-}" ]; then
  for how in indexed unindexed; do
    opt=()
    [ "$how" = indexed ] || opt=(--unindexed)
    GSETTINGS_SCHEMA_DIR=$build/data measure "window ($how)" "$gui" "${opt[@]}" "$f"
    sed 's/^/  /' "$tmp/stdout"
  done
else
  echo "window: skipped (no $gui or no DISPLAY)"
fi
