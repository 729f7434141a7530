package org.netarchive.ee.web.interfaces.definitions.web;

import jakarta.faces.context.FacesContext;
import java.text.MessageFormat;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.ResourceBundle;
import org.netarchive.ee.scheduler.application.schedule.ScheduleViews.ScheduleView;
import org.netarchive.ee.scheduler.domain.model.schedule.ScheduleKind;
import org.netarchive.ee.web.interfaces.web.Texts;

/**
 * A schedule said in words in the page's language, from the bundle's {@code scheduleText.*} texts
 * and the schedule's fields: the UI's counterpart of the domain model's English {@code
 * Schedule.describe()}, which the REST API keeps. The English texts give exactly the model's
 * sentence (ScheduleTextsTest checks it).
 */
public final class ScheduleTexts {

  private ScheduleTexts() {}

  /** The schedule in words, in the current view's language. */
  public static String describe(ScheduleView schedule) {
    Locale locale = Texts.locale(FacesContext.getCurrentInstance());
    return describe(schedule, ResourceBundle.getBundle(Texts.BUNDLE, locale), locale);
  }

  /** As {@link #describe(ScheduleView)}, from a given bundle. */
  static String describe(ScheduleView schedule, ResourceBundle bundle, Locale locale) {
    ZoneId zone = ZoneId.of(schedule.timeZone());
    String text =
        schedule.kind() == ScheduleKind.ONCE
            ? bundle.getString("scheduleText.once")
            : frequency(schedule, zone, bundle, locale);
    if (schedule.start() != null) {
      text = format(bundle, locale, "scheduleText.from", text, at(schedule.start(), zone));
    }
    if (schedule.end() != null) {
      text = format(bundle, locale, "scheduleText.until", text, at(schedule.end(), zone));
    }
    if (schedule.maxRuns() != null) {
      text =
          format(
              bundle,
              locale,
              "scheduleText.runs",
              text,
              schedule.maxRuns(),
              String.valueOf(schedule.maxRuns()));
    }
    return text;
  }

  private static String frequency(
      ScheduleView schedule, ZoneId zone, ResourceBundle bundle, Locale locale) {
    int every = schedule.every();
    String text =
        format(
            bundle,
            locale,
            "scheduleText.every." + schedule.unit().name(),
            every,
            String.valueOf(every));
    if (Boolean.TRUE.equals(schedule.anyTime())) {
      return format(bundle, locale, "scheduleText.anyTime", text);
    }
    String clock =
        schedule.hour() == null
            ? null
            : String.format(Locale.ROOT, "%02d:%02d", schedule.hour(), schedule.minute());
    text =
        switch (schedule.unit()) {
          case HOURS ->
              format(
                  bundle, locale, "scheduleText.atMinute", text, String.valueOf(schedule.minute()));
          case DAYS -> format(bundle, locale, "scheduleText.atTime", text, clock);
          case WEEKS ->
              format(
                  bundle,
                  locale,
                  "scheduleText.onWeekdayAt",
                  text,
                  schedule.weekday().getDisplayName(TextStyle.FULL, locale),
                  clock);
          case MONTHS ->
              format(
                  bundle,
                  locale,
                  schedule.dayOfMonth() > 28 ? "scheduleText.onLateDayAt" : "scheduleText.onDayAt",
                  text,
                  String.valueOf(schedule.dayOfMonth()),
                  clock);
        };
    return format(bundle, locale, "scheduleText.zone", text, zone.getId());
  }

  /** A time of the schedule as the model writes it, e.g. 2026-01-01T00:00+01:00. */
  private static String at(Instant instant, ZoneId zone) {
    return instant.atZone(zone).toOffsetDateTime().toString();
  }

  private static String format(
      ResourceBundle bundle, Locale locale, String key, Object... arguments) {
    return new MessageFormat(bundle.getString(key), locale).format(arguments);
  }
}
