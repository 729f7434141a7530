package org.netarchive.ee.scheduler.application.fleet;

import java.time.Instant;
import org.netarchive.ee.scheduler.domain.model.fleet.FleetCommand;

/**
 * A command to an agent as the system page and the REST API show it.
 *
 * @param id the command's id
 * @param kind STOP_JOB, PAUSE, RESUME or RELOAD_SETTINGS
 * @param agent the agent's instance name
 * @param jobId the job to stop, or null
 * @param requestedBy who asked
 * @param requestedAt when
 * @param state SENT, ACKNOWLEDGED, REFUSED, DONE or EXPIRED
 * @param detail the agent's answer (what it did, what changed, or why not), or null
 * @param answeredAt when the agent last answered, or null
 * @param timesSent how often the command was published (more than once if unanswered at first)
 */
public record FleetCommandView(
    long id,
    String kind,
    String agent,
    Long jobId,
    String requestedBy,
    Instant requestedAt,
    String state,
    String detail,
    Instant answeredAt,
    int timesSent) {

  static FleetCommandView of(FleetCommand c) {
    return new FleetCommandView(
        c.id(),
        c.kind().name(),
        c.agent(),
        c.jobId().orElse(null),
        c.requestedBy(),
        c.requestedAt(),
        c.state().name(),
        c.detail().orElse(null),
        c.answeredAt().orElse(null),
        c.timesSent());
  }
}
