package io.glutendelta.stats.delta;

/** The stats expression of a write cannot run natively; the write keeps Delta's own tracker. */
public final class UnsupportedStatsException extends Exception {
  private static final long serialVersionUID = 1L;

  public UnsupportedStatsException(String reason) {
    super(reason);
  }
}
