#!/usr/bin/env bash
# Incremental clustering of a liquid-clustered Delta table, planned from file statistics.
#   scripts/clustering-incremental.sh explain <table path>     # show the plan only
#   scripts/clustering-incremental.sh run <table path>         # rewrite the selected files
#   scripts/clustering-incremental.sh lightweight <table path> # lightweight tier (bin-pack only)
# Thresholds are Delta's OPTIMIZE settings (spark.databricks.delta.optimize.*), the lightweight
# tier's (spark.databricks.delta.optimize.clustering.lightweight.*) and re-clustering's
# (spark.glutendelta.clustering.recluster.*), passed as -D<key>=<value> JVM properties if needed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
exec "$root/scripts/spark-java.sh" -Xmx2g io.glutendelta.stats.clustering.IncrementalClusteringMain "$@"
