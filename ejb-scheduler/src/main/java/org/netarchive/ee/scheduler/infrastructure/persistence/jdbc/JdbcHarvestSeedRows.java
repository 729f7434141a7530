package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.PersistenceException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.harvest.HarvestSeedRows;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/** {@link HarvestSeedRows} with JDBC batches, beside {@link DomainBulkInserts}. */
@ApplicationScoped
public class JdbcHarvestSeedRows implements HarvestSeedRows {

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  @Inject private DomainBulkInserts domains;

  @Override
  public void createDomains(Target target, List<NewDomain> newDomains, Instant now) {
    int n = newDomains.size();
    if (n == 0) {
      return;
    }
    try {
      long[] domainIds =
          domains.insert(
              newDomains.stream().map(NewDomain::name).toList(),
              target.defaultTemplateId(),
              CrawlSettings.defaults(),
              now);
      try (Connection connection = dataSource.getConnection()) {
        long[] seedListIds = SequenceBlocks.next(connection, "seed_list_seq", n);
        long[] configurationIds = SequenceBlocks.next(connection, "domain_configuration_seq", n);
        try (PreparedStatement seedList =
            connection.prepareStatement(
                "INSERT INTO seed_list (id, domain_id, name, seeds, comments, version)"
                    + " VALUES (?, ?, ?, ?, ?, 0)")) {
          for (int i = 0; i < n; i++) {
            seedList.setLong(1, seedListIds[i]);
            seedList.setLong(2, domainIds[i]);
            seedList.setString(3, target.name());
            seedList.setString(4, String.join("\n", newDomains.get(i).seeds()));
            seedList.setString(5, target.seedListComments());
            seedList.addBatch();
          }
          seedList.executeBatch();
        }
        insertConfigurations(connection, target, domainIds, configurationIds);
        try (PreparedStatement link =
            connection.prepareStatement(
                "INSERT INTO configuration_seed_list (configuration_id, seed_list_id)"
                    + " VALUES (?, ?)")) {
          for (int i = 0; i < n; i++) {
            link.setLong(1, configurationIds[i]);
            link.setLong(2, seedListIds[i]);
            link.addBatch();
          }
          link.executeBatch();
        }
        insertChoices(connection, target.harvestId(), domainIds, configurationIds);
      }
    } catch (SQLException e) {
      throw new PersistenceException("Could not add the seeds of " + n + " new domains", e);
    }
  }

  private static void insertConfigurations(
      Connection connection, Target target, long[] domainIds, long[] configurationIds)
      throws SQLException {
    CrawlSettings settings = target.settings();
    try (PreparedStatement configuration =
        connection.prepareStatement(
            "INSERT INTO domain_configuration (id, domain_id, name, template_id, max_objects,"
                + " max_bytes, max_request_rate, max_hops, honor_robots, extract_javascript,"
                + " comments, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)")) {
      for (int i = 0; i < domainIds.length; i++) {
        configuration.setLong(1, configurationIds[i]);
        configuration.setLong(2, domainIds[i]);
        configuration.setString(3, target.name());
        configuration.setLong(4, target.templateId());
        configuration.setLong(5, settings.maxObjects());
        configuration.setLong(6, settings.maxBytes());
        configuration.setInt(7, settings.maxRequestRate());
        configuration.setInt(8, settings.maxHops());
        configuration.setBoolean(9, settings.honorRobots());
        configuration.setBoolean(10, settings.extractJavascript());
        configuration.setString(11, target.configurationComments());
        configuration.addBatch();
      }
      configuration.executeBatch();
    }
  }

  @Override
  public void choose(long harvestId, Map<Long, Long> configurationByDomain) {
    if (configurationByDomain.isEmpty()) {
      return;
    }
    long[] domainIds = new long[configurationByDomain.size()];
    long[] configurationIds = new long[domainIds.length];
    int i = 0;
    for (Map.Entry<Long, Long> choice : configurationByDomain.entrySet()) {
      domainIds[i] = choice.getKey();
      configurationIds[i++] = choice.getValue();
    }
    try (Connection connection = dataSource.getConnection()) {
      insertChoices(connection, harvestId, domainIds, configurationIds);
    } catch (SQLException e) {
      throw new PersistenceException(
          "Could not add " + domainIds.length + " configurations to harvest " + harvestId, e);
    }
  }

  private static void insertChoices(
      Connection connection, long harvestId, long[] domainIds, long[] configurationIds)
      throws SQLException {
    try (PreparedStatement choice =
        connection.prepareStatement(
            "INSERT INTO harvest_configuration (harvest_id, domain_id, configuration_id)"
                + " VALUES (?, ?, ?)")) {
      for (int i = 0; i < domainIds.length; i++) {
        choice.setLong(1, harvestId);
        choice.setLong(2, domainIds[i]);
        choice.setLong(3, configurationIds[i]);
        choice.addBatch();
      }
      choice.executeBatch();
    }
    try (PreparedStatement version =
        connection.prepareStatement(
            "UPDATE harvest_definition SET version = version + 1 WHERE id = ?")) {
      version.setLong(1, harvestId);
      version.executeUpdate();
    }
  }
}
