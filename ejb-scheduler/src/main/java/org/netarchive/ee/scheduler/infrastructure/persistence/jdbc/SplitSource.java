package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.domain.Seeds;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;
import org.netarchive.ee.scheduler.domain.model.job.PastHarvest;
import org.netarchive.ee.scheduler.domain.model.job.SplitConfiguration;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * Reads the domain configurations a harvest run splits, a page at a time in configuration id order,
 * with their seeds, crawler traps and harvest history: the input of the split-harvest job.
 *
 * <p>Pages are keyset queries on the configuration id, so reading stays linear however many
 * millions of configurations a snapshot has, and each page is read in its own short statement (no
 * cursor held across the batch job's transactions).
 */
@ApplicationScoped
public class SplitSource {

  private static final String SELECTIVE_PAGE =
      "SELECT c.id, c.domain_id, d.name, c.name, c.template_id, c.max_objects, c.max_bytes"
          + " FROM harvest_configuration hc"
          + " JOIN domain_configuration c ON c.id = hc.configuration_id"
          + " JOIN domain d ON d.id = hc.domain_id"
          + " WHERE hc.harvest_id = ? AND hc.configuration_id > ?"
          + " ORDER BY hc.configuration_id FETCH FIRST ? ROWS ONLY";

  // A snapshot harvests every domain that is not an alias, with its default configuration. The
  // configurations are paged on their primary key alone and their domains looked up by id
  // afterwards: a join lets the database pick a plan that scans from the start for every page.
  private static final String SNAPSHOT_PAGE =
      "SELECT c.id, c.domain_id, c.name, c.template_id, c.max_objects, c.max_bytes"
          + " FROM domain_configuration c WHERE c.id > ? ORDER BY c.id FETCH FIRST ? ROWS ONLY";

  private static final String SEEDS =
      "SELECT csl.configuration_id, sl.seeds FROM configuration_seed_list csl"
          + " JOIN seed_list sl ON sl.id = csl.seed_list_id"
          + " WHERE csl.configuration_id BETWEEN ? AND ?"
          + " ORDER BY csl.configuration_id, sl.name";

  private static final String TRAPS =
      "SELECT c.id, t.expression FROM domain_configuration c"
          + " JOIN domain_crawler_trap t ON t.domain_id = c.domain_id"
          + " WHERE c.id BETWEEN ? AND ? ORDER BY c.id, t.position";

  // An imported entry (from NetarchiveSuite or a history file) names its harvest instead of
  // referring to one; the harvest of that name here is its harvest, so that a snapshot that
  // continues an imported snapshot leaves out what the imported history says it completed.
  private static final String HISTORY =
      "SELECT h.configuration_id, COALESCE(h.harvest_id, d.id), h.objects, h.bytes,"
          + " h.stop_reason, h.started_at FROM harvest_history h"
          + " LEFT JOIN harvest_definition d"
          + " ON h.harvest_id IS NULL AND d.name = h.imported_harvest_name"
          + " WHERE h.configuration_id BETWEEN ? AND ?";

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /**
   * The next page of configurations of a harvest.
   *
   * @param kind the harvest's kind (a snapshot reads all domains, a selective harvest its chosen
   *     configurations)
   * @param harvestId the harvest
   * @param afterConfigurationId the last configuration id already read, 0 at the start
   * @param size the most configurations to return
   * @return the page: the configurations in id order and where the next page starts
   */
  public SplitConfiguration.Page page(
      HarvestKind kind, long harvestId, long afterConfigurationId, int size) throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      List<Row> rows = new ArrayList<>(size);
      long lastScanned;
      boolean end;
      if (kind == HarvestKind.SELECTIVE) {
        try (PreparedStatement s = connection.prepareStatement(SELECTIVE_PAGE)) {
          s.setLong(1, harvestId);
          s.setLong(2, afterConfigurationId);
          s.setInt(3, size);
          readRows(s, rows);
        }
        end = rows.size() < size;
        lastScanned = rows.isEmpty() ? afterConfigurationId : rows.get(rows.size() - 1).id;
      } else {
        List<Row> scanned = new ArrayList<>(size);
        try (PreparedStatement s = connection.prepareStatement(SNAPSHOT_PAGE)) {
          s.setLong(1, afterConfigurationId);
          s.setInt(2, size);
          s.setFetchSize(1000);
          try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
              scanned.add(
                  new Row(
                      rs.getLong(1),
                      rs.getLong(2),
                      null,
                      rs.getString(3),
                      rs.getLong(4),
                      rs.getLong(5),
                      rs.getLong(6)));
            }
          }
        }
        end = scanned.size() < size;
        lastScanned = scanned.isEmpty() ? afterConfigurationId : scanned.get(scanned.size() - 1).id;
        Map<Long, String> harvested = harvestedDomains(connection, scanned);
        for (Row r : scanned) {
          String name = harvested.get(r.id);
          if (name != null) {
            rows.add(
                new Row(
                    r.id,
                    r.domainId,
                    name,
                    r.configurationName,
                    r.templateId,
                    r.maxObjects,
                    r.maxBytes));
          }
        }
      }
      if (rows.isEmpty()) {
        return new SplitConfiguration.Page(List.of(), lastScanned, end);
      }
      long first = rows.get(0).id;
      long last = rows.get(rows.size() - 1).id;
      Map<Long, List<String>> seeds = seeds(connection, first, last);
      Map<Long, List<String>> traps = traps(connection, first, last);
      Map<Long, List<SplitConfiguration.History>> history = history(connection, first, last);
      List<SplitConfiguration> page = new ArrayList<>(rows.size());
      for (Row r : rows) {
        page.add(
            new SplitConfiguration(
                r.id,
                r.domainId,
                r.domainName,
                r.configurationName,
                r.templateId,
                r.maxObjects,
                r.maxBytes,
                seeds.getOrDefault(r.id, List.of()),
                traps.getOrDefault(r.id, List.of()),
                history.getOrDefault(r.id, List.of())));
      }
      return new SplitConfiguration.Page(page, lastScanned, end);
    }
  }

  /**
   * Which of the scanned configurations a snapshot harvests, with their domains' names: the default
   * configuration of each domain that is not an alias.
   *
   * @return configuration id to domain name, for the harvested configurations only
   */
  private static Map<Long, String> harvestedDomains(Connection connection, List<Row> scanned)
      throws SQLException {
    Map<Long, Long> defaultOf = new HashMap<>(scanned.size() * 2);
    Map<Long, String> names = new HashMap<>(scanned.size() * 2);
    List<Long> ids = scanned.stream().map(Row::domainId).distinct().toList();
    for (int from = 0; from < ids.size(); from += 500) {
      List<Long> part = ids.subList(from, Math.min(ids.size(), from + 500));
      StringBuilder sql =
          new StringBuilder(
              "SELECT id, name, default_configuration_id FROM domain"
                  + " WHERE alias_of_id IS NULL AND id IN (");
      for (int i = 0; i < part.size(); i++) {
        sql.append(i == 0 ? "?" : ", ?");
      }
      try (PreparedStatement s = connection.prepareStatement(sql.append(")").toString())) {
        for (int i = 0; i < part.size(); i++) {
          s.setLong(i + 1, part.get(i));
        }
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            defaultOf.put(rs.getLong(1), rs.getLong(3));
            names.put(rs.getLong(1), rs.getString(2));
          }
        }
      }
    }
    Map<Long, String> harvested = new HashMap<>(scanned.size() * 2);
    for (Row r : scanned) {
      Long defaultConfiguration = defaultOf.get(r.domainId);
      if (defaultConfiguration != null && defaultConfiguration == r.id) {
        harvested.put(r.id, names.get(r.domainId));
      }
    }
    return harvested;
  }

  private record Row(
      long id,
      long domainId,
      String domainName,
      String configurationName,
      long templateId,
      long maxObjects,
      long maxBytes) {}

  private static void readRows(PreparedStatement s, List<Row> rows) throws SQLException {
    s.setFetchSize(1000);
    try (ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        rows.add(
            new Row(
                rs.getLong(1),
                rs.getLong(2),
                rs.getString(3),
                rs.getString(4),
                rs.getLong(5),
                rs.getLong(6),
                rs.getLong(7)));
      }
    }
  }

  private static Map<Long, List<String>> seeds(Connection connection, long first, long last)
      throws SQLException {
    Map<Long, Set<String>> seeds = new HashMap<>();
    try (PreparedStatement s = connection.prepareStatement(SEEDS)) {
      s.setLong(1, first);
      s.setLong(2, last);
      s.setFetchSize(1000);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          seeds
              .computeIfAbsent(rs.getLong(1), k -> new LinkedHashSet<>())
              .addAll(Seeds.lines(rs.getString(2)).stream().filter(l -> !l.isBlank()).toList());
        }
      }
    }
    Map<Long, List<String>> lists = new HashMap<>(seeds.size() * 2);
    seeds.forEach((id, set) -> lists.put(id, List.copyOf(set)));
    return lists;
  }

  private static Map<Long, List<String>> traps(Connection connection, long first, long last)
      throws SQLException {
    Map<Long, List<String>> traps = new HashMap<>();
    try (PreparedStatement s = connection.prepareStatement(TRAPS)) {
      s.setLong(1, first);
      s.setLong(2, last);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          traps.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(rs.getString(2));
        }
      }
    }
    return traps;
  }

  private static Map<Long, List<SplitConfiguration.History>> history(
      Connection connection, long first, long last) throws SQLException {
    Map<Long, List<SplitConfiguration.History>> history = new HashMap<>();
    try (PreparedStatement s = connection.prepareStatement(HISTORY)) {
      s.setLong(1, first);
      s.setLong(2, last);
      s.setFetchSize(1000);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          long harvest = rs.getLong(2);
          Long harvestId = rs.wasNull() ? null : harvest;
          history
              .computeIfAbsent(rs.getLong(1), k -> new ArrayList<>(2))
              .add(
                  new SplitConfiguration.History(
                      harvestId,
                      new PastHarvest(
                          rs.getLong(3),
                          rs.getLong(4),
                          StopReason.valueOf(rs.getString(5)),
                          rs.getTimestamp(6).toInstant())));
        }
      }
    }
    return history;
  }
}
