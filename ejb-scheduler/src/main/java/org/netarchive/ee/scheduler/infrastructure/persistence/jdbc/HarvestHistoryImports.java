package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistory;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport.ImportedKey;
import org.netarchive.ee.scheduler.domain.model.history.HistoryImport.KnownDomain;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * The database side of {@link HistoryImport}: looks domains and their configurations up by name and
 * writes imported history entries with multi-row INSERTs, in the caller's transaction. Ids come
 * from {@code harvest_history_seq} as the JPA mapping takes them.
 */
@ApplicationScoped
public class HarvestHistoryImports implements HistoryImport.Target {

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /** For CDI. */
  public HarvestHistoryImports() {}

  /** On a data source of one's own, as in tests. */
  public HarvestHistoryImports(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  @Override
  public Map<String, KnownDomain> findDomains(Collection<String> asciiNames) {
    Map<String, Long> domainIds = new HashMap<>();
    Map<String, Map<String, Long>> configurations = new HashMap<>();
    List<String> names = new ArrayList<>(new HashSet<>(asciiNames));
    try (Connection connection = dataSource.getConnection()) {
      KeyLookups.lookup(
          connection,
          "SELECT d.name, d.id, c.name, c.id FROM domain d"
              + " LEFT JOIN domain_configuration c ON c.domain_id = d.id WHERE %s",
          "d.name",
          names,
          "varchar",
          row -> {
            String domain = row.getString(1);
            domainIds.put(domain, row.getLong(2));
            Map<String, Long> byName = configurations.computeIfAbsent(domain, d -> new HashMap<>());
            String configuration = row.getString(3);
            if (configuration != null) {
              byName.put(configuration, row.getLong(4));
            }
          });
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot look domains up for the history import", e);
    }
    Map<String, KnownDomain> known = new HashMap<>();
    domainIds.forEach((name, id) -> known.put(name, new KnownDomain(id, configurations.get(name))));
    return known;
  }

  @Override
  public Set<ImportedKey> alreadyImported(Collection<ImportedKey> keys) {
    Set<ImportedKey> wanted = new HashSet<>(keys);
    // Looked up by domain (indexed), not by job number: an earlier system's job covers thousands
    // of domains, so the rows of the same job numbers grow with every imported chunk.
    List<Long> domains = wanted.stream().map(ImportedKey::domainId).distinct().toList();
    Set<ImportedKey> existing = new HashSet<>();
    try (Connection connection = dataSource.getConnection()) {
      KeyLookups.lookup(
          connection,
          "SELECT domain_id, imported_harvest_name, imported_job_id FROM harvest_history"
              + " WHERE imported_job_id IS NOT NULL AND %s",
          "domain_id",
          domains,
          "bigint",
          row -> {
            ImportedKey key = new ImportedKey(row.getLong(1), row.getString(2), row.getLong(3));
            if (wanted.contains(key)) {
              existing.add(key);
            }
          });
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read the harvest history for the import", e);
    }
    return existing;
  }

  @Override
  public void add(List<HarvestHistory> entries) {
    if (entries.isEmpty()) {
      return;
    }
    try (Connection connection = dataSource.getConnection()) {
      long[] ids = SequenceBlocks.next(connection, "harvest_history_seq", entries.size());
      MultiRowInsert insert =
          new MultiRowInsert(
              connection,
              "INSERT INTO harvest_history (id, domain_id, configuration_id, harvest_id, job_id,"
                  + " imported_harvest_name, imported_job_id, started_at, objects, bytes,"
                  + " stop_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      for (int i = 0; i < entries.size(); i++) {
        HarvestHistory entry = entries.get(i);
        insert.add(
            ids[i],
            entry.domainId(),
            entry.configurationId(),
            MultiRowInsert.bigint(entry.harvestId()),
            MultiRowInsert.bigint(entry.jobId()),
            MultiRowInsert.varchar(entry.importedHarvestName().orElse(null)),
            MultiRowInsert.bigint(entry.importedJobId()),
            entry.startedAt().atOffset(ZoneOffset.UTC),
            entry.objects(),
            entry.bytes(),
            entry.stopReason().name());
      }
      insert.flush();
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot store " + entries.size() + " harvest history entries", e);
    }
  }
}
