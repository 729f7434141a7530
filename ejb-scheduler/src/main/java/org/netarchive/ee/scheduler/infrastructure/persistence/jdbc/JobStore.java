package org.netarchive.ee.scheduler.infrastructure.persistence.jdbc;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.netarchive.ee.common.jdbc.Sql;
import org.netarchive.ee.scheduler.domain.model.HarvestKind;
import org.netarchive.ee.scheduler.domain.model.job.HarvestLimits;
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
   * What the split knows of a job when it stores it. Nine of its components are ids and limits side
   * by side, so it is made with {@link #builder()}, which names each one where it is set.
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
      HarvestLimits limits,
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
      private HarvestLimits limits;
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

      /** The limits of the harvest run, as the split took them. */
      public Builder limits(HarvestLimits limits) {
        this.limits = limits;
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
            limits,
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
      Sql.update(
          connection,
          "INSERT INTO harvest_job (id, harvest_id, split_id, harvest_run, kind, channel_id,"
              + " status, template_version_id, max_bytes_per_domain, byte_limit_by_harvest,"
              + " harvest_max_objects, harvest_max_bytes, max_running_seconds,"
              + " global_crawler_traps, configuration_count, total_expected_objects,"
              + " closed_by, configurations_job_id, created_at, version)"
              + " VALUES (?, ?, ?, ?, ?, ?, 'NEW', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
          id,
          job.harvestId(),
          job.splitId(),
          job.harvestRun(),
          job.kind().name(),
          job.channelId(),
          job.templateVersionId(),
          job.maxBytesPerDomain(),
          job.byteLimitByHarvest(),
          job.limits().harvestMaxObjects(),
          job.limits().harvestMaxBytes(),
          job.limits().maxRunningSeconds(),
          String.join("\n", job.globalCrawlerTraps()),
          job.domains().size(),
          job.totalExpectedObjects(),
          job.closedBy(),
          id,
          now);
      List<String> parts = JobDocument.parts(document);
      Sql.batch(
          connection,
          "INSERT INTO harvest_job_part (job_id, part_number, content) VALUES (?, ?, ?)",
          IntStream.range(0, parts.size()).boxed().toList(),
          p -> new Object[] {id, p, parts.get(p)});
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
    Object none = Sql.nullOf(Types.BIGINT);
    try (Connection connection = dataSource.getConnection()) {
      Sql.update(
          connection,
          "UPDATE harvest_split SET estimated = ?, placed = ?, jobs_made = ?,"
              + " packed_template_id = ?, packed_max_bytes = ?, packed_expected = ?,"
              + " packed_configuration_id = ?, progress_at = ? WHERE id = ?",
          estimated,
          placed,
          jobsMade,
          lastPlaced == null ? none : lastPlaced.templateId(),
          lastPlaced == null ? none : lastPlaced.maxBytes(),
          lastPlaced == null ? none : lastPlaced.expectedObjects(),
          lastPlaced == null ? none : lastPlaced.configurationId(),
          now,
          splitId);
    }
  }

  /** How far a split had got: the resume point of its packing step. */
  public record Progress(long placed, int jobsMade, Optional<JobCandidate> lastPlaced) {}

  public Progress progress(long splitId) throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      return Sql.first(
              connection,
              "SELECT placed, jobs_made, packed_template_id, packed_max_bytes, packed_expected,"
                  + " packed_configuration_id FROM harvest_split WHERE id = ?",
              rs -> {
                Long configuration = Sql.nullableLong(rs, 6);
                Optional<JobCandidate> last =
                    configuration == null
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
              },
              splitId)
          .orElseThrow(() -> new IllegalArgumentException("No harvest split with id " + splitId));
    }
  }

  /** The latest version of each template: the text a job made now is made from. */
  public long latestTemplateVersion(long templateId) throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      return Sql.first(
              connection,
              "SELECT id FROM harvest_template_version WHERE template_id = ?"
                  + " ORDER BY version_number DESC FETCH FIRST 1 ROWS ONLY",
              rs -> rs.getLong(1),
              templateId)
          .orElseThrow(
              () ->
                  new IllegalStateException("Harvest template " + templateId + " has no version"));
    }
  }

  /** The expressions of the active global crawler trap lists, each once. */
  public List<String> activeGlobalCrawlerTraps() throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      return List.copyOf(
          new LinkedHashSet<>(
              Sql.list(
                  connection,
                  "SELECT t.expression FROM global_crawler_trap t"
                      + " JOIN global_crawler_trap_list l ON l.id = t.list_id"
                      + " WHERE l.active ORDER BY l.id, t.position",
                  rs -> rs.getString(1))));
    }
  }

  /** The domains a job harvests, in the order they were placed. */
  public List<JobDomain> domains(long configurationsJobId) throws SQLException {
    List<String> parts;
    try (Connection connection = dataSource.getConnection()) {
      parts =
          Sql.list(
              connection,
              "SELECT content FROM harvest_job_part WHERE job_id = ? ORDER BY part_number",
              rs -> rs.getString(1),
              configurationsJobId);
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
    try (Connection connection = dataSource.getConnection()) {
      return Sql.update(connection, "DELETE FROM harvest_job WHERE split_id = ?", splitId);
    }
  }
}
