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
 * that Jakarta Mail classes are only loaded when mail is configured.
 */
final class MailSender {

  private MailSender() {}

  static void send(String sessionName, String to, String subject, String text)
      throws NamingException, MessagingException {
    Session session = (Session) new InitialContext().lookup(sessionName);
    MimeMessage mail = new MimeMessage(session);
    mail.setRecipients(Message.RecipientType.TO, InternetAddress.parse(to));
    mail.setSubject(subject, "UTF-8");
    mail.setText(text, "UTF-8");
    Transport.send(mail);
  }
}
