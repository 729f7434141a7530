package org.netarchive.ee.scheduler.application.job;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NotificationTest {

  @Test
  void givenAnAuditsFindings_whenAsJson_thenKindTimeTextAndEveryFactByName() {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("OK", 999L);
    counts.put("CORRUPT", 1L);
    Notification n =
        new Notification(
            "AUDIT_FINDINGS",
            "Audit 7 of replica ONE found 1 copies that are not OK",
            "details",
            Map.of("replica", "ONE", "runId", 7L, "counts", counts),
            Instant.parse("2026-11-26T01:02:03Z"));

    JsonObject json = n.with("auto", false).toJson();

    assertThat(json.getString("kind")).isEqualTo("AUDIT_FINDINGS");
    assertThat(json.getString("time")).isEqualTo("2026-11-26T01:02:03Z");
    assertThat(json.getString("subject")).startsWith("Audit 7 of replica ONE");
    assertThat(json.getString("text")).isEqualTo("details");
    assertThat(json.getString("replica")).isEqualTo("ONE");
    assertThat(json.getJsonNumber("runId").longValue()).isEqualTo(7);
    assertThat(json.getJsonObject("counts").getJsonNumber("CORRUPT").longValue()).isEqualTo(1);
    assertThat(json.getBoolean("auto")).isFalse();
  }

  @Test
  void givenOnlyASubjectAndText_whenMade_thenAFactlessNoticeWithoutNullText() {
    Notification n = Notification.of(Notification.NOTICE, "Job 3 failed", null);

    assertThat(n.text()).isEmpty();
    assertThat(n.toJson().keySet()).containsExactlyInAnyOrder("kind", "time", "subject", "text");
  }
}
