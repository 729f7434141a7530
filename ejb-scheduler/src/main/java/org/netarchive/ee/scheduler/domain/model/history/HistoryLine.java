package org.netarchive.ee.scheduler.domain.model.history;

import java.time.Instant;
import org.netarchive.ee.scheduler.domain.model.domain.DomainName;

/**
 * One line of a harvest history file ({@link HistoryCsv}), read and checked, not yet matched to a
 * configuration.
 *
 * @param domain the domain
 * @param configuration the name of the domain's configuration
 * @param harvest the earlier system's harvest name
 * @param job the earlier system's job number
 * @param started when the job started
 * @param objects objects harvested
 * @param bytes bytes harvested
 * @param stopReason why the harvest of the domain stopped
 */
public record HistoryLine(
    DomainName domain,
    String configuration,
    String harvest,
    long job,
    Instant started,
    long objects,
    long bytes,
    StopReason stopReason) {

  /** Which harvest of which domain the line is about, for messages. */
  String describe() {
    return "domain '" + domain + "' in job " + job + " of harvest '" + harvest + "'";
  }
}
