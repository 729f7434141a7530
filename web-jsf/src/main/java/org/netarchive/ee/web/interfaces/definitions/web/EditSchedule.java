package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.ejb.EJB;
import jakarta.faces.context.FacesContext;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Named;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.TextStyle;
import java.util.List;
import java.util.Locale;
import org.netarchive.ee.scheduler.application.schedule.ScheduleDefinition;
import org.netarchive.ee.scheduler.application.schedule.ScheduleService;
import org.netarchive.ee.scheduler.application.schedule.ScheduleViews.ScheduleView;
import org.netarchive.ee.scheduler.domain.model.schedule.FrequencyUnit;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleKind;
import org.netarchive.ee.web.interfaces.web.Refusals;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * Backs definitions/edit-schedule.xhtml?name=Nightly: a schedule's whole definition; without a name
 * it creates one. "Check" shows what the definition means and its next runs before it is saved.
 * Start and end are read in the schedule's time zone. The version the page was loaded with is kept
 * in the view and sent with the change.
 */
@Named
@ViewScoped
public class EditSchedule extends NamedDefinitionEdit<ScheduleView> {
  private static final long serialVersionUID = 1L;

  /** The form whose inputs are named after the service's fields. */
  static final String FORM = "schedule";

  @EJB private ScheduleService schedules;

  private String scheduleName;
  private String comments;
  private ScheduleKind kind = ScheduleKind.REPEATING;
  private FrequencyUnit unit = FrequencyUnit.DAYS;
  private Integer every = 1;
  private Integer minute;
  private Integer hour;
  private DayOfWeek weekday;
  private Integer dayOfMonth;
  private String anyTime = "";
  private LocalDateTime start;
  private LocalDateTime end;
  private Integer maxRuns;
  private String timeZone = "UTC";
  private int version;
  private ScheduleView preview;

  @Override
  protected ScheduleView find(String name) {
    return schedules.get(name);
  }

  /** Shows what the definition means and when it would run, without saving it. */
  public void check() {
    ScheduleDefinition definition = definition();
    preview = Refusals.attempt(FORM, null, () -> schedules.describe(definition)).orElse(null);
  }

  /** Creates or changes the schedule; saved, shows the list of schedules. */
  public String save() {
    ScheduleDefinition definition = definition();
    ScheduleView saved =
        Refusals.attempt(
                FORM,
                null,
                () ->
                    isCreating()
                        ? schedules.create(definition)
                        : schedules.update(getName(), version, definition))
            .orElse(null);
    if (saved == null) {
      preview = null;
      return null;
    }
    Refusals.infoAfterRedirect(
        Texts.text("editSchedule.saved", saved.name(), ScheduleTexts.describe(saved)));
    return "schedules?faces-redirect=true";
  }

  private ScheduleDefinition definition() {
    ZoneId zone = zone();
    return new ScheduleDefinition(
        scheduleName,
        comments,
        kind,
        kind == ScheduleKind.ONCE ? null : unit,
        kind == ScheduleKind.ONCE ? null : every,
        minute,
        hour,
        weekday,
        dayOfMonth,
        anyTime == null || anyTime.isBlank() ? null : Boolean.valueOf(anyTime),
        start == null ? null : start.atZone(zone).toInstant(),
        end == null ? null : end.atZone(zone).toInstant(),
        maxRuns,
        timeZone);
  }

  /** The zone start and end are read in: the schedule's, or UTC while it is not a valid one. */
  private ZoneId zone() {
    try {
      return timeZone == null || timeZone.isBlank() ? ZoneOffset.UTC : ZoneId.of(timeZone.strip());
    } catch (DateTimeException e) {
      return ZoneOffset.UTC;
    }
  }

  @Override
  protected void fill(ScheduleView view) {
    scheduleName = view.name();
    comments = view.comments();
    kind = view.kind();
    unit = view.unit();
    every = view.every();
    minute = view.minute();
    hour = view.hour();
    weekday = view.weekday();
    dayOfMonth = view.dayOfMonth();
    anyTime = view.anyTime() == null ? "" : view.anyTime().toString();
    timeZone = view.timeZone();
    ZoneId zone = zone();
    start = local(view.start(), zone);
    end = local(view.end(), zone);
    maxRuns = view.maxRuns();
    version = view.version();
    preview = view;
  }

  private static LocalDateTime local(Instant instant, ZoneId zone) {
    return instant == null ? null : LocalDateTime.ofInstant(instant, zone);
  }

  /** Time zones starting with, or containing, what was typed. */
  public List<String> completeTimeZone(String typed) {
    String wanted = typed == null ? "" : typed.strip().toLowerCase(Locale.ROOT);
    return ZoneId.getAvailableZoneIds().stream()
        .filter(z -> z.toLowerCase(Locale.ROOT).contains(wanted))
        .sorted(
            (a, b) -> {
              boolean aStarts = a.toLowerCase(Locale.ROOT).startsWith(wanted);
              boolean bStarts = b.toLowerCase(Locale.ROOT).startsWith(wanted);
              return aStarts == bStarts ? a.compareTo(b) : aStarts ? -1 : 1;
            })
        .limit(15)
        .toList();
  }

  /** The next runs of the definition checked or loaded last. */
  public String getNextRuns() {
    return preview == null ? "" : Schedules.nextRuns(preview.nextEvents(), preview.timeZone());
  }

  public ScheduleKind[] getKinds() {
    return ScheduleKind.values();
  }

  public FrequencyUnit[] getUnits() {
    return FrequencyUnit.values();
  }

  public DayOfWeek[] getWeekdays() {
    return DayOfWeek.values();
  }

  /** A weekday's name in the page's language. */
  public String weekdayName(DayOfWeek day) {
    return day.getDisplayName(TextStyle.FULL, Texts.locale(FacesContext.getCurrentInstance()));
  }

  /** The checked or saved schedule in words, in the page's language; empty without one. */
  public String getPreviewDescription() {
    return preview == null ? "" : ScheduleTexts.describe(preview);
  }

  public ScheduleView getPreview() {
    return preview;
  }

  public String getScheduleName() {
    return scheduleName;
  }

  public void setScheduleName(String scheduleName) {
    this.scheduleName = scheduleName;
  }

  public String getComments() {
    return comments;
  }

  public void setComments(String comments) {
    this.comments = comments;
  }

  public ScheduleKind getKind() {
    return kind;
  }

  public void setKind(ScheduleKind kind) {
    this.kind = kind;
  }

  public FrequencyUnit getUnit() {
    return unit;
  }

  public void setUnit(FrequencyUnit unit) {
    this.unit = unit;
  }

  public Integer getEvery() {
    return every;
  }

  public void setEvery(Integer every) {
    this.every = every;
  }

  public Integer getMinute() {
    return minute;
  }

  public void setMinute(Integer minute) {
    this.minute = minute;
  }

  public Integer getHour() {
    return hour;
  }

  public void setHour(Integer hour) {
    this.hour = hour;
  }

  public DayOfWeek getWeekday() {
    return weekday;
  }

  public void setWeekday(DayOfWeek weekday) {
    this.weekday = weekday;
  }

  public Integer getDayOfMonth() {
    return dayOfMonth;
  }

  public void setDayOfMonth(Integer dayOfMonth) {
    this.dayOfMonth = dayOfMonth;
  }

  public String getAnyTime() {
    return anyTime;
  }

  public void setAnyTime(String anyTime) {
    this.anyTime = anyTime;
  }

  public LocalDateTime getStart() {
    return start;
  }

  public void setStart(LocalDateTime start) {
    this.start = start;
  }

  public LocalDateTime getEnd() {
    return end;
  }

  public void setEnd(LocalDateTime end) {
    this.end = end;
  }

  public Integer getMaxRuns() {
    return maxRuns;
  }

  public void setMaxRuns(Integer maxRuns) {
    this.maxRuns = maxRuns;
  }

  public String getTimeZone() {
    return timeZone;
  }

  public void setTimeZone(String timeZone) {
    this.timeZone = timeZone;
  }

  public int getVersion() {
    return version;
  }
}
