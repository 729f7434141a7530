package org.netarchive.ee.archive.application.preservation;

import java.time.Instant;
import org.netarchive.ee.archive.domain.model.preservation.CopyState;

/**
 * What the last audit of a replica found about its copy of a file.
 *
 * @param fileName the file
 * @param replica the replica
 * @param state OK, MISSING, CORRUPT or UNKNOWN_FILE
 * @param checksumFound the checksum computed from the replica's disk, or null if not computed
 * @param checkedAt when an audit last looked at it
 * @param checksumCheckedAt when a checksum audit last computed its checksum, or null
 * @param runId the run that found it
 */
public record CopyCheck(
    String fileName,
    String replica,
    CopyState state,
    String checksumFound,
    Instant checkedAt,
    Instant checksumCheckedAt,
    long runId)
    implements java.io.Serializable {}
