package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.stream.Collectors;
import org.netarchive.ee.scheduler.application.schedule.ScheduleService;
import org.netarchive.ee.scheduler.application.schedule.ScheduleViews.ScheduleView;
import org.netarchive.ee.web.interfaces.web.PagedList;

/**
 * Backs definitions/schedules.xhtml: the schedules whose names match a glob, a page at a time, each
 * described in words with its next runs.
 */
@Named
@ViewScoped
public class Schedules extends GlobList<ScheduleView> {
  private static final long serialVersionUID = 1L;

  private static final DateTimeFormatter RUN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

  @EJB private ScheduleService schedules;

  public Schedules() {
    super("schedules");
  }

  @Override
  protected PagedList<ScheduleView> list(String glob) {
    ScheduleService service = schedules;
    return new PagedList<>(
        Domains.PAGE_SIZE, ScheduleView::name, (p, s) -> service.list(glob, p, s));
  }

  /** A schedule in words, in the page's language. */
  public String describe(ScheduleView schedule) {
    return ScheduleTexts.describe(schedule);
  }

  /** The next runs of a schedule, in its own time zone, e.g. "2026-03-01 02:00, ... (UTC)". */
  public String nextRuns(ScheduleView schedule) {
    return nextRuns(schedule.nextEvents(), schedule.timeZone());
  }

  static String nextRuns(java.util.List<Instant> events, String timeZone) {
    if (events.isEmpty()) {
      return "";
    }
    ZoneId zone = ZoneId.of(timeZone == null ? "UTC" : timeZone);
    return events.stream().map(e -> RUN.format(e.atZone(zone))).collect(Collectors.joining(", "))
        + " ("
        + zone.getId()
        + ")";
  }
}
