package org.netarchive.ee.scheduler.application.job;

import jakarta.annotation.Resource;
import jakarta.annotation.security.PermitAll;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
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
      try (PreparedStatement old =
          c.prepareStatement("DELETE FROM operator_notification WHERE created_at < ?")) {
        old.setTimestamp(1, Timestamp.from(n.at().minus(KEPT)));
        old.executeUpdate();
      }
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO operator_notification (created_at, kind, subject, detail, mail_status,"
                  + " webhook_status) VALUES (?, ?, ?, ?, ?, ?)",
              Statement.RETURN_GENERATED_KEYS)) {
        insert.setTimestamp(1, Timestamp.from(n.at()));
        insert.setString(2, clip(n.kind(), 40));
        insert.setString(3, clip(n.subject(), 500));
        insert.setString(4, clip(n.text(), 4000));
        insert.setString(5, mail ? SENDING : NONE);
        insert.setString(6, webhook ? SENDING : NONE);
        insert.executeUpdate();
        try (ResultSet keys = insert.getGeneratedKeys()) {
          keys.next();
          return keys.getLong(1);
        }
      }
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
    try (Connection c = dataSource.getConnection();
        PreparedStatement update =
            c.prepareStatement(
                "UPDATE operator_notification SET "
                    + channel
                    + "_status = ?, "
                    + channel
                    + "_error = ? WHERE id = ?")) {
      update.setString(1, error == null ? SENT : FAILED);
      update.setString(2, clip(error, 1000));
      update.setLong(3, id);
      update.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot record the delivery of notification " + id, e);
    }
  }

  /** The newest notifications, newest first. */
  @TransactionAttribute(TransactionAttributeType.SUPPORTS)
  public List<NotificationRecord> recent(int max) {
    List<NotificationRecord> recent = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        PreparedStatement query =
            c.prepareStatement(
                "SELECT id, created_at, kind, subject, detail, mail_status, mail_error,"
                    + " webhook_status, webhook_error FROM operator_notification"
                    + " ORDER BY id DESC")) {
      query.setMaxRows(Math.max(1, max));
      try (ResultSet rs = query.executeQuery()) {
        while (rs.next()) {
          recent.add(
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
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the recent notifications", e);
    }
    return recent;
  }

  private static String clip(String text, int max) {
    return text == null || text.length() <= max ? text : text.substring(0, max);
  }
}
