package org.netarchive.ee.scheduler.application.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.InvalidFieldException;

class SchedulingSettingsTest {

  private static final Map<String, String> CURRENT =
      Map.of(
          "split.configChunkSize",
          "10000",
          "split.maxTotalSize",
          "2000000000",
          SchedulingSettings.JOB_TIMEOUT,
          "604800",
          SchedulingSettings.MAIL_TO,
          "",
          SchedulingSettings.WEBHOOK_URL,
          "");

  @Test
  void givenGoodChanges_whenChecked_thenTheyReplaceTheirValuesStrippedAndKeepTheOthers() {
    Map<String, String> changes = new LinkedHashMap<>();
    changes.put("split.configChunkSize", " 2 ");
    changes.put(SchedulingSettings.MAIL_TO, "a@kb.dk, b@kb.dk");

    Map<String, String> next = SchedulingSettings.checked(CURRENT, changes);

    assertThat(next)
        .containsEntry("split.configChunkSize", "2")
        .containsEntry("split.maxTotalSize", "2000000000")
        .containsEntry(SchedulingSettings.MAIL_TO, "a@kb.dk, b@kb.dk");
  }

  @Test
  void givenASplitSettingOutOfRange_whenChecked_thenRefusedNamingThatSettingAsField() {
    assertThatThrownBy(
            () ->
                SchedulingSettings.checked(
                    CURRENT, Map.of("split.configChunkSize", "5", "split.maxTotalSize", "0")))
        .isInstanceOfSatisfying(
            InvalidFieldException.class, e -> assertThat(e.field()).isEqualTo("split.maxTotalSize"))
        .hasMessageContaining("maxTotalSize")
        .hasMessageContaining("0");
  }

  @Test
  void givenASplitSettingThatIsNoNumber_whenChecked_thenRefusedNamingItAndTheValue() {
    assertThatThrownBy(
            () -> SchedulingSettings.checked(CURRENT, Map.of("split.configChunkSize", "many")))
        .isInstanceOfSatisfying(
            InvalidFieldException.class,
            e -> assertThat(e.field()).isEqualTo("split.configChunkSize"))
        .hasMessageContaining("'many'");
  }

  @Test
  void givenAnUnknownSetting_whenChecked_thenRefusedNamingIt() {
    assertThatThrownBy(() -> SchedulingSettings.checked(CURRENT, Map.of("split.noSuchThing", "1")))
        .isInstanceOfSatisfying(
            InvalidFieldException.class, e -> assertThat(e.field()).isEqualTo("split.noSuchThing"))
        .hasMessageContaining("split.noSuchThing");
  }

  @Test
  void givenAShortJobTimeoutOrBadMail_whenChecked_thenRefusedNamingTheirSettings() {
    assertThatThrownBy(
            () -> SchedulingSettings.checked(CURRENT, Map.of(SchedulingSettings.JOB_TIMEOUT, "59")))
        .isInstanceOfSatisfying(
            InvalidFieldException.class,
            e -> assertThat(e.field()).isEqualTo(SchedulingSettings.JOB_TIMEOUT))
        .hasMessageContaining("59");
    assertThatThrownBy(
            () -> SchedulingSettings.checked(CURRENT, Map.of(SchedulingSettings.JOB_TIMEOUT, "x")))
        .isInstanceOfSatisfying(
            InvalidFieldException.class,
            e -> assertThat(e.field()).isEqualTo(SchedulingSettings.JOB_TIMEOUT));
    assertThatThrownBy(
            () -> SchedulingSettings.checked(CURRENT, Map.of(SchedulingSettings.MAIL_TO, "kb.dk")))
        .isInstanceOfSatisfying(
            InvalidFieldException.class,
            e -> assertThat(e.field()).isEqualTo(SchedulingSettings.MAIL_TO))
        .hasMessageContaining("'kb.dk'");
  }

  @Test
  void givenAWebhookUrl_whenChecked_thenAnHttpUrlIsTakenAndAnythingElseRefusedNamingIt() {
    assertThat(
            SchedulingSettings.checked(
                CURRENT, Map.of(SchedulingSettings.WEBHOOK_URL, " https://hooks.kb.dk/t/abc ")))
        .containsEntry(SchedulingSettings.WEBHOOK_URL, "https://hooks.kb.dk/t/abc");
    assertThatThrownBy(
            () ->
                SchedulingSettings.checked(
                    CURRENT, Map.of(SchedulingSettings.WEBHOOK_URL, "ftp://kb.dk/x")))
        .isInstanceOf(InvalidFieldException.class)
        .hasMessageContaining(SchedulingSettings.WEBHOOK_URL)
        .hasMessageContaining("'ftp://kb.dk/x'")
        .hasMessageContaining("http or https");
  }
}
