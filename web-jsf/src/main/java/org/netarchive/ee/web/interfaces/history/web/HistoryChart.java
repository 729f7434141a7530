package org.netarchive.ee.web.interfaces.history.web;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.netarchive.ee.scheduler.application.history.HistoryEntryView;

/**
 * A domain's harvest history as a Chart.js configuration, as {@code p:chart} takes it: per run (an
 * entry of the history), oldest first, the objects as bars on the left axis and the bytes as a line
 * on the right axis, since the two differ by orders of magnitude.
 */
final class HistoryChart {

  private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd");

  private HistoryChart() {}

  /**
   * @param newestFirst the entries, newest first, as the history service answers them
   * @param objects the name of the objects' series and axis
   * @param bytes the name of the bytes' series and axis
   */
  static String of(List<HistoryEntryView> newestFirst, String objects, String bytes) {
    JsonArrayBuilder labels = Json.createArrayBuilder();
    JsonArrayBuilder objectCounts = Json.createArrayBuilder();
    JsonArrayBuilder byteCounts = Json.createArrayBuilder();
    for (HistoryEntryView entry : newestFirst.reversed()) {
      labels.add(label(entry));
      objectCounts.add(entry.objects());
      byteCounts.add(entry.bytes());
    }
    JsonObject chart =
        Json.createObjectBuilder()
            .add("type", "bar")
            .add(
                "data",
                Json.createObjectBuilder()
                    .add("labels", labels)
                    .add(
                        "datasets",
                        Json.createArrayBuilder()
                            .add(
                                Json.createObjectBuilder()
                                    .add("type", "bar")
                                    .add("label", objects)
                                    .add("yAxisID", "objects")
                                    .add("backgroundColor", "#457b9d")
                                    .add("data", objectCounts))
                            .add(
                                Json.createObjectBuilder()
                                    .add("type", "line")
                                    .add("label", bytes)
                                    .add("yAxisID", "bytes")
                                    .add("borderColor", "#e63946")
                                    .add("backgroundColor", "#e63946")
                                    .add("data", byteCounts))))
            .add(
                "options",
                Json.createObjectBuilder()
                    .add("responsive", true)
                    .add("maintainAspectRatio", false)
                    .add("animation", false)
                    .add(
                        "scales",
                        Json.createObjectBuilder()
                            .add("objects", axis("left", objects))
                            .add("bytes", axis("right", bytes))))
            .build();
    return chart.toString();
  }

  /** The run's label: the day it started, the harvest and the job. */
  private static String label(HistoryEntryView entry) {
    String day = DAY.format(entry.startedAt().atOffset(ZoneOffset.UTC));
    return day + " " + entry.harvest() + " #" + entry.job();
  }

  private static JsonObject axis(String position, String title) {
    return Json.createObjectBuilder()
        .add("type", "linear")
        .add("position", position)
        .add("beginAtZero", true)
        .add("title", Json.createObjectBuilder().add("display", true).add("text", title))
        .build();
  }
}
