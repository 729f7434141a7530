package org.netarchive.ee.scheduler.domain.model.job;

import java.time.Instant;
import java.util.Objects;
import org.netarchive.ee.scheduler.domain.model.history.HarvestHistory;
import org.netarchive.ee.scheduler.domain.model.history.StopReason;

/**
 * What one earlier harvest got of a domain configuration: the part of the harvest history the
 * estimate needs.
 *
 * @param objects objects harvested, 0 or more
 * @param bytes bytes harvested, 0 or more
 * @param stopReason why the harvest of the domain stopped
 * @param startedAt when the job started
 */
public record PastHarvest(long objects, long bytes, StopReason stopReason, Instant startedAt) {

  public PastHarvest {
    Limits.requireCount("Objects of a past harvest", objects);
    Limits.requireCount("Bytes of a past harvest", bytes);
    Objects.requireNonNull(stopReason, "stopReason");
    Objects.requireNonNull(startedAt, "startedAt");
  }

  /** The figures of one history entry. */
  public static PastHarvest of(HarvestHistory entry) {
    return new PastHarvest(entry.objects(), entry.bytes(), entry.stopReason(), entry.startedAt());
  }

  /** Whether the domain was harvested completely: it stopped with DOWNLOAD_COMPLETE. */
  public boolean isComplete() {
    return stopReason == StopReason.DOWNLOAD_COMPLETE;
  }
}
