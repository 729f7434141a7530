package org.netarchive.ee.scheduler.application.job;

import java.time.Instant;

/**
 * A notification as recorded, with what became of its mail and its webhook call: {@code NONE} (not
 * configured), {@code SENDING}, {@code SENT} or {@code FAILED} with the reason.
 */
public record NotificationRecord(
    long id,
    Instant at,
    String kind,
    String subject,
    String text,
    String mailStatus,
    String mailError,
    String webhookStatus,
    String webhookError) {}
