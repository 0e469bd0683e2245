package io.glutendelta.stats.line;

import org.apache.spark.sql.catalyst.catalog.CatalogTable;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.hooks.AutoCompactRequest;
import scala.Option;

/**
 * One auto-compaction call as routing code sees it: the committed table and Delta's decisions.
 * The same on every line; only {@link AutoCompactHooks} (per Delta range) can create one.
 */
public interface AutoCompactCall {
  DeltaLog deltaLog();

  Option<CatalogTable> catalogTable();

  Snapshot postCommitSnapshot();

  /** The id Delta keys its auto-compaction partition bookkeeping by. */
  String tableId();

  /** Delta's own AutoCompact hook, on the same arguments. */
  void runDelta();

  /** AutoCompactUtils.isQualifiedForAutoCompact. */
  boolean qualified();

  /** AutoCompactUtils.prepareAutoCompactRequest (no deleted-rows ratio, as Delta's hook). */
  AutoCompactRequest request(String opType);
}
