package org.netarchive.ee.scheduler.application.imports;

import java.time.Instant;

/**
 * An import of a NetarchiveSuite harvest database in a list of imports: what and how it imported,
 * where it stands and how many source rows it did not take ({@link NasImportStatus} has its
 * report).
 *
 * @param sourceUrl the source database's JDBC URL (never with a password)
 * @param state RUNNING, DONE or FAILED
 * @param phase what it is doing now, {@code done} at the end
 * @param problemCount the source rows not taken, and notes about them
 */
public record NasImportSummary(
    long id,
    String sourceUrl,
    String sourceUser,
    boolean dryRun,
    String state,
    String phase,
    long problemCount,
    Instant startedAt,
    String startedBy,
    Instant finishedAt) {}
