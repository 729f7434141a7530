package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistory;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * Writes the domains of a NetarchiveSuite import with JDBC batches, each call in a transaction of
 * its own, so that a million domains are many bounded transactions and never one: the rows {@link
 * org.netarchive.ee.scheduler.domain.model.domain.Domain} and its parts would make, already checked
 * by the caller against the same rules.
 */
@ApplicationScoped
public class NasDomainWrites {

  private static final int IN_LIST_SIZE = 500;

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  @Inject private HarvestHistoryImports history;

  /** A new domain with everything it has. */
  public record NewDomain(
      DomainName name,
      String comments,
      List<String> crawlerTraps,
      List<NewSeedList> seedLists,
      List<NewPassword> passwords,
      List<NewConfiguration> configurations,
      int defaultConfiguration) {}

  /** A seed list; {@code seeds} is the stored text, one seed per line. */
  public record NewSeedList(String name, String seeds, String comments) {}

  /** A password entry, sealed already. */
  public record NewPassword(
      String name, String url, String realm, String username, String sealed, String comments) {}

  /** A configuration; its seed lists and passwords are indexes into the domain's lists. */
  public record NewConfiguration(
      String name,
      long templateId,
      CrawlSettings settings,
      String comments,
      List<Integer> seedLists,
      List<Integer> passwords) {}

  /** Which of these names (ASCII form) are domains already. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Set<String> existing(Collection<String> asciiNames) throws SQLException {
    List<String> names = new ArrayList<>(new HashSet<>(asciiNames));
    Set<String> found = new HashSet<>();
    try (Connection connection = dataSource.getConnection()) {
      for (int from = 0; from < names.size(); from += IN_LIST_SIZE) {
        List<String> part = names.subList(from, Math.min(names.size(), from + IN_LIST_SIZE));
        try (PreparedStatement select =
            connection.prepareStatement(
                "SELECT name FROM domain WHERE name IN (" + placeholders(part.size()) + ")")) {
          for (int i = 0; i < part.size(); i++) {
            select.setString(i + 1, part.get(i));
          }
          try (ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
              found.add(rows.getString(1));
            }
          }
        }
      }
    }
    return found;
  }

  /** Inserts the domains, in one transaction of their own. */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void insert(List<NewDomain> domains, Instant now) throws SQLException {
    if (domains.isEmpty()) {
      return;
    }
    int seedListCount = 0;
    int configurationCount = 0;
    int passwordCount = 0;
    for (NewDomain domain : domains) {
      seedListCount += domain.seedLists().size();
      configurationCount += domain.configurations().size();
      passwordCount += domain.passwords().size();
    }
    Timestamp created = Timestamp.from(now);
    try (Connection connection = dataSource.getConnection()) {
      long[] domainIds = SequenceBlocks.next(connection, "domain_seq", domains.size());
      long[] configurationIds =
          SequenceBlocks.next(connection, "domain_configuration_seq", configurationCount);
      long[] seedListIds = SequenceBlocks.next(connection, "seed_list_seq", seedListCount);
      long[] passwordIds = passwordIds(connection, passwordCount);
      try (PreparedStatement domain =
              connection.prepareStatement(
                  "INSERT INTO domain (id, name, unicode_name, tld, comments,"
                      + " default_configuration_id, created_at, version)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, 0)");
          PreparedStatement trap =
              connection.prepareStatement(
                  "INSERT INTO domain_crawler_trap (domain_id, position, expression)"
                      + " VALUES (?, ?, ?)");
          PreparedStatement seedList =
              connection.prepareStatement(
                  "INSERT INTO seed_list (id, domain_id, name, seeds, comments, version)"
                      + " VALUES (?, ?, ?, ?, ?, 0)");
          PreparedStatement password =
              connection.prepareStatement(
                  "INSERT INTO domain_password (id, domain_id, name, url, realm, username,"
                      + " password, password_sealed, comments, version)"
                      + " VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, 0)");
          PreparedStatement configuration =
              connection.prepareStatement(DomainBulkInserts.INSERT_CONFIGURATION);
          PreparedStatement seedLink =
              connection.prepareStatement(
                  "INSERT INTO configuration_seed_list (configuration_id, seed_list_id)"
                      + " VALUES (?, ?)");
          PreparedStatement passwordLink =
              connection.prepareStatement(
                  "INSERT INTO configuration_password (configuration_id, password_id)"
                      + " VALUES (?, ?)")) {
        int nextConfiguration = 0;
        int nextSeedList = 0;
        int nextPassword = 0;
        for (int d = 0; d < domains.size(); d++) {
          NewDomain wanted = domains.get(d);
          long domainId = domainIds[d];
          int firstConfiguration = nextConfiguration;
          int firstSeedList = nextSeedList;
          int firstPassword = nextPassword;
          domain.setLong(1, domainId);
          domain.setString(2, wanted.name().ascii());
          domain.setString(3, wanted.name().unicode());
          domain.setString(4, wanted.name().topLevelDomain());
          domain.setString(5, wanted.comments());
          domain.setLong(6, configurationIds[firstConfiguration + wanted.defaultConfiguration()]);
          domain.setTimestamp(7, created);
          domain.addBatch();
          for (int t = 0; t < wanted.crawlerTraps().size(); t++) {
            trap.setLong(1, domainId);
            trap.setInt(2, t);
            trap.setString(3, wanted.crawlerTraps().get(t));
            trap.addBatch();
          }
          for (NewSeedList list : wanted.seedLists()) {
            seedList.setLong(1, seedListIds[nextSeedList++]);
            seedList.setLong(2, domainId);
            seedList.setString(3, list.name());
            seedList.setString(4, list.seeds());
            seedList.setString(5, list.comments());
            seedList.addBatch();
          }
          for (NewPassword entry : wanted.passwords()) {
            password.setLong(1, passwordIds[nextPassword++]);
            password.setLong(2, domainId);
            password.setString(3, entry.name());
            password.setString(4, entry.url());
            password.setString(5, entry.realm());
            password.setString(6, entry.username());
            password.setString(7, entry.sealed());
            password.setString(8, entry.comments());
            password.addBatch();
          }
          for (NewConfiguration wantedConfiguration : wanted.configurations()) {
            long configurationId = configurationIds[nextConfiguration++];
            DomainBulkInserts.addConfiguration(
                configuration,
                configurationId,
                domainId,
                wantedConfiguration.name(),
                wantedConfiguration.templateId(),
                wantedConfiguration.settings(),
                wantedConfiguration.comments());
            for (int index : wantedConfiguration.seedLists()) {
              seedLink.setLong(1, configurationId);
              seedLink.setLong(2, seedListIds[firstSeedList + index]);
              seedLink.addBatch();
            }
            for (int index : wantedConfiguration.passwords()) {
              passwordLink.setLong(1, configurationId);
              passwordLink.setLong(2, passwordIds[firstPassword + index]);
              passwordLink.addBatch();
            }
          }
        }
        // parents before children, as the foreign keys want
        domain.executeBatch();
        trap.executeBatch();
        seedList.executeBatch();
        password.executeBatch();
        configuration.executeBatch();
        seedLink.executeBatch();
        passwordLink.executeBatch();
      }
    }
  }

  /** Stores imported harvest history entries, in one transaction of their own. */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public void addHistory(List<HarvestHistory> entries) {
    history.add(entries);
  }

  /** How an alias was taken. */
  public enum AliasOutcome {
    SET,
    ALREADY_SET,
    NO_DOMAIN,
    NO_TARGET,
    ALIAS_OF_ANOTHER
  }

  /** An alias to set: {@code name} is an alias of {@code aliasOf} since {@code since}. */
  public record AliasToSet(String name, String aliasOf, Instant since) {}

  /**
   * Makes domains aliases of others, in one transaction of its own; a domain that is an alias
   * already is left as it is.
   */
  @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = SQLException.class)
  public List<AliasOutcome> setAliases(List<AliasToSet> aliases, boolean dryRun)
      throws SQLException {
    Set<String> names = new HashSet<>();
    for (AliasToSet alias : aliases) {
      names.add(alias.name());
      names.add(alias.aliasOf());
    }
    Map<String, Long> ids = new HashMap<>();
    Map<String, Long> aliasOf = new HashMap<>();
    List<String> all = new ArrayList<>(names);
    List<AliasOutcome> outcomes = new ArrayList<>();
    try (Connection connection = dataSource.getConnection()) {
      for (int from = 0; from < all.size(); from += IN_LIST_SIZE) {
        List<String> part = all.subList(from, Math.min(all.size(), from + IN_LIST_SIZE));
        try (PreparedStatement select =
            connection.prepareStatement(
                "SELECT name, id, alias_of_id FROM domain WHERE name IN ("
                    + placeholders(part.size())
                    + ")")) {
          for (int i = 0; i < part.size(); i++) {
            select.setString(i + 1, part.get(i));
          }
          try (ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
              ids.put(rows.getString(1), rows.getLong(2));
              long target = rows.getLong(3);
              if (!rows.wasNull()) {
                aliasOf.put(rows.getString(1), target);
              }
            }
          }
        }
      }
      try (PreparedStatement update =
          connection.prepareStatement(
              "UPDATE domain SET alias_of_id = ?, alias_set_at = ?, version = version + 1"
                  + " WHERE id = ? AND alias_of_id IS NULL")) {
        for (AliasToSet alias : aliases) {
          Long id = ids.get(alias.name());
          Long target = ids.get(alias.aliasOf());
          if (aliasOf.containsKey(alias.name())) {
            outcomes.add(AliasOutcome.ALREADY_SET);
          } else if (id == null) {
            outcomes.add(AliasOutcome.NO_DOMAIN);
          } else if (target == null) {
            outcomes.add(AliasOutcome.NO_TARGET);
          } else if (aliasOf.containsKey(alias.aliasOf())) {
            outcomes.add(AliasOutcome.ALIAS_OF_ANOTHER);
          } else {
            outcomes.add(AliasOutcome.SET);
            update.setLong(1, target);
            update.setTimestamp(2, Timestamp.from(alias.since()));
            update.setLong(3, id);
            update.addBatch();
          }
        }
        if (!dryRun) {
          update.executeBatch();
        }
      }
    }
    return outcomes;
  }

  /**
   * Ids for password entries: their sequence steps by one, as their JPA mapping allocates them one
   * at a time.
   */
  private static long[] passwordIds(Connection connection, int count) throws SQLException {
    long[] ids = new long[count];
    if (count == 0) {
      return ids;
    }
    String product = connection.getMetaData().getDatabaseProductName().toLowerCase();
    String sql =
        product.contains("postgres")
            ? "SELECT nextval('domain_password_seq')"
            : "SELECT NEXT VALUE FOR domain_password_seq";
    try (PreparedStatement next = connection.prepareStatement(sql)) {
      for (int i = 0; i < count; i++) {
        try (ResultSet rs = next.executeQuery()) {
          rs.next();
          ids[i] = rs.getLong(1);
        }
      }
    }
    return ids;
  }

  private static String placeholders(int count) {
    return String.join(", ", Collections.nCopies(count, "?"));
  }
}
