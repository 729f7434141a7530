package org.netarchive.ee.scheduler.application.schedule;

import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.function.Supplier;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.application.PageRequest;
import org.netarchive.ee.scheduler.application.domain.NotFoundException;
import org.netarchive.ee.scheduler.application.domain.StaleEditException;
import org.netarchive.ee.scheduler.application.schedule.ScheduleViews.ScheduleView;
import org.netarchive.ee.scheduler.domain.model.Page;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.schedule.InvalidScheduleException;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleRepository;

/**
 * Schedules. Viewers read; curators and admins create and change them. A refused definition names
 * the field at fault ({@link InvalidFieldException}); a change made on an older version than the
 * stored one is refused ({@link StaleEditException}).
 */
@Stateless
@RolesAllowed({"admin", "curator", "viewer"})
public class ScheduleService {

  @Inject private ScheduleRepository schedules;

  private Clock clock = Clock.systemUTC();

  public ScheduleService() {}

  /** A service outside the container, e.g. in a test. */
  ScheduleService(ScheduleRepository schedules, Clock clock) {
    this.schedules = schedules;
    this.clock = clock;
  }

  /** One page of the schedules whose names match a glob ({@code *}, {@code ?}), by name. */
  public Page<ScheduleView> list(String nameGlob, int page, int size) {
    PageRequest request = new PageRequest(page, size);
    Instant now = now();
    return new Page<>(
        schedules.list(nameGlob, request.first(), size).stream()
            .map(s -> ScheduleViews.of(s, now))
            .toList(),
        schedules.count(nameGlob),
        page,
        size);
  }

  public ScheduleView get(String name) {
    return ScheduleViews.of(find(name), now());
  }

  /**
   * What a definition means and when it would run, without storing it: for a form to show before it
   * is saved. Validated as a creation would be, except for the name being taken.
   */
  public ScheduleView describe(ScheduleDefinition definition) {
    return ScheduleViews.of(checked(() -> definition.toBuilder().build()), now());
  }

  @RolesAllowed({"admin", "curator"})
  public ScheduleView create(ScheduleDefinition definition) {
    Schedule schedule = checked(() -> definition.toBuilder().build());
    checkNameFree(schedule.name());
    schedules.add(schedule);
    return ScheduleViews.of(schedule, now());
  }

  /**
   * Replaces a schedule's whole definition.
   *
   * @param name the schedule's current name
   * @param version the version the change was made on
   * @param definition the new definition; without a name, the schedule keeps its own
   */
  @RolesAllowed({"admin", "curator"})
  public ScheduleView update(String name, int version, ScheduleDefinition definition) {
    Schedule schedule = find(name);
    if (schedule.version() != version) {
      throw new StaleEditException(
          Text.of("subject.schedule", schedule.name()), schedule.version(), version);
    }
    String wantedName = definition.name() == null ? schedule.name() : definition.name();
    // Validated and its name checked before the stored schedule changes: a query after the change
    // would flush it, and the database would refuse a taken name less clearly.
    Schedule checked = checked(() -> definition.toBuilder(wantedName).build());
    if (!checked.name().equals(schedule.name())) {
      checkNameFree(checked.name());
    }
    checked(
        () -> {
          schedule.redefine(definition.toBuilder(wantedName));
          return schedule;
        });
    schedules.flush();
    return ScheduleViews.of(schedule, now());
  }

  private void checkNameFree(String name) {
    if (schedules.findByName(name).isPresent()) {
      throw new InvalidFieldException("name", Text.of("schedule.exists", name));
    }
  }

  private Schedule find(String name) {
    return schedules
        .findByName(name)
        .orElseThrow(() -> new NotFoundException(Text.of("schedule.notFound", name)));
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.SECONDS);
  }

  private static <T> T checked(Supplier<T> definition) {
    try {
      return definition.get();
    } catch (InvalidScheduleException e) {
      throw new InvalidFieldException(e.field().property(), e.text(), e);
    }
  }
}
