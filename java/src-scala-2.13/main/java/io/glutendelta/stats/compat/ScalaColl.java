package io.glutendelta.stats.compat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Java ↔ Scala collections for Scala 2.13, where Spark's and Delta's {@code Seq} is
 * {@code scala.collection.immutable.Seq} and the Java converter API is
 * {@code scala.jdk.javaapi.CollectionConverters}.
 */
public final class ScalaColl {
  private ScalaColl() {}

  /** The erasure of {@code Seq} in Spark/Delta signatures. */
  public static final Class<?> SEQ_CLASS = scala.collection.immutable.Seq.class;

  public static <T> List<T> asJava(scala.collection.Seq<T> s) {
    return CollectionConverters.asJava(s);
  }

  public static <T> Set<T> asJava(scala.collection.Set<T> s) {
    return CollectionConverters.asJava(s);
  }

  public static <K, V> Map<K, V> asJava(scala.collection.Map<K, V> m) {
    return CollectionConverters.asJava(m);
  }

  /** An immutable copy, typed as this Scala version's {@code Seq}. */
  public static <T> scala.collection.immutable.Seq<T> seq(List<T> l) {
    return CollectionConverters.asScala(l).toList();
  }

  /** This Scala version's {@code Seq} (no copy when {@code s} already is immutable). */
  public static <T> scala.collection.immutable.Seq<T> seq(scala.collection.Seq<T> s) {
    return s.toSeq();
  }

  public static <K, V> scala.collection.immutable.Map<K, V> map(Map<K, V> m) {
    return scala.collection.immutable.Map$.MODULE$.from(CollectionConverters.asScala(m));
  }
}
