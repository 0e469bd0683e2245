package io.glutendelta.stats.bench.writeamp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WriteAmpOptionsTest {
  @Test
  void defaultsAreTheRealRun() {
    WriteAmpOptions o = WriteAmpOptions.parse(new String[0]);
    assertEquals(15, o.scaleFactor);
    assertEquals(20, o.appends);
    assertEquals(List.of("ss_item_sk", "ss_customer_sk"), o.clusterBy);
    assertEquals(List.of(Variant.DELTA, Variant.INCREMENTAL, Variant.LIGHTWEIGHT, Variant.LIGHTWEIGHT_RECLUSTER),
        o.variants);
    assertEquals(128L << 20, o.targetFileBytes);
    assertEquals(64L << 20, o.minFileBytes);
    assertEquals(Map.of("spark.databricks.delta.optimize.maxFileSize", Long.toString(128L << 20),
        "spark.databricks.delta.optimize.minFileSize", Long.toString(64L << 20)), o.sizeConfs());
    assertEquals(16L << 20, WriteAmpOptions.parse(new String[] {"--min-file-mb", "16"}).minFileBytes);
    assertThrows(IllegalArgumentException.class,
        () -> WriteAmpOptions.parse(new String[] {"--target-file-mb", "8", "--min-file-mb", "9"}));
    assertTrue(o.fullSize(2_500_000_000L));
    assertFalse(o.fullSize(1_000_000_000L));
    assertFalse(WriteAmpOptions.parse(new String[] {"--appends", "19"}).fullSize(3_000_000_000L));
  }

  @Test
  void flagsParseAndBadInputIsRejected() {
    WriteAmpOptions o = WriteAmpOptions.parse(new String[] {"--sf", "0.1", "--appends", "3", "--variants",
        "Lightweight,delta", "--recluster-confs", "a.b=1, c.d = x", "--target-file-mb", "0.5", "--cluster-by",
        "SS_ITEM_SK,ss_store_sk", "--probe-every", "2", "--merge", "benchmarks/results/latest/write-amplification"});
    assertEquals(List.of(java.nio.file.Paths.get("benchmarks/results/latest/write-amplification")), o.merge);
    WriteAmpOptions reportOnly = WriteAmpOptions.parse(new String[] {"--variants", "none", "--merge", "a",
        "--merge", "b/runs.csv"});
    assertEquals(List.of(), reportOnly.variants);
    assertEquals(List.of(java.nio.file.Paths.get("a"), java.nio.file.Paths.get("b/runs.csv")), reportOnly.merge);
    assertThrows(IllegalArgumentException.class, () -> WriteAmpOptions.parse(new String[] {"--variants", "none"}));
    assertEquals(List.of(Variant.LIGHTWEIGHT, Variant.DELTA), o.variants);
    assertEquals(Map.of("a.b", "1", "c.d", "x"), o.reclusterConfs);
    assertEquals(512 * 1024, o.targetFileBytes);
    assertEquals(List.of("ss_item_sk", "ss_store_sk"), o.clusterBy);
    assertEquals(2, o.probeEvery);
    assertEquals(Map.of(), WriteAmpOptions.confs(""));
    assertThrows(IllegalArgumentException.class, () -> WriteAmpOptions.parse(new String[] {"--recluster-confs", "a"}));
    assertThrows(IllegalArgumentException.class, () -> WriteAmpOptions.parse(new String[] {"--recluster-confs", "a="}));
    assertThrows(IllegalArgumentException.class, () -> WriteAmpOptions.parse(new String[] {"--variants", "zorder"}));
    assertThrows(IllegalArgumentException.class, () -> WriteAmpOptions.parse(new String[] {"--variants", "delta,delta"}));
    assertThrows(IllegalArgumentException.class, () -> WriteAmpOptions.parse(new String[] {"--append-fraction", "1"}));
    assertThrows(IllegalArgumentException.class, () -> WriteAmpOptions.parse(new String[] {"--appends", "0"}));
    assertThrows(IllegalArgumentException.class, () -> WriteAmpOptions.parse(new String[] {"--target-file-mb", "0"}));
    assertThrows(IllegalArgumentException.class, () -> WriteAmpOptions.parse(new String[] {"--nope"}));
  }

  @Test
  void variantsSetOnlyTheirConfs() {
    Map<String, String> extra = Map.of("spark.glutendelta.clustering.recluster.maxDepth", "4");
    assertEquals(Map.of(Variant.INCREMENTAL_CONF, "false", Variant.LIGHTWEIGHT_CONF, "false"), Variant.DELTA.confs(extra));
    assertEquals(Map.of(Variant.INCREMENTAL_CONF, "true", Variant.LIGHTWEIGHT_CONF, "false"),
        Variant.INCREMENTAL.confs(extra));
    assertEquals(Map.of(Variant.INCREMENTAL_CONF, "false", Variant.LIGHTWEIGHT_CONF, "true"),
        Variant.LIGHTWEIGHT.confs(extra));
    assertEquals(Map.of(Variant.INCREMENTAL_CONF, "true", Variant.LIGHTWEIGHT_CONF, "true",
        "spark.glutendelta.clustering.recluster.maxDepth", "4"), Variant.LIGHTWEIGHT_RECLUSTER.confs(extra));
  }
}
