package org.netarchive.ee.web.interfaces.jobs.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.scheduler.application.job.SchedulingSettings;
import org.netarchive.ee.scheduler.domain.model.job.JobStatus;
import org.netarchive.ee.scheduler.domain.model.job.SplitSettings;
import org.netarchive.ee.web.interfaces.web.Texts;

/** Every job status and every scheduling setting has its texts, and each setting its input. */
class StatusTextsTest {

  private static List<String> settings() {
    List<String> names = new ArrayList<>();
    SplitSettings.NAMES.forEach(n -> names.add(SchedulingSettings.SPLIT + n));
    names.add(SchedulingSettings.JOB_TIMEOUT);
    names.add(SchedulingSettings.MAIL_TO);
    names.add(SchedulingSettings.WEBHOOK_URL);
    return names;
  }

  @ParameterizedTest
  @ValueSource(strings = {"en", "da"})
  void givenEachStatusAndSetting_whenLookingUpItsTexts_thenTheBundleHasThem(String language) {
    ResourceBundle bundle = ResourceBundle.getBundle(Texts.BUNDLE, Locale.of(language));

    for (JobStatus status : JobStatus.values()) {
      assertThat(bundle.containsKey("jobStatus." + status.name())).as(status.name()).isTrue();
    }
    assertThat(Jobs.statuses()).hasSize(JobStatus.values().length);
    for (String setting : settings()) {
      assertThat(bundle.containsKey("setting." + setting)).as(setting).isTrue();
      assertThat(bundle.containsKey("setting." + setting + ".hint")).as(setting).isTrue();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"split.maxTotalSize", "job.timeoutSeconds", "notifications.mailTo"})
  void givenASettingName_whenMakingItsInputId_thenAValidComponentIdWithoutDots(String setting) {
    String input = Settings.inputOf(setting);

    assertThat(input).matches("[A-Za-z_][A-Za-z0-9_-]*").doesNotContain(".");
    assertThat(input.replace('-', '.')).isEqualTo(setting);
  }
}
