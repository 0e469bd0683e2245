package io.glutendelta.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.glutendelta.stats.jni.NativeEngine;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Dependencies between the production packages point one way: the write hook ({@code delta}) →
 * {@code batching} → {@code engine} → {@code jni}, and no two packages use each other. The
 * per-line shims ({@code compat}: Scala version, {@code line}: Spark/Delta line and the start-up
 * check) sit below everything and use no other package of ours. Read from
 * the compiled classes' constant pools (every class, field and method type a class refers to is
 * named there), so imports, fully qualified names and Scala code all count.
 */
class PackageDependenciesTest {
  /** The shims and the write path's lower layers, lowest first: each may use only the layers before it. */
  private static final List<String> LAYERS = List.of("compat", "line", "jni", "engine", "batching");
  private static final String ROOT = "(root)";
  private static final Pattern REF = Pattern.compile("io/glutendelta/stats/(?:([a-z][a-z0-9_]*)/|([A-Z][\\w$]*))");

  private static Map<String, Set<String>> uses;

  @BeforeAll
  static void scan() throws Exception {
    Path classes = Path.of(NativeEngine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path base = classes.resolve("io/glutendelta/stats");
    uses = new TreeMap<>();
    try (Stream<Path> files = Files.walk(base)) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
        Path rel = base.relativize(f);
        String from = rel.getNameCount() == 1 ? ROOT : rel.getName(0).toString();
        Set<String> to = uses.computeIfAbsent(from, k -> new TreeSet<>());
        try (InputStream in = Files.newInputStream(f)) {
          for (String s : utf8Constants(in)) {
            Matcher m = REF.matcher(s);
            while (m.find()) {
              String pkg = m.group(1) != null ? m.group(1) : ROOT;
              if (!pkg.equals(from)) {
                to.add(pkg);
              }
            }
          }
        }
      }
    }
  }

  @Test
  void scannerSeesThePackagesAndAKnownDependency() {
    assertTrue(uses.keySet().containsAll(List.of("jni", "engine", "batching", "delta", "clustering", ROOT)),
        uses.keySet().toString());
    assertTrue(uses.get("delta").contains("batching"), "delta uses batching: " + uses.get("delta"));
    assertTrue(uses.get("engine").contains("jni"), "engine uses jni: " + uses.get("engine"));
    assertTrue(uses.get(ROOT).contains("clustering"), "the plugin installs clustering: " + uses.get(ROOT));
    assertTrue(uses.get(ROOT).contains("line"), "the plugin checks the line: " + uses.get(ROOT));
    assertTrue(uses.get("delta").contains("compat"), "delta uses the Scala shims: " + uses.get("delta"));
  }

  @Test
  void lowerLayersUseOnlyLayersBelowThem() {
    Map<String, Set<String>> wrong = new TreeMap<>();
    for (int i = 0; i < LAYERS.size(); i++) {
      Set<String> allowed = Set.copyOf(LAYERS.subList(0, i));
      for (String to : uses.getOrDefault(LAYERS.get(i), Set.of())) {
        if (!allowed.contains(to)) {
          wrong.computeIfAbsent(LAYERS.get(i), k -> new TreeSet<>()).add(to);
        }
      }
    }
    assertEquals(Map.of(), wrong, "package → packages it must not use");
  }

  @Test
  void noTwoPackagesUseEachOther() {
    List<String> mutual = new ArrayList<>();
    for (Map.Entry<String, Set<String>> e : uses.entrySet()) {
      for (String to : e.getValue()) {
        if (e.getKey().compareTo(to) < 0 && uses.getOrDefault(to, Set.of()).contains(e.getKey())) {
          mutual.add(e.getKey() + " <-> " + to);
        }
      }
    }
    assertEquals(List.of(), mutual);
  }

  /** The CONSTANT_Utf8 entries of a class file (class names, descriptors, signatures). */
  private static List<String> utf8Constants(InputStream raw) throws IOException {
    DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(raw));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort(); // minor
    in.readUnsignedShort(); // major
    int count = in.readUnsignedShort();
    List<String> out = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> out.add(in.readUTF());
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
        case 5, 6 -> {
          in.skipNBytes(8);
          i++; // 8-byte constants take two slots
        }
        case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
        case 15 -> in.skipNBytes(3);
        default -> throw new IOException("unknown constant pool tag " + tag);
      }
    }
    return out;
  }
}
