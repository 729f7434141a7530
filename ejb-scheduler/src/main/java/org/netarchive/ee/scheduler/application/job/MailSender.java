package org.netarchive.ee.scheduler.application.job;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Sends one mail through a JNDI mail session. Kept apart from the notifier (and not a CDI bean) so
 * that Jakarta Mail classes are only loaded when mail is configured. Jakarta Mail waits for ever by
 * default; unless the session says otherwise, connecting, reading and writing get {@link
 * #TIMEOUT_MS} each, so an SMTP server that does not answer frees the sending thread.
 */
final class MailSender {

  /** Milliseconds SMTP connecting, reading and writing may each take, unless the session says. */
  static final String TIMEOUT_MS = "10000";

  private MailSender() {}

  static void send(String sessionName, String to, String subject, String text)
      throws NamingException, MessagingException {
    Session session = (Session) new InitialContext().lookup(sessionName);
    for (String timeout :
        new String[] {
          "mail.smtp.connectiontimeout", "mail.smtp.timeout", "mail.smtp.writetimeout"
        }) {
      session.getProperties().putIfAbsent(timeout, TIMEOUT_MS);
    }
    MimeMessage mail = new MimeMessage(session);
    mail.setRecipients(Message.RecipientType.TO, InternetAddress.parse(to));
    mail.setSubject(subject, "UTF-8");
    mail.setText(text, "UTF-8");
    Transport.send(mail);
  }
}
