package io.glutendelta.stats.batching;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The per-row staging method must stay small enough for C2 to inline it into Spark's write loop:
 * a hot method of more bytecode than {@code -XX:FreqInlineSize} (325 on x86_64 and aarch64) is
 * called per row instead ("hot method too big" in PrintInlining), which an edit elsewhere in the
 * method can cause without changing what it does (benchmarks/results/latest/e2e-jvm-append-inline-ab).
 */
class FlatColumnsInliningTest {
  private static final int FREQ_INLINE_SIZE = 325;

  @Test
  void unsafeRowAppendStaysUnderC2HotInlineLimit() throws IOException {
    int size = codeLength(FlatColumns.class, "append", "(Lorg/apache/spark/sql/catalyst/expressions/UnsafeRow;I)V");
    assertTrue(size > 0 && size <= FREQ_INLINE_SIZE,
        "FlatColumns.append(UnsafeRow, int) has " + size + " bytes of bytecode; C2 inlines hot methods of at most "
            + FREQ_INLINE_SIZE + ": move rarely taken work out of line");
  }

  @Test
  void rowBatcherAppendStaysUnderC2HotInlineLimit() throws IOException {
    int size = codeLength(RowBatcher.class, "append", "(Lorg/apache/spark/sql/catalyst/InternalRow;)V");
    assertTrue(size > 0 && size <= FREQ_INLINE_SIZE, "RowBatcher.append has " + size + " bytes of bytecode");
  }

  /** Bytes of bytecode of one method, read from its class file (JVMS §4). */
  private static int codeLength(Class<?> type, String name, String descriptor) throws IOException {
    try (InputStream raw = type.getResourceAsStream(type.getSimpleName() + ".class");
        DataInputStream in = new DataInputStream(raw)) {
      in.readInt(); // magic
      in.readUnsignedShort(); // minor
      in.readUnsignedShort(); // major
      Map<Integer, String> utf8 = new HashMap<>();
      int count = in.readUnsignedShort();
      for (int i = 1; i < count; i++) {
        int tag = in.readUnsignedByte();
        switch (tag) {
          case 1 -> utf8.put(i, in.readUTF());
          case 3, 4 -> in.skipBytes(4);
          case 5, 6 -> {
            in.skipBytes(8);
            i++; // long and double take two entries
          }
          case 7, 8, 16, 19, 20 -> in.skipBytes(2);
          case 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
          case 15 -> in.skipBytes(3);
          default -> throw new IOException("constant pool tag " + tag);
        }
      }
      in.skipBytes(6); // access flags, this, super
      in.skipBytes(2 * in.readUnsignedShort()); // interfaces
      skipMembers(in); // fields
      int methods = in.readUnsignedShort();
      for (int m = 0; m < methods; m++) {
        in.skipBytes(2);
        String methodName = utf8.get(in.readUnsignedShort());
        String methodDescriptor = utf8.get(in.readUnsignedShort());
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
          String attribute = utf8.get(in.readUnsignedShort());
          int length = in.readInt();
          if (attribute.equals("Code") && methodName.equals(name) && methodDescriptor.equals(descriptor)) {
            in.skipBytes(4); // max_stack, max_locals
            return in.readInt();
          }
          in.skipBytes(length);
        }
      }
      throw new IOException(type.getName() + "." + name + descriptor + " not found");
    }
  }

  private static void skipMembers(DataInputStream in) throws IOException {
    int members = in.readUnsignedShort();
    for (int m = 0; m < members; m++) {
      in.skipBytes(6);
      int attributes = in.readUnsignedShort();
      for (int a = 0; a < attributes; a++) {
        in.skipBytes(2);
        in.skipBytes(in.readInt());
      }
    }
  }
}
