#!/usr/bin/env bash
# How much JIT compilation does each write of a JVM per mode cause, and of which code? Runs the
# E2E benchmark's child JVM (bench.e2e.ModeJvm: one mode, one table, N writes) once per (round,
# mode) under a Java Flight Recorder recording of compilation and deoptimization events (and
# 2 ms execution samples), then counts them per write window and, for the cold write and the
# writes after the warm-up ones, C1 + C2 compile time by package, native and vanilla against
# off; the driver thread's samples inside Catalyst analysis are attributed to their nearest
# Delta (or our) caller, to name who runs the analysis whose code the JIT compiles. Complements scripts/profile-e2e.sh
# (perf: where the CPU goes), which counts JIT threads' CPU but cannot name what they compiled.
# Report: benchmarks/results/jit-<time>/README.md (+ latest/jit-<table> unless --no-latest).
#
#   scripts/profile-jit.sh                           # store_sales SF1, native vs off, 2 rounds, 4 + 5 writes (~5 min)
#   scripts/profile-jit.sh --modes vanilla,native,off --table web_sales --rounds 3
source "$(dirname "$0")/bench-common.sh"
modes="native,off"; rounds=2; warm=4; timed=5; table=store_sales; latest=1
set -- "${BENCH_ARGS[@]+"${BENCH_ARGS[@]}"}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --modes) modes="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --warm-writes) warm="$2"; shift 2 ;;
    --timed-writes) timed="$2"; shift 2 ;;
    --table) table="$2"; shift 2 ;;
    --no-latest) latest=0; shift ;;
    *) echo "unknown flag $1 (--modes a,b --rounds N --warm-writes W --timed-writes T --table T --no-latest)" >&2; exit 2 ;;
  esac
done
command -v jfr >/dev/null || { echo "[jit] the JDK's jfr tool is not on PATH" >&2; exit 1; }
source_dir="$HOME/.cache/gluten-delta-stats/tpcds/sf1/$table"
if [[ ! -d "$source_dir" ]]; then
  echo "[jit] generating the SF1 Parquet cache of $table (not timed)"
  java -Xmx"${GDS_BENCH_HEAP:-6g}" $SPARK_JVM_FLAGS "${BENCH_LOG[@]}" -cp "$BENCH_CP" \
    io.glutendelta.stats.bench.e2e.DeltaWriteBenchmark --tables "$table" --generate-only
fi
out="$ROOT/benchmarks/results/jit-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
settings="$out/jit.jfc"
cat > "$settings" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0" label="gluten-delta-stats JIT events">
  <event name="jdk.Compilation"><setting name="enabled">true</setting><setting name="threshold">0 ms</setting></event>
  <event name="jdk.Deoptimization"><setting name="enabled">true</setting><setting name="stackTrace">false</setting></event>
  <event name="jdk.ExecutionSample"><setting name="enabled">true</setting><setting name="period">2 ms</setting></event>
</configuration>
EOF
specs=()
for ((r = 1; r <= rounds; r++)); do
  for mode in ${modes//,/ }; do
    d="$out/$mode-$r"
    mkdir -p "$d/work" "$d/logs"
    echo "[jit] round $r/$rounds, $table, $mode: $((warm + timed)) writes under JFR"
    # Wall clock minus CLOCK_MONOTONIC (System.nanoTime), to place JFR's wall-clock events in
    # the child's write windows.
    python3 -c 'import time; print(time.time_ns() - time.monotonic_ns())' > "$d/clock-offset"
    java -Xmx"${GDS_BENCH_HEAP:-6g}" $SPARK_JVM_FLAGS "${BENCH_LOG[@]}" -XX:FlightRecorderOptions=stackdepth=512 \
      -XX:StartFlightRecording=filename="$d/rec.jfr",settings="$settings" \
      -cp "$BENCH_CP" io.glutendelta.stats.bench.e2e.ModeJvm --mode "$mode" --table "$table" \
      --source "$source_dir" --work "$d/work" --keep-logs "$d/logs" --writes $((warm + timed)) \
      --master 'local[2]' --plugin io.glutendelta.stats.GlutenDeltaStatsPlugin --launch-nanos 0 \
      --out "$d/out.txt" --partition-writers 0 2> "$d/stderr.txt" | grep '^\[jvm' || true
    jfr print --json --events jdk.Compilation,jdk.Deoptimization "$d/rec.jfr" > "$d/events.json"
    java "$ROOT/scripts/JfrMainThreadSamples.java" "$d/rec.jfr" > "$d/main-samples.tsv"
    rm -rf "$d/work" "$d/logs" "$d/rec.jfr"
    specs+=("$mode=$d")
  done
done
python3 "$ROOT/scripts/profile-jit-report.py" --table "$table" --warm "$warm" "${specs[@]}" > "$out/README.md"
[[ "${GDS_PROFILE_KEEP:-0}" == 1 ]] || rm -f "$out"/*/events.json "$out"/*/main-samples.tsv  # large; the report keeps the counts
if [[ "$latest" == 1 ]]; then
  rm -rf "$ROOT/benchmarks/results/latest/jit-$table" && cp -r "$out" "$ROOT/benchmarks/results/latest/jit-$table"
fi
echo "[jit] report: $out/README.md"
cat "$out/README.md"
