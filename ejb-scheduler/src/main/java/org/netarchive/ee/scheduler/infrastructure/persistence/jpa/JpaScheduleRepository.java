package org.netarchive.ee.scheduler.infrastructure.persistence.jpa;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;
import org.netarchive.ee.scheduler.domain.model.schedule.Schedule;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleRepository;

/**
 * Schedules in the {@code schedule} table, through the named queries declared on {@link Schedule}.
 * Name filters are globs ({@code *}, {@code ?}) matched without regard to case.
 */
@ApplicationScoped
public class JpaScheduleRepository implements ScheduleRepository {

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  @Override
  public Optional<Schedule> find(long id) {
    return Optional.ofNullable(em.find(Schedule.class, id));
  }

  @Override
  public Optional<Schedule> findByName(String name) {
    return NamedQueries.first(em, "Schedule.findByName", Schedule.class, "name", name);
  }

  @Override
  public List<Schedule> list(String nameGlob, int first, int max) {
    if (first < 0 || max < 0) {
      throw new IllegalArgumentException(
          "Schedule page must start at 0 or later and hold 0 or more, not first="
              + first
              + ", max="
              + max);
    }
    return NamedQueries.sliceByName(em, "Schedule", Schedule.class, nameGlob, first, max);
  }

  @Override
  public long count(String nameGlob) {
    return NamedQueries.countByName(em, "Schedule", nameGlob);
  }

  @Override
  public void add(Schedule schedule) {
    em.persist(schedule);
  }

  @Override
  public void flush() {
    em.flush();
  }
}
