package org.netarchive.ee.scheduler.domain.model.schedule;

/**
 * The parts of a schedule's definition, as a form or an API request names them, so that a refused
 * definition can point at the part to correct (see {@link InvalidScheduleException}).
 */
public enum ScheduleField {
  NAME("name"),
  COMMENTS("comments"),
  KIND("kind"),
  UNIT("unit"),
  EVERY("every"),
  MINUTE("minute"),
  HOUR("hour"),
  WEEKDAY("weekday"),
  DAY_OF_MONTH("dayOfMonth"),
  ANY_TIME("anyTime"),
  START("start"),
  END("end"),
  MAX_RUNS("maxRuns"),
  TIME_ZONE("timeZone");

  private final String property;

  ScheduleField(String property) {
    this.property = property;
  }

  /** The field's name in forms and requests, e.g. {@code "dayOfMonth"}. */
  public String property() {
    return property;
  }
}
