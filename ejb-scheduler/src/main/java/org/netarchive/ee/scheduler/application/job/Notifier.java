package org.netarchive.ee.scheduler.application.job;

/**
 * Tells the operators about something that needs a person: a harvest the scheduler had to
 * deactivate, a job that failed. The log is always written; mail is sent as well when configured.
 */
public interface Notifier {

  /**
   * Sends a notification.
   *
   * @param subject one line saying what happened
   * @param text the details
   */
  void notify(String subject, String text);
}
