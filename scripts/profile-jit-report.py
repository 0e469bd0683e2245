#!/usr/bin/env python3
"""Markdown report of scripts/profile-jit.sh: JIT compilations and deoptimizations per write window.

Arguments: --table T --warm W mode=dir ... (a dir per JVM, several per mode: the rounds). Each dir
holds out.txt (ModeJvm's measurements: 'write <start_ns> <end_ns> ...' in System.nanoTime),
clock-offset (wall clock minus CLOCK_MONOTONIC, ns), events.json (jfr print --json of the
compilation and deoptimization events) and main-samples.tsv (JfrMainThreadSamples.java)."""
import argparse
import collections
import datetime
import json
import os
import re
import statistics

LEVELS = {1: "C1", 2: "C1", 3: "C1", 4: "C2"}


def duration_s(iso):  # JFR durations print as ISO-8601, e.g. PT0.0123S
    m = re.fullmatch(r"PT(?:(\d+)M)?([\d.]+)S", iso)
    return (int(m.group(1) or 0) * 60 + float(m.group(2))) if m else 0.0


def instant_ns(iso):
    return int(datetime.datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp() * 1e9)


def package(type_name):
    """Groups a class into the code it belongs to (generated and lambda classes to their owner)."""
    name = type_name.replace("/", ".")
    for prefix, label in (("io.glutendelta.", "ours (io.glutendelta)"), ("org.apache.arrow.", "Arrow"),
                          ("org.apache.spark.sql.catalyst.expressions.GeneratedClass", "Spark generated code"),
                          ("org.apache.spark.sql.catalyst.", "Spark Catalyst"),
                          ("org.apache.spark.sql.execution.datasources.parquet.", "Spark Parquet"),
                          ("org.apache.spark.sql.delta.", "Delta"), ("io.delta.", "Delta"),
                          ("org.apache.spark.", "Spark other"), ("org.apache.hadoop.", "Hadoop"),
                          ("org.apache.parquet.", "Parquet (parquet-java)"),
                          ("shaded.parquet.", "Parquet (parquet-java)"), ("scala.", "Scala library"),
                          ("java.", "JDK"), ("jdk.", "JDK"), ("sun.", "JDK")):
        if name.startswith(prefix):
            return label
    return "other"


class Jvm:
    def __init__(self, mode, d):
        self.mode = mode
        offset = int(open(os.path.join(d, "clock-offset")).read())
        self.windows = []
        for line in open(os.path.join(d, "out.txt")):
            f = line.split()
            if f and f[0] == "write":
                self.windows.append((int(f[1]) + offset, int(f[2]) + offset))
        events = json.load(open(os.path.join(d, "events.json")))["recording"]["events"]
        self.per_write = [collections.Counter() for _ in self.windows]
        self.events = []
        self.samples = []  # (write, frames top first) of the main thread
        for line in open(os.path.join(d, "main-samples.tsv")):
            t, frames = line.rstrip("\n").split("\t", 1)
            w = next((i for i, (a, b) in enumerate(self.windows) if a <= int(t) <= b), None)
            if w is not None:
                self.samples.append((w, frames.split(";")))
        for e in events:
            v = e["values"]
            t = instant_ns(v["startTime"])
            w = next((i for i, (a, b) in enumerate(self.windows) if a <= t <= b), None)
            if w is None:
                continue
            self.events.append((w, e["type"], v))
            c = self.per_write[w]
            if e["type"] == "jdk.Compilation":
                tier = LEVELS.get(v["compileLevel"], "C1")
                c["compilations"] += 1
                c[tier + " s"] += duration_s(v["duration"])
            else:
                c["deoptimizations"] += 1

    def seconds(self, w):
        a, b = self.windows[w]
        return (b - a) / 1e9


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--table", required=True)
    ap.add_argument("--warm", type=int, required=True)
    ap.add_argument("specs", nargs="+")
    a = ap.parse_args()
    jvms = collections.defaultdict(list)
    for s in a.specs:
        mode, d = s.split("=", 1)
        jvms[mode].append(Jvm(mode, d))
    modes = list(jvms)
    base = "off" if "off" in jvms else modes[-1]
    n = min(len(j.windows) for js in jvms.values() for j in js)
    rounds = min(len(js) for js in jvms.values())
    print(f"# JIT compilation per write, a JVM per mode: {a.table} SF1")
    print()
    print(f"- When: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
          f"{os.cpu_count()} cores")
    print(f"- How: `scripts/profile-jit.sh`; per (round, mode) one fresh JVM (the E2E benchmark's `ModeJvm`, "
          f"`local[2]`) writing {a.table} {n} times, under a Java Flight Recorder recording of "
          f"`jdk.Compilation` and `jdk.Deoptimization` only; events counted inside each write's time window; "
          f"{rounds} round(s), medians over them. Compile time is the compiler threads' time per method "
          f"(C1 = tiers 1–3, C2 = tier 4), not CPU of the writing threads.")
    print()
    print("## Per write (medians over rounds)")
    print()
    header = "| write | " + " | ".join(f"{m} s | {m} compilations | {m} C2 s | {m} C1 s | {m} deopts" for m in modes) + " |"
    print(header)
    print("|---:|" + "---:|" * (5 * len(modes)))
    for w in range(n):
        cells = []
        for m in modes:
            js = jvms[m]
            med = lambda f: statistics.median(f(j) for j in js)
            cells += [f"{med(lambda j: j.seconds(w)):.2f}", f"{med(lambda j: j.per_write[w]['compilations']):.0f}",
                      f"{med(lambda j: j.per_write[w]['C2 s']):.2f}", f"{med(lambda j: j.per_write[w]['C1 s']):.2f}",
                      f"{med(lambda j: j.per_write[w]['deoptimizations']):.0f}"]
        label = f"{w + 1}" + (" (cold)" if w == 0 else "") + (" warm" if w >= a.warm else "")
        print(f"| {label} | " + " | ".join(cells) + " |")
    print()
    for title, lo, hi in (("the cold write", 0, 1), (f"the {n - a.warm} writes after the {a.warm} warm-up writes", a.warm, n)):
        print(f"## Compile time in {title}, by the code compiled (seconds per JVM, mean over rounds)")
        print()
        by = {m: collections.Counter() for m in modes}
        cnt = {m: collections.Counter() for m in modes}
        for m in modes:
            for j in jvms[m]:
                for w, typ, v in j.events:
                    if typ == "jdk.Compilation" and lo <= w < hi:
                        p = package(v["method"]["type"]["name"])
                        by[m][p] += duration_s(v["duration"]) / len(jvms[m])
                        cnt[m][p] += 1 / len(jvms[m])
        groups = sorted(set().union(*by.values()), key=lambda p: -max(by[m][p] for m in modes))
        others = [m for m in modes if m != base]
        print("| code | " + " | ".join(f"{m} s (methods)" for m in modes) + " | "
              + " | ".join(f"{m} − {base} s" for m in others) + " |")
        print("|---|" + "---:|" * (len(modes) + len(others)))
        for p in groups + ["**total**"]:
            val = (lambda m: sum(by[m].values())) if p == "**total**" else (lambda m: by[m][p])
            num = (lambda m: sum(cnt[m].values())) if p == "**total**" else (lambda m: cnt[m][p])
            print(f"| {p} | " + " | ".join(f"{val(m):.3f} ({num(m):.0f})" for m in modes) + " | "
                  + " | ".join(f"{val(m) - val(base):+.3f}" for m in others) + " |")
        print()
    print(f"## Who runs Catalyst analysis on the driver in the {n - a.warm} warm writes (2 ms samples of the main thread, per JVM)")
    print()
    print("Main-thread execution samples inside `org.apache.spark.sql.catalyst.analysis`, by the nearest frame of "
          "Delta or of this project below them (the code that asked for the analysis); 1 sample ≈ 2 ms.")
    print()
    callers = {m: collections.Counter() for m in modes}
    main_total = {m: 0.0 for m in modes}
    for m in modes:
        for j in jvms[m]:
            for w, frames in j.samples:
                if w < a.warm:
                    continue
                main_total[m] += 1 / len(jvms[m])
                if not any(f.startswith("org.apache.spark.sql.catalyst.analysis.") for f in frames):
                    continue
                caller = next((f for f in frames if f.startswith(("org.apache.spark.sql.delta.", "io.delta.",
                                                                  "io.glutendelta."))), "(no Delta frame)")
                callers[m][caller] += 1 / len(jvms[m])
    print("| caller | " + " | ".join(f"{m} samples" for m in modes) + " |")
    print("|---|" + "---:|" * len(modes))
    for c in sorted(set().union(*callers.values()), key=lambda c: -max(callers[m][c] for m in modes)):
        print(f"| `{c}` | " + " | ".join(f"{callers[m][c]:.1f}" for m in modes) + " |")
    print("| all main-thread samples | " + " | ".join(f"{main_total[m]:.1f}" for m in modes) + " |")
    print()
    print("Raw: `<mode>-<round>/out.txt` (write windows), `stderr.txt` (the JVM's log); "
          "`GDS_PROFILE_KEEP=1` keeps the events (`events.json`, `main-samples.tsv`).")


if __name__ == "__main__":
    main()
