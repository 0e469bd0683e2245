package io.glutendelta.stats.batching;

import org.apache.arrow.vector.FieldVector;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;

/**
 * Copies one field of Spark rows into a reused Arrow vector. One subclass per Spark type reads
 * the value with the primitive getter (no boxing, no per-value objects on the common paths).
 * Clearing a null slot is the same for every leaf, so it lives here.
 */
abstract class FieldWriter {
  /** Position of the field in the source row or struct. */
  final int ordinal;
  private final FieldVector vector;

  FieldWriter(int ordinal, FieldVector vector) {
    this.ordinal = ordinal;
    this.vector = vector;
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

  void writeNull(int index) {
    vector.setNull(index);
  }
}
