#!/usr/bin/env bash
# Where does a native-stats write spend the CPU that a stats-off write does not? Runs the E2E
# benchmark once per mode, each in its own JVM under `perf record` (software cpu-clock, so it
# works in VMs without hardware counters; JIT frames named through -XX:+DumpPerfMapAtExit),
# then counts executor-thread samples inside the measured writes by category.
# Report: benchmarks/results/profile-<time>/README.md (+ latest/profile unless --no-latest).
#
#   scripts/profile-e2e.sh                          # store_sales SF1, native vs off, 1+4 writes each (~3 min)
#   scripts/profile-e2e.sh --modes native,vanilla,off --rounds 3
#   scripts/profile-e2e.sh --table inventory --sf 10 ...   # a cached scale factor (bench-e2e.sh generates it)
#   scripts/profile-e2e.sh --modes vanilla,off --jvm-args '-Dspark.x=y'   # flags of every JVM (-Dspark.* = a conf)
#   scripts/profile-e2e.sh --jvms 4 ...             # 4 JVMs per mode, order rotating: pooled, plus a row per JVM
#   scripts/profile-e2e.sh --modes native,vanilla_b,off --vanilla-b-jvm-args '-Dspark.x=y'
#                                                   # vanilla_b (native_b) = vanilla (native) in JVMs given these flags
# Needs perf (Debian: apt-get install linux-perf) and python3.
source "$(dirname "$0")/bench-common.sh"
modes="native,off"; rounds=4; warmup=1; table=store_sales; sf=1; latest=1; hz=499; jvm_args=""; jvms=1
native_b_args=""; vanilla_b_args=""
usage="(--modes a,b --rounds N --warmup N --table T --sf N --jvm-args 'F ...' --jvms N --native-b-jvm-args 'F ...' --vanilla-b-jvm-args 'F ...' --no-latest)"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --modes) modes="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --table) table="$2"; shift 2 ;;
    --sf) sf="$2"; shift 2 ;;
    --no-latest) latest=0; shift ;;
    --jvm-args) jvm_args="$2"; shift 2 ;;
    --jvms) jvms="$2"; shift 2 ;;
    --native-b-jvm-args) native_b_args="$2"; shift 2 ;;
    --vanilla-b-jvm-args) vanilla_b_args="$2"; shift 2 ;;
    *) echo "unknown flag $1 $usage" >&2; exit 2 ;;
  esac
done
command -v perf >/dev/null || { echo "[profile] perf not found (apt-get install linux-perf)" >&2; exit 1; }
out="$ROOT/benchmarks/results/profile-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
specs=()
read -ra mode_list <<< "${modes//,/ }"
for ((r = 1; r <= jvms; r++)); do
  for ((i = 0; i < ${#mode_list[@]}; i++)); do
    label=${mode_list[$(( (i + r - 1) % ${#mode_list[@]} ))]}  # order rotates by one each round
    run_mode=${label%_b}; extra=""
    case "$label" in
      native_b) extra="$native_b_args" ;;
      vanilla_b) extra="$vanilla_b_args" ;;
    esac
    name=$label; (( jvms > 1 )) && name="$label-$r"
    echo "[profile] $table, $label${extra:+ ($extra)}, JVM $r/$jvms: $warmup warm-up + $rounds measured writes under perf"
    perf record -q -k CLOCK_MONOTONIC -e cpu-clock -F "$hz" -o "$out/$name.perf.data" -- \
      java -Xmx"${GDS_BENCH_HEAP:-6g}" $SPARK_JVM_FLAGS $jvm_args $extra -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit \
      -cp "$BENCH_CP" io.glutendelta.stats.bench.e2e.DeltaWriteBenchmark --tables "$table" --sf "$sf" --modes "$run_mode" \
      --warmup "$warmup" --rounds "$rounds" --no-latest --results-dir "$out/$name" 2>/dev/null | grep '^\[e2e' \
      || echo "[profile] the benchmark reported a problem (expected when a native_b switch makes statistics wrong on purpose)"
    perf script -i "$out/$name.perf.data" -F comm,time,ip,sym,dso 2>/dev/null > "$out/$name.samples.txt"
    specs+=("$label=$out/$name.samples.txt:$(ls "$out/$name"/e2e-*/raw-times.csv):$run_mode")
  done
done
first=${mode_list[0]}; (( jvms > 1 )) && first="$first-1"
rows=$(sed -n "s/^| $table | \([0-9,]*\) .*/\1/p" "$(ls "$out/$first"/e2e-*/README.md)" | head -1 | tr -d ,)
{
  echo "# CPU profile of the Delta write: $table SF$sf, modes ${modes}"
  echo
  echo "- When: $(date -u '+%Y-%m-%d %H:%M UTC'); machine: $(nproc) cores, $(sed -n 's/model name\s*: //p' /proc/cpuinfo | head -1)"
  echo "- How: \`scripts/profile-e2e.sh\`; each mode in its own JVM ($warmup warm-up + $rounds writes)$( (( jvms > 1 )) && echo ", $jvms JVMs per mode, their order rotating by one each round"), perf cpu-clock at $hz Hz${jvm_args:+; every JVM with \`$jvm_args\`}${native_b_args:+; native_b = native in JVMs also given \`$native_b_args\`}${vanilla_b_args:+; vanilla_b = vanilla in JVMs also given \`$vanilla_b_args\`}"
  echo "- Write times of these runs (perf adds a little): see \`<mode>$( (( jvms > 1 )) && echo '-<round>')/README.md\`"
  echo
  python3 "$ROOT/scripts/profile-e2e-report.py" --hz "$hz" --rows "${rows:-0}" "${specs[@]}"
} > "$out/README.md"
for dir in "$out"/*/; do  # <jvm>/e2e-<time>/ → <jvm>/
  src=$(ls -d "$dir"e2e-*) && mv "$src"/* "$dir" && rmdir "$src"
done
[[ "${GDS_PROFILE_KEEP:-0}" == 1 ]] || rm -f "$out"/*.perf.data "$out"/*.samples.txt  # large; the report keeps the counts
if [[ "$latest" == 1 ]]; then
  rm -rf "$ROOT/benchmarks/results/latest/profile" && cp -r "$out" "$ROOT/benchmarks/results/latest/profile"
fi
echo "[profile] report: $out/README.md"
cat "$out/README.md"
