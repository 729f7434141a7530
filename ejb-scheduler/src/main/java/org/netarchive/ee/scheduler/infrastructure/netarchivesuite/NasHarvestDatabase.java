package org.netarchive.ee.scheduler.infrastructure.netarchivesuite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.netarchive.ee.common.netarchivesuite.NetarchiveSuiteDatabase;

/**
 * A NetarchiveSuite harvest database, opened read-only over JDBC ({@link NetarchiveSuiteDatabase}).
 */
public final class NasHarvestDatabase implements AutoCloseable {

  /** How many rows the driver fetches at a time when streaming. */
  private static final int FETCH_SIZE = 5000;

  private final NetarchiveSuiteDatabase database;
  private final Connection connection;

  /** Whether it has NetarchiveSuite's EAV attributes (7.x and later); asked once. */
  private Boolean eav;

  /** Whether it has the domains' owner information (ownerinfo); asked once. */
  private Boolean ownerInfoTable;

  private NasHarvestDatabase(NetarchiveSuiteDatabase database) {
    this.database = database;
    this.connection = database.connection();
  }

  /**
   * Opens the database.
   *
   * @param url a {@code jdbc:postgresql:} URL
   * @throws IllegalArgumentException naming the URL if it is not a PostgreSQL one or the database
   *     cannot be opened (the password is never part of the message)
   */
  public static NasHarvestDatabase open(String url, String user, String password) {
    return new NasHarvestDatabase(
        NetarchiveSuiteDatabase.open(
            "NetarchiveSuite database",
            url,
            user,
            password,
            NasHarvestDatabase.class.getClassLoader(),
            List.of("domains", "harvestdefinitions")));
  }

  /** Whether the database has a table of this name. */
  public boolean hasTable(String table) throws SQLException {
    return database.hasTable(table);
  }

  /** The number of rows of a table (that exists). */
  public long count(String table) throws SQLException {
    return database.count(table);
  }

  /** The schema versions of the tables, as NetarchiveSuite records them. */
  public Map<String, Integer> schemaVersions() throws SQLException {
    return database.schemaVersions();
  }

  /** A crawl template (ordertemplates). */
  public record Template(long id, String name, String text, boolean active) {}

  /** A schedule (schedules); the ints are NetarchiveSuite's codes, {@code null} where unset. */
  public record Schedule(
      long id,
      String name,
      String comments,
      LocalDateTime start,
      LocalDateTime end,
      Long maxRepeats,
      int timeUnit,
      long unitsBetween,
      boolean anyTime,
      Integer minute,
      Integer hour,
      Integer dayOfWeek,
      Integer dayOfMonth) {}

  /** A harvest channel (harvestchannel). */
  public record Channel(
      long id, String name, boolean snapshot, boolean isDefault, String comments) {}

  /** A global crawler trap list with its expressions in id order. */
  public record TrapList(
      long id, String name, String description, boolean active, List<String> expressions) {}

  /**
   * A harvest definition: selective (partialharvests) with a schedule, or snapshot (fullharvests)
   * with limits.
   */
  public record Harvest(
      long id,
      String name,
      String comments,
      boolean active,
      Long channelId,
      String audience,
      boolean snapshot,
      Long scheduleId,
      long maxObjects,
      long maxBytes,
      long maxJobRunningSeconds,
      Long previousId) {}

  /** A configuration a selective harvest uses (harvest_configs, resolved to names). */
  public record HarvestConfiguration(String domain, String configuration) {}

  /** A domain with what belongs to it. */
  public record Domain(
      long id,
      String name,
      String comments,
      long defaultConfigurationId,
      String crawlerTraps,
      List<Configuration> configurations,
      List<SeedList> seedLists,
      List<Password> passwords,
      List<OwnerInfo> ownerInfo) {}

  /** A domain configuration; max hops, robots and JavaScript from the EAV attributes, if any. */
  public record Configuration(
      long id,
      String name,
      String comments,
      long templateId,
      long maxObjects,
      Integer maxRate,
      long maxBytes,
      Integer maxHops,
      Boolean honorRobots,
      Boolean extractJavascript,
      List<Long> seedListIds,
      List<Long> passwordIds) {}

  /** A seed list. */
  public record SeedList(long id, String name, String comments, String seeds) {}

  /** A password entry, as NetarchiveSuite keeps it (in plain text). */
  public record Password(
      long id,
      String name,
      String comments,
      String url,
      String realm,
      String username,
      String password) {}

  /** An alias: the domain {@code name} is an alias of {@code aliasOf} since {@code since}. */
  public record Alias(String name, String aliasOf, LocalDateTime since) {}

  /** A historyinfo row, with the names it refers to. */
  public record History(
      long id,
      String domain,
      String configuration,
      String harvest,
      Long jobId,
      LocalDateTime harvestTime,
      long objects,
      long bytes,
      int stopReason) {}

  public List<Template> templates() throws SQLException {
    List<Template> templates = new ArrayList<>();
    query(
        "SELECT template_id, name, orderxml, isactive FROM ordertemplates ORDER BY template_id",
        rows ->
            templates.add(
                new Template(
                    rows.getLong(1), rows.getString(2), rows.getString(3), rows.getBoolean(4))));
    return templates;
  }

  public List<Schedule> schedules() throws SQLException {
    List<Schedule> schedules = new ArrayList<>();
    query(
        "SELECT schedule_id, name, comments, startdate, enddate, maxrepeats, timeunit,"
            + " numtimeunits, anytime, onminute, onhour, ondayofweek, ondayofmonth"
            + " FROM schedules ORDER BY schedule_id",
        rows ->
            schedules.add(
                new Schedule(
                    rows.getLong(1),
                    rows.getString(2),
                    rows.getString(3),
                    local(rows, 4),
                    local(rows, 5),
                    rows.getObject(6) == null ? null : rows.getLong(6),
                    rows.getInt(7),
                    rows.getLong(8),
                    rows.getBoolean(9),
                    integer(rows, 10),
                    integer(rows, 11),
                    integer(rows, 12),
                    integer(rows, 13))));
    return schedules;
  }

  public List<Channel> channels() throws SQLException {
    List<Channel> channels = new ArrayList<>();
    if (!hasTable("harvestchannel")) {
      return channels;
    }
    query(
        "SELECT id, name, issnapshot, isdefault, comments FROM harvestchannel ORDER BY id",
        rows ->
            channels.add(
                new Channel(
                    rows.getLong(1),
                    rows.getString(2),
                    rows.getBoolean(3),
                    rows.getBoolean(4),
                    rows.getString(5))));
    return channels;
  }

  public List<TrapList> trapLists() throws SQLException {
    List<TrapList> lists = new ArrayList<>();
    if (!hasTable("global_crawler_trap_lists")) {
      return lists;
    }
    Map<Long, List<String>> expressions = new HashMap<>();
    query(
        "SELECT crawler_trap_list_id, trap_expression FROM global_crawler_trap_expressions"
            + " ORDER BY crawler_trap_list_id, id",
        rows ->
            expressions
                .computeIfAbsent(rows.getLong(1), id -> new ArrayList<>())
                .add(rows.getString(2)));
    query(
        "SELECT global_crawler_trap_list_id, name, description, isactive"
            + " FROM global_crawler_trap_lists ORDER BY global_crawler_trap_list_id",
        rows ->
            lists.add(
                new TrapList(
                    rows.getLong(1),
                    rows.getString(2),
                    rows.getString(3),
                    rows.getBoolean(4),
                    expressions.getOrDefault(rows.getLong(1), List.of()))));
    return lists;
  }

  /** Selective and snapshot harvests, snapshots in the order they continue each other. */
  public List<Harvest> harvests() throws SQLException {
    List<Harvest> harvests = new ArrayList<>();
    boolean channels = hasColumn("harvestdefinitions", "channel_id");
    boolean audience = hasColumn("harvestdefinitions", "audience");
    query(
        "SELECT h.harvest_id, h.name, h.comments, h.isactive, "
            + (channels ? "h.channel_id" : "NULL")
            + ", "
            + (audience ? "h.audience" : "NULL")
            + ", f.harvest_id IS NOT NULL, p.schedule_id, f.maxobjects, f.maxbytes,"
            + " f.maxjobrunningtime, f.previoushd"
            + " FROM harvestdefinitions h"
            + " LEFT JOIN fullharvests f ON f.harvest_id = h.harvest_id"
            + " LEFT JOIN partialharvests p ON p.harvest_id = h.harvest_id"
            + " ORDER BY h.harvest_id",
        rows ->
            harvests.add(
                new Harvest(
                    rows.getLong(1),
                    rows.getString(2),
                    rows.getString(3),
                    rows.getBoolean(4),
                    rows.getObject(5) == null ? null : rows.getLong(5),
                    rows.getString(6),
                    rows.getBoolean(7),
                    rows.getObject(8) == null ? null : rows.getLong(8),
                    rows.getLong(9),
                    rows.getLong(10),
                    rows.getLong(11),
                    rows.getObject(12) == null ? null : rows.getLong(12))));
    return harvests;
  }

  /** The configurations of a selective harvest, by domain name. */
  public List<HarvestConfiguration> harvestConfigurations(long harvestId) throws SQLException {
    List<HarvestConfiguration> configurations = new ArrayList<>();
    try (PreparedStatement select =
        connection.prepareStatement(
            "SELECT d.name, c.name FROM harvest_configs hc"
                + " JOIN configurations c ON c.config_id = hc.config_id"
                + " JOIN domains d ON d.domain_id = c.domain_id"
                + " WHERE hc.harvest_id = ? ORDER BY d.name")) {
      select.setLong(1, harvestId);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          configurations.add(new HarvestConfiguration(rows.getString(1), rows.getString(2)));
        }
      }
    }
    return configurations;
  }

  /**
   * Streams the domains in id order, {@code chunkSize} at a time, each with its configurations,
   * seed lists and passwords.
   */
  public void domains(int chunkSize, ChunkConsumer<Domain> consumer) throws SQLException {
    long after = Long.MIN_VALUE;
    while (true) {
      List<Domain> chunk = domains(after, chunkSize);
      if (chunk.isEmpty()) {
        return;
      }
      after = chunk.get(chunk.size() - 1).id();
      consumer.accept(chunk);
    }
  }

  /**
   * The next {@code chunkSize} domains in id order after the domain id {@code after} (a keyset
   * position: a restarted import goes on from the last one it took), each with its configurations,
   * seed lists and passwords; empty at the end.
   */
  public List<Domain> domains(long after, int chunkSize) throws SQLException {
    if (eav == null) {
      eav = hasTable("eav_attribute");
      ownerInfoTable = hasTable("ownerinfo");
    }
    Map<Long, Object[]> base = new LinkedHashMap<>();
    try (PreparedStatement select =
        connection.prepareStatement(
            "SELECT domain_id, name, comments, defaultconfig, crawlertraps FROM domains"
                + " WHERE domain_id > ? ORDER BY domain_id LIMIT ?")) {
      select.setLong(1, after);
      select.setInt(2, chunkSize);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          base.put(
              rows.getLong(1),
              new Object[] {
                rows.getString(2), rows.getString(3), rows.getLong(4), rows.getString(5)
              });
        }
      }
    }
    if (base.isEmpty()) {
      return List.of();
    }
    long first = base.keySet().iterator().next();
    long last = first;
    for (long id : base.keySet()) {
      last = id;
    }
    return assemble(base, first, last, eav);
  }

  private List<Domain> assemble(Map<Long, Object[]> base, long first, long last, boolean eav)
      throws SQLException {
    Map<Long, List<SeedList>> seedLists = new HashMap<>();
    range(
        "SELECT domain_id, seedlist_id, name, comments, seeds FROM seedlists"
            + " WHERE domain_id BETWEEN ? AND ? ORDER BY seedlist_id",
        first,
        last,
        rows ->
            seedLists
                .computeIfAbsent(rows.getLong(1), id -> new ArrayList<>())
                .add(
                    new SeedList(
                        rows.getLong(2), rows.getString(3), rows.getString(4), rows.getString(5))));
    Map<Long, List<OwnerInfo>> ownerInfo = new HashMap<>();
    if (Boolean.TRUE.equals(ownerInfoTable)) {
      range(
          "SELECT domain_id, ownerinfo_id, created, info FROM ownerinfo"
              + " WHERE domain_id BETWEEN ? AND ? ORDER BY created, ownerinfo_id",
          first,
          last,
          rows ->
              ownerInfo
                  .computeIfAbsent(rows.getLong(1), id -> new ArrayList<>())
                  .add(new OwnerInfo(rows.getLong(2), local(rows, 3), rows.getString(4))));
    }
    Map<Long, List<Password>> passwords = new HashMap<>();
    range(
        "SELECT domain_id, password_id, name, comments, url, realm, username, password"
            + " FROM passwords WHERE domain_id BETWEEN ? AND ? ORDER BY password_id",
        first,
        last,
        rows ->
            passwords
                .computeIfAbsent(rows.getLong(1), id -> new ArrayList<>())
                .add(
                    new Password(
                        rows.getLong(2),
                        rows.getString(3),
                        rows.getString(4),
                        rows.getString(5),
                        rows.getString(6),
                        rows.getString(7),
                        rows.getString(8))));
    Map<Long, List<Long>> configSeedLists = new HashMap<>();
    range(
        "SELECT cs.config_id, cs.seedlist_id FROM config_seedlists cs"
            + " JOIN configurations c ON c.config_id = cs.config_id"
            + " WHERE c.domain_id BETWEEN ? AND ? ORDER BY cs.config_id, cs.seedlist_id",
        first,
        last,
        rows ->
            configSeedLists
                .computeIfAbsent(rows.getLong(1), id -> new ArrayList<>())
                .add(rows.getLong(2)));
    Map<Long, List<Long>> configPasswords = new HashMap<>();
    range(
        "SELECT cp.config_id, cp.password_id FROM config_passwords cp"
            + " JOIN configurations c ON c.config_id = cp.config_id"
            + " WHERE c.domain_id BETWEEN ? AND ? ORDER BY cp.config_id, cp.password_id",
        first,
        last,
        rows ->
            configPasswords
                .computeIfAbsent(rows.getLong(1), id -> new ArrayList<>())
                .add(rows.getLong(2)));
    // NetarchiveSuite's EAV attributes of configurations (tree 2): 1 max hops, 2 honor
    // robots.txt (0 honours it), 3 extract JavaScript.
    Map<Long, Integer[]> attributes = new HashMap<>();
    if (eav) {
      range(
          "SELECT a.entity_id, a.type_id, a.val_int FROM eav_attribute a"
              + " JOIN configurations c ON c.config_id = a.entity_id"
              + " WHERE a.tree_id = 2 AND c.domain_id BETWEEN ? AND ?",
          first,
          last,
          rows -> {
            int type = rows.getInt(2);
            if (type >= 1 && type <= 3 && rows.getObject(3) != null) {
              attributes.computeIfAbsent(rows.getLong(1), id -> new Integer[3])[type - 1] =
                  rows.getInt(3);
            }
          });
    }
    Map<Long, List<Configuration>> configurations = new HashMap<>();
    range(
        "SELECT domain_id, config_id, name, comments, template_id, maxobjects, maxrate, maxbytes"
            + " FROM configurations WHERE domain_id BETWEEN ? AND ? ORDER BY config_id",
        first,
        last,
        rows -> {
          long id = rows.getLong(2);
          Integer[] eavValues = attributes.getOrDefault(id, new Integer[3]);
          configurations
              .computeIfAbsent(rows.getLong(1), d -> new ArrayList<>())
              .add(
                  new Configuration(
                      id,
                      rows.getString(3),
                      rows.getString(4),
                      rows.getLong(5),
                      rows.getLong(6),
                      integer(rows, 7),
                      rows.getLong(8),
                      eavValues[0],
                      eavValues[1] == null ? null : eavValues[1] == 0,
                      eavValues[2] == null ? null : eavValues[2] != 0,
                      configSeedLists.getOrDefault(id, List.of()),
                      configPasswords.getOrDefault(id, List.of())));
        });
    List<Domain> domains = new ArrayList<>(base.size());
    base.forEach(
        (id, row) ->
            domains.add(
                new Domain(
                    id,
                    (String) row[0],
                    (String) row[1],
                    (Long) row[2],
                    (String) row[3],
                    configurations.getOrDefault(id, List.of()),
                    seedLists.getOrDefault(id, List.of()),
                    passwords.getOrDefault(id, List.of()),
                    ownerInfo.getOrDefault(id, List.of()))));
    return domains;
  }

  /** The aliases, each domain that is an alias with the domain it is an alias of. */
  public List<Alias> aliases() throws SQLException {
    List<Alias> aliases = new ArrayList<>();
    query(
        "SELECT d.name, a.name, d.lastaliasupdate FROM domains d"
            + " JOIN domains a ON a.domain_id = d.alias ORDER BY d.domain_id",
        rows -> aliases.add(new Alias(rows.getString(1), rows.getString(2), local(rows, 3))));
    return aliases;
  }

  /** Streams the historyinfo rows in id order, {@code chunkSize} at a time. */
  public void history(int chunkSize, ChunkConsumer<History> consumer) throws SQLException {
    long after = Long.MIN_VALUE;
    while (true) {
      List<History> chunk = history(after, chunkSize);
      if (chunk.isEmpty()) {
        return;
      }
      after = chunk.get(chunk.size() - 1).id();
      consumer.accept(chunk);
    }
  }

  /**
   * The next {@code chunkSize} historyinfo rows in id order after the id {@code after} (a keyset
   * position, as for {@link #domains(long, int)}); empty at the end.
   */
  public List<History> history(long after, int chunkSize) throws SQLException {
    List<History> chunk = new ArrayList<>(chunkSize);
    try (PreparedStatement select =
        connection.prepareStatement(
            "SELECT h.historyinfo_id, d.name, c.name, hd.name, h.job_id, h.harvest_time,"
                + " h.objectcount, h.bytecount, h.stopreason FROM historyinfo h"
                + " LEFT JOIN configurations c ON c.config_id = h.config_id"
                + " LEFT JOIN domains d ON d.domain_id = c.domain_id"
                + " LEFT JOIN harvestdefinitions hd ON hd.harvest_id = h.harvest_id"
                + " WHERE h.historyinfo_id > ? ORDER BY h.historyinfo_id LIMIT ?")) {
      select.setLong(1, after);
      select.setInt(2, chunkSize);
      select.setFetchSize(FETCH_SIZE);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          chunk.add(
              new History(
                  rows.getLong(1),
                  rows.getString(2),
                  rows.getString(3),
                  rows.getString(4),
                  rows.getObject(5) == null ? null : rows.getLong(5),
                  local(rows, 6),
                  rows.getLong(7),
                  rows.getLong(8),
                  rows.getInt(9)));
        }
      }
    }
    return chunk;
  }

  /** An owner information entry of a domain (ownerinfo), when it was written and what. */
  public record OwnerInfo(long id, LocalDateTime created, String info) {}

  /** Takes one chunk of rows. */
  @FunctionalInterface
  public interface ChunkConsumer<T> {
    void accept(List<T> chunk) throws SQLException;
  }

  @FunctionalInterface
  private interface RowReader {
    void read(ResultSet rows) throws SQLException;
  }

  private boolean hasColumn(String table, String column) throws SQLException {
    try (ResultSet rows = connection.getMetaData().getColumns(null, null, table, column)) {
      return rows.next();
    }
  }

  private void query(String sql, RowReader reader) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(sql)) {
      select.setFetchSize(FETCH_SIZE);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          reader.read(rows);
        }
      }
    }
  }

  private void range(String sql, long first, long last, RowReader reader) throws SQLException {
    try (PreparedStatement select = connection.prepareStatement(sql)) {
      select.setLong(1, first);
      select.setLong(2, last);
      select.setFetchSize(FETCH_SIZE);
      try (ResultSet rows = select.executeQuery()) {
        while (rows.next()) {
          reader.read(rows);
        }
      }
    }
  }

  private static Integer integer(ResultSet rows, int column) throws SQLException {
    int value = rows.getInt(column);
    return rows.wasNull() ? null : value;
  }

  /** A timestamp without zone, as NetarchiveSuite stores them (in its server's local time). */
  private static LocalDateTime local(ResultSet rows, int column) throws SQLException {
    return rows.getObject(column, LocalDateTime.class);
  }

  @Override
  public void close() {
    database.close();
  }
}
