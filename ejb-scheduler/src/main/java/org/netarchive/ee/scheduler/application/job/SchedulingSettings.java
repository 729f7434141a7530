package org.netarchive.ee.scheduler.application.job;

import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.scheduler.application.InvalidFieldException;
import org.netarchive.ee.scheduler.domain.model.Localizable;
import org.netarchive.ee.scheduler.domain.model.Text;
import org.netarchive.ee.scheduler.domain.model.job.SplitSettings;

/**
 * The settings of scheduling and splitting, kept in the database so an administrator can change
 * them at run time; a setting never set has its default (reference/README.md).
 *
 * <p>Names: the splitting settings by their {@link SplitSettings#NAMES} prefixed with {@code
 * split.}, {@code job.timeoutSeconds} (a STARTED job without a final report for this long fails),
 * {@code notifications.mailTo} (empty: notifications are not mailed) and {@code
 * notifications.webhookUrl} (an http(s) URL notifications are posted to as JSON; empty: none).
 */
@Stateless
public class SchedulingSettings {

  /** The prefix of the splitting settings. */
  public static final String SPLIT = "split.";

  public static final String JOB_TIMEOUT = "job.timeoutSeconds";
  public static final String MAIL_TO = "notifications.mailTo";
  public static final String WEBHOOK_URL = "notifications.webhookUrl";

  /** Default job timeout: a week, as in NetarchiveSuite. */
  public static final long DEFAULT_JOB_TIMEOUT_SECONDS = 604_800;

  @PersistenceContext(unitName = "netarchive")
  private EntityManager em;

  private final Clock clock = Clock.systemUTC();

  /** Every setting with its current value (defaults included), in a stable order. */
  @PermitAll
  public Map<String, String> all() {
    Map<String, String> stored = stored();
    Map<String, String> all = new LinkedHashMap<>();
    SplitSettings.defaults()
        .asMap()
        .forEach((name, value) -> all.put(SPLIT + name, stored.getOrDefault(SPLIT + name, value)));
    all.put(
        JOB_TIMEOUT, stored.getOrDefault(JOB_TIMEOUT, Long.toString(DEFAULT_JOB_TIMEOUT_SECONDS)));
    all.put(MAIL_TO, stored.getOrDefault(MAIL_TO, ""));
    all.put(WEBHOOK_URL, stored.getOrDefault(WEBHOOK_URL, ""));
    return all;
  }

  @PermitAll
  public SplitSettings split() {
    Map<String, String> split = new LinkedHashMap<>();
    stored()
        .forEach(
            (name, value) -> {
              if (name.startsWith(SPLIT)) {
                split.put(name.substring(SPLIT.length()), value);
              }
            });
    return SplitSettings.fromMap(split);
  }

  @PermitAll
  public Duration jobTimeout() {
    return Duration.ofSeconds(Long.parseLong(all().get(JOB_TIMEOUT)));
  }

  @PermitAll
  public String mailTo() {
    return all().get(MAIL_TO);
  }

  /** The URL notifications are posted to; empty: none. */
  @PermitAll
  public String webhookUrl() {
    return all().get(WEBHOOK_URL);
  }

  /**
   * Changes settings; names not given keep their values. All are checked before any is stored.
   *
   * @throws InvalidFieldException naming the setting (its full name, e.g. {@code
   *     split.maxTotalSize}) and the value if one is unknown or invalid
   */
  @RolesAllowed("admin")
  public Map<String, String> update(Map<String, String> changes, String by) {
    Map<String, String> next = checked(all(), changes);
    Timestamp now = Timestamp.from(clock.instant());
    for (String name : changes.keySet()) {
      em.createNativeQuery("DELETE FROM setting WHERE name = ?1")
          .setParameter(1, name)
          .executeUpdate();
      em.createNativeQuery(
              "INSERT INTO setting (name, setting_value, updated_at, updated_by) VALUES (?1, ?2, ?3, ?4)")
          .setParameter(1, name)
          .setParameter(2, next.get(name))
          .setParameter(3, now)
          .setParameter(4, by)
          .executeUpdate();
    }
    return next;
  }

  /**
   * The settings {@code current} becomes with {@code changes}, each checked; a refusal names the
   * setting as its field, so a form can show it next to that setting's input.
   */
  static Map<String, String> checked(Map<String, String> current, Map<String, String> changes) {
    Map<String, String> next = new LinkedHashMap<>(current);
    for (Map.Entry<String, String> change : changes.entrySet()) {
      String name = change.getKey();
      if (!next.containsKey(name)) {
        throw new InvalidFieldException(name, Text.of("settings.unknown", name, next.keySet()));
      }
      String value = change.getValue() == null ? "" : change.getValue().strip();
      next.put(name, value);
      if (name.startsWith(SPLIT)) {
        try {
          SplitSettings.fromMap(Map.of(name.substring(SPLIT.length()), value));
        } catch (IllegalArgumentException e) {
          throw e instanceof Localizable said && said.text() != null
              ? new InvalidFieldException(name, said.text(), e)
              : new InvalidFieldException(name, e.getMessage(), e);
        }
      }
    }
    String timeoutText = next.get(JOB_TIMEOUT);
    long timeout;
    try {
      timeout = Long.parseLong(timeoutText);
    } catch (NumberFormatException e) {
      throw new InvalidFieldException(
          JOB_TIMEOUT, Text.of("settings.timeoutNotNumber", JOB_TIMEOUT, timeoutText), e);
    }
    if (timeout < 60) {
      throw new InvalidFieldException(
          JOB_TIMEOUT, Text.of("settings.timeoutTooShort", JOB_TIMEOUT, timeout));
    }
    String mail = next.get(MAIL_TO);
    if (!mail.isEmpty() && !mail.matches("[^@\\s,]+@[^@\\s,]+(\\s*,\\s*[^@\\s,]+@[^@\\s,]+)*")) {
      throw new InvalidFieldException(MAIL_TO, Text.of("settings.mailTo", MAIL_TO, mail));
    }
    String webhook = next.getOrDefault(WEBHOOK_URL, "");
    if (!webhook.isEmpty()) {
      try {
        Webhook.of(webhook);
      } catch (IllegalArgumentException e) {
        throw new InvalidFieldException(
            WEBHOOK_URL,
            Text.of(
                "settings.webhook",
                WEBHOOK_URL,
                e instanceof Localizable said && said.text() != null
                    ? said.text()
                    : Text.verbatim(e.getMessage())),
            e);
      }
    }
    return next;
  }

  private Map<String, String> stored() {
    @SuppressWarnings("unchecked")
    List<Object[]> rows =
        em.createNativeQuery("SELECT name, setting_value FROM setting").getResultList();
    Map<String, String> map = new LinkedHashMap<>();
    for (Object[] row : rows) {
      map.put((String) row[0], (String) row[1]);
    }
    return map;
  }
}
