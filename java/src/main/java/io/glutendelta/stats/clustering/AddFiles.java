package io.glutendelta.stats.clustering;

import org.apache.spark.sql.delta.actions.AddFile;
import scala.Option;

/** Field updates on Delta's AddFile (a Scala case class whose constructor grows). */
final class AddFiles {
  private AddFiles() {}

  /**
   * The file as a layout rewrite output: dataChange=false and the given clustering provider
   * (null for none, as lightweight compaction writes).
   */
  static AddFile withLayout(AddFile a, String clusteringProvider) {
    return a.copy(a.path(), a.partitionValues(), a.size(), a.modificationTime(), false,
        a.stats(), a.tags(), a.deletionVector(), a.baseRowId(), a.defaultRowCommitVersion(),
        Option.apply(clusteringProvider), a.backReference(), a.amtPassthrough());
  }
}
