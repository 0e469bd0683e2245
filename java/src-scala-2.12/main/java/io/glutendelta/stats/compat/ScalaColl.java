package io.glutendelta.stats.compat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import scala.collection.JavaConverters;

/**
 * Java ↔ Scala collections for Scala 2.12, where Spark's and Delta's {@code Seq} is
 * {@code scala.collection.Seq} and the Java converter API is {@code JavaConverters}.
 */
public final class ScalaColl {
  private ScalaColl() {}

  /** The erasure of {@code Seq} in Spark/Delta signatures. */
  public static final Class<?> SEQ_CLASS = scala.collection.Seq.class;

  public static <T> List<T> asJava(scala.collection.Seq<T> s) {
    return JavaConverters.seqAsJavaList(s);
  }

  public static <T> Set<T> asJava(scala.collection.Set<T> s) {
    return JavaConverters.setAsJavaSet(s);
  }

  public static <K, V> Map<K, V> asJava(scala.collection.Map<K, V> m) {
    return JavaConverters.mapAsJavaMap(m);
  }

  /** An immutable copy, typed as this Scala version's {@code Seq}. */
  public static <T> scala.collection.Seq<T> seq(List<T> l) {
    return JavaConverters.asScalaBuffer(l).toList();
  }

  /** This Scala version's {@code Seq} (the same object on 2.12). */
  public static <T> scala.collection.Seq<T> seq(scala.collection.Seq<T> s) {
    return s;
  }

  public static <K, V> scala.collection.immutable.Map<K, V> map(Map<K, V> m) {
    scala.collection.immutable.Map<K, V> out = scala.collection.immutable.Map$.MODULE$.empty();
    for (Map.Entry<K, V> e : m.entrySet()) {
      out = out.updated(e.getKey(), e.getValue());
    }
    return out;
  }
}
