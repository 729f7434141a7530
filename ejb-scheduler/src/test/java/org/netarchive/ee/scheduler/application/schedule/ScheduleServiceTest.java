package org.netarchive.ee.scheduler.application.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.netarchive.ee.scheduler.application.schedule.Definitions.named;

import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.application.schedule.ScheduleViews.ScheduleView;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.schedule.Frequency;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;

class ScheduleServiceTest {

  /** A Monday, a little after ten. */
  private static final Instant NOW = Instant.parse("2026-03-02T10:15:30.250Z");

  private final InMemoryScheduleRepository repository = new InMemoryScheduleRepository();
  private final ScheduleService service =
      new ScheduleService(repository, Clock.fixed(NOW, ZoneOffset.UTC));

  private static ScheduleDefinition daily(String name, Integer hour, Integer minute) {
    return named(name)
        .comments("at night")
        .repeating(FrequencyUnit.DAYS, 1)
        .at(hour, minute)
        .definition();
  }

  @Test
  void givenADailyDefinition_whenCreating_thenTheViewDescribesItWithTheNextThreeRuns() {
    ScheduleView view = service.create(daily("Nightly", 2, 30));

    assertThat(view.name()).isEqualTo("Nightly");
    assertThat(view.description()).isEqualTo("every day at 02:30 (UTC)");
    assertThat(view.anyTime()).isFalse();
    assertThat(view.nextEvents())
        .containsExactly(
            Instant.parse("2026-03-03T02:30:00Z"),
            Instant.parse("2026-03-04T02:30:00Z"),
            Instant.parse("2026-03-05T02:30:00Z"));
    assertThat(repository.findByName("Nightly")).isPresent();
  }

  @Test
  void givenAnInvalidMinute_whenCreating_thenTheFieldAndValueAreNamed() {
    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class, () -> service.create(daily("Nightly", 2, 75)));

    assertThat(e.field()).isEqualTo("minute");
    assertThat(e).hasMessage("Schedule 'Nightly': minute of hour must be 0-59, not 75");
    assertThat(repository.count(null)).isZero();
  }

  @Test
  void givenATakenName_whenCreating_thenTheNameIsNamed() {
    service.create(daily("Nightly", 2, 30));

    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class, () -> service.create(daily(" Nightly ", 3, 0)));

    assertThat(e.field()).isEqualTo("name");
    assertThat(e).hasMessageContaining("'Nightly' exists already");
  }

  @Test
  void givenAStaleVersion_whenUpdating_thenRefused() {
    service.create(daily("Nightly", 2, 30));

    assertThatExceptionOfType(StaleEditException.class)
        .isThrownBy(() -> service.update("Nightly", 1, daily(null, 3, 0)))
        .withMessageContaining("Schedule 'Nightly' was changed by someone else");
  }

  @Test
  void givenTheCurrentVersionWithoutAName_whenUpdating_thenRedefinedUnderItsName() {
    service.create(daily("Nightly", 2, 30));

    ScheduleView view = service.update("Nightly", 0, daily(null, 4, 0));

    assertThat(view.name()).isEqualTo("Nightly");
    assertThat(view.description()).isEqualTo("every day at 04:00 (UTC)");
    assertThat(repository.flushes).isEqualTo(1);
  }

  @Test
  void givenANameTakenByAnother_whenRenaming_thenRefusedAndUnchanged() {
    service.create(daily("Nightly", 2, 30));
    service.create(daily("Early", 5, 0));

    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class, () -> service.update("Early", 0, daily("Nightly", 5, 0)));

    assertThat(e.field()).isEqualTo("name");
    assertThat(service.get("Early").description()).isEqualTo("every day at 05:00 (UTC)");
  }

  @Test
  void givenAnInvalidChange_whenUpdating_thenTheStoredScheduleIsUnchanged() {
    service.create(daily("Nightly", 2, 30));

    InvalidFieldException e =
        catchThrowableOfType(
            InvalidFieldException.class, () -> service.update("Nightly", 0, daily(null, 24, 0)));

    assertThat(e.field()).isEqualTo("hour");
    assertThat(service.get("Nightly").hour()).isEqualTo(2);
  }

  @Test
  void givenAnUnknownName_whenReading_thenNotFound() {
    assertThatExceptionOfType(NotFoundException.class)
        .isThrownBy(() -> service.get("Fortnightly"))
        .withMessage("No schedule named 'Fortnightly'");
  }

  @Test
  void givenSchedules_whenListingWithAGlob_thenOnlyMatchesPagedByName() {
    for (String name : new String[] {"Daily b", "daily a", "Weekly", "Daily c"}) {
      service.create(daily(name, 2, 0));
    }

    Page<ScheduleView> page = service.list("daily*", 0, 2);

    assertThat(page.total()).isEqualTo(3);
    assertThat(page.items()).extracting(ScheduleView::name).containsExactly("daily a", "Daily b");
  }

  @Test
  void givenADefinition_whenDescribing_thenNothingIsStored() {
    ScheduleView preview = service.describe(daily("Nightly", 2, 30));

    assertThat(preview.description()).isEqualTo("every day at 02:30 (UTC)");
    assertThat(repository.count(null)).isZero();
  }

  @Test
  void givenSchedulesThatEnd_whenViewed_thenFewerNextEvents() {
    Schedule twice =
        Schedule.builder("Twice")
            .repeating(Frequency.weeks(1, DayOfWeek.MONDAY, 2, 0))
            .endingAfterRuns(2)
            .build();
    Schedule once = Schedule.builder("Once").once().build();
    Schedule hourly = Schedule.builder("Hourly").every(1, FrequencyUnit.HOURS).build();
    Instant now = Instant.parse("2026-03-02T10:15:30Z");

    assertThat(ScheduleViews.nextEvents(twice, now, 3))
        .containsExactly(
            Instant.parse("2026-03-09T02:00:00Z"), Instant.parse("2026-03-16T02:00:00Z"));
    assertThat(ScheduleViews.nextEvents(once, now, 3)).containsExactly(now);
    assertThat(ScheduleViews.nextEvents(hourly, now, 3))
        .containsExactly(now, now.plusSeconds(3600), now.plusSeconds(7200));
  }

  @Test
  void givenASchedule_whenViewed_thenItsFieldsCanBeSentBackUnchanged() {
    ScheduleView view =
        service.create(
            named("Monthly")
                .repeating(FrequencyUnit.MONTHS, 2)
                .at(3, 15)
                .dayOfMonth(31)
                .between(
                    Instant.parse("2026-04-01T00:00:00Z"), Instant.parse("2027-04-01T00:00:00Z"))
                .timeZone("Europe/Copenhagen")
                .definition());

    ScheduleView again =
        service.update(
            "Monthly",
            view.version(),
            new ScheduleDefinition(
                view.name(),
                view.comments(),
                view.kind(),
                view.unit(),
                view.every(),
                view.minute(),
                view.hour(),
                view.weekday(),
                view.dayOfMonth(),
                view.anyTime(),
                view.start(),
                view.end(),
                view.maxRuns(),
                view.timeZone()));

    assertThat(again).isEqualTo(view);
    assertThat(view.nextEvents()).first().isEqualTo(Instant.parse("2026-04-30T01:15:00Z"));
  }
}
