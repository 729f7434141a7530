package org.netarchive.ee.scheduler.application.schedule;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.Globs;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleRepository;

/** Schedules in a list, for testing the service without a database. */
public final class InMemoryScheduleRepository implements ScheduleRepository {

  private final List<Schedule> schedules = new ArrayList<>();
  int flushes;

  @Override
  public Optional<Schedule> find(long id) {
    return Optional.empty();
  }

  @Override
  public Optional<Schedule> findByName(String name) {
    return schedules.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  @Override
  public List<Schedule> list(String nameGlob, int first, int max) {
    return matching(nameGlob).stream().skip(first).limit(max).toList();
  }

  @Override
  public long count(String nameGlob) {
    return matching(nameGlob).size();
  }

  @Override
  public void add(Schedule schedule) {
    schedules.add(schedule);
  }

  @Override
  public void flush() {
    flushes++;
  }

  private List<Schedule> matching(String glob) {
    return schedules.stream()
        .filter(s -> Globs.matches(glob, s.name()))
        .sorted(Comparator.comparing(s -> s.name().toLowerCase(Locale.ROOT)))
        .toList();
  }
}
