package org.netarchive.ee.scheduler.application.domain;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.netarchive.ee.scheduler.domain.model.domain.BulkCreationReport;
import org.netarchive.ee.scheduler.domain.model.domain.BulkCreationReport.Problem;
import org.netarchive.ee.scheduler.domain.model.domain.CrawlSettings;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;
import org.netarchive.ee.scheduler.domain.model.domain.DomainRepository;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.DomainBulkInserts;
import org.netarchive.ee.scheduler.infrastructure.persistence.jdbc.DomainBulkRuns;

/**
 * Bulk creation of domains from a list, for the create-domains batch job: which names exist, the
 * new domains, and each run's bookkeeping (counts and refused lines) and report.
 *
 * <p>A CDI bean, not an EJB: every method runs in the caller's transaction (the batch chunk's), so
 * a chunk's domains and its bookkeeping commit together, and exceptions reach the batch runtime as
 * they are thrown.
 */
@ApplicationScoped
public class DomainBulkCreationRuns {

  /** Reason text of a line that named an existing domain. */
  public static final String EXISTS = DomainBulkRuns.EXISTS;

  /** Reason text of a line that repeats an earlier line of the list. */
  public static final String REPEATED = DomainBulkRuns.REPEATED;

  @Inject private DomainRepository domains;
  @Inject private DomainBulkInserts inserts;
  @Inject private DomainBulkRuns runs;

  /** Records a new run (idempotent: a restarted job instance keeps its row). */
  public void start(
      long jobInstanceId, String sourceName, long totalLines, String startedBy, Instant now)
      throws SQLException {
    runs.start(jobInstanceId, sourceName, totalLines, startedBy, now);
  }

  /** Which of these ASCII names are domains already. */
  public Set<String> existingNames(Collection<String> asciiNames) {
    return domains.existingNames(asciiNames);
  }

  /**
   * Creates the domains, each with its default configuration and seed list.
   *
   * @return the new domains' ids, in the order of {@code names}
   */
  public long[] create(List<DomainName> names, long templateId, CrawlSettings settings, Instant now)
      throws SQLException {
    return inserts.insert(names, templateId, settings, now);
  }

  /** Adds one chunk's outcome to the run. */
  public void recordChunk(
      long jobInstanceId, long lastLine, int created, int alreadyExisting, List<Problem> problems)
      throws SQLException {
    runs.recordChunk(jobInstanceId, lastLine, created, alreadyExisting, problems);
  }

  /** The report of a run with at most {@code maxProblems} problems, in line order. */
  public Optional<BulkCreationReport> report(long jobInstanceId, int maxProblems)
      throws SQLException {
    return runs.report(jobInstanceId, maxProblems);
  }
}
