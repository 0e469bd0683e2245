package io.glutendelta.stats.line;

import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.Snapshot;
import scala.Option;

/**
 * Time travel on a DeltaLog: Delta 4.4's getSnapshotAt takes a fourth argument
 * (enforceTimeTravelWithinDeletedFileRetention; false is its default).
 */
public final class SnapshotShim {
  private SnapshotShim() {}

  public static Snapshot snapshotAt(DeltaLog log, long version) {
    return log.getSnapshotAt(version, Option.empty(), Option.empty(), false);
  }
}
