package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.Domain;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * Creates many new domains at once, each with its default configuration and seed list, in the
 * caller's transaction: the rows {@link Domain#create} would make, written with JDBC batches. The
 * names must be valid, distinct and not yet in the database.
 */
@ApplicationScoped
public class DomainBulkInserts {

  /** A new domain configuration (version 0); bound by {@link #addConfiguration}. */
  static final String INSERT_CONFIGURATION =
      "INSERT INTO domain_configuration (id, domain_id, name, template_id, max_objects,"
          + " max_bytes, max_request_rate, max_hops, honor_robots, extract_javascript,"
          + " comments, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)";

  /** Adds one configuration to a batch of {@link #INSERT_CONFIGURATION}. */
  static void addConfiguration(
      PreparedStatement statement,
      long id,
      long domainId,
      String name,
      long templateId,
      CrawlSettings settings,
      String comments)
      throws SQLException {
    Object[] values = configurationValues(id, domainId, name, templateId, settings, comments);
    for (int i = 0; i < values.length; i++) {
      if (values[i] instanceof MultiRowInsert.Null typed) {
        statement.setNull(i + 1, typed.sqlType());
      } else {
        statement.setObject(i + 1, values[i]);
      }
    }
    statement.addBatch();
  }

  /** The parameters of {@link #INSERT_CONFIGURATION} for one configuration, in order. */
  static Object[] configurationValues(
      long id,
      long domainId,
      String name,
      long templateId,
      CrawlSettings settings,
      String comments) {
    return new Object[] {
      id,
      domainId,
      name,
      templateId,
      settings.maxObjects(),
      settings.maxBytes(),
      settings.maxRequestRate(),
      settings.maxHops(),
      settings.honorRobots(),
      settings.extractJavascript(),
      MultiRowInsert.varchar(comments)
    };
  }

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /**
   * Inserts the domains.
   *
   * @return the new domains' ids, in the order of {@code names}
   */
  public long[] insert(List<DomainName> names, long templateId, CrawlSettings settings, Instant now)
      throws SQLException {
    if (names.isEmpty()) {
      return new long[0];
    }
    int n = names.size();
    Timestamp created = Timestamp.from(now);
    try (Connection connection = dataSource.getConnection()) {
      long[] domainIds = SequenceBlocks.next(connection, "domain_seq", n);
      long[] configurationIds = SequenceBlocks.next(connection, "domain_configuration_seq", n);
      long[] seedListIds = SequenceBlocks.next(connection, "seed_list_seq", n);
      try (PreparedStatement domain =
          connection.prepareStatement(
              "INSERT INTO domain (id, name, unicode_name, tld, default_configuration_id, created_at,"
                  + " version) VALUES (?, ?, ?, ?, ?, ?, 0)")) {
        for (int i = 0; i < n; i++) {
          DomainName name = names.get(i);
          domain.setLong(1, domainIds[i]);
          domain.setString(2, name.ascii());
          domain.setString(3, name.unicode());
          domain.setString(4, name.topLevelDomain());
          domain.setLong(5, configurationIds[i]);
          domain.setTimestamp(6, created);
          domain.addBatch();
        }
        domain.executeBatch();
      }
      insertSeedLists(
          connection,
          seedListIds,
          domainIds,
          Domain.DEFAULT_SEED_LIST,
          names.stream().map(Domain::defaultSeed).toList(),
          null);
      insertConfigurations(
          connection,
          configurationIds,
          domainIds,
          Domain.DEFAULT_CONFIGURATION,
          templateId,
          settings,
          null);
      insertLinks(connection, configurationIds, seedListIds);
      return domainIds;
    }
  }

  /**
   * Inserts seed lists, one per domain, all with the same name.
   *
   * @param seeds each list's stored text, one seed per line
   */
  static void insertSeedLists(
      Connection connection,
      long[] seedListIds,
      long[] domainIds,
      String name,
      List<String> seeds,
      String comments)
      throws SQLException {
    try (PreparedStatement seedList =
        connection.prepareStatement(
            "INSERT INTO seed_list (id, domain_id, name, seeds, comments, version)"
                + " VALUES (?, ?, ?, ?, ?, 0)")) {
      for (int i = 0; i < domainIds.length; i++) {
        seedList.setLong(1, seedListIds[i]);
        seedList.setLong(2, domainIds[i]);
        seedList.setString(3, name);
        seedList.setString(4, seeds.get(i));
        seedList.setString(5, comments);
        seedList.addBatch();
      }
      seedList.executeBatch();
    }
  }

  /** Inserts configurations, one per domain, all with the same name and settings. */
  static void insertConfigurations(
      Connection connection,
      long[] configurationIds,
      long[] domainIds,
      String name,
      long templateId,
      CrawlSettings settings,
      String comments)
      throws SQLException {
    try (PreparedStatement configuration = connection.prepareStatement(INSERT_CONFIGURATION)) {
      for (int i = 0; i < domainIds.length; i++) {
        addConfiguration(
            configuration, configurationIds[i], domainIds[i], name, templateId, settings, comments);
      }
      configuration.executeBatch();
    }
  }

  /** Makes each configuration use the seed list at the same index. */
  static void insertLinks(Connection connection, long[] configurationIds, long[] seedListIds)
      throws SQLException {
    try (PreparedStatement link =
        connection.prepareStatement(
            "INSERT INTO configuration_seed_list (configuration_id, seed_list_id) VALUES (?, ?)")) {
      for (int i = 0; i < configurationIds.length; i++) {
        link.setLong(1, configurationIds[i]);
        link.setLong(2, seedListIds[i]);
        link.addBatch();
      }
      link.executeBatch();
    }
  }
}
