package org.netarchive.ee.web.interfaces.definitions.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.DayOfWeek;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netarchive.ee.scheduler.application.schedule.ScheduleViews;
import org.netarchive.ee.scheduler.application.schedule.ScheduleViews.ScheduleView;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Schedules in words in the UI's languages: the English text is exactly the domain model's own
 * sentence for every shape of schedule, and the others are translations with the same values.
 */
class ScheduleTextsTest {

  private static final Instant NOW = Instant.parse("2026-03-01T00:00:00Z");

  /** A schedule of each shape the model describes differently. */
  private static List<ScheduleView> schedules() {
    return List.of(
            Schedule.builder("Once").once().build(),
            Schedule.builder("Hourly").every(1, FrequencyUnit.HOURS).atMinute(5).build(),
            Schedule.builder("Any").every(3, FrequencyUnit.HOURS).anyTime().build(),
            Schedule.builder("Nightly")
                .every(2, FrequencyUnit.DAYS)
                .at(3, 15)
                .timeZone("Europe/Copenhagen")
                .startingAt(Instant.parse("2026-04-01T00:00:00Z"))
                .endingAfterRuns(10)
                .build(),
            Schedule.builder("Weekly")
                .every(1, FrequencyUnit.WEEKS)
                .onWeekday(DayOfWeek.MONDAY)
                .at(2, 0)
                .endingAt(Instant.parse("2027-01-01T00:00:00Z"))
                .build(),
            Schedule.builder("Monthly")
                .every(1, FrequencyUnit.MONTHS)
                .onDayOfMonth(31)
                .at(1, 30)
                .endingAfterRuns(1)
                .build(),
            Schedule.builder("Quarterly")
                .every(3, FrequencyUnit.MONTHS)
                .onDayOfMonth(15)
                .at(4, 0)
                .build())
        .stream()
        .map(s -> ScheduleViews.of(s, NOW))
        .toList();
  }

  @Test
  void givenSchedulesOfEveryShape_whenSaidInEnglish_thenTheTextIsTheModelsOwn() {
    ResourceBundle english = ResourceBundle.getBundle(Texts.BUNDLE, Locale.ENGLISH);
    for (ScheduleView schedule : schedules()) {
      assertThat(ScheduleTexts.describe(schedule, english, Locale.ENGLISH))
          .as(schedule.name())
          .isEqualTo(schedule.description());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"da", "de", "fr", "it"})
  void givenSchedulesOfEveryShape_whenSaidInAnotherLanguage_thenTranslatedWithTheSameValues(
      String language) {
    Locale locale = Locale.of(language);
    ResourceBundle bundle = ResourceBundle.getBundle(Texts.BUNDLE, locale);
    for (ScheduleView schedule : schedules()) {
      String text = ScheduleTexts.describe(schedule, bundle, locale);
      assertThat(text).as(schedule.name()).isNotEqualTo(schedule.description());
      assertThat(text).as(schedule.name()).doesNotContain("{", "every", " at ", "run");
      if (schedule.hour() != null) {
        assertThat(text).contains(String.format("%02d:%02d", schedule.hour(), schedule.minute()));
      }
      if (schedule.maxRuns() != null) {
        assertThat(text).contains(", " + schedule.maxRuns() + " ");
      }
    }
  }

  @Test
  void givenAWeeklySchedule_whenSaidInGerman_thenTheWeekdayIsGermanToo() {
    ScheduleView weekly = schedules().get(4);
    Locale german = Locale.GERMAN;

    assertThat(
            ScheduleTexts.describe(weekly, ResourceBundle.getBundle(Texts.BUNDLE, german), german))
        .startsWith("jede Woche am Montag um 02:00 (UTC), bis 2027-01-01T00:00Z");
  }
}
