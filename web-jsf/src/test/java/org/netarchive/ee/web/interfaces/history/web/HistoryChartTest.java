package org.netarchive.ee.web.interfaces.history.web;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.history.HistoryEntryView;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;

class HistoryChartTest {

  private static HistoryEntryView run(String started, String harvest, long job, long objects) {
    return new HistoryEntryView(
        "defaultconfig",
        harvest,
        job,
        false,
        Instant.parse(started),
        objects,
        objects * 1000,
        StopReason.DOWNLOAD_COMPLETE,
        0,
        0);
  }

  @Test
  void givenRunsNewestFirst_whenCharted_thenOldestFirstWithObjectsAndBytesOnTheirOwnAxes() {
    List<HistoryEntryView> newestFirst =
        List.of(
            run("2026-11-20T02:00:00Z", "Nightly", 12, 300),
            run("2026-11-19T23:59:00Z", "Events \"2026\"", 7, 100));

    JsonObject chart =
        Json.createReader(new StringReader(HistoryChart.of(newestFirst, "Objects", "Bytes")))
            .readObject();

    JsonObject data = chart.getJsonObject("data");
    assertThat(data.getJsonArray("labels").getValuesAs(jakarta.json.JsonString.class))
        .extracting(jakarta.json.JsonString::getString)
        .containsExactly("2026-11-19 Events \"2026\" #7", "2026-11-20 Nightly #12");
    JsonArray datasets = data.getJsonArray("datasets");
    JsonObject objects = datasets.getJsonObject(0);
    JsonObject bytes = datasets.getJsonObject(1);
    assertThat(objects.getString("label")).isEqualTo("Objects");
    assertThat(objects.getJsonArray("data").getJsonNumber(0).longValue()).isEqualTo(100);
    assertThat(objects.getJsonArray("data").getJsonNumber(1).longValue()).isEqualTo(300);
    assertThat(bytes.getString("label")).isEqualTo("Bytes");
    assertThat(bytes.getJsonArray("data").getJsonNumber(1).longValue()).isEqualTo(300_000);
    JsonObject scales = chart.getJsonObject("options").getJsonObject("scales");
    assertThat(scales.getJsonObject(objects.getString("yAxisID")).getString("position"))
        .isEqualTo("left");
    assertThat(scales.getJsonObject(bytes.getString("yAxisID")).getString("position"))
        .isEqualTo("right");
  }
}
