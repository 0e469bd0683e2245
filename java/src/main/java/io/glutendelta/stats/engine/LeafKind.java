package io.glutendelta.stats.engine;

/**
 * What the native engine computes for a leaf column and how {@link FileStats} encodes its min/max.
 * Every kind gets a null count; only kinds Delta uses for data skipping get min/max (booleans,
 * binaries, lists and maps do not). The Arrow width variants (large_utf8, large_binary,
 * large_list) share the kind of their 32-bit-offset sibling.
 */
public enum LeafKind {
  INT8(Encoding.INT64),
  INT16(Encoding.INT64),
  INT32(Encoding.INT64),
  INT64(Encoding.INT64),
  FLOAT32(Encoding.FLOAT64),
  FLOAT64(Encoding.FLOAT64),
  /** decimal128(p, s): min/max as unscaled values. */
  DECIMAL128(Encoding.DECIMAL128),
  /** date32: days since the epoch. */
  DATE32(Encoding.INT64),
  /** timestamp[us, tz]: microseconds since the epoch (Spark TIMESTAMP). */
  TIMESTAMP_MICROS(Encoding.INT64),
  /** timestamp[us] without zone: microseconds (Spark TIMESTAMP_NTZ). */
  TIMESTAMP_NTZ_MICROS(Encoding.INT64),
  /** utf8 / large_utf8: unsigned UTF-8 byte order, values untruncated. */
  STRING(Encoding.UTF8),
  BINARY(Encoding.NONE),
  BOOLEAN(Encoding.NONE),
  LIST(Encoding.NONE),
  MAP(Encoding.NONE);

  /** How min/max are laid out in the finishFile result (see NativeEngine). */
  enum Encoding {
    NONE,
    INT64,
    FLOAT64,
    DECIMAL128,
    UTF8
  }

  private final Encoding encoding;

  LeafKind(Encoding encoding) {
    this.encoding = encoding;
  }

  /** Whether the engine collects min/max for this kind. */
  public boolean collectsMinMax() {
    return encoding != Encoding.NONE;
  }

  Encoding encoding() {
    return encoding;
  }
}
