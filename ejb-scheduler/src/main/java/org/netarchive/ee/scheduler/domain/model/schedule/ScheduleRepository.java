package org.netarchive.ee.scheduler.domain.model.schedule;

import java.util.List;
import java.util.Optional;

/** Where schedules are kept. */
public interface ScheduleRepository {
  Optional<Schedule> find(long id);

  /** The schedule called exactly {@code name} (names are unique). */
  Optional<Schedule> findByName(String name);

  /**
   * One page of the schedules whose name matches {@code nameGlob}, ordered by name ignoring case.
   *
   * @param nameGlob {@code *} matches any characters, {@code ?} one, case ignored; {@code null} or
   *     blank matches all
   * @param first index of the first schedule to return, from 0
   * @param max at most this many
   */
  List<Schedule> list(String nameGlob, int first, int max);

  /** How many schedules {@link #list} would page through for {@code nameGlob}. */
  long count(String nameGlob);

  void add(Schedule schedule);

  /**
   * Writes pending changes to the database now, so that a changed schedule's {@link
   * Schedule#version()} is the new one before the transaction ends.
   */
  void flush();
}
