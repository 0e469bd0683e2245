#!/usr/bin/env bash
# Where does a native-stats write spend the CPU that a stats-off write does not? Runs the E2E
# benchmark once per mode, each in its own JVM under `perf record` (software cpu-clock, so it
# works in VMs without hardware counters; JIT frames named through -XX:+DumpPerfMapAtExit),
# then counts executor-thread samples inside the measured writes by category.
# Report: benchmarks/results/profile-<time>/README.md (+ latest/profile unless --no-latest).
#
#   scripts/profile-e2e.sh                          # store_sales SF1, native vs off, 1+4 writes each (~3 min)
#   scripts/profile-e2e.sh --modes native,vanilla,off --rounds 3
#   scripts/profile-e2e.sh --modes vanilla,off --jvm-args '-Dspark.x=y'   # flags of every JVM (-Dspark.* = a conf)
# Needs perf (Debian: apt-get install linux-perf) and python3.
source "$(dirname "$0")/bench-common.sh"
modes="native,off"; rounds=4; warmup=1; table=store_sales; latest=1; hz=499; jvm_args=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --modes) modes="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --table) table="$2"; shift 2 ;;
    --no-latest) latest=0; shift ;;
    --jvm-args) jvm_args="$2"; shift 2 ;;
    *) echo "unknown flag $1 (--modes a,b --rounds N --warmup N --table T --jvm-args 'F ...' --no-latest)" >&2; exit 2 ;;
  esac
done
command -v perf >/dev/null || { echo "[profile] perf not found (apt-get install linux-perf)" >&2; exit 1; }
out="$ROOT/benchmarks/results/profile-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
specs=()
for mode in ${modes//,/ }; do
  echo "[profile] $table, $mode: $warmup warm-up + $rounds measured writes under perf"
  perf record -q -k CLOCK_MONOTONIC -e cpu-clock -F "$hz" -o "$out/$mode.perf.data" -- \
    java -Xmx"${GDS_BENCH_HEAP:-6g}" $SPARK_JVM_FLAGS $jvm_args -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit \
    -cp "$BENCH_CP" io.glutendelta.stats.bench.e2e.DeltaWriteBenchmark --tables "$table" --modes "$mode" \
    --warmup "$warmup" --rounds "$rounds" --no-latest --results-dir "$out/$mode" 2>/dev/null | grep '^\[e2e'
  perf script -i "$out/$mode.perf.data" -F comm,time,ip,sym,dso 2>/dev/null > "$out/$mode.samples.txt"
  specs+=("$mode=$out/$mode.samples.txt:$(ls "$out/$mode"/e2e-*/raw-times.csv)")
done
rows=$(sed -n "s/^| $table | \([0-9,]*\) .*/\1/p" "$(ls "$out/${modes%%,*}"/e2e-*/README.md)" | head -1 | tr -d ,)
{
  echo "# CPU profile of the Delta write: $table SF1, modes ${modes}"
  echo
  echo "- When: $(date -u '+%Y-%m-%d %H:%M UTC'); machine: $(nproc) cores, $(sed -n 's/model name\s*: //p' /proc/cpuinfo | head -1)"
  echo "- How: \`scripts/profile-e2e.sh\`; each mode in its own JVM ($warmup warm-up + $rounds writes), perf cpu-clock at $hz Hz${jvm_args:+; every JVM with \`$jvm_args\`}"
  echo "- Write times of these runs (perf adds a little): see \`<mode>/README.md\`"
  echo
  python3 "$ROOT/scripts/profile-e2e-report.py" --hz "$hz" --rows "${rows:-0}" "${specs[@]}"
} > "$out/README.md"
for mode in ${modes//,/ }; do  # <mode>/e2e-<time>/ → <mode>/
  src=$(ls -d "$out/$mode"/e2e-*) && mv "$src"/* "$out/$mode/" && rmdir "$src"
done
[[ "${GDS_PROFILE_KEEP:-0}" == 1 ]] || rm -f "$out"/*.perf.data "$out"/*.samples.txt  # large; the report keeps the counts
if [[ "$latest" == 1 ]]; then
  rm -rf "$ROOT/benchmarks/results/latest/profile" && cp -r "$out" "$ROOT/benchmarks/results/latest/profile"
fi
echo "[profile] report: $out/README.md"
cat "$out/README.md"
