package org.netarchive.ee.scheduler.application.job;

/**
 * Tells the operators about something that needs a person: a harvest the scheduler had to
 * deactivate, a job that failed, an audit that found damaged copies. The log is always written;
 * mail and a webhook are used as well when configured.
 */
public interface Notifier {

  /**
   * Sends a notification. Returns at once: mail and webhook are sent in the background, so a slow
   * or unreachable receiver never holds up the caller.
   */
  void notify(Notification notification);

  /**
   * Sends a notification of kind {@link Notification#NOTICE}.
   *
   * @param subject one line saying what happened
   * @param text the details
   */
  default void notify(String subject, String text) {
    notify(Notification.of(Notification.NOTICE, subject, text));
  }

  /**
   * Sends a notification without facts.
   *
   * @param kind what happened, e.g. {@code JOB_FAILED}
   * @param subject one line saying what happened
   * @param text the details
   */
  default void notify(String kind, String subject, String text) {
    notify(Notification.of(kind, subject, text));
  }
}
