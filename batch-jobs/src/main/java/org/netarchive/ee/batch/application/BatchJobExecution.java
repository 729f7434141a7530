package org.netarchive.ee.batch.application;

import java.time.Instant;

/**
 * One run of a batch job as the UI and API show it.
 *
 * @param executionId the execution's id
 * @param jobName the job, e.g. {@code verify-schema}
 * @param status STARTING, STARTED, STOPPING, STOPPED, FAILED, COMPLETED or ABANDONED
 * @param exitStatus what the job said at the end, or null while it runs
 * @param startTime when it started, or null
 * @param endTime when it ended, or null
 */
public record BatchJobExecution(
    long executionId,
    String jobName,
    String status,
    String exitStatus,
    Instant startTime,
    Instant endTime) {}
