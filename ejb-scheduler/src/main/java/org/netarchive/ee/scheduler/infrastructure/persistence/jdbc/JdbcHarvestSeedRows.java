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
        DomainBulkInserts.insertSeedLists(
            connection,
            seedListIds,
            domainIds,
            target.name(),
            newDomains.stream().map(d -> String.join("\n", d.seeds())).toList(),
            target.seedListComments());
        DomainBulkInserts.insertConfigurations(
            connection,
            configurationIds,
            domainIds,
            target.name(),
            target.templateId(),
            target.settings(),
            target.configurationComments());
        DomainBulkInserts.insertLinks(connection, configurationIds, seedListIds);
        insertChoices(connection, target.harvestId(), domainIds, configurationIds);
      }
    } catch (SQLException e) {
      throw new PersistenceException("Could not add the seeds of " + n + " new domains", e);
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
