package io.glutendelta.stats.bench.writeamp;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.apache.spark.sql.functions;
import scala.Option;

/**
 * Files a query reads for a predicate, as Delta's scan decides them (partition pruning and data
 * skipping on the file stats): the "number of files read" metric of the file scan once the
 * query has run. Adaptive execution is off for the probe so the executed plan is the final one.
 */
final class ScanFiles {
  private ScanFiles() {}

  static long filesRead(SparkSession spark, String tablePath, String predicate) {
    String aqe = spark.conf().get("spark.sql.adaptive.enabled");
    spark.conf().set("spark.sql.adaptive.enabled", "false");
    try {
      Dataset<Row> q = spark.read().format("delta").load(tablePath).filter(predicate)
          .agg(functions.count(functions.lit(1)));
      q.collect();
      SparkPlan plan = q.queryExecution().executedPlan();
      long files = 0;
      int scans = 0;
      // A Scala iterator, not a collection converter: Scala 2.12 and 2.13 name those differently.
      scala.collection.Iterator<SparkPlan> leaves = plan.collectLeaves().iterator();
      while (leaves.hasNext()) {
        SparkPlan leaf = leaves.next();
        if (leaf instanceof FileSourceScanExec scan) {
          Option<SQLMetric> m = scan.metrics().get("numFiles");
          if (m.isEmpty()) {
            throw new IllegalStateException("file scan without a numFiles metric: " + scan.simpleString(200));
          }
          files += m.get().value();
          scans++;
        }
      }
      if (scans != 1) {
        throw new IllegalStateException("expected one file scan for '" + predicate + "', found " + scans + ":\n" + plan);
      }
      return files;
    } finally {
      spark.conf().set("spark.sql.adaptive.enabled", aqe);
    }
  }
}
