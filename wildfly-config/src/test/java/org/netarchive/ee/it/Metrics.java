package org.netarchive.ee.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.DoublePredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The server's Prometheus endpoint (management port, /metrics) as the tests read it: one scrape is
 * a map of sample ({@code name{label="value",...}}) to value.
 */
final class Metrics {

  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)(\\s+\\d+)?$");
  private static final Pattern LABEL =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  private final Map<String, Map<String, String>> labels = new LinkedHashMap<>();
  private final Map<String, Double> values = new LinkedHashMap<>();
  private final Map<String, String> names = new LinkedHashMap<>();
  private final String text;

  private Metrics(String text) {
    this.text = text;
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Matcher m = SAMPLE.matcher(line.strip());
      if (!m.matches()) {
        continue;
      }
      String key = m.group(1) + (m.group(2) == null ? "" : m.group(2));
      Map<String, String> sampleLabels = new LinkedHashMap<>();
      if (m.group(3) != null) {
        Matcher l = LABEL.matcher(m.group(3));
        while (l.find()) {
          sampleLabels.put(l.group(1), l.group(2));
        }
      }
      names.put(key, m.group(1));
      labels.put(key, sampleLabels);
      values.put(key, Double.parseDouble(m.group(4)));
    }
  }

  /** Scrapes the endpoint now. */
  static Metrics scrape() throws Exception {
    HttpResponse<String> response =
        ServerUnderTest.send(
            ServerUnderTest.request(ServerUnderTest.MANAGEMENT + "/metrics").GET().build());
    assertThat(response.statusCode()).isEqualTo(200);
    return new Metrics(response.body());
  }

  /**
   * The value of the one sample of {@code name} whose labels include {@code wanted} (label, value,
   * label, value...), if there is one.
   */
  OptionalDouble value(String name, String... wanted) {
    OptionalDouble found = OptionalDouble.empty();
    for (Map.Entry<String, Double> e : values.entrySet()) {
      if (!names.get(e.getKey()).equals(name)) {
        continue;
      }
      Map<String, String> sample = labels.get(e.getKey());
      boolean matches = true;
      for (int i = 0; i + 1 < wanted.length; i += 2) {
        matches &= wanted[i + 1].equals(sample.get(wanted[i]));
      }
      if (matches) {
        assertThat(found).as("more than one sample of %s with %s", name, wanted).isEmpty();
        found = OptionalDouble.of(e.getValue());
      }
    }
    return found;
  }

  /** The sum of every sample of {@code name} (0 if there is none). */
  double sum(String name) {
    return values.entrySet().stream()
        .filter(e -> names.get(e.getKey()).equals(name))
        .mapToDouble(Map.Entry::getValue)
        .sum();
  }

  /** The value of a sample (0 if absent). */
  double valueOrZero(String name, String... wanted) {
    return value(name, wanted).orElse(0);
  }

  String text() {
    return text;
  }

  /**
   * Scrapes until the sample's value satisfies {@code condition}, at most {@code within}; the
   * gauges of the database figures change every ten seconds.
   */
  static Metrics await(Duration within, String name, DoublePredicate condition, String... wanted)
      throws Exception {
    java.util.concurrent.atomic.AtomicReference<Metrics> last =
        new java.util.concurrent.atomic.AtomicReference<>();
    org.awaitility.Awaitility.await()
        .atMost(within)
        .pollInterval(Duration.ofMillis(500))
        .untilAsserted(
            () -> {
              Metrics metrics = scrape();
              last.set(metrics);
              OptionalDouble value = metrics.value(name, wanted);
              assertThat(value.stream().anyMatch(condition))
                  .as(
                      "%s%s is %s; the samples of it: %s",
                      name,
                      java.util.Arrays.toString(wanted),
                      value,
                      metrics.text().lines().filter(l -> l.startsWith(name)).toList())
                  .isTrue();
            });
    return last.get();
  }

  /** Scrapes until no sample of {@code name} has the labels, at most {@code within}. */
  static void awaitAbsent(Duration within, String name, String... wanted) throws Exception {
    org.awaitility.Awaitility.await()
        .atMost(within)
        .pollInterval(Duration.ofMillis(500))
        .untilAsserted(
            () ->
                assertThat(scrape().value(name, wanted))
                    .as("%s%s", name, java.util.Arrays.toString(wanted))
                    .isEmpty());
  }
}
