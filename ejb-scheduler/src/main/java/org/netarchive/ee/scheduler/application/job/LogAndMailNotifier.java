package org.netarchive.ee.scheduler.application.job;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The default {@link Notifier}: every notification is logged at WARNING (category {@code
 * org.netarchive.ee.notifications}) and recorded for the system page; when the setting {@code
 * notifications.mailTo} holds addresses it is mailed through the server's mail session {@code
 * java:jboss/mail/Default} (configure-mail.cli), and when {@code notifications.webhookUrl} is set
 * the event is posted there as JSON. Mail and webhook go in the background ({@link
 * NotificationDelivery}). Another mechanism plugs in as a CDI alternative implementing {@link
 * Notifier}.
 */
@ApplicationScoped
public class LogAndMailNotifier implements Notifier {

  static final String MAIL_SESSION = "java:jboss/mail/Default";

  private static final Logger LOG = Logger.getLogger("org.netarchive.ee.notifications");

  @Inject private SchedulingSettings settings;
  @EJB private NotificationLog log;
  @EJB private NotificationDelivery delivery;

  @Override
  public void notify(Notification notification) {
    LOG.warning(() -> notification.subject() + "\n" + notification.text());
    try {
      String to = settings.mailTo();
      String webhook = settings.webhookUrl();
      boolean mail = !to.isBlank();
      boolean post = !webhook.isBlank();
      long id = log.record(notification, mail, post);
      if (mail || post) {
        delivery.deliver(id, notification, to, webhook);
      }
    } catch (RuntimeException e) {
      // A notification must never fail the work that raised it: it is in the log above.
      LOG.log(
          Level.WARNING,
          "Could not record or send the notification '" + notification.subject() + "': " + e,
          e);
    }
  }
}
