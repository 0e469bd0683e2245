package io.glutendelta.stats.delta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.SparkContext;

/**
 * Reads SQL metrics of our plan node the way a user's tooling does: HTTP GET on the live Spark
 * UI's REST API ({@code /api/v1/applications/<id>/sql}).
 */
final class SparkUiSqlMetrics {
  static final String NODE = "NativeDeltaStats";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private SparkUiSqlMetrics() {}

  static JsonNode executions(SparkContext sc) throws IOException, InterruptedException {
    String url = sc.uiWebUrl().get() + "/api/v1/applications/" + sc.applicationId()
        + "/sql?details=true&planDescription=false&offset=0&length=100000";
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IllegalStateException("GET " + url + " → " + r.statusCode() + ": " + r.body());
    }
    return JSON.readTree(r.body());
  }

  /** Highest SQL execution id so far (-1 if none). */
  static long lastExecutionId(SparkContext sc) throws IOException, InterruptedException {
    long max = -1;
    for (JsonNode e : executions(sc)) {
      max = Math.max(max, e.get("id").asLong());
    }
    return max;
  }

  /**
   * The metrics (name → value text) of the one completed execution after {@code afterId} whose
   * {@value #NODE} node carries metrics; waits for the UI's listener to catch up.
   */
  static Map<String, String> nodeMetricsAfter(SparkContext sc, long afterId) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    String seen = "";
    while (System.nanoTime() < deadline) {
      JsonNode all = executions(sc);
      seen = all.toString();
      Map<String, String> found = null;
      int count = 0;
      for (JsonNode e : all) {
        if (e.get("id").asLong() <= afterId || !"COMPLETED".equals(e.get("status").asText())) {
          continue;
        }
        for (JsonNode n : e.get("nodes")) {
          if (NODE.equals(n.get("nodeName").asText()) && n.get("metrics").size() > 0) {
            Map<String, String> m = new HashMap<>();
            for (JsonNode metric : n.get("metrics")) {
              m.put(metric.get("name").asText(), metric.get("value").asText());
            }
            found = m;
            count++;
          }
        }
      }
      if (count > 1) {
        throw new AssertionError("more than one " + NODE + " node with metrics after execution "
            + afterId + ": " + seen);
      }
      if (found != null) {
        return found;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("no completed execution with " + NODE + " metrics after " + afterId + ": " + seen);
  }

  /** A count metric's value ("5,000" → 5000). */
  static long count(Map<String, String> metrics, String name) {
    String v = metrics.get(name);
    if (v == null) {
      throw new AssertionError("metric '" + name + "' missing: " + metrics);
    }
    return Long.parseLong(v.replace(",", "").trim());
  }
}
