package org.netarchive.ee.scheduler.application.job;

import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Mails a notification and posts it to the webhook, in the background (an asynchronous EJB call),
 * and records how each went. A failure is logged (without the webhook's path or query, which may
 * hold a token) and shown on the system page; it never reaches whoever raised the notification.
 */
@Stateless
@PermitAll
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class NotificationDelivery {

  private static final Logger LOG = Logger.getLogger("org.netarchive.ee.notifications");

  @EJB private NotificationLog log;

  /**
   * Delivers a recorded notification.
   *
   * @param mailTo addresses separated by commas; blank: no mail
   * @param webhookUrl the URL to post the event to; blank: none
   */
  @Asynchronous
  public void deliver(long id, Notification notification, String mailTo, String webhookUrl) {
    if (mailTo != null && !mailTo.isBlank()) {
      String error = null;
      try {
        MailSender.send(
            LogAndMailNotifier.MAIL_SESSION,
            mailTo,
            "[Netarchive EE] " + notification.subject(),
            notification.text());
      } catch (Exception | LinkageError e) {
        // LinkageError: a server provisioned without the mail subsystem has no Jakarta Mail
        error = e.toString();
        LOG.log(
            Level.WARNING,
            "Could not mail the notification '" + notification.subject() + "' to " + mailTo,
            e);
      }
      log.mailed(id, error);
    }
    if (webhookUrl != null && !webhookUrl.isBlank()) {
      Webhook webhook = Webhook.of(webhookUrl);
      String error = webhook.post(notification.toJson().toString());
      if (error != null) {
        LOG.warning(
            () ->
                "Could not post the notification '"
                    + notification.subject()
                    + "' to the webhook at "
                    + webhook.redacted()
                    + ": "
                    + error);
      }
      log.posted(id, error);
    }
  }
}
