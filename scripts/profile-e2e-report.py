#!/usr/bin/env python3
"""Executor CPU of the measured E2E writes, by category, per mode (used by profile-e2e.sh).

Input per JVM: `perf script -F comm,time,ip,sym,dso` output recorded with CLOCK_MONOTONIC, and
the benchmark's raw-times.csv, whose start_ns/end_ns columns are System.nanoTime (the same
clock). Only samples of Spark's executor threads inside measured (non-warm-up) writes count, so
start-up, planning, warm-up and JIT threads stay out; the difference between two modes is the
CPU one mode's tasks spent that the other's did not. Several JVMs may share a label (one per
round): their writes are pooled, and a table per JVM shows how much the difference moves
between JVMs, which the JIT compiles each time a little differently.
"""
import argparse
import collections
import csv
import re
import statistics
import sys

# First match wins; symbol patterns are checked before library patterns.
CATEGORIES = [
    ("stats: our Java (batching, hook)", lambda s, d: "io.glutendelta." in s),
    ("stats: our native engine", lambda s, d: "glutendeltastats" in d),
    ("stats: Delta's tracker (vanilla)", lambda s, d: "org.apache.spark.sql.delta" in s
        or "DeltaTaskStatisticsTracker" in s),
    ("Parquet encoding", lambda s, d: "org.apache.parquet" in s or "shaded.parquet" in s
        or "ParquetWriteSupport" in s),
    ("compression", lambda s, d: re.search(r"snappy|libz\.|zstd|lz4", d) is not None),
    ("Spark write loop", lambda s, d: re.search(
        r"FileFormatDataWriter|SingleDirectoryDataWriter|BasicWriteTaskStatsTracker", s) is not None),
    ("Spark scan + projection", lambda s, d: re.search(
        r"GeneratedClass|\.vectorized\.|Vectorized|UnsafeRowWriter|UnsafeRow\.|Decimal\.", s) is not None),
    ("JVM (interpreter, stubs, runtime)", lambda s, d: "libjvm" in d or re.search(
        r"^Interpreter|StubRoutines|vtable chunks|itable stub|I2C/C2I", s) is not None),
    ("kernel", lambda s, d: "kernel" in d),
]
OTHER = "other"
LINE = re.compile(r"^\s*(?P<comm>.+?)\s+(?P<time>\d+\.\d+):\s+\S+\s+(?P<sym>.*?)\s+\((?P<dso>[^()]*)\)\s*$")


cats_of = {}  # method key -> its category
by_thread = collections.defaultdict(collections.Counter)  # label -> thread group -> samples


def category(sym, dso):
    for name, test in CATEGORIES:
        if test(sym, dso):
            return name
    return OTHER


def windows(raw_csv, mode):
    out = []
    with open(raw_csv, newline="") as f:
        for row in csv.DictReader(f):
            if row["mode"] == mode and row["warmup"] == "false":
                out.append((int(row["start_ns"]) / 1e9, int(row["end_ns"]) / 1e9))
    if not out:
        sys.exit(f"{raw_csv}: no measured {mode} writes (needs start_ns/end_ns columns)")
    return sorted(out)


def thread_group(comm):
    if comm.startswith("Executor task"):
        return "executor tasks"
    if comm == "main" or comm.startswith("java"):
        return "driver (main thread)"
    if "Compiler" in comm:
        return "JIT compilers"
    if re.match(r"GC |G1 |VM Thread", comm):
        return "GC + VM thread"
    return "other threads"


def method_key(sym, dso):
    """The same method in every JVM: lambda classes and perf maps carry per-JVM numbers."""
    if sym == "[unknown]":
        return "[unknown] in " + re.sub(r"perf-\d+\.map", "perf map", dso.rsplit("/", 1)[-1])
    return re.sub(r"\$\$Lambda\$?\d*/0x[0-9a-f]+", "$$Lambda", sym)


def profile(label, samples_path, wins):
    by_cat = collections.Counter()
    by_sym = collections.Counter()
    with open(samples_path, errors="replace") as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            t = float(m.group("time"))
            if not any(a <= t <= b for a, b in wins):
                continue
            by_thread[label][thread_group(m.group("comm"))] += 1
            if not m.group("comm").startswith("Executor task"):
                continue
            sym, dso = m.group("sym"), m.group("dso")
            cat = category(sym, dso)
            by_cat[cat] += 1
            key = method_key(sym, dso)
            by_sym[key] += 1
            cats_of[key] = cat
    return by_cat, by_sym


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--hz", type=float, required=True, help="perf sampling frequency")
    p.add_argument("--rows", type=int, default=0, help="rows per write, for ns/row")
    p.add_argument("--base", default="off", help="mode the others are compared with")
    p.add_argument("mode", nargs="+", help="label=samples.txt:raw-times.csv[:mode in the csv, default label]; "
                   "a label given more than once pools its JVMs")
    a = p.parse_args()
    cats_of_label = collections.defaultdict(collections.Counter)
    syms_of_label = collections.defaultdict(collections.Counter)
    writes = collections.Counter()
    jvms = []  # (label, executor samples per write, median write seconds) per JVM, in order
    for spec in a.mode:
        label, paths = spec.split("=", 1)
        samples, raw, *run_mode = paths.split(":")
        wins = windows(raw, run_mode[0] if run_mode else label)
        cats, by_sym = profile(label, samples, wins)
        cats_of_label[label].update(cats)
        syms_of_label[label].update(by_sym)
        writes[label] += len(wins)
        jvms.append((label, sum(cats.values()) / a.hz / len(wins), statistics.median(b - a_ for a_, b in wins)))
    per_write = {}
    syms = {}
    for label in cats_of_label:
        per_write[label] = {k: v / a.hz / writes[label] for k, v in cats_of_label[label].items()}
        syms[label] = {k: v / a.hz / writes[label] for k, v in syms_of_label[label].items()}
        per_write[label]["__writes"] = writes[label]
    labels = list(per_write)
    names = [c for c, _ in CATEGORIES] + [OTHER]
    groups = ["executor tasks", "driver (main thread)", "JIT compilers", "GC + VM thread", "other threads"]
    print("CPU seconds per measured write by thread (all samples inside the writes' time windows):\n")
    print("| threads | " + " | ".join(labels) + " |\n|---|" + "---:|" * len(labels))
    for g in groups + ["total"]:
        cells = []
        for l in labels:
            c = by_thread[l]
            n = sum(c.values()) if g == "total" else c.get(g, 0)
            cells.append(f"{n / a.hz / per_write[l]['__writes']:.2f}")
        print(f"| {g} | " + " | ".join(cells) + " |")
    print()
    if len(jvms) > len(labels):
        per_jvm_table(jvms, labels, a.base)
    print(f"Executor-thread CPU seconds per measured write (perf cpu-clock at {a.hz:.0f} Hz; "
          + ", ".join(f"{l}: {per_write[l]['__writes']} writes" for l in labels) + ").\n")
    others = [l for l in labels if l != a.base]
    head = "| category | " + " | ".join(labels) + " | " + " | ".join(f"{l} − {a.base}" for l in others)
    if a.rows:
        head += " | " + " | ".join(f"{l} − {a.base}, ns/row" for l in others)
    print(head + " |")
    print("|---|" + "---:|" * (len(labels) + len(others) * (2 if a.rows else 1)))
    for name in names + ["total"]:
        def val(l):
            d = per_write[l]
            return sum(v for k, v in d.items() if k != "__writes") if name == "total" else d.get(name, 0.0)
        cells = [f"{val(l):.2f}" for l in labels]
        diffs = [val(l) - val(a.base) for l in others if a.base in per_write]
        cells += [f"{x:+.2f}" for x in diffs]
        if a.rows:
            cells += [f"{x * 1e9 / a.rows:+.0f}" for x in diffs]
        label = f"**{name}**" if name == "total" else name
        print(f"| {label} | " + " | ".join(cells) + " |")
    for l in others:
        diff = {k: syms[l].get(k, 0.0) - syms[a.base].get(k, 0.0) for k in set(syms[l]) | set(syms[a.base])}
        for name in names:
            grown = per_write[l].get(name, 0.0) - per_write[a.base].get(name, 0.0)
            if name == OTHER or grown < 0.01:
                continue
            top = sorted(((k, v) for k, v in diff.items() if cats_of[k] == name), key=lambda kv: -kv[1])[:6]
            print(f"\n{name}, {l} − {a.base} {grown:+.2f} s/write; largest methods:\n")
            print("| method | Δ s/write |\n|---|---:|")
            for k, v in top:
                print(f"| `{k[:110]}` | {v:+.3f} |")
        top = sorted(diff.items(), key=lambda kv: -abs(kv[1]))[:12]
        print(f"\nMethods whose self time differs most, {l} − {a.base} (s per write; JIT inlining "
              "differs between JVMs, so a method can move its callees' time in or out):\n")
        print("| method | Δ s/write |\n|---|---:|")
        for k, v in top:
            print(f"| `{k[:110]}` | {v:+.3f} |")


def per_jvm_table(jvms, labels, base):
    """One row per round of JVMs: each JVM's executor CPU and median write, and the differences."""
    rounds = collections.defaultdict(dict)
    seen = collections.Counter()
    for label, cpu, wall in jvms:
        seen[label] += 1
        rounds[seen[label]][label] = (cpu, wall)
    others = [l for l in labels if l != base]
    print("Per JVM (one row per round of JVMs): executor-thread CPU seconds per measured write, the "
          "JVM's median measured write (seconds, wall), and each against the same round's "
          f"{base} JVM.\n")
    print("| round | " + " | ".join(f"{l} CPU" for l in labels) + " | "
          + " | ".join(f"{l} − {base} CPU" for l in others) + " | "
          + " | ".join(f"{l} write" for l in labels) + " | "
          + " | ".join(f"{l} ÷ {base} write" for l in others) + " |")
    print("|---:|" + "---:|" * (2 * len(labels) + 2 * len(others)))
    deltas = collections.defaultdict(list)
    ratios = collections.defaultdict(list)
    for r in sorted(rounds):
        row = rounds[r]
        if base not in row or any(l not in row for l in labels):
            continue
        for l in others:
            deltas[l].append(row[l][0] - row[base][0])
            ratios[l].append(row[l][1] / row[base][1])
        print(f"| {r} | " + " | ".join(f"{row[l][0]:.2f}" for l in labels) + " | "
              + " | ".join(f"{row[l][0] - row[base][0]:+.2f}" for l in others) + " | "
              + " | ".join(f"{row[l][1]:.2f}" for l in labels) + " | "
              + " | ".join(f"{row[l][1] / row[base][1]:.3f}" for l in others) + " |")
    if deltas:
        print("| **median** | " + " | ".join("" for _ in labels) + " | "
              + " | ".join(f"**{statistics.median(deltas[l]):+.2f}**" for l in others) + " | "
              + " | ".join("" for _ in labels) + " | "
              + " | ".join(f"**{statistics.median(ratios[l]):.3f}**" for l in others) + " |")
    print()


if __name__ == "__main__":
    main()
