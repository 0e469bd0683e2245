package io.glutendelta.stats.bench.writeamp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeriesCsvTest {
  @TempDir Path dir;

  @Test
  void roundTripKeepsEveryRunAndProbe() throws Exception {
    Map<Variant, AmplificationSeries> results = new LinkedHashMap<>();
    AmplificationSeries delta = new AmplificationSeries();
    delta.add(new AmplificationSeries.Run(6_800_000, 2_337_000_000L, 2_330_000_000L, 2_340_000_000L, 15, 14,
        391.237, "OPTIMIZE", 17, 2_340_000_000L,
        new LinkedHashMap<>(Map.of("ss_item_sk point", 5L, "ss_item_sk range", 10L))));
    delta.add(new AmplificationSeries.Run(6_800_000, 0, 0, 0, 0, 0, 0.5, "none", 18, 2_346_800_000L, Map.of()));
    results.put(Variant.DELTA, delta);
    AmplificationSeries lw = new AmplificationSeries();
    lw.add(new AmplificationSeries.Run(6_800_000, 6_800_000, 0, 6_790_000, 3, 1, 2.88, "OPTIMIZE", 15, 1L,
        Map.of("ss_customer_sk point", 6L)));
    lw.finalFull(new AmplificationSeries.Run(0, 2_400_000_000L, 2_330_000_000L, 2_400_000_000L, 17, 14, 402.5,
        "OPTIMIZE", 14, 2_400_000_000L, Map.of("ss_customer_sk point", 4L)));
    results.put(Variant.LIGHTWEIGHT, lw);
    Path csv = dir.resolve(SeriesCsv.FILE);
    SeriesCsv.write(csv, results);
    Map<Variant, AmplificationSeries> back = SeriesCsv.read(csv);
    assertEquals(List.of(Variant.DELTA, Variant.LIGHTWEIGHT), List.copyOf(back.keySet()));
    assertEquals(delta.runs(), back.get(Variant.DELTA).runs().stream()
        .map(r -> new AmplificationSeries.Run(r.appendedBytes(), r.rewrittenBytes(), r.rewrittenClusteredBytes(),
            r.addedBytes(), r.filesRemoved(), r.filesAdded(), Math.round(r.optimizeSeconds() * 1000) / 1000.0,
            r.operation(), r.filesAfter(), r.tableBytesAfter(), r.filesRead()))
        .toList());
    assertEquals(lw.runs(), back.get(Variant.LIGHTWEIGHT).runs());
    assertEquals(lw.finalFull(), back.get(Variant.LIGHTWEIGHT).finalFull());
    assertEquals(null, back.get(Variant.DELTA).finalFull());
    // vs delta compares the runs both series have
    assertEquals(6_800_000.0 / 2_337_000_000L, WriteAmpReport.bytesVsDelta(back.get(Variant.LIGHTWEIGHT),
        back.get(Variant.DELTA)), 1e-15);
  }

  @Test
  void foreignOrDisorderedFilesAreRefused() throws Exception {
    Path other = dir.resolve("other.csv");
    Files.writeString(other, "a,b\n1,2\n");
    assertThrows(IllegalArgumentException.class, () -> SeriesCsv.read(other));
    Path gap = dir.resolve("gap.csv");
    Files.writeString(gap, SeriesCsv.HEADER + "\ndelta,2,1,1,0,1,1,1,1.0,OPTIMIZE,1,1,\n");
    assertThrows(IllegalArgumentException.class, () -> SeriesCsv.read(gap));
    Path afterFull = dir.resolve("after-full.csv");
    Files.writeString(afterFull, SeriesCsv.HEADER + "\ndelta,1,1,1,0,1,1,1,1.0,OPTIMIZE,1,1,\n"
        + "delta,full,0,1,0,1,1,1,1.0,OPTIMIZE,1,1,\ndelta,2,1,1,0,1,1,1,1.0,OPTIMIZE,1,1,\n");
    assertThrows(IllegalArgumentException.class, () -> SeriesCsv.read(afterFull), "no run after the final FULL");
  }
}
