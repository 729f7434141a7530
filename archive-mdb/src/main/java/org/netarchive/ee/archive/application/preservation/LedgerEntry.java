package org.netarchive.ee.archive.application.preservation;

import java.time.Instant;

/**
 * One line of the fixity ledger: an audit run, a finding or an action.
 *
 * @param id the entry's number, increasing
 * @param recordedAt when
 * @param event what, e.g. AUDIT_STARTED, FOUND_CORRUPT, MOVED_TO_ATTIC, VERIFIED
 * @param actor who: an account, or the job ("audit 12")
 * @param runId the audit run it belongs to, or null
 * @param fileName the file, or null for a run's own entries
 * @param replica the replica, or null
 * @param expectedSha512 the checksum the copy should have, or null
 * @param foundSha512 the checksum found, or null
 * @param detail more, in words
 */
public record LedgerEntry(
    long id,
    Instant recordedAt,
    String event,
    String actor,
    Long runId,
    String fileName,
    String replica,
    String expectedSha512,
    String foundSha512,
    String detail)
    implements java.io.Serializable {}
