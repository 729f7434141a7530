package org.netarchive.ee.scheduler.application.job;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;
import org.netarchive.ee.common.jdbc.Sql;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * The recent notifications and what became of their mail and webhook call (table {@code
 * operator_notification}), for the system page. Each change is a transaction of its own, so a
 * notification stays recorded when the work that raised it rolls back, and a delivery that ends
 * later (in the background) can say so. Notifications older than {@link #KEPT} are removed as new
 * ones come.
 */
@Stateless
@PermitAll
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class NotificationLog {

  /** How long a notification is kept. */
  static final Duration KEPT = Duration.ofDays(90);

  static final String NONE = "NONE";
  static final String SENDING = "SENDING";
  static final String SENT = "SENT";
  static final String FAILED = "FAILED";

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /**
   * Records a notification about to be delivered.
   *
   * @return its id
   */
  public long record(Notification n, boolean mail, boolean webhook) {
    try (Connection c = dataSource.getConnection()) {
      Sql.update(c, "DELETE FROM operator_notification WHERE created_at < ?", n.at().minus(KEPT));
      return Sql.insertReturningKey(
          c,
          "INSERT INTO operator_notification (created_at, kind, subject, detail, mail_status,"
              + " webhook_status) VALUES (?, ?, ?, ?, ?, ?)",
          n.at(),
          clip(n.kind(), 40),
          clip(n.subject(), 500),
          clip(n.text(), 4000),
          mail ? SENDING : NONE,
          webhook ? SENDING : NONE);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot record the notification '" + n.subject() + "'", e);
    }
  }

  /** Says how a notification's mail went. */
  public void mailed(long id, String error) {
    delivered(id, "mail", error);
  }

  /** Says how a notification's webhook call went. */
  public void posted(long id, String error) {
    delivered(id, "webhook", error);
  }

  private void delivered(long id, String channel, String error) {
    try (Connection c = dataSource.getConnection()) {
      Sql.update(
          c,
          "UPDATE operator_notification SET "
              + channel
              + "_status = ?, "
              + channel
              + "_error = ? WHERE id = ?",
          error == null ? SENT : FAILED,
          clip(error, 1000),
          id);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot record the delivery of notification " + id, e);
    }
  }

  /** The newest notifications, newest first. */
  @TransactionAttribute(TransactionAttributeType.SUPPORTS)
  public List<NotificationRecord> recent(int max) {
    try (Connection c = dataSource.getConnection()) {
      return Sql.listAtMost(
          c,
          Math.max(1, max),
          "SELECT id, created_at, kind, subject, detail, mail_status, mail_error,"
              + " webhook_status, webhook_error FROM operator_notification"
              + " ORDER BY id DESC",
          rs ->
              new NotificationRecord(
                  rs.getLong(1),
                  rs.getTimestamp(2).toInstant(),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getString(6),
                  rs.getString(7),
                  rs.getString(8),
                  rs.getString(9)));
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the recent notifications", e);
    }
  }

  private static String clip(String text, int max) {
    return text == null || text.length() <= max ? text : text.substring(0, max);
  }
}
