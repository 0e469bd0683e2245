package io.glutendelta.stats.clustering;

import java.util.List;
import java.util.Map;
import scala.jdk.javaapi.CollectionConverters;

/** Java-to-Scala collection conversions for calls into Delta's Scala API. */
final class Scala {
  private Scala() {}

  static <T> scala.collection.immutable.Seq<T> seq(List<T> list) {
    return CollectionConverters.asScala(list).toList();
  }

  static <K, V> scala.collection.immutable.Map<K, V> map(Map<K, V> map) {
    return scala.collection.immutable.Map$.MODULE$.from(CollectionConverters.asScala(map));
  }

  static <T> List<T> list(scala.collection.Seq<T> seq) {
    return CollectionConverters.asJava(seq);
  }
}
