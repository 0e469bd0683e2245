package io.glutendelta.stats.line;

import org.apache.spark.sql.delta.actions.AddFile;
import scala.Option;

/**
 * Field updates on Delta's AddFile, whose case-class copy has 13 fields in Delta 4.4
 * (backReference and amtPassthrough are carried over unchanged).
 */
public final class AddFileShim {
  private AddFileShim() {}

  /**
   * The file as a layout rewrite output: dataChange=false and the given clustering provider
   * (null for none, as lightweight compaction writes).
   */
  public static AddFile withLayout(AddFile a, String clusteringProvider) {
    return a.copy(a.path(), a.partitionValues(), a.size(), a.modificationTime(), false,
        a.stats(), a.tags(), a.deletionVector(), a.baseRowId(), a.defaultRowCommitVersion(),
        Option.apply(clusteringProvider), a.backReference(), a.amtPassthrough());
  }

  /** The file with Delta's statistics JSON {@code stats}, everything else unchanged. */
  public static AddFile withStats(AddFile a, String stats) {
    return a.copy(a.path(), a.partitionValues(), a.size(), a.modificationTime(), a.dataChange(),
        stats, a.tags(), a.deletionVector(), a.baseRowId(), a.defaultRowCommitVersion(),
        a.clusteringProvider(), a.backReference(), a.amtPassthrough());
  }
}
