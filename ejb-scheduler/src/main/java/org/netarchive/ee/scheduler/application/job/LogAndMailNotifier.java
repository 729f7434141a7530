package org.netarchive.ee.scheduler.application.job;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The default {@link Notifier}: every notification is logged at WARNING (category {@code
 * org.netarchive.ee.notifications}); when the setting {@code notifications.mailTo} holds addresses
 * it is also mailed through the server's mail session {@code java:jboss/mail/Default} (add the mail
 * subsystem to the server for that). Another mechanism plugs in as a CDI alternative implementing
 * {@link Notifier}.
 */
@ApplicationScoped
public class LogAndMailNotifier implements Notifier {

  static final String MAIL_SESSION = "java:jboss/mail/Default";

  private static final Logger LOG = Logger.getLogger("org.netarchive.ee.notifications");

  @Inject private SchedulingSettings settings;

  @Override
  public void notify(String subject, String text) {
    LOG.warning(() -> subject + "\n" + text);
    String to = settings.mailTo();
    if (to == null || to.isBlank()) {
      return;
    }
    try {
      MailSender.send(MAIL_SESSION, to, "[Netarchive EE] " + subject, text);
    } catch (Exception | LinkageError e) {
      // LinkageError: a server provisioned without the mail subsystem has no Jakarta Mail
      LOG.log(
          Level.WARNING,
          "Could not mail the notification '" + subject + "' to " + to + ": " + e,
          e);
    }
  }
}
