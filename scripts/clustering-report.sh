#!/usr/bin/env bash
# Clustering-quality report of a Delta table from its file statistics: report.json, report.md and
# file-ranges.png in --out (default ./clustering-report); the Markdown is also printed.
#   scripts/clustering-report.sh <table path> [--columns a,b] [--out dir]
#       [--before-version N] [--compare label=path ...]
# Takes ~15-30 s on a small table (Spark start-up dominates; stats load is one pass over the log).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exec "$root/scripts/spark-java.sh" -Xmx2g io.glutendelta.stats.report.ClusteringReportMain "$@"
