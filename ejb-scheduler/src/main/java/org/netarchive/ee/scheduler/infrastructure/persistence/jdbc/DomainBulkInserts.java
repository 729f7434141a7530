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
      try (PreparedStatement seedList =
          connection.prepareStatement(
              "INSERT INTO seed_list (id, domain_id, name, seeds, version) VALUES (?, ?, ?, ?, 0)")) {
        for (int i = 0; i < n; i++) {
          seedList.setLong(1, seedListIds[i]);
          seedList.setLong(2, domainIds[i]);
          seedList.setString(3, Domain.DEFAULT_SEED_LIST);
          seedList.setString(4, Domain.defaultSeed(names.get(i)));
          seedList.addBatch();
        }
        seedList.executeBatch();
      }
      try (PreparedStatement configuration =
          connection.prepareStatement(
              "INSERT INTO domain_configuration (id, domain_id, name, template_id, max_objects,"
                  + " max_bytes, max_request_rate, max_hops, honor_robots, extract_javascript,"
                  + " version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)")) {
        for (int i = 0; i < n; i++) {
          configuration.setLong(1, configurationIds[i]);
          configuration.setLong(2, domainIds[i]);
          configuration.setString(3, Domain.DEFAULT_CONFIGURATION);
          configuration.setLong(4, templateId);
          configuration.setLong(5, settings.maxObjects());
          configuration.setLong(6, settings.maxBytes());
          configuration.setInt(7, settings.maxRequestRate());
          configuration.setInt(8, settings.maxHops());
          configuration.setBoolean(9, settings.honorRobots());
          configuration.setBoolean(10, settings.extractJavascript());
          configuration.addBatch();
        }
        configuration.executeBatch();
      }
      try (PreparedStatement link =
          connection.prepareStatement(
              "INSERT INTO configuration_seed_list (configuration_id, seed_list_id) VALUES (?, ?)")) {
        for (int i = 0; i < n; i++) {
          link.setLong(1, configurationIds[i]);
          link.setLong(2, seedListIds[i]);
          link.addBatch();
        }
        link.executeBatch();
      }
      return domainIds;
    }
  }
}
