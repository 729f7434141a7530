package org.netarchive.ee.scheduler.application.history;

import java.time.Instant;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;

/**
 * What one job harvested of one of a domain's configurations, for the UI and the API.
 *
 * @param configuration the name of the domain's configuration
 * @param harvest the harvest's name: of this system, or of the earlier system it was imported from
 * @param job the job's number: of this system, or of the earlier system
 * @param imported whether the entry comes from an earlier system's history
 * @param startedAt when the job started
 * @param objects objects harvested
 * @param bytes bytes harvested
 * @param stopReason why the harvest of the domain stopped
 * @param duplicateObjects of the objects, those found unchanged in the deduplication index and
 *     archived as revisit records
 * @param duplicateBytes their content bytes, not archived again
 */
public record HistoryEntryView(
    String configuration,
    String harvest,
    long job,
    boolean imported,
    Instant startedAt,
    long objects,
    long bytes,
    StopReason stopReason,
    long duplicateObjects,
    long duplicateBytes) {}
