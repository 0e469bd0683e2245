package io.glutendelta.stats.bench.writeamp;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The four ways OPTIMIZE runs after each append (issue 11.5), chosen only by session confs, as a
 * user would: Delta's own OPTIMIZE, our incremental clustering, the lightweight tier, and the
 * lightweight tier with incremental clustering and automatic re-clustering.
 */
enum Variant {
  DELTA(false, false, false),
  INCREMENTAL(true, false, false),
  LIGHTWEIGHT(false, true, false),
  LIGHTWEIGHT_RECLUSTER(true, true, true);

  static final String INCREMENTAL_CONF = "spark.glutendelta.clustering.incremental.enabled";
  static final String LIGHTWEIGHT_CONF = "spark.databricks.delta.optimize.clustering.lightweight.enabled";

  private final boolean incremental;
  private final boolean lightweight;
  private final boolean recluster;

  Variant(boolean incremental, boolean lightweight, boolean recluster) {
    this.incremental = incremental;
    this.lightweight = lightweight;
    this.recluster = recluster;
  }

  /** Confs to set for this variant; {@code reclusterConfs} only for the re-clustering one. */
  Map<String, String> confs(Map<String, String> reclusterConfs) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(INCREMENTAL_CONF, Boolean.toString(incremental));
    m.put(LIGHTWEIGHT_CONF, Boolean.toString(lightweight));
    if (recluster) {
      m.putAll(reclusterConfs);
    }
    return m;
  }

  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  static Variant parse(String s) {
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown variant '" + s
          + "' (delta, incremental, lightweight, lightweight_recluster)", e);
    }
  }
}
