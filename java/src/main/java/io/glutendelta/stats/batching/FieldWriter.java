package io.glutendelta.stats.batching;

import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

/**
 * Copies one field of Spark rows into a reused Arrow vector. One subclass per Spark type reads
 * the value with the primitive getter (no boxing, no per-value objects on the common paths).
 */
abstract class FieldWriter {
  /** Position of the field in the source row or struct. */
  final int ordinal;

  FieldWriter(int ordinal) {
    this.ordinal = ordinal;
  }

  /** Writes {@code src[ordinal]} (null or not) at Arrow index {@code index}. */
  final void write(SpecializedGetters src, int index) {
    if (src.isNullAt(ordinal)) {
      writeNull(index);
    } else {
      writeValue(src, index);
    }
  }

  abstract void writeValue(SpecializedGetters src, int index);

  abstract void writeNull(int index);
}
