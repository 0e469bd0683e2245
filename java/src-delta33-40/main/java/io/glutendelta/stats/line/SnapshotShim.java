package io.glutendelta.stats.line;

import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.Snapshot;
import scala.Option;

/** Time travel on a DeltaLog: getSnapshotAt(version, checkpointHint, catalogTable) in Delta 3.3 and 4.0. */
public final class SnapshotShim {
  private SnapshotShim() {}

  public static Snapshot snapshotAt(DeltaLog log, long version) {
    return log.getSnapshotAt(version, Option.empty(), Option.empty());
  }
}
