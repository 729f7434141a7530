package org.netarchive.ee.scheduler.domain.model.history;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One entry of the harvest history: what one job harvested of one domain configuration. It comes
 * either from a job of this system (with the job's harvest) or from an earlier system's history
 * (with that system's harvest name and job number, which are no ids here).
 *
 * <p>Entries are written once and never changed, so they carry no version. They refer to domains,
 * configurations and harvests by id: there are millions of entries, written in batches.
 */
@Entity
@Table(name = "harvest_history")
@NamedQuery(
    name = "HarvestHistory.forConfiguration",
    query =
        "SELECT h FROM HarvestHistory h WHERE h.configurationId = :configurationId"
            + " ORDER BY h.startedAt DESC, h.id DESC")
@NamedQuery(
    name = "HarvestHistory.forDomain",
    query =
        "SELECT h FROM HarvestHistory h WHERE h.domainId = :domainId"
            + " ORDER BY h.startedAt DESC, h.id DESC")
@NamedQuery(
    name = "HarvestHistory.forJob",
    query = "SELECT h FROM HarvestHistory h WHERE h.jobId = :job")
@NamedQuery(
    name = "HarvestHistory.latestJobPerDomain",
    query =
        "SELECT MAX(h.jobId) FROM HarvestHistory h WHERE h.domainId IN :domains"
            + " AND h.jobId IS NOT NULL AND h.jobId <> :except GROUP BY h.domainId")
@NamedQuery(
    name = "HarvestHistory.countForDomain",
    query = "SELECT COUNT(h) FROM HarvestHistory h WHERE h.domainId = :domainId")
public class HarvestHistory {

  /** The longest name of a harvest of an earlier system. */
  public static final int MAX_IMPORTED_HARVEST_NAME_LENGTH = 256;

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "harvest_history_seq")
  @SequenceGenerator(
      name = "harvest_history_seq",
      sequenceName = "harvest_history_seq",
      allocationSize = 50)
  private Long id;

  @Column(name = "domain_id", nullable = false, updatable = false)
  private long domainId;

  @Column(name = "configuration_id", nullable = false, updatable = false)
  private long configurationId;

  @Column(name = "harvest_id", updatable = false)
  private Long harvestId;

  @Column(name = "job_id", updatable = false)
  private Long jobId;

  @Column(
      name = "imported_harvest_name",
      updatable = false,
      length = MAX_IMPORTED_HARVEST_NAME_LENGTH)
  private String importedHarvestName;

  @Column(name = "imported_job_id", updatable = false)
  private Long importedJobId;

  @Column(name = "started_at", nullable = false, updatable = false)
  private Instant startedAt;

  @Column(name = "objects", nullable = false, updatable = false)
  private long objects;

  @Column(name = "bytes", nullable = false, updatable = false)
  private long bytes;

  @Column(name = "duplicate_objects", nullable = false, updatable = false)
  private long duplicateObjects;

  @Column(name = "duplicate_bytes", nullable = false, updatable = false)
  private long duplicateBytes;

  @Enumerated(EnumType.STRING)
  @Column(name = "stop_reason", nullable = false, updatable = false, length = 32)
  private StopReason stopReason;

  protected HarvestHistory() {}

  private HarvestHistory(
      long domainId,
      long configurationId,
      Instant startedAt,
      long objects,
      long bytes,
      StopReason stopReason) {
    String what = "Harvest history of configuration " + configurationId;
    positive(what, "domain id", domainId);
    positive(what, "configuration id", configurationId);
    if (objects < 0 || bytes < 0) {
      throw new IllegalArgumentException(
          what + ": objects and bytes must be 0 or more, not " + objects + " and " + bytes);
    }
    this.domainId = domainId;
    this.configurationId = configurationId;
    this.startedAt = Objects.requireNonNull(startedAt, "startedAt");
    this.objects = objects;
    this.bytes = bytes;
    this.stopReason = Objects.requireNonNull(stopReason, "stopReason");
  }

  /**
   * What a job of this system harvested of a configuration.
   *
   * @throws IllegalArgumentException if an id is not positive, or objects or bytes are negative
   */
  public static HarvestHistory ofJob(
      long domainId,
      long configurationId,
      long harvestId,
      long jobId,
      Instant startedAt,
      long objects,
      long bytes,
      StopReason stopReason) {
    HarvestHistory entry =
        new HarvestHistory(domainId, configurationId, startedAt, objects, bytes, stopReason);
    String what = "Harvest history of configuration " + configurationId;
    positive(what, "harvest id", harvestId);
    positive(what, "job id", jobId);
    entry.harvestId = harvestId;
    entry.jobId = jobId;
    return entry;
  }

  /**
   * What a job of an earlier system harvested of a configuration that exists here.
   *
   * @param harvestName the earlier system's name of the harvest
   * @param jobNumber the earlier system's job number
   * @throws IllegalArgumentException if the harvest name is blank or too long, a number is not
   *     positive, or objects or bytes are negative
   */
  public static HarvestHistory imported(
      long domainId,
      long configurationId,
      String harvestName,
      long jobNumber,
      Instant startedAt,
      long objects,
      long bytes,
      StopReason stopReason) {
    HarvestHistory entry =
        new HarvestHistory(domainId, configurationId, startedAt, objects, bytes, stopReason);
    String what = "Harvest history of configuration " + configurationId;
    entry.importedHarvestName = validImportedHarvestName(harvestName);
    positive(what, "job number", jobNumber);
    entry.importedJobId = jobNumber;
    return entry;
  }

  /**
   * The form an earlier system's harvest name is stored in: without surrounding blanks, 1 to 256
   * characters, no control characters.
   *
   * @throws IllegalArgumentException naming the value and the rule
   */
  public static String validImportedHarvestName(String name) {
    String stripped = name == null ? "" : name.strip();
    if (stripped.isEmpty()
        || stripped.length() > MAX_IMPORTED_HARVEST_NAME_LENGTH
        || stripped.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(
          "Harvest name "
              + (name == null ? "null" : "'" + name + "'")
              + " is not valid: use 1 to "
              + MAX_IMPORTED_HARVEST_NAME_LENGTH
              + " characters without tabs or line breaks");
    }
    return stripped;
  }

  private static void positive(String what, String field, long value) {
    if (value < 1) {
      throw new IllegalArgumentException(
          what + ": the " + field + " must be 1 or more, not " + value);
    }
  }

  /** The database id; {@code null} until the entry is stored. */
  public Long id() {
    return id;
  }

  public long domainId() {
    return domainId;
  }

  public long configurationId() {
    return configurationId;
  }

  /** Whether the entry comes from an earlier system. */
  public boolean isImported() {
    return importedHarvestName != null;
  }

  /** The harvest of this system the job belonged to; empty for imported entries. */
  public OptionalLong harvestId() {
    return harvestId == null ? OptionalLong.empty() : OptionalLong.of(harvestId);
  }

  /** The job of this system; empty for imported entries. */
  public OptionalLong jobId() {
    return jobId == null ? OptionalLong.empty() : OptionalLong.of(jobId);
  }

  /** The earlier system's harvest name; empty for entries of this system. */
  public Optional<String> importedHarvestName() {
    return Optional.ofNullable(importedHarvestName);
  }

  /** The earlier system's job number; empty for entries of this system. */
  public OptionalLong importedJobId() {
    return importedJobId == null ? OptionalLong.empty() : OptionalLong.of(importedJobId);
  }

  /** When the job started harvesting. */
  public Instant startedAt() {
    return startedAt;
  }

  public long objects() {
    return objects;
  }

  public long bytes() {
    return bytes;
  }

  /**
   * Records how much of what the job harvested it found unchanged in its deduplication index and
   * archived as revisit records instead of content. Only before the entry is stored.
   *
   * @param objects the objects archived as revisits
   * @param bytes their content bytes
   * @return this entry
   * @throws IllegalArgumentException if a count is negative or more than was harvested
   */
  public HarvestHistory deduplicated(long objects, long bytes) {
    if (objects < 0 || bytes < 0 || objects > this.objects || bytes > this.bytes) {
      throw new IllegalArgumentException(
          "Harvest history of configuration "
              + configurationId
              + ": duplicates must be between 0 and what was harvested ("
              + this.objects
              + " objects, "
              + this.bytes
              + " bytes), not "
              + objects
              + " objects and "
              + bytes
              + " bytes");
    }
    this.duplicateObjects = objects;
    this.duplicateBytes = bytes;
    return this;
  }

  /**
   * The objects archived as revisit records (0 without deduplication).
   *
   * @return the count
   */
  public long duplicateObjects() {
    return duplicateObjects;
  }

  /**
   * The content bytes of the objects archived as revisit records.
   *
   * @return the bytes
   */
  public long duplicateBytes() {
    return duplicateBytes;
  }

  public StopReason stopReason() {
    return stopReason;
  }

  @Override
  public String toString() {
    return "HarvestHistory[configuration="
        + configurationId
        + (isImported()
            ? ", imported harvest=" + importedHarvestName + ", job=" + importedJobId
            : ", harvest=" + harvestId + ", job=" + jobId)
        + ", objects="
        + objects
        + ", bytes="
        + bytes
        + ", "
        + stopReason
        + "]";
  }
}
