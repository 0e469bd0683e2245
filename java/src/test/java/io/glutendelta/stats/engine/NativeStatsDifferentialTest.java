package io.glutendelta.stats.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Randomised differential test: native stats vs {@link ReferenceStats} on seeded random schemas,
 * several batches per file, several files interleaved, file ids reused after finish, and three
 * ways in: a VectorSchemaRoot, an Arrow Java slice of it, and raw C Data structs whose top-level
 * offset/length were moved (Arrow Java itself always exports offset 0). The allocator must be
 * back to zero after every seed. {@code -Dgds.heavy=true} runs 20,000 seeds instead of 300.
 */
class NativeStatsDifferentialTest {
  private static final int SEEDS = Boolean.getBoolean("gds.heavy") ? 20_000 : 300;

  private BufferAllocator allocator;
  private long batchesChecked;
  private long rowsChecked;

  @BeforeEach
  void open() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void close() {
    allocator.close(); // throws if any exported buffer was not released
  }

  @Test
  void randomSchemasMatchTheReference() {
    Set<LeafKind> kindsSeen = EnumSet.noneOf(LeafKind.class);
    Set<String> shapesSeen = new java.util.TreeSet<>();
    long filesChecked = 0;
    for (int seed = 0; seed < SEEDS; seed++) {
      filesChecked += runSeed(seed, kindsSeen, shapesSeen);
      assertEquals(0, allocator.getAllocatedMemory(), "seed " + seed + ": Arrow memory not released");
    }
    // The generator must actually have covered every kind and Arrow shape.
    assertEquals(EnumSet.allOf(LeafKind.class), kindsSeen, "kinds covered");
    assertTrue(shapesSeen.containsAll(List.of("LargeList", "LargeUtf8", "LargeBinary", "List", "Map",
        "Struct", "Utf8", "Binary", "slice", "offset", "schema-checked")), "shapes covered: " + shapesSeen);
    assertTrue(filesChecked >= SEEDS, "files checked: " + filesChecked);
    System.out.printf("NativeStatsDifferentialTest: %d seeds, %d files, %d batches, %d rows compared%n",
        SEEDS, filesChecked, batchesChecked, rowsChecked);
  }

  private int runSeed(int seed, Set<LeafKind> kindsSeen, Set<String> shapesSeen) {
    Random rnd = new Random(0x5EEDL * 1_000_003L + seed);
    RandomBatches gen = new RandomBatches(rnd);
    Schema schema = gen.schema();
    collectShapes(schema.getFields(), shapesSeen);
    int filesChecked = 0;
    try (NativeAggregator task = NativeAggregator.create(allocator, schema)) {
      task.leaves().forEach(l -> kindsSeen.add(l.kind()));
      Map<Long, ReferenceStats> open = new LinkedHashMap<>();
      Map<Long, Integer> batchesLeft = new LinkedHashMap<>();
      int files = 1 + rnd.nextInt(3);
      long baseId = rnd.nextInt(1_000_000);
      for (int f = 0; f < files; f++) {
        long id = baseId + f * 7919L;
        task.beginFile(id);
        open.put(id, new ReferenceStats(task.leaves()));
        batchesLeft.put(id, rnd.nextInt(5)); // 0 batches: an empty file
      }
      int reopen = rnd.nextInt(3) == 0 ? 1 : 0; // reuse one id after its finish
      while (!open.isEmpty()) {
        List<Long> ids = new ArrayList<>(open.keySet());
        long id = ids.get(rnd.nextInt(ids.size()));
        String context = "seed " + seed + ", file " + id + ", schema " + schema;
        if (batchesLeft.get(id) == 0) {
          FileAggregates stats = task.finishFile(id);
          ReferenceStats expected = open.remove(id);
          rowsChecked += expected.numRecords;
          StatsAssertions.assertMatches(expected, stats, context);
          batchesLeft.remove(id);
          filesChecked++;
          if (reopen-- > 0) {
            task.beginFile(id);
            open.put(id, new ReferenceStats(task.leaves()));
            batchesLeft.put(id, 1 + rnd.nextInt(2));
          }
          continue;
        }
        batchesLeft.merge(id, -1, Integer::sum);
        int rows = rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(rnd.nextBoolean() ? 20 : 200);
        try (VectorSchemaRoot root = gen.batch(schema, allocator, rows)) {
          addBatch(task, id, root, open.get(id), rnd, shapesSeen);
        }
      }
      AggregatorCounters counters = task.counters();
      assertEquals(0, counters.openFiles(), "seed " + seed + ": open files after finishing all");
      assertEquals(filesChecked, counters.filesFinished(), "seed " + seed + ": files finished");
    }
    return filesChecked;
  }

  private void addBatch(NativeAggregator task, long id, VectorSchemaRoot root, ReferenceStats ref,
      Random rnd, Set<String> shapesSeen) {
    int rows = root.getRowCount();
    batchesChecked++;
    int way = rnd.nextInt(5);
    if (way <= 2 || rows < 2) {
      task.addBatch(id, root);
      ref.add(root); // reading the root afterwards also proves it stayed usable
      return;
    }
    int from = rnd.nextInt(rows);
    int length = rnd.nextInt(rows - from + 1);
    if (way == 3) {
      shapesSeen.add("slice");
      try (VectorSchemaRoot slice = root.slice(from, length)) {
        task.addBatch(id, slice);
        ref.add(slice);
      }
      return;
    }
    shapesSeen.add("offset");
    boolean withSchema = rnd.nextBoolean();
    try (ArrowArray array = ArrowArray.allocateNew(allocator);
         ArrowSchema cSchema = ArrowSchema.allocateNew(allocator)) {
      Data.exportVectorSchemaRoot(allocator, root, null, array);
      ArrowArray.Snapshot s = array.snapshot();
      s.offset = from;
      s.length = length;
      array.save(s);
      if (withSchema) {
        shapesSeen.add("schema-checked");
        Data.exportSchema(allocator, task.schema(), null, cSchema);
      }
      task.addBatch(id, array.memoryAddress(), withSchema ? cSchema.memoryAddress() : 0L);
    }
    ref.add(root, from, length);
  }

  private static void collectShapes(List<Field> fields, Set<String> shapes) {
    for (Field f : fields) {
      ArrowType.ArrowTypeID id = f.getType().getTypeID();
      shapes.add(id.name());
      collectShapes(f.getChildren(), shapes);
    }
  }
}
