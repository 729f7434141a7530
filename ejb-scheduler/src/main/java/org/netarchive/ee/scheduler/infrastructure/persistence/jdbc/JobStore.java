package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.job.JobCandidate;
import org.netarchive.ee.scheduler.domain.model.job.JobDocument;
import org.netarchive.ee.scheduler.domain.model.job.JobDomain;
import org.netarchive.ee.scheduler.infrastructure.persistence.flyway.SchemaMigration;

/**
 * Stores the jobs a split makes (with plain JDBC: a snapshot makes hundreds of jobs with millions
 * of domains) and reads what a job harvests.
 *
 * <p>Every method uses the caller's transaction: the split-harvest job stores a job and its
 * progress in the chunk's transaction, so a crash leaves either both or neither.
 */
@ApplicationScoped
public class JobStore {

  /**
   * What the split knows of a job when it stores it. Eleven of its components are ids and limits
   * side by side, so it is made with {@link #builder()}, which names each one where it is set.
   */
  public record NewJob(
      long harvestId,
      long splitId,
      int harvestRun,
      HarvestKind kind,
      long channelId,
      long templateVersionId,
      long maxBytesPerDomain,
      boolean byteLimitByHarvest,
      long harvestMaxObjects,
      long harvestMaxBytes,
      long maxRunningSeconds,
      List<String> globalCrawlerTraps,
      long totalExpectedObjects,
      String closedBy,
      List<JobDomain> domains) {

    /** A builder with no domains and no global crawler traps, everything else to be set. */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds a {@link NewJob}, one named setter per component or pair of components. */
    public static final class Builder {
      private long harvestId;
      private long splitId;
      private int harvestRun;
      private HarvestKind kind;
      private long channelId;
      private long templateVersionId;
      private long maxBytesPerDomain;
      private boolean byteLimitByHarvest;
      private long harvestMaxObjects;
      private long harvestMaxBytes;
      private long maxRunningSeconds;
      private List<String> globalCrawlerTraps = List.of();
      private long totalExpectedObjects;
      private String closedBy;
      private List<JobDomain> domains = List.of();

      private Builder() {}

      /** The harvest definition, its run and kind, and the split that makes the job. */
      public Builder harvest(long harvestId, int harvestRun, HarvestKind kind) {
        this.harvestId = harvestId;
        this.harvestRun = harvestRun;
        this.kind = kind;
        return this;
      }

      public Builder splitId(long splitId) {
        this.splitId = splitId;
        return this;
      }

      public Builder channelId(long channelId) {
        this.channelId = channelId;
        return this;
      }

      public Builder templateVersionId(long templateVersionId) {
        this.templateVersionId = templateVersionId;
        return this;
      }

      /** The job's byte limit per domain, and whether the harvest's limit set it. */
      public Builder maxBytesPerDomain(long maxBytesPerDomain, boolean setByHarvest) {
        this.maxBytesPerDomain = maxBytesPerDomain;
        this.byteLimitByHarvest = setByHarvest;
        return this;
      }

      public Builder harvestMaxObjects(long harvestMaxObjects) {
        this.harvestMaxObjects = harvestMaxObjects;
        return this;
      }

      public Builder harvestMaxBytes(long harvestMaxBytes) {
        this.harvestMaxBytes = harvestMaxBytes;
        return this;
      }

      public Builder maxRunningSeconds(long maxRunningSeconds) {
        this.maxRunningSeconds = maxRunningSeconds;
        return this;
      }

      public Builder globalCrawlerTraps(List<String> globalCrawlerTraps) {
        this.globalCrawlerTraps = globalCrawlerTraps;
        return this;
      }

      public Builder totalExpectedObjects(long totalExpectedObjects) {
        this.totalExpectedObjects = totalExpectedObjects;
        return this;
      }

      /** Why the job was closed: the packing check the next configuration failed, or END. */
      public Builder closedBy(String closedBy) {
        this.closedBy = closedBy;
        return this;
      }

      public Builder domains(List<JobDomain> domains) {
        this.domains = domains;
        return this;
      }

      public NewJob build() {
        return new NewJob(
            harvestId,
            splitId,
            harvestRun,
            kind,
            channelId,
            templateVersionId,
            maxBytesPerDomain,
            byteLimitByHarvest,
            harvestMaxObjects,
            harvestMaxBytes,
            maxRunningSeconds,
            globalCrawlerTraps,
            totalExpectedObjects,
            closedBy,
            domains);
      }
    }
  }

  @Resource(lookup = SchemaMigration.DATASOURCE)
  private DataSource dataSource;

  /**
   * Stores a new job (status NEW) and what it harvests.
   *
   * @return the job's id
   */
  public long insert(NewJob job, Instant now) throws SQLException {
    StringBuilder document = new StringBuilder(job.domains().size() * 120);
    for (JobDomain domain : job.domains()) {
      JobDocument.append(document, domain);
    }
    try (Connection connection = dataSource.getConnection()) {
      long id = SequenceBlocks.next(connection, "harvest_job_seq", 1)[0];
      try (PreparedStatement s =
          connection.prepareStatement(
              "INSERT INTO harvest_job (id, harvest_id, split_id, harvest_run, kind, channel_id,"
                  + " status, template_version_id, max_bytes_per_domain, byte_limit_by_harvest,"
                  + " harvest_max_objects, harvest_max_bytes, max_running_seconds,"
                  + " global_crawler_traps, configuration_count, total_expected_objects,"
                  + " closed_by, configurations_job_id, created_at, version)"
                  + " VALUES (?, ?, ?, ?, ?, ?, 'NEW', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)")) {
        int i = 1;
        s.setLong(i++, id);
        s.setLong(i++, job.harvestId());
        s.setLong(i++, job.splitId());
        s.setInt(i++, job.harvestRun());
        s.setString(i++, job.kind().name());
        s.setLong(i++, job.channelId());
        s.setLong(i++, job.templateVersionId());
        s.setLong(i++, job.maxBytesPerDomain());
        s.setBoolean(i++, job.byteLimitByHarvest());
        s.setLong(i++, job.harvestMaxObjects());
        s.setLong(i++, job.harvestMaxBytes());
        s.setLong(i++, job.maxRunningSeconds());
        s.setString(i++, String.join("\n", job.globalCrawlerTraps()));
        s.setInt(i++, job.domains().size());
        s.setLong(i++, job.totalExpectedObjects());
        s.setString(i++, job.closedBy());
        s.setLong(i++, id);
        s.setTimestamp(i++, Timestamp.from(now));
        s.executeUpdate();
      }
      try (PreparedStatement s =
          connection.prepareStatement(
              "INSERT INTO harvest_job_part (job_id, part_number, content) VALUES (?, ?, ?)")) {
        List<String> parts = JobDocument.parts(document);
        for (int p = 0; p < parts.size(); p++) {
          s.setLong(1, id);
          s.setInt(2, p);
          s.setString(3, parts.get(p));
          s.addBatch();
        }
        s.executeBatch();
      }
      return id;
    }
  }

  /**
   * Records how far a split has got, in the transaction that stored its jobs.
   *
   * @param lastPlaced the last configuration placed in a stored job (the resume point), or null
   */
  public void recordProgress(
      long splitId, long estimated, long placed, int jobsMade, JobCandidate lastPlaced, Instant now)
      throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement s =
            connection.prepareStatement(
                "UPDATE harvest_split SET estimated = ?, placed = ?, jobs_made = ?,"
                    + " packed_template_id = ?, packed_max_bytes = ?, packed_expected = ?,"
                    + " packed_configuration_id = ?, progress_at = ? WHERE id = ?")) {
      s.setLong(1, estimated);
      s.setLong(2, placed);
      s.setInt(3, jobsMade);
      if (lastPlaced == null) {
        for (int i = 4; i <= 7; i++) {
          s.setNull(i, java.sql.Types.BIGINT);
        }
      } else {
        s.setLong(4, lastPlaced.templateId());
        s.setLong(5, lastPlaced.maxBytes());
        s.setLong(6, lastPlaced.expectedObjects());
        s.setLong(7, lastPlaced.configurationId());
      }
      s.setTimestamp(8, Timestamp.from(now));
      s.setLong(9, splitId);
      s.executeUpdate();
    }
  }

  /** How far a split had got: the resume point of its packing step. */
  public record Progress(long placed, int jobsMade, Optional<JobCandidate> lastPlaced) {}

  public Progress progress(long splitId) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement s =
            connection.prepareStatement(
                "SELECT placed, jobs_made, packed_template_id, packed_max_bytes, packed_expected,"
                    + " packed_configuration_id FROM harvest_split WHERE id = ?")) {
      s.setLong(1, splitId);
      try (ResultSet rs = s.executeQuery()) {
        if (!rs.next()) {
          throw new IllegalArgumentException("No harvest split with id " + splitId);
        }
        long configuration = rs.getLong(6);
        Optional<JobCandidate> last =
            rs.wasNull()
                ? Optional.empty()
                : Optional.of(
                    new JobCandidate(
                        configuration,
                        1,
                        "resume-point",
                        rs.getLong(3),
                        rs.getLong(4),
                        rs.getLong(5)));
        return new Progress(rs.getLong(1), rs.getInt(2), last);
      }
    }
  }

  /** The latest version of each template: the text a job made now is made from. */
  public long latestTemplateVersion(long templateId) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement s =
            connection.prepareStatement(
                "SELECT id FROM harvest_template_version WHERE template_id = ?"
                    + " ORDER BY version_number DESC FETCH FIRST 1 ROWS ONLY")) {
      s.setLong(1, templateId);
      try (ResultSet rs = s.executeQuery()) {
        if (!rs.next()) {
          throw new IllegalStateException("Harvest template " + templateId + " has no version");
        }
        return rs.getLong(1);
      }
    }
  }

  /** The expressions of the active global crawler trap lists, each once. */
  public List<String> activeGlobalCrawlerTraps() throws SQLException {
    Set<String> traps = new LinkedHashSet<>();
    try (Connection connection = dataSource.getConnection();
        PreparedStatement s =
            connection.prepareStatement(
                "SELECT t.expression FROM global_crawler_trap t"
                    + " JOIN global_crawler_trap_list l ON l.id = t.list_id"
                    + " WHERE l.active ORDER BY l.id, t.position");
        ResultSet rs = s.executeQuery()) {
      while (rs.next()) {
        traps.add(rs.getString(1));
      }
    }
    return List.copyOf(traps);
  }

  /** The domains a job harvests, in the order they were placed. */
  public List<JobDomain> domains(long configurationsJobId) throws SQLException {
    List<String> parts = new ArrayList<>();
    try (Connection connection = dataSource.getConnection();
        PreparedStatement s =
            connection.prepareStatement(
                "SELECT content FROM harvest_job_part WHERE job_id = ? ORDER BY part_number")) {
      s.setLong(1, configurationsJobId);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          parts.add(rs.getString(1));
        }
      }
    }
    return JobDocument.read(parts);
  }

  /** A new job id, for a job made outside a split (a resubmitted copy). */
  public long nextJobId() throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      return SequenceBlocks.next(connection, "harvest_job_seq", 1)[0];
    }
  }

  /** Removes the jobs of a split (one that failed; its jobs were never dispatched). */
  public int deleteJobsOf(long splitId) throws SQLException {
    try (Connection connection = dataSource.getConnection();
        PreparedStatement s =
            connection.prepareStatement("DELETE FROM harvest_job WHERE split_id = ?")) {
      s.setLong(1, splitId);
      return s.executeUpdate();
    }
  }
}
