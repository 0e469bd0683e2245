package io.glutendelta.stats.engine;

import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TypeLayout;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.unsafe.Platform;

/**
 * Exports batches of one schema as C Data Interface arrays that LEND the vectors' buffers for
 * the duration of one native call. Arrow Java's {@code Data.exportVectorSchemaRoot} builds a new
 * struct vector, record batch and private data per call (tens of µs for a 23-column batch, the
 * second largest cost of the row path); here the ArrowArray tree of the schema is laid out once
 * in off-heap memory and each export only writes lengths, null counts and buffer addresses.
 *
 * <p>The release callback ({@code NativeEngine.borrowedReleaseFunction}) frees nothing, so the
 * buffers must stay valid and unchanged until the consumer has released the array: the engine
 * does that before {@code addBatch} returns, and the caller holds the root meanwhile.
 */
final class LentBatchExport implements AutoCloseable {
  // Field offsets of struct ArrowArray (C ABI: eight 8-byte fields, then release, private_data).
  private static final long LENGTH = 0;
  private static final long NULL_COUNT = 8;
  private static final long OFFSET = 16;
  private static final long N_BUFFERS = 24;
  private static final long N_CHILDREN = 32;
  private static final long BUFFERS = 40;
  private static final long CHILDREN = 48;
  private static final long DICTIONARY = 56;
  private static final long RELEASE = 64;
  private static final long PRIVATE_DATA = 72;
  private static final long ARRAY_BYTES = 80;
  /** Stands in for an unallocated buffer (e.g. the offsets of an empty string vector). */
  private static final long ZEROS_BYTES = 16;

  /** One ArrowArray of the tree and where its buffer addresses go. */
  private record Node(long array, long buffers, int bufferCount, Node[] children) {}

  private final ArrowBuf memory;
  private final long release;
  private final long zeros;
  private final Node root;
  private long next;

  LentBatchExport(BufferAllocator allocator, Schema schema, long releaseFunction) {
    long bytes = ARRAY_BYTES + 8 + 8L * schema.getFields().size() + ZEROS_BYTES; // root: 1 buffer
    for (Field f : schema.getFields()) {
      bytes += bytesOf(f);
    }
    this.memory = allocator.buffer(bytes);
    memory.setZero(0, bytes);
    this.release = releaseFunction;
    this.next = memory.memoryAddress();
    this.zeros = take(ZEROS_BYTES);
    Node[] children = new Node[schema.getFields().size()];
    for (int i = 0; i < children.length; i++) {
      children[i] = layout(schema.getFields().get(i));
    }
    this.root = node(1, children);
  }

  private static long bytesOf(Field f) {
    long bytes = ARRAY_BYTES + 8L * TypeLayout.getTypeBufferCount(f.getType()) + 8L * f.getChildren().size();
    for (Field c : f.getChildren()) {
      bytes += bytesOf(c);
    }
    return bytes;
  }

  private long take(long bytes) {
    long at = next;
    next += bytes;
    return at;
  }

  private Node layout(Field f) {
    Node[] children = new Node[f.getChildren().size()];
    for (int i = 0; i < children.length; i++) {
      children[i] = layout(f.getChildren().get(i));
    }
    return node(TypeLayout.getTypeBufferCount(f.getType()), children);
  }

  /** Lays out one ArrowArray with its fixed fields (counts, pointers to its arrays) written. */
  private Node node(int bufferCount, Node[] children) {
    long array = take(ARRAY_BYTES);
    long buffers = take(8L * bufferCount);
    long childPointers = take(8L * children.length);
    for (int i = 0; i < children.length; i++) {
      Platform.putLong(null, childPointers + 8L * i, children[i].array);
    }
    Platform.putLong(null, array + OFFSET, 0);
    Platform.putLong(null, array + N_BUFFERS, bufferCount);
    Platform.putLong(null, array + N_CHILDREN, children.length);
    Platform.putLong(null, array + BUFFERS, bufferCount == 0 ? 0 : buffers);
    Platform.putLong(null, array + CHILDREN, children.length == 0 ? 0 : childPointers);
    Platform.putLong(null, array + DICTIONARY, 0);
    Platform.putLong(null, array + PRIVATE_DATA, 0);
    return new Node(array, buffers, bufferCount, children);
  }

  /**
   * Fills the tree from {@code batch} (the schema's layout, checked by the caller) and returns
   * the address of the root ArrowArray, a struct array of the batch's columns.
   */
  long export(VectorSchemaRoot batch) {
    List<FieldVector> vectors = batch.getFieldVectors();
    if (vectors.size() != root.children.length) {
      throw new IllegalArgumentException("batch has " + vectors.size() + " columns, the task "
          + root.children.length);
    }
    long array = root.array;
    Platform.putLong(null, array + LENGTH, batch.getRowCount());
    Platform.putLong(null, array + NULL_COUNT, 0);
    Platform.putLong(null, root.buffers, 0); // no validity: every row of a batch exists
    for (int i = 0; i < vectors.size(); i++) {
      fill(vectors.get(i), root.children[i]);
    }
    Platform.putLong(null, array + RELEASE, release);
    return array;
  }

  private void fill(FieldVector v, Node n) {
    List<ArrowBuf> buffers = v.getFieldBuffers();
    List<FieldVector> children = v.getChildrenFromFields();
    if (buffers.size() != n.bufferCount || children.size() != n.children.length) {
      throw new IllegalArgumentException("column '" + v.getName() + "' has " + buffers.size() + " buffers and "
          + children.size() + " children, its type needs " + n.bufferCount + " and " + n.children.length);
    }
    long array = n.array;
    Platform.putLong(null, array + LENGTH, v.getValueCount());
    Platform.putLong(null, array + NULL_COUNT, v.getNullCount());
    for (int i = 0; i < buffers.size(); i++) {
      ArrowBuf b = buffers.get(i);
      Platform.putLong(null, n.buffers + 8L * i, b == null || b.capacity() == 0 ? zeros : b.memoryAddress());
    }
    for (int i = 0; i < children.size(); i++) {
      fill(children.get(i), n.children[i]);
    }
    Platform.putLong(null, array + RELEASE, release);
  }

  /** True once the consumer released the last exported batch (always, after a native call). */
  boolean released() {
    return Platform.getLong(null, root.array + RELEASE) == 0;
  }

  @Override
  public void close() {
    memory.close();
  }
}
