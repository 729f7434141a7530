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
 * Writes the domains of a NetarchiveSuite import with multi-row INSERTs, each call in a transaction
 * of its own, so that a million domains are many bounded transactions and never one: the rows
 * {@link org.netarchive.ee.scheduler.domain.model.domain.Domain} and its parts would make, already
 * checked by the caller against the same rules.
 */
@ApplicationScoped
public class NasDomainWrites {

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
      KeyLookups.lookup(
          connection,
          "SELECT name FROM domain WHERE %s",
          "name",
          names,
          "varchar",
          row -> found.add(row.getString(1)));
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
      MultiRowInsert domain =
          new MultiRowInsert(
              connection,
              "INSERT INTO domain (id, name, unicode_name, tld, comments,"
                  + " default_configuration_id, created_at, version)"
                  + " VALUES (?, ?, ?, ?, ?, ?, ?, 0)");
      MultiRowInsert trap =
          new MultiRowInsert(
              connection,
              "INSERT INTO domain_crawler_trap (domain_id, position, expression) VALUES (?, ?, ?)");
      MultiRowInsert seedList =
          new MultiRowInsert(
              connection,
              "INSERT INTO seed_list (id, domain_id, name, seeds, comments, version)"
                  + " VALUES (?, ?, ?, ?, ?, 0)");
      MultiRowInsert password =
          new MultiRowInsert(
              connection,
              "INSERT INTO domain_password (id, domain_id, name, url, realm, username,"
                  + " password, password_sealed, comments, version)"
                  + " VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, 0)");
      MultiRowInsert configuration =
          new MultiRowInsert(connection, DomainBulkInserts.INSERT_CONFIGURATION);
      MultiRowInsert seedLink =
          new MultiRowInsert(
              connection,
              "INSERT INTO configuration_seed_list (configuration_id, seed_list_id) VALUES (?, ?)");
      MultiRowInsert passwordLink =
          new MultiRowInsert(
              connection,
              "INSERT INTO configuration_password (configuration_id, password_id) VALUES (?, ?)");
      int nextConfiguration = 0;
      int nextSeedList = 0;
      int nextPassword = 0;
      for (int d = 0; d < domains.size(); d++) {
        NewDomain wanted = domains.get(d);
        long domainId = domainIds[d];
        int firstConfiguration = nextConfiguration;
        int firstSeedList = nextSeedList;
        int firstPassword = nextPassword;
        domain.add(
            domainId,
            wanted.name().ascii(),
            wanted.name().unicode(),
            wanted.name().topLevelDomain(),
            MultiRowInsert.varchar(wanted.comments()),
            configurationIds[firstConfiguration + wanted.defaultConfiguration()],
            created);
        for (int t = 0; t < wanted.crawlerTraps().size(); t++) {
          trap.add(domainId, t, wanted.crawlerTraps().get(t));
        }
        for (NewSeedList list : wanted.seedLists()) {
          seedList.add(
              seedListIds[nextSeedList++],
              domainId,
              list.name(),
              list.seeds(),
              MultiRowInsert.varchar(list.comments()));
        }
        for (NewPassword entry : wanted.passwords()) {
          password.add(
              passwordIds[nextPassword++],
              domainId,
              entry.name(),
              entry.url(),
              entry.realm(),
              entry.username(),
              MultiRowInsert.varchar(entry.sealed()),
              MultiRowInsert.varchar(entry.comments()));
        }
        for (NewConfiguration wantedConfiguration : wanted.configurations()) {
          long configurationId = configurationIds[nextConfiguration++];
          configuration.add(
              DomainBulkInserts.configurationValues(
                  configurationId,
                  domainId,
                  wantedConfiguration.name(),
                  wantedConfiguration.templateId(),
                  wantedConfiguration.settings(),
                  wantedConfiguration.comments()));
          for (int index : wantedConfiguration.seedLists()) {
            seedLink.add(configurationId, seedListIds[firstSeedList + index]);
          }
          for (int index : wantedConfiguration.passwords()) {
            passwordLink.add(configurationId, passwordIds[firstPassword + index]);
          }
        }
      }
      // parents before children, as the foreign keys want
      domain.flush();
      trap.flush();
      seedList.flush();
      password.flush();
      configuration.flush();
      seedLink.flush();
      passwordLink.flush();
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
      KeyLookups.lookup(
          connection,
          "SELECT name, id, alias_of_id FROM domain WHERE %s",
          "name",
          all,
          "varchar",
          row -> {
            ids.put(row.getString(1), row.getLong(2));
            long target = row.getLong(3);
            if (!row.wasNull()) {
              aliasOf.put(row.getString(1), target);
            }
          });
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
    boolean postgres = KeyLookups.postgres(connection);
    String sql =
        postgres
            ? "SELECT nextval('domain_password_seq') FROM generate_series(1, ?)"
            : "SELECT NEXT VALUE FOR domain_password_seq";
    try (PreparedStatement next = connection.prepareStatement(sql)) {
      if (postgres) {
        next.setInt(1, count);
        int filled = 0;
        try (ResultSet rs = next.executeQuery()) {
          while (rs.next() && filled < count) {
            ids[filled++] = rs.getLong(1);
          }
        }
        if (filled < count) {
          throw new SQLException("domain_password_seq gave " + filled + " of " + count + " ids");
        }
        return ids;
      }
      for (int i = 0; i < count; i++) {
        try (ResultSet rs = next.executeQuery()) {
          rs.next();
          ids[i] = rs.getLong(1);
        }
      }
    }
    return ids;
  }
}
