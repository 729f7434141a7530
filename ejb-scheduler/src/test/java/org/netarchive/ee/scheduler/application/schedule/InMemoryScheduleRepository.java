package org.netarchive.ee.scheduler.application.schedule;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
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
    Pattern pattern = globPattern(glob);
    return schedules.stream()
        .filter(s -> pattern.matcher(s.name()).matches())
        .sorted(Comparator.comparing(s -> s.name().toLowerCase(Locale.ROOT)))
        .toList();
  }

  static Pattern globPattern(String glob) {
    if (glob == null || glob.isBlank()) {
      return Pattern.compile(".*", Pattern.DOTALL);
    }
    StringBuilder regex = new StringBuilder();
    for (char c : glob.strip().toCharArray()) {
      switch (c) {
        case '*' -> regex.append(".*");
        case '?' -> regex.append('.');
        default -> regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(
        regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.DOTALL);
  }
}
