package org.netarchive.ee.scheduler.application.imports;

import java.time.Instant;
import java.util.List;

/**
 * An import of a NetarchiveSuite harvest database as it stands: its progress, and when it is done
 * its report, the counts per kind of object and the source rows it did not take with the reason.
 *
 * @param sourceUrl the source database's JDBC URL (never with a password)
 * @param state RUNNING, DONE or FAILED
 * @param phase what it is doing now (e.g. {@code domains}), {@code done} at the end
 * @param problemCount how many problems there are; {@code problems} lists the first of them
 * @param resumed how many times the import went on after a stop of the server (the batch job is
 *     started again and goes on from the last chunk it recorded), 0 if never
 * @param resumedAt when it last went on, or {@code null}
 * @param resumedFrom where it last went on, e.g. {@code domains after domain_id 4000}, or {@code
 *     null}
 * @param executionId the batch job execution that runs (or ran) it, or {@code null}
 */
public record NasImportStatus(
    long id,
    String sourceUrl,
    String sourceUser,
    boolean dryRun,
    String state,
    String phase,
    long domainsTotal,
    long domainsDone,
    String failure,
    Instant startedAt,
    String startedBy,
    Instant finishedAt,
    List<KindCount> counts,
    long problemCount,
    List<Problem> problems,
    int resumed,
    Instant resumedAt,
    String resumedFrom,
    Long executionId) {

  /**
   * What became of the source rows of one kind.
   *
   * @param created made by the import (a dry run: would be made)
   * @param existing there already (an earlier import, or made by hand), left as they are
   * @param refused not taken; each is a problem
   */
  public record KindCount(String kind, long created, long existing, long refused) {}

  /** A source row not taken, or a note about one: its table, its key there, and why. */
  public record Problem(String table, String key, String reason) {}
}
